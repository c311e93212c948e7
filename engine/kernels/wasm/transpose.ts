// Transpose through the PE array: out[q, p] = x[p, q], 32-bit values moved unchanged.

/** x: [P, F], out: [F, P]. */
export function transpose(x: usize, out: usize, P: i32, F: i32): void {
  const P4 = P & ~3;
  const F4 = F & ~3;
  for (let p = 0; p < P4; p += 4) {
    for (let q = 0; q < F4; q += 4) block4x4(x + ((<usize>p * <usize>F + <usize>q) << 2), out + ((<usize>q * <usize>P + <usize>p) << 2), F, P);
  }
  for (let p = 0; p < P; p++) {
    for (let q = p < P4 ? F4 : 0; q < F; q++) store<u32>(out + ((<usize>q * <usize>P + <usize>p) << 2), load<u32>(x + ((<usize>p * <usize>F + <usize>q) << 2)));
  }
}

function block4x4(src: usize, dst: usize, F: i32, P: i32): void {
  const rs = <usize>F << 2;
  const rd = <usize>P << 2;
  const r0 = v128.load(src), r1 = v128.load(src + rs), r2 = v128.load(src + 2 * rs), r3 = v128.load(src + 3 * rs);
  const lo01 = v128.shuffle<u32>(r0, r1, 0, 4, 1, 5);
  const lo23 = v128.shuffle<u32>(r2, r3, 0, 4, 1, 5);
  const hi01 = v128.shuffle<u32>(r0, r1, 2, 6, 3, 7);
  const hi23 = v128.shuffle<u32>(r2, r3, 2, 6, 3, 7);
  v128.store(dst, v128.shuffle<u32>(lo01, lo23, 0, 1, 4, 5));
  v128.store(dst + rd, v128.shuffle<u32>(lo01, lo23, 2, 3, 6, 7));
  v128.store(dst + 2 * rd, v128.shuffle<u32>(hi01, hi23, 0, 1, 4, 5));
  v128.store(dst + 3 * rd, v128.shuffle<u32>(hi01, hi23, 2, 3, 6, 7));
}
