// log and log1p on two doubles (f64x2), fast and with a proven error bound, for the certified activation
// functions (certified.ts). Only IEEE-754 + − × ÷ and bit operations, which WebAssembly specifies exactly.
// Both use log(1 + t) = 2·atanh(f) = 2f·(1 + f²/3 + f⁴/5 + ...), f = t/(2 + t), whose terms are all positive
// (t ≥ 0) or all of one sign, so that their sum loses nothing to cancellation. u = 2^-53.

import { estrin12, estrin8 } from './polynomial';

/** 1.5·2^52: a small integer added to its bits gives the double 1.5·2^52 + that integer. */
const ROUND: f64 = 6755399441055744.0;
/** The bits of √½ (rounded): x's bits less these, shifted right by 52, give k with x/2^k in [√½, √2). */
const SQRT_HALF_BITS: i64 = 0x3fe6a09e667f3bcd;
const LN2: f64 = 0.6931471805599453;

/**
 * log1p(e) for 0 ≤ e ≤ 1 (NaN gives NaN), with a relative error below 2^-45.5 (plus e's own relative error,
 * which log1p does not amplify: e/((1 + e)·log1p(e)) ≤ 1):
 * - f = e/(2 + e) ≤ 1/3 with two roundings (2u); z = f² ≤ 1/9 (5u);
 * - the series to z^12/25: the rest is below z^13/27/(1 − z) < 1.65e-14 of a sum at least 1;
 * - the sum's rounding (polynomial.ts: 17 roundings at most, terms positive): below 17.01u; z's error, weighted by
 *   the powers of z, below 5u·0.05; the product (2f)·sum: u, and f's 2u.
 * Together below 1.65e-14 + 20.3u < 1.88e-14 < 2^-45.5.
 */
// @ts-ignore: decorator
@inline export function log1pCore(e: v128): v128 {
  const f = f64x2.div(e, f64x2.add(e, f64x2.splat(2)));
  const z = f64x2.mul(f, f);
  const s = estrin12(z, 1.0, 1.0 / 3.0, 1.0 / 5.0, 1.0 / 7.0, 1.0 / 9.0, 1.0 / 11.0, 1.0 / 13.0, 1.0 / 15.0, 1.0 / 17.0, 1.0 / 19.0, 1.0 / 21.0, 1.0 / 23.0, 1.0 / 25.0);
  return f64x2.mul(f64x2.add(f, f), s);
}

/**
 * log(x) for a positive, finite, normal double x (an f32 value is one), with a relative error below 2^-48:
 * x = m·2^k exactly (bits), √½ ≤ m < √2, and log x = k·ln2 + log m.
 * - f = (m − 1)/(m + 1), |f| ≤ 0.1716: m − 1 is exact (Sterbenz), two roundings (2u); z = f² ≤ 0.0295 (5u);
 * - the series to z^8/17: the rest is below z^9/19/(1 − z) < 9.0e-16 of a sum at least 1;
 * - the sum's rounding (polynomial.ts: 12 roundings at most, terms positive): below 12.01u; z's error weighted by
 *   the powers of z below 5u·0.01; the product (2f)·sum: u; f's 2u. log m is within 9.0e-16 + 15.1u < 2^-48.4
 *   of its value;
 * - k·LN2 is within 2u·|k|·ln2 of k·ln2 (LN2 rounded, and the product); for k ≠ 0 the result is at least
 *   |k|·ln2/2 and |log m| ≤ 0.3466 is at most the result, so neither error grows in the sum, rounded once (u).
 * Together below 2^-48.4 + 5u < 2^-48.
 */
// @ts-ignore: decorator
@inline export function logCore(x: v128): v128 {
  const k = i64x2.shr_s(i64x2.sub(x, i64x2.splat(SQRT_HALF_BITS)), 52);
  const m = i64x2.sub(x, i64x2.shl(k, 52));
  const kd = f64x2.sub(i64x2.add(k, f64x2.splat(ROUND)), f64x2.splat(ROUND));
  const f = f64x2.div(f64x2.sub(m, f64x2.splat(1)), f64x2.add(m, f64x2.splat(1)));
  const z = f64x2.mul(f, f);
  const s = estrin8(z, 1.0, 1.0 / 3.0, 1.0 / 5.0, 1.0 / 7.0, 1.0 / 9.0, 1.0 / 11.0, 1.0 / 13.0, 1.0 / 15.0, 1.0 / 17.0);
  return f64x2.add(f64x2.mul(kd, f64x2.splat(LN2)), f64x2.mul(f64x2.add(f, f), s));
}
