/**
 * The elements a mask keeps, as boxes of the destination's index space: an instruction under a mask runs once per box
 * on sub-views of its operands, so that masked-out elements are neither read nor computed nor written (NKI's mask
 * semantics). A mask whose every comparison bounds one index (`p < r1 && f >= 8`) is one box, the way a prefix
 * `[0:r1, ...]` is one view; any other (`p + f < 64`, `f != 3`) is cut along the last dimension: one box per interval
 * of it, for each position of the other dimensions the bounds of one index leave.
 */
import { applyBinary } from '../ir/scalar';
import { CompareOp, MaskTerm } from '../ir/mask';

/** Indices [lo[d], hi[d]) of every dimension d. */
export interface Box {
  readonly lo: readonly number[];
  readonly hi: readonly number[];
}

/** The boxes of `shape` whose indices satisfy every term (`values[i]` is the right side of term i), in row-major order. */
export function maskBoxes(shape: readonly number[], terms: readonly MaskTerm[], values: readonly number[]): Box[] {
  const lo = shape.map(() => 0);
  const hi = [...shape];
  const cut: [MaskTerm, number][] = [];
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    const dims = t.coef.flatMap((c, d) => (c !== 0 ? [d] : []));
    if (dims.length === 0) {
      if (!holds(0, t.op, values[i])) return [];
    } else if (dims.length === 1 && t.op !== '!=') {
      const d = dims[0];
      const [a, b] = interval(t.coef[d], t.op, values[i]);
      lo[d] = Math.max(lo[d], a);
      hi[d] = Math.min(hi[d], b);
    } else {
      cut.push([t, values[i]]);
    }
  }
  if (lo.some((l, d) => l >= hi[d])) return [];
  if (cut.length === 0) return [{ lo, hi }];
  const out: Box[] = [];
  const last = shape.length - 1;
  forEachPosition(lo.slice(0, last), hi.slice(0, last), (at) => {
    for (const [a, b] of lastIntervals(at, lo[last], hi[last], cut, last)) out.push({ lo: [...at, a], hi: [...at.map((x) => x + 1), b] });
  });
  return out;
}

/** The intervals of the last dimension that the cutting terms keep at one position of the others. */
function lastIntervals(at: readonly number[], lo: number, hi: number, cut: readonly [MaskTerm, number][], last: number): [number, number][] {
  const excluded: number[] = [];
  for (const [t, value] of cut) {
    let rhs = value;
    for (let d = 0; d < last; d++) rhs -= t.coef[d] * at[d];
    const c = t.coef[last];
    if (c === 0) {
      if (!holds(0, t.op, rhs)) return [];
    } else if (t.op === '!=') {
      const x = rhs / c;
      if (Number.isInteger(x)) excluded.push(x);
    } else {
      const [a, b] = interval(c, t.op, rhs);
      lo = Math.max(lo, a);
      hi = Math.min(hi, b);
    }
  }
  if (lo >= hi) return [];
  const out: [number, number][] = [];
  let start = lo;
  for (const x of [...new Set(excluded)].sort((a, b) => a - b)) {
    if (x < start || x >= hi) continue;
    if (x > start) out.push([start, x]);
    start = x + 1;
  }
  if (start < hi) out.push([start, hi]);
  return out;
}

/** Every position of the box [lo, hi), row-major (one empty position for no dimensions). */
function forEachPosition(lo: readonly number[], hi: readonly number[], visit: (at: number[]) => void): void {
  const at = [...lo];
  for (;;) {
    visit([...at]);
    let d = at.length - 1;
    while (d >= 0 && ++at[d] >= hi[d]) {
      at[d] = lo[d];
      d--;
    }
    if (d < 0) return;
  }
}

/** Whether `x op v` holds (in doubles, as the comparison written does). */
function holds(x: number, op: CompareOp, v: number): boolean {
  return applyBinary(op, x, v) !== 0;
}

const FLIPPED: Record<CompareOp, CompareOp> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };

/** The integers x with `c·x op v` (c ≠ 0, op not !=), as [lo, hi); unbounded ends are ±Infinity. */
export function interval(c: number, op: CompareOp, v: number): [number, number] {
  if (c < 0) return interval(-c, FLIPPED[op], -v);
  const t = v / c;
  if (Number.isNaN(t)) return [0, 0];
  switch (op) {
    case '<': return [-Infinity, Math.ceil(t)];
    case '<=': return [-Infinity, Math.floor(t) + 1];
    case '>': return [Math.floor(t) + 1, Infinity];
    case '>=': return [Math.ceil(t), Infinity];
    default: return Number.isInteger(t) ? [t, t + 1] : [0, 0];
  }
}
