// What the host checks after a kernel, found in one pass: the first value beyond a magnitude.

/** The index of the first of n f32 values that is NaN or whose magnitude exceeds limit, or -1. */
export function firstBeyond(x: usize, n: i32, limit: f32): i32 {
  const bound = f32x4.splat(limit);
  for (let i = 0; i < n; i += 4) {
    const v = v128.load(x + (<usize>i << 2));
    // "not within" rather than "beyond", so that NaN counts.
    if (v128.any_true(v128.not(f32x4.le(f32x4.abs(v), bound)))) {
      for (let j = i; j < min(i + 4, n); j++) {
        const y = load<f32>(x + (<usize>j << 2));
        if (!(Mathf.abs(y) <= limit)) return j;
      }
    }
  }
  return -1;
}
