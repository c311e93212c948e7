/**
 * Repeated chunks of straight-line code, for the graph's walk. A compiled model repeats the same run of instructions
 * (the same tiles, the same offsets) thousands of times; the checker already knows which lines repeat an earlier one
 * (ProgramCode.copyOf). The walk of such a run gives the same edges among its own nodes every time, and meets the
 * code before it only through a few reads (those its own writes do not cover) and leaves behind the same writes.
 * So the first walks of a run are recorded as a template, and later runs with the same nodes replay it: their own
 * edges copied, their exposed reads walked back over the writes before them, their writes applied at once.
 *
 * Where runs are cut does not depend on where they start: a chunk ends where a rolling hash of the last 32 nodes'
 * copyOf has none of the mask's bits set (content-defined, as FastCDC cuts files), so a repeated pattern is cut the
 * same way at any offset.
 */
import type { Access } from './effects';
import { covers, Footprint } from './footprint';

export interface Chunking {
  /** Nodes a chunk has at least (a cut is not looked for before). */
  readonly min: number;
  /** A chunk ends where the rolling hash has none of these bits set (above its 16 lowest): one node in mask + 1. */
  readonly mask: number;
  /** Nodes a chunk has at most. */
  readonly max: number;
}

export const CHUNKING: Chunking = { min: 256, mask: 1023, max: 8192 };

/** A read of a chunk's node that its walk left the chunk with: what the code before the chunk may have written. */
export interface ExposedRead {
  /** The reader's place in the chunk. */
  readonly rel: number;
  readonly access: Access;
  /** The chunk's own writes that the walk passed and that hide what they cover from this read. */
  readonly hiding: readonly Footprint[];
}

/** What a chunk leaves in the walk's state for one location. */
export class ChunkWrites {
  /** Whether one of the kills covers a footprint, by footprint: the few an instruction's effects hold recur. */
  private readonly killed = new Map<Footprint, boolean>();

  constructor(
    /** Writes that surely happen and cover what they touch: earlier writes they cover are never seen again. */
    readonly kills: readonly Footprint[],
    /** The chunk's writes still visible at its end, in program order. */
    readonly survivors: readonly { readonly rel: number; readonly fp: Footprint; readonly may: boolean }[],
  ) {}

  /** Whether the chunk's writes surely cover an earlier write of this footprint. */
  kill(fp: Footprint): boolean {
    let k = this.killed.get(fp);
    if (k === undefined) {
      k = this.kills.some((w) => covers(w, fp));
      if (this.killed.size < 4096) this.killed.set(fp, k);
    }
    return k;
  }
}

export interface ChunkTemplate {
  /** The chunk's nodes, as copyOf gives them: what a repeat must equal. */
  readonly copies: Int32Array;
  /** Edges between the chunk's own nodes (places in the chunk), in the order found. */
  readonly from: Int32Array;
  readonly to: Int32Array;
  readonly kind: Uint8Array;
  readonly label: Int32Array;
  /** Further labels of an edge (by its place in these arrays). */
  readonly more: ReadonlyMap<number, string[]>;
  readonly exposed: readonly ExposedRead[];
  readonly writes: ReadonlyMap<string, ChunkWrites>;
}

/** At most this many templates are kept; a program with more distinct repeated chunks walks the rest. */
const MAX_TEMPLATES = 4096;
/** Chunks seen once, by hash, before a second sighting makes a template of them. */
const MAX_SEEN = 1 << 16;

export class ChunkMemo {
  private readonly templates = new Map<number, ChunkTemplate>();
  private seen = new Set<number>();

  /** The template of a chunk with these nodes, if one was recorded. */
  find(hash: number, copies: Int32Array): ChunkTemplate | undefined {
    const t = this.templates.get(hash);
    return t && sameNumbers(t.copies, copies) ? t : undefined;
  }

  /** Whether a chunk with this hash is worth recording: it was seen before, and there is room. */
  worthRecording(hash: number): boolean {
    if (this.templates.size >= MAX_TEMPLATES || this.templates.has(hash)) return false;
    if (this.seen.has(hash)) return true;
    if (this.seen.size >= MAX_SEEN) this.seen = new Set();
    this.seen.add(hash);
    return false;
  }

  add(hash: number, template: ChunkTemplate): void {
    this.templates.set(hash, template);
  }
}

/** A hash of a chunk's nodes (their copyOf). */
export function chunkHash(copies: Int32Array): number {
  let h = copies.length;
  for (let i = 0; i < copies.length; i++) h = Math.imul(h ^ copies[i], 0x9e3779b1) >>> 0;
  return h;
}

/**
 * The rolling hash after one more node (a gear hash: each step shifts the earlier nodes one bit further out, so the
 * hash depends on the last 32 nodes only).
 */
export function rollHash(h: number, copy: number): number {
  const g = Math.imul(copy ^ (copy >>> 15), 0x85ebca6b);
  return ((h << 1) + (g ^ (g >>> 13))) | 0;
}

/** Whether a chunk ends at a node where the rolling hash is `h`. Bits 16 and up: the last 17 nodes and more. */
export function cutsAt(h: number, mask: number): boolean {
  return ((h >>> 16) & mask) === 0;
}

function sameNumbers(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
