/**
 * Values of the evaluate language: scalars, views of machine memory (read lazily), tensors computed element by
 * element on demand (arithmetic, broadcasting), and dense tensors. Tensors are read in blocks: a reduction or a
 * summary streams over any size; only what must be held at once (a slice of a computed tensor, a transpose) is
 * materialized, up to MAX_MATERIALIZED elements.
 */
import { DType } from '../base/dtype';
import { Span } from '../base/span';
import { decode, decodeRange } from '../machine/dtypes';
import { unravel, View, viewSize } from '../machine/view';

export interface ScalarValue {
  readonly kind: 'scalar';
  readonly value: number;
  /** False for a register never written in this activation. */
  readonly written: boolean;
}

/** A region of memory, not yet read: indexing narrows it without copying. */
export interface ViewValue {
  readonly kind: 'view';
  readonly view: View;
  /** The expression that denotes it, for evaluateName and messages. */
  readonly text: string;
}

/** A tensor held in doubles, row-major. */
export interface DenseValue {
  readonly kind: 'dense';
  readonly shape: readonly number[];
  readonly data: Float64Array;
  /** 0 where an input element was never written; undefined when every element was. */
  readonly written?: Uint8Array;
  /** The dtype of the memory it was read from, or undefined for a computed result (double precision). */
  readonly dtype?: DType;
  readonly text: string;
}

/** A tensor computed from others when its elements are read (elementwise arithmetic, broadcasting). */
export interface LazyValue {
  readonly kind: 'lazy';
  readonly shape: readonly number[];
  readonly dtype?: DType;
  readonly text: string;
  /** Elements [start, start + count) in row-major order; written[i] is 0 where an input was never written, else 1. */
  readonly read: (start: number, count: number, data: Float64Array, written: Uint8Array) => void;
}

export type Value = ScalarValue | ViewValue | DenseValue | LazyValue;
export type TensorValue = ViewValue | DenseValue | LazyValue;

export type EvalErrorKind = 'name' | 'type' | 'bounds' | 'uninitialized' | 'unavailable' | 'size';

export class EvalError extends Error {
  constructor(
    readonly kind: EvalErrorKind,
    message: string,
    readonly span?: Span,
  ) {
    super(message);
    this.name = 'EvalError';
  }
}

/** Elements read at once when streaming: large enough for tight loops, small enough to stay in cache. */
export const BLOCK = 1 << 16;

/** The most elements a value is held in at once (8 bytes each); reductions and summaries read any size. */
export const MAX_MATERIALIZED = 1 << 26;

export function scalar(value: number, written = true): ScalarValue {
  return { kind: 'scalar', value, written };
}

export function shapeOf(v: TensorValue): readonly number[] {
  return v.kind === 'view' ? v.view.shape : v.shape;
}

export function sizeOfValue(v: TensorValue): number {
  return v.kind === 'view' ? viewSize(v.view) : v.shape.reduce((a, b) => a * b, 1);
}

export function dtypeLabel(v: TensorValue): string {
  if (v.kind === 'view') return v.view.tensor.dtype;
  return v.dtype ?? 'f64';
}

/** Elements [start, start + count) of a tensor value in row-major order, with their written flags (1 or 0). */
export function readBlock(v: TensorValue, start: number, count: number, data: Float64Array, written: Uint8Array): void {
  switch (v.kind) {
    case 'view': return readViewBlock(v.view, start, count, data, written);
    case 'dense':
      data.set(v.data.subarray(start, start + count));
      if (v.written) written.set(v.written.subarray(start, start + count));
      else written.fill(1, 0, count);
      return;
    case 'lazy': return v.read(start, count, data, written);
  }
}

/** Visits a tensor value block by block, in row-major order; a visit that returns true ends the reading there. */
export function forEachBlock(v: TensorValue, visit: (data: Float64Array, written: Uint8Array, count: number, start: number) => boolean | void): void {
  const n = sizeOfValue(v);
  const size = Math.min(BLOCK, n);
  const data = new Float64Array(size);
  const written = new Uint8Array(size);
  for (let start = 0; start < n; start += size) {
    const count = Math.min(size, n - start);
    readBlock(v, start, count, data, written);
    if (visit(data, written, count, start) === true) return;
  }
}

/** One element, by its row-major index. */
export function elementAt(v: TensorValue, i: number): { value: number; written: boolean } {
  if (v.kind === 'dense') return { value: v.data[i], written: !v.written || v.written[i] === 1 };
  const data = new Float64Array(1);
  const written = new Uint8Array(1);
  readBlock(v, i, 1, data, written);
  return { value: data[0], written: written[0] === 1 };
}

/** The whole value in doubles; refused beyond MAX_MATERIALIZED elements with what to do instead. */
export function materialize(v: TensorValue, span?: Span): DenseValue {
  if (v.kind === 'dense') return v;
  const n = sizeOfValue(v);
  if (n > MAX_MATERIALIZED) {
    throw new EvalError('size', `'${v.text}' has ${n} elements, more than the ${MAX_MATERIALIZED} the debugger holds at once: take a slice of it, or reduce it (sum, mean, min, max, count, any, all read any size)`, span);
  }
  const data = new Float64Array(n);
  let written: Uint8Array | undefined = new Uint8Array(n);
  readBlock(v, 0, n, data, written);
  if (written.every((w) => w === 1)) written = undefined;
  return { kind: 'dense', shape: [...shapeOf(v)], data, written, dtype: v.kind === 'view' ? v.view.tensor.dtype : v.dtype, text: v.text };
}

/** The row-major index of the first element equal to 0, or -1 (reading stops there). */
export function firstZero(v: TensorValue): number {
  let found = -1;
  forEachBlock(v, (data, _written, count, start) => {
    const i = data.subarray(0, count).indexOf(0);
    if (i >= 0) found = start + i;
    return found >= 0;
  });
  return found;
}

/** How many elements were never written, without reading any value. */
export function unwrittenCount(v: TensorValue): number {
  if (v.kind === 'view' && v.view.tensor.fullyWritten) return 0;
  if (v.kind === 'dense') {
    if (!v.written) return 0;
    let n = 0;
    for (let i = 0; i < v.written.length; i++) if (v.written[i] === 0) n++;
    return n;
  }
  let n = 0;
  forEachBlock(v, (_d, w, count) => {
    for (let i = 0; i < count; i++) if (w[i] === 0) n++;
  });
  return n;
}

/** The elements of a view in row-major order: rows that are contiguous in memory are decoded in one call. */
function readViewBlock(view: View, start: number, count: number, data: Float64Array, written: Uint8Array): void {
  const t = view.tensor;
  const rank = view.shape.length;
  if (rank === 0) {
    written[0] = t.written[view.offset];
    data[0] = written[0] ? decode(t.dtype, t.data[view.offset]) : 0;
    return;
  }
  const counter = unravel(view.shape, start);
  let index = view.offset;
  for (let d = 0; d < rank; d++) index += counter[d] * view.strides[d];
  const last = rank - 1;
  const inner = view.shape[last];
  const innerStride = view.strides[last];
  const all = t.fullyWritten;
  let i = 0;
  while (i < count) {
    // The rest of the current row, up to the end of the block.
    const run = Math.min(inner - counter[last], count - i);
    if (innerStride === 1) {
      decodeRange(t.dtype, t.data, index, data, i, run);
      if (all) written.fill(1, i, i + run);
      else written.set(t.written.subarray(index, index + run), i);
    } else {
      for (let k = 0, at = index; k < run; k++, at += innerStride) {
        data[i + k] = decode(t.dtype, t.data[at]);
        written[i + k] = all ? 1 : t.written[at];
      }
    }
    // A never-written element reads as 0, whatever bytes an earlier activation left there.
    if (!all) for (let k = i; k < i + run; k++) if (written[k] === 0) data[k] = 0;
    i += run;
    index += run * innerStride;
    counter[last] += run;
    // Carry into the outer dimensions.
    for (let d = last; d > 0 && counter[d] >= view.shape[d]; d--) {
      index -= counter[d] * view.strides[d];
      counter[d] = 0;
      counter[d - 1]++;
      index += view.strides[d - 1];
    }
  }
}
