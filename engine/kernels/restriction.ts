/**
 * The box of a masked instruction's destination that its kernel runs on (kernels/masked.ts): every tensor operand the
 * kernel compiles while a restriction is being compiled gets its view cut to the box, so that the kernel, unchanged,
 * reads, computes and writes only the elements the mask keeps.
 */
import { AccessPattern } from '../ir/program';
import { Fault } from '../machine/fault';
import { View } from '../machine/view';
import { Box } from './mask-boxes';
import type { ViewFn } from './compile-access';

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

/** The view function of an operand: cut to the box of the restriction being compiled, if any. */
export function restrictedView(view: ViewFn, ap: AccessPattern, role: string): ViewFn {
  const r = compiling;
  if (!r) return view;
  return (f, c, m) => {
    const v = view(f, c, m);
    return r.box ? cut(v, r.shape, r.box, ap, role) : v;
  };
}

/**
 * The part of an operand's view at the box: an operand of the destination's shape at the box itself, a [P, 1] column
 * at the box's partitions (the checker's rule, lang/check/mask.ts, checked here for parameters' views).
 */
function cut(v: View, shape: readonly number[], box: Box, ap: AccessPattern, role: string): View {
  if (sameShape(v.shape, shape)) return sub(v, box.lo, box.hi);
  const free = v.shape.slice(1).reduce((a, b) => a * b, 1);
  if (v.shape.length >= 2 && free === 1 && v.shape[0] === shape[0]) {
    return sub(v, [box.lo[0], ...v.shape.slice(1).map(() => 0)], [box.hi[0], ...v.shape.slice(1)]);
  }
  throw new Fault('shape-mismatch', `the ${role} '${ap.text}' is [${v.shape.join(', ')}] here: under a mask, an operand has the destination's shape [${shape.join(', ')}] (the mask names its indices) or is a [P, 1] column`, ap.span);
}

function sameShape(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((n, d) => n === b[d]);
}

function sub(v: View, lo: readonly number[], hi: readonly number[]): View {
  let offset = v.offset;
  for (let d = 0; d < lo.length; d++) offset += lo[d] * v.strides[d];
  return { tensor: v.tensor, offset, shape: lo.map((l, d) => hi[d] - l), strides: v.strides };
}
