/**
 * The timeline view's quick edits of the source (docs/timeline.md, "Quick edits"): an instruction moved to another
 * engine (its attribute `engine`), and a constant its sizes depend on given another value. Each is a WorkspaceEdit of
 * the document, so that the editor undoes it, then a save, which the panel answers as any save of the program: the
 * what-if against the schedule shown. The text of the edits is the language front end's (engine/lang/instruction-edits.ts).
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { attributeEdit, sizeConstants, TextEdit } from '../engine/lang/instruction-edits';

/** Sets `engine = attribute` on the instruction at (line, col) and saves; the reason when nothing was edited. */
export async function moveToEngine(file: string, line: number, col: number, attribute: string): Promise<string | undefined> {
  const doc = await vscode.workspace.openTextDocument(file);
  const edit = attributeEdit(doc.getText(), line, col, 'engine', attribute);
  if (!edit) return `${path.basename(file)}:${line}: no instruction there to move to ${attribute}, or it is there already`;
  return applyAndSave(doc, edit);
}

/**
 * Offers the constants the sizes of the instruction at (line, col) depend on, asks for a new value of the one chosen,
 * edits and saves; the reason when nothing was edited (undefined too when the user cancelled).
 */
export async function changeSizeConstant(file: string, line: number, col: number): Promise<string | undefined> {
  const doc = await vscode.workspace.openTextDocument(file);
  const constants = sizeConstants(doc.getText(), line, col);
  if (constants.length === 0) return `${path.basename(file)}:${line}: no constant of this file sets the sizes of this instruction (its shapes are written as numbers, or come from another module)`;
  const picked = constants.length === 1 ? { constant: constants[0] } : await vscode.window.showQuickPick(
    constants.map((c) => ({ label: `${c.name} = ${c.valueText}`, description: `line ${c.line}`, detail: c.via, constant: c })),
    { title: `Change a size constant of line ${line}`, placeHolder: 'The constant to give another value' },
  );
  if (!picked) return undefined;
  const c = picked.constant;
  const value = await vscode.window.showInputBox({
    title: `const ${c.name} (line ${c.line})`,
    prompt: `A new value of ${c.name} (${c.via}); the timeline compares the program with it against the schedule shown`,
    value: c.valueText,
    validateInput: (v) => (v.trim() === '' ? 'a value: a number or a constant expression' : /[\n#]/.test(v) ? 'one line, without a comment' : undefined),
  });
  if (value === undefined || value.trim() === c.valueText) return undefined;
  return applyAndSave(doc, { line: c.line, col: c.col, endLine: c.endLine, endCol: c.endCol, newText: value.trim() });
}

async function applyAndSave(doc: vscode.TextDocument, e: TextEdit): Promise<string | undefined> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(e.line - 1, e.col - 1, e.endLine - 1, e.endCol - 1), e.newText);
  if (!(await vscode.workspace.applyEdit(edit))) return `${path.basename(doc.fileName)}: the edit could not be applied`;
  if (!(await doc.save())) return `${path.basename(doc.fileName)}: edited, but not saved`;
  return undefined;
}
