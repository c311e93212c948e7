// Partial vectors: a row's last vector holds fewer than four of its elements. Buffers are padded, so the lanes
// past the end exist; stores through a mask write them back as they were.

/** A mask of the first n lanes (n in 1..3). */
// @ts-ignore: decorator
@inline export function lanesBelow(n: i32): v128 {
  return i32x4.gt_s(i32x4.splat(n), i32x4(0, 1, 2, 3));
}

// @ts-ignore: decorator
@inline export function storeMasked(p: usize, value: v128, mask: v128): void {
  v128.store(p, v128.bitselect(value, v128.load(p), mask));
}
