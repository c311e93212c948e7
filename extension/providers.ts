/**
 * The expression of a position (a whole access pattern) for Add to Watch and the hover's value. The values at line ends
 * while stopped are the language server's inlay hints (values-at-stop.ts), not VS Code's inline values.
 */
import * as vscode from 'vscode';
import { expressionAt } from './expression-at';

/** The expression VS Code evaluates when the pointer rests at a position (also part of the extension's API). */
export function evaluatableExpression(doc: vscode.TextDocument, position: vscode.Position): vscode.EvaluatableExpression | undefined {
  const found = expressionAt(doc.lineAt(position.line).text, position.character);
  if (!found) return undefined;
  return new vscode.EvaluatableExpression(new vscode.Range(position.line, found.start, position.line, found.end), found.text);
}

/**
 * VS Code asks this provider for its debug hover (at the pointer) and for Add to Watch and Show Debug Hover (at the
 * cursor). The hover of a stopped BIR session is the editor's, with the declaration and the value in one widget
 * (hover-value.ts): the provider answers nothing away from the cursor, so that VS Code's debug hover, which would
 * show the value alone, steps aside and VS Code shows the editor's hover in its place.
 */
function atCursorOnly(doc: vscode.TextDocument, position: vscode.Position): vscode.EvaluatableExpression | undefined {
  const editor = vscode.window.activeTextEditor;
  const atCursor = editor?.document === doc && editor.selection.isEmpty && editor.selection.active.isEqual(position);
  return atCursor ? evaluatableExpression(doc, position) : undefined;
}

export function registerProviders(context: vscode.ExtensionContext): void {
  const selector: vscode.DocumentSelector = { language: 'bir' };
  context.subscriptions.push(
    vscode.languages.registerEvaluatableExpressionProvider(selector, { provideEvaluatableExpression: atCursorOnly }),
  );
}
