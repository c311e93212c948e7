/** Where registers are read on lines of a function, for inline values at line ends. Pure text logic. */
import { REGISTER_NAME } from '../engine/machine/limits';

export interface RegisterUse {
  /** 0-based line. */
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly name: string;
}

const REGISTER = new RegExp(`\\b(${REGISTER_NAME}|core|ncores)\\b`, 'g');

/** Registers on each line from `first` to `last` (0-based, inclusive), comments excluded; one use per name per line. */
export function registerUses(lines: readonly string[], first: number, last: number): RegisterUse[] {
  const out: RegisterUse[] = [];
  for (let l = Math.max(0, first); l <= Math.min(last, lines.length - 1); l++) {
    const code = stripComment(lines[l]);
    const seen = new Set<string>();
    for (const m of code.matchAll(REGISTER)) {
      if (seen.has(m[1]) || insideString(code, m.index!)) continue;
      seen.add(m[1]);
      out.push({ line: l, start: m.index!, end: m.index! + m[1].length, name: m[1] });
    }
  }
  return out;
}

function stripComment(line: string): string {
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"' && line[i - 1] !== '\\') inString = !inString;
    if (line[i] === '#' && !inString) return line.slice(0, i);
  }
  return line;
}

function insideString(line: string, index: number): boolean {
  let inString = false;
  for (let i = 0; i < index; i++) if (line[i] === '"' && line[i - 1] !== '\\') inString = !inString;
  return inString;
}

/** The first line (0-based) of the function that contains `line`: the nearest `func` line above it. */
export function functionStart(lines: readonly string[], line: number): number {
  for (let l = Math.min(line, lines.length - 1); l >= 0; l--) if (/^\s*func\b/.test(lines[l])) return l;
  return 0;
}
