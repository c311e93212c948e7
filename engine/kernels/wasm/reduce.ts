// TensorReduce in the float domain: each row folded from the left, one step rounded at a time. The order
// along a row cannot change, so the lanes are rows: four rows are folded at once, column by column.
import { Fold, Op } from './codes';
import { apply, canonical } from './ops';

/** out[p] = fold of x[p, 0..cols) from its identity; out is padded to whole vectors. */
export function reduceRows(fold: Fold, x: usize, out: usize, rows: i32, cols: i32): void {
  switch (fold) {
    case Fold.Add: foldLoop(Op.Add, 0, x, out, rows, cols); break;
    case Fold.Mul: foldLoop(Op.Mul, 1, x, out, rows, cols); break;
    case Fold.Max: foldLoop(Op.Max, -Infinity, x, out, rows, cols); break;
    case Fold.Min: foldLoop(Op.Min, Infinity, x, out, rows, cols); break;
  }
}

// @ts-ignore: decorator
@inline function foldLoop(op: Op, identity: f32, x: usize, out: usize, rows: i32, cols: i32): void {
  const row = <usize>cols << 2;
  const last = rows - 1;
  const full = cols & ~3;
  for (let p = 0; p < rows; p += 4) {
    // Past the last row, the lanes fold the last row again; they land in out's padding.
    const p0 = x + <usize>p * row;
    const p1 = x + <usize>min(p + 1, last) * row;
    const p2 = x + <usize>min(p + 2, last) * row;
    const p3 = x + <usize>min(p + 3, last) * row;
    let acc = f32x4.splat(identity);
    for (let q = 0; q < full; q += 4) {
      const o = <usize>q << 2;
      // Four columns of the four rows, transposed so that each vector is one column.
      const r0 = v128.load(p0 + o), r1 = v128.load(p1 + o), r2 = v128.load(p2 + o), r3 = v128.load(p3 + o);
      const lo01 = v128.shuffle<f32>(r0, r1, 0, 4, 1, 5);
      const lo23 = v128.shuffle<f32>(r2, r3, 0, 4, 1, 5);
      const hi01 = v128.shuffle<f32>(r0, r1, 2, 6, 3, 7);
      const hi23 = v128.shuffle<f32>(r2, r3, 2, 6, 3, 7);
      acc = apply(op, acc, v128.shuffle<f32>(lo01, lo23, 0, 1, 4, 5));
      acc = apply(op, acc, v128.shuffle<f32>(lo01, lo23, 2, 3, 6, 7));
      acc = apply(op, acc, v128.shuffle<f32>(hi01, hi23, 0, 1, 4, 5));
      acc = apply(op, acc, v128.shuffle<f32>(hi01, hi23, 2, 3, 6, 7));
    }
    for (let q = full; q < cols; q++) {
      const o = <usize>q << 2;
      let column = f32x4.splat(load<f32>(p0 + o));
      column = f32x4.replace_lane(column, 1, load<f32>(p1 + o));
      column = f32x4.replace_lane(column, 2, load<f32>(p2 + o));
      column = f32x4.replace_lane(column, 3, load<f32>(p3 + o));
      acc = apply(op, acc, column);
    }
    v128.store(out + (<usize>p << 2), canonical(acc));
  }
}
