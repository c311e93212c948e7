/**
 * The editor joined with the debugger in a real VS Code: while a BIR session is stopped, one hover holds the
 * language server's declaration and the value at the stop, the server's inlay hints end the stopped function's lines
 * with the values of their names (and VS Code's inline values add none), and a CodeLens above each function says how
 * many times it has run (and, once the timeline has scheduled the program, its modelled time), asked again at the next
 * stop and gone when the session ends.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { lineOf, nextEvent, openInEditor, stopAllSessions, trackAdapters, waitFor, workspaceFile } from './helpers';

const textOf = (c: vscode.MarkdownString | vscode.MarkedString): string => (typeof c === 'string' ? c : c.value);

/** The titles of the lenses of a document, by 1-based line. */
async function lensTitles(uri: vscode.Uri): Promise<Record<number, string>> {
  const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri);
  return Object.fromEntries(lenses.filter((l) => l.command?.title).map((l) => [l.range.start.line + 1, l.command!.title]));
}

/** The labels of the inlay hints of a document, by 1-based line. */
async function hintLabels(doc: vscode.TextDocument): Promise<Record<number, string[]>> {
  const range = new vscode.Range(0, 0, doc.lineCount, 0);
  const hints = await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', doc.uri, range);
  const out: Record<number, string[]> = {};
  for (const h of hints) (out[h.position.line + 1] ??= []).push(typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''));
  return out;
}

/**
 * The inlay hints of a document once `accept` takes them: the server learns of a stop a moment after VS Code selects
 * its frame (the extension asks the adapter where that frame is), so the hints are asked again until then, with a limit.
 */
async function hintsWhen(doc: vscode.TextDocument, accept: (hints: Record<number, string[]>) => boolean, what: string): Promise<Record<number, string[]>> {
  const deadline = Date.now() + 30000;
  for (;;) {
    const hints = await hintLabels(doc);
    if (accept(hints)) return hints;
    if (Date.now() > deadline) throw new Error(`no inlay hints with ${what} within 30 s: ${JSON.stringify(hints)}`);
  }
}

/** Waits until VS Code has selected a frame of a stopped BIR session (what the hover and the lenses read). */
async function frameSelected(): Promise<void> {
  const item = vscode.debug.activeStackItem;
  if (item instanceof vscode.DebugStackFrame && item.session.type === 'bir') return;
  await waitFor(vscode.debug.onDidChangeActiveStackItem, (i) => i instanceof vscode.DebugStackFrame && i.session.type === 'bir', 'a frame of the BIR session selected');
}

describe('BIR language server in VS Code: joined with the debugger', function () {
  this.timeout(180000);
  let tracker: vscode.Disposable;
  const uri = workspaceFile('calls_loops.bir');

  before(() => {
    tracker = trackAdapters();
  });
  after(async () => {
    tracker.dispose();
    await stopAllSessions();
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
  });

  it('shows the declaration and the value in one hover, and each function\'s runs in a CodeLens, stop after stop', async () => {
    const editor = await openInEditor(uri);
    const doc = editor.document;
    const at = lineOf(doc, 'Activation dst <- src');
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(uri, new vscode.Position(at - 1, 0)))]);
    const stopped = nextEvent('stopped', 'a stop in epilogue');
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], { type: 'bir', request: 'launch', name: 'joined', program: uri.fsPath });
    const { session } = await stopped;
    await frameSelected();

    const src = doc.lineAt(at - 1).text.indexOf('src');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, new vscode.Position(at - 1, src + 1));
    const both = hovers.map((h) => h.contents.map(textOf).join('\n')).filter((t) => t.includes('a parameter of `epilogue`') && t.includes('**At this stop**'));
    assert.strictEqual(both.length, 1, `one hover with the declaration and the value: ${JSON.stringify(hovers.map((h) => h.contents.map(textOf)))}`);
    assert.match(both[0], /psum f32\[TM, CH\][\s\S]*\*\*At this stop\*\*\n*```text\nsrc = f32\[128, 64\]/);

    // The values at line ends: the server's hints, on the lines of epilogue up to the stop, none after it.
    const values = (hints: Record<number, string[]>, line: number): string => (hints[line] ?? []).filter((l) => / = /.test(l)).join(' | ');
    const hints = await hintsWhen(doc, (h) => values(h, at).includes('src = '), `src's value on line ${at}`);
    assert.match(values(hints, at), /\bsrc = f32\[128, 64\]/);
    const valued = Object.keys(hints).map(Number).filter((line) => values(hints, line) !== '');
    assert.deepStrictEqual(valued, [lineOf(doc, 'func epilogue('), at], `values only on epilogue's lines up to the stop: ${JSON.stringify(hints)}`);
    const inline = await vscode.commands.executeCommand<vscode.InlineValue[] | undefined>('vscode.executeInlineValueProvider', uri, new vscode.Range(0, 0, doc.lineCount, 0),
      { frameId: 1, stoppedLocation: new vscode.Range(at - 1, 0, at - 1, 0) }).then((v) => v ?? [], () => []);
    assert.deepStrictEqual(inline, [], 'VS Code\'s inline values are not provided for BIR (the hints are the values)');

    const header = (name: string): number => lineOf(doc, `func ${name}(`);
    const first = await lensTitles(uri);
    assert.deepStrictEqual([first[header('main')], first[header('full_tile')], first[header('edge_tile')], first[header('epilogue')]],
      ['ran 1 time up to this stop', 'ran 1 time up to this stop', 'not run yet', 'ran 1 time up to this stop']);

    await session.customRequest('bir/timeline', { machine: 'trn2' });
    const changed = waitFor(vscode.debug.onDidChangeActiveStackItem, (i) => i instanceof vscode.DebugStackFrame && i.session.id === session.id, 'the next stop\'s frame');
    const next = nextEvent('stopped', 'the second stop in epilogue');
    await vscode.commands.executeCommand('workbench.action.debug.continue');
    await next;
    await changed;
    // The timeline was made at the first stop: the lenses of the next one give each function's modelled time.
    assert.match((await lensTitles(uri))[header('epilogue')], /^ran 2 times up to this stop · [\d.]+ (ns|µs|ms) on trn2 \((\d+|<1)% of the kernel\)$/);

    await stopAllSessions();
    assert.deepStrictEqual(await lensTitles(uri), {}, 'no lenses without a session');
    await hintsWhen(doc, (h) => Object.keys(h).every((line) => values(h, Number(line)) === ''), 'no values once the session ended');
  });
});
