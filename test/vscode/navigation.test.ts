/**
 * The language server's navigation in a real VS Code, through VS Code's own commands as F12, Shift+F12, F2, the
 * Outline and Ctrl+Space use them: Go to Definition of a call, Find All References of a function, Rename of a
 * function (every call renamed, the rest untouched, nothing saved), the Outline's functions with their allocations and
 * loops, and completion of opcodes and of an opcode's attribute values on a half-typed file.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { lineOf, openInEditor, workspaceFile } from './helpers';

/** Asks until the answer is taken: the language client registers its providers once the server has started. */
async function answered<T>(ask: () => Thenable<T>, accept: (t: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30000;
  for (;;) {
    const answer = await ask();
    if (accept(answer)) return answer;
    if (Date.now() > deadline) throw new Error(`${what} not answered within 30 s: ${JSON.stringify(answer)}`);
  }
}

const HALF_TYPED = 'module half\ndram x : f32[4, 8] input = zeros\nfunc main() {\n  sbuf s : f32[4, 8]\n  \n  Activation s <- x, func = \n}\n';

describe('BIR language server in VS Code: navigation', function () {
  this.timeout(180000);
  const uri = workspaceFile('calls_loops.bir');
  const half = workspaceFile('half-typed.bir');

  before(() => fs.writeFileSync(half.fsPath, HALF_TYPED));
  after(async () => {
    fs.rmSync(half.fsPath, { force: true });
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  const at = (doc: vscode.TextDocument, text: string, offset = 0): vscode.Position => {
    const line = lineOf(doc, text) - 1;
    return new vscode.Position(line, doc.lineAt(line).text.indexOf(text) + offset);
  };

  it('goes to a definition, finds references, renames a function and lists the Outline', async () => {
    const doc = (await openInEditor(uri)).document;
    const header = lineOf(doc, 'func epilogue(') - 1;

    const definitions = await answered(() => vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', uri, at(doc, 'call epilogue(out,', 6)), (d) => d.length > 0, 'the definition');
    const target = definitions.map((d) => ('targetRange' in d ? d.targetSelectionRange ?? d.targetRange : d.range));
    assert.deepStrictEqual(target.map((r) => r.start.line), [header], `the definition of epilogue: ${JSON.stringify(definitions)}`);

    const references = await vscode.commands.executeCommand<vscode.Location[]>('vscode.executeReferenceProvider', uri, at(doc, 'func epilogue(', 6));
    assert.deepStrictEqual(references.map((r) => r.range.start.line).sort((a, b) => a - b),
      [lineOf(doc, 'call epilogue(out[') - 1, lineOf(doc, 'call epilogue(out,') - 1, header]);

    const rename = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', uri, at(doc, 'func epilogue(', 6), 'finish');
    const edits = rename.get(uri);
    assert.strictEqual(edits.length, 3);
    assert.ok(edits.every((e) => e.newText === 'finish' && doc.getText(e.range) === 'epilogue'), JSON.stringify(edits));
    assert.ok(await vscode.workspace.applyEdit(rename));
    assert.strictEqual(doc.getText().split('finish').length - 1, 3);
    assert.ok(doc.getText().includes('# The same for the 64-wide remainder tile: one epilogue chunk.'), 'a comment is not a reference');
    await vscode.commands.executeCommand('workbench.action.files.revert');

    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri);
    const module = symbols.find((s) => s.name === 'calls_loops') ?? symbols[0];
    const functions = module.children.filter((s) => s.kind === vscode.SymbolKind.Function).map((s) => s.name);
    assert.deepStrictEqual(functions, ['main', 'full_tile', 'edge_tile', 'epilogue']);
    const fullTile = module.children.find((s) => s.name === 'full_tile')!;
    assert.deepStrictEqual(fullTile.children.map((s) => s.name), ['acc', 'out', 'for r2']);
  });

  it('completes opcodes where a statement starts and an attribute\'s words after it', async () => {
    const doc = (await openInEditor(half)).document;
    const line = lineOf(doc, 'Activation s <- x') - 1;
    const start = await answered(() => vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', half, new vscode.Position(line - 1, 2)),
      (l) => l.items.some((i) => i.label === 'MatMult'), 'completion of opcodes');
    const labels = start.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    for (const opcode of ['MatMult', 'Activation', 'DmaCopy', 'TensorTensor']) assert.ok(labels.includes(opcode), `${opcode} among ${labels.length} items`);
    const funcAt = doc.lineAt(line).text.indexOf('func = ') + 'func = '.length;
    const words = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', half, new vscode.Position(line, funcAt));
    const values = words.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
    assert.ok(values.includes('relu') && values.includes('exp'), `activation functions after 'func = ': ${values.slice(0, 20).join(', ')}`);
  });
});
