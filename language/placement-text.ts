/** Where an allocation is, in words: the hover's placement line and the inlay hint's. */
import type { AllocInfo } from '../engine/ir/program';
import { PSUM_BANK_BYTES } from '../engine/machine/limits';

/** `PSUM bank 2` (or `banks 2–3`) or `SBUF`. */
export function memoryPlace(a: AllocInfo): string {
  if (a.memory !== 'psum') return 'SBUF';
  const { offset, bytesPerPartition } = a.placement;
  const first = Math.floor(offset / PSUM_BANK_BYTES);
  const last = Math.floor((offset + bytesPerPartition - 1) / PSUM_BANK_BYTES);
  return last > first ? `PSUM banks ${first}–${last}` : `PSUM bank ${first}`;
}

/** `partitions 0–127, bytes 0–255`: the box of the allocation in its memory. */
export function placementBox(a: AllocInfo): string {
  const { partitions, offset, bytesPerPartition } = a.placement;
  const first = a.placement.partition ?? 0;
  return `partitions ${first}–${first + partitions - 1}, bytes ${offset}–${offset + bytesPerPartition - 1}`;
}
