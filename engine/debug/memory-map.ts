/**
 * The memory map of the tensor view: one core's SBUF and PSUM as partitions × bytes, with every live allocation
 * (each activation on the core's stack places its allocations above its caller's) and where a selected tensor lies.
 * Read from the machine at a stop; calls and returns change it, and the view asks again at every stop.
 */
import { Core, Frame } from '../machine/core';
import { Tensor } from '../machine/tensor';
import { dtypeInfo } from '../base/dtype';
import { PARTITIONS, PSUM_BANK_BYTES, PSUM_BANKS, PSUM_BYTES_PER_PARTITION, SBUF_BYTES_PER_PARTITION } from '../machine/limits';
import { Value } from '../eval/value';
import { View } from '../machine/view';
import { functionName } from './stack';
import type { Allocation, MemoryMap, Occupied } from '../../contract/tensor';
import type { BirArguments } from '../../contract/requests';

export type MemoryMapArguments = BirArguments<'bir/memoryMap'>;

export function memoryMap(core: Core, entryModule: string, selectedFrame: Frame | undefined, selected?: Value): MemoryMap {
  const frames = core.frames;
  const allocations: Allocation[] = [];
  frames.forEach((f, depth) => {
    const owner = `${functionName(f.fn, entryModule)}${nth(frames, depth)}`;
    for (const a of f.liveAllocs()) {
      const t = f.tensors[a.slot]?.tensor;
      allocations.push({
        name: a.name, memory: a.memory, dtype: a.dtype, shape: [...a.shape], owner, depth,
        partitions: a.placement.partitions, ...(a.placement.partition ? { firstPartition: a.placement.partition } : {}), offset: (t?.placement?.frameBase ?? 0) + a.placement.offset, bytes: a.placement.bytesPerPartition,
        visible: f === selectedFrame ? a.name : undefined,
      });
    }
  });
  const top = frames[frames.length - 1];
  const where = selected ? occupied(selected) : undefined;
  return {
    core: core.index,
    sbuf: { partitions: PARTITIONS, bytes: SBUF_BYTES_PER_PARTITION, used: top ? top.sbufBase + top.fn.sbufFrameBytes : 0 },
    psum: { partitions: PARTITIONS, bytes: PSUM_BYTES_PER_PARTITION, used: top ? top.psumBase + top.fn.psumFrameBytes : 0, bankBytes: PSUM_BANK_BYTES, banks: PSUM_BANKS },
    allocations,
    ...(where && 'memory' in where ? { selected: where } : where ? { selectedNote: where.note } : {}),
  };
}

/** `#2` for the second activation of a function on the stack (recursion), nothing for the only one. */
function nth(frames: readonly Frame[], i: number): string {
  const same = frames.filter((f) => f.fn === frames[i].fn);
  return same.length === 1 ? '' : ` #${frames.slice(0, i + 1).filter((f) => f.fn === frames[i].fn).length}`;
}

/** Where a value lies in on-chip memory, or why it has no place there. */
function occupied(value: Value): Occupied | { note: string } {
  if (value.kind !== 'view') return { note: 'a computed value: it lies in no memory' };
  const t = value.view.tensor;
  if (t.memory === 'dram' || !t.placement) return { note: `'${value.text}' is in DRAM` };
  return { memory: t.memory, ...extent(t, value.view) };
}

/**
 * The partitions and bytes a view of an on-chip tensor covers: each dimension of the view steps whole partitions,
 * bytes within one, or both; the extremes are at the view's corners.
 */
function extent(t: Tensor, view: View): { p0: number; p1: number; b0: number; b1: number } {
  const free = t.shape.slice(1).reduce((a, b) => a * b, 1);
  const size = dtypeInfo(t.dtype).bytes;
  const base = t.placement!.frameBase + t.placement!.offset;
  let pLo = Math.floor(view.offset / free);
  let fLo = view.offset - pLo * free;
  let pHi = pLo;
  let fHi = fLo;
  view.shape.forEach((n, d) => {
    if (n <= 1) return;
    const s = view.strides[d];
    const dp = Math.floor(s / free);
    const df = s - dp * free;
    pLo += Math.min(0, (n - 1) * dp);
    pHi += Math.max(0, (n - 1) * dp);
    fLo += Math.min(0, (n - 1) * df);
    fHi += Math.max(0, (n - 1) * df);
  });
  const first = t.placement!.partition ?? 0;
  return { p0: first + pLo, p1: first + pHi + 1, b0: base + fLo * size, b1: base + (fHi + 1) * size };
}
