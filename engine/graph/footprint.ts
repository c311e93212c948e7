/**
 * Memory footprints: which elements of its base tensor an access pattern touches, as a box of strided
 * intervals (one per dimension of the tensor), with overlap, containment and labels in the program's slice
 * syntax. Registers are locations too (a footprint with no dimensions), so that the graph builder treats
 * memory and register dependencies alike.
 *
 * A footprint is in the index space of the tensor the function names: an allocation, a DRAM tensor, or a
 * tensor parameter (the parameter's own index space; which caller tensor it views is the caller's business).
 */
import { AccessItem, AccessPattern, ScalarExpr, TensorDecl } from '../ir/program';
import { evalScalarConst } from '../ir/scalar';

/**
 * The indices start, start + step, ... below end of one dimension. `exact` is false when the bounds depend on
 * registers: the range is then the whole dimension (an over-approximation of what any one run touches) and
 * `text` holds the slice as written (`r0*128:r0*128+128`), which labels say instead of the whole range.
 */
export interface DimRange {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
  readonly step: number;
  /** The last index: end - 1 rounded down to the step (kept, as every overlap test needs it). */
  readonly last: number;
  readonly exact: boolean;
  readonly text?: string;
}

export interface Footprint {
  /** The location's identity inside a function: `a:acc` (allocation or parameter), `d:module::x` (DRAM), `r3`. */
  readonly key: string;
  /** The name labels use: `acc`, `x` (`module::x` for another module's DRAM), `r3`. */
  readonly name: string;
  readonly kind: 'memory' | 'register';
  readonly shape: readonly number[];
  /** One per dimension of the tensor; none for a register. */
  readonly dims: readonly DimRange[];
}

/** The key of a tensor inside a function: DRAM tensors are shared by every function of their module. */
export function tensorKey(t: TensorDecl): string {
  return t.kind === 'dram' ? `d:${t.module}::${t.name}` : `a:${t.name}`;
}

/** The label name of a tensor seen from a function of module `from` (undefined: its own). */
export function tensorName(t: TensorDecl, from?: string): string {
  return t.kind === 'dram' && from !== undefined && t.module !== from ? `${t.module}::${t.name}` : t.name;
}

export function registerFootprint(index: number): Footprint {
  const name = `r${index}`;
  return { key: name, name, kind: 'register', shape: [], dims: [] };
}

/** A range; every range has the same fields (text undefined when none), which keeps property access fast. */
export function dimRange(start: number, end: number, step: number, exact: boolean, text?: string): DimRange {
  return { start, end, step, last: start + step * Math.floor((end - 1 - start) / step), exact, text };
}

function wholeDim(size: number): DimRange {
  return dimRange(0, size, 1, true);
}

export function wholeFootprint(t: TensorDecl, from?: string): Footprint {
  return { key: tensorKey(t), name: tensorName(t, from), kind: 'memory', shape: t.shape, dims: t.shape.map(wholeDim) };
}

/** A footprint from constant per-dimension items; `undefined` items are the whole dimension. */
export function boxFootprint(t: TensorDecl, dims: readonly (DimRange | undefined)[], from?: string): Footprint {
  const all: DimRange[] = [];
  for (let i = 0; i < t.shape.length; i++) all.push(dims[i] ?? wholeDim(t.shape[i]));
  return { key: tensorKey(t), name: tensorName(t, from), kind: 'memory', shape: t.shape, dims: all };
}

/**
 * The footprint of an access pattern. `.T` and `.bcast(n)` change the view, not which base elements it
 * touches (bcast repeats a dimension of size 1 of the view: the base still has that one element).
 *
 * An index or a slice whose bounds depend on registers covers the whole dimension. That holds even when the
 * slice's length is constant (`r0*8 : r0*8+8` is 8 long): the graph has one node per instruction, not one per
 * run of it, and each run (each iteration of a loop) may touch another part, so only the whole dimension is
 * sure to contain every run's elements. Such a dimension is marked inexact: it never counts as covering a
 * read (a write through it kills no earlier write), and labels show the slice as written.
 */
export function footprintOf(ap: AccessPattern, from?: string): Footprint {
  const t = ap.tensor;
  const dims: DimRange[] = [];
  const last = t.shape.length - 1;
  for (let i = 0; i < t.shape.length; i++) {
    // A bitcast's indices count elements of another dtype in the last dimension: there it covers the whole of it,
    // inexact (it may touch part of it only).
    if (ap.bitcast && i === last) dims.push(dimRange(0, t.shape[i], 1, false, i < ap.items.length ? `.view(${ap.bitcast})` : undefined));
    else dims.push(i < ap.items.length ? itemRange(ap.items[i], t.shape[i]) : wholeDim(t.shape[i]));
  }
  return { key: tensorKey(t), name: tensorName(t, from), kind: 'memory', shape: t.shape, dims };
}

function itemRange(item: AccessItem, size: number): DimRange {
  if (item.kind === 'at') {
    const v = evalScalarConst(item.index);
    if (v !== undefined && Number.isInteger(v) && v >= 0 && v < size) return dimRange(v, v + 1, 1, true);
    return dimRange(0, size, 1, false, scalarText(item.index));
  }
  const lo = evalScalarConst(item.lo);
  const hi = evalScalarConst(item.hi);
  const step = evalScalarConst(item.step);
  if (lo !== undefined && hi !== undefined && step !== undefined && validRange(lo, hi, step, size)) return dimRange(lo, hi, step, true);
  const stepText = step === 1 ? '' : `:${step === undefined ? scalarText(item.step) : step}`;
  return dimRange(0, size, 1, false, `${scalarText(item.lo)}:${scalarText(item.hi)}${stepText}`);
}

/** An exact range from constants, when they make a non-empty range inside the dimension. */
export function constantRange(lo: number, hi: number, step: number, size: number): DimRange | undefined {
  return validRange(lo, hi, step, size) ? dimRange(lo, hi, step, true) : undefined;
}

function validRange(lo: number, hi: number, step: number, size: number): boolean {
  return Number.isInteger(lo) && Number.isInteger(hi) && Number.isInteger(step) && step >= 1 && lo >= 0 && hi <= size && lo < hi;
}

// ---- set operations on one dimension ----

function isWholeDim(d: DimRange, size: number): boolean {
  return d.exact && d.start === 0 && d.end >= size && d.step === 1;
}

function mod(x: number, m: number): number {
  return ((x % m) + m) % m;
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/** The indices two exact ranges share, as a range, or undefined when they share none. Exact for any steps. */
function intersectExact(a: DimRange, b: DimRange): DimRange | undefined {
  const lo = Math.max(a.start, b.start);
  const last = Math.min(a.last, b.last);
  const end = Math.min(a.end, b.end);
  if (lo > last) return undefined;
  if (a.step === b.step) {
    if (mod(a.start - b.start, a.step) !== 0) return undefined;
    const first = lo + mod(a.start - lo, a.step);
    if (first > last) return undefined;
    // Reuse an operand when it is the answer: overlaps are computed on every step of the graph's walk.
    if (first === b.start && end === b.end) return b;
    if (first === a.start && end === a.end) return a;
    return dimRange(first, end, a.step, true);
  }
  // Different steps: the common indices are x ≡ a.start (mod a.step) and x ≡ b.start (mod b.step), periodic in
  // lcm(a.step, b.step). Walk a's indices from lo until one is also b's: at most b.step / gcd of them.
  const g = gcd(a.step, b.step);
  if (mod(a.start - b.start, g) !== 0) return undefined;
  const lcm = (a.step / g) * b.step;
  let x = lo + mod(a.start - lo, a.step);
  for (let i = 0; i < b.step / g && x <= last; i++, x += a.step) {
    if (mod(x - b.start, b.step) === 0) return dimRange(x, end, lcm, true);
  }
  return undefined;
}

/** Every index of `inner` (as far as it is known: its range) is an index of `outer`, which must be exact. */
function containsDim(outer: DimRange, inner: DimRange): boolean {
  if (!outer.exact) return false;
  const first = inner.start;
  const last = inner.last;
  if (first < outer.start || last >= outer.end) return false;
  if (outer.step === 1) return true;
  if ((first - outer.start) % outer.step !== 0) return false;
  return first === last || inner.step % outer.step === 0;
}

/**
 * The overlap of dimension `w` (a write) and `r` (a read). Where either depends on registers the answer is
 * conservative: they may overlap, over the other's range; the read's text is kept where the write is the whole
 * dimension or is inexact too.
 */
function intersectDim(w: DimRange, r: DimRange, size: number): DimRange | undefined {
  if (w.exact && r.exact) return intersectExact(w, r);
  if (!r.exact && (!w.exact || isWholeDim(w, size))) return r;
  if (!w.exact && isWholeDim(r, size)) return w;
  const known = w.exact ? w : r;
  return dimRange(known.start, known.end, known.step, false);
}

// ---- footprints ----

/** The elements both footprints touch (of the same location), or undefined when they touch none for sure. */
export function overlap(write: Footprint, read: Footprint): Footprint | undefined {
  if (write.key !== read.key) return undefined;
  if (write.dims.length !== read.dims.length) return read;
  let dims: DimRange[] | undefined;
  for (let i = 0; i < read.dims.length; i++) {
    const d = intersectDim(write.dims[i], read.dims[i], read.shape[i]);
    if (!d) return undefined;
    if (!dims && d !== read.dims[i]) dims = read.dims.slice(0, i);
    if (dims) dims.push(d);
  }
  return dims ? { key: read.key, name: read.name, kind: read.kind, shape: read.shape, dims } : read;
}

/** True when every element `inner` may touch is surely touched by `outer` (exact in every dimension). */
export function covers(outer: Footprint, inner: Footprint): boolean {
  if (outer.key !== inner.key || outer.dims.length !== inner.dims.length) return false;
  for (let i = 0; i < inner.dims.length; i++) if (!containsDim(outer.dims[i], inner.dims[i])) return false;
  return true;
}

/** True when the footprint is exactly the whole location. */
export function isWhole(f: Footprint): boolean {
  for (let i = 0; i < f.dims.length; i++) if (!isWholeDim(f.dims[i], f.shape[i])) return false;
  return true;
}

/** True when no dimension depends on registers. */
export function isExact(f: Footprint): boolean {
  for (const d of f.dims) if (!d.exact) return false;
  return true;
}

/** The smallest box holding both (step 1 unless both ranges share start and step); for summaries of callees. */
export function hull(a: Footprint, b: Footprint): Footprint {
  if (a.dims.length !== b.dims.length) return a.dims.length === 0 ? a : { ...a, dims: a.shape.map(wholeDim) };
  const dims = a.dims.map((x, i): DimRange => {
    const y = b.dims[i];
    const exact = x.exact && y.exact;
    if (x.start === y.start && x.step === y.step) return dimRange(x.start, Math.max(x.end, y.end), x.step, exact);
    return dimRange(Math.min(x.start, y.start), Math.max(x.last, y.last) + 1, 1, exact);
  });
  return { ...a, dims };
}

export function sameFootprint(a: Footprint, b: Footprint): boolean {
  if (a.key !== b.key || a.dims.length !== b.dims.length) return false;
  for (let i = 0; i < a.dims.length; i++) {
    const d = a.dims[i];
    const e = b.dims[i];
    if (d.start !== e.start || d.end !== e.end || d.step !== e.step || d.exact !== e.exact) return false;
  }
  return true;
}

/**
 * The footprint in the program's slice syntax: `x[0:128, 128:256]`, a slice for every dimension; the name
 * alone when it is the whole tensor (or a register).
 */
export function footprintLabel(f: Footprint): string {
  if (f.kind === 'register' || isWhole(f)) return f.name;
  // One flat string (joined, not concatenated): a long function's graph holds tens of thousands of labels.
  const parts: string[] = [f.name, '['];
  for (let i = 0; i < f.dims.length; i++) {
    if (i > 0) parts.push(', ');
    const d = f.dims[i];
    if (d.text !== undefined) parts.push(d.text);
    else if (d.step === 1) parts.push(String(d.start), ':', String(d.end));
    else parts.push(String(d.start), ':', String(d.end), ':', String(d.step));
  }
  parts.push(']');
  return parts.join('');
}

// ---- scalar expressions as text ----

const PRECEDENCE: Record<string, number> = {
  '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 3, '<=': 3, '>': 3, '>=': 3, '+': 4, '-': 4, '*': 5, '/': 5, '%': 5, '**': 7,
};
const UNARY = 6;
const SPACED = new Set(['||', '&&', '==', '!=', '<', '<=', '>', '>=']);

function precedenceOf(e: ScalarExpr): number {
  if (e.kind === 'binary') return PRECEDENCE[e.op];
  if (e.kind === 'unary') return UNARY;
  if (e.kind === 'const' && e.value < 0) return UNARY;
  return 8;
}

/** A scalar expression in the language's syntax, compact (`r0*128+128`, `r1 < 2`). */
export function scalarText(e: ScalarExpr): string {
  switch (e.kind) {
    case 'const': return numberText(e.value);
    case 'reg': return `r${e.index}`;
    case 'core':
    case 'ncores': return e.kind;
    case 'index': return e.name;
    case 'unary': {
      const inner = scalarText(e.operand);
      return `${e.op}${precedenceOf(e.operand) < UNARY ? `(${inner})` : inner}`;
    }
    case 'binary': {
      const p = PRECEDENCE[e.op];
      const right = e.op === '**';
      const lp = precedenceOf(e.left);
      const rp = precedenceOf(e.right);
      const l = lp < p || (right && lp === p) ? `(${scalarText(e.left)})` : scalarText(e.left);
      const r = rp < p || (!right && rp === p) ? `(${scalarText(e.right)})` : scalarText(e.right);
      return SPACED.has(e.op) ? `${l} ${e.op} ${r}` : `${l}${e.op}${r}`;
    }
    case 'fn': return `${e.name}(${e.args.map(scalarText).join(', ')})`;
  }
}

function numberText(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  return String(v);
}
