/**
 * The per-element loops of a shadow run (issue 27) over a plane (rows × cols with strides), the views every engine
 * reads and writes: an operand read on its shadows, and the shadows of what an instruction wrote. Each is one pass
 * over the elements: it decodes each stored element where it stands (f32 elements are their values; the narrower
 * floats through a table of every pattern, dtypes.ts decodeTable), walks the tensor's indices row by row without a
 * buffer of indices, and keeps the worst input in locals. The general loops (machine/shadow-run.ts, for any view:
 * decoded first, then substituted) compute the same values; `setShadowPlaneLoops(false)` makes every view take
 * them, which is how the tests compare the two bit for bit.
 *
 * The loops are written out once per kind of element array (f32 as stored, the narrower floats through their table)
 * rather than shared through a parameter: a loop that sees two kinds of typed array loses V8's specialisation, and that
 * cost as much as the rest of the loop (docs/benchmarks.md, "Shadow run").
 */
import { decodeTable } from './dtypes';
import { Shadow } from './shadow';
import { Tensor } from './tensor';
import { relativeError } from './ulp';
import { Plane } from './view';

/** The worst of the inputs read: its relative error, its origin and that origin's growth. */
export interface Worst {
  error: number;
  origin: number;
  jump: number;
}

/** What an operand read, by position: each element's relative error, origin and that origin's growth. */
export interface ReadErrors {
  readonly errors: Float64Array;
  readonly origins: Int32Array;
  readonly jumps: Float64Array;
}

/**
 * The relative error, local: called per element (an import is a property read per call where modules are CommonJS).
 * Each loop has its common case (finite, different) inline, without a call. A shadow keeps no errors: a read derives
 * an element's from its stamp and value, which give the bits its write computed.
 */
const relative = relativeError;

let enabled = true;

/** On by default; off, every view takes the general loops of shadow-run.ts (the tests compare the two). */
export function setShadowPlaneLoops(on: boolean): void {
  enabled = on;
}

export function shadowPlaneLoops(): boolean {
  return enabled;
}

/**
 * A plane of `t` read on its shadows (readNoting's loops; `read` undefined: readWorst's), in the loop of its dtype's
 * element array, which keeps each loop's element reads of one kind.
 */
export function readPlane(p: Plane, offset: number, t: Tensor, s: Shadow, values: Float64Array, read: ReadErrors | undefined, worst: Worst): void {
  const data = t.data;
  if (data instanceof Float32Array) {
    if (read) readNotingF32(p, offset, data, t.written, s, values, read, worst);
    else readWorstF32(p, offset, data, t.written, s, values, worst);
    return;
  }
  const table = decodeTable(t.dtype)!;
  const bits = data as Uint16Array | Uint8Array;
  if (read) readNoting(p, offset, bits, table, t.written, s, values, read, worst);
  else readWorst(p, offset, bits, table, t.written, s, values, worst);
}

/** The shadows of a plane of `t` written (storeWhole's loops; with `read`, storeByPosition's), by element array. */
export function storePlane(p: Plane, offset: number, t: Tensor, s: Shadow, values: Float64Array, whole: Worst, read: ReadErrors | undefined, current: number): void {
  const data = t.data;
  if (data instanceof Float32Array) {
    if (read) storeByPositionF32(p, offset, data, values, s, whole, read, current);
    else storeWholeF32(p, offset, data, values, s, whole, current);
    return;
  }
  const table = decodeTable(t.dtype)!;
  const bits = data as Uint16Array | Uint8Array;
  if (read) storeByPosition(p, offset, bits, table, values, s, whole, read, current);
  else storeWhole(p, offset, bits, table, values, s, whole, current);
}

/**
 * A plane's elements as a float64 execution reads them: the shadow where it is of the value stored, else the stored
 * value (zero where never written: the read faulted before if that is a fault); each position's error, origin and
 * jump noted in `read` (0, -1, 0 where no shadow), the worst of them in `worst` (the first of equals). `table`: the
 * dtype's decodeTable (f32 elements, their values as they are, take the F32 loops).
 */
export function readNoting(p: Plane, offset: number, data: Uint16Array | Uint8Array, table: Float64Array, written: Uint8Array, s: Shadow, values: Float64Array, read: ReadErrors, worst: Worst): void {
  const { values: exact, stamps, origins, jumps } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read;
  const { rows, cols, rowStride, colStride } = p;
  let worstError = worst.error;
  let worstOrigin = worst.origin;
  let worstJump = worst.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = written[index] === 0 ? NaN : table[data[index]];
      if (y !== stamps[index]) {
        values[i] = written[index] === 0 ? 0 : y;
        readErrors[i] = 0;
        readOrigins[i] = -1;
        readJumps[i] = 0;
        continue;
      }
      const x = exact[index];
      values[i] = x;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      readErrors[i] = error;
      readOrigins[i] = origins[index];
      readJumps[i] = jumps[index];
      if (error > worstError) {
        worstError = error;
        worstOrigin = origins[index];
        worstJump = jumps[index];
      }
    }
  }
  worst.error = worstError;
  worst.origin = worstOrigin;
  worst.jump = worstJump;
}

/** As readNoting, for f32 elements (their values as they are). */
export function readNotingF32(p: Plane, offset: number, data: Float32Array, written: Uint8Array, s: Shadow, values: Float64Array, read: ReadErrors, worst: Worst): void {
  const { values: exact, stamps, origins, jumps } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read;
  const { rows, cols, rowStride, colStride } = p;
  let worstError = worst.error;
  let worstOrigin = worst.origin;
  let worstJump = worst.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = written[index] === 0 ? NaN : data[index];
      if (y !== stamps[index]) {
        values[i] = written[index] === 0 ? 0 : y;
        readErrors[i] = 0;
        readOrigins[i] = -1;
        readJumps[i] = 0;
        continue;
      }
      const x = exact[index];
      values[i] = x;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      readErrors[i] = error;
      readOrigins[i] = origins[index];
      readJumps[i] = jumps[index];
      if (error > worstError) {
        worstError = error;
        worstOrigin = origins[index];
        worstJump = jumps[index];
      }
    }
  }
  worst.error = worstError;
  worst.origin = worstOrigin;
  worst.jump = worstJump;
}

/** As readNoting, for an operand whose results are not made by position: only the worst is kept. */
export function readWorst(p: Plane, offset: number, data: Uint16Array | Uint8Array, table: Float64Array, written: Uint8Array, s: Shadow, values: Float64Array, worst: Worst): void {
  const { values: exact, stamps, origins, jumps } = s;
  const { rows, cols, rowStride, colStride } = p;
  let worstError = worst.error;
  let worstOrigin = worst.origin;
  let worstJump = worst.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = written[index] === 0 ? NaN : table[data[index]];
      if (y !== stamps[index]) {
        values[i] = written[index] === 0 ? 0 : y;
        continue;
      }
      const x = exact[index];
      values[i] = x;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      if (error > worstError) {
        worstError = error;
        worstOrigin = origins[index];
        worstJump = jumps[index];
      }
    }
  }
  worst.error = worstError;
  worst.origin = worstOrigin;
  worst.jump = worstJump;
}

/** As readWorst, for f32 elements (their values as they are). */
export function readWorstF32(p: Plane, offset: number, data: Float32Array, written: Uint8Array, s: Shadow, values: Float64Array, worst: Worst): void {
  const { values: exact, stamps, origins, jumps } = s;
  const { rows, cols, rowStride, colStride } = p;
  let worstError = worst.error;
  let worstOrigin = worst.origin;
  let worstJump = worst.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = written[index] === 0 ? NaN : data[index];
      if (y !== stamps[index]) {
        values[i] = written[index] === 0 ? 0 : y;
        continue;
      }
      const x = exact[index];
      values[i] = x;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      if (error > worstError) {
        worstError = error;
        worstOrigin = origins[index];
        worstJump = jumps[index];
      }
    }
  }
  worst.error = worstError;
  worst.origin = worstOrigin;
  worst.jump = worstJump;
}

/**
 * The shadows of a plane's elements written (decoded as readNoting does), each with its error and where it grew most,
 * when every element's worst input is the same (`whole`): an instruction whose results are not made by position, or
 * whose operands had no shadow.
 */
export function storeWhole(p: Plane, offset: number, data: Uint16Array | Uint8Array, table: Float64Array, values: Float64Array, s: Shadow, whole: Worst, current: number): void {
  const { values: exact, stamps, origins, jumps } = s;
  const { rows, cols, rowStride, colStride } = p;
  const worstError = whole.error;
  const worstOrigin = whole.origin;
  const worstJump = whole.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = table[data[index]];
      const x = values[i];
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      const growth = error - worstError;
      if (growth > worstJump) {
        origins[index] = current;
        jumps[index] = growth;
      } else {
        origins[index] = worstOrigin;
        jumps[index] = worstJump;
      }
    }
  }
}

/** As storeWhole, for f32 elements (their values as they are). */
export function storeWholeF32(p: Plane, offset: number, data: Float32Array, values: Float64Array, s: Shadow, whole: Worst, current: number): void {
  const { values: exact, stamps, origins, jumps } = s;
  const { rows, cols, rowStride, colStride } = p;
  const worstError = whole.error;
  const worstOrigin = whole.origin;
  const worstJump = whole.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = data[index];
      const x = values[i];
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      const growth = error - worstError;
      if (growth > worstJump) {
        origins[index] = current;
        jumps[index] = growth;
      } else {
        origins[index] = worstOrigin;
        jumps[index] = worstJump;
      }
    }
  }
}

/**
 * As storeWhole, each element's worst input the worse of `whole` and the operand read at its position (`read`; the
 * operand's when strictly worse, as the general loop folds them).
 */
export function storeByPosition(p: Plane, offset: number, data: Uint16Array | Uint8Array, table: Float64Array, values: Float64Array, s: Shadow, whole: Worst, read: ReadErrors, current: number): void {
  const { values: exact, stamps, origins, jumps } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read;
  const { rows, cols, rowStride, colStride } = p;
  const wholeError = whole.error;
  const wholeOrigin = whole.origin;
  const wholeJump = whole.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = table[data[index]];
      const x = values[i];
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      const byPosition = readErrors[i] > wholeError;
      const worstError = byPosition ? readErrors[i] : wholeError;
      const worstJump = byPosition ? readJumps[i] : wholeJump;
      const growth = error - worstError;
      if (growth > worstJump) {
        origins[index] = current;
        jumps[index] = growth;
      } else {
        origins[index] = byPosition ? readOrigins[i] : wholeOrigin;
        jumps[index] = worstJump;
      }
    }
  }
}

/** As storeByPosition, for f32 elements (their values as they are). */
export function storeByPositionF32(p: Plane, offset: number, data: Float32Array, values: Float64Array, s: Shadow, whole: Worst, read: ReadErrors, current: number): void {
  const { values: exact, stamps, origins, jumps } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read;
  const { rows, cols, rowStride, colStride } = p;
  const wholeError = whole.error;
  const wholeOrigin = whole.origin;
  const wholeJump = whole.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = data[index];
      const x = values[i];
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      const byPosition = readErrors[i] > wholeError;
      const worstError = byPosition ? readErrors[i] : wholeError;
      const worstJump = byPosition ? readJumps[i] : wholeJump;
      const growth = error - worstError;
      if (growth > worstJump) {
        origins[index] = current;
        jumps[index] = growth;
      } else {
        origins[index] = byPosition ? readOrigins[i] : wholeOrigin;
        jumps[index] = worstJump;
      }
    }
  }
}
