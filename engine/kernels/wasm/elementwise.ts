// Elementwise work of the vector and scalar engines on f32 values: TensorTensor, TensorScalar (a scalar per
// partition), Activation (scale and bias per partition, then the function: those without transcendentals here,
// the others certified in certified.ts). Rows are partitions; a row's last, partial vector is stored through a
// mask (lanes.ts). Results are stored canonical (ops.ts).
import { certifiedActivation } from './certified';
import { Func, Op } from './codes';
import { lanesBelow, storeMasked } from './lanes';
import { apply, canonical } from './ops';

/** out = a op b, n elements. */
export function binary(op: Op, a: usize, b: usize, out: usize, n: i32): void {
  switch (op) {
    case Op.Add: binaryLoop(Op.Add, a, b, out, n); break;
    case Op.Sub: binaryLoop(Op.Sub, a, b, out, n); break;
    case Op.Mul: binaryLoop(Op.Mul, a, b, out, n); break;
    case Op.Div: binaryLoop(Op.Div, a, b, out, n); break;
    case Op.Max: binaryLoop(Op.Max, a, b, out, n); break;
    case Op.Min: binaryLoop(Op.Min, a, b, out, n); break;
    case Op.Eq: binaryLoop(Op.Eq, a, b, out, n); break;
    case Op.Ne: binaryLoop(Op.Ne, a, b, out, n); break;
    case Op.Lt: binaryLoop(Op.Lt, a, b, out, n); break;
    case Op.Le: binaryLoop(Op.Le, a, b, out, n); break;
    case Op.Gt: binaryLoop(Op.Gt, a, b, out, n); break;
    case Op.Ge: binaryLoop(Op.Ge, a, b, out, n); break;
    case Op.And: binaryLoop(Op.And, a, b, out, n); break;
    case Op.Or: binaryLoop(Op.Or, a, b, out, n); break;
    case Op.Xor: binaryLoop(Op.Xor, a, b, out, n); break;
  }
}

// @ts-ignore: decorator
@inline function binaryLoop(op: Op, a: usize, b: usize, out: usize, n: i32): void {
  for (let i = 0; i < n; i += 4) {
    const o = <usize>i << 2;
    v128.store(out + o, canonical(apply(op, v128.load(a + o), v128.load(b + o))));
  }
}

/**
 * out[p, q] = (x[p, q] op0 s0[p]) op1 s1[p] over rows × cols (op1 < 0: none). Both operations run on a row
 * while it is in the cache.
 */
export function scalarRows(op0: Op, op1: i32, x: usize, s0: usize, s1: usize, out: usize, rows: i32, cols: i32): void {
  for (let p = 0; p < rows; p++) {
    const row = <usize>p * <usize>cols << 2;
    scalarRow(op0, x + row, v128.load32_splat(s0 + (<usize>p << 2)), out + row, cols);
    if (op1 >= 0) scalarRow(<Op>op1, out + row, v128.load32_splat(s1 + (<usize>p << 2)), out + row, cols);
  }
}

function scalarRow(op: Op, x: usize, scalar: v128, out: usize, cols: i32): void {
  switch (op) {
    case Op.Add: scalarLoop(Op.Add, x, scalar, out, cols); break;
    case Op.Sub: scalarLoop(Op.Sub, x, scalar, out, cols); break;
    case Op.Mul: scalarLoop(Op.Mul, x, scalar, out, cols); break;
    case Op.Div: scalarLoop(Op.Div, x, scalar, out, cols); break;
    case Op.Max: scalarLoop(Op.Max, x, scalar, out, cols); break;
    case Op.Min: scalarLoop(Op.Min, x, scalar, out, cols); break;
    case Op.Eq: scalarLoop(Op.Eq, x, scalar, out, cols); break;
    case Op.Ne: scalarLoop(Op.Ne, x, scalar, out, cols); break;
    case Op.Lt: scalarLoop(Op.Lt, x, scalar, out, cols); break;
    case Op.Le: scalarLoop(Op.Le, x, scalar, out, cols); break;
    case Op.Gt: scalarLoop(Op.Gt, x, scalar, out, cols); break;
    case Op.Ge: scalarLoop(Op.Ge, x, scalar, out, cols); break;
    case Op.And: scalarLoop(Op.And, x, scalar, out, cols); break;
    case Op.Or: scalarLoop(Op.Or, x, scalar, out, cols); break;
    case Op.Xor: scalarLoop(Op.Xor, x, scalar, out, cols); break;
  }
}

/** One row; its last, partial vector through a mask. */
// @ts-ignore: decorator
@inline function scalarLoop(op: Op, x: usize, scalar: v128, out: usize, cols: i32): void {
  const full = cols & ~3;
  for (let q = 0; q < full; q += 4) {
    const o = <usize>q << 2;
    v128.store(out + o, canonical(apply(op, v128.load(x + o), scalar)));
  }
  if (full < cols) {
    const o = <usize>full << 2;
    storeMasked(out + o, canonical(apply(op, v128.load(x + o), scalar)), lanesBelow(cols - full));
  }
}

/**
 * out[p, q] = func(x[p, q] · scale[p] + bias[p]), the product and the sum each rounded to f32. Returns how many
 * elements it left to the host's exact path (their indices at `left`, their argument in `out`): none, but for
 * the transcendental functions (certified.ts).
 */
export function activation(func: Func, x: usize, scale: usize, bias: usize, out: usize, rows: i32, cols: i32, left: usize): i32 {
  if (func >= Func.Exp) return certifiedActivation(func, x, scale, bias, out, rows, cols, left);
  switch (func) {
    case Func.Identity: activationLoop(Func.Identity, x, scale, bias, out, rows, cols); break;
    case Func.Relu: activationLoop(Func.Relu, x, scale, bias, out, rows, cols); break;
    case Func.Square: activationLoop(Func.Square, x, scale, bias, out, rows, cols); break;
    case Func.Abs: activationLoop(Func.Abs, x, scale, bias, out, rows, cols); break;
    case Func.Sign: activationLoop(Func.Sign, x, scale, bias, out, rows, cols); break;
    case Func.Reciprocal: activationLoop(Func.Reciprocal, x, scale, bias, out, rows, cols); break;
    case Func.Sqrt: activationLoop(Func.Sqrt, x, scale, bias, out, rows, cols); break;
    case Func.Rsqrt: activationLoop(Func.Rsqrt, x, scale, bias, out, rows, cols); break;
  }
  return 0;
}

// @ts-ignore: decorator
@inline function activationLoop(func: Func, x: usize, scale: usize, bias: usize, out: usize, rows: i32, cols: i32): void {
  const full = cols & ~3;
  const tail = lanesBelow(cols - full);
  for (let p = 0; p < rows; p++) {
    const k = v128.load32_splat(scale + (<usize>p << 2));
    const b = v128.load32_splat(bias + (<usize>p << 2));
    const row = <usize>p * <usize>cols << 2;
    for (let q = 0; q < full; q += 4) {
      const o = row + (<usize>q << 2);
      v128.store(out + o, canonical(unary(func, f32x4.add(f32x4.mul(v128.load(x + o), k), b))));
    }
    if (full < cols) {
      const o = row + (<usize>full << 2);
      storeMasked(out + o, canonical(unary(func, f32x4.add(f32x4.mul(v128.load(x + o), k), b))), tail);
    }
  }
}

/** The activation functions of alu.ts that f32 arithmetic computes exactly as the reference does. */
// @ts-ignore: decorator
@inline function unary(func: Func, y: v128): v128 {
  const zero = f32x4.splat(0);
  switch (func) {
    case Func.Identity: return y;
    // +0 for every y that is not above zero (−0 included), NaN for NaN.
    case Func.Relu: return v128.or(v128.and(y, f32x4.gt(y, zero)), f32x4.ne(y, y));
    case Func.Square: return f32x4.mul(y, y);
    case Func.Abs: return f32x4.abs(y);
    // ±1, or y itself for ±0 and NaN.
    case Func.Sign: return v128.bitselect(f32x4.splat(1), v128.bitselect(f32x4.splat(-1), y, f32x4.lt(y, zero)), f32x4.gt(y, zero));
    case Func.Reciprocal: return f32x4.div(f32x4.splat(1), y);
    // sqrt rounded to f64 then to f32 is sqrt rounded to f32 (double rounding is innocuous for sqrt).
    case Func.Sqrt: return f32x4.sqrt(y);
    // The reference divides in double before rounding to f32: so does this, two lanes at a time.
    default: return rsqrt(y);
  }
}

// @ts-ignore: decorator
@inline function rsqrt(y: v128): v128 {
  const one = f64x2.splat(1);
  const low = f32x4.demote_f64x2_zero(f64x2.div(one, f64x2.sqrt(f64x2.promote_low_f32x4(y))));
  const high = f32x4.demote_f64x2_zero(f64x2.div(one, f64x2.sqrt(f64x2.promote_low_f32x4(v128.shuffle<f32>(y, y, 2, 3, 2, 3)))));
  return v128.shuffle<f32>(low, high, 0, 1, 4, 5);
}
