/** Positions in BIR source text (the Span type is the contract's, shared with the extension and the webview). */
import type { Span } from '../../contract/span';

export type { Span };

export function spanBetween(start: Span, end: Span): Span {
  return { file: start.file, line: start.line, col: start.col, endLine: end.endLine, endCol: end.endCol };
}

export function formatSpan(span: Span): string {
  return `${span.file}:${span.line}:${span.col}`;
}

/** A span that covers no text: for things that have no origin in a file (generated code, whole-file errors). */
export function fileStart(file: string): Span {
  return { file, line: 1, col: 1, endLine: 1, endCol: 1 };
}

/** The source text a span covers, given the file split into lines (for messages that quote operands). */
export function spanText(lines: readonly string[], span: Span): string {
  if (span.line === span.endLine) return (lines[span.line - 1] ?? '').slice(span.col - 1, span.endCol - 1);
  const parts = [(lines[span.line - 1] ?? '').slice(span.col - 1)];
  for (let l = span.line + 1; l < span.endLine; l++) parts.push(lines[l - 1] ?? '');
  parts.push((lines[span.endLine - 1] ?? '').slice(0, span.endCol - 1));
  return parts.map((p) => p.trim()).join(' ');
}
