/**
 * The box of a masked instruction's destination that its kernel runs on (kernels/masked.ts): every tensor operand the
 * kernel compiles while a restriction is being compiled gets its view cut to the box, so that the kernel, unchanged,
 * reads, computes and writes only the elements the mask keeps.
 */
import { AccessPattern } from '../ir/program';
import { Fault } from '../machine/fault';
import { unravel, View } from '../machine/view';
import { Box } from './mask-boxes';
import type { MaskedView, ViewFn } from './compile-access';

export interface Restriction {
  /** The destination's whole view shape, in whose indices the box is. */
  shape: readonly number[];
  /** While the kernel runs under the mask: the box it runs on. */
  box?: Box;
}

let compiling: Restriction | undefined;

/** Compiles a kernel whose tensor operands are cut to the restriction's box whenever it has one. */
export function compileRestricted<T>(r: Restriction, compile: () => T): T {
  const outer = compiling;
  compiling = r;
  try {
    return compile();
  } finally {
    compiling = outer;
  }
}

/** Whether an instruction under a mask is being compiled: its operands' slices may leave their tensors where it keeps nothing. */
export function compilingMasked(): boolean {
  return compiling !== undefined;
}

/** The view function of an operand: cut to the box of the restriction being compiled, if any. */
export function restrictedView(view: ViewFn, ap: AccessPattern, role: string): ViewFn {
  const r = compiling;
  if (!r) return view;
  return (f, c, m) => {
    const v = view(f, c, m);
    if (!r.box) return v;
    const [lo, hi] = cut(v, r.shape, r.box, ap, role);
    return inside(sub(v, lo, hi), v, lo, hi, ap);
  };
}

/**
 * The cut view, once the slices of the whole view that leave their dimensions are inside them over the box: the
 * elements the mask keeps must be in the tensor, the others need not be.
 */
function inside(part: View, whole: MaskedView, lo: readonly number[], hi: readonly number[], ap: AccessPattern): View {
  for (const o of whole.outside ?? []) {
    const first = o.lo + lo[o.dim] * o.step;
    const last = o.lo + (hi[o.dim] - 1) * o.step;
    if (first < 0 || last >= o.size) throw new Fault('out-of-bounds', `${o.message}, and the mask keeps its indices ${lo[o.dim]}..${hi[o.dim] - 1}, elements ${first}..${last}`, ap.span);
  }
  return part;
}

/** The roles of a MatMult's operands (kernels/tensor-engine.ts), which a mask cuts by their columns. */
export const STATIONARY = 'stationary operand';
export const MOVING = 'moving operand';

/** The role an operand of a masked instruction is cut by: srcs[i] of `opcode`. */
export function maskedOperandRole(opcode: string, i: number): string {
  return opcode === 'MatMult' && i < 2 ? [STATIONARY, MOVING][i] : 'operand';
}

/** An operand's whole view cut to a box of the mask's index space (of `shape`): the elements it accesses there. */
export function viewAtBox(v: View, shape: readonly number[], box: Box, ap: AccessPattern, role: string): View {
  const [lo, hi] = cut(v, shape, box, ap, role);
  return sub(v, lo, hi);
}

/**
 * The indices [lo, hi) of an operand's view at the box: an operand of the destination's shape at the box itself, a [P, 1] column
 * at the box's partitions (the checker's rule, lang/check/mask.ts, checked here for parameters' views).
 */
function cut(v: View, shape: readonly number[], box: Box, ap: AccessPattern, role: string): [readonly number[], readonly number[]] {
  // A MatMult's destination [M, N] is made of the stationary operand's columns M and the moving operand's N.
  if (role === STATIONARY && v.shape.length === 2) return [[0, box.lo[0]], [v.shape[0], box.hi[0]]];
  if (role === MOVING && sameShape(v.shape.slice(1), shape.slice(1))) return [[0, ...box.lo.slice(1)], [v.shape[0], ...box.hi.slice(1)]];
  if (role === STATIONARY || role === MOVING) {
    throw new Fault('shape-mismatch', `the ${role} '${ap.text}' is [${v.shape.join(', ')}] here: under a mask, a MatMult of destination [${shape.join(', ')}] reads [K, ${shape[0]}] and [K, ${shape.slice(1).join(', ')}]`, ap.span);
  }
  if (sameShape(v.shape, shape)) return [box.lo, box.hi];
  const free = v.shape.slice(1).reduce((a, b) => a * b, 1);
  if (v.shape.length >= 2 && free === 1 && v.shape[0] === shape[0]) {
    return [[box.lo[0], ...v.shape.slice(1).map(() => 0)], [box.hi[0], ...v.shape.slice(1)]];
  }
  throw new Fault('shape-mismatch', `the ${role} '${ap.text}' is [${v.shape.join(', ')}] here: under a mask, an operand has the destination's shape [${shape.join(', ')}] (the mask names its indices) or is a [P, 1] column`, ap.span);
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, d) => n === b[d]);
}

/** A view cut to a box, knowing where the box starts in the operand's whole view (for messages that name an element). */
export interface CutView extends View {
  readonly origin: readonly number[];
  /** The shape of the operand's whole view. */
  readonly whole: readonly number[];
}

function sub(v: View, lo: readonly number[], hi: readonly number[]): CutView {
  let offset = v.offset;
  for (let d = 0; d < lo.length; d++) offset += lo[d] * v.strides[d];
  return { tensor: v.tensor, offset, shape: lo.map((l, d) => hi[d] - l), strides: v.strides, origin: lo, whole: v.shape };
}

/**
 * The partition and the free index (the free dimensions flattened, row-major) in the operand's whole view of the
 * element at (row, col) of a view's plane: the plane's own when the view is whole, offset by the box when it is cut.
 */
export function wholeIndices(v: View, row: number, col: number): [number, number] {
  const cut = v as Partial<CutView>;
  if (!cut.origin || !cut.whole) return [row, col];
  const at = unravel(v.shape.slice(1), col);
  let free = 0;
  for (let d = 1; d < cut.whole.length; d++) free = free * cut.whole[d] + (at[d - 1] ?? 0) + cut.origin[d];
  return [row + cut.origin[0], free];
}

/** Position i (row-major) of a view as indices of the operand's whole view: a cut view's count from its box. */
export function indicesInOperand(v: View, i: number): number[] {
  const at = unravel(v.shape, i);
  const origin = (v as Partial<CutView>).origin;
  return origin ? at.map((x, d) => x + origin[d]) : at;
}
