/**
 * What the cursor is in, read from its line with the engine's lexer: the statement's first word, the instruction's
 * items before the cursor, the attribute being written. Completion, hover and signature help read it; it works on a
 * half-typed line, which the parser would drop.
 */
import { DiagnosticBag } from '../engine/lang/diagnostics';
import { Token, tokenize } from '../engine/lang/lexer';

export interface LineContext {
  /** The line's tokens (newlines and the end dropped). */
  readonly tokens: readonly Token[];
  /** The index of the token under or just before the cursor, -1 when none. */
  readonly at: number;
  /** The word being typed at the cursor (empty between words), and its start column (1-based). */
  readonly prefix: string;
  readonly prefixStart: number;
  /** The statement's first word, with a `.variant` (`Assert.close`). */
  readonly head?: string;
  /** For an instruction: which item the cursor is in (0 the first after the opcode), whether after `<-`. */
  readonly item: number;
  readonly afterArrow: boolean;
  /** The attribute whose value the cursor is in (`op = |`). */
  readonly attribute?: string;
  /** The cursor is after `::` following this module name. */
  readonly qualifier?: string;
  /** The cursor follows a ':' of a declaration (a type is expected). */
  readonly inType: boolean;
  /**
   * The cursor is inside the brackets of `name[...]`: the name, which bracket after it (`acc[r1][0][` is the third,
   * 2) and which dimension of that bracket (the commas before the cursor in it).
   */
  readonly index?: { readonly name: string; readonly bracket: number; readonly dim: number };
}

/** The context of the cursor at a 1-based column of a line. */
export function lineContext(line: string, col: number): LineContext {
  const tokens = tokenize(line, '', new DiagnosticBag()).filter((t) => t.kind !== 'newline' && t.kind !== 'eof');
  const before = tokens.filter((t) => t.span.col < col);
  const last = before[before.length - 1];
  const typing = last && last.kind === 'ident' && last.span.endCol === col;
  const prefix = typing ? last.text : '';
  const prefixStart = typing ? last.span.col : col;
  const done = typing ? before.slice(0, -1) : before;
  let head = tokens[0]?.kind === 'ident' ? tokens[0].text : undefined;
  if (head && tokens[1]?.text === '.' && tokens[2]?.kind === 'ident') head = `${head}.${tokens[2].text}`;
  let item = 0;
  let afterArrow = false;
  let depth = 0;
  let itemStart = 1;
  for (let i = 1; i < done.length; i++) {
    const t = done[i];
    if (t.kind !== 'punct') continue;
    if (t.text === '(' || t.text === '[') depth++;
    else if (t.text === ')' || t.text === ']') depth--;
    else if (depth === 0 && (t.text === ',' || t.text === '<-')) {
      item++;
      itemStart = i + 1;
      if (t.text === '<-') afterArrow = true;
    }
  }
  const current = done.slice(itemStart);
  const attribute = depth === 0 && current.length >= 2 && current[0].kind === 'ident' && current[1].text === '=' ? current[0].text : undefined;
  const qualifier = done.length >= 2 && done[done.length - 1].text === '::' && done[done.length - 2].kind === 'ident' ? done[done.length - 2].text : undefined;
  const inType = done.some((t) => t.text === ':') && depth === 0 && ['sbuf', 'psum', 'dram', 'func'].includes(tokens[0]?.text ?? '') && !done.some((t) => t.text === '[' && t.span.col > (done.find((d) => d.text === ':')?.span.col ?? 0));
  const at = tokens.findIndex((t) => t.span.col <= col && col <= t.span.endCol);
  return { tokens, at, prefix, prefixStart, head, item, afterArrow, attribute, qualifier, inType, index: openIndex(done) };
}

/** The innermost `[` left open in these tokens, when it follows a name and its closed brackets (see LineContext). */
function openIndex(done: readonly Token[]): LineContext['index'] {
  let depth = 0;
  let dim = 0;
  let i = done.length - 1;
  for (; i >= 0; i--) {
    const t = done[i].text;
    if (done[i].kind !== 'punct') continue;
    if (t === ']' || t === ')') depth++;
    else if ((t === '[' || t === '(') && depth > 0) depth--;
    else if (t === '(') return undefined;
    else if (t === '[') break;
    else if (t === ',' && depth === 0) dim++;
  }
  if (i < 0) return undefined;
  // Back over the closed brackets right before it, to the name they follow.
  let bracket = 0;
  let j = i - 1;
  while (j >= 0 && done[j].text === ']') {
    let level = 0;
    for (; j >= 0; j--) {
      if (done[j].text === ']') level++;
      else if (done[j].text === '[' && --level === 0) break;
    }
    if (j < 0) return undefined;
    bracket++;
    j--;
  }
  return j >= 0 && done[j].kind === 'ident' ? { name: done[j].text, bracket, dim } : undefined;
}

/** Where `word` stands as a whole word in line[from, to) (the diagnostic's range may cover more, as `m::f`). */
export function wordIn(line: string, word: string, from: number, to: number): number | undefined {
  const isWord = (c: string | undefined): boolean => c !== undefined && /[A-Za-z0-9_]/.test(c);
  for (let at = line.indexOf(word, from); at >= 0 && at + word.length <= Math.max(to, from + word.length); at = line.indexOf(word, at + 1)) {
    if (!isWord(line[at - 1]) && !isWord(line[at + word.length])) return at;
  }
  return undefined;
}
