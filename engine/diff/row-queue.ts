/**
 * The DRAM rows one side of an interleaved lockstep run wrote that the other side has not written yet: which pair of
 * tensors and elements, a copy of their bits (the tensor's may be overwritten before the other side gets there) and
 * their writers. The buffers are reused as the queue empties, so a run whose sides keep step allocates nothing per
 * row once they have grown to the lead one side takes.
 */
import { ElementBits, Writer } from './dram-writes';

/** Numbers per row: pair, from, to, where its bits start. */
const ROW = 4;

export class RowQueue {
  /** Whose rows the queue holds, while it holds any. */
  side: 'a' | 'b' | undefined;
  private rows: Int32Array = new Int32Array(ROW * 256);
  private bitData: Int32Array = new Int32Array(16 * 1024);
  private writers: Writer[] = [];
  private head = 0;
  private tail = 0;
  private bitsEnd = 0;

  get empty(): boolean {
    return this.head === this.tail;
  }

  /** Rows queued and not yet taken. */
  get length(): number {
    return this.tail - this.head;
  }

  push(side: 'a' | 'b', pair: number, from: number, to: number, bits: ElementBits, writer: Writer): void {
    this.side = side;
    if ((this.tail + 1) * ROW > this.rows.length) this.rows = grown(this.rows, (this.tail + 1) * ROW);
    const n = to - from;
    if (this.bitsEnd + n > this.bitData.length) this.bitData = grown(this.bitData, this.bitsEnd + n);
    const at = this.tail * ROW;
    this.rows[at] = pair;
    this.rows[at + 1] = from;
    this.rows[at + 2] = to;
    this.rows[at + 3] = this.bitsEnd;
    const data = this.bitData;
    for (let i = 0, p = this.bitsEnd; i < n; i++, p++) data[p] = bits[from + i];
    this.bitsEnd += n;
    this.writers[this.tail] = writer;
    this.tail++;
  }

  /** Whether the first row is elements [from, to) of the pair. */
  headIs(pair: number, from: number, to: number): boolean {
    const at = this.head * ROW;
    return this.rows[at] === pair && this.rows[at + 1] === from && this.rows[at + 2] === to;
  }

  headPair(): number {
    return this.rows[this.head * ROW];
  }

  headFrom(): number {
    return this.rows[this.head * ROW + 1];
  }

  headTo(): number {
    return this.rows[this.head * ROW + 2];
  }

  headWriter(): Writer {
    return this.writers[this.head];
  }

  /** The bits of the first row's element `index` (from its `from` on). */
  headBits(index: number): number {
    return this.bitData[this.rows[this.head * ROW + 3] + index - this.headFrom()];
  }

  /**
   * Where the first row's element `from + i` differs from `bits[from + i]` (the same elements of the other side), or
   * -1 when every element has the same bits.
   */
  headMismatch(bits: ElementBits): number {
    const at = this.head * ROW;
    const from = this.rows[at + 1];
    const n = this.rows[at + 2] - from;
    const data = this.bitData;
    const start = this.rows[at + 3];
    for (let i = 0; i < n; i++) if (data[start + i] !== (bits[from + i] | 0)) return from + i;
    return -1;
  }

  /** Takes the first row; an emptied queue starts again at the front of its buffers. */
  pop(): void {
    this.head++;
    if (this.head < this.tail) return;
    this.writers.length = 0;
    this.head = this.tail = this.bitsEnd = 0;
    this.side = undefined;
  }
}

function grown(data: Int32Array, least: number): Int32Array {
  const bigger = new Int32Array(Math.max(least, data.length * 2));
  bigger.set(data);
  return bigger;
}
