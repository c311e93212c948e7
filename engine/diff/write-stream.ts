/**
 * A run's DRAM writes recorded row by row (the reference side of a lockstep diff). The other run is compared with it
 * as it goes: row by row while its rows are the same rows in the same order (the same program, or passes that keep
 * the order of DRAM writes), else through an index, made when first needed, that finds the k-th write of any element
 * in O(1).
 */
import { Column, int32s } from '../ir/columns';
import { ElementBits, Writer } from './dram-writes';

/** The most element writes a recorded run may make: 12 bytes each are held once indexed. */
export const MAX_RECORDED_WRITES = 1 << 26;

export class TooManyWrites extends Error {}

/** Numbers per row: slot, from, to, writer, start. */
const ROW = 5;

export class WriteStream {
  /** Per row: slot, from, to, writer, where its bits start. */
  private readonly rows: Column<Int32Array> = int32s();
  private bitData = new Int32Array(1024);
  private size = 0;
  readonly writers: Writer[] = [];
  /** Per DRAM slot: how many times each element was written (made by `seal`, for the slots written). */
  readonly counts: (Uint32Array | undefined)[];
  private sealed = false;
  /** Per slot: where each element's writes start in `order` (made by `seal`). */
  private starts: (Uint32Array | undefined)[] = [];
  /** Stream positions, element by element, each element's writes in order. */
  private order = new Int32Array(0);

  constructor(private readonly sizes: readonly number[]) {
    this.counts = sizes.map(() => undefined);
  }

  get length(): number {
    return this.size;
  }

  record(slot: number, from: number, to: number, bits: ElementBits, writer: Writer): void {
    const n = to - from;
    if (this.size + n > MAX_RECORDED_WRITES) throw new TooManyWrites(`the run writes DRAM elements more than ${MAX_RECORDED_WRITES.toLocaleString('en-US')} times, more than a lockstep diff holds`);
    if (this.writers[this.writers.length - 1] !== writer) this.writers.push(writer);
    this.rows.push(slot);
    this.rows.push(from);
    this.rows.push(to);
    this.rows.push(this.writers.length - 1);
    this.rows.push(this.size);
    if (this.size + n > this.bitData.length) {
      const grown = new Int32Array(Math.max(this.size + n, this.bitData.length * 2));
      grown.set(this.bitData.subarray(0, this.size));
      this.bitData = grown;
    }
    this.bitData.set(bits.subarray(from, to), this.size);
    this.size += n;
  }

  get rowCount(): number {
    return this.rows.length / ROW;
  }

  /** Whether row r wrote elements [from, to) of the slot. */
  rowIs(r: number, slot: number, from: number, to: number): boolean {
    const at = r * ROW;
    return this.rows.get(at) === slot && this.rows.get(at + 1) === from && this.rows.get(at + 2) === to;
  }

  /** The stream position of row r's first element. */
  rowStart(r: number): number {
    return this.rows.get(r * ROW + 4);
  }

  rowElement(r: number): { readonly slot: number; readonly from: number } {
    return { slot: this.rows.get(r * ROW), from: this.rows.get(r * ROW + 1) };
  }

  /** How many times the rows before row r wrote each element, per slot. */
  countsBefore(r: number): (Uint32Array | undefined)[] {
    const counts: (Uint32Array | undefined)[] = this.sizes.map(() => undefined);
    const rows = this.rows.view();
    for (let at = 0; at < r * ROW; at += ROW) {
      const c = (counts[rows[at]] ??= new Uint32Array(this.sizes[rows[at]]));
      for (let i = rows[at + 1], end = rows[at + 2]; i < end; i++) c[i]++;
    }
    return counts;
  }

  /** How many times the rows before row r wrote one element. */
  ordinalBefore(r: number, slot: number, index: number): number {
    const rows = this.rows.view();
    let k = 0;
    for (let at = 0; at < r * ROW; at += ROW) if (rows[at] === slot && rows[at + 1] <= index && index < rows[at + 2]) k++;
    return k;
  }

  /** Indexes the writes by element (once: later calls do nothing). */
  seal(): void {
    if (this.sealed) return;
    this.sealed = true;
    const counts = this.countsBefore(this.rowCount);
    counts.forEach((c, slot) => (this.counts[slot] = c));
    let total = 0;
    this.starts = this.counts.map((counts) => {
      if (!counts) return undefined;
      const starts = new Uint32Array(counts.length + 1);
      for (let i = 0; i < counts.length; i++) {
        starts[i] = total;
        total += counts[i];
      }
      starts[counts.length] = total;
      return starts;
    });
    const next = this.starts.map((s) => s?.slice(0, -1));
    const order = new Int32Array(this.size);
    const rows = this.rows.view();
    for (let r = 0, p = 0; r < this.rows.length; r += ROW) {
      const fill = next[rows[r]]!;
      for (let i = rows[r + 1], end = rows[r + 2]; i < end; i++, p++) {
        order[fill[i]++] = p;
      }
    }
    this.order = order;
  }

  /** How many times an element was written. */
  countOf(slot: number, index: number): number {
    return this.counts[slot]?.[index] ?? 0;
  }

  /** Where an element's writes start in the index (its k-th write is `position(start + k)`); the slot must be written. */
  startOf(slot: number, index: number): number {
    return this.starts[slot]![index];
  }

  /** The stream position of the element write at place `i` of the index. */
  positionAt(i: number): number {
    return this.order[i];
  }

  /** The stream position of the k-th write (from 0) of an element; the element must have been written k+1 times. */
  position(slot: number, index: number, k: number): number {
    return this.order[this.starts[slot]![index] + k];
  }

  bits(position: number): number {
    return this.bitData[position];
  }

  /** The writer of the row that holds a stream position (rows are in the order of their positions). */
  writer(position: number): Writer {
    let lo = 0;
    let hi = this.rowCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.rowStart(mid) <= position) lo = mid;
      else hi = mid - 1;
    }
    return this.rowWriter(lo);
  }

  /** The writer of row r. */
  rowWriter(r: number): Writer {
    return this.writers[this.rows.get(r * ROW + 3)];
  }
}
