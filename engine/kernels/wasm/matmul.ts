// MatMult's products: out[i, j] = Σ_k a[k, i] · b[k, j] in f32, each product rounded, then added in increasing k
// to an accumulator that starts at +0: the order of the scalar reference (engine/kernels/tensor-engine.ts), so
// the bits are the same. f32x4.mul and f32x4.add round like the scalar ones; there is no fused multiply-add.
//
// Blocks of 4 rows × 8 columns keep 8 accumulator vectors in registers while k runs (more spill on x64's 16
// vector registers); the columns left over and the rows left over take narrower blocks. Results are stored
// canonical (ops.ts).
import { canonical } from './ops';

/** a: [K, M] (the stationary operand), b: [K, N] (the moving one), out: [M, N]; f32, row-major. */
export function matmul(a: usize, b: usize, out: usize, K: i32, M: i32, N: i32): void {
  const rowA = <usize>M << 2;
  const rowB = <usize>N << 2;
  const wide = N & ~7;
  let i = 0;
  for (; i + 4 <= M; i += 4) {
    const pa = a + (<usize>i << 2);
    const po = out + <usize>i * rowB;
    for (let j = 0; j < wide; j += 8) block4x8(pa, b + (<usize>j << 2), po + (<usize>j << 2), K, rowA, rowB);
    for (let r = 0; r < 4; r++) for (let j = wide; j < N; j++) dot(pa + (<usize>r << 2), b + (<usize>j << 2), po + <usize>r * rowB + (<usize>j << 2), K, rowA, rowB);
  }
  for (; i < M; i++) {
    const pa = a + (<usize>i << 2);
    const po = out + <usize>i * rowB;
    for (let j = 0; j < wide; j += 8) block1x8(pa, b + (<usize>j << 2), po + (<usize>j << 2), K, rowA, rowB);
    for (let j = wide; j < N; j++) dot(pa, b + (<usize>j << 2), po + (<usize>j << 2), K, rowA, rowB);
  }
}

// @ts-ignore: decorator
@inline function step(acc: v128, s: v128, b: v128): v128 {
  return f32x4.add(acc, f32x4.mul(s, b));
}

function block4x8(pa: usize, pb: usize, po: usize, K: i32, rowA: usize, rowB: usize): void {
  let c00 = f32x4.splat(0), c01 = f32x4.splat(0);
  let c10 = f32x4.splat(0), c11 = f32x4.splat(0);
  let c20 = f32x4.splat(0), c21 = f32x4.splat(0);
  let c30 = f32x4.splat(0), c31 = f32x4.splat(0);
  for (let k = 0; k < K; k++) {
    const b0 = v128.load(pb);
    const b1 = v128.load(pb, 16);
    let s = v128.load32_splat(pa);
    c00 = step(c00, s, b0); c01 = step(c01, s, b1);
    s = v128.load32_splat(pa, 4);
    c10 = step(c10, s, b0); c11 = step(c11, s, b1);
    s = v128.load32_splat(pa, 8);
    c20 = step(c20, s, b0); c21 = step(c21, s, b1);
    s = v128.load32_splat(pa, 12);
    c30 = step(c30, s, b0); c31 = step(c31, s, b1);
    pa += rowA;
    pb += rowB;
  }
  v128.store(po, canonical(c00)); v128.store(po, canonical(c01), 16);
  po += rowB;
  v128.store(po, canonical(c10)); v128.store(po, canonical(c11), 16);
  po += rowB;
  v128.store(po, canonical(c20)); v128.store(po, canonical(c21), 16);
  po += rowB;
  v128.store(po, canonical(c30)); v128.store(po, canonical(c31), 16);
}

function block1x8(pa: usize, pb: usize, po: usize, K: i32, rowA: usize, rowB: usize): void {
  let c0 = f32x4.splat(0), c1 = f32x4.splat(0);
  for (let k = 0; k < K; k++) {
    const s = v128.load32_splat(pa);
    c0 = step(c0, s, v128.load(pb));
    c1 = step(c1, s, v128.load(pb, 16));
    pa += rowA;
    pb += rowB;
  }
  v128.store(po, canonical(c0));
  v128.store(po, canonical(c1), 16);
}

/** One element: a column of a with a column of b. */
function dot(pa: usize, pb: usize, po: usize, K: i32, rowA: usize, rowB: usize): void {
  let acc: f32 = 0;
  for (let k = 0; k < K; k++) {
    acc += load<f32>(pa) * load<f32>(pb);
    pa += rowA;
    pb += rowB;
  }
  // Any NaN made canonical, as the vector stores do.
  store<f32>(po, acc != acc ? reinterpret<f32>(0x7fc00000) : acc);
}
