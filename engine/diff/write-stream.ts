/**
 * A run's DRAM writes recorded element by element (the reference side of a lockstep diff), indexed so that the k-th
 * write of any element is found in O(1): the other run is then compared with it as it goes, write by write.
 */
import { Column, int32s } from '../ir/columns';
import { Writer } from './dram-writes';

/** The most element writes a recorded run may make: 20 bytes each are held. */
export const MAX_RECORDED_WRITES = 1 << 25;

export class TooManyWrites extends Error {}

export class WriteStream {
  private readonly slots: Column<Int32Array> = int32s();
  private readonly indices: Column<Int32Array> = int32s();
  private readonly bitColumn: Column<Int32Array> = int32s();
  private readonly writerOf: Column<Int32Array> = int32s();
  readonly writers: Writer[] = [];
  /** Per DRAM slot: how many times each element was written (made on the first write of the tensor). */
  readonly counts: (Uint32Array | undefined)[];
  /** Per slot: where each element's writes start in `order` (made by `seal`). */
  private starts: (Uint32Array | undefined)[] = [];
  /** Positions in the stream, element by element, each element's writes in order. */
  private order = new Int32Array(0);

  constructor(private readonly sizes: readonly number[]) {
    this.counts = sizes.map(() => undefined);
  }

  get length(): number {
    return this.bitColumn.length;
  }

  record(slot: number, index: number, bits: number, writer: Writer): void {
    if (this.writers[this.writers.length - 1] !== writer) this.writers.push(writer);
    if (this.bitColumn.length >= MAX_RECORDED_WRITES) throw new TooManyWrites(`the run writes DRAM elements more than ${MAX_RECORDED_WRITES.toLocaleString('en-US')} times, more than a lockstep diff holds`);
    this.slots.push(slot);
    this.indices.push(index);
    this.bitColumn.push(bits);
    this.writerOf.push(this.writers.length - 1);
    const counts = (this.counts[slot] ??= new Uint32Array(this.sizes[slot]));
    counts[index]++;
  }

  /** Indexes the writes by element, once the run is over. */
  seal(): void {
    const n = this.length;
    const slots = this.slots.view();
    const indices = this.indices.view();
    this.starts = this.counts.map((counts) => {
      if (!counts) return undefined;
      const starts = new Uint32Array(counts.length + 1);
      return starts;
    });
    // Starts as running sums across every slot: one array of positions for the whole stream.
    let total = 0;
    this.counts.forEach((counts, slot) => {
      const starts = this.starts[slot];
      if (!counts || !starts) return;
      for (let i = 0; i < counts.length; i++) {
        starts[i] = total;
        total += counts[i];
      }
      starts[counts.length] = total;
    });
    const order = new Int32Array(n);
    const filled = this.starts.map((s) => (s ? s.slice(0, -1) : undefined));
    for (let p = 0; p < n; p++) order[filled[slots[p]]![indices[p]]++] = p;
    this.order = order;
  }

  /** How many times an element was written. */
  countOf(slot: number, index: number): number {
    return this.counts[slot]?.[index] ?? 0;
  }

  /** The stream position of the k-th write (from 0) of an element; the element must have been written k+1 times. */
  position(slot: number, index: number, k: number): number {
    return this.order[this.starts[slot]![index] + k];
  }

  bits(position: number): number {
    return this.bitColumn.get(position);
  }

  writer(position: number): Writer {
    return this.writers[this.writerOf.get(position)];
  }

  element(position: number): { readonly slot: number; readonly index: number } {
    return { slot: this.slots.get(position), index: this.indices.get(position) };
  }
}
