// The numbers the host and the WebAssembly kernels agree on, declared once: this file compiles both as
// TypeScript (the host imports it) and as AssemblyScript (the kernels do).

/** Element formats the kernels decode to f32 and encode from it (e8m0 and fp4e2m1 stay on the host's scalar path). */
export enum Format {
  F32 = 0,
  BF16 = 1,
  F16 = 2,
  /** OCP E4M3FN (max 448). */
  FP8E4M3FN = 3,
  FP8E5M2 = 4,
  /** The hardware's E4M3 (max 240, with infinities). */
  FP8E4M3 = 5,
}

/** Elementwise operations of TensorTensor and TensorScalar, in the float domain. */
export enum Op {
  Add = 0,
  Sub = 1,
  Mul = 2,
  Div = 3,
  Max = 4,
  Min = 5,
  Eq = 6,
  Ne = 7,
  Lt = 8,
  Le = 9,
  Gt = 10,
  Ge = 11,
  And = 12,
  Or = 13,
  Xor = 14,
}

/**
 * Activation functions: up to Rsqrt, those whose f32 results f32 arithmetic computes exactly; from Exp on, the
 * transcendental ones, certified against the host's exact path (certified.ts), which takes the elements left.
 */
export enum Func {
  Identity = 0,
  Relu = 1,
  Square = 2,
  Abs = 3,
  Sign = 4,
  Reciprocal = 5,
  Sqrt = 6,
  Rsqrt = 7,
  Exp = 8,
  Sigmoid = 9,
  Silu = 10,
  Gelu = 11,
  Tanh = 12,
  Softplus = 13,
  Log = 14,
  Sin = 15,
  Cos = 16,
}

/** Reductions of TensorReduce, in the float domain. */
export enum Fold {
  Add = 0,
  Mul = 1,
  Max = 2,
  Min = 3,
}
