/** Access patterns compiled to closures that produce a view, with the bounds checks that depend on registers. */
import { AccessItem, AccessPattern, arrayRank, ScalarExpr } from '../ir/program';
import { evalScalarConst } from '../ir/scalar';
import { describeIndex, describeSlice, indexProblem, sliceProblem } from '../ir/bounds';
import { Core, Frame } from '../machine/core';
import { Fault } from '../machine/fault';
import { Machine } from '../machine/machine';
import { permuted, reshapeStrides, View } from '../machine/view';
import { bitcastView } from '../machine/bitcast';
import { compileScalar, ScalarFn } from './compile-scalar';

export type ViewFn = (f: Frame, c: Core, m: Machine) => View;

/**
 * A slice that leaves its dimension, in a view whose bounds a mask checks (kernels/restriction.ts): dimension `dim` of
 * the view steps from `lo` by `step` through a dimension of `size`, so only the part the mask keeps must be inside.
 */
export interface OutsideSlice {
  readonly dim: number;
  readonly lo: number;
  readonly step: number;
  readonly size: number;
  readonly where: string;
  readonly message: string;
}

/** A view whose slices may leave their dimensions where a mask leaves the elements out (`outside`). */
export interface MaskedView extends View {
  readonly outside?: readonly OutsideSlice[];
}

interface Layout {
  offset: number;
  shape: number[];
  strides: number[];
  outside?: OutsideSlice[];
}

/**
 * With `masked`, the operand of an instruction under a mask: a slice of a plain pattern (no view steps, `.T`, `.bcast`
 * or bitcast) may leave its dimension, which the restriction checks on the elements the mask keeps (NKI masks keep a
 * tail tile's indices inside the tensor); other problems of bounds fault as always.
 */
export function compileAccess(ap: AccessPattern, masked = false): ViewFn {
  const defer = masked && !ap.steps && !ap.transpose && !ap.bcast && !ap.bitcast;
  const base = baseView(ap);
  const constant = ap.items.every(isConstantItem) && ap.tensor.kind !== 'param';
  if (constant) {
    // Allocations of a function always have the same shape, so the layout is computed once.
    let layout: Layout | undefined;
    return (f, c, m) => {
      const b = base(f, m);
      layout ??= applyItems(ap, b, ap.items.map((i) => constItem(i)), f, c, m, defer);
      return viewAt(b, layout);
    };
  }
  const items = ap.items.map(compileItem);
  return (f, c, m) => {
    const b = base(f, m);
    return viewAt(b, applyItems(ap, b, items, f, c, m, defer));
  };
}

function viewAt(b: View, layout: Layout): MaskedView {
  const v = { tensor: b.tensor, offset: b.offset + layout.offset, shape: layout.shape, strides: layout.strides };
  return layout.outside ? { ...v, outside: layout.outside } : v;
}

function baseView(ap: AccessPattern): (f: Frame, m: Machine) => View {
  const slot = ap.tensor.slot;
  const of: (f: Frame, m: Machine) => View = ap.tensor.kind === 'dram' ? (_f, m) => m.dramViews[slot] : (f) => f.tensors[slot];
  const to = ap.bitcast;
  if (!to) return of;
  return (f, m) => {
    const v = bitcastView(of(f, m), to);
    if (typeof v === 'string') throw new Fault('shape-mismatch', `'${ap.text}': '${ap.tensor.name}' cannot be viewed as ${to}: ${v}`, ap.span);
    return v;
  };
}

type CompiledItem =
  | { kind: 'at'; index: ScalarFn; expr: ScalarExpr }
  | { kind: 'slice'; lo: ScalarFn; hi: ScalarFn; step: number; exprs: ScalarExpr[] };

function isConstantItem(i: AccessItem): boolean {
  return i.kind === 'at' ? evalScalarConst(i.index) !== undefined
    : evalScalarConst(i.lo) !== undefined && evalScalarConst(i.hi) !== undefined;
}

function constItem(i: AccessItem): CompiledItem {
  if (i.kind === 'at') {
    const v = evalScalarConst(i.index)!;
    return { kind: 'at', index: () => v, expr: i.index };
  }
  const lo = evalScalarConst(i.lo)!;
  const hi = evalScalarConst(i.hi)!;
  return { kind: 'slice', lo: () => lo, hi: () => hi, step: evalScalarConst(i.step)!, exprs: [i.lo, i.hi] };
}

function compileItem(i: AccessItem): CompiledItem {
  if (i.kind === 'at') return { kind: 'at', index: compileScalar(i.index), expr: i.index };
  return { kind: 'slice', lo: compileScalar(i.lo), hi: compileScalar(i.hi), step: evalScalarConst(i.step) ?? 1, exprs: [i.lo, i.hi] };
}

/** A dimension as messages name it: of the tensor, or of an array of tiles (its array's, or the tile's own). */
function dimensionName(ap: AccessPattern, d: number): string {
  const arrays = arrayRank(ap.tensor);
  if (arrays === 0) return `dimension ${d} of '${ap.tensor.name}'`;
  if (d >= 1 && d <= arrays) return `dimension ${d - 1} of the array of tiles '${ap.tensor.name}'`;
  return `dimension ${d === 0 ? 0 : d - arrays} of a tile of '${ap.tensor.name}'`;
}

function applyItems(ap: AccessPattern, base: View, items: CompiledItem[], f: Frame, c: Core, m: Machine, defer = false): Layout {
  let offset = 0;
  const shape: number[] = [];
  const strides: number[] = [];
  let outside: OutsideSlice[] | undefined;
  for (let d = 0; d < items.length; d++) {
    const item = items[d];
    const size = base.shape[d];
    const stride = base.strides[d];
    if (item.kind === 'at') {
      const i = item.index(f, c, m);
      const problem = indexProblem(i, size);
      if (problem) outOfBounds(ap, describeIndex(problem, i, dimensionName(ap, d), size), [item.expr], f);
      offset += i * stride;
    } else {
      const lo = item.lo(f, c, m);
      const hi = item.hi(f, c, m);
      const problem = sliceProblem(lo, hi, size);
      const where = dimensionName(ap, d);
      if (problem && defer && (problem === 'start' || problem === 'end')) {
        (outside ??= []).push({ dim: shape.length, lo, step: item.step, size, where, message: `'${ap.text}': ${describeSlice(problem, lo, hi, where, size)}${registerValues(item.exprs, f)}` });
      } else if (problem) outOfBounds(ap, describeSlice(problem, lo, hi, where, size), item.exprs, f);
      offset += lo * stride;
      shape.push(Math.ceil((hi - lo) / item.step));
      strides.push(stride * item.step);
    }
  }
  for (let d = items.length; d < base.shape.length; d++) {
    shape.push(base.shape[d]);
    strides.push(base.strides[d]);
  }
  if (ap.steps) return applySteps(ap, { offset, shape, strides }, base.tensor.memory);
  return { ...finish(ap, { offset, shape, strides }), ...(outside && { outside }) };
}

/** `.reshape`, `.permute` and `.broadcast`, then `.T` and `.bcast`. */
function applySteps(ap: AccessPattern, layout: Layout, memory: string): Layout {
  let { shape, strides } = layout;
  for (const step of ap.steps!) {
    if (step.kind === 'permute') {
      shape = permuted(shape, step.axes);
      strides = permuted(strides, step.axes);
      continue;
    }
    if (step.kind === 'broadcast') {
      if (step.dim === 0 && memory !== 'dram') {
        throw new Fault('shape-mismatch', `'${ap.text}': .broadcast(0, ${step.size}) repeats the partition dimension of an on-chip view (${memory.toUpperCase()}), which engines read a partition per row; only a DRAM view may`, ap.span);
      }
      if (shape[step.dim] !== 1) {
        throw new Fault('shape-mismatch', `'${ap.text}': .broadcast(${step.dim}, ${step.size}) needs dimension ${step.dim} of size 1, found [${shape.join(', ')}] here`, ap.span);
      }
      shape = shape.map((n, d) => (d === step.dim ? step.size : n));
      strides = strides.map((s, d) => (d === step.dim ? 0 : s));
      continue;
    }
    const count = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
    const dims = step.dims;
    if (count(dims) !== count(shape)) {
      throw new Fault('shape-mismatch', `'${ap.text}': .reshape(${dims.join(', ')}) has ${count(dims)} elements but the view is [${shape.join(', ')}] here`, ap.span);
    }
    const made = reshapeStrides(shape, strides, dims);
    if (!made) {
      throw new Fault('shape-mismatch', `'${ap.text}': .reshape(${dims.join(', ')}) cannot view [${shape.join(', ')}] (strides [${strides.join(', ')}]) without moving elements`, ap.span);
    }
    shape = [...dims];
    strides = made;
  }
  return finish(ap, { offset: layout.offset, shape, strides });
}

function finish(ap: AccessPattern, layout: Layout): Layout {
  const { offset, shape, strides } = layout;
  if (ap.transpose) swapLastTwo(shape, strides);
  if (ap.bcast) {
    const n = evalScalarConst(ap.bcast)!;
    if (shape[shape.length - 1] !== 1) {
      throw new Fault('shape-mismatch', `'${ap.text}': .bcast(${n}) needs a last dimension of 1, found ${shape[shape.length - 1]}`, ap.span);
    }
    shape[shape.length - 1] = n;
    strides[strides.length - 1] = 0;
  }
  return { offset, shape, strides };
}

function swapLastTwo(shape: number[], strides: number[]): void {
  const n = shape.length;
  [shape[n - 2], shape[n - 1]] = [shape[n - 1], shape[n - 2]];
  [strides[n - 2], strides[n - 1]] = [strides[n - 1], strides[n - 2]];
}

function outOfBounds(ap: AccessPattern, problem: string, exprs: ScalarExpr[], f: Frame): never {
  throw new Fault('out-of-bounds', `'${ap.text}': ${problem}${registerValues(exprs, f)}`, ap.span);
}

function registerValues(exprs: ScalarExpr[], f: Frame): string {
  const regs = registersOf(exprs).map((r) => `r${r} = ${f.regs[r]}`);
  return regs.length ? ` (${regs.join(', ')})` : '';
}

/** The registers an expression reads, for messages that show their values. */
export function registersOf(exprs: readonly ScalarExpr[]): number[] {
  const out = new Set<number>();
  const visit = (e: ScalarExpr): void => {
    if (e.kind === 'reg') out.add(e.index);
    else if (e.kind === 'unary') visit(e.operand);
    else if (e.kind === 'binary') {
      visit(e.left);
      visit(e.right);
    } else if (e.kind === 'fn') e.args.forEach(visit);
  };
  exprs.forEach(visit);
  return [...out].sort((a, b) => a - b);
}
