/**
 * The debugger's address space: where every byte of the machine's memory is, for DAP's readMemory and writeMemory
 * and VS Code's binary data view. DRAM tensors lie one after another from DRAM_BASE, each at a 4 KiB boundary; the
 * SBUF and PSUM of each core lie above ONCHIP_BASE, one MiB per partition, so that a reference walks a partition:
 *
 *   DRAM tensor i:           DRAM_BASE + (sum of the sizes of tensors 0..i-1, each rounded up to 4 KiB)
 *   SBUF core c, part. p, b: ONCHIP_BASE + c * CORE_SPAN + p * PARTITION_SPAN + b
 *   PSUM core c, part. p, b: ONCHIP_BASE + c * CORE_SPAN + PSUM_OFFSET + p * PARTITION_SPAN + b
 *
 * A byte is readable when a live tensor holds it and its element was written; every other byte (never written, no
 * tensor there, past the end of a partition) is unreadable. Elements keep their dtype's bytes, little-endian.
 */
import { dtypeInfo } from '../base/dtype';
import { Machine } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { View, elementIndex } from '../machine/view';
import { decode, encode } from '../machine/dtypes';
import { PARTITIONS, PSUM_BYTES_PER_PARTITION, SBUF_BYTES_PER_PARTITION } from '../machine/limits';

export const DRAM_BASE = 0x1000;
const DRAM_ALIGN = 0x1000;
export const ONCHIP_BASE = 0x100_0000_0000;
export const CORE_SPAN = 0x1_0000_0000;
export const PSUM_OFFSET = 0x8000_0000;
export const PARTITION_SPAN = 0x10_0000;

/** The most bytes one readMemory or writeMemory moves. */
export const MAX_TRANSFER = 16 * 1024 * 1024;

/** A run of bytes that one tensor holds contiguously: a DRAM tensor, or one partition's row of an on-chip tensor. */
export interface Segment {
  readonly start: number;
  readonly end: number;
  readonly tensor: Tensor;
  /** The tensor's element at `start`. */
  readonly firstElement: number;
}

/** What a range of addresses holds: the readable bytes from its start, then how many unreadable ones follow. */
export interface ReadResult {
  readonly address: number;
  readonly data: Uint8Array;
  readonly unreadable: number;
}

/** A range of bytes a write or a set changed. */
export interface ChangedRange {
  readonly address: number;
  readonly count: number;
}

export class AddressSpace {
  private dramStarts?: number[];

  constructor(private readonly machine: Machine) {}

  /** The address of each DRAM tensor, by slot: fixed for the run. */
  private get drams(): number[] {
    if (!this.dramStarts) {
      let at = DRAM_BASE;
      this.dramStarts = this.machine.drams.map((t) => {
        const start = at;
        at += Math.ceil(Math.max(t.bytes, 1) / DRAM_ALIGN) * DRAM_ALIGN;
        return start;
      });
    }
    return this.dramStarts;
  }

  /** The address of a tensor's element; undefined for a tensor that has no place in memory (none does today). */
  addressOf(tensor: Tensor, element: number): number | undefined {
    const bytes = dtypeInfo(tensor.dtype).bytes;
    if (tensor.memory === 'dram') {
      const slot = this.machine.drams.indexOf(tensor);
      return slot < 0 ? undefined : this.drams[slot] + element * bytes;
    }
    if (tensor.core === undefined || !tensor.placement) return undefined;
    const perPartition = tensor.size / tensor.shape[0];
    const p = Math.floor(element / perPartition);
    const within = element - p * perPartition;
    return this.partitionBase(tensor.core, tensor.memory, p + (tensor.placement.partition ?? 0)) + tensor.placement.frameBase + tensor.placement.offset + within * bytes;
  }

  /** The address of a view's first element (its memoryReference). */
  viewAddress(view: View): number | undefined {
    return this.addressOf(view.tensor, elementIndex(view, 0));
  }

  private partitionBase(core: number, memory: 'sbuf' | 'psum' | 'dram', p: number): number {
    return ONCHIP_BASE + core * CORE_SPAN + (memory === 'psum' ? PSUM_OFFSET : 0) + p * PARTITION_SPAN;
  }

  /** The segments that hold bytes in [from, to), in address order. */
  segments(from: number, to: number): Segment[] {
    const out: Segment[] = [];
    this.machine.drams.forEach((t, slot) => {
      const start = this.drams[slot];
      if (start < to && start + t.bytes > from) out.push({ start, end: start + t.bytes, tensor: t, firstElement: 0 });
    });
    if (to > ONCHIP_BASE) for (const t of this.liveOnChip()) this.onChipSegments(t, from, to, out);
    return out.sort((a, b) => a.start - b.start);
  }

  /** The tensors allocated now in every core's SBUF and PSUM: the allocations of the frames on its stack. */
  private liveOnChip(): Tensor[] {
    const out = new Set<Tensor>();
    for (const core of this.machine.cores) {
      for (const f of core.frames) for (const a of f.liveAllocs()) out.add(f.tensors[a.slot].tensor);
    }
    return [...out];
  }

  private onChipSegments(t: Tensor, from: number, to: number, out: Segment[]): void {
    if (t.core === undefined || !t.placement) return;
    const bytes = dtypeInfo(t.dtype).bytes;
    const perPartition = t.size / t.shape[0];
    const offset = t.placement.frameBase + t.placement.offset;
    const first = this.partitionBase(t.core, t.memory, t.placement.partition ?? 0) + offset;
    if (first > to) return;
    // Only the partitions the range reaches.
    const lo = Math.max(0, Math.floor((from - first) / PARTITION_SPAN));
    const hi = Math.min(t.shape[0] - 1, Math.floor((to - first) / PARTITION_SPAN));
    for (let p = lo; p <= hi; p++) {
      const start = first + p * PARTITION_SPAN;
      const end = start + perPartition * bytes;
      if (start < to && end > from) out.push({ start, end, tensor: t, firstElement: p * perPartition });
    }
  }

  /** The readable bytes from `address`, then the count of unreadable bytes that follow them within `count`. */
  read(address: number, count: number): ReadResult {
    const end = address + count;
    const data = new Uint8Array(count);
    let at = address;
    for (const s of this.segments(address, end)) {
      if (s.start > at) break;
      const stop = Math.min(s.end, end);
      const bytes = dtypeInfo(s.tensor.dtype).bytes;
      const raw = rawBytes(s.tensor);
      while (at < stop) {
        const rel = at - s.start;
        const element = s.firstElement + Math.floor(rel / bytes);
        if (!s.tensor.written[element]) break;
        data[at - address] = raw[element * bytes + (rel % bytes)];
        at++;
      }
      if (at < stop) break;
    }
    return { address, data: data.subarray(0, at - address), unreadable: this.unreadableRun(at, end) };
  }

  /** How many bytes from `at` (up to `end`) cannot be read: up to the next written byte of a live tensor. */
  private unreadableRun(at: number, end: number): number {
    if (at >= end) return 0;
    for (const s of this.segments(at, end)) {
      const bytes = dtypeInfo(s.tensor.dtype).bytes;
      const from = Math.max(s.start, at);
      const to = Math.min(s.end, end);
      // The first written element at or after `from` in this segment.
      const firstRel = from - s.start;
      let element = s.firstElement + Math.floor(firstRel / bytes);
      const last = s.firstElement + Math.ceil((to - s.start) / bytes);
      while (element < last && !s.tensor.written[element]) element++;
      if (element < last) {
        const readable = Math.max(from, s.start + (element - s.firstElement) * bytes);
        if (readable < to) return readable - at;
      }
    }
    return end - at;
  }

  /**
   * Writes bytes from `address`: each element they reach takes its new bytes (the rest of a partly written element
   * keeps its old ones, zero when it was never written) and counts as written. A byte no tensor holds ends the write:
   * with `allowPartial` the bytes before it are written, else nothing is and the answer says where.
   */
  write(address: number, bytes: Uint8Array, allowPartial: boolean): { readonly written: number; readonly changed: ChangedRange[] } {
    const end = address + bytes.length;
    const covered = this.coveredFrom(address, end);
    if (covered < bytes.length && !allowPartial) {
      throw new AddressError(`no tensor holds address ${formatAddress(address + covered)} (byte ${covered} of the ${bytes.length} to write); nothing was written (allowPartial writes the bytes before it)`);
    }
    let at = address;
    for (const s of this.segments(address, address + covered)) {
      const stop = Math.min(s.end, address + covered);
      this.writeSegment(s, Math.max(at, s.start), stop, bytes, address);
      at = stop;
    }
    return { written: covered, changed: covered > 0 ? [{ address, count: covered }] : [] };
  }

  /** How many bytes from `address` live tensors hold without a gap. */
  coveredFrom(address: number, end: number): number {
    let at = address;
    for (const s of this.segments(address, end)) {
      if (s.start > at) break;
      at = Math.max(at, Math.min(s.end, end));
    }
    return at - address;
  }

  private writeSegment(s: Segment, from: number, to: number, bytes: Uint8Array, base: number): void {
    const t = s.tensor;
    const size = dtypeInfo(t.dtype).bytes;
    const raw = rawBytes(t);
    const first = s.firstElement + Math.floor((from - s.start) / size);
    const last = s.firstElement + Math.ceil((to - s.start) / size);
    t.journal?.touch(t, first, last);
    for (let e = first; e < last; e++) if (!t.written[e]) t.data[e] = 0;
    for (let a = from; a < to; a++) {
      const rel = a - s.start;
      raw[(s.firstElement + Math.floor(rel / size)) * size + (rel % size)] = bytes[a - base];
    }
    for (let e = first; e < last; e++) {
      // A NaN is stored as its dtype's one quiet NaN, as every store makes it: raw bytes may spell another.
      if (t.dtype !== 'f32' && Number.isNaN(decode(t.dtype, t.data[e]))) t.data[e] = encode(t.dtype, NaN);
      if (t.dtype === 'f32' && Number.isNaN(t.data[e])) t.data[e] = NaN;
      // A byte holds one fp4e2m1 value, in its low 4 bits: the high ones are no part of it, and stores keep them 0.
      if (t.dtype === 'fp4e2m1') t.data[e] &= 0xf;
      t.markWritten(e);
    }
  }
}

export class AddressError extends Error {}

/** The bytes of a tensor's elements as stored. */
function rawBytes(t: Tensor): Uint8Array {
  return new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
}

export function formatAddress(address: number): string {
  return `0x${address.toString(16)}`;
}

/** An address from a memoryReference plus an offset, or why it is not one. */
export function parseAddress(reference: string, offset = 0): number {
  const text = reference.trim();
  if (!/^0x[0-9a-f]+$/i.test(text)) throw new AddressError(`memory reference '${reference}' is not an address of the BIR debugger (they look like 0x1000 or 0x10000300000; take one from a variable's memoryReference)`);
  const address = Number.parseInt(text.slice(2), 16) + offset;
  if (!Number.isSafeInteger(address) || address < 0) throw new AddressError(`memory reference '${reference}' with offset ${offset} is outside the address space (addresses start at 0)`);
  return address;
}

/** Where an address is, in words: for messages and the documentation's examples. */
export function describeAddress(address: number): string {
  if (address < ONCHIP_BASE) return `DRAM byte ${formatAddress(address)}`;
  const rel = address - ONCHIP_BASE;
  const core = Math.floor(rel / CORE_SPAN);
  const inCore = rel - core * CORE_SPAN;
  const psum = inCore >= PSUM_OFFSET;
  const p = Math.floor((inCore - (psum ? PSUM_OFFSET : 0)) / PARTITION_SPAN);
  const b = inCore - (psum ? PSUM_OFFSET : 0) - p * PARTITION_SPAN;
  const limit = psum ? PSUM_BYTES_PER_PARTITION : SBUF_BYTES_PER_PARTITION;
  const outside = p >= PARTITIONS || b >= limit ? ' (outside the memory)' : '';
  return `${psum ? 'PSUM' : 'SBUF'} of core ${core}, partition ${p}, byte ${b}${outside}`;
}
