/**
 * The formatter's spacing inside one logical line: whether one space or none stands between two tokens, decided by
 * the tokens alone (never by the spaces written), so that any spacing of a line formats to the same text.
 *
 * The rules, as the examples are written:
 * - one space around `<-`, `=` (none inside `( )`: `random(seed=1, low=-1)`), a declaration's `:` (`dram x : f32[..]`;
 *   a parameter's is `dst: f32[..]`), after `,`, between words; none inside brackets' edges, around `.`, `..`, `::`,
 *   before `(` and `[` after a name, after a unary operator;
 * - binary operators: inside `[ ]` and in a loop's range none (`x[r0*128 : r0*128+128]`, `0..K/KT`); elsewhere one
 *   space, except that in an expression mixing precedences the tightest binding arithmetic ones go without
 *   (`N - 2*TN`, `mask = r0*P + p < N`, but `p < 1 && f < 2`), as gofmt does;
 * - a slice's `:` has spaces when one of its bounds has an operator (`r0 : r0+2`), none otherwise (`0:128`).
 */
import * as lexer from './lexer';
import type { FormatToken } from './format-lines';

/** Read once: an imported binding compiled to CommonJS is a getter, and these are compared at every token. */
const { IDENT, NUMBER, PUNCT, STRING } = lexer;

/** Words after which an operator or a bracket starts an operand: `in -4..0`, `if (a)`, `return`. */
const OPERAND_KEYWORDS = new Set(['in', 'step', 'if', 'else', 'return', 'cores']);

const PRECEDENCE: Readonly<Record<string, number>> = {
  '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 3, '<=': 3, '>': 3, '>=': 3, '+': 4, '-': 4, '*': 5, '/': 5, '%': 5, '**': 6,
};

/** Comparisons and the logical operators always have spaces, as in gofmt: `a+b < c`, `p < 1 && f < 2`. */
const ADDITIVE = 4;

/** Ends of a segment: an expression does not run across them. */
const SEGMENT_ENDS = new Set([',', '=', '<-', ':', '{', '}', '..']);

/** Pairs of characters that lex as one token when written together. */
const GLUED = new Set(['::', '<-', '<=', '..', '**', '==', '!=', '>=', '&&', '||']);

/** What the spacing needs to know of each token of the line. */
interface TokenRole {
  /** The innermost open bracket around the token ('' at the line's level). */
  readonly bracket: string;
  unary: boolean;
  /** A binary operator written without spaces. */
  tight: boolean;
  /** A slice's `:` written with spaces. */
  spacedColon: boolean;
}

/** separators[i] is what stands between tokens[i - 1] and tokens[i] ('' for i = 0). */
export function separators(tokens: readonly FormatToken[]): string[] {
  const roles = tokenRoles(tokens);
  const out = [''];
  for (let i = 1; i < tokens.length; i++) {
    let sep = separator(tokens[i - 1], tokens[i], roles[i - 1], roles[i]);
    if (sep === '' && wouldGlue(tokens[i - 1], tokens[i])) sep = ' ';
    out.push(sep);
  }
  return out;
}

/** The last token of the statement's head: its first word, with a variant (`Assert.close`). */
export function headEnd(tokens: readonly FormatToken[]): number {
  if (tokens[0]?.kind !== IDENT) return -1;
  return tokens[1]?.text === '.' && tokens[2]?.kind === IDENT ? 2 : 0;
}

function tokenRoles(tokens: readonly FormatToken[]): TokenRole[] {
  const roles: TokenRole[] = [];
  const stack: string[] = [];
  const head = headEnd(tokens);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i].text;
    if (tokens[i].kind === PUNCT && (t === ')' || t === ']')) stack.pop();
    roles.push({ bracket: stack.at(-1) ?? '', unary: isUnary(tokens, i, head), tight: false, spacedColon: false });
    if (tokens[i].kind === PUNCT && (t === '(' || t === '[')) stack.push(t);
  }
  markTightOperators(tokens, roles, head);
  markSpacedColons(tokens, roles);
  return roles;
}

function isOperator(token: FormatToken): boolean {
  return token.kind === PUNCT && PRECEDENCE[token.text] !== undefined;
}

function isUnary(tokens: readonly FormatToken[], i: number, head: number): boolean {
  const t = tokens[i];
  if (t.kind !== PUNCT || (t.text !== '-' && t.text !== '+' && t.text !== '!')) return false;
  if (i === 0) return true;
  const before = tokens[i - 1];
  if (before.kind === NUMBER || before.kind === STRING) return false;
  if (before.kind === PUNCT) return before.text !== ')' && before.text !== ']';
  return i - 1 <= head || OPERAND_KEYWORDS.has(before.text);
}

/**
 * Binary operators inside `[ ]` and in a loop's range are tight; elsewhere, in each expression (a segment of one
 * bracket level between separators), those of the tightest precedence are when the expression mixes precedences.
 */
function markTightOperators(tokens: readonly FormatToken[], roles: TokenRole[], head: number): void {
  const inRange = loopRange(tokens, head);
  /** The binary operators of the open segment of each bracket level. */
  const segments: number[][] = [[]];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const text = t.text;
    if (t.kind === PUNCT && (text === '(' || text === '[')) {
      segments.push([]);
    } else if (t.kind === PUNCT && (text === ')' || text === ']')) {
      if (segments.length > 1) closeSegment(tokens, roles, segments.pop()!);
    } else if ((t.kind === PUNCT && SEGMENT_ENDS.has(text)) || (t.kind === IDENT && (i <= head || OPERAND_KEYWORDS.has(text)))) {
      closeSegment(tokens, roles, segments[segments.length - 1]);
      segments[segments.length - 1] = [];
    } else if (isOperator(t) && !roles[i].unary) {
      if (roles[i].bracket === '[' || inRange[i]) roles[i].tight = true;
      else segments[segments.length - 1].push(i);
    }
  }
  closeSegment(tokens, roles, segments[segments.length - 1]);
}

/** An expression's operators: those of the tightest precedence made tight when it mixes precedences. */
function closeSegment(tokens: readonly FormatToken[], roles: TokenRole[], ops: readonly number[]): void {
  let tightest = 0;
  let loosest = Infinity;
  for (const i of ops) {
    const p = PRECEDENCE[tokens[i].text];
    if (p > tightest) tightest = p;
    if (p < loosest) loosest = p;
  }
  if (tightest === loosest || tightest < ADDITIVE) return;
  for (const i of ops) if (PRECEDENCE[tokens[i].text] === tightest) roles[i].tight = true;
}

/** Which tokens are in a loop's range, `for r in A..B step C`: from after `in` to `{`. */
function loopRange(tokens: readonly FormatToken[], head: number): boolean[] {
  const inRange: boolean[] = new Array<boolean>(tokens.length).fill(false);
  if (head !== 0 || tokens[0].text !== 'for') return inRange;
  let on = false;
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i].kind === IDENT && tokens[i].text === 'in') on = true;
    else if (tokens[i].kind === PUNCT && tokens[i].text === '{') on = false;
    else inRange[i] = on;
  }
  return inRange;
}

/** In each index of a `[ ]`, the `:` have spaces when a bound of the index has a binary operator. */
function markSpacedColons(tokens: readonly FormatToken[], roles: TokenRole[]): void {
  /** Per open `[`: the colons of its current index, and whether that index has an operator. */
  const open: SliceIndex[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind !== PUNCT) continue;
    if (t.text === '[') {
      open.push({ colons: [], operator: false });
    } else if (t.text === ']') {
      finishIndex(roles, open.pop());
    } else if (open.length > 0 && roles[i].bracket === '[') {
      const index = open[open.length - 1];
      if (t.text === ',') {
        finishIndex(roles, index);
        open[open.length - 1] = { colons: [], operator: false };
      } else if (t.text === ':') {
        index.colons.push(i);
      }
    }
    if (open.length > 0 && isOperator(t) && !roles[i].unary) open[open.length - 1].operator = true;
  }
}

interface SliceIndex { readonly colons: number[]; operator: boolean }

function finishIndex(roles: TokenRole[], index: SliceIndex | undefined): void {
  if (index?.operator) for (const c of index.colons) roles[c].spacedColon = true;
}

/** Whether t is one of the punctuation tokens a, b, c (fixed parameters: this is called for every token). */
function isPunct(t: FormatToken, a: string, b?: string, c?: string): boolean {
  return t.kind === PUNCT && (t.text === a || t.text === b || t.text === c);
}

function separator(a: FormatToken, b: FormatToken, ra: TokenRole, rb: TokenRole): string {
  if (isPunct(a, '(', '[') || isPunct(b, ')', ']', ',')) return '';
  if (isPunct(a, ',')) return ' ';
  if (isPunct(a, '.', '..', '::') || isPunct(b, '.', '..', '::')) return '';
  // A bracket after a name called or indexed, a unary operator or a tight one is close: `f(`, `-(x)`, `B*(r0 + 1)`.
  if (isPunct(b, '(', '[')) return callable(a, ra) || ra.unary || (isOperator(a) && ra.tight) ? '' : ' ';
  if (ra.unary) return '';
  if (isPunct(b, ':')) return colonSpace(rb, a, true);
  if (isPunct(a, ':')) return colonSpace(ra, b, false);
  if (isPunct(a, '=') || isPunct(b, '=')) return (isPunct(a, '=') ? ra : rb).bracket === '(' ? '' : ' ';
  if (isOperator(a) && !ra.unary) return ra.tight ? '' : ' ';
  if (isOperator(b) && !rb.unary) return rb.tight ? '' : ' ';
  return ' ';
}

/** A name called or indexed (`f(`, `t[`, `f32[`, `x[0][1]`), not a keyword before a bracketed operand. */
function callable(a: FormatToken, ra: TokenRole): boolean {
  if (a.kind === IDENT) return !OPERAND_KEYWORDS.has(a.text) && !ra.unary;
  return isPunct(a, ')', ']');
}

/**
 * The space on one side of a `:`: a slice's, when spaced, except next to the edges of its index (`t[a+1 :]`); a
 * parameter's (inside `( )`) only after it; a declaration's on both sides.
 */
function colonSpace(role: TokenRole, other: FormatToken, before: boolean): string {
  const edge = isPunct(other, before ? '[' : ']', ',', ':');
  if (role.bracket === '[') return role.spacedColon && !edge ? ' ' : '';
  if (role.bracket === '(') return before ? '' : ' ';
  return ' ';
}

function word(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** Two tokens that would lex as another when written together: `<` `-`, `.` `5`, `1` `.T`. */
function wouldGlue(a: FormatToken, b: FormatToken): boolean {
  const first = b.text.charCodeAt(0);
  if (GLUED.has(a.text.at(-1)! + b.text[0])) return true;
  if ((a.kind === NUMBER || a.kind === IDENT) && word(first)) return true;
  // `0..4` lexes as written, `1.` `T` would not; a lone `.` before digits would start a number.
  if (a.kind === NUMBER && b.text === '.') return true;
  return a.text === '.' && first >= 48 && first <= 57;
}
