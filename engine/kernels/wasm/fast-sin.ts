// sin and cos on two doubles (f64x2), fast and with a proven error bound, for the certified activation
// functions (certified.ts). Only IEEE-754 + − × and bit operations, which WebAssembly specifies exactly. u = 2^-53.
//
// Reduction by half turns: y = M·π/2 + r with M = 2n for sin (n = round(y/π)) and M = 2n + 1 for cos
// (n = round(y/π − 1/2)), so that |r| ≤ π/2·(1 + 2^-30), and then
//   sin y = (−1)^n·sin r,   cos y = (−1)^(n+1)·sin r,
// one polynomial for both. For |y| ≤ 2^20 (the callers leave larger ones to the exact path), |M| < 2^20 and
// r = ((y − M·P1) − M·P2) − M·P3 with π/2 in the three parts of base/math.ts (33, 33 and 53 bits):
// - M·P1 and M·P2 are exact; y − M·P1 is exact whenever r is small (Sterbenz: M ≠ 0 and y within a factor 2 of
//   M·P1; for M = 0 it is y), otherwise it is above π/4 and rounded, an error below u·|r|·(1 + 2^-13);
// - the two other subtractions are rounded (u·|r| each, the intermediate within 2.2e-15 of r) and π/2 − P1 − P2 − P3
//   is below 8.5e-32, an error below 2^20·8.5e-32 < 9e-26 in r;
// - |r| ≥ 4.18e-9 for every f32 y with |y| ≤ 2^20 other than M = 0, whose r is y (the closest to a multiple of
//   π/2 is y = 252.898208...: found by measuring all of them, bench/transcendental-sweep.ts --reduction).
// So r is within 3u·|r|·(1 + 2^-13) + 9e-26 < 2^-51.2·|r| of y − M·π/2.

/** 1.5·2^52: adding it to a double below 2^51 rounds it to an integer (ties to even), kept in the low bits. */
const ROUND: f64 = 6755399441055744.0;
const INV_PI: f64 = 0.3183098861837907;
const PIO2_1: f64 = 1.5707963267341256;
const PIO2_2: f64 = 6.077100506303966e-11;
const PIO2_3: f64 = 2.0222662487111665e-21;
/** Beyond it M·P1 would no longer be exact. */
export const SIN_LIMIT: f64 = 1048576.0;

import { estrin8 } from './polynomial';

/**
 * sin(y) (cosine false) or cos(y) (cosine true) for |y| ≤ SIN_LIMIT (NaN gives NaN), with a relative error below
 * 2^-44.1:
 * - sin r = r·(1 − z/3! + ... + z^8/17!), z = r²: the series alternates with decreasing terms, so the rest is
 *   below |r|^19/19!, relative to |sin r| ≥ 2|r|/π below (π/2)·(π/2)^18/19! < 4.4e-14;
 * - the rounding: 12 roundings at most for the polynomial in z (polynomial.ts), z's own (u, weighed 8 times at
 *   most by the powers of z) and the product by r, below γ_21·Σ|terms|/|sin r| ≤ 21.01u·sinh(π/2)/1 < 48.4u
 *   < 5.4e-15;
 * - r's error (< 2^-51.2·|r|) changes sin r by a relative 2^-51.2·|r·cos r/sin r| ≤ 2^-51.2.
 * Together below 4.4e-14 + 5.4e-15 + 3.9e-16 < 5.0e-14 < 2^-44.1.
 */
// @ts-ignore: decorator
@inline export function sinCore(y: v128, cosine: bool): v128 {
  const q = f64x2.mul(y, f64x2.splat(INV_PI));
  const t = f64x2.add(cosine ? f64x2.sub(q, f64x2.splat(0.5)) : q, f64x2.splat(ROUND));
  const n = f64x2.sub(t, f64x2.splat(ROUND));
  const m = cosine ? f64x2.add(f64x2.add(n, n), f64x2.splat(1)) : f64x2.add(n, n);
  const r1 = f64x2.sub(y, f64x2.mul(m, f64x2.splat(PIO2_1)));
  const r2 = f64x2.sub(r1, f64x2.mul(m, f64x2.splat(PIO2_2)));
  const r = f64x2.sub(r2, f64x2.mul(m, f64x2.splat(PIO2_3)));
  const z = f64x2.mul(r, r);
  const s = estrin8(z, 1.0, -1.0 / 6.0, 1.0 / 120.0, -1.0 / 5040.0, 1.0 / 362880.0, -1.0 / 39916800.0, 1.0 / 6227020800.0, -1.0 / 1307674368000.0, 1.0 / 355687428096000.0);
  // n's parity is the lowest bit of t: moved to the sign bit, it flips the sign where n is odd.
  const odd = i64x2.shl(t, 63);
  const sign = cosine ? v128.xor(odd, f64x2.splat(-0.0)) : odd;
  return v128.xor(f64x2.mul(s, r), sign);
}
