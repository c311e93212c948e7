// Polynomials on two doubles (f64x2) by Estrin's scheme: pairs c_i + c_(i+1)·x, then pairs of pairs by x², then
// by x⁴. The terms stay independent of each other far longer than in Horner's scheme, so that the processor
// overlaps their multiplications: the certified kernels are bound by latency more than by their operations.
//
// Rounding (Higham, Accuracy and Stability of Numerical Algorithms, §5.1): when every term c_i·x^i of p(x) is
// formed through at most m rounded operations (the rounding of its coefficient included) and the terms are then
// summed, |fl(p) − p| ≤ γ_m·Σ|c_i·x^i|, γ_m = m·u/(1 − m·u), u = 2^-53. Below, x is taken exact (a caller whose
// x is rounded adds x's error, i times for the term in x^i); x² carries 1 rounding and x⁴ 3.

/** c0 + c1·x: one rounding for c1's term, then the sum. */
// @ts-ignore: decorator
@inline function pair(x: v128, c0: f64, c1: f64): v128 {
  return f64x2.add(f64x2.mul(x, f64x2.splat(c1)), f64x2.splat(c0));
}

/** a + b·x. */
// @ts-ignore: decorator
@inline function plus(a: v128, b: v128, x: v128): v128 {
  return f64x2.add(a, f64x2.mul(b, x));
}

/**
 * c0 + c1·x + ... + c8·x⁸. Each term through at most 12 roundings: c7·x⁷ is its coefficient's, c7·x, the sum of
 * its pair, the product by x² (1 + 1), the sum with the pair before, the sum with c8·x⁴, the product by x⁴ (3 + 1)
 * and the last sum.
 */
// @ts-ignore: decorator
@inline export function estrin8(x: v128, c0: f64, c1: f64, c2: f64, c3: f64, c4: f64, c5: f64, c6: f64, c7: f64, c8: f64): v128 {
  const x2 = f64x2.mul(x, x);
  const x4 = f64x2.mul(x2, x2);
  const b0 = plus(pair(x, c0, c1), pair(x, c2, c3), x2);
  const b1 = plus(pair(x, c4, c5), pair(x, c6, c7), x2);
  return plus(b0, plus(b1, f64x2.splat(c8), x4), x4);
}

/**
 * c0 + c1·x + ... + c10·x^10. Each term through at most 14 roundings: c9·x⁹ is its coefficient's, c9·x, the sum
 * of its pair, the sum with c10·x², then twice a product by x⁴ (3 + 1) and a sum.
 */
// @ts-ignore: decorator
@inline export function estrin10(x: v128, c0: f64, c1: f64, c2: f64, c3: f64, c4: f64, c5: f64, c6: f64, c7: f64, c8: f64, c9: f64, c10: f64): v128 {
  const x2 = f64x2.mul(x, x);
  const x4 = f64x2.mul(x2, x2);
  const b0 = plus(pair(x, c0, c1), pair(x, c2, c3), x2);
  const b1 = plus(pair(x, c4, c5), pair(x, c6, c7), x2);
  const b2 = plus(pair(x, c8, c9), f64x2.splat(c10), x2);
  return plus(b0, plus(b1, b2, x4), x4);
}

/**
 * c0 + c1·x + ... + c12·x^12. Each term through at most 17 roundings: c11·x^11 is its coefficient's, c11·x, the
 * sum of its pair, the product by x² (1 + 1), the sum with the pair before, the sum with c12·x⁴, then twice a
 * product by x⁴ (3 + 1) and a sum.
 */
// @ts-ignore: decorator
@inline export function estrin12(x: v128, c0: f64, c1: f64, c2: f64, c3: f64, c4: f64, c5: f64, c6: f64, c7: f64, c8: f64, c9: f64, c10: f64, c11: f64, c12: f64): v128 {
  const x2 = f64x2.mul(x, x);
  const x4 = f64x2.mul(x2, x2);
  const b0 = plus(pair(x, c0, c1), pair(x, c2, c3), x2);
  const b1 = plus(pair(x, c4, c5), pair(x, c6, c7), x2);
  const b2 = plus(pair(x, c8, c9), pair(x, c10, c11), x2);
  return plus(b0, plus(b1, plus(b2, f64x2.splat(c12), x4), x4), x4);
}
