/**
 * What a lockstep diff answers (lockstep.ts, interleaved.ts): the first difference of two runs' DRAM, each side's
 * write, and the values of elements from their bits.
 */
import { createElementArray, decode } from '../machine/dtypes';
import { Machine } from '../machine/machine';
import { RunOutcome } from '../run/interpreter';
import { bitsOf, ElementBits, Writer } from './dram-writes';
import { DramMatch, DramPair } from './dram-match';

/** One side of a difference: the bits the element got (or has, for an initial value) and who wrote them. */
export interface WriteSide {
  readonly value: number;
  readonly bits: number;
  readonly writer?: Writer;
}

/**
 * The first difference of the two runs' DRAM: an element's `ordinal`-th write (from 0) with other bits on the two
 * sides, or made on one side only (the other side undefined), or, when every write agrees, an element's value that
 * no write made (an initializer or an input that differ: `initial`).
 */
export interface DramDifference {
  readonly pair: DramPair;
  readonly index: number;
  readonly ordinal: number;
  readonly a?: WriteSide;
  readonly b?: WriteSide;
  readonly initial?: boolean;
}

export interface LockstepResult {
  readonly difference?: DramDifference;
  /** How each run ended; A's is undefined when it was stopped at the difference. */
  readonly outcomeA?: RunOutcome;
  readonly outcomeB: RunOutcome;
  /** Element writes compared. */
  readonly writes: number;
  /** Instructions each run executed (A's up to the difference). */
  readonly instructions: { readonly a: number; readonly b: number };
}

/** With every write the same, an element that still differs was never written: it started different. */
export function initialDifference(match: DramMatch, a: Machine, b: Machine): DramDifference | undefined {
  for (const pair of match.pairs) {
    const ta = a.drams[pair.a.slot];
    const tb = b.drams[pair.b.slot];
    const ba = bitsOf(ta);
    const bb = bitsOf(tb);
    // Tensors alike byte for byte (the common answer) are told at the speed of a memory compare.
    if (sameBytes(ba, bb) && sameBytes(ta.written, tb.written)) continue;
    for (let i = 0; i < ba.length; i++) {
      if (ba[i] === bb[i] && ta.written[i] === tb.written[i]) continue;
      return { pair, index: i, ordinal: 0, initial: true, a: { value: valueOfBits(pair.a.dtype, ba[i]), bits: ba[i] }, b: { value: valueOfBits(pair.b.dtype, bb[i]), bits: bb[i] } };
    }
  }
  return undefined;
}

function sameBytes(x: ElementBits, y: ElementBits): boolean {
  return x.byteLength === y.byteLength && Buffer.from(x.buffer, x.byteOffset, x.byteLength).equals(Buffer.from(y.buffer, y.byteOffset, y.byteLength));
}

const F32_SCRATCH = new Float32Array(1);
const BITS_SCRATCH = new Int32Array(F32_SCRATCH.buffer);

/** The value of an element from the bits `bitsOf` reads. */
export function valueOfBits(dtype: Parameters<typeof decode>[0], bits: number): number {
  if (createElementArray(dtype, 0) instanceof Float32Array) {
    BITS_SCRATCH[0] = bits;
    return F32_SCRATCH[0];
  }
  return decode(dtype, bits);
}
