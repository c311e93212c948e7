/**
 * Composing access patterns: a callee's pattern over its parameter, with the caller's argument bound to that
 * parameter, becomes one pattern over the caller's tensor. Used by `inline`.
 */
import { AccessItem, AccessPattern, ScalarExpr } from '../ir/program';
import { fold } from '../ir/scalar';
import { printAccess } from '../ir/print';

/** Arguments that can be composed: slices and indices only (no `.view`, `.reshape`, `.permute`, `.broadcast`, `.T` or `.bcast`). */
export function composable(arg: AccessPattern): boolean {
  return !arg.transpose && !arg.bcast && !arg.steps && !arg.bitcast;
}

const ONE: ScalarExpr = { kind: 'const', value: 1 };
const ZERO: ScalarExpr = { kind: 'const', value: 0 };

function add(a: ScalarExpr, b: ScalarExpr): ScalarExpr {
  return fold({ kind: 'binary', op: '+', left: a, right: b, span: spanOf(a, b) });
}

function mul(a: ScalarExpr, b: ScalarExpr): ScalarExpr {
  return fold({ kind: 'binary', op: '*', left: a, right: b, span: spanOf(a, b) });
}

function sub(a: ScalarExpr, b: ScalarExpr): ScalarExpr {
  return fold({ kind: 'binary', op: '-', left: a, right: b, span: spanOf(a, b) });
}

/** Composed expressions have no single source position; a register's or the first binary's stands in. */
function spanOf(a: ScalarExpr, b: ScalarExpr): Extract<ScalarExpr, { kind: 'binary' }>['span'] {
  const find = (e: ScalarExpr): Extract<ScalarExpr, { kind: 'reg' }>['span'] | undefined =>
    e.kind === 'reg' || e.kind === 'binary' ? e.span : e.kind === 'unary' ? find(e.operand) : undefined;
  return find(a) ?? find(b) ?? { file: '<inlined>', line: 0, col: 0, endLine: 0, endCol: 0 };
}

/** One dimension of the argument's view: where it starts in the base tensor, its step, its length. */
interface ViewDim {
  readonly base: number;
  readonly lo: ScalarExpr;
  readonly step: ScalarExpr;
  readonly length: ScalarExpr;
}

/**
 * `inner` is a pattern over a parameter; `arg` is what the parameter is bound to. The result reads the same
 * elements of the argument's tensor. Requires composable(arg).
 */
export function compose(inner: AccessPattern, arg: AccessPattern): AccessPattern {
  const base = arg.tensor;
  const rank = base.shape.length;
  const baseItems: (AccessItem | undefined)[] = new Array(rank).fill(undefined);
  const dims: ViewDim[] = [];
  for (let d = 0; d < rank; d++) {
    const item = arg.items[d];
    if (item?.kind === 'at') {
      baseItems[d] = item;
    } else if (item?.kind === 'slice') {
      dims.push({ base: d, lo: item.lo, step: item.step, length: sliceLength(item) });
    } else {
      dims.push({ base: d, lo: ZERO, step: ONE, length: { kind: 'const', value: base.shape[d] } });
    }
  }
  dims.forEach((view, j) => {
    const item = inner.items[j];
    if (!item) {
      const a = arg.items[view.base];
      baseItems[view.base] = a ?? { kind: 'slice', lo: ZERO, hi: { kind: 'const', value: base.shape[view.base] }, step: ONE };
    } else if (item.kind === 'at') {
      baseItems[view.base] = { kind: 'at', index: add(view.lo, mul(view.step, item.index)) };
    } else {
      // The last element the slice reaches, plus one: never past the argument's own end.
      const last = add(view.lo, mul(view.step, sub(item.hi, ONE)));
      baseItems[view.base] = { kind: 'slice', lo: add(view.lo, mul(view.step, item.lo)), hi: add(last, ONE), step: mul(view.step, item.step) };
    }
  });
  // Trailing whole dimensions need no item.
  let count = rank;
  while (count > 0 && isWhole(baseItems[count - 1], base.shape[count - 1])) count--;
  const items = baseItems.slice(0, count).map((it, d) => it ?? { kind: 'slice' as const, lo: ZERO, hi: { kind: 'const' as const, value: base.shape[d] }, step: ONE });
  return {
    tensor: base, items, ...(inner.steps && { steps: inner.steps }), transpose: inner.transpose, bcast: inner.bcast,
    shape: inner.shape, dtype: base.dtype, memory: arg.memory,
    text: printAccess(base.name, items, inner.transpose, inner.bcast, inner.steps, undefined, base), span: inner.span,
  };
}

function sliceLength(item: Extract<AccessItem, { kind: 'slice' }>): ScalarExpr {
  // ceil((hi - lo) / step); the slices a checked program binds have constant lengths where it matters.
  const extent = sub(item.hi, item.lo);
  if (item.step.kind === 'const' && item.step.value === 1) return extent;
  return fold({ kind: 'fn', name: 'ceil', args: [fold({ kind: 'binary', op: '/', left: extent, right: item.step, span: spanOf(extent, item.step) })] });
}

function isWhole(item: AccessItem | undefined, size: number): boolean {
  if (!item) return true;
  return item.kind === 'slice' && item.lo.kind === 'const' && item.lo.value === 0 && item.hi.kind === 'const' && item.hi.value === size
    && item.step.kind === 'const' && item.step.value === 1;
}
