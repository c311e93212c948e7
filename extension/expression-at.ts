/**
 * The expression a hover at a column means: the whole access pattern around it (`acc[0:4, r0*8 : r0*8+8]`,
 * `x.T`, `b[0:128, 0:1].bcast(4)`), a register, or a name. Pure text logic, so that it is tested without VS Code.
 */
import { REGISTER_NAME } from '../engine/machine/limits';

export interface ExpressionRange {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;

/** Start and end (exclusive) of every identifier on the line. */
function words(line: string): { start: number; end: number; text: string }[] {
  const out: { start: number; end: number; text: string }[] = [];
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '#') break;
    if (/[A-Za-z_]/.test(line[i]) && (i === 0 || !/[A-Za-z0-9_]/.test(line[i - 1]))) {
      WORD.lastIndex = i;
      const m = WORD.exec(line)!;
      out.push({ start: i, end: i + m[0].length, text: m[0] });
      i += m[0].length - 1;
    }
  }
  return out;
}

/** The index just past the bracket that closes the one at `open`, or -1. */
function closing(line: string, open: number): number {
  const pairs: Record<string, string> = { '[': ']', '(': ')' };
  const stack: string[] = [];
  for (let i = open; i < line.length; i++) {
    const c = line[i];
    if (c === '[' || c === '(') stack.push(pairs[c]);
    else if (c === ']' || c === ')') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i + 1;
    }
  }
  return -1;
}

/** Extends an expression that starts with a name over its index and its views (`.T`, `.bcast(n)`). */
function extend(line: string, end: number): number {
  let i = end;
  while (i < line.length) {
    if (line[i] === '[') {
      const close = closing(line, i);
      if (close < 0) return i;
      i = close;
    } else if (line.startsWith('.T', i) && !/[A-Za-z0-9_]/.test(line[i + 2] ?? '')) {
      i += 2;
    } else if (line.startsWith('.bcast(', i)) {
      const close = closing(line, i + 6);
      if (close < 0) return i;
      i = close;
    } else {
      return i;
    }
  }
  return i;
}

const KEYWORDS = new Set(['module', 'import', 'const', 'dram', 'sbuf', 'psum', 'func', 'for', 'in', 'step', 'if', 'else', 'call', 'return', 'input', 'output', 'Set']);

/**
 * The evaluatable expression at `column` (0-based) of `line`, or undefined. Inside the brackets of an access
 * pattern the whole pattern is meant, not the word under the pointer.
 */
export function expressionAt(line: string, column: number): ExpressionRange | undefined {
  const all = words(line);
  const firstWord = all[0];
  const candidates = all
    .filter((w) => isValueWord(line, w, w === firstWord))
    .map((w) => {
      const end = extend(line, w.end);
      return { start: w.start, end, text: line.slice(w.start, end) };
    });
  // The outermost pattern that contains the column: a register inside `acc[r0 : r0 + 4]` means the pattern.
  const containing = candidates.filter((c) => column >= c.start && column < c.end);
  if (containing.length === 0) return undefined;
  containing.sort((a, b) => a.start - b.start || b.end - a.end);
  return containing[0];
}

const REGISTER = new RegExp(`^(${REGISTER_NAME}|core|ncores)$`);

/** Keywords, the opcode that starts a statement and attribute names (`func = relu`) are not values. */
function isValueWord(line: string, w: { start: number; end: number; text: string }, first: boolean): boolean {
  if (REGISTER.test(w.text)) return true;
  if (KEYWORDS.has(w.text) || first) return false;
  if (line[w.start - 1] === '.') return false;
  return !/^\s*=(?!=)/.test(line.slice(w.end));
}
