/**
 * Comparing a value with a reference, element by element, as NumPy does: `isclose` and `allclose` with NumPy's
 * semantics (|a − b| ≤ atol + rtol·|b|, asymmetric in b; NaN is never close; an infinity is close only to itself),
 * the metrics the tensor view draws (|a − b|, the relative error, units in the last place of a's dtype) and the
 * verdict over a region (how many elements differ, the first one row-major, the largest errors).
 */
import { DType } from '../base/dtype';
import { encode } from '../machine/dtypes';
import type { CompareMetric } from '../../contract/tensor';

/** NumPy's defaults for allclose. */
export const DEFAULT_RTOL = 1e-5;
export const DEFAULT_ATOL = 1e-8;

/** numpy.isclose(a, b, rtol, atol) with equal_nan=False. */
export function isClose(a: number, b: number, atol: number, rtol: number): boolean {
  if (Number.isFinite(a) && Number.isFinite(b)) return Math.abs(a - b) <= atol + rtol * Math.abs(b);
  // NumPy compares non-finite pairs for equality: inf with inf is close, NaN with anything is not.
  return a === b;
}

/** |a − b|: 0 for equal values (an infinity and itself too), NaN when either is NaN. */
export function absError(a: number, b: number): number {
  return a === b ? 0 : Math.abs(a - b);
}

/** |a − b| / |b|: infinite where b is 0 and a is not. */
export function relError(a: number, b: number): number {
  if (a === b) return 0;
  return Math.abs(a - b) / Math.abs(b);
}

/**
 * Units in the last place between a and b in a's dtype (b rounded to it first), counted along the ordered bit
 * patterns: adjacent values are 1 apart, +0 and −0 are 0 apart. Integers: |a − b|. A computed value (no dtype)
 * counts in f64. NaN when either is NaN.
 */
export function ulpError(a: number, b: number, dtype: DType | undefined): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return NaN;
  if (a === b) return 0;
  if (dtype === undefined) return f64Distance(a, b);
  return Math.abs(orderedBits(a, dtype) - orderedBits(b, dtype));
}

/**
 * Positions of two doubles apart on the number line of f64 bit patterns. Their high and low words are subtracted
 * apart, so that a small distance between large patterns (beyond 2^53) stays exact.
 */
function f64Distance(a: number, b: number): number {
  f64[0] = a;
  const [aLo, aHi] = [f64Words[0], f64Words[1]];
  f64[0] = b;
  const [bLo, bHi] = [f64Words[0], f64Words[1]];
  const aMag = [aHi & 0x7fffffff, aLo];
  const bMag = [bHi & 0x7fffffff, bLo];
  if (aHi >>> 31 === bHi >>> 31) return Math.abs((aMag[0] - bMag[0]) * 2 ** 32 + (aMag[1] - bMag[1]));
  // Either side of zero: the two magnitudes add.
  return (aMag[0] + bMag[0]) * 2 ** 32 + aMag[1] + bMag[1];
}

const f32 = new Float32Array(1);
const f32Bits = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const f64Words = new Uint32Array(f64.buffer);

/** A float's bit pattern as a signed position on the number line: sign-magnitude made two's-complement-like. */
function orderedBits(v: number, dtype: DType): number {
  switch (dtype) {
    case 'f32': {
      f32[0] = v;
      const bits = f32Bits[0];
      return bits >>> 31 ? -(bits & 0x7fffffff) : bits;
    }
    case 'bf16':
    case 'f16': {
      const bits = encode(dtype, v);
      return bits & 0x8000 ? -(bits & 0x7fff) : bits;
    }
    case 'fp8e4m3':
    case 'fp8e4m3fn':
    case 'fp8e5m2': {
      const bits = encode(dtype, v);
      return bits & 0x80 ? -(bits & 0x7f) : bits;
    }
    case 'fp4e2m1': {
      const bits = encode(dtype, v);
      return bits & 0x8 ? -(bits & 0x7) : bits;
    }
    // e8m0 has no sign (its codes are in the order of its values); integers and packed types count their bits.
    default:
      return encode(dtype, v);
  }
}

export function metricError(metric: CompareMetric, a: number, b: number, dtype: DType | undefined): number {
  switch (metric) {
    case 'abs': return absError(a, b);
    case 'rel': return relError(a, b);
    case 'ulp': return ulpError(a, b, dtype);
  }
}

/** The verdict over a region, element by element in row-major order. */
export class Verdict {
  differing = 0;
  unequal = 0;
  maxAbs = -Infinity;
  maxRel = -Infinity;
  maxUlp = -Infinity;
  /** The first position that differs, -1 while none has. */
  first = -1;

  constructor(
    readonly atol: number,
    readonly rtol: number,
    private readonly dtype: DType | undefined,
  ) {}

  /** One element: its value and the reference's, each with whether it was ever written. */
  add(position: number, a: number, b: number, aWritten: boolean, bWritten: boolean): void {
    const written = aWritten && bWritten;
    if (!written || !(a === b)) this.unequal++;
    if (!written || !isClose(a, b, this.atol, this.rtol)) {
      this.differing++;
      if (this.first < 0) this.first = position;
    }
    if (!written) return;
    const abs = absError(a, b);
    if (abs > this.maxAbs && Number.isFinite(abs)) this.maxAbs = abs;
    const rel = relError(a, b);
    if (rel > this.maxRel && Number.isFinite(rel)) this.maxRel = rel;
    const ulp = ulpError(a, b, this.dtype);
    if (ulp > this.maxUlp && Number.isFinite(ulp)) this.maxUlp = ulp;
  }
}

/** Whether an element differs from the reference: never written on either side, or not close. */
export function differs(a: number, b: number, aWritten: boolean, bWritten: boolean, atol: number, rtol: number): boolean {
  return !aWritten || !bWritten || !isClose(a, b, atol, rtol);
}
