/**
 * A BIR text as the formatter reads it: logical lines of tokens (a line the lexer ends with a newline token; the
 * newlines inside `( )` and `[ ]` are not tokens, so a wrapped operand list is one logical line), with the comments
 * and the line breaks found in the gaps between the tokens. The lexer drops comments; they are found again in those
 * gaps, where nothing but blanks, newlines and comments can be.
 */
import { DiagnosticBag } from './diagnostics';
import * as lexer from './lexer';
import { TokenStream } from './lexer';

/** Read once: an imported binding compiled to CommonJS is a getter, and these are compared at every token. */
const { EOF, NEWLINE } = lexer;
/** The gap of most tokens: one array for all of them. */
const NO_GAP: readonly GapItem[] = Object.freeze([]);

export interface FormatToken {
  readonly kind: number;
  /** As written (a string with its quotes and escapes, a number as spelled). */
  readonly text: string;
}

/** What is between two tokens of a logical line: comments and line breaks, in order (blanks are not kept). */
export type GapItem = { readonly comment: string } | 'break';

export interface LogicalLine {
  readonly tokens: FormatToken[];
  /** gaps[i] is what stands between tokens[i - 1] and tokens[i]; gaps[0] is always empty. */
  readonly gaps: (readonly GapItem[])[];
  /** The comment that ends the line, or the whole line's comment when it has no tokens. */
  trailing?: string;
  /** The lines of the text it spans (from 1): a logical line starts where the one before it ended. */
  firstLine: number;
  lastLine: number;
}

/** The logical lines of a text that lexes without mistakes. */
export function logicalLines(text: string, file: string): LogicalLine[] {
  const lines: LogicalLine[] = [];
  forEachLogicalLine(text, file, (l) => lines.push(l));
  return lines;
}

/** Each logical line of a text that lexes without mistakes, in order, without holding them all. */
export function forEachLogicalLine(text: string, file: string, visit: (line: LogicalLine) => void): void {
  const stream = new TokenStream(text, file, new DiagnosticBag());
  let line: LogicalLine = { tokens: [], gaps: [], firstLine: 1, lastLine: 1 };
  let previousEnd = 0;
  for (let i = 0; ; i++) {
    const s = stream.slot(i);
    const kind = stream.kinds[s];
    const start = stream.starts[s];
    const gap = gapItems(text, previousEnd, start);
    if (kind === EOF) break;
    if (kind === NEWLINE) {
      const comment = gap.find((g): g is { comment: string } => g !== 'break');
      if (comment) line.trailing = comment.comment;
      line.lastLine = stream.lines[s];
      visit(line);
      line = { tokens: [], gaps: [], firstLine: line.lastLine + 1, lastLine: line.lastLine + 1 };
      // A newline token stands at its '\n' and is empty: the character itself is passed over here.
      previousEnd = text.charCodeAt(start) === 10 ? start + 1 : start;
    } else {
      line.gaps.push(line.tokens.length === 0 ? NO_GAP : gap);
      line.tokens.push({ kind, text: text.slice(start, stream.ends[s]) });
      previousEnd = stream.ends[s];
    }
    stream.release(i);
  }
  if (line.tokens.length > 0) visit(line);
}

/** The comments and line breaks of text[from, to), where only blanks, newlines and comments can be. */
function gapItems(text: string, from: number, to: number): readonly GapItem[] {
  let items: GapItem[] | undefined;
  for (let pos = from; pos < to; pos++) {
    const c = text.charCodeAt(pos);
    if (c === 10) {
      if (items?.at(-1) !== 'break') (items ??= []).push('break');
    } else if (c === 35) {
      const end = text.indexOf('\n', pos);
      const stop = end < 0 || end > to ? to : end;
      (items ??= []).push({ comment: text.slice(pos, stop).trimEnd() });
      pos = stop - 1;
    }
  }
  return items ?? NO_GAP;
}
