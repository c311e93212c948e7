/**
 * Quick fixes for the checker's diagnostics (textDocument/codeAction), read from the diagnostics the editor sends
 * back with the request: the checker's "did you mean" (engine/base/suggest.ts, in the message) as the replacement of
 * the word it names; a missing tensor declared (declare-tensor.ts); a missing import added (missing-import.ts).
 */
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import { wordIn } from './line-context';
import { uriOf } from './positions';
import { declareTensor } from './declare-tensor';
import { importModule } from './missing-import';
import { Workspace } from './workspace';

/** `unknown opcode 'Activaton'; did you mean 'Activation'?`: the word written (the first quoted) and the suggestion. */
const DID_YOU_MEAN = /'([^']+)'.*?; did you mean '([^']+)'\?/;

export function codeActions(ws: Workspace, file: string, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.source !== undefined && d.source !== 'bir') continue;
    const replace = didYouMean(ws, file, d);
    if (replace) out.push(replace);
    out.push(...declareTensor(ws, file, d), ...importModule(ws, file, d));
  }
  return out;
}

/** The word the diagnostic names, replaced by the one it suggests. */
function didYouMean(ws: Workspace, file: string, d: Diagnostic): CodeAction | undefined {
  const m = DID_YOU_MEAN.exec(d.message);
  if (!m || d.range.start.line !== d.range.end.line) return undefined;
  const [, written, suggestion] = m;
  const line = ws.lineText(file, d.range.start.line + 1);
  if (line === undefined) return undefined;
  const at = wordIn(line, written, d.range.start.character, d.range.end.character);
  if (at === undefined) return undefined;
  const range = { start: { line: d.range.start.line, character: at }, end: { line: d.range.start.line, character: at + written.length } };
  return {
    title: `Change '${written}' to '${suggestion}'`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    isPreferred: true,
    edit: { changes: { [uriOf(file)]: [{ range, newText: suggestion }] } },
  };
}
