/** A tensor's storage: its elements in their dtype's bytes, and which of them were ever written. */
import { DType, dtypeInfo } from '../base/dtype';
import { bitsOf, BitsArray, createElementArray, ElementArray, elementArrayOn } from './dtypes';
import { MemoryKind, Placement } from '../ir/program';
import { Journal, Tracked } from './journal';
import type { Shadow } from './shadow';

export class Tensor implements Tracked {
  readonly data: ElementArray;
  /** The same elements as unsigned integers of their width: what copies of stored bits read and write. */
  readonly bits: BitsArray;
  /** 1 where the element was written. A byte per element keeps scans of regions fast. */
  readonly written: Uint8Array;
  /** Elements written so far; when it equals size, reads skip the scan of `written`. */
  writtenCount = 0;
  readonly size: number;
  readonly strides: readonly number[];
  /** The journal of time travel, when the run is recorded: told before every write. */
  journal?: Journal;
  pageMarks?: Int32Array;
  extraMark?: number;
  /**
   * The float64 shadow of its elements, in a shadow run, once a shadowed instruction wrote it (machine/shadow.ts).
   * Present from the start, so that every tensor has one shape of object whether or not it gets a shadow.
   */
  shadow: Shadow | undefined = undefined;

  constructor(
    readonly name: string,
    readonly memory: MemoryKind,
    readonly dtype: DType,
    readonly shape: readonly number[],
    /** The core whose SBUF/PSUM holds it; undefined for DRAM. */
    readonly core?: number,
    /** Where it sits in its memory (per partition), for on-chip tensors. */
    readonly placement?: Placement & { readonly frameBase: number },
    /** The bytes to hold the elements, shared with another tensor (a bitcast's alias); new ones when absent. */
    storage?: ArrayBufferLike,
  ) {
    this.size = shape.reduce((a, b) => a * b, 1);
    this.data = storage ? elementArrayOn(dtype, storage, 0, this.size) : createElementArray(dtype, this.size);
    this.bits = bitsOf(this.data);
    this.written = new Uint8Array(this.size);
    this.strides = rowMajorStrides(shape);
  }

  get arrays(): readonly [ElementArray, Uint8Array] {
    return [this.data, this.written];
  }

  /** What the journal saves with the elements: the count of written ones. */
  get extra(): number {
    return this.writtenCount;
  }

  set extra(n: number) {
    this.writtenCount = n;
  }

  get bytes(): number {
    return this.size * dtypeInfo(this.dtype).bytes;
  }

  get fullyWritten(): boolean {
    return this.writtenCount === this.size;
  }

  /** Before the run writes elements [from, to): the journal of time travel saves them. */
  touch(from: number, to: number): void {
    this.journal?.touch(this, from, to);
  }

  /** Before the run writes `rows` rows of `cols` elements from `start`, `stride` apart: the journal saves them. */
  touchRows(start: number, rows: number, stride: number, cols: number): void {
    this.journal?.touchRows(this, start, rows, stride, cols);
  }

  markWritten(index: number): void {
    if (this.written[index] === 0) {
      this.written[index] = 1;
      this.writtenCount++;
    }
  }

  markAllWritten(): void {
    this.journal?.touch(this, 0, this.size);
    this.written.fill(1);
    this.writtenCount = this.size;
  }

  /** Forgets every write: a new activation's allocation starts unwritten. */
  clearWritten(): void {
    if (this.writtenCount === 0) {
      this.journal?.watcher?.(this, 0, this.size, true);
      return;
    }
    this.journal?.touch(this, 0, this.size, true);
    this.written.fill(0);
    this.writtenCount = 0;
  }

  /** As the tensor was when made: every element zero and unwritten. */
  reset(): void {
    this.data.fill(0);
    this.written.fill(0);
    this.writtenCount = 0;
    // Kept as the same object: the journal's saved pages are of this one.
    this.shadow?.clear();
  }
}

export function rowMajorStrides(shape: readonly number[]): number[] {
  const strides = new Array<number>(shape.length);
  let s = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    strides[i] = s;
    s *= shape[i];
  }
  return strides;
}
