/** A strided view of a tensor: what an access pattern denotes once its registers are known. */
import { BitsArray, bitsOf, decode, decodeRange, decodeRows, ElementArray, encode, encodeRange } from './dtypes';
import { Tensor } from './tensor';

export interface View {
  readonly tensor: Tensor;
  /** Element offset of the view's first element in the tensor. */
  readonly offset: number;
  readonly shape: readonly number[];
  /** In elements; 0 for a broadcast dimension. */
  readonly strides: readonly number[];
}

/**
 * The strides of a view reshaped to `dims` without moving an element (as NumPy's reshape of a view): each run of
 * dimensions that merge or split must step over each other exactly. Undefined when the elements are not so laid out
 * (a transposed or strided view that the new shape would cut across).
 */
export function reshapeStrides(shape: readonly number[], strides: readonly number[], dims: readonly number[]): number[] | undefined {
  // Dimensions of size 1 carry no layout: drop them, then walk both shapes in groups of equal element counts.
  const old = shape.map((n, d) => [n, strides[d]]).filter(([n]) => n !== 1);
  const out = new Array<number>(dims.length).fill(0);
  let i = 0;
  let j = 0;
  while (j < dims.length && dims[j] === 1) out[j++] = 0;
  while (i < old.length || j < dims.length) {
    if (i >= old.length || j >= dims.length) return undefined;
    // The smallest groups old[i0..i) and dims[j0..j) of the same size.
    const i0 = i;
    const j0 = j;
    let a = old[i++][0];
    let b = dims[j++];
    while (a !== b) {
      if (a < b) {
        if (i >= old.length) return undefined;
        a *= old[i++][0];
      } else {
        if (j >= dims.length) return undefined;
        b *= dims[j++];
      }
    }
    // The old group must be one contiguous run of its innermost stride.
    for (let k = i0; k < i - 1; k++) if (old[k][1] !== old[k + 1][1] * old[k + 1][0]) return undefined;
    let stride = old[i - 1][1];
    for (let k = j - 1; k >= j0; k--) {
      out[k] = stride;
      stride *= dims[k];
    }
    while (j < dims.length && dims[j] === 1) out[j++] = 0;
  }
  // A dimension of size 1 gets the stride row-major order gives it (never 0, which would read as a broadcast).
  for (let k = dims.length - 1; k >= 0; k--) if (dims[k] === 1) out[k] = k + 1 < dims.length ? out[k + 1] * dims[k + 1] : 1;
  return out;
}

/** A view's dimensions reordered: dimension i of the result is dimension axes[i]. */
export function permuted<T>(values: readonly T[], axes: readonly number[]): T[] {
  return axes.map((a) => values[a]);
}

export function wholeView(tensor: Tensor): View {
  return { tensor, offset: 0, shape: tensor.shape, strides: tensor.strides };
}

export function viewSize(v: View): number {
  let n = 1;
  for (const d of v.shape) n *= d;
  return n;
}

/** [rows, cols] with row and column strides: every view an engine reads is seen as 2-D. */
export interface Plane {
  readonly rows: number;
  readonly cols: number;
  readonly rowStride: number;
  readonly colStride: number;
}

/** Views of rank 3 and 4 (DMA only) are planes when their leading dimensions are contiguous; else undefined. */
export function asPlane(v: View): Plane | undefined {
  const s = v.shape;
  const t = v.strides;
  if (s.length === 0) return { rows: 1, cols: 1, rowStride: 0, colStride: 1 };
  if (s.length === 1) return { rows: 1, cols: s[0], rowStride: 0, colStride: t[0] };
  // Merge the leading dimensions while each one steps exactly over the next.
  let rows = s[s.length - 2];
  const rowStride = t[t.length - 2];
  for (let i = s.length - 3; i >= 0; i--) {
    if (t[i] !== t[i + 1] * s[i + 1]) return undefined;
    rows *= s[i];
  }
  return { rows, cols: s[s.length - 1], rowStride, colStride: t[t.length - 1] };
}

/** Calls visit(elementIndex, i) for every element of the view in row-major order. */
export function forEachIndex(v: View, visit: (index: number, i: number) => void): void {
  const rank = v.shape.length;
  if (rank === 0) return visit(v.offset, 0);
  const counter = new Array<number>(rank).fill(0);
  const total = viewSize(v);
  let index = v.offset;
  for (let i = 0; i < total; i++) {
    visit(index, i);
    for (let d = rank - 1; d >= 0; d--) {
      counter[d]++;
      index += v.strides[d];
      if (counter[d] < v.shape[d]) break;
      index -= v.strides[d] * v.shape[d];
      counter[d] = 0;
    }
  }
}

/** Position of the first element of the view that was never written, or -1. Fast when the tensor is full. */
export function firstUnwritten(v: View): number {
  const t = v.tensor;
  if (t.fullyWritten) return -1;
  const w = t.written;
  let found = -1;
  let i = 0;
  const p = asPlane(v);
  if (p) {
    for (let r = 0; r < p.rows && found < 0; r++) {
      let index = v.offset + r * p.rowStride;
      for (let c = 0; c < p.cols; c++, index += p.colStride, i++) {
        if (w[index] === 0) {
          found = i;
          break;
        }
      }
    }
    return found;
  }
  forEachIndex(v, (index, k) => {
    if (found < 0 && w[index] === 0) found = k;
  });
  return found;
}

/** Decodes the view's elements in row-major order into out (which has at least viewSize(v) slots). */
export function readView(v: View, out: Float64Array | Float32Array): void {
  const t = v.tensor;
  const p = asPlane(v);
  if (p && p.colStride === 1) {
    // One run when the rows follow each other, a block copy of them all for the dtypes stored as numbers.
    if (p.rowStride === p.cols) decodeRange(t.dtype, t.data, v.offset, out, 0, p.rows * p.cols);
    else decodeRows(t.dtype, t.data, v.offset, p.rowStride, p.rows, p.cols, out);
    return;
  }
  const data = t.data;
  const dtype = t.dtype;
  forEachIndex(v, (index, i) => {
    out[i] = decode(dtype, data[index]);
  });
}

/** Where never-written elements were read, they read as zero (when the uninitialized-read fault is off). */
export function zeroUnwritten(v: View, values: Float64Array | Float32Array): void {
  const w = v.tensor.written;
  forEachIndex(v, (index, i) => {
    if (w[index] === 0) values[i] = 0;
  });
}

/** Encodes values (row-major) into the view with the tensor's rounding, and marks the elements written. */
export function writeView(v: View, values: ArrayLike<number>): void {
  const t = v.tensor;
  const p = asPlane(v);
  if (p && p.colStride === 1) {
    const full = t.fullyWritten;
    if (t.journal) t.touchRows(v.offset, p.rows, p.rowStride, p.cols);
    for (let r = 0; r < p.rows; r++) {
      const start = v.offset + r * p.rowStride;
      encodeRange(t.dtype, values, r * p.cols, t.data, start, p.cols);
      if (!full) for (let c = 0; c < p.cols; c++) t.markWritten(start + c);
    }
    return;
  }
  const data = t.data;
  const dtype = t.dtype;
  const journal = t.journal;
  forEachIndex(v, (index, i) => {
    if (journal) t.touch(index, index + 1);
    data[index] = encode(dtype, values[i]);
    t.markWritten(index);
  });
}

/**
 * Copies the view's stored elements, their bits as they are (not decoded), in row-major order into out from `at`: an
 * element array of the tensor's dtype (or of its width). What kernels that decode for themselves read.
 */
export function readViewStored(v: View, out: ElementArray, at = 0): void {
  const data = v.tensor.bits;
  const p = asPlane(v);
  if (p) return copyPlane(bitsOf(out), at, p.cols, 1, data, v.offset, p.rowStride, p.colStride, p.rows, p.cols);
  const bits = bitsOf(out);
  forEachIndex(v, (index, i) => {
    bits[at + i] = data[index];
  });
}

/**
 * Stores elements already encoded in the tensor's dtype (row-major from `from`, as readViewStored gives them) into
 * the view, as writeView does.
 */
export function writeViewStored(v: View, stored: ElementArray, from = 0): void {
  const t = v.tensor;
  const p = asPlane(v);
  if (p) {
    const journal = t.journal;
    // The journal is told exactly the elements written (its watchers attribute writes by them): a row at a time.
    if (journal) {
      if (p.colStride === 1) t.touchRows(v.offset, p.rows, p.rowStride, p.cols);
      else for (let r = 0, start = v.offset; r < p.rows; r++, start += p.rowStride) for (let c = 0, index = start; c < p.cols; c++, index += p.colStride) t.touch(index, index + 1);
    }
    copyPlane(t.bits, v.offset, p.rowStride, p.colStride, bitsOf(stored), from, p.cols, 1, p.rows, p.cols);
    if (!t.fullyWritten) markPlaneWritten(t, v.offset, p);
    return;
  }
  const data = t.bits;
  const bits = bitsOf(stored);
  const journal = t.journal;
  forEachIndex(v, (index, i) => {
    if (journal) t.touch(index, index + 1);
    data[index] = bits[from + i];
    t.markWritten(index);
  });
}

/** Below this many elements a loop copies faster than a block copy, which makes a subarray object each time. */
const SHORT_COPY = 32;

/**
 * rows × cols elements from one strided plane to another, as bits of one width: a block copy where both are
 * contiguous, a loop otherwise (a column is one element per row, too short for a block copy's subarray).
 */
function copyPlane(
  dst: BitsArray, dstAt: number, dstRow: number, dstCol: number,
  src: BitsArray, srcAt: number, srcRow: number, srcCol: number,
  rows: number, cols: number,
): void {
  if (dstCol === 1 && srcCol === 1 && cols >= SHORT_COPY) {
    if (dstRow === cols && srcRow === cols) return dst.set(src.subarray(srcAt, srcAt + rows * cols), dstAt);
    for (let r = 0; r < rows; r++) dst.set(src.subarray(srcAt + r * srcRow, srcAt + r * srcRow + cols), dstAt + r * dstRow);
    return;
  }
  if (cols === 1) {
    for (let r = 0, d = dstAt, s = srcAt; r < rows; r++, d += dstRow, s += srcRow) dst[d] = src[s];
    return;
  }
  for (let r = 0; r < rows; r++) {
    let d = dstAt + r * dstRow;
    let s = srcAt + r * srcRow;
    for (let c = 0; c < cols; c++, d += dstCol, s += srcCol) dst[d] = src[s];
  }
}

/** Marks a plane's elements written. */
function markPlaneWritten(t: Tensor, offset: number, p: Plane): void {
  for (let r = 0; r < p.rows; r++) {
    for (let c = 0, index = offset + r * p.rowStride; c < p.cols; c++, index += p.colStride) t.markWritten(index);
  }
}

/** The element index (in the tensor) of the view's i-th element in row-major order. */
export function elementIndex(v: View, i: number): number {
  let index = v.offset;
  for (let d = v.shape.length - 1; d >= 0; d--) {
    const k = i % v.shape[d];
    i = (i - k) / v.shape[d];
    index += k * v.strides[d];
  }
  return index;
}

/** The multi-index of the i-th element of a shape, for messages like `acc[3, 7]`. */
export function unravel(shape: readonly number[], i: number): number[] {
  const out = new Array<number>(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    out[d] = i % shape[d];
    i = Math.floor(i / shape[d]);
  }
  return out;
}

/** The smallest and largest element index (in the tensor) the view reaches. */
export function viewExtent(v: View): { readonly lo: number; readonly hi: number } {
  let lo = v.offset;
  let hi = v.offset;
  v.shape.forEach((n, d) => {
    const reach = v.strides[d] * (n - 1);
    if (reach < 0) lo += reach;
    else hi += reach;
  });
  return { lo, hi };
}

/**
 * The row-major position in the view of a tensor's element, or -1 when the view does not hold it. Views made by
 * slicing and transposing step over each other (every stride passes the reach of the smaller ones): then the
 * element's coordinates follow by division from the largest stride down; other views are searched element by element.
 */
export function viewPosition(v: View, index: number): number {
  const { lo, hi } = viewExtent(v);
  if (index < lo || index > hi || viewSize(v) === 0) return -1;
  const dims = v.shape.map((_, d) => d).filter((d) => v.shape[d] > 1).sort((a, b) => v.strides[b] - v.strides[a]);
  if (!nested(v, dims)) return scanPosition(v, index);
  const coords = new Array<number>(v.shape.length).fill(0);
  let rest = index - v.offset;
  for (const d of dims) {
    const q = Math.floor(rest / v.strides[d]);
    if (q >= v.shape[d]) return -1;
    coords[d] = q;
    rest -= q * v.strides[d];
  }
  if (rest !== 0) return -1;
  let position = 0;
  v.shape.forEach((n, d) => (position = position * n + coords[d]));
  return position;
}

function nested(v: View, dims: readonly number[]): boolean {
  let reach = 0;
  for (let i = dims.length - 1; i >= 0; i--) {
    const d = dims[i];
    if (v.strides[d] <= reach) return false;
    reach += v.strides[d] * (v.shape[d] - 1);
  }
  return true;
}

function scanPosition(v: View, index: number): number {
  let found = -1;
  forEachIndex(v, (at, i) => {
    if (found < 0 && at === index) found = i;
  });
  return found;
}
