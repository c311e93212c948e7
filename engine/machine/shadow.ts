/**
 * A tensor's float64 shadow (a shadow run, issue 27): per element, the value the program's arithmetic gives in double
 * without rounding to any dtype, and where its error entered. Allocated when a shadowed instruction first writes the
 * tensor; only float dtypes have one (integers are exact, packed types are bits).
 *
 * It is journaled as the tensor is (its writes tell the tensor's journal first), so time travel moves it with memory.
 */
import { Tracked } from './journal';

export class Shadow implements Tracked {
  readonly values: Float64Array;
  /**
   * The stored value (decoded) when the shadow was written. A later write the shadow run did not see (Set Value, a
   * write through a bitcast alias, an integer instruction) leaves it differing from the element, which then reads as
   * its stored value: a shadow never outlives the value it shadows. NaN where never written. In f32: every shadowed
   * dtype's values are f32 values, so the stamp is exact in half the bytes (a shadow run is bound by the bytes its
   * loops move). With the value it gives the element's relative error (|stamp − value| / |value|, ulp.ts
   * relativeError), which is therefore not stored: 24 bytes a shadowed element.
   */
  readonly stamps: Float32Array;
  /** The shadow run's id of the instruction where the element's error grew most (ShadowRun.nodes); -1 for none. */
  readonly origins: Int32Array;
  /** That growth, in relative error. */
  readonly jumps: Float64Array;
  /**
   * 0 while every shadowed element is its stored value as written, without an error or an origin (only DMAs of values
   * without a shadow have written it: inputs loaded to a tile), which a read then takes in bulk as stored values
   * (ShadowRun.read); 1 once any other instruction wrote a shadow. The journal keeps it with the arrays (Tracked).
   */
  extra = 0;
  pageMarks?: Int32Array;
  extraMark?: number;

  constructor(size: number) {
    this.values = new Float64Array(size);
    this.stamps = new Float32Array(size).fill(NaN);
    this.origins = new Int32Array(size).fill(-1);
    this.jumps = new Float64Array(size);
  }

  /** As when made: nothing shadowed. */
  clear(): void {
    this.stamps.fill(NaN);
    this.origins.fill(-1);
    this.extra = 0;
  }

  /** Whether every shadowed element is its stored value, without an error or an origin (see `extra`). */
  get ofStoredValues(): boolean {
    return this.extra === 0;
  }

  get arrays(): readonly [Float64Array, Float32Array, Int32Array, Float64Array] {
    return [this.values, this.stamps, this.origins, this.jumps];
  }
}
