/**
 * The tensor view's pure parts on the engine's side: the region of a value, the resolution of a window, the overview
 * (min/max pooling that keeps NaN, infinities and never-written elements visible), statistics and the histogram, the
 * comparison metrics against NumPy's allclose semantics, and a selection written as an access pattern.
 */
import * as assert from 'assert';
import { DenseValue } from '../../engine/eval/value';
import {
  ALL_UNWRITTEN, binOf, Cells, clampWindow, emptyCells, finishCells, NAN, NEG_INF, poolInto, POS_INF, readCells, RegionStats, regionHistogram, regionOf, regionStatistics,
  scanWindow, stepsFor, UNWRITTEN,
} from '../../engine/debug/tensor-region';
import { absError, isClose, relError, ulpError, Verdict } from '../../engine/debug/tensor-compare';
import { regionPattern, regionView } from '../../engine/debug/region-pattern';
import { Tensor } from '../../engine/machine/tensor';
import { View, wholeView } from '../../engine/machine/view';

/** A window pooled in blocks of the given size. */
function pooled(v: DenseValue, w: { row: number; col: number; rows: number; cols: number }, stepRows: number, stepCols: number): Cells {
  const region = regionOf(v);
  const cells = emptyCells(w, stepRows, stepCols);
  scanWindow(region, w, (p, data, written, count) => poolInto(cells, region.cols, p, data, written, count));
  finishCells(cells);
  return cells;
}

function dense(shape: number[], values: number[], written?: number[]): DenseValue {
  return { kind: 'dense', shape, data: Float64Array.from(values), written: written && Uint8Array.from(written), text: 't' };
}

describe('tensor view: regions and overviews', () => {
  it('takes the last two dimensions as the region, with one index per leading dimension', () => {
    const v = dense([2, 3, 4], Array.from({ length: 24 }, (_, i) => i));
    const r = regionOf(v, [1]);
    assert.deepStrictEqual([r.rows, r.cols, r.base, r.slice], [3, 4, 12, [1]]);
    assert.deepStrictEqual([regionOf(dense([5], [1, 2, 3, 4, 5])).rows, regionOf(dense([5], [1, 2, 3, 4, 5])).cols], [1, 5]);
    assert.deepStrictEqual([regionOf(dense([], [7])).rows, regionOf(dense([], [7])).cols], [1, 1]);
    assert.throws(() => regionOf(v, [2]), /slice index 2 is out of bounds for dimension 0/);
  });

  it('reads every element up to maxCells, else pools blocks (rows keep their resolution first)', () => {
    assert.deepStrictEqual(stepsFor(128, 65536), { stepRows: 1, stepCols: 1 });
    assert.deepStrictEqual(stepsFor(128, 1 << 20), { stepRows: 1, stepCols: 128 });
    const s = stepsFor(1 << 16, 1 << 16);
    assert.ok(Math.ceil((1 << 16) / s.stepRows) * Math.ceil((1 << 16) / s.stepCols) <= 1 << 20, JSON.stringify(s));
    const small = stepsFor(100, 100, 1000, 100);
    assert.ok(Math.ceil(100 / small.stepRows) * Math.ceil(100 / small.stepCols) <= 100, JSON.stringify(small));
  });

  it('keeps the elements at full resolution, with NaN, infinities and never-written ones flagged', () => {
    const v = dense([2, 3], [1, NaN, Infinity, -Infinity, 0, 5], [1, 1, 1, 1, 0, 1]);
    const cells = readCells(regionOf(v), { row: 0, col: 0, rows: 2, cols: 3 }, 'f64');
    assert.deepStrictEqual([...cells.high], [1, NaN, Infinity, -Infinity, 0, 5]);
    assert.deepStrictEqual([...cells.flags], [0, NAN, POS_INF, NEG_INF, UNWRITTEN | ALL_UNWRITTEN, 0]);
    assert.strictEqual(cells.low, undefined);
  });

  it('reads a window inside the rows in f32, and gathers on the way the statistics a second read would give', () => {
    const data = Array.from({ length: 4 * 6 }, (_, i) => (i === 9 ? NaN : i / 3));
    const v = dense([4, 6], data, data.map((_, i) => (i === 14 ? 0 : 1)));
    const region = regionOf(v);
    const inside = readCells(region, { row: 1, col: 2, rows: 2, cols: 3 }, 'f32');
    assert.ok(inside.high instanceof Float32Array);
    assert.deepStrictEqual([...inside.high], [8, 9, 10, 14, 15, 16].map((i) => Math.fround(data[i])));
    assert.deepStrictEqual([...inside.flags], [0, NAN, 0, UNWRITTEN | ALL_UNWRITTEN, 0, 0]);
    const stats = new RegionStats();
    readCells(region, clampWindow(region), 'f64', undefined, undefined, stats);
    assert.deepStrictEqual(stats.result(), regionStatistics(region));
  });

  it('pools a block to its finite extremes, and one NaN or infinity among many stays visible', () => {
    // 4 × 8, pooled into 2 × 2 blocks of 2 × 4: one NaN in the first block, +inf in the second, one block never
    // written, one with a single written value.
    const values = Array.from({ length: 32 }, (_, i) => i);
    values[1] = NaN;
    values[6] = Infinity;
    const written = values.map(() => 1);
    for (const i of [16, 17, 18, 19, 24, 25, 26, 27]) written[i] = 0;
    for (const i of [20, 21, 22, 28, 29, 30, 31]) written[i] = 0;
    const v = dense([4, 8], values, written);
    const cells = pooled(v, { row: 0, col: 0, rows: 4, cols: 8 }, 2, 4);
    assert.deepStrictEqual([cells.gridRows, cells.gridCols], [2, 2]);
    assert.deepStrictEqual([...cells.low!], [0, 4, NaN, 23]);
    assert.deepStrictEqual([...cells.high], [11, 15, NaN, 23]);
    assert.strictEqual(cells.flags[0], NAN);
    assert.strictEqual(cells.flags[1], POS_INF);
    assert.strictEqual(cells.flags[2], UNWRITTEN | ALL_UNWRITTEN);
    assert.strictEqual(cells.flags[3], UNWRITTEN);
  });

  it('pools a window of the region (a part of each row)', () => {
    const v = dense([3, 10], Array.from({ length: 30 }, (_, i) => i));
    const region = regionOf(v);
    const w = clampWindow(region, { row: 1, col: 2, rows: 5, cols: 4 });
    assert.deepStrictEqual(w, { row: 1, col: 2, rows: 2, cols: 4 });
    const cells = pooled(v, w, 2, 2);
    assert.deepStrictEqual([...cells.low!], [12, 14]);
    assert.deepStrictEqual([...cells.high], [23, 25]);
    assert.deepStrictEqual(readCells(region, w, 'f64', 4, 2).window, { ...w, stepRows: 1, stepCols: 4 }, 'rows keep their resolution first');
  });

  it('gives exact statistics (finite extremes) and a histogram of the finite written values', () => {
    const v = dense([2, 4], [-2, 0, 2, NaN, Infinity, 6, 1, 1], [1, 1, 1, 1, 1, 1, 1, 0]);
    const s = regionStatistics(regionOf(v));
    assert.deepStrictEqual(s, { elements: 8, count: 6, min: -2, max: 6, mean: null, zero: 1, nan: 1, posInf: 1, negInf: 0, unwritten: 1 });
    const h = regionHistogram(regionOf(v), -2, 6, 4);
    assert.deepStrictEqual(h.counts, [1, 2, 1, 1]);
    assert.strictEqual(binOf(6, -2, 2, 4), 3, 'the top edge is in the last bin');
    assert.strictEqual(binOf(3, 3, 0, 4), 0, 'a range of one value is one bin');
  });
});

describe('tensor view: comparison metrics', () => {
  it('is close as numpy.isclose is (rtol on the reference, NaN never, an infinity only to itself)', () => {
    // numpy.isclose([1.0, 1e-9, 100.0, nan, inf, inf, 1e10], [1.00001, 0.0, 100.002, nan, inf, -inf, 1.00001e10]) with the
    // defaults rtol=1e-05, atol=1e-08: [True, True, False, False, True, False, True]
    const a = [1.0, 1e-9, 100.0, NaN, Infinity, Infinity, 1e10];
    const b = [1.00001, 0.0, 100.002, NaN, Infinity, -Infinity, 1.00001e10];
    assert.deepStrictEqual(a.map((x, i) => isClose(x, b[i], 1e-8, 1e-5)), [true, true, false, false, true, false, true]);
    // Asymmetric: numpy.isclose(1.0, 1.1, rtol=0.1, atol=0) is True, numpy.isclose(1.1, 1.0, rtol=0.1, atol=0) is False.
    assert.strictEqual(isClose(1.0, 1.1, 0, 0.1), true);
    assert.strictEqual(isClose(1.1, 1.0, 0, 0.1), false);
  });

  it('measures |a − b|, the relative error and ulps of a\'s dtype', () => {
    assert.strictEqual(absError(1.5, -0.5), 2);
    assert.strictEqual(absError(Infinity, Infinity), 0);
    assert.ok(Number.isNaN(absError(NaN, 1)));
    assert.strictEqual(relError(3, 2), 0.5);
    assert.strictEqual(relError(1, 0), Infinity);
    const next = new Float32Array([1]);
    new Uint32Array(next.buffer)[0] += 1;
    assert.strictEqual(ulpError(1, next[0], 'f32'), 1);
    assert.strictEqual(ulpError(0, -0, 'f32'), 0);
    assert.strictEqual(ulpError(Math.fround(-1e-45), Math.fround(1e-45), 'f32'), 2, 'the smallest subnormals either side of 0');
    assert.strictEqual(ulpError(1, 1.0078125, 'bf16'), 1, 'bf16 has 7 bits of mantissa');
    assert.strictEqual(ulpError(3, 7, 'i32'), 4);
    assert.strictEqual(ulpError(1, 1 + 2 ** -52, undefined), 1, 'computed values count in f64');
  });

  it('gives the verdict: differing (never-written ones included), unequal, the first divergence and the largest errors', () => {
    const v = new Verdict(1e-8, 1e-5, 'f32');
    const a = [1, 2, 3, 4, NaN, 6];
    const b = [1, 2.000001, 3.5, 4, NaN, 6];
    a.forEach((x, i) => v.add(i, x, b[i], i !== 5, true));
    assert.deepStrictEqual([v.differing, v.unequal, v.first, v.maxAbs], [3, 4, 2, 0.5]);
  });
});

describe('tensor view: a selection as an access pattern', () => {
  const t = new Tensor('acc', 'sbuf', 'f32', [128, 96]);
  const whole = wholeView(t);
  const slice = (offset: number, shape: number[], strides: number[]): View => ({ tensor: t, offset, shape, strides });

  it('writes a slice in the named tensor\'s coordinates', () => {
    const v = slice(4 * 96 + 8, [16, 32], [96, 1]);
    assert.deepStrictEqual(regionPattern('acc', whole, regionView(v, [])), { base: 'acc', dims: [{ axis: 'row', start: 4, step: 1 }, { axis: 'col', start: 8, step: 1 }] });
  });

  it('knows steps, a transpose and a dimension held at one index', () => {
    const stepped = slice(2 * 96, [10, 8], [96 * 3, 2]);
    assert.deepStrictEqual(regionPattern('acc', whole, regionView(stepped, [])), { base: 'acc', dims: [{ axis: 'row', start: 2, step: 3 }, { axis: 'col', start: 0, step: 2 }] });
    const transposed = slice(0, [96, 128], [1, 96]);
    assert.deepStrictEqual(regionPattern('acc', whole, regionView(transposed, [])), { base: 'acc', dims: [{ axis: 'col', start: 0, step: 1 }, { axis: 'row', start: 0, step: 1 }] });
    const row = slice(5 * 96 + 1, [4], [1]);
    assert.deepStrictEqual(regionPattern('acc', whole, regionView(row, [])), { base: 'acc', dims: [{ index: 5 }, { axis: 'col', start: 1, step: 1 }] });
  });

  it('has no pattern for a broadcast', () => {
    const b = slice(0, [128, 4], [96, 0]);
    assert.strictEqual(regionPattern('acc', whole, regionView(b, [])), undefined);
  });
});
