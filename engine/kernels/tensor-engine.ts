/** The tensor engine (PE): matrix multiplication into PSUM, and transposition through it. */
import { InstrNode } from '../ir/program';
import { Fault } from '../machine/fault';
import { PSUM_BANK_BYTES } from '../machine/limits';
import { View } from '../machine/view';
import { attrScalar, Executor, tensorOf, word } from './common';
import { ScalarFn } from './compile-scalar';
import { allFinite, plane2d, readOperand, requireShape, scratch, TensorOperand, viewOf, writeOperand } from './operands';
import { MOVING, STATIONARY } from './restriction';
import { allocate, f64At, simdKernels } from './simd';
import { compilingFloat64, floatRounding } from './precision';
import { allStagedFinite, results, stage, stages, store } from './staging';
import { Op } from './wasm/codes';

/**
 * dst[M, N] (+)= stationary[K, M]ᵀ · moving[K, N]. Each product is rounded to f32 and added to an f32
 * accumulator in increasing k, as the systolic array does; with accumulate, the sum is added to what dst held.
 * Operands of float dtypes go through the SIMD kernel (the same operations in the same order); integer ones,
 * whose values need not be f32 values, through multiply() below, the reference.
 */
export function matMult(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ['psum']);
  const st = tensorOf(node.srcs[0], STATIONARY, ['sbuf']);
  const mv = tensorOf(node.srcs[1], MOVING, ['sbuf']);
  const accumulate = attrScalar(node, 'accumulate', 0);
  if (word(node, 'perf_mode', 'none') === 'double_row') return doubleRowMatMult(node, dst, st, mv, accumulate);
  const float64 = compilingFloat64();
  const r = floatRounding();
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const vs = viewOf(st, f, c, m);
    const vm = viewOf(mv, f, c, m);
    const [K, M] = plane2d(vs);
    const [K2, N] = plane2d(vm);
    if (K !== K2) throw new Fault('shape-mismatch', `MatMult: the stationary operand '${st.ap.text}' has K = ${K} partitions but the moving operand '${mv.ap.text}' has ${K2}`, node.span);
    requireShape(dst, d, M, N, 'MatMult');
    checkOneBank(dst, d);
    const k = !float64 && stages(vs) && stages(vm) ? simdKernels(K * M + K * N + 2 * M * N) : undefined;
    if (k) {
      const a = stage(k, st, vs, m);
      const b = stage(k, mv, vm, m);
      const out = results(M * N);
      k.matmul(a.at, b.at, out.at, K, M, N);
      const old = accumulate(f, c, m) !== 0 ? stage(k, dst, d, m) : undefined;
      if (old) k.binary(Op.Add, old.at, out.at, out.at, out.length);
      store(k, dst, d, out, m, c, () => allStagedFinite(a, b) && (!old || allStagedFinite(old)));
      return;
    }
    const a = readOperand(st, vs, m, 0);
    const b = readOperand(mv, vm, m, 1);
    const out = scratch.get(7, M * N);
    if (float64) multiplyF64(a, b, K, M, N, out);
    else multiply(a, b, K, M, N, out);
    const old = accumulate(f, c, m) !== 0 ? readOperand(dst, d, m, 2) : undefined;
    if (old) for (let i = 0; i < out.length; i++) out[i] = r(old[i] + out[i]);
    writeOperand(dst, d, out, m, c, () => allFinite(a, b) && (!old || allFinite(old)));
  };
}

/**
 * Double-row mode (fp8): stationary [K, 2, M] and moving [K, 2, N] hold a contraction of 2·K, element (p, j) being
 * k = j·K + p (the pair dimension holds its two halves, trainium2_arch.rst). Each processing element multiplies the
 * pair it holds with the pair streaming in and adds the two products; those sums are accumulated in f32 in increasing p.
 */
function doubleRowMatMult(node: InstrNode, dst: TensorOperand, st: TensorOperand, mv: TensorOperand, accumulate: ScalarFn): Executor {
  const float64 = compilingFloat64();
  const r = floatRounding();
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const vs = viewOf(st, f, c, m);
    const vm = viewOf(mv, f, c, m);
    for (const [op, v] of [[st, vs], [mv, vm]] as const) {
      if (v.shape.length !== 3 || v.shape[1] !== 2) throw new Fault('shape-mismatch', `MatMult with perf_mode = double_row: the ${op.role} '${op.ap.text}' is [${v.shape.join(', ')}] here, not [K, 2, ${op === st ? 'M' : 'N'}]`, op.ap.span);
    }
    const [K, , M] = vs.shape;
    const [K2, , N] = vm.shape;
    if (K !== K2) throw new Fault('shape-mismatch', `MatMult: the stationary operand '${st.ap.text}' has K = ${K} partitions but the moving operand '${mv.ap.text}' has ${K2}`, node.span);
    requireShape(dst, d, M, N, 'MatMult');
    checkOneBank(dst, d);
    const a = readOperand(st, vs, m, 0);
    const b = readOperand(mv, vm, m, 1);
    const out = scratch.get(7, M * N);
    // [K, 2, C] in row-major order is the [2·K, C] of one contraction, whose order float64 does not round.
    if (float64) multiplyF64(a, b, 2 * K, M, N, out);
    else multiplyDoubleRow(a, b, K, M, N, out);
    const old = accumulate(f, c, m) !== 0 ? readOperand(dst, d, m, 2) : undefined;
    if (old) for (let i = 0; i < out.length; i++) out[i] = r(old[i] + out[i]);
    writeOperand(dst, d, out, m, c, () => allFinite(a, b) && (!old || allFinite(old)));
  };
}

/**
 * out[m, n] = Σ_p f32(a[p, 0, m]·b[p, 0, n] + a[p, 1, m]·b[p, 1, n]), summed in f32 in increasing p. A product of two
 * fp8 values is exact in f32, so each pair's sum is rounded once (a double sum of two f32 values rounds to f32 exactly).
 */
export function multiplyDoubleRow(a: Float64Array, b: Float64Array, K: number, M: number, N: number, out: Float64Array): void {
  if (rowBuffer.acc.length < N) rowBuffer.acc = new Float32Array(N);
  const acc = rowBuffer.acc;
  for (let i = 0; i < M; i++) {
    acc.fill(0, 0, N);
    for (let p = 0; p < K; p++) {
      const x0 = a[(2 * p) * M + i];
      const x1 = a[(2 * p + 1) * M + i];
      const row0 = 2 * p * N;
      const row1 = row0 + N;
      for (let j = 0; j < N; j++) acc[j] += Math.fround(Math.fround(x0 * b[row0 + j]) + Math.fround(x1 * b[row1 + j]));
    }
    for (let j = 0; j < N; j++) out[i * N + j] = acc[j];
  }
}

const rowBuffer = { acc: new Float32Array(512) };

/** out[m, n] = Σ_k f32(a[k, m] · b[k, n]), summed in f32 in increasing k. */
export function multiply(a: Float64Array, b: Float64Array, K: number, M: number, N: number, out: Float64Array): void {
  if (rowBuffer.acc.length < N) rowBuffer.acc = new Float32Array(N);
  const acc = rowBuffer.acc;
  for (let i = 0; i < M; i++) {
    acc.fill(0, 0, N);
    for (let k = 0; k < K; k++) {
      const x = a[k * M + i];
      const row = k * N;
      // A Float32Array store rounds the double sum of two f32 values: exactly an f32 addition.
      for (let j = 0; j < N; j++) acc[j] += Math.fround(x * b[row + j]);
    }
    for (let j = 0; j < N; j++) out[i * N + j] = acc[j];
  }
}

/** A shadow run's float64 sums: in the kernels' f64x2 when they are on, else multiplyInFloat64 (the same bits). */
function multiplyF64(a: Float64Array, b: Float64Array, K: number, M: number, N: number, out: Float64Array): void {
  const k = simdKernels(2 * (K * M + K * N + M * N));
  if (!k) return multiplyInFloat64(a, b, K, M, N, out);
  const pa = allocate(K * M, 8);
  const pb = allocate(K * N, 8);
  const po = allocate(M * N, 8);
  f64At(pa, K * M).set(a.subarray(0, K * M));
  f64At(pb, K * N).set(b.subarray(0, K * N));
  k.matmulF64(pa, pb, po, K, M, N);
  out.set(f64At(po, M * N));
}

/** The same sums in float64, without rounding (a shadow run's): out[m, n] = Σ_k a[k, m] · b[k, n]. */
export function multiplyInFloat64(a: Float64Array, b: Float64Array, K: number, M: number, N: number, out: Float64Array): void {
  out.fill(0, 0, M * N);
  for (let i = 0; i < M; i++) {
    const o = i * N;
    for (let k = 0; k < K; k++) {
      const x = a[k * M + i];
      const row = k * N;
      for (let j = 0; j < N; j++) out[o + j] += x * b[row + j];
    }
  }
}

/** A matmul writes one PSUM bank per partition: the destination's columns must not straddle two. */
function checkOneBank(dst: TensorOperand, d: View): void {
  const t = d.tensor;
  if (!t.placement || d.shape.length === 0) return;
  const rowLength = t.shape[t.shape.length - 1];
  const firstCol = d.offset % rowLength;
  const cols = d.shape[d.shape.length - 1];
  const lastCol = firstCol + (cols - 1) * d.strides[d.strides.length - 1];
  const base = t.placement.frameBase + t.placement.offset;
  const first = base + firstCol * 4;
  const last = base + lastCol * 4 + 3;
  const b0 = Math.floor(first / PSUM_BANK_BYTES);
  const b1 = Math.floor(last / PSUM_BANK_BYTES);
  if (b0 !== b1) {
    throw new Fault('bank-crossing', `MatMult writes '${dst.ap.text}' across PSUM banks ${b0} and ${b1} (bytes ${first}..${last} of each partition; a bank holds ${PSUM_BANK_BYTES} bytes)`, dst.ap.span);
  }
}

/** dst[F, P] = src[P, F]ᵀ, through the PE array into PSUM: values move unchanged, then round to dst's dtype. */
export function transpose(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ['psum']);
  const src = tensorOf(node.srcs[0], 'source', ['sbuf']);
  const simd = !compilingFloat64();
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const s = viewOf(src, f, c, m);
    const [P, F] = plane2d(s);
    requireShape(dst, d, F, P, 'the transpose');
    const k = simd && stages(s) ? simdKernels(2 * P * F) : undefined;
    if (k) {
      const x = stage(k, src, s, m);
      const out = results(P * F, false);
      k.transpose(x.at, out.at, P, F);
      store(k, dst, d, out, m, c, () => allStagedFinite(x));
      return;
    }
    const x = readOperand(src, s, m, 0);
    const out = scratch.get(7, P * F);
    for (let p = 0; p < P; p++) for (let q = 0; q < F; q++) out[q * P + p] = x[p * F + q];
    writeOperand(dst, d, out, m, c, () => allFinite(x));
  };
}
