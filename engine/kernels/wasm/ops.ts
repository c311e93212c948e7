// The float domain's binary operations on four f32 lanes, as engine/kernels/alu.ts defines them on doubles
// rounded to f32 (for f32 inputs, an f32 operation rounds the same: double rounding is innocuous for + − × ÷).
import { Op } from './codes';

/** Inlined where op is a constant, so that each caller's loop compiles to one operation. */
// @ts-ignore: decorator
@inline export function apply(op: Op, a: v128, b: v128): v128 {
  switch (op) {
    case Op.Add: return f32x4.add(a, b);
    case Op.Sub: return f32x4.sub(a, b);
    case Op.Mul: return f32x4.mul(a, b);
    case Op.Div: return f32x4.div(a, b);
    // max and min by comparison, not f32x4.max: an equal pair gives b (max(+0, −0) is −0), as the reference does.
    case Op.Max: return v128.or(v128.bitselect(a, b, f32x4.gt(a, b)), eitherNaN(a, b));
    case Op.Min: return v128.or(v128.bitselect(a, b, f32x4.lt(a, b)), eitherNaN(a, b));
    case Op.Eq: return truth(f32x4.eq(a, b));
    case Op.Ne: return truth(f32x4.ne(a, b));
    case Op.Lt: return truth(f32x4.lt(a, b));
    case Op.Le: return truth(f32x4.le(a, b));
    case Op.Gt: return truth(f32x4.gt(a, b));
    case Op.Ge: return truth(f32x4.ge(a, b));
    // Logical operations: a value is true when it is not zero (NaN is true).
    case Op.And: return truth(v128.and(nonZero(a), nonZero(b)));
    case Op.Or: return truth(v128.or(nonZero(a), nonZero(b)));
    default: return truth(v128.xor(nonZero(a), nonZero(b)));
  }
}

/**
 * Results as kernels store them: any NaN as the canonical 0x7FC00000, the f32 store rule of dtypes.ts, so that an
 * f32 destination takes them as they are.
 */
// @ts-ignore: decorator
@inline export function canonical(x: v128): v128 {
  return v128.bitselect(i32x4.splat(0x7fc00000), x, f32x4.ne(x, x));
}

/** All ones (a NaN) in the lanes where a or b is NaN; canonical() makes it 0x7FC00000 when stored. */
// @ts-ignore: decorator
@inline function eitherNaN(a: v128, b: v128): v128 {
  return v128.or(f32x4.ne(a, a), f32x4.ne(b, b));
}

/** 1.0 where the mask is set, +0 elsewhere. */
// @ts-ignore: decorator
@inline function truth(mask: v128): v128 {
  return v128.and(mask, f32x4.splat(1));
}

// @ts-ignore: decorator
@inline function nonZero(x: v128): v128 {
  return f32x4.ne(x, f32x4.splat(0));
}
