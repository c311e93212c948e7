/**
 * The editor joined with the debugger in a real VS Code: while a BIR session is stopped, one hover holds the
 * language server's declaration and the value at the stop, and a CodeLens above each function says how many times it
 * has run, asked again at the next stop and gone when the session ends.
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

    const header = (name: string): number => lineOf(doc, `func ${name}(`);
    const first = await lensTitles(uri);
    assert.deepStrictEqual([first[header('main')], first[header('full_tile')], first[header('edge_tile')], first[header('epilogue')]],
      ['ran 1 time up to this stop', 'ran 1 time up to this stop', 'not run yet', 'ran 1 time up to this stop']);

    const changed = waitFor(vscode.debug.onDidChangeActiveStackItem, (i) => i instanceof vscode.DebugStackFrame && i.session.id === session.id, 'the next stop\'s frame');
    const next = nextEvent('stopped', 'the second stop in epilogue');
    await vscode.commands.executeCommand('workbench.action.debug.continue');
    await next;
    await changed;
    assert.strictEqual((await lensTitles(uri))[header('epilogue')], 'ran 2 times up to this stop');

    await stopAllSessions();
    assert.deepStrictEqual(await lensTitles(uri), {}, 'no lenses without a session');
  });
});
