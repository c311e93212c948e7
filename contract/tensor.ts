/**
 * The tensor view's requests, declared once: `bir/tensor` (a 2-D region of an expression's value, in binary),
 * `bir/tensorDivergence` (the next element where a comparison fails) and `bir/memoryMap` (SBUF and PSUM of a core as
 * allocations). The schemas of their arguments are entries of contract/requests.ts; the engine, the extension and
 * the webview import the body types from here.
 *
 * Values travel in binary, never as JSON numbers: a typed array's little-endian bytes in base64 (`Binary`). The
 * panel host turns them into ArrayBuffers for the page.
 */
import { z } from 'zod';
import { COMPARE_METRIC_NAMES, CompareMetric } from './compare-metrics';

export type { CompareMetric };

/** A rectangle of the region: rows [row, row + rows), columns [col, col + cols). */
const window = z.looseObject({ row: z.int().min(0), col: z.int().min(0), rows: z.int().min(1), cols: z.int().min(1) });

/** What to compare the value with: an expression of the same shape, or a .npy file made in NumPy. */
const compare = z.looseObject({
  expression: z.string().optional(),
  /** A .npy file: relative to the program's folder (in it or below), or an absolute path chosen in a dialog. */
  file: z.string().optional(),
  metric: z.enum(COMPARE_METRIC_NAMES).optional(),
  atol: z.number().min(0).optional(),
  rtol: z.number().min(0).optional(),
});

/** The value shown: an expression evaluated in a frame (the stopped thread's top frame without frameId). */
const value = {
  expression: z.string(),
  frameId: z.int().optional(),
  /** For a value of rank above 2: one index per leading dimension; the region is the last two dimensions. */
  slice: z.array(z.int().min(0)).optional(),
};

export const TENSOR_ARGUMENTS = z.looseObject({
  ...value,
  /** The part of the region to answer; the whole region by default. */
  window: window.optional(),
  /**
   * Every element up to this many in the window (16,777,216, 64 MiB of f32, by default and at most: an answer is one
   * JSON message, which no more cells could fit); above, an overview.
   */
  maxCells: z.int().min(1).max(16_777_216).optional(),
  /** The most cells of an overview (1,048,576 by default): blocks of elements as their minimum and maximum. */
  overviewCells: z.int().min(1).optional(),
  /** Statistics and histogram of the whole region (by default); a window asked for while zooming needs none. */
  statistics: z.boolean().optional(),
  /** Mark the elements written between the stop where this many instructions had run and this one. */
  changedSince: z.int().min(0).optional(),
  compare: compare.optional(),
  /** The "error vs float64" layer, in a shadow run (launch attribute shadow): each cell's error in ulps. */
  shadowError: z.boolean().optional(),
});

export const DIVERGENCE_ARGUMENTS = z.looseObject({
  ...value,
  compare,
  /** A row-major position in the region: the first divergence at or after it is answered. */
  from: z.int().min(0).optional(),
});

export const MEMORY_MAP_ARGUMENTS = z.looseObject({
  /** The core (thread) whose SBUF and PSUM are drawn; the selected frame's, or the stopped one's, by default. */
  threadId: z.int().optional(),
  frameId: z.int().optional(),
  /** The selected tensor, whose place is marked (evaluated in the frame). */
  expression: z.string().optional(),
});

/** A typed array as the little-endian bytes of its elements in base64. */
export interface Binary {
  readonly type: 'f32' | 'f64' | 'u8';
  readonly base64: string;
}

/**
 * Bits of a cell's flags (one byte per cell). At full resolution a cell is one element; in an overview, a block
 * (a flag is set when any element of the block has it, except ALL_UNWRITTEN).
 *   1 UNWRITTEN (never written)   2 NAN   4 POS_INF   8 NEG_INF   16 CHANGED (written since the last stop)
 *   32 DIFFERS (not close to the reference)   64 ALL_UNWRITTEN (no element of the block was written)
 */
export type CellFlags = number;

export interface TensorStatistics {
  readonly elements: number;
  /** Written and not NaN (infinities included). */
  readonly count: number;
  readonly min: number | null;
  readonly max: number | null;
  readonly mean: number | null;
  readonly zero: number;
  readonly nan: number;
  readonly posInf: number;
  readonly negInf: number;
  readonly unwritten: number;
}

/** Counts of the finite written values in equal bins over [lo, hi]. */
export interface Histogram {
  readonly lo: number;
  readonly hi: number;
  readonly counts: readonly number[];
}

/** One axis of the region along a dimension of the named tensor, or a dimension held at one index. */
export type PatternDim =
  | { readonly index: number }
  | { readonly axis: 'row' | 'col'; readonly start: number; readonly step: number };

/**
 * How a rectangle of the region is written as an access pattern of a tensor the frame names: `base[dims]`, with
 * `.T` when the row axis runs along a later dimension than the column axis. Absent when the value is no plain
 * slice of a named tensor (a computed value, a broadcast): the view then indexes the expression itself.
 */
export interface RegionPattern {
  readonly base: string;
  readonly dims: readonly PatternDim[];
}

/** The part of the region the arrays cover, and at what resolution (steps of 1: every element). */
export interface TensorWindow {
  readonly row: number;
  readonly col: number;
  readonly rows: number;
  readonly cols: number;
  /** Each cell is a block of stepRows × stepCols elements (the last ones may be smaller). */
  readonly stepRows: number;
  readonly stepCols: number;
}

export type ChangedInfo =
  | {
      /** The instruction counts between which writes are marked (earlier, later). */
      readonly from: number;
      readonly to: number;
      /** Elements of the region written in between (a write of the same value counts). */
      readonly count: number;
      /** Set when the history does not reach back to `from`: writes are marked from `since` on. */
      readonly partial?: { readonly since: number };
    }
  | { readonly unavailable: string };

export interface CompareInfo {
  /** What the value was compared with, as the user gave it. */
  readonly reference: string;
  readonly metric: CompareMetric;
  readonly atol: number;
  readonly rtol: number;
  /** Every element close, as numpy.allclose(value, reference, rtol, atol) decides (NaN is never close). */
  readonly allclose: boolean;
  /** Elements not close (never-written ones included); -1 when not computed (a window asked for while zooming). */
  readonly differing: number;
  /** Elements not exactly equal (-1 when not computed). */
  readonly unequal: number;
  readonly maxAbs: number | null;
  readonly maxRel: number | null;
  readonly maxUlp: number | null;
  /** The first element not close, row-major in the region; -1 when there is none. */
  readonly first: number;
  /** The reference's values of the window's cells (an overview: their maximum per block). */
  readonly values: Binary;
  /** The metric per cell (an overview: its maximum per block): what the heatmap shows. */
  readonly metricValues: Binary;
}

/**
 * The error layer of a shadow run: per cell of the window, |stored − float64| in ulps of the element's dtype (an
 * overview: the block's largest), NaN where the element has no shadow; or why there is none.
 */
export type ShadowErrorInfo =
  | {
      /** The largest error of the window's elements (null when none has a shadow, or it is infinite). */
      readonly maxUlp: number | null;
      /** Elements of the window with a shadow. */
      readonly shadowed: number;
      readonly values: Binary;
    }
  | { readonly unavailable: string };

export interface TensorData {
  readonly expression: string;
  /** The frame it was evaluated in. */
  readonly frame?: string;
  /** Instructions run at this stop: where the run is in time. */
  readonly instructions: number;
  readonly shape: readonly number[];
  /** The value's dtype: the tensor's, or f64 for a computed value. */
  readonly dtype: string;
  readonly memory?: 'dram' | 'sbuf' | 'psum';
  /** The tensor the value is a view of. */
  readonly tensor?: string;
  readonly slice: readonly number[];
  readonly rows: number;
  readonly cols: number;
  readonly pattern?: RegionPattern;
  readonly window: TensorWindow;
  /** Per cell, row-major: the element (f32 when the dtype fits, else f64); in an overview, the block's maximum. */
  readonly values: Binary;
  /** In an overview: the block's minimum per cell. */
  readonly low?: Binary;
  /** One byte per cell (CellFlags); absent when no cell has a flag. */
  readonly flags?: Binary;
  readonly statistics?: TensorStatistics;
  readonly histogram?: Histogram;
  readonly changed?: ChangedInfo;
  readonly compare?: CompareInfo;
  readonly shadowError?: ShadowErrorInfo;
}

export interface Divergence {
  /** Row-major position in the region; -1 when no element at or after `from` differs. */
  readonly position: number;
  readonly row: number;
  readonly col: number;
  readonly value?: number | null;
  readonly reference?: number | null;
}

/** One live SBUF or PSUM allocation: partitions [0, partitions) × bytes [offset, offset + bytes) of each. */
export interface Allocation {
  readonly name: string;
  readonly memory: 'sbuf' | 'psum';
  readonly dtype: string;
  readonly shape: readonly number[];
  /** The function activation that owns it, as the Call Stack names it. */
  readonly owner: string;
  /** 0 for the outermost frame (main). */
  readonly depth: number;
  readonly partitions: number;
  /** The first of its partitions (`partition = 64`), absent for 0. */
  readonly firstPartition?: number;
  readonly offset: number;
  readonly bytes: number;
  /** The name the selected frame knows it by, when it knows it. */
  readonly visible?: string;
}

/** Where the selected tensor lies: partitions [p0, p1) × bytes [b0, b1) of one memory. */
export interface Occupied {
  readonly memory: 'sbuf' | 'psum';
  readonly p0: number;
  readonly p1: number;
  readonly b0: number;
  readonly b1: number;
}

export interface MemoryMap {
  readonly core: number;
  readonly sbuf: { readonly partitions: number; readonly bytes: number; readonly used: number };
  readonly psum: { readonly partitions: number; readonly bytes: number; readonly used: number; readonly bankBytes: number; readonly banks: number };
  readonly allocations: readonly Allocation[];
  readonly selected?: Occupied;
  /** Why the selected expression has no place drawn (a DRAM tensor, a computed value). */
  readonly selectedNote?: string;
}

/** The body of the `bir/showTensor` event: the Debug Console's `:show EXPR` asks the editor to open the tensor view. */
export interface ShowTensorEvent {
  readonly expression: string;
  readonly frameId?: number;
}
