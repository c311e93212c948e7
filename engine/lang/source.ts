/** Positions in BIR source text. Lines and columns count from 1, as editors and diagnostics show them. */

export interface Span {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  /** Column just past the last character. */
  readonly endCol: number;
}

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
