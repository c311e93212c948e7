/** Instructions of the vector (DVE), scalar/activation (ACT) and pool (POOL) engines: elementwise work per partition. */
import { InstrNode, Operand } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { ActivationFunction, AluOp, ReduceOp } from '../ir/opcodes';
import { viewSize } from '../machine/view';
import { activation, Binary, floatOp, integerOp, reduction } from './alu';
import { attrOperand, attrScalar, compileColumn, Executor, isIntegerDType, ON_CHIP, scalarOf, tensorOf, word } from './common';
import { allFinite, checkWrite, plane2d, readOperand, requireShape, scratch, TensorOperand, viewOf, writeChecked, writeOperand } from './operands';
import { computeLeftLanes } from './exact-lanes';
import { compilingMasked, wholeIndices } from './restriction';
import { compilingFloat64, floatRounding } from './precision';
import { allocate, simdKernels } from './simd';
import { allStagedFinite, areF32, copyStaged, results, stage, stages, stageValues, store } from './staging';
import { Fold, Func, Op } from './wasm/codes';

const OUT = 7;

/** The float-domain operations the SIMD kernels compute; pow stays on the host (base/math.ts). */
const SIMD_OPS: Partial<Record<AluOp, Op>> = {
  add: Op.Add, sub: Op.Sub, mul: Op.Mul, div: Op.Div, max: Op.Max, min: Op.Min,
  eq: Op.Eq, ne: Op.Ne, lt: Op.Lt, le: Op.Le, gt: Op.Gt, ge: Op.Ge, and: Op.And, or: Op.Or, xor: Op.Xor,
};

/**
 * Every activation function: those without transcendentals computed exactly in f32, the others certified against
 * the host-independent reference (base/math.ts), which computes the elements the kernel leaves (exact-lanes.ts).
 */
const SIMD_FUNCS: Record<ActivationFunction, Func> = {
  identity: Func.Identity, relu: Func.Relu, square: Func.Square, abs: Func.Abs, sign: Func.Sign,
  reciprocal: Func.Reciprocal, sqrt: Func.Sqrt, rsqrt: Func.Rsqrt,
  exp: Func.Exp, sigmoid: Func.Sigmoid, silu: Func.Silu, gelu: Func.Gelu, tanh: Func.Tanh, softplus: Func.Softplus,
  log: Func.Log, sin: Func.Sin, cos: Func.Cos,
};

const SIMD_FOLDS: Record<ReduceOp, Fold> = { add: Fold.Add, mul: Fold.Mul, max: Fold.Max, min: Fold.Min };

export function tensorCopy(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ON_CHIP);
  const src = tensorOf(node.srcs[0], 'source', ON_CHIP);
  const simd = !compilingFloat64();
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const s = viewOf(src, f, c, m);
    const [rows, cols] = plane2d(s);
    requireShape(dst, d, rows, cols, 'the copy');
    if (simd && copyStaged(dst, src, d, s, c, m)) return;
    const values = readOperand(src, s, m, 0);
    writeOperand(dst, d, values, m, c, () => allFinite(values));
  };
}

export function memset(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ON_CHIP);
  const value = scalarOf(node.srcs[0]);
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const x = value(f, c, m);
    const out = scratch.get(OUT, viewSize(d));
    out.fill(x);
    writeOperand(dst, d, out, m, c, () => Number.isFinite(x));
  };
}

export function iota(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ON_CHIP);
  const base = attrScalar(node, 'base', 0);
  const pstep = attrScalar(node, 'pstep', 0);
  const fstep = attrScalar(node, 'fstep', 1);
  const masked = compilingMasked();
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const [rows, cols] = plane2d(d);
    const b = base(f, c, m);
    const ps = pstep(f, c, m);
    const fs = fstep(f, c, m);
    const out = scratch.get(OUT, rows * cols);
    if (masked) {
      // Under a mask the view is cut to a box: its values are those of its indices in the whole destination.
      for (let p = 0; p < rows; p++) {
        for (let q = 0; q < cols; q++) {
          const [wp, wf] = wholeIndices(d, p, q);
          out[p * cols + q] = b + wp * ps + wf * fs;
        }
      }
    } else {
      for (let p = 0; p < rows; p++) for (let q = 0; q < cols; q++) out[p * cols + q] = b + p * ps + q * fs;
    }
    writeOperand(dst, d, out, m, c, () => Number.isFinite(b) && Number.isFinite(ps) && Number.isFinite(fs));
  };
}

export function tensorTensor(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ON_CHIP);
  const a = tensorOf(node.srcs[0], 'first operand', ON_CHIP);
  const b = tensorOf(node.srcs[1], 'second operand', ON_CHIP);
  const op = word(node, 'op', 'add') as AluOp;
  const integer = isIntegerDType(a) && isIntegerDType(b);
  const r = floatRounding();
  const fn = integer ? integerOp(op, () => `'${node.opcode} op = ${op}'`, a.ap.dtype, r) : floatOp(op, r);
  const simdOp = compilingFloat64() ? undefined : SIMD_OPS[op];
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const va = viewOf(a, f, c, m);
    const vb = viewOf(b, f, c, m);
    const [rows, cols] = plane2d(va);
    requireShape(b, vb, rows, cols, `'${a.ap.text}'`);
    requireShape(dst, d, rows, cols, 'the result');
    const k = simdOp !== undefined && stages(va) && stages(vb) ? simdKernels(3 * rows * cols) : undefined;
    if (k) {
      const sa = stage(k, a, va, m);
      const sb = stage(k, b, vb, m);
      const out = results(sa.length);
      k.binary(simdOp!, sa.at, sb.at, out.at, out.length);
      return store(k, dst, d, out, m, c, () => allStagedFinite(sa, sb));
    }
    const xa = readOperand(a, va, m, 0);
    const xb = readOperand(b, vb, m, 1);
    const out = scratch.get(OUT, xa.length);
    for (let i = 0; i < xa.length; i++) out[i] = fn(xa[i], xb[i]);
    writeOperand(dst, d, out, m, c, () => allFinite(xa, xb));
  };
}

export function tensorScalar(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ON_CHIP);
  const a = tensorOf(node.srcs[0], 'operand', ON_CHIP);
  const ops = [word(node, 'op', 'add'), word(node, 'op1', '')].filter((o) => o) as AluOp[];
  const scalars = [compileColumn(attrOperand(node, 'scalar'), 'scalar', 0), compileColumn(attrOperand(node, 'scalar1'), 'scalar1', 0)];
  const reversed = [attrScalar(node, 'reverse', 0), attrScalar(node, 'reverse1', 0)];
  const where = () => `'${node.opcode}'`;
  // In the float domain (the operand of a float dtype) with scalars that are f32 values, the SIMD kernel.
  const simdOps = !compilingFloat64() && ops.every((o) => SIMD_OPS[o] !== undefined) ? ops.map((o) => SIMD_OPS[o]!) : undefined;
  const r = floatRounding();
  // NKI tensor_scalar_reduce: each row's reduction of the results, into the [P, 1] reduce_res.
  const reduceOp = attrOperand(node, 'reduce_res');
  const reduceRes = reduceOp && tensorOf(reduceOp, 'reduce_res', ON_CHIP);
  const reduceWith = word(node, 'reduce_op', 'add') as ReduceOp;
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const va = viewOf(a, f, c, m);
    const [rows, cols] = plane2d(va);
    requireShape(dst, d, rows, cols, 'the result');
    const rs = reduceRes && viewOf(reduceRes, f, c, m);
    if (reduceRes && rs) requireShape(reduceRes, rs, rows, 1, 'the row reductions');
    const reverse = ops.map((_, k) => reversed[k](f, c, m) !== 0);
    const k = simdOps && !reduceRes && !reverse.includes(true) && stages(va) ? simdKernels(2 * rows * cols + 2 * rows) : undefined;
    if (k && simdOps) {
      // Staged before the scalars are read, as the scalar path reads them: the same fault comes first.
      const x = stage(k, a, va, m);
      const given = ops.map((_, i) => scalars[i](f, c, m, rows, 1 + i).values);
      if (given.every((col) => areF32(col, rows))) {
        const out = results(x.length);
        const [s0, s1] = given.map((col) => stageValues(col, rows).at);
        k.scalarRows(simdOps[0], simdOps[1] ?? -1, x.at, s0, s1 ?? s0, out.at, rows, cols);
        return store(k, dst, d, out, m, c, () => allStagedFinite(x) && allFinite(...given.map((col) => col.subarray(0, rows))));
      }
    }
    const xa = readOperand(a, va, m, 0);
    const out = scratch.get(OUT, xa.length);
    out.set(xa);
    // The domain is the whole instruction's: integer only when the operand and every scalar are integers.
    const given = ops.map((_, k) => scalars[k](f, c, m, rows, 1 + k));
    const integer = isIntegerDType(a) && given.every((col) => col.integral);
    const columns = given.map((col) => col.values);
    for (let k = 0; k < ops.length; k++) {
      const fn: Binary = integer ? integerOp(ops[k], where, a.ap.dtype, r) : floatOp(ops[k], r);
      applyColumn(out, columns[k], rows, cols, reverse[k] ? (x, s) => fn(s, x) : fn);
    }
    const inputsFinite = () => allFinite(xa, ...columns.map((col) => col.subarray(0, rows)));
    if (!reduceRes || !rs) return writeOperand(dst, d, out, m, c, inputsFinite);
    // As Activation's reduce_res: the results before the store rounds them, both writes checked before either lands.
    const reduced = rowReductions(out, rows, cols, reduction(reduceWith, integer, r));
    checkWrite(dst, d, m, c, m.faults.nan ? out : undefined, 0, inputsFinite);
    checkWrite(reduceRes, rs, m, c, m.faults.nan ? reduced : undefined, 0, () => allFinite(out.subarray(0, rows * cols)));
    writeChecked(dst, d, out, m);
    writeChecked(reduceRes, rs, reduced, m);
  };
}

/** Each row folded from the left from the operator's identity, each step rounded as the domain rounds. */
function rowReductions(values: Float64Array, rows: number, cols: number, { init, step }: { init: number; step: Binary }): Float64Array {
  const out = scratch.get(6, rows);
  for (let p = 0; p < rows; p++) {
    let acc = init;
    for (let q = p * cols, end = q + cols; q < end; q++) acc = step(acc, values[q]);
    out[p] = acc;
  }
  return out;
}

/** out[p, q] = fn(out[p, q], column[p]) in place. */
function applyColumn(out: Float64Array, column: Float64Array, rows: number, cols: number, fn: Binary): void {
  for (let p = 0; p < rows; p++) {
    const s = column[p];
    for (let q = p * cols, end = q + cols; q < end; q++) out[q] = fn(out[q], s);
  }
}

/** The destination's view and both operands read, all checked to one [rows, cols] plane. */
function twoOperandPlane(dst: TensorOperand, a: TensorOperand, b: TensorOperand, f: Frame, c: Core, m: Machine) {
  const d = viewOf(dst, f, c, m);
  const va = viewOf(a, f, c, m);
  const vb = viewOf(b, f, c, m);
  const [rows, cols] = plane2d(va);
  requireShape(b, vb, rows, cols, `'${a.ap.text}'`);
  requireShape(dst, d, rows, cols, 'the result');
  return { d, rows, cols, xa: readOperand(a, va, m, 0), xb: readOperand(b, vb, m, 1) };
}

/**
 * `(a op scalar) op1 b`: a TensorScalar step then a TensorTensor step in one instruction (NKI
 * `scalar_tensor_tensor`), each rounded; `reverse`/`reverse1` swap the operands of each step.
 */
export function scalarTensorTensor(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ON_CHIP);
  const a = tensorOf(node.srcs[0], 'data', ON_CHIP);
  const b = tensorOf(node.srcs[1], 'second operand', ON_CHIP);
  const op0 = word(node, 'op', 'add') as AluOp;
  const op1 = word(node, 'op1', 'add') as AluOp;
  const scalar = compileColumn(attrOperand(node, 'scalar'), 'scalar', 0);
  const reversed = [attrScalar(node, 'reverse', 0), attrScalar(node, 'reverse1', 0)];
  const where = () => `'${node.opcode}'`;
  const r = floatRounding();
  return (f, c, m) => {
    const { d, rows, cols, xa, xb } = twoOperandPlane(dst, a, b, f, c, m);
    const col = scalar(f, c, m, rows, 2);
    const integer = isIntegerDType(a) && isIntegerDType(b) && col.integral;
    const [fn0, fn1] = [op0, op1].map((op, k) => {
      const fn = integer ? integerOp(op, where, a.ap.dtype, r) : floatOp(op, r);
      return reversed[k](f, c, m) !== 0 ? (x: number, y: number) => fn(y, x) : fn;
    });
    const out = scratch.get(OUT, xa.length);
    out.set(xa);
    applyColumn(out, col.values, rows, cols, fn0);
    for (let i = 0; i < out.length; i++) out[i] = fn1(out[i], xb[i]);
    writeOperand(dst, d, out, m, c, () => allFinite(xa, xb, col.values.subarray(0, rows)));
  };
}

/**
 * The scan of NKI `tensor_tensor_scan`, along the free dimension of each partition:
 * dst[p, i] = (a[p, i] op prev) op1 b[p, i], prev = dst[p, i - 1] or `initial` at i = 0, each step rounded (in the
 * float domain). `reverse` makes the first step `prev op a[p, i]`, `reverse1` the second `b[p, i] op1 (...)`.
 */
export function tensorTensorScan(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ON_CHIP);
  const a = tensorOf(node.srcs[0], 'first operand', ON_CHIP);
  const b = tensorOf(node.srcs[1], 'second operand', ON_CHIP);
  const op0 = word(node, 'op', 'mul') as AluOp;
  const op1 = word(node, 'op1', 'add') as AluOp;
  const initial = compileColumn(attrOperand(node, 'initial'), 'initial', 0);
  const reversed = [attrScalar(node, 'reverse', 0), attrScalar(node, 'reverse1', 0)];
  const where = () => `'${node.opcode}'`;
  const r = floatRounding();
  return (f, c, m) => {
    const { d, rows, cols, xa, xb } = twoOperandPlane(dst, a, b, f, c, m);
    const init = initial(f, c, m, rows, 2);
    const integer = isIntegerDType(a) && isIntegerDType(b) && init.integral;
    const [fn0, fn1] = [op0, op1].map((op) => (integer ? integerOp(op, where, a.ap.dtype, r) : floatOp(op, r)));
    const [rev0, rev1] = reversed.map((r) => r(f, c, m) !== 0);
    const out = scratch.get(OUT, xa.length);
    for (let p = 0; p < rows; p++) {
      let prev = init.values[p];
      for (let q = p * cols, end = q + cols; q < end; q++) {
        const t = rev0 ? fn0(prev, xa[q]) : fn0(xa[q], prev);
        prev = rev1 ? fn1(xb[q], t) : fn1(t, xb[q]);
        out[q] = prev;
      }
    }
    writeOperand(dst, d, out, m, c, () => allFinite(xa, xb, init.values.subarray(0, rows)));
  };
}

export function tensorReduce(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ON_CHIP);
  const src = tensorOf(node.srcs[0], 'source', ON_CHIP);
  const op = word(node, 'op', 'add') as ReduceOp;
  const integer = isIntegerDType(src);
  const { init, step } = reduction(op, integer, floatRounding());
  const negated = attrScalar(node, 'negate', 0);
  const simd = !compilingFloat64();
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const s = viewOf(src, f, c, m);
    const [partitions, free] = plane2d(s);
    // Each element of the destination reduces a run of the source's last free dimensions (`kept` runs per partition).
    const [, kept] = plane2d(d);
    if (kept < 1 || free % kept !== 0) requireShape(dst, d, partitions, 1, 'the reduction');
    requireShape(dst, d, partitions, kept, 'the reduction');
    const rows = partitions * kept;
    const cols = free / kept;
    // `negate`: the result times -1 (exact); integers have no -0.
    const negate = negated(f, c, m) !== 0;
    const k = simd && !negate && stages(s) ? simdKernels(rows * cols + rows) : undefined;
    if (k) {
      const x = stage(k, src, s, m);
      const out = results(rows);
      k.reduceRows(SIMD_FOLDS[op], x.at, out.at, rows, cols);
      return store(k, dst, d, out, m, c, () => allStagedFinite(x));
    }
    const x = readOperand(src, s, m, 0);
    const out = scratch.get(OUT, rows);
    for (let p = 0; p < rows; p++) {
      let acc = init;
      for (let q = p * cols, end = q + cols; q < end; q++) acc = step(acc, x[q]);
      out[p] = negate ? (integer ? -acc + 0 : -acc) : acc;
    }
    writeOperand(dst, d, out, m, c, () => allFinite(x));
  };
}

export function select(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ON_CHIP);
  const cond = tensorOf(node.srcs[0], 'condition', ON_CHIP);
  const picks = node.srcs.slice(1).map((op, k) => compileColumnOrTensor(op, k === 0 ? 'first choice' : 'second choice'));
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const vc = viewOf(cond, f, c, m);
    const [rows, cols] = plane2d(vc);
    requireShape(dst, d, rows, cols, 'the result');
    const xc = readOperand(cond, vc, m, 0);
    const [xa, xb] = picks.map((p, k) => p(f, c, m, rows, cols, 1 + k));
    const out = scratch.get(OUT, xc.length);
    for (let i = 0; i < xc.length; i++) out[i] = xc[i] !== 0 ? xa[i] : xb[i];
    writeOperand(dst, d, out, m, c, () => allFinite(xa, xb));
  };
}

/** A choice of Select: a tensor of the data's shape, or a scalar repeated. */
type PickFn = (f: Frame, c: Core, m: Machine, rows: number, cols: number, slot: number) => Float64Array;

function compileColumnOrTensor(op: Operand, role: string): PickFn {
  if (op.kind === 'tensor') {
    const t = tensorOf(op, role, ON_CHIP);
    return (f, c, m, rows, cols, slot) => {
      const v = viewOf(t, f, c, m);
      requireShape(t, v, rows, cols, 'the condition');
      return readOperand(t, v, m, slot);
    };
  }
  const s = scalarOf(op);
  return (f, c, m, rows, cols, slot) => {
    const out = scratch.get(slot, rows * cols);
    out.fill(s(f, c, m));
    return out;
  };
}

export function activate(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ON_CHIP);
  const src = tensorOf(node.srcs[0], 'source', ON_CHIP);
  const func = word(node, 'func', 'identity') as ActivationFunction;
  const r = floatRounding();
  const fn = activation(func, r);
  const float64 = compilingFloat64();
  const simd = !float64;
  const scale = compileColumn(attrOperand(node, 'scale'), 'scale', 1);
  const bias = compileColumn(attrOperand(node, 'bias'), 'bias', 0);
  const simdFunc = SIMD_FUNCS[func];
  const reduceOp = attrOperand(node, 'reduce_res');
  const reduceRes = reduceOp && tensorOf(reduceOp, 'reduce_res', ON_CHIP);
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const s = viewOf(src, f, c, m);
    const [rows, cols] = plane2d(s);
    requireShape(dst, d, rows, cols, 'the result');
    const rs = reduceRes && viewOf(reduceRes, f, c, m);
    if (reduceRes && rs) requireShape(reduceRes, rs, rows, 1, 'the row sums');
    const k = simd && !reduceRes && stages(s) ? simdKernels(3 * rows * cols + 2 * rows) : undefined;
    if (k) {
      const x = stage(k, src, s, m);
      const sc = scale(f, c, m, rows, 1).values;
      const bi = bias(f, c, m, rows, 2).values;
      if (areF32(sc, rows) && areF32(bi, rows)) {
        const out = results(x.length);
        const left = allocate(x.length, 4);
        const count = k.activation(simdFunc, x.at, stageValues(sc, rows).at, stageValues(bi, rows).at, out.at, rows, cols, left);
        if (count > 0) computeLeftLanes(k, fn, out.at, out.length, left, count);
        return store(k, dst, d, out, m, c, () => allStagedFinite(x) && allFinite(sc.subarray(0, rows), bi.subarray(0, rows)));
      }
    }
    const x = readOperand(src, s, m, 0);
    const sc = scale(f, c, m, rows, 1).values;
    const bi = bias(f, c, m, rows, 2).values;
    const out = scratch.get(OUT, x.length);
    for (let p = 0; p < rows; p++) {
      const k = sc[p];
      const b = bi[p];
      // In float64 nothing rounds: the same values without two calls per element.
      if (float64) for (let q = p * cols, end = q + cols; q < end; q++) out[q] = fn(x[q] * k + b);
      else for (let q = p * cols, end = q + cols; q < end; q++) out[q] = fn(r(r(x[q] * k) + b));
    }
    // The row sums of the f32 results (before the store rounds them to dst's dtype), read before dst is written:
    // dst may be the source.
    const inputsFinite = () => allFinite(x, sc.subarray(0, rows), bi.subarray(0, rows));
    if (!reduceRes || !rs) return writeOperand(dst, d, out, m, c, inputsFinite);
    // Both writes are checked before either lands, so that a continued fault runs the instruction again on the
    // same inputs (dst may be the source).
    const sums = rowSums(out, rows, cols, r);
    checkWrite(dst, d, m, c, m.faults.nan ? out : undefined, 0, inputsFinite);
    checkWrite(reduceRes, rs, m, c, m.faults.nan ? sums : undefined, 0, () => allFinite(out.subarray(0, rows * cols)));
    writeChecked(dst, d, out, m);
    writeChecked(reduceRes, rs, sums, m);
  };
}

/** Each row's sum, folded from the left from 0 with every step rounded to f32 (NKI activation's reduce_op = add). */
function rowSums(values: Float64Array, rows: number, cols: number, r: (x: number) => number): Float64Array {
  const sums = scratch.get(6, rows);
  for (let p = 0; p < rows; p++) {
    let acc = 0;
    for (let q = p * cols, end = q + cols; q < end; q++) acc = r(acc + values[q]);
    sums[p] = acc;
  }
  return sums;
}
