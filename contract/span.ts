/** Positions in BIR source text. Lines and columns count from 1, as editors and diagnostics show them. */
export interface Span {
  readonly file: string;
  readonly line: number;
  readonly col: number;
  readonly endLine: number;
  /** Column just past the last character. */
  readonly endCol: number;
}
