/**
 * Where the extension's panels open, in a real VS Code extension host (issue 25): the graph view and the tensor view
 * share one group beside the source, also when the tensor view is asked for while the graph view has the focus
 * (its node menu's Show in Tensor View); at 1,400 px a group per panel left the graph 200 px wide.
 */
import * as assert from 'assert';
import * as vscode from 'vscode';
import { lineOf, nextEvent, openInEditor, stopAllSessions, trackAdapters, waitFor, workspaceFile } from './helpers';

/** The group that holds a webview panel of a view type (VS Code prefixes the type in its tabs). */
function groupOf(viewType: string): vscode.TabGroup | undefined {
  return vscode.window.tabGroups.all.find((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith(viewType)));
}

async function panelShown(viewType: string): Promise<vscode.TabGroup> {
  if (!groupOf(viewType)) await waitFor(vscode.window.tabGroups.onDidChangeTabs, () => groupOf(viewType) !== undefined, `the ${viewType} panel`);
  return groupOf(viewType)!;
}

describe('the panels share one side group (issue 25)', function () {
  this.timeout(180000);
  let tracker: vscode.Disposable;

  before(async () => {
    tracker = trackAdapters();
    await vscode.extensions.all.find((e) => e.packageJSON?.name === 'bir-debug')?.activate();
  });

  after(() => tracker.dispose());

  afterEach(async () => {
    await stopAllSessions();
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('the tensor view opens in the graph view\'s group, from the graph view with the focus too', async () => {
    const editor = await openInEditor(workspaceFile('calls_loops.bir'));
    const line = lineOf(editor.document, 'MatMult acc <- xT, w');
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(editor.document.uri, new vscode.Position(line - 1, 0)))]);
    const stopped = nextEvent('stopped', 'the stop at the MatMult');
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], { type: 'bir', request: 'launch', name: 'layout', program: editor.document.uri.fsPath });
    await stopped;
    await vscode.commands.executeCommand('bir.showGraphView');
    const graph = await panelShown('bir.graph');
    assert.notStrictEqual(graph.viewColumn, editor.viewColumn, 'the graph view is beside the source');
    // The graph view's group has the focus, as after a click in the graph: no text editor is active.
    await vscode.commands.executeCommand('workbench.action.focusSecondEditorGroup');
    assert.strictEqual(vscode.window.activeTextEditor, undefined);
    await vscode.commands.executeCommand('bir.showTensor', { expression: 'acc' });
    const tensor = await panelShown('bir.tensor');
    assert.strictEqual(tensor.viewColumn, graph.viewColumn, 'the tensor view joins the graph view\'s group');
    assert.strictEqual(vscode.window.tabGroups.all.length, 2, 'two groups: the source and the panels');
  });
});
