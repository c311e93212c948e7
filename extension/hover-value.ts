/**
 * One hover while a BIR session is stopped: the language server's (a name's declaration, shape, dtype, placement)
 * with the value of the expression under the pointer at the stop, which the adapter evaluates (context `hover`, in the
 * frame selected in the Call Stack). VS Code's own debug hover, which would show the value alone in a second widget,
 * steps aside: the evaluatable expression provider answers it nothing (see providers.ts).
 */
import * as vscode from 'vscode';
import type { ProvideHoverSignature } from 'vscode-languageclient/node';
import { evaluatableExpression } from './providers';
import { stoppedFrame } from './stopped-frame';

/** The language client's hover middleware: the server's hover, and the value at the stop after it. */
export async function hoverWithValue(doc: vscode.TextDocument, position: vscode.Position, token: vscode.CancellationToken, next: ProvideHoverSignature): Promise<vscode.Hover | null | undefined> {
  const [server, value] = await Promise.all([next(doc, position, token), valueAt(doc, position)]);
  if (!value) return server;
  const contents = [...(server?.contents ?? []), value.markdown];
  return new vscode.Hover(contents, server?.range ?? value.range);
}

async function valueAt(doc: vscode.TextDocument, position: vscode.Position): Promise<{ markdown: vscode.MarkdownString; range: vscode.Range } | undefined> {
  const stop = stoppedFrame();
  const found = stop && evaluatableExpression(doc, position);
  if (!stop || !found) return undefined;
  const expression = found.expression ?? doc.getText(found.range);
  const markdown = new vscode.MarkdownString('**At this stop**');
  try {
    const answer = (await stop.session.customRequest('evaluate', { expression, frameId: stop.frameId, context: 'hover' })) as { result: string };
    markdown.appendCodeblock(answer.result, 'text');
  } catch (e) {
    // A name of another function than the selected frame's, most often: said, so that the hover does not look broken.
    markdown.appendMarkdown(': ');
    markdown.appendText(`no value in the selected frame (${(e as Error).message})`);
  }
  return { markdown, range: found.range };
}
