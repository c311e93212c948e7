// The transcendental activation functions, certified: each element is computed fast in double precision (two
// lanes at a time), and its f32 result is kept only when it is provably the one the host's exact path gives
// (engine/kernels/alu.ts on engine/base/math.ts); the other elements are left to the host, which computes them
// exactly. The results are therefore those of the exact path, bit for bit, on every host.
//
// The certificate. For y, let G(y) be the function the exact path evaluates (the formula of alu.ts, in exact
// arithmetic), D_e its double (within ε_e·|G| of G) and D its fast double here (within ε_f·|G|). Then
// |D_e − D| ≤ (ε_f + ε_e)·|G| ≤ β·|D| for β ≥ (ε_f + ε_e)/(1 − ε_f). With β' ≥ β + 2u (u = 2^-53, the rounding of
// the two products below), D_e lies between fl(D·(1 − β')) and fl(D·(1 + β')); rounding to f32 is monotone, so if
// both round to the same f32 (same bits: −0 is not +0), D_e rounds to it as well: that f32 is the exact path's
// result, whether or not either is correctly rounded. Each function's β' (BOUND below) is a power of two at least
// 4·(ε_f + ε_e): a margin of 4 over the bounds proven in fast-exp.ts, fast-log.ts, fast-sin.ts and here.
//
// Elements are left to the host when the bounds differ in f32 (D near a rounding boundary: about 2^-13 of them
// for β' = 2^-38, far fewer for the others), when D is NaN (a NaN argument, whose result is the canonical NaN on
// the host as well) and where a function's domain ends (forced to NaN: log of y ≤ 0 or +Inf, sin and cos beyond
// 2^20, silu and gelu of ±Inf). Arguments beyond the range where a function saturates are clamped to where its
// result is the same constant: what the certificate then proves at the clamp is the result of every argument
// beyond it (each clamp says why).
import { Func } from './codes';
import { expCore, expm1Core } from './fast-exp';
import { log1pCore, logCore } from './fast-log';
import { SIN_LIMIT, sinCore } from './fast-sin';
import { lanesBelow, storeMasked } from './lanes';

/** Math.sqrt(2 / Math.PI), alu.ts's gelu constant (the unit tests check that they are equal). */
export const SQRT_2_OVER_PI: f64 = 0.7978845608028654;

/**
 * β' of each function. The bounds (relative, ε_f + ε_e):
 * - exp: 2^-41 (expCore) + 2^-52 (math.ts's exp, about 0.53 ulp);
 * - sigmoid 1/(1 + e^-y), silu y/(1 + e^-y), gelu y/(1 + e^(−2u)): e's 2^-41 weighs e/(1 + e) ≤ 1 in the
 *   sum, then two roundings (2u), and the clamp at −50 changes 1 + e by a relative e^-50 < 2^-72; the exact
 *   path: 2^-52 + 2u < 2^-50.4. Together below 2^-40.98;
 * - softplus max(y, 0) + log1p(e^-|y|): e's 2^-41 (not amplified by log1p), log1pCore's 2^-45.5, the sum of two
 *   non-negative terms (u); the exact path 2^-50.4 likewise. Together below 2^-40.9;
 * - tanh e/(e + 2), e = expm1(2|y|): e's 2^-43.5 weighs 2/(e + 2) ≤ 1, two roundings; the exact path 2^-52.
 *   Together below 2^-43.4;
 * - log: 2^-48 + 2^-52; sin and cos: 2^-44.1 + 2^-52.
 */
// @ts-ignore: decorator
@inline function bound(func: Func): f64 {
  switch (func) {
    case Func.Tanh: return 4.547473508864641e-13; // 2^-41
    case Func.Log: return 2.842170943040401e-14; // 2^-45
    case Func.Sin: return 2.2737367544323206e-13; // 2^-42
    case Func.Cos: return 2.2737367544323206e-13; // 2^-42
    default: return 3.637978807091713e-12; // 2^-38: exp, sigmoid, silu, gelu, softplus
  }
}

// @ts-ignore: decorator
@inline function clamp(x: v128, low: f64, high: f64): v128 {
  // pmax and pmin keep x when it is NaN (a comparison with NaN is false).
  return f64x2.pmin(f64x2.pmax(x, f64x2.splat(low)), f64x2.splat(high));
}

/** NaN (all ones) in the lanes where `outside` is set: those are left to the host. */
// @ts-ignore: decorator
@inline function leaveWhere(d: v128, outside: v128): v128 {
  return v128.or(d, outside);
}

// @ts-ignore: decorator
@inline function notFinite(y: v128): v128 {
  return v128.not(f64x2.lt(f64x2.abs(y), f64x2.splat(Infinity)));
}

/** D, two lanes of the function's fast double, or NaN for lanes left to the host. */
// @ts-ignore: decorator
@inline function approximate(func: Func, y: v128): v128 {
  const one = f64x2.splat(1);
  switch (func) {
    // exp(y) is +0 in f32 for y ≤ −104 (e^-104 < 2^-150·0.98) and +Inf for y ≥ 89, also in the exact path.
    case Func.Exp: return expCore(clamp(y, -104, 104));
    // 1/(1 + e^-y) is +0 in f32 for y ≤ −104 (below e^-104), as in the exact path; above y = 50, clamping changes
    // 1 + e^-y by less than e^-50.
    case Func.Sigmoid: return f64x2.div(one, f64x2.add(one, expCore(clamp(f64x2.neg(y), -50, 104))));
    case Func.Silu: return silu(y);
    case Func.Gelu: return gelu(y);
    case Func.Tanh: return tanh(y);
    case Func.Softplus: return softplus(y);
    case Func.Log: return leaveWhere(logCore(y), v128.not(v128.and(f64x2.gt(y, f64x2.splat(0)), f64x2.lt(y, f64x2.splat(Infinity)))));
    case Func.Sin: return leaveWhere(sinCore(y, false), v128.not(f64x2.le(f64x2.abs(y), f64x2.splat(SIN_LIMIT))));
    default: return leaveWhere(sinCore(y, true), v128.not(f64x2.le(f64x2.abs(y), f64x2.splat(SIN_LIMIT))));
  }
}

/**
 * y/(1 + e^-y). Below y = −110 it is −0 in f32: |y|·e^-|y| ≤ 110·e^-110 < 2^-150·0.3, and the exact path's
 * double is within 2^-50 of it (or −0, when e^-y overflows). −Inf is left to the host (the exact path gives NaN).
 */
// @ts-ignore: decorator
@inline function silu(y: v128): v128 {
  const z = f64x2.neg(y);
  const d = f64x2.div(y, f64x2.add(f64x2.splat(1), expCore(clamp(z, -50, 110))));
  return leaveWhere(v128.bitselect(f64x2.splat(-0.0), d, f64x2.gt(z, f64x2.splat(110))), notFinite(y));
}

/**
 * y/(1 + e^(−2u)), u = √(2/π)·(y + 0.044715·y³), u computed as alu.ts does (the same operations in the same
 * order, so the same double). Where −2u > 110, y < −10.9 and |y|·e^(2u) < 2^-150·0.03 (−2u grows as |y|³): −0 in
 * f32, as in the exact path. ±Inf are left to the host.
 */
// @ts-ignore: decorator
@inline function gelu(y: v128): v128 {
  const cube = f64x2.mul(f64x2.mul(f64x2.mul(f64x2.splat(0.044715), y), y), y);
  const z = f64x2.mul(f64x2.splat(-2), f64x2.mul(f64x2.splat(SQRT_2_OVER_PI), f64x2.add(y, cube)));
  const d = f64x2.div(y, f64x2.add(f64x2.splat(1), expCore(clamp(z, -50, 110))));
  return leaveWhere(v128.bitselect(f64x2.splat(-0.0), d, f64x2.gt(z, f64x2.splat(110))), notFinite(y));
}

/**
 * tanh|y| = e/(e + 2), e = expm1(2|y|), with y's sign (−0 stays −0). |y| is clamped at 10: from there on tanh
 * rounds to 1 in f32 (1 − 4.2e-9 and above, the f32 midpoint below 1 being 1 − 2^-25), as in the exact path.
 */
// @ts-ignore: decorator
@inline function tanh(y: v128): v128 {
  const a = f64x2.pmin(f64x2.abs(y), f64x2.splat(10));
  const e = expm1Core(f64x2.add(a, a));
  const t = f64x2.div(e, f64x2.add(e, f64x2.splat(2)));
  return v128.or(t, v128.and(y, f64x2.splat(-0.0)));
}

/**
 * max(y, 0) + log1p(e^-|y|). |y| is clamped at 104: beyond, e^-|y| < 2^-150 changes nothing of y > 104 (within
 * 2^-156 of it), and for y < −104 the result is +0 in f32, as in the exact path. max(−0, 0) is +0, as Math.max.
 */
// @ts-ignore: decorator
@inline function softplus(y: v128): v128 {
  const e = expCore(f64x2.neg(f64x2.pmin(f64x2.abs(y), f64x2.splat(104))));
  return f64x2.add(f64x2.pmax(f64x2.splat(0), y), log1pCore(e));
}

/**
 * Four f32 results of the function of four f32 arguments: the f32 the certificate proves, or NaN (all ones) for
 * an element left to the host.
 */
// @ts-ignore: decorator
@inline function certified(func: Func, y: v128): v128 {
  const a = approximate(func, f64x2.promote_low_f32x4(y));
  const b = approximate(func, f64x2.promote_low_f32x4(v128.shuffle<f32>(y, y, 2, 3, 2, 3)));
  const below = f64x2.splat(1 - bound(func));
  const above = f64x2.splat(1 + bound(func));
  const low = v128.shuffle<f32>(f32x4.demote_f64x2_zero(f64x2.mul(a, below)), f32x4.demote_f64x2_zero(f64x2.mul(b, below)), 0, 1, 4, 5);
  const high = v128.shuffle<f32>(f32x4.demote_f64x2_zero(f64x2.mul(a, above)), f32x4.demote_f64x2_zero(f64x2.mul(b, above)), 0, 1, 4, 5);
  return v128.or(low, v128.not(i32x4.eq(low, high)));
}

/** As activation() in elementwise.ts, for the transcendental functions. */
export function certifiedActivation(func: Func, x: usize, scale: usize, bias: usize, out: usize, rows: i32, cols: i32, left: usize): i32 {
  switch (func) {
    case Func.Exp: return certifiedLoop(Func.Exp, x, scale, bias, out, rows, cols, left);
    case Func.Sigmoid: return certifiedLoop(Func.Sigmoid, x, scale, bias, out, rows, cols, left);
    case Func.Silu: return certifiedLoop(Func.Silu, x, scale, bias, out, rows, cols, left);
    case Func.Gelu: return certifiedLoop(Func.Gelu, x, scale, bias, out, rows, cols, left);
    case Func.Tanh: return certifiedLoop(Func.Tanh, x, scale, bias, out, rows, cols, left);
    case Func.Softplus: return certifiedLoop(Func.Softplus, x, scale, bias, out, rows, cols, left);
    case Func.Log: return certifiedLoop(Func.Log, x, scale, bias, out, rows, cols, left);
    case Func.Sin: return certifiedLoop(Func.Sin, x, scale, bias, out, rows, cols, left);
    default: return certifiedLoop(Func.Cos, x, scale, bias, out, rows, cols, left);
  }
}

/**
 * Each row as elementwise.ts's activation loop does (the argument fl(fl(x·scale) + bias) in f32), storing the
 * certified results; an element left to the host gets its argument in `out` and its index in the list at `left`.
 */
// @ts-ignore: decorator
@inline function certifiedLoop(func: Func, x: usize, scale: usize, bias: usize, out: usize, rows: i32, cols: i32, left: usize): i32 {
  const full = cols & ~3;
  const tail = lanesBelow(cols - full);
  let count = 0;
  for (let p = 0; p < rows; p++) {
    const k = v128.load32_splat(scale + (<usize>p << 2));
    const b = v128.load32_splat(bias + (<usize>p << 2));
    const first = p * cols;
    const row = <usize>first << 2;
    let q = 0;
    // Two vectors at a time: their chains of operations are independent, and the processor overlaps them.
    for (; q + 8 <= full; q += 8) {
      const o = row + (<usize>q << 2);
      const y0 = f32x4.add(f32x4.mul(v128.load(x + o), k), b);
      const y1 = f32x4.add(f32x4.mul(v128.load(x + o + 16), k), b);
      const r0 = certified(func, y0);
      const r1 = certified(func, y1);
      const miss0 = f32x4.ne(r0, r0);
      const miss1 = f32x4.ne(r1, r1);
      v128.store(out + o, v128.bitselect(y0, r0, miss0));
      v128.store(out + o + 16, v128.bitselect(y1, r1, miss1));
      if (v128.any_true(v128.or(miss0, miss1))) count = record(miss1, first + q + 4, left, record(miss0, first + q, left, count));
    }
    for (; q < full; q += 4) {
      const o = row + (<usize>q << 2);
      const y = f32x4.add(f32x4.mul(v128.load(x + o), k), b);
      const r = certified(func, y);
      const miss = f32x4.ne(r, r);
      v128.store(out + o, v128.bitselect(y, r, miss));
      if (v128.any_true(miss)) count = record(miss, first + q, left, count);
    }
    if (full < cols) {
      const o = row + (<usize>full << 2);
      const y = f32x4.add(f32x4.mul(v128.load(x + o), k), b);
      const r = certified(func, y);
      const miss = v128.and(f32x4.ne(r, r), tail);
      storeMasked(out + o, v128.bitselect(y, r, miss), tail);
      if (v128.any_true(miss)) count = record(miss, first + full, left, count);
    }
  }
  return count;
}

/** Appends the indices of the lanes set in `miss` (the first at `index`) to the list at `left`. */
function record(miss: v128, index: i32, left: usize, count: i32): i32 {
  if (i32x4.extract_lane(miss, 0) != 0) count = append(left, count, index);
  if (i32x4.extract_lane(miss, 1) != 0) count = append(left, count, index + 1);
  if (i32x4.extract_lane(miss, 2) != 0) count = append(left, count, index + 2);
  if (i32x4.extract_lane(miss, 3) != 0) count = append(left, count, index + 3);
  return count;
}

// @ts-ignore: decorator
@inline function append(left: usize, count: i32, index: i32): i32 {
  store<i32>(left + (<usize>count << 2), index);
  return count + 1;
}
