/**
 * The BIR language server: `node dist/language-server.js --stdio` (VS Code's extension starts the same file; nvim and
 * other editors start it themselves). It wires the protocol's requests to the features of this folder; none of them
 * holds state but the workspace's files and their indexes.
 */
import { incomingCalls, outgoingCalls, prepareCallHierarchy } from './call-hierarchy';
import { CodeActionKind, createConnection, LSPErrorCodes, MessageType, ProposedFeatures, ResponseError, ShowMessageNotification, StreamMessageReader, StreamMessageWriter, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
import { Console } from 'console';
import type { InitializeParams, InitializeResult, Connection, Location, Range, TextEdit } from 'vscode-languageserver';
import type { PassPipelinesMethod, PassPipelinesResult, ProgramAfterPassesMethod, ProgramAfterPassesParams, ProgramAfterPassesResult, StopAtMethod, StopAtParams, ValuesAtStopMethod, ValuesAtStopParams, ValuesAtStopResult } from '../contract/language-requests';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { codeActions } from './code-actions';
import { completions } from './completion';
import { LiveDiagnostics } from './diagnostics';
import { encodeMessage } from './location-list';
import { hover } from './hover';
import { inlayHints } from './inlay-hints';
import { hintKinds } from './hint-settings';
import { definition, highlights, references } from './navigation';
import { formattingEdits } from './formatting';
import { documentSymbols, foldingRanges, workspaceSymbols } from './outline';
import { fileOf, toLineCol } from './positions';
import { PassDocumentRefused, passPipelines, programAfterPasses } from './pass-document';
import { prepareRename, rename, RenameRefused } from './rename';
import { LEGEND, semanticTokens } from './semantic-tokens';
import { signatureHelp } from './signature-help';
import { Stop, valueHints } from './values-at-stop';
import { Workspace } from './workspace';

/** Whether the editor asked the server to shut down: the end of its input is then no failure. */
let shutdownReceived = false;

export function startServer(connection: Connection): void {
  const ws = new Workspace();
  const documents = new TextDocuments(TextDocument);
  let refreshesHints = false;
  const refreshHints = (): void => {
    if (refreshesHints) void connection.languages.inlayHint.refresh();
  };
  // Hints read the checked program: those the editor asked for before a check made it (on opening) are asked again.
  const live = new LiveDiagnostics(ws, connection, refreshHints);
  /** Where the editor's debug session is stopped (bir/stopAt), for the values at line ends. */
  let stop: Stop | undefined;
  /** Whether the editor answers workspace/configuration: the settings of the inlay hints are read from it. */
  let readsSettings = false;

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const folders = (params.workspaceFolders ?? []).map((f) => fileOf(f.uri)).filter((f): f is string => f !== undefined);
    if (folders.length === 0 && params.rootUri) {
      const root = fileOf(params.rootUri);
      if (root) folders.push(root);
    }
    ws.addFolders(folders);
    refreshesHints = params.capabilities.workspace?.inlayHint?.refreshSupport === true;
    readsSettings = params.capabilities.workspace?.configuration === true;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        definitionProvider: true,
        declarationProvider: true,
        referencesProvider: true,
        callHierarchyProvider: true,
        documentHighlightProvider: true,
        documentSymbolProvider: { label: 'BIR' },
        workspaceSymbolProvider: true,
        foldingRangeProvider: true,
        renameProvider: { prepareProvider: true },
        hoverProvider: true,
        completionProvider: { triggerCharacters: ['=', ':', ','] },
        signatureHelpProvider: { triggerCharacters: [' ', ','], retriggerCharacters: ['='] },
        inlayHintProvider: true,
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix] },
        semanticTokensProvider: { legend: LEGEND, full: true, range: true },
      },
      serverInfo: { name: 'bir-language-server' },
    };
  });

  const sync = (doc: TextDocument): string | undefined => {
    const file = fileOf(doc.uri);
    if (file) ws.setOpen(file, doc.getText(), doc.version);
    return file;
  };
  documents.onDidOpen((e) => live.changed(sync(e.document)));
  documents.onDidChangeContent((e) => live.changed(sync(e.document)));
  documents.onDidClose((e) => {
    const file = fileOf(e.document.uri);
    if (!file) return;
    ws.close(file);
    live.closed(file);
    live.changed();
  });
  connection.onDidChangeWatchedFiles((e) => {
    for (const change of e.changes) {
      const file = fileOf(change.uri);
      if (file) ws.changedOnDisk(file);
    }
    live.changed();
  });

  /** The file and the engine's line and column of a request's position. */
  const at = (p: { textDocument: { uri: string }; position: { line: number; character: number } }): { file: string; line: number; col: number } | undefined => {
    const file = fileOf(p.textDocument.uri);
    return file === undefined ? undefined : { file, ...toLineCol(p.position) };
  };
  const indexOf = (uri: string) => {
    const file = fileOf(uri);
    return file === undefined ? undefined : ws.index(file);
  };

  connection.onDefinition((p) => {
    const a = at(p);
    return (a && definition(ws, a.file, a.line, a.col)) ?? null;
  });
  connection.onDeclaration((p) => {
    const a = at(p);
    return (a && definition(ws, a.file, a.line, a.col)) ?? null;
  });
  connection.onReferences((p) => {
    const a = at(p);
    // (a LocationList is sent as its Location[]: its toJSON, or its bytes over stdio)
    return a ? references(ws, a.file, a.line, a.col, p.context.includeDeclaration) as unknown as Location[] : [];
  });
  connection.languages.callHierarchy.onPrepare((p) => {
    const a = at(p);
    return a ? prepareCallHierarchy(ws, a.file, a.line, a.col) : null;
  });
  connection.languages.callHierarchy.onIncomingCalls((p) => incomingCalls(ws, p.item));
  connection.languages.callHierarchy.onOutgoingCalls((p) => outgoingCalls(ws, p.item));
  connection.onDocumentHighlight((p) => {
    const a = at(p);
    return a ? highlights(ws, a.file, a.line, a.col) : [];
  });
  connection.onDocumentSymbol((p) => {
    const index = indexOf(p.textDocument.uri);
    return index ? documentSymbols(index) : [];
  });
  connection.onWorkspaceSymbol((p) => workspaceSymbols(ws, p.query));
  connection.onFoldingRanges((p) => {
    const index = indexOf(p.textDocument.uri);
    return index ? foldingRanges(index) : [];
  });
  connection.onPrepareRename((p) => {
    const a = at(p);
    return a ? refusing(() => prepareRename(ws, a.file, a.line, a.col)) : null;
  });
  connection.onRenameRequest((p) => {
    const a = at(p);
    return a ? refusing(() => rename(ws, a.file, a.line, a.col, p.newName)) : null;
  });
  connection.onHover((p) => {
    const a = at(p);
    return a ? hover(ws, a.file, a.line, a.col, (f) => live.programFor(f)) : null;
  });
  connection.onSignatureHelp((p) => {
    const a = at(p);
    const line = a && ws.lineText(a.file, a.line);
    return a && line !== undefined ? signatureHelp(line, a.col) : null;
  });
  connection.languages.inlayHint.on(async (p) => {
    const file = fileOf(p.textDocument.uri);
    if (file === undefined) return [];
    const hints = inlayHints(live.programFor(file), file, p.range, await hintKinds(connection, readsSettings, p.textDocument.uri));
    const index = stop?.file === file ? ws.index(file) : undefined;
    if (!stop || !index) return hints;
    const ask = (expressions: string[]) => connection.sendRequest<ValuesAtStopResult>('bir/valuesAtStop' satisfies ValuesAtStopMethod, { expressions } satisfies ValuesAtStopParams);
    const values = await valueHints(index, stop, p.range, ask);
    return [...hints, ...values].sort((x, y) => x.position.line - y.position.line || x.position.character - y.position.character);
  });
  // A setting of the hints changed (the client sends its `bir` section): the editor asks for them again.
  connection.onDidChangeConfiguration(refreshHints);
  connection.onNotification('bir/stopAt' satisfies StopAtMethod, (p: StopAtParams) => {
    const at = p?.stop;
    const file = at && typeof at.uri === 'string' && Number.isInteger(at.line) ? fileOf(at.uri) : undefined;
    stop = file === undefined ? undefined : { file, line: at!.line + 1 };
    refreshHints();
  });
  connection.onCompletion((p) => {
    const a = at(p);
    return a ? completions(ws, a.file, a.line, a.col) : [];
  });
  /** The edits of a formatting, or none and the reason shown when the file does not parse. */
  const formatting = (docUri: string, range?: Range): TextEdit[] => {
    const file = fileOf(docUri);
    const text = file === undefined ? undefined : ws.text(file);
    if (file === undefined || text === undefined) return [];
    const answer = formattingEdits(text, file, range);
    if (answer.refused === undefined) return answer.edits;
    // A notification, not showWarningMessage's request: there is nothing for the user to answer.
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: answer.refused });
    return [];
  };
  connection.languages.semanticTokens.on((p) => {
    const index = indexOf(p.textDocument.uri);
    return index ? semanticTokens(index) : { data: [] };
  });
  connection.languages.semanticTokens.onRange((p) => {
    const index = indexOf(p.textDocument.uri);
    return index ? semanticTokens(index, { first: p.range.start.line, last: p.range.end.line }) : { data: [] };
  });
  connection.onCodeAction((p) => {
    const file = fileOf(p.textDocument.uri);
    return file === undefined ? [] : codeActions(ws, file, p.context.diagnostics);
  });
  connection.onDocumentFormatting((p) => formatting(p.textDocument.uri));
  connection.onDocumentRangeFormatting((p) => formatting(p.textDocument.uri, p.range));
  connection.onRequest('bir/passPipelines' satisfies PassPipelinesMethod, (): PassPipelinesResult => passPipelines());
  connection.onRequest('bir/programAfterPasses' satisfies ProgramAfterPassesMethod, (p: ProgramAfterPassesParams): ProgramAfterPassesResult | ResponseError<void> => {
    const file = typeof p?.uri === 'string' ? fileOf(p.uri) : undefined;
    if (file === undefined || !Array.isArray(p.passes) || !p.passes.every((x) => typeof x === 'string')) {
      return new ResponseError(LSPErrorCodes.RequestFailed, `'bir/programAfterPasses' needs uri, the file: URI of a .bir file, and passes, a list of pass names; found ${JSON.stringify(p)}`);
    }
    return refusing(() => programAfterPasses(ws, file, p.passes));
  });
  connection.onShutdown(() => {
    shutdownReceived = true;
    live.dispose();
  });

  documents.listen(connection);
  connection.listen();
}

/** A refused request answered as an error whose message the editor shows. */
function refusing<T>(f: () => T): T | ResponseError<void> {
  try {
    return f();
  } catch (e) {
    if (e instanceof RenameRefused || e instanceof PassDocumentRefused) return new ResponseError(LSPErrorCodes.RequestFailed, e.message);
    throw e;
  }
}

/**
 * Over stdio, as every editor starts it, the server writes its messages itself: a long list of locations as the bytes
 * of its JSON (location-list.ts), everything else as the protocol library does. Nothing else may write to stdout
 * then: the console goes to stderr, which editors show as the server's log; the end of stdin ends the server, as the
 * library's own stdio connection does.
 */
function stdioConnection(): Connection {
  globalThis.console = new Console({ stdout: process.stderr, stderr: process.stderr });
  const writer = new StreamMessageWriter(process.stdout, { contentTypeEncoder: { name: 'application/json', encode: (msg) => Promise.resolve(encodeMessage(msg)) } });
  for (const event of ['end', 'close']) process.stdin.on(event, () => process.exit(shutdownReceived ? 0 : 1));
  return createConnection(ProposedFeatures.all, new StreamMessageReader(process.stdin), writer);
}

if (require.main === module) startServer(process.argv.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all));
