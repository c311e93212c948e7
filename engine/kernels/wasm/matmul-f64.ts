// MatMult's sums in float64, for a shadow run's float64 execution: out[i, j] = Σ_k a[k, i] · b[k, j] in double,
// added in increasing k to an accumulator that starts at +0, as multiplyInFloat64 in engine/kernels/tensor-engine.ts
// (the reference, with the same bits: f64x2.mul and f64x2.add round like the scalar ones; no fused multiply-add).
//
// Blocks of 4 rows × 4 columns keep 8 accumulator vectors in registers while k runs; the columns and rows left
// over take one element at a time.

/** a: [K, M], b: [K, N], out: [M, N]; f64, row-major. */
export function matmulF64(a: usize, b: usize, out: usize, K: i32, M: i32, N: i32): void {
  const rowA = <usize>M << 3;
  const rowB = <usize>N << 3;
  const wide = N & ~3;
  let i = 0;
  for (; i + 4 <= M; i += 4) {
    const pa = a + (<usize>i << 3);
    const po = out + <usize>i * rowB;
    for (let j = 0; j < wide; j += 4) block4x4(pa, b + (<usize>j << 3), po + (<usize>j << 3), K, rowA, rowB);
    for (let r = 0; r < 4; r++) for (let j = wide; j < N; j++) dot(pa + (<usize>r << 3), b + (<usize>j << 3), po + <usize>r * rowB + (<usize>j << 3), K, rowA, rowB);
  }
  for (; i < M; i++) {
    const pa = a + (<usize>i << 3);
    const po = out + <usize>i * rowB;
    for (let j = 0; j < N; j++) dot(pa, b + (<usize>j << 3), po + (<usize>j << 3), K, rowA, rowB);
  }
}

// @ts-ignore: decorator
@inline function step(acc: v128, s: v128, b: v128): v128 {
  return f64x2.add(acc, f64x2.mul(s, b));
}

function block4x4(pa: usize, pb: usize, po: usize, K: i32, rowA: usize, rowB: usize): void {
  let c00 = f64x2.splat(0), c01 = f64x2.splat(0);
  let c10 = f64x2.splat(0), c11 = f64x2.splat(0);
  let c20 = f64x2.splat(0), c21 = f64x2.splat(0);
  let c30 = f64x2.splat(0), c31 = f64x2.splat(0);
  for (let k = 0; k < K; k++) {
    const b0 = v128.load(pb);
    const b1 = v128.load(pb, 16);
    let s = v128.load64_splat(pa);
    c00 = step(c00, s, b0); c01 = step(c01, s, b1);
    s = v128.load64_splat(pa, 8);
    c10 = step(c10, s, b0); c11 = step(c11, s, b1);
    s = v128.load64_splat(pa, 16);
    c20 = step(c20, s, b0); c21 = step(c21, s, b1);
    s = v128.load64_splat(pa, 24);
    c30 = step(c30, s, b0); c31 = step(c31, s, b1);
    pa += rowA;
    pb += rowB;
  }
  v128.store(po, c00); v128.store(po, c01, 16);
  po += rowB;
  v128.store(po, c10); v128.store(po, c11, 16);
  po += rowB;
  v128.store(po, c20); v128.store(po, c21, 16);
  po += rowB;
  v128.store(po, c30); v128.store(po, c31, 16);
}

/** One element: a column of a with a column of b. */
function dot(pa: usize, pb: usize, po: usize, K: i32, rowA: usize, rowB: usize): void {
  let acc: f64 = 0;
  for (let k = 0; k < K; k++) {
    acc += load<f64>(pa) * load<f64>(pb);
    pa += rowA;
    pb += rowB;
  }
  store<f64>(po, acc);
}
