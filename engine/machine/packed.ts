/**
 * The packed MX types (fp8e4m3fn_x4, fp8e5m2_x4, fp4e2m1_x4): an element holds four values of its element type,
 * the first in the lowest bits (NKI's x4 types, as the MX tutorial packs them: four fp8 in a u32, the first in the
 * lowest byte). A packed element is a container: engines read it as its bits, an unsigned integer; only an MX matmul
 * would read the values, and this module is how the debugger shows them.
 */
import { DType, packedLayout } from '../base/dtype';
import { decode } from './dtypes';

/** The bit patterns of the values a packed element holds, the first (lowest bits) first. */
export function unpackBits(d: DType, stored: number): number[] {
  const layout = packedLayout(d);
  if (!layout) throw new TypeError(`${d} is not a packed dtype`);
  const mask = 2 ** layout.bitsEach - 1;
  return Array.from({ length: layout.count }, (_, i) => Math.floor(stored / 2 ** (i * layout.bitsEach)) & mask);
}

/** The values a packed element holds, decoded exactly. */
export function unpackValues(d: DType, stored: number): number[] {
  const element = packedLayout(d)!.element;
  return unpackBits(d, stored).map((bits) => decode(element, bits));
}

/** The packed element of these bit patterns (the first in the lowest bits). */
export function packBits(d: DType, patterns: readonly number[]): number {
  const layout = packedLayout(d);
  if (!layout) throw new TypeError(`${d} is not a packed dtype`);
  if (patterns.length !== layout.count) throw new RangeError(`${d} holds ${layout.count} values, not ${patterns.length}`);
  const limit = 2 ** layout.bitsEach;
  return patterns.reduce((sum, bits, i) => {
    if (!(Number.isInteger(bits) && bits >= 0 && bits < limit)) throw new RangeError(`${bits} is not a ${layout.element} bit pattern`);
    return sum + bits * 2 ** (i * layout.bitsEach);
  }, 0);
}
