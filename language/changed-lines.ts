/**
 * What an edit changed, as whole lines: the lines where the text before and the text after differ, and whether they
 * are plain instruction lines (nothing that declares, opens or closes a block, or calls). The incremental check and
 * the incremental index both start from it.
 */
import { OPCODES } from '../engine/ir/opcodes';

export interface ChangedLines {
  /** 1-based, inclusive: lines first..lastBefore of the base became lines first..lastAfter; the lines after them moved by the difference. */
  readonly first: number;
  readonly lastBefore: number;
  readonly lastAfter: number;
  readonly before: readonly string[];
  readonly after: readonly string[];
  /** The offset of line `first` (the same in both texts), and where the changed lines end in the text after. */
  readonly start: number;
  readonly endAfter: number;
}

/** Where a line of the base is in the edited text (a line outside the changed ones). */
export function moved(line: number, changed: ChangedLines): number {
  return line > changed.lastBefore ? line + changed.lastAfter - changed.lastBefore : line;
}

/** The whole lines where two different texts differ (none on one side for lines added or removed). */
export function changedLines(before: string, after: string): ChangedLines {
  // The lines before the first difference are the same; the same lines end both texts after the last one.
  const start = before.lastIndexOf('\n', commonPrefix(before, after) - 1) + 1;
  let endB = before.length - commonSuffix(before, after, start);
  if (endB > 0 && before.charCodeAt(endB - 1) !== 10) {
    const nl = before.indexOf('\n', endB);
    endB = nl < 0 ? before.length : nl + 1;
  }
  const endA = after.length - (before.length - endB);
  const linesOf = (t: string): string[] => (t === '' ? [] : t.replace(/\n$/, '').split('\n'));
  const before_ = linesOf(before.slice(start, endB));
  const after_ = linesOf(after.slice(start, endA));
  let first = 1;
  for (let i = before.indexOf('\n'); i >= 0 && i < start; i = before.indexOf('\n', i + 1)) first++;
  return { first, lastBefore: first + before_.length - 1, lastAfter: first + after_.length - 1, before: before_, after: after_, start, endAfter: endA };
}

/** Blocks compared as strings (the engine compares them as memory) before characters one by one: a 4 MB file in milliseconds. */
const BLOCK = 4096;

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i + BLOCK <= n && a.slice(i, i + BLOCK) === b.slice(i, i + BLOCK)) i += BLOCK;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** The length of the common end of two texts that leaves their first `start` characters out of it. */
function commonSuffix(a: string, b: string, start: number): number {
  const max = Math.min(a.length, b.length) - start;
  let k = 0;
  while (k + BLOCK <= max && a.slice(a.length - k - BLOCK, a.length - k) === b.slice(b.length - k - BLOCK, b.length - k)) k += BLOCK;
  while (k < max && a.charCodeAt(a.length - 1 - k) === b.charCodeAt(b.length - 1 - k)) k++;
  return k;
}

const STATEMENT_WORDS = new Set(['Set', 'Print', 'Assert', 'Barrier']);

/** A blank line, a comment, or an instruction alone on its line: nothing that declares, opens or closes a block, or calls. */
export function plainLine(line: string): boolean {
  const t = line.trim();
  if (t === '' || t.startsWith('#')) return true;
  const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(t)?.[0];
  if (!word || !(OPCODES.has(word) || STATEMENT_WORDS.has(word))) return false;
  const code = t.replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/#.*$/, '');
  return !code.includes('{') && !code.includes('}');
}
