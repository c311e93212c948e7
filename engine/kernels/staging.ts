/**
 * Operands through the kernels' memory: staged in as f32 values (their stored bytes copied, then decoded by the
 * kernels), and results stored out with the destination's rounding (encoded by the kernels, then copied). The
 * checks are those of readOperand and writeOperand, in the same order, so faults are the same.
 *
 * Only dtypes whose every value is an f32 value are staged: f32 kernels compute on them exactly what the scalar
 * path computes on their doubles. Integers (i32 and u32 above 2^24) are not.
 */
import { DType, dtypeInfo } from '../base/dtype';
import { Core } from '../machine/core';
import { Machine } from '../machine/machine';
import { readViewStored, View, viewSize, writeView, writeViewStored, zeroUnwritten } from '../machine/view';
import { checkWrite, readsUnwritten, TensorOperand } from './operands';
import { allFiniteAt, allocate, f32At, F32_MAX, Kernels, memoryBits, simdKernels } from './simd';
import { Format } from './wasm/codes';

const FORMATS: Partial<Record<DType, Format>> = {
  f32: Format.F32,
  bf16: Format.BF16,
  f16: Format.F16,
  fp8e4m3: Format.FP8E4M3,
  fp8e4m3fn: Format.FP8E4M3FN,
  fp8e5m2: Format.FP8E5M2,
};

/** Whether the view's values can be staged: its dtype is a float format the kernels decode (e8m0 and fp4e2m1 are
 * not: they take the scalar path, as the integers and the packed types do). */
export function stages(v: View): boolean {
  return FORMATS[v.tensor.dtype] !== undefined;
}

/** Values in kernel memory: an address and a count of f32. */
export interface Staged {
  readonly at: number;
  readonly length: number;
  /** NaN only as 0x7FC00000, as an f32 store requires: true of the kernels' results, not of staged operands. */
  readonly canonical: boolean;
}

/** The operand's elements in row-major order as f32 in kernel memory; never-written ones fault or read as zero. */
export function stage(k: Kernels, op: TensorOperand, v: View, m: Machine): Staged {
  const n = viewSize(v);
  const dtype = v.tensor.dtype;
  const format = FORMATS[dtype]!;
  const at = allocate(n, 4);
  if (format === Format.F32) {
    readViewStored(v, memoryBits(4), at >> 2);
  } else {
    const bytes = dtypeInfo(dtype).bytes;
    const raw = allocate(n, bytes);
    readViewStored(v, memoryBits(bytes), raw / bytes);
    k.decode(format, raw, at, n);
  }
  if (readsUnwritten(op, v, m)) zeroUnwritten(v, f32At(at, n));
  return { at, length: n, canonical: false };
}

/** Whether every staged value is finite: what a NaN or overflow fault asks of the inputs. */
export function allStagedFinite(...staged: Staged[]): boolean {
  return staged.every((s) => allFiniteAt(s.at, s.length));
}

/** A buffer for the results of a kernel that stores them canonical (every kernel but transpose, which moves bits). */
export function results(n: number, canonical = true): Staged {
  return { at: allocate(n, 4), length: n, canonical };
}

/** Copies values (a column per partition, computed by the host) into kernel memory; they must be f32 values. */
export function stageValues(values: ArrayLike<number>, n: number): Staged {
  const at = allocate(n, 4);
  const out = f32At(at, n);
  for (let i = 0; i < n; i++) out[i] = values[i];
  return { at, length: n, canonical: false };
}

/** Whether the first n values are all f32 values (NaN and infinities are), so that a kernel may take them. */
export function areF32(values: ArrayLike<number>, n: number): boolean {
  for (let i = 0; i < n; i++) {
    const x = values[i];
    if (Math.fround(x) !== x && x === x) return false;
  }
  return true;
}

/** Stores results into the destination view, rounded to its dtype, after the checks writeOperand makes. */
export function store(k: Kernels, op: TensorOperand, v: View, values: Staged, m: Machine, c: Core, inputsFinite: () => boolean): void {
  const dtype = v.tensor.dtype;
  const n = values.length;
  const from = m.faults.nan ? k.firstBeyond(values.at, n, suspectAbove(dtype)) : -1;
  checkWrite(op, v, m, c, from >= 0 ? f32At(values.at, n) : undefined, from, inputsFinite);
  const format = FORMATS[dtype];
  // Integer destinations round and saturate on the host, from the f32 values.
  if (format === undefined) return writeView(v, f32At(values.at, n));
  if (format !== Format.F32) {
    const bytes = dtypeInfo(dtype).bytes;
    const raw = allocate(n, bytes);
    k.encode(format, values.at, raw, n);
    return writeViewStored(v, memoryBits(bytes), raw / bytes);
  }
  if (!values.canonical) k.encode(format, values.at, values.at, n);
  writeViewStored(v, memoryBits(4), values.at >> 2);
}

/**
 * A copy of a float dtype through the kernels (decoded, then encoded in the destination's dtype), for TensorCopy
 * and DmaCopy; false when it must take the scalar path.
 */
export function copyStaged(dst: TensorOperand, src: TensorOperand, d: View, s: View, c: Core, m: Machine): boolean {
  const k = stages(s) ? simdKernels(2 * viewSize(s)) : undefined;
  if (!k) return false;
  const values = stage(k, src, s, m);
  store(k, dst, d, values, m, c, () => allStagedFinite(values));
  return true;
}

/**
 * The magnitude above which a result may fault as NaN or overflow: a float format's largest finite value (beyond
 * it, rounding may give infinity), else the largest f32 (only NaN and infinities fault).
 */
function suspectAbove(dtype: DType): number {
  return dtype === 'bf16' || dtype === 'f16' ? dtypeInfo(dtype).maxFinite : F32_MAX;
}
