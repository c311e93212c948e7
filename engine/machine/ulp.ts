/**
 * The unit in the last place of a value in a float dtype, and an error measured in it: how a shadow run (issue 27)
 * states an element's error against float64 in the units its dtype can tell apart.
 */
import { DType } from '../base/dtype';

/** Bits of the stored mantissa, and the exponent of the least normal value (below it, the ulp stays). */
const FORMATS: Partial<Record<DType, { readonly mantissa: number; readonly minExponent: number }>> = {
  f32: { mantissa: 23, minExponent: -126 },
  bf16: { mantissa: 7, minExponent: -126 },
  f16: { mantissa: 10, minExponent: -14 },
  fp8e4m3: { mantissa: 3, minExponent: -6 },
  fp8e4m3fn: { mantissa: 3, minExponent: -6 },
  fp8e5m2: { mantissa: 2, minExponent: -14 },
  fp4e2m1: { mantissa: 1, minExponent: 0 },
  // Powers of two only: the next value is twice this one.
  e8m0: { mantissa: 0, minExponent: -127 },
};

/** Whether elements of the dtype get a shadow: the float formats (integers are exact, packed types are bits). */
export function hasUlp(dtype: DType): boolean {
  return FORMATS[dtype] !== undefined;
}

/** The spacing of the dtype's values at `x` (the ulp of the binade holding |x|); NaN for a dtype without one. */
export function ulpOf(dtype: DType, x: number): number {
  const format = FORMATS[dtype];
  if (!format || !Number.isFinite(x)) return NaN;
  const exponent = x === 0 ? format.minExponent : Math.max(Math.floor(Math.log2(Math.abs(x))), format.minExponent);
  return 2 ** (exponent - format.mantissa);
}

/** Half an ulp of 1 in the dtype: the largest relative error one rounding to it makes (f32: 2^-24). */
export function unitRoundoff(dtype: DType): number {
  return ulpOf(dtype, 1) / 2;
}

/**
 * `stored - exact` in ulps of the dtype at the exact value (signed). Equal values (infinities of one sign, NaN
 * against NaN) are no error; a finite value against a non-finite one is an infinite error.
 */
export function errorInUlp(dtype: DType, stored: number, exact: number): number {
  if (stored === exact || (stored !== stored && exact !== exact)) return 0;
  if (!Number.isFinite(stored) || !Number.isFinite(exact)) return Infinity;
  return (stored - exact) / ulpOf(dtype, exact);
}

/** |stored - exact| / |exact|: what is compared along a computation, whose dtypes differ (0 for equal values). */
export function relativeError(stored: number, exact: number): number {
  if (stored === exact || (stored !== stored && exact !== exact)) return 0;
  if (!Number.isFinite(stored) || !Number.isFinite(exact)) return Infinity;
  return exact === 0 ? Infinity : Math.abs(stored - exact) / Math.abs(exact);
}
