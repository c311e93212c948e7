/**
 * Regions of data breakpoints: the set of elements an access pattern denotes, as a box of its base tensor (per
 * dimension, indices start, start + step, ... : one partition interval per row, strided at most), and overlap of two
 * boxes decided from their bounds alone, without touching an element. Any view an access pattern makes (slices with
 * steps, indices, `.T`, `.bcast`, a parameter's view of its caller's tensor) is such a box of its base tensor.
 */
import { Tensor } from '../machine/tensor';
import { View } from '../machine/view';

/** The indices start, start + step, ..., count of them, of one dimension of the base tensor. */
export interface Dim {
  readonly start: number;
  readonly count: number;
  readonly step: number;
}

/** One Dim per dimension of the base tensor. */
export type Box = readonly Dim[];

/**
 * The box of base elements a view reaches. A view's dimensions each step along one dimension of its base by a
 * multiple of that dimension's stride (the language has no reshape); a broadcast dimension (stride 0) repeats elements.
 */
export function boxOfView(view: View): Box | undefined {
  const t = view.tensor;
  const rank = t.shape.length;
  const strides = t.strides;
  // Where the first element sits: its coordinates in the base tensor. (Plain loops: this runs at every access.)
  const dims: Dim[] = new Array<Dim>(rank);
  let rest = view.offset;
  for (let d = 0; d < rank; d++) {
    const c = Math.floor(rest / strides[d]);
    rest -= c * strides[d];
    dims[d] = { start: c, count: 1, step: 1 };
  }
  const vshape = view.shape;
  const vstrides = view.strides;
  for (let k = 0; k < vshape.length; k++) {
    const n = vshape[k];
    const s = vstrides[k];
    if (n <= 1 || s === 0) continue;
    const a = s < 0 ? -s : s;
    let d = 0;
    while (d < rank && strides[d] > a) d++;
    if (d === rank || a % strides[d] !== 0 || dims[d].count !== 1) return undefined;
    const step = a / strides[d];
    // A negative stride (never made by the language) walks the same set backwards.
    const start = s > 0 ? dims[d].start : dims[d].start - step * (n - 1);
    if (start < 0 || start + step * (n - 1) >= t.shape[d]) return undefined;
    dims[d] = { start, count: n, step };
  }
  return dims;
}

export function boxSize(box: Box): number {
  let n = 1;
  for (const d of box) n *= d.count;
  return n;
}

/** The elements two boxes share, as a box; undefined when they share none. */
export function intersect(a: Box, b: Box): Box | undefined {
  const out: Dim[] = [];
  for (let d = 0; d < a.length; d++) {
    const r = intersectDim(a[d], b[d]);
    if (!r) return undefined;
    out.push(r);
  }
  return out;
}

/** Whether two boxes share an element: the test a run makes for every access to a watched tensor. */
export function overlaps(a: Box, b: Box): boolean {
  for (let d = 0; d < a.length; d++) {
    const x = a[d];
    const y = b[d];
    if (!rangesMeet(x.start, x.count, x.step, y.start, y.count, y.step)) return false;
  }
  return true;
}

/**
 * Whether start1 + i·step1 (i < count1) and start2 + j·step2 (j < count2) have a common index, without allocating:
 * contiguous ranges compare their ends; a strided one against a contiguous one looks at its first index inside;
 * two strided ones solve for a common class modulo the gcd, then look at the first common index.
 */
export function rangesMeet(s1: number, c1: number, k1: number, s2: number, c2: number, k2: number): boolean {
  if (c1 === 1) k1 = 1;
  if (c2 === 1) k2 = 1;
  const last1 = s1 + (c1 - 1) * k1;
  const last2 = s2 + (c2 - 1) * k2;
  const lo = s1 > s2 ? s1 : s2;
  const hi = last1 < last2 ? last1 : last2;
  if (lo > hi) return false;
  if (k1 === 1 && k2 === 1) return true;
  if (k2 === 1) return s1 + Math.ceil((lo - s1) / k1) * k1 <= hi;
  if (k1 === 1) return s2 + Math.ceil((lo - s2) / k2) * k2 <= hi;
  if ((s2 - s1) % gcd(k1, k2) !== 0) return false;
  return intersectDim({ start: s1, count: c1, step: k1 }, { start: s2, count: c2, step: k2 }) !== undefined;
}

/** A box written flat (start, count, step per dimension, as access plans make them) as a Box. */
export function boxOf(flat: ArrayLike<number>, rank: number): Box {
  const out: Dim[] = [];
  for (let d = 0; d < rank; d++) out.push({ start: flat[3 * d], count: flat[3 * d + 1], step: flat[3 * d + 2] });
  return out;
}

/** overlaps() for a box written flat: the test made at every access, with nothing allocated. */
export function overlapsFlat(flat: ArrayLike<number>, b: Box): boolean {
  for (let d = 0; d < b.length; d++) {
    const y = b[d];
    if (!rangesMeet(flat[3 * d], flat[3 * d + 1], flat[3 * d + 2], y.start, y.count, y.step)) return false;
  }
  return true;
}

function intersectDim(x: Dim, y: Dim): Dim | undefined {
  const xs = x.count === 1 ? 1 : x.step;
  const ys = y.count === 1 ? 1 : y.step;
  const xLast = x.start + (x.count - 1) * xs;
  const yLast = y.start + (y.count - 1) * ys;
  const lo = Math.max(x.start, y.start);
  const hi = Math.min(xLast, yLast);
  if (lo > hi) return undefined;
  if (x.count === 1 || y.count === 1) {
    const v = x.count === 1 ? x.start : y.start;
    const other = x.count === 1 ? { start: y.start, step: ys } : { start: x.start, step: xs };
    return (v - other.start) % other.step === 0 ? { start: v, count: 1, step: 1 } : undefined;
  }
  // Indices ≡ x.start (mod xs) and ≡ y.start (mod ys): one class modulo lcm when the difference divides by the gcd.
  const g = gcd(xs, ys);
  if ((y.start - x.start) % g !== 0) return undefined;
  const lcm = (xs / g) * ys;
  let first = -1;
  for (let v = x.start + Math.ceil((lo - x.start) / xs) * xs; v <= hi && v < lo + lcm + xs; v += xs) {
    if ((v - y.start) % ys === 0) {
      first = v;
      break;
    }
  }
  if (first < 0 || first > hi) return undefined;
  return { start: first, count: Math.floor((hi - first) / lcm) + 1, step: lcm };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The tensor's element index of each element of the box, in row-major order of the box. */
export function forEachBoxIndex(box: Box, tensor: Tensor, visit: (index: number, i: number) => void): void {
  const n = boxSize(box);
  const rank = box.length;
  const counter = new Array<number>(rank).fill(0);
  let index = 0;
  for (let d = 0; d < rank; d++) index += box[d].start * tensor.strides[d];
  for (let i = 0; i < n; i++) {
    visit(index, i);
    for (let d = rank - 1; d >= 0; d--) {
      counter[d]++;
      index += box[d].step * tensor.strides[d];
      if (counter[d] < box[d].count) break;
      index -= box[d].step * tensor.strides[d] * box[d].count;
      counter[d] = 0;
    }
  }
}

/** The box as the program writes it: `acc[3, 0:4]`, `x[0:128:2, 5]`; the whole tensor is its name. */
export function boxLabel(name: string, box: Box, shape: readonly number[], arrays = 0): string {
  const isWhole = (d: Dim, i: number) => d.start === 0 && d.count === shape[i] && (d.step === 1 || d.count === 1);
  if (box.every(isWhole)) return name;
  const item = (d: Dim) => {
    if (d.count === 1) return String(d.start);
    const end = d.start + d.step * (d.count - 1) + 1;
    return d.step === 1 ? `${d.start}:${end}` : `${d.start}:${end}:${d.step}`;
  };
  // A tile of an array of tiles, as the program names it: `acc[1][0]`, then its own indices unless it is whole.
  const picks = box.slice(1, 1 + arrays);
  if (arrays && picks.every((d) => d.count === 1)) {
    const tile = [0, ...box.slice(1 + arrays).map((_, i) => i + 1 + arrays)];
    const rest = tile.every((i) => isWhole(box[i], i)) ? '' : `[${tile.map((i) => item(box[i])).join(', ')}]`;
    return `${name}${picks.map((d) => `[${d.start}]`).join('')}${rest}`;
  }
  return `${name}[${box.map(item).join(', ')}]`;
}

/** The multi-index of a box's i-th element (row-major), in the base tensor: `[3, 2]`. */
export function boxElement(box: Box, i: number): number[] {
  const out = new Array<number>(box.length);
  for (let d = box.length - 1; d >= 0; d--) {
    const k = i % box[d].count;
    i = (i - k) / box[d].count;
    out[d] = box[d].start + k * box[d].step;
  }
  return out;
}

/** Whether a box lies inside a shape; the message says which dimension does not. */
export function boxProblem(box: Box, shape: readonly number[], name: string): string | undefined {
  if (box.length !== shape.length) return `'${name}' has ${shape.length} dimension${shape.length === 1 ? '' : 's'} now, not ${box.length}`;
  for (let d = 0; d < box.length; d++) {
    const x = box[d];
    const last = x.start + (x.count - 1) * x.step;
    if (!Number.isInteger(x.start) || !Number.isInteger(x.count) || !Number.isInteger(x.step) || x.count < 1 || x.step < 1 || x.start < 0 || last >= shape[d]) {
      return `${x.start}..${last} is out of bounds for dimension ${d} of '${name}' (size ${shape[d]})`;
    }
  }
  return undefined;
}
