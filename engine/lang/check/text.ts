import { Span } from '../source';

/** The source text a span covers, given the file split into lines (for messages that quote operands). */
export function spanText(lines: readonly string[], span: Span): string {
  if (span.line === span.endLine) return (lines[span.line - 1] ?? '').slice(span.col - 1, span.endCol - 1);
  const parts = [(lines[span.line - 1] ?? '').slice(span.col - 1)];
  for (let l = span.line + 1; l < span.endLine; l++) parts.push(lines[l - 1] ?? '');
  parts.push((lines[span.endLine - 1] ?? '').slice(0, span.endCol - 1));
  return parts.map((p) => p.trim()).join(' ');
}
