/**
 * MatMultMX, NKI's `nc_matmul_mx` (NeuronCore-v4): a matmul of packed MX data with their e8m0 block scales into
 * PSUM. The contraction runs over the K partitions and the 4 values of each packed element; the values of 8
 * partitions × one element (a block of 32) share a scale (machine/mx-blocks.ts). The arithmetic is that of the MX
 * tutorial's `nc_matmul_mx_golden` (unpack, multiply each value by 2^(e − 127), contract), with the rounding the
 * simulator defines where NKI says none (docs/bir-language.md, MatMultMX): each partition's four products are summed in
 * f64, scaled and rounded once to f32, and the partitions are accumulated in f32 in increasing order.
 */
import { DType, packedLayout } from '../base/dtype';
import { InstrNode } from '../ir/program';
import { decode } from '../machine/dtypes';
import { Fault } from '../machine/fault';
import { mxScalePartition, mxScalePartitionsNeeded } from '../machine/mx-blocks';
import { View } from '../machine/view';
import { attrScalar, Executor, tensorOf } from './common';
import { plane2d, readOperand, requireShape, scratch, TensorOperand, viewOf, writeOperand } from './operands';
import { compilingFloat64, floatRounding } from './precision';
import { MOVING, STATIONARY } from './restriction';

export const STATIONARY_SCALE = 'stationary scale';
export const MOVING_SCALE = 'moving scale';

export function matMultMX(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ['psum']);
  const st = tensorOf(node.srcs[0], STATIONARY, ['sbuf']);
  const mv = tensorOf(node.srcs[1], MOVING, ['sbuf']);
  const ss = tensorOf(node.srcs[2], STATIONARY_SCALE, ['sbuf']);
  const ms = tensorOf(node.srcs[3], MOVING_SCALE, ['sbuf']);
  const accumulate = attrScalar(node, 'accumulate', 0);
  // A shadow run's float64 execution (kernels/precision.ts) contracts without rounding.
  const float64 = compilingFloat64();
  const r = floatRounding();
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const [vs, vm, vss, vms] = [st, mv, ss, ms].map((o) => viewOf(o, f, c, m));
    const [K, M] = plane2d(vs);
    const [K2, N] = plane2d(vm);
    if (K !== K2) throw new Fault('shape-mismatch', `MatMultMX: the stationary operand '${st.ap.text}' has K = ${K} partitions but the moving operand '${mv.ap.text}' has ${K2}`, node.span);
    if (K % 32 !== 0) throw new Fault('shape-mismatch', `MatMultMX: K = ${K} partitions here; the data's partitions must be a multiple of 32`, node.span);
    requireShape(dst, d, M, N, 'MatMultMX');
    requireScale(ss, vss, K, M);
    requireScale(ms, vms, K, N);
    const a = unpack(readOperand(st, vs, m, 0), vs.tensor.dtype, 0);
    const b = unpack(readOperand(mv, vm, m, 1), vm.tensor.dtype, 1);
    const sa = scales(readOperand(ss, vss, m, 2), vss.tensor.dtype);
    const sb = scales(readOperand(ms, vms, m, 3), vms.tensor.dtype);
    const out = scratch.get(7, M * N);
    (float64 ? multiplyMXInFloat64 : multiplyMX)(a, b, sa, sb, K, M, N, out);
    const old = accumulate(f, c, m) !== 0 ? readOperand(dst, d, m, 6) : undefined;
    if (old) for (let i = 0; i < out.length; i++) out[i] = r(old[i] + out[i]);
    writeOperand(dst, d, out, m, c, () => finite(a) && finite(b) && finite(sa) && finite(sb) && (!old || finite(old)));
  };
}

/** A scale operand has a column per data column and reaches the partition of its last block's scale. */
function requireScale(op: TensorOperand, v: View, K: number, cols: number): void {
  const [p, f] = plane2d(v);
  const needed = mxScalePartitionsNeeded(K);
  if (f !== cols || p < needed) {
    throw new Fault('shape-mismatch', `the ${op.role} '${op.ap.text}' is [${v.shape.join(', ')}] here but MatMultMX needs ${cols} columns and at least ${needed} partitions for K = ${K}`, op.ap.span);
  }
}

/** Decoded values, one table per element dtype (16 or 256 bit patterns). */
const TABLES = new Map<DType, Float64Array>();

function tableOf(element: DType, bits: number): Float64Array {
  let t = TABLES.get(element);
  if (!t) {
    t = Float64Array.from({ length: 2 ** bits }, (_, i) => decode(element, i));
    TABLES.set(element, t);
  }
  return t;
}

const unpacked: Float64Array[] = [];

/** The 4 values of each packed element, in place of the element: [K, F] packed becomes [K, F, 4]. */
function unpack(bits: Float64Array, packed: DType, slot: number): Float64Array {
  const layout = packedLayout(packed)!;
  const table = tableOf(layout.element, layout.bitsEach);
  const n = bits.length * layout.count;
  let out = unpacked[slot];
  if (!out || out.length < n) unpacked[slot] = out = new Float64Array(n);
  const mask = 2 ** layout.bitsEach - 1;
  for (let i = 0; i < bits.length; i++) {
    const word = bits[i];
    for (let q = 0; q < layout.count; q++) out[i * layout.count + q] = table[Math.floor(word / 2 ** (q * layout.bitsEach)) & mask];
  }
  return out.length === n ? out : out.subarray(0, n);
}

/** Scale factors 2^(e − 127): an e8m0 operand reads as them; a u8 one holds their bits. */
function scales(values: Float64Array, dtype: DType): Float64Array {
  if (dtype !== 'u8') return values;
  const table = tableOf('e8m0', 8);
  for (let i = 0; i < values.length; i++) values[i] = table[values[i]];
  return values;
}

function finite(a: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return false;
  return true;
}

const rowBuffer = { acc: new Float32Array(512) };

/**
 * out[m, n] = Σ_p f32(sa[s(p), m] · sb[s(p), n] · Σ_q a[p, m, q] · b[p, n, q]), s(p) the partition of p's block scale;
 * the inner sum in f64 (exact for fp8e4m3fn and fp4 values; for fp8e5m2 unless the products span more than 53 bits),
 * the scaling exact in f64, one rounding to f32, then the sum over p in f32 in increasing p.
 */
export function multiplyMX(a: Float64Array, b: Float64Array, sa: Float64Array, sb: Float64Array, K: number, M: number, N: number, out: Float64Array): void {
  if (rowBuffer.acc.length < N) rowBuffer.acc = new Float32Array(N);
  const acc = rowBuffer.acc;
  for (let i = 0; i < M; i++) {
    acc.fill(0, 0, N);
    for (let p = 0; p < K; p++) {
      const ai = (p * M + i) * 4;
      const [a0, a1, a2, a3] = [a[ai], a[ai + 1], a[ai + 2], a[ai + 3]];
      const s = mxScalePartition(p);
      const si = sa[s * M + i];
      const rowB = p * N * 4;
      const rowS = s * N;
      for (let j = 0; j < N; j++) {
        const bj = rowB + 4 * j;
        const dot = a0 * b[bj] + a1 * b[bj + 1] + a2 * b[bj + 2] + a3 * b[bj + 3];
        acc[j] += Math.fround(dot * (si * sb[rowS + j]));
      }
    }
    for (let j = 0; j < N; j++) out[i * N + j] = acc[j];
  }
}

/** The same contraction in float64, without rounding (a shadow run's). */
export function multiplyMXInFloat64(a: Float64Array, b: Float64Array, sa: Float64Array, sb: Float64Array, K: number, M: number, N: number, out: Float64Array): void {
  out.fill(0, 0, M * N);
  for (let i = 0; i < M; i++) {
    const o = i * N;
    for (let p = 0; p < K; p++) {
      const ai = (p * M + i) * 4;
      const s = mxScalePartition(p);
      const si = sa[s * M + i];
      for (let j = 0; j < N; j++) {
        const bj = (p * N + j) * 4;
        out[o + j] += (a[ai] * b[bj] + a[ai + 1] * b[bj + 1] + a[ai + 2] * b[bj + 2] + a[ai + 3] * b[bj + 3]) * si * sb[s * N + j];
      }
    }
  }
}
