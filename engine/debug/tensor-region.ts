/**
 * The 2-D region of a value the tensor view draws, and reading it: rows × columns are the value's last two
 * dimensions (a rank-1 value is one row, a scalar one cell), with one index chosen per leading dimension. A window of
 * the region is read either element by element (full resolution) or as an overview: blocks of elements pooled to
 * their minimum and maximum, with flags that keep NaN, infinities and never-written elements visible whatever the
 * block's size. Statistics and the histogram are exact over the whole region, read block by block.
 */
import { dtypeInfo, isDType } from '../base/dtype';
import { EngineError } from '../protocol/errors';
import { BLOCK, readBlock, shapeOf, TensorValue } from '../eval/value';
import { accumulate, emptyStatistics, Statistics } from './tensor-summary';
import type { Histogram, TensorStatistics, TensorWindow } from '../../contract/tensor';

/** Flags of a cell (contract/tensor.ts, CellFlags). */
export const UNWRITTEN = 1;
export const NAN = 2;
export const POS_INF = 4;
export const NEG_INF = 8;
export const CHANGED = 16;
export const DIFFERS = 32;
export const ALL_UNWRITTEN = 64;

/** Every element up to this many is sent (64 MiB of f32); beyond, an overview first. */
export const MAX_CELLS = 1 << 24;
export const OVERVIEW_CELLS = 1 << 20;
export const HISTOGRAM_BINS = 64;

export interface Region {
  readonly value: TensorValue;
  readonly rows: number;
  readonly cols: number;
  /** The index chosen for each leading dimension. */
  readonly slice: readonly number[];
  /** The region's first element, row-major in the value. */
  readonly base: number;
}

/** The region of a value at `slice` (missing indices are 0); an index out of its dimension is refused. */
export function regionOf(value: TensorValue, slice: readonly number[] = []): Region {
  const shape = shapeOf(value);
  const rank = shape.length;
  if (rank <= 1) return { value, rows: 1, cols: rank === 0 ? 1 : shape[0], slice: [], base: 0 };
  const lead = shape.slice(0, rank - 2);
  const chosen = lead.map((_, d) => slice[d] ?? 0);
  chosen.forEach((i, d) => {
    if (i >= lead[d]) throw new EngineError(`slice index ${i} is out of bounds for dimension ${d} of '${value.text}' (size ${lead[d]})`, 'argument');
  });
  const rows = shape[rank - 2];
  const cols = shape[rank - 1];
  let leading = 0;
  chosen.forEach((i, d) => (leading = leading * lead[d] + i));
  return { value, rows, cols, slice: chosen, base: leading * rows * cols };
}

/** A window inside the region, clamped; the whole region by default. */
export function clampWindow(region: Region, w?: { row: number; col: number; rows: number; cols: number }): { row: number; col: number; rows: number; cols: number } {
  if (!w) return { row: 0, col: 0, rows: region.rows, cols: region.cols };
  const row = Math.min(w.row, Math.max(0, region.rows - 1));
  const col = Math.min(w.col, Math.max(0, region.cols - 1));
  return { row, col, rows: Math.max(1, Math.min(w.rows, region.rows - row)), cols: Math.max(1, Math.min(w.cols, region.cols - col)) };
}

/** The resolution of a window: every element when it has at most maxCells of them, else blocks for an overview. */
export function stepsFor(rows: number, cols: number, maxCells = MAX_CELLS, overviewCells = OVERVIEW_CELLS): { stepRows: number; stepCols: number } {
  if (rows * cols <= maxCells) return { stepRows: 1, stepCols: 1 };
  // Rows keep their resolution as long as they can (partitions are few and each one matters), columns pool first.
  let stepRows = 1;
  let stepCols = Math.ceil(cols / Math.max(1, Math.floor(overviewCells / rows)));
  if (rows > overviewCells || Math.ceil(cols / stepCols) * rows > overviewCells) {
    const side = Math.sqrt((rows * cols) / overviewCells);
    stepRows = Math.max(1, Math.ceil(side * Math.sqrt(rows / cols) || 1));
    stepCols = Math.max(1, Math.ceil((rows * cols) / overviewCells / stepRows));
    while (Math.ceil(rows / stepRows) * Math.ceil(cols / stepCols) > overviewCells) stepCols++;
  }
  return { stepRows, stepCols };
}

/**
 * Reads a window of the region (or of any value laid out as it is) in row-major order: `visit` gets the region
 * position of the first element, the elements and their written flags. A window of whole rows is read in long
 * contiguous blocks; others row by row.
 */
export function scanWindow(
  region: Region,
  w: { row: number; col: number; rows: number; cols: number },
  visit: (position: number, data: Float64Array, written: Uint8Array, count: number) => void,
  value: TensorValue = region.value,
  base = region.base,
): void {
  const data = new Float64Array(BLOCK);
  const written = new Uint8Array(BLOCK);
  if (w.col === 0 && w.cols === region.cols) {
    const start = w.row * region.cols;
    const end = (w.row + w.rows) * region.cols;
    for (let p = start; p < end; p += BLOCK) {
      const count = Math.min(BLOCK, end - p);
      readBlock(value, base + p, count, data, written);
      visit(p, data, written, count);
    }
    return;
  }
  for (let r = w.row; r < w.row + w.rows; r++) {
    for (let c = w.col; c < w.col + w.cols; c += BLOCK) {
      const count = Math.min(BLOCK, w.col + w.cols - c);
      const p = r * region.cols + c;
      readBlock(value, base + p, count, data, written);
      visit(p, data, written, count);
    }
  }
}

/** A window as cells: one element each, or blocks pooled to their extremes. */
export interface Cells {
  readonly window: TensorWindow;
  readonly gridRows: number;
  readonly gridCols: number;
  /** The element, or the block's largest finite value (NaN when it has none). */
  readonly high: Float32Array | Float64Array;
  /** Blocks only: the smallest finite value (NaN when none). */
  readonly low?: Float32Array | Float64Array;
  readonly flags: Uint8Array;
}

export type Numbers = 'f32' | 'f64';

function numbersArray(numbers: Numbers, n: number): Float32Array | Float64Array {
  return numbers === 'f32' ? new Float32Array(n) : new Float64Array(n);
}

export function emptyCells(w: { row: number; col: number; rows: number; cols: number }, stepRows: number, stepCols: number, numbers: Numbers = 'f64'): Cells {
  const gridRows = Math.ceil(w.rows / stepRows);
  const gridCols = Math.ceil(w.cols / stepCols);
  const n = gridRows * gridCols;
  const pooled = stepRows > 1 || stepCols > 1;
  return {
    window: { ...w, stepRows, stepCols }, gridRows, gridCols,
    high: numbersArray(numbers, n).fill(pooled ? -Infinity : 0), low: pooled ? numbersArray(numbers, n).fill(Infinity) : undefined,
    flags: new Uint8Array(n).fill(pooled ? ALL_UNWRITTEN : 0),
  };
}

/** The flags of one element. */
export function elementFlags(x: number, written: boolean): number {
  if (!written) return UNWRITTEN | ALL_UNWRITTEN;
  if (x !== x) return NAN;
  if (x === Infinity) return POS_INF;
  if (x === -Infinity) return NEG_INF;
  return 0;
}

/**
 * Adds a run of elements at `position` (row-major in the region of `regionCols` columns) to the cells. In blocks, the
 * extremes are of finite written values, and every flag but ALL_UNWRITTEN is the union of the block's elements'.
 * `extra` holds more flags per element (DIFFERS), added to their cells.
 */
export function poolInto(cells: Cells, regionCols: number, position: number, data: Float64Array, written: Uint8Array, count: number, extra?: Uint8Array): void {
  const { row: row0, col: col0, stepRows, stepCols } = cells.window;
  const { gridCols, high, low, flags } = cells;
  let r = Math.floor(position / regionCols);
  let c = position - r * regionCols;
  const endCol = col0 + cells.window.cols;
  for (let i = 0; i < count; i++) {
    const cell = ((r - row0) / stepRows | 0) * gridCols + ((c - col0) / stepCols | 0);
    const x = data[i];
    const w = written[i] !== 0;
    if (!low) {
      high[cell] = x;
      flags[cell] = w ? elementFlags(x, true) : UNWRITTEN | ALL_UNWRITTEN;
    } else {
      const f = elementFlags(x, w);
      flags[cell] = (flags[cell] | (f & ~ALL_UNWRITTEN)) & (w ? ~ALL_UNWRITTEN : 0xff);
      if (f === 0) {
        if (x > high[cell]) high[cell] = x;
        if (x < low[cell]) low[cell] = x;
      }
    }
    if (extra) flags[cell] |= extra[i];
    if (++c === endCol) {
      c = col0;
      r++;
    }
  }
}

/** After pooling: blocks without a finite written value hold NaN (their flags say what they hold instead). */
export function finishCells(cells: Cells): void {
  if (!cells.low) return;
  for (let i = 0; i < cells.high.length; i++) {
    if (cells.high[i] === -Infinity && cells.low[i] === Infinity) {
      cells.high[i] = NaN;
      cells.low[i] = NaN;
    }
  }
}

/**
 * The cells of a window of the region, at the resolution its size allows, in f32 or f64. Statistics of what is read
 * are gathered on the way when asked (the caller asks when the window is the whole region).
 */
export function readCells(region: Region, w: { row: number; col: number; rows: number; cols: number }, numbers: Numbers, maxCells?: number, overviewCells?: number, stats?: RegionStats): Cells {
  const { stepRows, stepCols } = stepsFor(w.rows, w.cols, maxCells, overviewCells);
  if (stepRows === 1 && stepCols === 1) return readElements(region, w, numbers, stats);
  const cells = emptyCells(w, stepRows, stepCols, numbers);
  scanWindow(region, w, (p, data, written, count) => {
    poolInto(cells, region.cols, p, data, written, count);
    stats?.add(data, written, count);
  });
  finishCells(cells);
  return cells;
}

/** Every element of a window: copied into the typed array by blocks; flags only where an element has one. */
function readElements(region: Region, w: { row: number; col: number; rows: number; cols: number }, numbers: Numbers, stats?: RegionStats): Cells {
  const cells = emptyCells(w, 1, 1, numbers);
  const { high, flags } = cells;
  const wholeRows = w.col === 0 && w.cols === region.cols;
  scanWindow(region, w, (p, data, written, count) => {
    const r = Math.floor(p / region.cols);
    const at = wholeRows ? p - w.row * region.cols : (r - w.row) * w.cols + (p - r * region.cols - w.col);
    high.set(data.subarray(0, count), at);
    for (let i = 0; i < count; i++) {
      const x = data[i];
      // x - x is 0 only for finite values.
      if (written[i] === 0) flags[at + i] = UNWRITTEN | ALL_UNWRITTEN;
      else if (x - x !== 0) flags[at + i] = x !== x ? NAN : x > 0 ? POS_INF : NEG_INF;
    }
    stats?.add(data, written, count);
  });
  return cells;
}

/** Exact statistics, element by element; the extremes are of the finite values (infinities are counted apart). */
export class RegionStats {
  private readonly s: Statistics = emptyStatistics();
  private min = Infinity;
  private max = -Infinity;

  add(data: Float64Array, written: Uint8Array, count: number): void {
    accumulate(this.s, data, written, count);
    let min = this.min;
    let max = this.max;
    for (let i = 0; i < count; i++) {
      const x = data[i];
      if (written[i] === 0 || x - x !== 0) continue;
      if (x < min) min = x;
      if (x > max) max = x;
    }
    this.min = min;
    this.max = max;
  }

  result(): TensorStatistics {
    const s = this.s;
    const finite = this.min <= this.max;
    return {
      elements: s.seen, count: s.count, min: finite ? this.min : null, max: finite ? this.max : null,
      mean: s.count > 0 && Number.isFinite(s.sum) ? s.sum / s.count : null,
      zero: s.zero, nan: s.nan, posInf: s.posInf, negInf: s.negInf, unwritten: s.unwritten,
    };
  }
}

/** Exact statistics of the whole region, read for them. */
export function regionStatistics(region: Region): TensorStatistics {
  const stats = new RegionStats();
  scanWindow(region, clampWindow(region), (_p, data, written, count) => stats.add(data, written, count));
  return stats.result();
}

/** The finite written values of the region in equal bins between their extremes. */
export function regionHistogram(region: Region, lo: number, hi: number, bins = HISTOGRAM_BINS): Histogram {
  const counts = new Array<number>(bins).fill(0);
  if (!(lo <= hi) || !Number.isFinite(lo) || !Number.isFinite(hi)) return { lo: 0, hi: 0, counts: [] };
  const width = (hi - lo) / bins;
  scanWindow(region, clampWindow(region), (_p, data, written, count) => {
    for (let i = 0; i < count; i++) {
      const x = data[i];
      if (written[i] === 0 || x - x !== 0) continue;
      counts[binOf(x, lo, width, bins)]++;
    }
  });
  return { lo, hi, counts };
}

/** The histogram of cells that hold every element of the region (no second read of memory). */
export function cellsHistogram(cells: Cells, lo: number, hi: number, bins = HISTOGRAM_BINS): Histogram {
  const counts = new Array<number>(bins).fill(0);
  if (!(lo <= hi) || !Number.isFinite(lo) || !Number.isFinite(hi)) return { lo: 0, hi: 0, counts: [] };
  const width = (hi - lo) / bins;
  const { high, flags } = cells;
  for (let i = 0; i < high.length; i++) if (flags[i] === 0) counts[binOf(high[i], lo, width, bins)]++;
  return { lo, hi, counts };
}

/** The bin of x; the top edge belongs to the last bin, and a range of one value is the first bin. */
export function binOf(x: number, lo: number, width: number, bins: number): number {
  if (width === 0) return 0;
  return Math.min(bins - 1, Math.max(0, Math.floor((x - lo) / width)));
}

/** Whether every value of a dtype is a float32 (f32 arrays then carry them exactly, at half the bytes of f64). */
export function fitsFloat32(dtype: string): boolean {
  // 32-bit integers, and the bits of packed fp8 x4 elements, go beyond 2^24.
  if (isDType(dtype)) return !(dtypeInfo(dtype).isInteger && dtypeInfo(dtype).bytes === 4);
  return dtype !== 'f64';
}

/** A typed array's bytes in base64: what the view's values travel as (converted when the array is of another type). */
export function toBinary(values: Float32Array | Float64Array | Uint8Array, type: 'f32' | 'f64' | 'u8'): { type: 'f32' | 'f64' | 'u8'; base64: string } {
  const typed = type === 'f32' && !(values instanceof Float32Array) ? Float32Array.from(values) : type === 'f64' && !(values instanceof Float64Array) ? Float64Array.from(values) : values;
  return { type, base64: Buffer.from(typed.buffer, typed.byteOffset, typed.byteLength).toString('base64') };
}
