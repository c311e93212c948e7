/** Hover evaluation of whole access patterns, and register values at line ends while stopped. */
import * as vscode from 'vscode';
import { expressionAt } from './expression-at';
import { functionStart, registerUses } from './registers-in-view';

/** The expression VS Code evaluates when the pointer rests at a position (also part of the extension's API). */
export function evaluatableExpression(doc: vscode.TextDocument, position: vscode.Position): vscode.EvaluatableExpression | undefined {
  const found = expressionAt(doc.lineAt(position.line).text, position.character);
  if (!found) return undefined;
  return new vscode.EvaluatableExpression(new vscode.Range(position.line, found.start, position.line, found.end), found.text);
}

export function registerProviders(context: vscode.ExtensionContext): void {
  const selector: vscode.DocumentSelector = { language: 'bir' };
  context.subscriptions.push(
    vscode.languages.registerEvaluatableExpressionProvider(selector, { provideEvaluatableExpression: evaluatableExpression }),
    vscode.languages.registerInlineValuesProvider(selector, {
      provideInlineValues(doc, viewPort, context) {
        const stopped = context.stoppedLocation;
        const lines = Array.from({ length: doc.lineCount }, (_, i) => doc.lineAt(i).text);
        // The lines of the stopped function that ran or are about to: from its `func` line to the stop.
        const first = Math.max(viewPort.start.line, functionStart(lines, stopped.start.line));
        const last = Math.min(viewPort.end.line, stopped.end.line);
        return registerUses(lines, first, last).map((u) => new vscode.InlineValueVariableLookup(new vscode.Range(u.line, u.start, u.line, u.end), u.name, true));
      },
    }),
  );
}
