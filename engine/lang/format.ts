/**
 * The canonical layout of a BIR file (`bir-sim fmt`, the language server's formatting). It is built on the lexer's
 * tokens and the comments between them, so it changes only blanks: the tokens, their order, the comments and the
 * line structure stay, and the program it reads as is the same. A file that does not parse is refused, with its
 * mistakes, rather than laid out. Formatting its own output changes nothing (the layout depends on the tokens,
 * never on the blanks written).
 *
 * The layout: two spaces per level of `{ }`; the spacing of format-spacing.ts inside a line; consecutive lines of one
 * kind at one level aligned in columns (declarations at their `:` and, for `dram`, after the type; constants at
 * their `=`; instructions with a destination at the destination and at `<-`); consecutive trailing comments aligned,
 * two spaces after the longest line; a line wrapped inside brackets kept wrapped where it was, its continuation lines
 * four spaces in (a closing bracket that starts one, two); at most one blank line in a row, none at the start or end
 * of the file or of a block; lines ending as the file's first does. Comments are kept as written (without trailing
 * blanks). Long lines are left long.
 */
import { Diagnostic, DiagnosticBag } from './diagnostics';
import * as lexer from './lexer';
import { parseOutline } from './parser';
import { FormatToken, forEachLogicalLine, LogicalLine } from './format-lines';
import { headEnd, separators } from './format-spacing';

export type FormatResult = { readonly text: string; readonly refused?: undefined } | { readonly text?: undefined; readonly refused: readonly Diagnostic[] };

/** The layout of the lines firstLine to lastLine of the text (from 1): a logical line, or a blank one. */
export interface FormattedLines {
  readonly firstLine: number;
  readonly lastLine: number;
  /** Without their newlines; none for a blank line dropped. */
  readonly lines: readonly string[];
}

export type FormatLinesResult = { readonly rows: readonly FormattedLines[]; readonly refused?: undefined } | { readonly rows?: undefined; readonly refused: readonly Diagnostic[] };

/** Read once: an imported binding compiled to CommonJS is a getter, and these are compared at every token. */
const { IDENT, PUNCT } = lexer;

const INDENT = '  ';
const CONTINUATION = '    ';
const COMMENT_GAP = '  ';
/** Words that start a statement or a declaration other than an instruction. */
const STATEMENT_WORDS = new Set(['module', 'import', 'const', 'cores', 'dram', 'sbuf', 'psum', 'func', 'for', 'if', 'else', 'call', 'return', 'Set']);

/**
 * The formatted text, or the file's syntax errors when it does not parse. Its lines end as the text's first line
 * does (`\r\n` or `\n`), so that a Windows file stays one.
 */
export function formatBir(text: string, file: string): FormatResult {
  const r = formatLines(text, file);
  if (r.refused) return r;
  const lines = r.rows.flatMap((row) => row.lines);
  const newline = text.charCodeAt(text.indexOf('\n') - 1) === 13 ? '\r\n' : '\n';
  return { text: lines.length === 0 ? '' : `${lines.join(newline)}${newline}` };
}

/** The formatted text line by line, with the lines of the text each part replaces (for an editor's edits). */
export function formatLines(text: string, file: string): FormatLinesResult {
  const bag = new DiagnosticBag();
  // Every mistake of the file, bodies included, without keeping their statements.
  parseOutline(text, file, bag);
  if (bag.hasErrors) return { refused: bag.sorted().filter((d) => d.severity === 'error') };
  const rows = layoutRows(text, file);
  const out = layout(rows);
  return { rows: rows.map((r, i) => ({ firstLine: r.firstLine, lastLine: r.lastLine, lines: out[i] })) };
}

/** One logical line laid out: its cells (one, unless it aligns with its neighbours) or its wrapped lines. */
interface Row {
  readonly indent: string;
  /** 'blank', 'comment' (a line of only a comment), 'wrapped', or the kind of cells: 'decl', 'const', 'instr', 'line'. */
  readonly kind: string;
  readonly cells: string[];
  readonly comment?: string;
  /** Ends with `{`: no blank line after it. */
  readonly opens: boolean;
  /** Starts with `}`: no blank line before it. */
  readonly closes: boolean;
  /** The lines of the text it replaces. */
  readonly firstLine: number;
  readonly lastLine: number;
}

/** Each logical line as a row, its tokens dropped once it is laid out. */
function layoutRows(text: string, file: string): Row[] {
  const rows: Row[] = [];
  let depth = 0;
  forEachLogicalLine(text, file, (line) => {
    const t = line.tokens;
    const closes = t.length > 0 && isPunct(t[0], '}');
    const indent = INDENT.repeat(Math.max(0, depth - (closes ? 1 : 0)));
    for (const token of t) if (isPunct(token, '{')) depth++;
    else if (isPunct(token, '}')) depth = Math.max(0, depth - 1);
    rows.push(row(line, indent, closes));
  });
  return rows;
}

/** Each row's lines of output. */
function layout(rows: Row[]): string[][] {
  alignCells(rows);
  const code = rows.map((r) => (r.kind === 'wrapped' ? r.cells : [r.indent + r.cells.join('')]));
  alignComments(rows, code);
  return emit(rows, code);
}

function row(line: LogicalLine, indent: string, closes: boolean): Row {
  const t = line.tokens;
  const opens = t.length > 0 && isPunct(t[t.length - 1], '{');
  const made = (kind: string, cells: string[]): Row => ({ indent, kind, cells, comment: line.trailing, opens, closes, firstLine: line.firstLine, lastLine: line.lastLine });
  if (t.length === 0) return made(line.trailing === undefined ? 'blank' : 'comment', []);
  const seps = separators(t);
  if (isWrapped(line)) return made('wrapped', wrapped(line, seps, indent));
  const { kind, starts } = cellStarts(t);
  const cells: string[] = [];
  for (let k = 0; k < starts.length; k++) cells.push(joined(t, seps, starts[k], k + 1 < starts.length ? starts[k + 1] : t.length));
  return made(kind, cells);
}

function isWrapped(line: LogicalLine): boolean {
  for (const g of line.gaps) if (g.length > 0) return true;
  return false;
}

/** The tokens [from, to) with their separators. */
function joined(t: readonly FormatToken[], seps: readonly string[], from: number, to: number): string {
  let s = t[from].text;
  for (let i = from + 1; i < to; i++) s += seps[i] + t[i].text;
  return s;
}

/** Where a line's cells start, by its kind: the columns it shares with neighbours of its kind. */
function cellStarts(t: readonly FormatToken[]): { kind: string; starts: number[] } {
  const first = t[0].kind === IDENT ? t[0].text : '';
  if ((first === 'dram' || first === 'sbuf' || first === 'psum') && t[1]?.kind === IDENT && isPunct(t[2], ':')) {
    const typeEnd = closingBracket(t, 4);
    // What follows the type is a column: a dram's role, an allocation's place (its ',' stays with the type).
    const rest = typeEnd === undefined ? undefined : isPunct(t[typeEnd + 1], ',') ? typeEnd + 2 : typeEnd + 1;
    return { kind: 'decl', starts: rest !== undefined && rest < t.length ? [0, 2, rest] : [0, 2] };
  }
  if (first === 'const' && isPunct(t[2], '=')) return { kind: 'const', starts: [0, 2] };
  const head = headEnd(t);
  let arrow = -1;
  for (let i = 0; i < t.length && arrow < 0; i++) if (isPunct(t[i], '<-')) arrow = i;
  if (head >= 0 && !STATEMENT_WORDS.has(first) && arrow > head + 1 && depthAt(t, arrow) === 0) return { kind: 'instr', starts: [0, head + 1, arrow] };
  return { kind: 'line', starts: [0] };
}

/** The index of the bracket that closes the one at `open`, or undefined. */
function closingBracket(t: readonly FormatToken[], open: number): number | undefined {
  if (!isPunct(t[open], '[')) return undefined;
  let depth = 0;
  for (let i = open; i < t.length; i++) {
    if (isPunct(t[i], '(', '[')) depth++;
    else if (isPunct(t[i], ')', ']') && --depth === 0) return i;
  }
  return undefined;
}

function depthAt(t: readonly FormatToken[], at: number): number {
  let depth = 0;
  for (let i = 0; i < at; i++) {
    if (isPunct(t[i], '(', '[')) depth++;
    else if (isPunct(t[i], ')', ']')) depth--;
  }
  return depth;
}

/** A line wrapped inside brackets, broken where it was, with the comments of its breaks. */
function wrapped(line: LogicalLine, seps: readonly string[], indent: string): string[] {
  const out: string[] = [];
  let text = '';
  let lineIndent = indent;
  const endLine = (): void => {
    if (text !== '') out.push(lineIndent + text);
    text = '';
    lineIndent = indent + CONTINUATION;
  };
  line.tokens.forEach((token, i) => {
    for (const item of line.gaps[i]) {
      if (item === 'break') endLine();
      else text += (text === '' ? '' : COMMENT_GAP) + item.comment;
    }
    if (text === '') {
      if (i > 0 && isPunct(token, ')', ']')) lineIndent = indent + INDENT;
      text = token.text;
    } else {
      text += seps[i] + token.text;
    }
  });
  endLine();
  return out;
}

/** Runs of consecutive rows of one kind and indent: every cell but each row's last padded to the run's widest. */
function alignCells(rows: Row[]): void {
  for (let start = 0; start < rows.length;) {
    let end = start + 1;
    const { kind, indent } = rows[start];
    const aligns = kind === 'decl' || kind === 'const' || kind === 'instr';
    while (aligns && end < rows.length && rows[end].kind === kind && rows[end].indent === indent) end++;
    if (aligns && end - start > 1) padRun(rows.slice(start, end));
    start = end;
  }
  for (const r of rows) if (r.kind !== 'wrapped') for (let k = 0; k + 1 < r.cells.length; k++) r.cells[k] += ' ';
}

/**
 * Pads a run's columns. The opcodes of instructions align over the whole run; the other columns (names,
 * destinations, types) in sections, a new one where a cell is more than twice as wide, or less than half as wide, as
 * the cell above it and they differ by more than four characters, so that one long destination does not push a column
 * of short ones far right (as gofmt breaks its alignment at a jump in width).
 */
function padRun(run: readonly Row[]): void {
  const columns = Math.max(...run.map((r) => r.cells.length)) - 1;
  for (let k = 0; k < columns; k++) {
    const padded = run.filter((r) => k + 1 < r.cells.length);
    const whole = k === 0 && run[0].kind === 'instr';
    for (const section of whole ? [padded.map((_, i) => i)] : sections(padded.map((r) => r.cells[k].length))) {
      const width = Math.max(...section.map((i) => padded[i].cells[k].length));
      for (const i of section) padded[i].cells[k] = padded[i].cells[k].padEnd(width);
    }
  }
}

/** The indices of widths, cut where a width jumps from the one before it. */
function sections(widths: readonly number[]): number[][] {
  const out: number[][] = [];
  widths.forEach((w, i) => {
    const before = widths[i - 1];
    const jump = i > 0 && Math.abs(w - before) > 4 && (w > 2 * before || 2 * w < before);
    if (i === 0 || jump) out.push([i]);
    else out[out.length - 1].push(i);
  });
  return out;
}

/** Runs of consecutive one-line rows with trailing comments: each comment two spaces after the run's longest code. */
function alignComments(rows: readonly Row[], code: string[][]): void {
  const commented = (i: number): boolean => i < rows.length && rows[i].comment !== undefined && (rows[i].kind !== 'comment' && rows[i].kind !== 'blank');
  for (let start = 0; start < rows.length;) {
    if (!commented(start)) {
      start++;
      continue;
    }
    let end = start + 1;
    if (rows[start].kind !== 'wrapped') while (commented(end) && rows[end].kind !== 'wrapped') end++;
    const width = Math.max(...code.slice(start, end).map((c) => c[c.length - 1].length));
    for (let i = start; i < end; i++) {
      const c = code[i];
      c[c.length - 1] = c[c.length - 1].padEnd(width) + COMMENT_GAP + rows[i].comment;
    }
    start = end;
  }
}

/** The rows as lines: comment lines at their level, blank lines collapsed and dropped where a block starts or ends. */
function emit(rows: readonly Row[], code: readonly string[][]): string[][] {
  let written = false;
  let blankPending = -1;
  const out: string[][] = rows.map(() => []);
  rows.forEach((r, i) => {
    if (r.kind === 'blank') {
      if (written && blankPending < 0) blankPending = i;
      return;
    }
    if (blankPending >= 0 && !r.closes && !rows[lastFilled(rows, i)]?.opens) out[blankPending].push('');
    blankPending = -1;
    written = true;
    if (r.kind === 'comment') out[i].push(r.indent + r.comment);
    else out[i].push(...code[i]);
  });
  return out;
}

/** The last row before i that is not blank. */
function lastFilled(rows: readonly Row[], i: number): number {
  let j = i - 1;
  while (j >= 0 && rows[j].kind === 'blank') j--;
  return j;
}

/** Whether t is one of the punctuation tokens a, b (fixed parameters: this is called for every token). */
function isPunct(t: FormatToken | undefined, a: string, b?: string): boolean {
  return t !== undefined && t.kind === PUNCT && (t.text === a || t.text === b);
}
