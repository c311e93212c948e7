/**
 * The bound on every answer of the agent tools: a model reads each one whole, so none is longer than
 * MAX_ANSWER_CHARS characters of JSON. A list that does not fit is cut, and the answer's `more` holds a cursor that
 * asks for the rest; a cursor names its answer and the stop it was made at, so that a stale one is refused, not
 * misread.
 */
import { ToolError } from './tool-errors';

/** About 2,000 tokens: a stop's whole context, with room for the reasoning about it. */
export const MAX_ANSWER_CHARS = 8000;

/** Room kept for the `more` field of a cut list. */
const MORE_ROOM = 240;

/** The answer's length as the model reads it. */
export function answerSize(value: unknown): number {
  return JSON.stringify(value).length;
}

/** A text no longer than `max` characters: cut with a note of how much was left out. */
export function clip(text: string, max = 400): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… (${(text.length - max).toLocaleString('en-US')} more characters)`;
}

/**
 * A number with 9 significant digits, which hold every f32 value exactly (an f64 value to 9 digits): half the
 * characters of a double's shortest text.
 */
export function short<T>(x: T): T {
  return (typeof x === 'number' && Number.isFinite(x) ? Number(x.toPrecision(9)) : x) as T;
}

/** How many of the items, from the first, fit in `room` characters of a JSON array. */
function fitting(items: readonly unknown[], room: number): number {
  let used = 2;
  for (let i = 0; i < items.length; i++) {
    used += answerSize(items[i]) + (i > 0 ? 1 : 0);
    if (used > room) return i;
  }
  return items.length;
}

/** How to ask for the rest of a cut list. */
export interface MoreOf {
  readonly tool: string;
  /** The cursor of the item at an index. */
  readonly cursor: (next: number) => string;
}

/**
 * The answer `base` with as many of `items` under `key` as fit in the bound (at least one when any fits), from
 * index `start` of the whole list; when some are left, `more` says how many and gives the cursor of the next.
 */
export function withList<T>(base: Record<string, unknown>, key: string, items: readonly T[], start: number, more: MoreOf): Record<string, unknown> {
  const room = MAX_ANSWER_CHARS - answerSize({ ...base, [key]: [] }) - MORE_ROOM;
  const n = fitting(items, room);
  const answer: Record<string, unknown> = { ...base, [key]: items.slice(0, n) };
  if (n < items.length) {
    answer.more = { [key]: items.length - n, cursor: more.cursor(start + n), how: `call ${more.tool} again with this cursor for the rest` };
  }
  return answer;
}

/** A cursor: what it continues, the stop it belongs to, and where. */
export function makeCursor(kind: string, stop: number, ...numbers: number[]): string {
  return [kind, stop, ...numbers].join(':');
}

/** The numbers of a cursor of this kind made at this stop; refused, with what to do, otherwise. */
export function readCursor(tool: string, cursor: string, kind: string, stop: number, count: number): number[] {
  const parts = cursor.split(':');
  const numbers = parts.slice(1).map(Number);
  if (parts[0] !== kind || numbers.length !== count + 1 || !numbers.every((n) => Number.isSafeInteger(n) && n >= 0)) {
    throw new ToolError(`${tool}: '${clip(cursor, 40)}' is not a cursor of ${tool}: pass the more.cursor of an earlier ${tool} answer, or none`);
  }
  if (numbers[0] !== stop) throw new ToolError(`${tool}: the cursor is of an earlier stop (the session has moved since): call ${tool} again without it`);
  return numbers.slice(1);
}
