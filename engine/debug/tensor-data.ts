/**
 * The tensor view's requests, `bir/tensor` and `bir/tensorDivergence`: an expression's value in the selected frame
 * as a 2-D region, in binary, with what the view asks for besides (statistics and histogram of the whole region, the
 * elements written since the last stop, a comparison with a reference). A region of more elements than the view
 * holds comes as an overview first; the view then asks for the window it shows (see tensor-region.ts).
 */
import * as fs from 'fs';
import * as path from 'path';
import { DType, isDType } from '../base/dtype';
import { npyDoubles, readNpyFile, NpyArray, NpyError, NpyHeader } from '../io/npy';
import { EngineError } from '../protocol/errors';
import { Tensor } from '../machine/tensor';
import { View, viewExtent } from '../machine/view';
import { BLOCK, dtypeLabel, MAX_MATERIALIZED, readBlock, shapeOf, TensorValue, Value } from '../eval/value';
import {
  cellsHistogram, CHANGED, Cells, clampWindow, DIFFERS, emptyCells, finishCells, fitsFloat32, poolInto, readCells, Region, regionHistogram, regionOf,
  MAX_CELLS, OVERVIEW_CELLS, RegionStats, regionStatistics, scanWindow, stepsFor, toBinary,
} from './tensor-region';
import { DEFAULT_ATOL, DEFAULT_RTOL, differs, metricError, Verdict } from './tensor-compare';
import { regionPattern, regionView } from './region-pattern';
import { WrittenElements } from './changed-writes';
import { errorCells } from './tensor-error';
import type { BirArguments, BirBody } from '../../contract/requests';
import type { ChangedInfo, CompareInfo, CompareMetric, RegionPattern } from '../../contract/tensor';

export type TensorArguments = BirArguments<'bir/tensor'>;
export type DivergenceArguments = BirArguments<'bir/tensorDivergence'>;
type CompareArguments = NonNullable<TensorArguments['compare']>;

/** What the requests need of the debugger at a stop. */
export interface TensorHost {
  /** Evaluates an expression in the request's frame. */
  evaluate(text: string): Value;
  /** The program's folder: relative reference files are found there. */
  readonly baseDir: string;
  readonly frame?: string;
  readonly instructions: number;
  /** Elements [lo, hi) of a tensor written by instructions counted in [from, to); refused without history. */
  writtenBetween(tensor: Tensor, lo: number, hi: number, from: number, to: number): WrittenElements;
  /** Whether the run is a shadow run (every instruction also in float64): the error layer needs one. */
  readonly shadowRun?: boolean;
}

export function tensorData(host: TensorHost, args: TensorArguments): BirBody<'bir/tensor'> {
  const value = tensorValue(host, args.expression);
  const region = regionOf(value, args.slice);
  const w = clampWindow(region, args.window);
  const whole = w.rows === region.rows && w.cols === region.cols;
  const numbers = fitsFloat32(dtypeLabel(value)) ? 'f32' : 'f64';
  const withStatistics = args.statistics !== false;
  const reference = args.compare ? referenceOf(host, args.compare, region) : undefined;
  const resolution = answerResolution(args, numbers, reference && (fitsFloat32(reference.dtype) ? 'f32' : 'f64'));
  // Statistics are gathered while the window is read when it is the whole region: memory is read once.
  const stats = withStatistics && whole && !reference ? new RegionStats() : undefined;
  const cells = reference ? emptyCells(w, ...steps(w, resolution), numbers) : readCells(region, w, numbers, resolution.maxCells, resolution.overviewCells, stats);
  const compare = reference && args.compare ? compareCells(region, cells, reference, args.compare, withStatistics) : undefined;
  const statistics = withStatistics ? (stats ? stats.result() : regionStatistics(region)) : undefined;
  const fullCells = stats && cells.window.stepRows === 1 && cells.window.stepCols === 1;
  const lo = statistics?.min ?? null;
  const hi = statistics?.max ?? null;
  const histogram = lo === null || hi === null ? undefined : fullCells ? cellsHistogram(cells, lo, hi) : regionHistogram(region, lo, hi);
  const changed = args.changedSince === undefined ? undefined : markChanged(host, value, region, cells, args.changedSince);
  const shadowError = args.shadowError ? errorCells(value.kind === 'view' ? regionAsView(value.view, region) : undefined, cells.window, cells.gridCols, host.shadowRun === true) : undefined;
  return {
    expression: args.expression,
    frame: host.frame,
    instructions: host.instructions,
    shape: [...shapeOf(value)],
    dtype: dtypeLabel(value),
    ...(value.kind === 'view' ? { memory: value.view.tensor.memory, tensor: value.view.tensor.name } : {}),
    slice: region.slice,
    rows: region.rows,
    cols: region.cols,
    pattern: patternOf(host, args.expression, value, region),
    window: cells.window,
    values: toBinary(cells.high, numbers),
    low: cells.low && toBinary(cells.low, numbers),
    statistics,
    histogram,
    changed,
    compare,
    shadowError,
    // After marking changes and comparing, which set flags too; none at all is the common case, and sends nothing.
    flags: cells.flags.some((f) => f !== 0) ? toBinary(cells.flags, 'u8') : undefined,
  };
}

function steps(w: { rows: number; cols: number }, resolution: Resolution): [number, number] {
  const s = stepsFor(w.rows, w.cols, resolution.maxCells, resolution.overviewCells);
  return [s.stepRows, s.stepCols];
}

/**
 * The most bytes of cells one answer carries: the values, an overview's minima, the flags and a comparison's values.
 * The answer travels as one JSON message (worker to adapter to client), whose base64 text is 4/3 of these bytes: it
 * stays at half the longest string V8 makes (2^29 characters), with the adapter's copies of it in a few hundred MB.
 */
export const ANSWER_BYTES = 1 << 28;

interface Resolution {
  /** Every element up to this many; above, an overview. */
  readonly maxCells: number;
  /** The most cells of an overview. */
  readonly overviewCells: number;
}

/**
 * What the request asks for, bounded by what one answer can carry: a region of more cells than that, at full
 * resolution or in an overview, comes in pieces (an overview, then windows), as the view asks for them anyway.
 */
function answerResolution(args: TensorArguments, numbers: 'f32' | 'f64', referenceNumbers?: 'f32' | 'f64'): Resolution {
  const size = (n: 'f32' | 'f64'): number => (n === 'f32' ? 4 : 8);
  // A comparison adds the reference's values and the metric's (f32), one of each per cell.
  const compared = referenceNumbers ? size(referenceNumbers) + 4 : 0;
  // The error layer adds an f32 per cell.
  const elementBytes = size(numbers) + 1 + compared + (args.shadowError ? 4 : 0);
  // A block of an overview carries its minimum too.
  const blockBytes = elementBytes + size(numbers);
  return {
    maxCells: Math.min(args.maxCells ?? MAX_CELLS, Math.floor(ANSWER_BYTES / elementBytes)),
    // An overview finer than the full resolution would be no overview.
    overviewCells: Math.min(args.overviewCells ?? OVERVIEW_CELLS, MAX_CELLS, Math.floor(ANSWER_BYTES / blockBytes)),
  };
}

/** The value of the expression, which must be a tensor (or an access pattern, or a computed tensor). */
function tensorValue(host: TensorHost, expression: string): TensorValue {
  const value = host.evaluate(expression);
  if (value.kind === 'scalar') throw new EngineError(`'${expression}' is a number, not a tensor: the tensor view shows tensors, access patterns and tensor expressions`, 'evaluation');
  return value;
}

// ---- a selection as an access pattern ----

const ROOT_NAME = /^\s*([A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)?)/;

/** The region in the coordinates of the tensor the expression starts with, when it is a slice of it. */
function patternOf(host: TensorHost, expression: string, value: TensorValue, region: Region): RegionPattern | undefined {
  if (value.kind !== 'view') return undefined;
  const root = ROOT_NAME.exec(expression)?.[1];
  if (!root) return undefined;
  let rootValue: Value;
  try {
    rootValue = host.evaluate(root);
  } catch {
    return undefined;
  }
  if (rootValue.kind !== 'view' || rootValue.view.tensor !== value.view.tensor) return undefined;
  return regionPattern(root, rootValue.view, regionView(value.view, region.slice));
}

// ---- changed since the last stop ----

/** Flags the cells whose elements were written between the last stop and this one; counts them over the region. */
function markChanged(host: TensorHost, value: TensorValue, region: Region, cells: Cells, since: number): ChangedInfo {
  if (value.kind !== 'view') return { unavailable: 'a computed value is written by no instruction: changes are shown for tensors and access patterns' };
  const [from, to] = since <= host.instructions ? [since, host.instructions] : [host.instructions, since];
  const view = regionAsView(value.view, region);
  const { lo, hi } = viewExtent(view);
  let written: WrittenElements;
  try {
    written = host.writtenBetween(view.tensor, lo, hi + 1, from, to);
  } catch (e) {
    if (e instanceof EngineError && e.kind === 'state') return { unavailable: e.message };
    throw e;
  }
  const [rowStride, colStride] = view.strides;
  const marked = (r: number, c: number): boolean => written.marks[view.offset + r * rowStride + c * colStride - written.lo] === 1;
  const { row, col, rows, cols, stepRows, stepCols } = cells.window;
  for (let r = row; r < row + rows; r++) {
    for (let c = col; c < col + cols; c++) {
      if (marked(r, c)) cells.flags[((r - row) / stepRows | 0) * cells.gridCols + ((c - col) / stepCols | 0)] |= CHANGED;
    }
  }
  let count = 0;
  for (let r = 0; r < region.rows; r++) for (let c = 0; c < region.cols; c++) if (marked(r, c)) count++;
  return { from, to, count, ...(written.since > from ? { partial: { since: written.since } } : {}) };
}

/** The region of a view value as a view of rank 2 (rows of one element for rank ≤ 1). */
function regionAsView(view: View, region: Region): View {
  const rv = regionView(view, region.slice);
  return { tensor: view.tensor, offset: rv.offset, shape: [region.rows, region.cols], strides: [rv.rows?.stride ?? 0, rv.cols?.stride ?? 0] };
}

// ---- comparing with a reference ----

interface Reference {
  readonly value: TensorValue;
  /** Where the region starts in the reference, row-major. */
  readonly base: number;
  readonly text: string;
  readonly dtype: string;
}

/** The reference of a comparison: an expression or a .npy file, of the value's shape or of the region's. */
function referenceOf(host: TensorHost, compare: CompareArguments, region: Region): Reference {
  const full = shapeOf(region.value);
  const regionShape = full.length <= 1 ? full : [region.rows, region.cols];
  const misfit = (text: string, shape: readonly number[]) => new EngineError(`'${text}' has shape [${shape.join(', ')}]; comparing with '${region.value.text}' needs [${full.join(', ')}]${full.length > 2 ? ` or the region's [${regionShape.join(', ')}]` : ''}`, 'argument');
  let value: TensorValue;
  let text: string;
  if (compare.file !== undefined) {
    text = compare.file;
    // A file of another shape is refused from its header, before its data is read.
    const fits = (shape: readonly number[]): void => {
      if (!same(shape, full) && !same(shape, regionShape)) throw misfit(compare.file!, shape);
    };
    value = npyValue(referenceFile(host.baseDir, compare.file), fits);
  } else if (compare.expression !== undefined) {
    text = compare.expression;
    value = tensorValue(host, compare.expression);
  } else {
    throw new EngineError('compare needs an expression or a .npy file to compare with', 'argument');
  }
  const shape = shapeOf(value);
  if (same(shape, full)) return { value, base: region.base, text, dtype: dtypeLabel(value) };
  if (same(shape, regionShape)) return { value, base: 0, text, dtype: dtypeLabel(value) };
  throw misfit(text, shape);
}

function same(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((d, i) => d === b[i]);
}

/**
 * The file of a reference: a path relative to the program's folder stays in it (as :dump's do); an absolute path
 * is taken as given (the editor's file dialog gives one). Only .npy files are read, and nothing is written.
 */
function referenceFile(baseDir: string, file: string): string {
  if (!file.endsWith('.npy')) throw new EngineError(`a reference is a .npy file; '${file}' does not end in .npy`, 'io');
  if (path.isAbsolute(file)) return file;
  const target = path.resolve(baseDir, file);
  const inside = path.relative(baseDir, target);
  if (inside.startsWith('..') || path.isAbsolute(inside)) throw new EngineError(`a reference file is in the program's folder (${baseDir}) or below it, or an absolute path; '${file}' is outside it`, 'io');
  return target;
}

/** The last file read, kept while it does not change: a view that pans asks for windows of it again and again. */
let lastFile: { file: string; mtimeMs: number; size: number; value: TensorValue } | undefined;

/**
 * A reference file's values, held at once as doubles: so no more elements than any value held at once
 * (MAX_MATERIALIZED). The file is read only when it is a regular file (io/read-file.ts), and only after its header
 * has passed `fits` and that bound.
 */
function npyValue(file: string, fits: (shape: readonly number[]) => void): TensorValue {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch (e) {
    throw new EngineError(`cannot read the reference ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`, 'io');
  }
  if (lastFile && stat.isFile() && lastFile.file === file && lastFile.mtimeMs === stat.mtimeMs && lastFile.size === stat.size) {
    fits(shapeOf(lastFile.value));
    return lastFile.value;
  }
  const admit = (header: NpyHeader): void => {
    fits(header.shape);
    if (header.count > MAX_MATERIALIZED) throw new NpyError(file, `it holds ${header.count.toLocaleString('en-US')} elements; a reference is held at once, at most ${MAX_MATERIALIZED.toLocaleString('en-US')} elements`);
  };
  let npy: NpyArray;
  try {
    npy = readNpyFile(file, { admit });
  } catch (e) {
    if (e instanceof NpyError) throw new EngineError(e.message, 'io');
    throw e;
  }
  const value: TensorValue = { kind: 'dense', shape: npy.shape, data: npyDoubles(npy), dtype: npy.dtype !== 'f64' && isDType(npy.dtype) ? npy.dtype : undefined, text: path.basename(file) };
  lastFile = { file, mtimeMs: stat.mtimeMs, size: stat.size, value };
  return value;
}


/**
 * Reads the window of both, element by element: the value's cells get DIFFERS where an element is not close, the
 * reference's cells its values, the metric's cells the error (each pooled like the value's). With the verdict, the
 * whole region is compared too.
 */
function compareCells(region: Region, cells: Cells, ref: Reference, compare: CompareArguments, verdict: boolean): CompareInfo {
  const metric: CompareMetric = compare.metric ?? 'abs';
  const atol = compare.atol ?? DEFAULT_ATOL;
  const rtol = compare.rtol ?? DEFAULT_RTOL;
  const dtype = dtypeOf(region.value);
  const { stepRows, stepCols } = cells.window;
  const refCells = emptyCells(cells.window, stepRows, stepCols);
  const metricCells = emptyCells(cells.window, stepRows, stepCols);
  const b = new Float64Array(BLOCK);
  const bWritten = new Uint8Array(BLOCK);
  const m = new Float64Array(BLOCK);
  const mWritten = new Uint8Array(BLOCK);
  const marks = new Uint8Array(BLOCK);
  scanWindow(region, cells.window, (p, a, aWritten, count) => {
    readBlock(ref.value, ref.base + p, count, b, bWritten);
    for (let i = 0; i < count; i++) {
      const written = aWritten[i] !== 0 && bWritten[i] !== 0;
      m[i] = written ? metricError(metric, a[i], b[i], dtype) : NaN;
      mWritten[i] = written ? 1 : 0;
      marks[i] = differs(a[i], b[i], aWritten[i] !== 0, bWritten[i] !== 0, atol, rtol) ? DIFFERS : 0;
    }
    poolInto(cells, region.cols, p, a, aWritten, count, marks);
    poolInto(refCells, region.cols, p, b, bWritten, count);
    poolInto(metricCells, region.cols, p, m, mWritten, count);
  });
  for (const c of [cells, refCells, metricCells]) finishCells(c);
  // The metric's flags are the value's: the view marks what the value holds.
  const whole = verdict ? compareRegion(region, ref, atol, rtol, dtype) : undefined;
  return {
    reference: ref.text, metric, atol, rtol,
    allclose: whole ? whole.differing === 0 : false,
    differing: whole?.differing ?? -1, unequal: whole?.unequal ?? -1,
    maxAbs: finite(whole?.maxAbs), maxRel: finite(whole?.maxRel), maxUlp: finite(whole?.maxUlp), first: whole?.first ?? -1,
    values: toBinary(refCells.high, fitsFloat32(ref.dtype) ? 'f32' : 'f64'),
    metricValues: toBinary(metricCells.high, 'f32'),
  };
}

function finite(x: number | undefined): number | null {
  return x !== undefined && Number.isFinite(x) ? x : null;
}

function dtypeOf(v: TensorValue): DType | undefined {
  return v.kind === 'view' ? v.view.tensor.dtype : v.dtype;
}

/** The verdict over every element of the region. */
function compareRegion(region: Region, ref: Reference, atol: number, rtol: number, dtype: DType | undefined): Verdict {
  const verdict = new Verdict(atol, rtol, dtype);
  const b = new Float64Array(BLOCK);
  const bWritten = new Uint8Array(BLOCK);
  scanWindow(region, clampWindow(region), (p, a, aWritten, count) => {
    readBlock(ref.value, ref.base + p, count, b, bWritten);
    for (let i = 0; i < count; i++) verdict.add(p + i, a[i], b[i], aWritten[i] !== 0, bWritten[i] !== 0);
  });
  return verdict;
}

/** bir/tensorDivergence: the first element at or after `from` (row-major in the region) that is not close. */
export function tensorDivergence(host: TensorHost, args: DivergenceArguments): BirBody<'bir/tensorDivergence'> {
  const value = tensorValue(host, args.expression);
  const region = regionOf(value, args.slice);
  const ref = referenceOf(host, args.compare, region);
  const atol = args.compare.atol ?? DEFAULT_ATOL;
  const rtol = args.compare.rtol ?? DEFAULT_RTOL;
  const n = region.rows * region.cols;
  const a = new Float64Array(BLOCK);
  const aWritten = new Uint8Array(BLOCK);
  const b = new Float64Array(BLOCK);
  const bWritten = new Uint8Array(BLOCK);
  for (let p = Math.min(args.from ?? 0, n); p < n; p += BLOCK) {
    const count = Math.min(BLOCK, n - p);
    readBlock(value, region.base + p, count, a, aWritten);
    readBlock(ref.value, ref.base + p, count, b, bWritten);
    for (let i = 0; i < count; i++) {
      if (!differs(a[i], b[i], aWritten[i] !== 0, bWritten[i] !== 0, atol, rtol)) continue;
      const position = p + i;
      return {
        position, row: Math.floor(position / region.cols), col: position % region.cols,
        value: aWritten[i] ? jsonNumber(a[i]) : null, reference: bWritten[i] ? jsonNumber(b[i]) : null,
      };
    }
  }
  return { position: -1, row: -1, col: -1 };
}

/** JSON has no NaN or infinities: such a value is null (the view reads the cell's own value and flags). */
function jsonNumber(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}
