/**
 * The language server's writing features in a real VS Code: a quick fix of the checker's "did you mean", Format
 * Document, and semantic tokens with the legend and scopes the extension contributes.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { openInEditor, waitFor, workspaceFile } from './helpers';

const MESSY = 'module messy\nfunc main(){\nsbuf t:f32[4,8]\nMemset tt<-0\n}\n';
const TIDY = 'module messy\nfunc main() {\n  sbuf t : f32[4, 8]\n  Memset t <- 0\n}\n';

describe('BIR language server in VS Code: writing', function () {
  this.timeout(180000);
  const uri = workspaceFile('messy.bir');

  before(() => fs.writeFileSync(uri.fsPath, MESSY));
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    fs.rmSync(uri.fsPath, { force: true });
  });

  it('fixes a typo with the quick fix, formats the document, and colours an opcode by its engine', async () => {
    const problems = waitFor(vscode.languages.onDidChangeDiagnostics, () => vscode.languages.getDiagnostics(uri).some((d) => d.message.includes("'tt'")), "the diagnostic of 'tt'");
    const editor = await openInEditor(uri);
    await problems;
    const [typo] = vscode.languages.getDiagnostics(uri).filter((d) => d.message.includes("'tt'"));

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, typo.range, vscode.CodeActionKind.QuickFix.value);
    const change = actions.find((a) => a.title === "Change 'tt' to 't'");
    assert.ok(change?.edit, `the quick fix among ${JSON.stringify(actions.map((a) => a.title))}`);
    assert.ok(await vscode.workspace.applyEdit(change.edit));

    const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', uri, { tabSize: 4, insertSpaces: true });
    const edit = new vscode.WorkspaceEdit();
    edit.set(uri, edits);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.strictEqual(editor.document.getText(), TIDY);

    const legend = await vscode.commands.executeCommand<vscode.SemanticTokensLegend>('vscode.provideDocumentSemanticTokensLegend', uri);
    const tokens = await vscode.commands.executeCommand<vscode.SemanticTokens>('vscode.provideDocumentSemanticTokens', uri);
    assert.ok(legend && tokens, 'the server gives semantic tokens');
    const memset = { line: 3, character: 2 };
    let line = 0;
    let char = 0;
    let found: string | undefined;
    for (let i = 0; i < tokens.data.length; i += 5) {
      line += tokens.data[i];
      char = tokens.data[i] === 0 ? char + tokens.data[i + 1] : tokens.data[i + 1];
      if (line === memset.line && char === memset.character) found = [legend.tokenTypes[tokens.data[i + 3]], ...legend.tokenModifiers.filter((_, b) => tokens.data[i + 4] & (1 << b))].join('.');
    }
    assert.strictEqual(found, 'opcode.defaultLibrary.pool');
  });
});
