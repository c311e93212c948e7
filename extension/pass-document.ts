/**
 * "BIR: Show Program After Pass…": the language server prints the program after the passes chosen
 * (`bir/programAfterPasses`); this file only asks and shows. The answer is a read-only document of the `bir-pass`
 * scheme, opened in the diff editor against the source, kept up to date while the source is edited; Go to Definition
 * and "BIR: Go to Source Line" on one of its lines open the source line the server says it came from.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { PassPipeline, PassPipelinesMethod, ProgramAfterPassesMethod, ProgramAfterPassesParams, ProgramAfterPassesResult } from '../contract/language-requests';

export const PASS_SCHEME = 'bir-pass';

/** How long after the last edit of a source its open pass documents are asked for again. */
const REFRESH_MS = 300;

/** A pass document's URI: the source's path (so that it is a .bir document), the source and the passes in the query. */
function passUri(source: vscode.Uri, pipeline: PassPipeline): vscode.Uri {
  const query = new URLSearchParams({ source: source.toString(), passes: pipeline.passes.join(','), label: pipeline.label });
  return vscode.Uri.from({ scheme: PASS_SCHEME, path: source.path, query: query.toString() });
}

function partsOf(uri: vscode.Uri): { source: vscode.Uri; passes: string[] } {
  const query = new URLSearchParams(uri.query);
  return { source: vscode.Uri.parse(query.get('source') ?? ''), passes: (query.get('passes') ?? '').split(',').filter((p) => p !== '') };
}

class PassDocuments implements vscode.TextDocumentContentProvider, vscode.DefinitionProvider {
  private readonly answers = new Map<string, ProgramAfterPassesResult>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(private readonly client: LanguageClient) {}

  /** The server's answer for a pass document's URI; a refusal is thrown with the server's message. */
  async ask(uri: vscode.Uri): Promise<ProgramAfterPassesResult> {
    const { source, passes } = partsOf(uri);
    const params: ProgramAfterPassesParams = { uri: source.toString(), passes };
    const answer = await this.client.sendRequest<ProgramAfterPassesResult>('bir/programAfterPasses' satisfies ProgramAfterPassesMethod, params);
    this.answers.set(uri.toString(), answer);
    return answer;
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const kept = this.answers.get(uri.toString());
    if (kept) return kept.text;
    try {
      return (await this.ask(uri)).text;
    } catch (e) {
      return `# ${(e as Error).message}\n`;
    }
  }

  /** The source position a line of a pass document came from. */
  originOf(uri: vscode.Uri, line: number): vscode.Location | undefined {
    const answer = this.answers.get(uri.toString());
    if (!answer || 3 * line + 2 >= answer.origins.length) return undefined;
    const [file, l, c] = answer.origins.slice(3 * line, 3 * line + 3);
    return new vscode.Location(vscode.Uri.parse(answer.files[file]), new vscode.Position(l, c));
  }

  provideDefinition(doc: vscode.TextDocument, position: vscode.Position): vscode.Location | undefined {
    return this.originOf(doc.uri, position.line);
  }

  /** A source was edited: its open pass documents are asked for again (a refusal keeps the last text). */
  sourceChanged(source: vscode.Uri): void {
    for (const doc of vscode.workspace.textDocuments) {
      if (doc.uri.scheme !== PASS_SCHEME || partsOf(doc.uri).source.toString() !== source.toString()) continue;
      const key = doc.uri.toString();
      clearTimeout(this.timers.get(key));
      this.timers.set(key, setTimeout(() => {
        this.timers.delete(key);
        this.ask(doc.uri).then(() => this.changed.fire(doc.uri), () => undefined);
      }, REFRESH_MS));
    }
  }

  forget(uri: vscode.Uri): void {
    this.answers.delete(uri.toString());
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.changed.dispose();
  }
}

export function registerPassDocuments(context: vscode.ExtensionContext, client: LanguageClient): void {
  const docs = new PassDocuments(client);
  context.subscriptions.push(
    docs,
    vscode.workspace.registerTextDocumentContentProvider(PASS_SCHEME, docs),
    vscode.languages.registerDefinitionProvider({ scheme: PASS_SCHEME }, docs),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.scheme === 'file' && e.document.languageId === 'bir') docs.sourceChanged(e.document.uri);
    }),
    vscode.workspace.onDidCloseTextDocument((doc) => {
      if (doc.uri.scheme === PASS_SCHEME) docs.forget(doc.uri);
    }),
    vscode.commands.registerCommand('bir.showProgramAfterPass', (uri?: vscode.Uri, passes?: string[]) => showProgramAfterPass(docs, client, uri, passes)),
    vscode.commands.registerCommand('bir.goToSourceLine', () => goToSourceLine(docs)),
  );
}

/** Asks for the pipeline (a quick pick unless given, as tests and keybindings may), then opens the diff. */
async function showProgramAfterPass(docs: PassDocuments, client: LanguageClient, given?: vscode.Uri, passes?: string[]): Promise<vscode.Uri | undefined> {
  const source = given ?? vscode.window.activeTextEditor?.document.uri;
  if (!source || source.scheme !== 'file' || !source.path.endsWith('.bir')) {
    void vscode.window.showErrorMessage('Show Program After Pass needs a .bir file: open one, or run the command from its editor.');
    return undefined;
  }
  const pipelines = await client.sendRequest<PassPipeline[]>('bir/passPipelines' satisfies PassPipelinesMethod);
  const pipeline = passes ? pipelines.find((p) => p.passes.join(',') === passes.join(',')) ?? { label: `after ${passes.join(' → ')}`, detail: '', passes } : await pickPipeline(pipelines);
  if (!pipeline) return undefined;
  const uri = passUri(source, pipeline);
  try {
    await docs.ask(uri);
  } catch (e) {
    void vscode.window.showErrorMessage(`Show Program After Pass: ${(e as Error).message}`);
    return undefined;
  }
  const name = source.path.slice(source.path.lastIndexOf('/') + 1);
  await vscode.commands.executeCommand('vscode.diff', source, uri, `${name} ↔ ${pipeline.label} (${pipeline.passes.join(' → ')})`, { preview: false });
  return uri;
}

async function pickPipeline(pipelines: readonly PassPipeline[]): Promise<PassPipeline | undefined> {
  const items = pipelines.map((p) => ({ label: p.label, detail: p.detail, pipeline: p }));
  return (await vscode.window.showQuickPick(items, { title: 'Show the program after', placeHolder: 'a prefix of the pipeline, or one pass alone', matchOnDetail: true }))?.pipeline;
}

/** Opens the source line the cursor's line of a pass document came from, beside it. */
async function goToSourceLine(docs: PassDocuments): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const origin = editor && editor.document.uri.scheme === PASS_SCHEME ? docs.originOf(editor.document.uri, editor.selection.active.line) : undefined;
  if (!origin) {
    void vscode.window.showErrorMessage('Go to Source Line works in a document of Show Program After Pass: put the cursor on one of its lines.');
    return;
  }
  await vscode.window.showTextDocument(origin.uri, { selection: new vscode.Range(origin.range.start, origin.range.start), viewColumn: vscode.ViewColumn.Beside });
}
