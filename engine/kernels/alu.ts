/**
 * The arithmetic of the vector and scalar engines. Two domains:
 * - float: every result is rounded to f32 (Math.fround) as the engines compute in f32;
 * - integer (every input is of an integer dtype or an integral scalar): exact results, division truncates
 *   toward zero, and/or/xor are bitwise on 32 bits; the store saturates to the destination.
 */
import { cos, exp, log, log1p, pow, sin, tanh } from '../base/math';
import { DType, dtypeInfo } from '../base/dtype';
import { ActivationFunction, AluOp, ReduceOp } from '../ir/opcodes';
import { Fault } from '../machine/fault';

export type Binary = (a: number, b: number) => number;
export type Unary = (x: number) => number;

const f = Math.fround;

/** `r`: the rounding of each result (float64 runs keep them as they are: kernels/precision.ts). */
export function floatOp(op: AluOp, r: Unary = f): Binary {
  switch (op) {
    case 'add': return (a, b) => r(a + b);
    case 'sub': return (a, b) => r(a - b);
    case 'mul': return (a, b) => r(a * b);
    case 'div': return (a, b) => r(a / b);
    case 'max': return (a, b) => (a !== a || b !== b ? NaN : a > b ? a : b);
    case 'min': return (a, b) => (a !== a || b !== b ? NaN : a < b ? a : b);
    case 'pow': return (a, b) => r(pow(a, b));
    case 'eq': return (a, b) => (a === b ? 1 : 0);
    case 'ne': return (a, b) => (a !== b ? 1 : 0);
    case 'lt': return (a, b) => (a < b ? 1 : 0);
    case 'le': return (a, b) => (a <= b ? 1 : 0);
    case 'gt': return (a, b) => (a > b ? 1 : 0);
    case 'ge': return (a, b) => (a >= b ? 1 : 0);
    case 'and': return (a, b) => (a !== 0 && b !== 0 ? 1 : 0);
    case 'or': return (a, b) => (a !== 0 || b !== 0 ? 1 : 0);
    case 'xor': return (a, b) => ((a !== 0) !== (b !== 0) ? 1 : 0);
    case 'abs_max': return (a, b) => (a !== a || b !== b ? NaN : Math.max(Math.abs(a), Math.abs(b)));
    case 'abs_min': return (a, b) => (a !== a || b !== b ? NaN : Math.min(Math.abs(a), Math.abs(b)));
    case 'abs': return (a) => Math.abs(a);
    case 'square': return (a) => r(a * a);
    case 'relu': return (a) => (a > 0 ? a : a !== a ? NaN : 0);
    case 'rsqrt': return (a) => r(1 / Math.sqrt(a));
    case 'reciprocal': return (a) => r(1 / a);
    // The checker refuses float data for the bit operators; in the float domain (a non-integral register as the
    // scalar) they act on the 32-bit patterns of the operands truncated toward zero.
    case 'shl': case 'shr': case 'invert': return bitOp(op, 'i32');
  }
}

/**
 * The operators that act on bit patterns, in the data's own width: the value's `bits`-bit two's complement pattern
 * shifted (logically, zeros in) or inverted, read back in the data's dtype. A shift count is clamped to [0, bits].
 */
export function bitOp(op: 'shl' | 'shr' | 'invert', dtype: DType): Binary {
  const info = dtypeInfo(dtype);
  const bits = Math.min(info.bytes * 8, 32);
  const mask = bits === 32 ? 0xFFFFFFFF : 2 ** bits - 1;
  const pattern = (x: number): number => ((Math.trunc(x) | 0) & mask) >>> 0;
  const value = (u: number): number => (info.isSigned && u >= 2 ** (bits - 1) ? u - 2 ** bits : u);
  const count = (n: number): number => Math.min(Math.max(Math.trunc(n), 0), bits);
  switch (op) {
    case 'shl': return (a, b) => {
      const n = count(b);
      return n >= bits ? 0 : value(((pattern(a) << n) & mask) >>> 0);
    };
    case 'shr': return (a, b) => {
      const n = count(b);
      return n >= bits ? 0 : value(pattern(a) >>> n);
    };
    case 'invert': return (a) => value((~pattern(a) & mask) >>> 0);
  }
}

/** In the integer domain; `dtype` is the data's, whose width the bit operators work in. */
export function integerOp(op: AluOp, where: () => string, dtype: DType = 'i32', r: Unary = f): Binary {
  switch (op) {
    case 'add': return (a, b) => a + b;
    case 'sub': return (a, b) => a - b;
    // Integers have no negative zero: `+ 0` turns the -0 of 0 * -5 or trunc(-1 / 2) into 0.
    case 'mul': return (a, b) => a * b + 0;
    case 'div':
      return (a, b) => {
        if (b === 0) throw new Fault('division-by-zero', `integer division by zero in ${where()}: ${a} / 0`);
        return Math.trunc(a / b) + 0;
      };
    case 'pow': return (a, b) => pow(a, b);
    case 'and': return bitwise((x, y) => x & y);
    case 'or': return bitwise((x, y) => x | y);
    case 'xor': return bitwise((x, y) => x ^ y);
    case 'shl': case 'shr': case 'invert': return bitOp(op, dtype);
    case 'square': return (a) => a * a;
    default: return floatOp(op, r);
  }
}

/** Unsigned when both values are, so that u32 values above 2^31 keep their bits. */
function bitwise(op: (x: number, y: number) => number): Binary {
  return (a, b) => (a < 0 || b < 0 ? op(a | 0, b | 0) : op(a >>> 0, b >>> 0) >>> 0);
}

const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);

/**
 * Activation functions, computed in double and rounded to f32. The transcendental ones come from base/math.ts,
 * not from Math.*, whose accuracy varies between hosts. gelu is the tanh approximation written as
 * x / (1 + exp(−2u)), which equals 0.5·x·(1 + tanh(u)) but does not cancel for negative x.
 */
export function activation(fn: ActivationFunction, r: Unary = f): Unary {
  switch (fn) {
    case 'identity': return (x) => x;
    case 'relu': return (x) => (x > 0 ? x : x !== x ? NaN : 0);
    case 'gelu': return (x) => gelu(x, r);
    case 'sigmoid': return (x) => r(1 / (1 + exp(-x)));
    case 'tanh': return (x) => r(tanh(x));
    case 'exp': return (x) => r(exp(x));
    case 'log': return (x) => r(log(x));
    case 'sqrt': return (x) => r(Math.sqrt(x));
    case 'rsqrt': return (x) => r(1 / Math.sqrt(x));
    case 'square': return (x) => r(x * x);
    case 'silu': return (x) => r(x / (1 + exp(-x)));
    case 'softplus': return (x) => r(Math.max(x, 0) + log1p(exp(-Math.abs(x))));
    case 'abs': return (x) => Math.abs(x);
    case 'sign': return (x) => (x > 0 ? 1 : x < 0 ? -1 : x);
    case 'reciprocal': return (x) => r(1 / x);
    case 'sin': return (x) => r(sin(x));
    case 'cos': return (x) => r(cos(x));
  }
}

function gelu(x: number, r: Unary): number {
  const u = SQRT_2_OVER_PI * (x + 0.044715 * x * x * x);
  return r(x / (1 + exp(-2 * u)));
}

/** Reductions start from their identity and fold left along the free dimension, rounding each step to f32. */
export function reduction(op: ReduceOp, integer: boolean, rounding: Unary = f): { init: number; step: Binary } {
  const r = integer ? (x: number) => x + 0 : rounding;
  switch (op) {
    case 'add': return { init: 0, step: (a, b) => r(a + b) };
    case 'mul': return { init: 1, step: (a, b) => r(a * b) };
    case 'max': return { init: -Infinity, step: (a, b) => (a !== a || b !== b ? NaN : a > b ? a : b) };
    case 'min': return { init: Infinity, step: (a, b) => (a !== a || b !== b ? NaN : a < b ? a : b) };
  }
}
