/**
 * "BIR: Show Program After Pass…" in a real VS Code: the diff editor of the source against the read-only pass
 * document, Go to Definition and "BIR: Go to Source Line" from a line the pass made to the source line it came from,
 * the document following the source's unsaved edits, and the refusal of a file with errors.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { openInEditor, waitFor, workspaceFile } from './helpers';

const INLINED = 'MatMult full_tile__acc <- xT, ws[0:128, r1*128:r1*128 + 128]';

describe('BIR language server in VS Code: the program after a pass', function () {
  this.timeout(180000);
  const source = workspaceFile('calls_loops.bir');
  const broken = workspaceFile('broken_for_passes.bir');

  before(() => fs.writeFileSync(broken.fsPath, 'module broken\nfunc main() {\n  Memset nowhere <- 0\n}\n'));
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(broken.fsPath, { force: true });
  });

  it('opens the diff after inline, goes from an inlined line to its source line, and follows unsaved edits', async () => {
    const editor = await openInEditor(source);
    const passUri = await vscode.commands.executeCommand<vscode.Uri | undefined>('bir.showProgramAfterPass', source, ['inline']);
    assert.ok(passUri, 'the command opened a pass document');
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, `a diff editor is active: ${tab?.label}`);
    assert.strictEqual(tab.input.original.toString(), source.toString());
    assert.strictEqual(tab.input.modified.toString(), passUri.toString());
    assert.match(tab.label, /calls_loops\.bir ↔ after inline/);

    const doc = await vscode.workspace.openTextDocument(passUri);
    assert.strictEqual(doc.languageId, 'bir');
    const line = doc.getText().split('\n').findIndex((l) => l.trim() === INLINED);
    assert.ok(line >= 0, doc.getText());
    const matmul = editor.document.getText().split('\n').findIndex((l) => l.trim() === 'MatMult acc <- xT, w');

    const locations = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', passUri, new vscode.Position(line, 4));
    const target = locations.map((l) => ('targetUri' in l ? { uri: l.targetUri, range: l.targetRange } : l));
    assert.deepStrictEqual(target.map((l) => [l.uri.toString(), l.range.start.line]), [[source.toString(), matmul]], 'Go to Definition on the pass document');

    const passEditor = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === passUri.toString());
    assert.ok(passEditor, 'the pass document is shown');
    await vscode.window.showTextDocument(passEditor.document, { viewColumn: passEditor.viewColumn, selection: new vscode.Range(line, 0, line, 0) });
    await vscode.commands.executeCommand('bir.goToSourceLine');
    const active = vscode.window.activeTextEditor;
    assert.strictEqual(active?.document.uri.toString(), source.toString());
    assert.strictEqual(active.selection.active.line, matmul, 'the cursor on the source line');

    const updated = waitFor(vscode.workspace.onDidChangeTextDocument, (e) => e.document.uri.toString() === passUri.toString() && e.document.getText().includes('# an edit not saved'), 'the pass document to follow the edit');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(source, new vscode.Position(matmul, 0), '  # an edit not saved\n');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await updated;
    await openInEditor(source);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  it('refuses a file with errors, opening nothing', async () => {
    await openInEditor(broken);
    const before = vscode.window.tabGroups.all.flatMap((g) => g.tabs).length;
    const passUri = await vscode.commands.executeCommand<vscode.Uri | undefined>('bir.showProgramAfterPass', broken, ['dce']);
    assert.strictEqual(passUri, undefined);
    assert.strictEqual(vscode.window.tabGroups.all.flatMap((g) => g.tabs).length, before);
  });
});
