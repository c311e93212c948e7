// exp and expm1 on two doubles (f64x2), fast and with a proven error bound, for the certified activation
// functions (certified.ts). Only IEEE-754 + − × and bit operations: WebAssembly specifies them exactly, so every
// host computes the same bits. The bounds are relative, u = 2^-53 is the unit roundoff.
//
// Reduction: c = k·ln2 + r with k = round(c/ln2), |r| ≤ ln2/2·(1 + 2^-40) < 0.34658. The callers keep |c| ≤ 110,
// so |k| ≤ 159 < 2^8:
// - k·LN2_HI and k·LN2_MID are exact (both constants have 32 significant bits);
// - c − k·LN2_HI is exact (for k ≠ 0 the two are within a factor 2, Sterbenz; for k = 0 it is c);
// - r = (c − k·LN2_HI) − k·LN2_MID is rounded once (error ≤ u·|r|), and LN2_HI + LN2_MID differs from ln2 by
//   less than 4.3e-20, so r is within δ = u·|r| + |k|·4.3e-20 < 2^-54 of c − k·ln2 (and 2^-54.4 for |k| ≤ 29).
// 2^k is made from k's bits: exact, and a normal double for |k| ≤ 159.
import { estrin10 } from './polynomial';

/** 1.5·2^52 + 1023: adding it to a double below 2^50 in magnitude rounds it to an integer (ties to even) and
 * leaves that integer plus the exponent bias in the low bits of the sum. */
const ROUND_BIASED: f64 = 6755399441056767.0;
const INV_LN2: f64 = 1.4426950408889634;
const LN2_HI: f64 = 0.6931471803691238;
const LN2_MID: f64 = 1.9082149288430703e-10;

/** t = round(c/ln2) + ROUND_BIASED: k = t − ROUND_BIASED, and t's bits shifted left by 52 are those of 2^k. */
// @ts-ignore: decorator
@inline function biasedQuotient(c: v128): v128 {
  return f64x2.add(f64x2.mul(c, f64x2.splat(INV_LN2)), f64x2.splat(ROUND_BIASED));
}

// @ts-ignore: decorator
@inline function reduced(c: v128, k: v128): v128 {
  return f64x2.sub(f64x2.sub(c, f64x2.mul(k, f64x2.splat(LN2_HI))), f64x2.mul(k, f64x2.splat(LN2_MID)));
}

/**
 * exp(c) for |c| ≤ 110 (NaN gives NaN), with a relative error below 2^-41:
 * - exp(r) by its Taylor polynomial of degree 10: the remainder is below |r|^11/11!·e^|r| ≤ 2.2e-13·e^0.347,
 *   relative to exp(r) ≥ e^-0.347 below 4.34e-13 = 2^-41.07;
 * - the polynomial's rounding (polynomial.ts: each term through at most 14 roundings) is below
 *   γ_14·Σ|terms|/exp(r) ≤ 14.01u·e^0.694 < 28.1u; r's error (< 2^-54) changes exp(r) by a relative 2^-54;
 * - the product by 2^k is exact.
 * Together below 4.34e-13 + 3.2e-15 + 5.6e-17 < 4.38e-13 < 2^-41.
 */
// @ts-ignore: decorator
@inline export function expCore(c: v128): v128 {
  const t = biasedQuotient(c);
  const k = f64x2.sub(t, f64x2.splat(ROUND_BIASED));
  const r = reduced(c, k);
  const p = estrin10(r, 1.0, 1.0, 0.5, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0, 1.0 / 720.0, 1.0 / 5040.0, 1.0 / 40320.0, 1.0 / 362880.0, 1.0 / 3628800.0);
  return f64x2.mul(p, i64x2.shl(t, 52));
}

/**
 * exp(w) − 1 for 0 ≤ w ≤ 20 (NaN gives NaN), with a relative error below 2^-43.5: 2^k·expm1(r) + (2^k − 1),
 * where 2^k − 1 is exact (k ≤ 29) and 2^k·expm1(r) too; for k = 0 it is expm1(r) itself, r = w exactly.
 * - expm1(r) = r·(1 + r/2 + ... + r^10/11!): the remainder is below |r|^12/12!·e^|r|, relative to
 *   |expm1(r)| ≥ 0.845·|r| below 3.02e-14; the rounding (14 for the polynomial, 1 for the product by r) below
 *   γ_15·Σ|terms|/|expm1(r)| ≤ 15.01u·e^0.347 < 21.3u; together below 3.26e-14 = 2^-44.8;
 * - the sum: for k ≥ 1, 2^k·|expm1(r)| ≤ 0.415·2^k and the result 2^k·e^r − 1 is at least 0.207·2^k, so an
 *   error of 2^k·expm1(r) weighs at most twice in the result; r's error (< 2^-54.4) changes 2^k·e^r by at
 *   most 1.415·2^k·2^-54.4, at most 2^-51.6 of the result; the sum is rounded once (u).
 * Together below 2·3.26e-14 + 2^-51.6 + 2^-53 < 6.6e-14 < 2^-43.5.
 */
// @ts-ignore: decorator
@inline export function expm1Core(w: v128): v128 {
  const t = biasedQuotient(w);
  const k = f64x2.sub(t, f64x2.splat(ROUND_BIASED));
  const r = reduced(w, k);
  const q = estrin10(r, 1.0, 0.5, 1.0 / 6.0, 1.0 / 24.0, 1.0 / 120.0, 1.0 / 720.0, 1.0 / 5040.0, 1.0 / 40320.0, 1.0 / 362880.0, 1.0 / 3628800.0, 1.0 / 39916800.0);
  const scale = i64x2.shl(t, 52);
  return f64x2.add(f64x2.mul(f64x2.mul(q, r), scale), f64x2.sub(scale, f64x2.splat(1)));
}
