/**
 * The per-element loops of a shadow run (issue 27) over a plane (rows × cols with strides), the views every engine
 * reads and writes: an operand's stored values replaced by their shadows, and the shadows of what an instruction
 * wrote. They walk the tensor's indices row by row without a buffer of indices, and keep the worst input in locals,
 * so that a float64 run costs a few passes over its elements rather than one per array it touches. The general
 * loops (machine/shadow-run.ts, for any view) compute the same values; `setShadowPlaneLoops(false)` makes every view
 * take them, which is how the tests compare the two bit for bit.
 */
import { Shadow } from './shadow';
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

let enabled = true;

/** On by default; off, every view takes the general loops of shadow-run.ts (the tests compare the two). */
export function setShadowPlaneLoops(on: boolean): void {
  enabled = on;
}

export function shadowPlaneLoops(): boolean {
  return enabled;
}

/**
 * The stored values of a plane replaced by their shadows where the shadow is of the value stored; each position's
 * error, origin and jump noted in `read` (0, -1, 0 where none), the worst of them in `worst` (the first of equals).
 */
export function substituteNoting(p: Plane, offset: number, values: Float64Array, written: Uint8Array, s: Shadow, read: ReadErrors, worst: Worst): void {
  const { values: exact, stamps, errors, origins, jumps } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read;
  const { rows, cols, rowStride, colStride } = p;
  let worstError = worst.error;
  let worstOrigin = worst.origin;
  let worstJump = worst.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      if (written[index] === 0 || stamps[index] !== values[i]) {
        readErrors[i] = 0;
        readOrigins[i] = -1;
        readJumps[i] = 0;
        continue;
      }
      values[i] = exact[index];
      const error = errors[index];
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

/** As substituteNoting, for an operand whose results are not made by position: only the worst is kept. */
export function substituteWorst(p: Plane, offset: number, values: Float64Array, written: Uint8Array, s: Shadow, worst: Worst): void {
  const { values: exact, stamps, errors, origins, jumps } = s;
  const { rows, cols, rowStride, colStride } = p;
  let worstError = worst.error;
  let worstOrigin = worst.origin;
  let worstJump = worst.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      if (written[index] === 0 || stamps[index] !== values[i]) continue;
      values[i] = exact[index];
      const error = errors[index];
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

/** The relative error, local: called per element (an import is a property read per call where modules are CommonJS). */
const relative = relativeError;

/**
 * The shadows of a plane's elements written, each with its error and where it grew most, when every element's worst
 * input is the same (`whole`): an instruction whose results are not made by position, or whose operands had no shadow.
 */
export function storeWhole(p: Plane, offset: number, stored: Float64Array, values: Float64Array, s: Shadow, whole: Worst, current: number): void {
  const { values: exact, stamps, errors, origins, jumps } = s;
  const { rows, cols, rowStride, colStride } = p;
  const worstError = whole.error;
  const worstOrigin = whole.origin;
  const worstJump = whole.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = stored[i];
      const x = values[i];
      exact[index] = x;
      stamps[index] = y;
      // relativeError, inline: the common case (finite, different) without a call.
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      errors[index] = error;
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
export function storeByPosition(p: Plane, offset: number, stored: Float64Array, values: Float64Array, s: Shadow, whole: Worst, read: ReadErrors, current: number): void {
  const { values: exact, stamps, errors, origins, jumps } = s;
  const { errors: readErrors, origins: readOrigins, jumps: readJumps } = read;
  const { rows, cols, rowStride, colStride } = p;
  const wholeError = whole.error;
  const wholeOrigin = whole.origin;
  const wholeJump = whole.jump;
  let i = 0;
  for (let r = 0; r < rows; r++) {
    let index = offset + r * rowStride;
    for (let c = 0; c < cols; c++, i++, index += colStride) {
      const y = stored[i];
      const x = values[i];
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      errors[index] = error;
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
