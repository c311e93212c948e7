/**
 * The shadows of a DMA between views of one dtype whose source has a shadow (issue 27): the DMA copies the bits, so
 * each element written stores the value its source stores, and its float64 value is its source's (the shadow where
 * its stamp matches, else the stored value). One pass at the commit reads the source's shadow and writes the
 * destination's, instead of a read noting each position's error, origin and jump into buffers and a store folding
 * them back: the same values, stamps, origins and jumps as readNoting then storeByPosition give (machine/
 * shadow-loops.ts; `test/unit/shadow-copy.test.ts` compares the two bit for bit).
 *
 * Why it is the same: the instruction's only operand is the source, read by position, so the store's worst input of
 * an element is the source element's error when above 0, else none (0, origin -1, jump 0); the destination's stored
 * value is the source's (same bits, same dtype), so the written element's error is the one its read computed when the
 * stamp matched (same stored value, same float64 value) and the error of a value against itself when not. Written,
 * as storeByPosition does, from each element's error and that worst.
 *
 * Two loops (f32 elements as they are, the narrower floats through their table) as in shadow-loops.ts: a loop that
 * sees two kinds of element array loses V8's specialisation.
 */
import { decodeTable } from './dtypes';
import { Shadow } from './shadow';
import { Tensor } from './tensor';
import { relativeError } from './ulp';
import { Plane } from './view';

/** The relative error, local (an import is a property read per call where modules are CommonJS). */
const relative = relativeError;

/** One side of the copy: a tensor's plane from an offset. */
export interface CopySide {
  readonly tensor: Tensor;
  readonly offset: number;
  readonly plane: Plane;
}

/**
 * The destination's shadows from the source's, element by element in row-major order (both planes of the same rows
 * and columns, in tensors of one dtype that share no bytes, every source element written); `current` the DMA's id.
 */
export function copyShadowPlane(src: CopySide, dst: CopySide, from: Shadow, to: Shadow, current: number): void {
  const data = src.tensor.data;
  if (data instanceof Float32Array) return copyShadowF32(src, dst, data, dst.tensor.data as Float32Array, from, to, current);
  const table = decodeTable(src.tensor.dtype)!;
  copyShadowTabled(src, dst, data as Uint16Array | Uint8Array, dst.tensor.data as Uint16Array | Uint8Array, table, from, to, current);
}

function copyShadowF32(src: CopySide, dst: CopySide, srcData: Float32Array, dstData: Float32Array, from: Shadow, to: Shadow, current: number): void {
  const { values: srcExact, stamps: srcStamps, origins: srcOrigins, jumps: srcJumps } = from;
  const { values: exact, stamps, origins, jumps } = to;
  const { rows, cols, rowStride: srcRowStride, colStride: srcColStride } = src.plane;
  const { rowStride, colStride } = dst.plane;
  for (let r = 0; r < rows; r++) {
    let si = src.offset + r * srcRowStride;
    let index = dst.offset + r * rowStride;
    for (let c = 0; c < cols; c++, si += srcColStride, index += colStride) {
      const matched = srcData[si] === srcStamps[si];
      const y = dstData[index];
      const x = matched ? srcExact[si] : srcData[si];
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      // The worst input: the source element's error (the one just computed) when its shadow was read and above 0.
      const byPosition = matched && error > 0;
      const worstError = byPosition ? error : 0;
      const worstJump = byPosition ? srcJumps[si] : 0;
      const growth = error - worstError;
      if (growth > worstJump) {
        origins[index] = current;
        jumps[index] = growth;
      } else {
        origins[index] = byPosition ? srcOrigins[si] : -1;
        jumps[index] = worstJump;
      }
    }
  }
}

/** As copyShadowF32, for the narrower floats (decoded through their table). */
function copyShadowTabled(src: CopySide, dst: CopySide, srcData: Uint16Array | Uint8Array, dstData: Uint16Array | Uint8Array, table: Float64Array, from: Shadow, to: Shadow, current: number): void {
  const { values: srcExact, stamps: srcStamps, origins: srcOrigins, jumps: srcJumps } = from;
  const { values: exact, stamps, origins, jumps } = to;
  const { rows, cols, rowStride: srcRowStride, colStride: srcColStride } = src.plane;
  const { rowStride, colStride } = dst.plane;
  for (let r = 0; r < rows; r++) {
    let si = src.offset + r * srcRowStride;
    let index = dst.offset + r * rowStride;
    for (let c = 0; c < cols; c++, si += srcColStride, index += colStride) {
      const stored = table[srcData[si]];
      const matched = stored === srcStamps[si];
      const y = table[dstData[index]];
      const x = matched ? srcExact[si] : stored;
      exact[index] = x;
      stamps[index] = y;
      const error = y === x ? 0 : Number.isFinite(y) && Number.isFinite(x) && x !== 0 ? Math.abs(y - x) / Math.abs(x) : relative(y, x);
      const byPosition = matched && error > 0;
      const worstError = byPosition ? error : 0;
      const worstJump = byPosition ? srcJumps[si] : 0;
      const growth = error - worstError;
      if (growth > worstJump) {
        origins[index] = current;
        jumps[index] = growth;
      } else {
        origins[index] = byPosition ? srcOrigins[si] : -1;
        jumps[index] = worstJump;
      }
    }
  }
}
