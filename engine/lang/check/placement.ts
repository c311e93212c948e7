/**
 * Placement of on-chip allocations. Each activation of a function gets a frame in SBUF and in PSUM, on top
 * of its caller's frame; allocations are laid out in declaration order inside it, in partitions [0, P) unless
 * placed explicitly; those of a block are freed at its end, so sibling blocks share bytes.
 */
import { DiagnosticBag } from '../diagnostics';
import { Span } from '../../base/span';
import { FunctionIR, Placement } from '../../ir/program';
import { dtypeInfo, DType } from '../../base/dtype';
import { PSUM_BANK_BYTES, PSUM_BYTES_PER_PARTITION, SBUF_ALIGNMENT, SBUF_BYTES_PER_PARTITION } from '../../machine/limits';

/** An allocation live at this point of the function: what a later one may not overlap, and what messages name. */
interface LiveAllocation {
  readonly name: string;
  /** Its partitions [p0, p1). */
  readonly p0: number;
  readonly p1: number;
  readonly offset: number;
  readonly end: number;
  readonly line: number;
}

/**
 * A memory of a function's frame while its body is checked. Allocations are placed one after the other; an
 * allocation in a block (a loop body, a branch arm) is freed at the block's end, so that the next block places its
 * own in the same bytes: the frame is as large as the most that is live at any one point (`peak`).
 */
export interface MemoryPlan {
  readonly name: 'sbuf' | 'psum';
  readonly capacity: number;
  /** Where the next allocation is placed from: the end of the live allocation that ends last. */
  used: number;
  peak: number;
  readonly live: LiveAllocation[];
}

export function newPlans(): { sbuf: MemoryPlan; psum: MemoryPlan } {
  return {
    sbuf: { name: 'sbuf', capacity: SBUF_BYTES_PER_PARTITION, used: 0, peak: 0, live: [] },
    psum: { name: 'psum', capacity: PSUM_BYTES_PER_PARTITION, used: 0, peak: 0, live: [] },
  };
}

/** What a block's end gives back: the plan as it was when the block began. */
export interface PlanMark { readonly used: number; readonly live: number }

export function markPlan(plan: MemoryPlan): PlanMark {
  return { used: plan.used, live: plan.live.length };
}

/** Frees the allocations made since the mark (the block ended). */
export function releaseTo(plan: MemoryPlan, mark: PlanMark): void {
  plan.used = mark.used;
  plan.live.length = mark.live;
}

/** What is asked of one allocation: its type, where it is declared, and its explicit place if it has one. */
export interface PlacementRequest {
  readonly name: string;
  readonly dtype: DType;
  readonly shape: readonly number[];
  readonly span: Span;
  /** `'t::main'` or `'t::main' (in the loop at line 12)`: where the allocation lives, for messages. */
  readonly where: string;
  /** An explicit byte offset in each partition (SBUF `offset = N`, PSUM `bank = N` as N * 2048), relative to the frame. */
  readonly offset?: number;
  /** The explicit text of the place, as the message quotes it (`bank = 2`). */
  readonly offsetText?: string;
  /** An explicit first partition (`partition = 64`), checked against the hardware's rule; absent for 0. */
  readonly partition?: number;
  /** For an array of tiles: its dimensions (`shape` is then the whole array's, `[P, ...array, ...tile free]`). */
  readonly array?: readonly number[];
}

/** Places one allocation; reports an overflow or an overlap with the sizes involved and returns undefined. */
export function place(plan: MemoryPlan, request: PlacementRequest, diagnostics: DiagnosticBag): Placement | undefined {
  const { name, dtype, shape, span, where } = request;
  // The free dimensions of a partition are one row of bytes.
  const bytes = shape.slice(1).reduce((a, b) => a * b, 1) * dtypeInfo(dtype).bytes;
  const explicit = request.offset !== undefined;
  const offset = explicit ? request.offset! : plan.name === 'sbuf' ? alignUp(plan.used, SBUF_ALIGNMENT) : psumOffset(plan.used, bytes);
  const what = describe(plan, request, bytes);
  const straddle = plan.name === 'psum' ? tileStraddles(request, bytes) : undefined;
  if (straddle) {
    diagnostics.error(span, `${what}: ${straddle}`);
    return undefined;
  }
  const p0 = request.partition ?? 0;
  const badStart = startPartitionProblem(shape[0], p0);
  if (badStart) {
    diagnostics.error(span, `${what} ${badStart}`);
    return undefined;
  }
  if (offset + bytes > plan.capacity) {
    const others = plan.live.length && !explicit ? ` (${usedBy(plan)}${lostToAlignment(plan, offset, bytes)})` : '';
    diagnostics.error(span, `${what} does not fit in ${where}: it would end at byte ${offset + bytes} but ${plan.name.toUpperCase()} has ${plan.capacity} bytes per partition${others}`);
    return undefined;
  }
  if (explicit) {
    const problem = explicitProblem(plan, request, offset, bytes);
    if (problem) {
      diagnostics.error(span, `${what} ${problem}`);
      return undefined;
    }
  }
  plan.live.push({ name, p0, p1: p0 + shape[0], offset, end: offset + bytes, line: span.line });
  plan.used = Math.max(plan.used, offset + bytes);
  plan.peak = Math.max(plan.peak, plan.used);
  return p0 ? { partitions: shape[0], partition: p0, offset, bytesPerPartition: bytes } : { partitions: shape[0], offset, bytesPerPartition: bytes };
}

/**
 * The partition an on-chip tensor may start at, by how many it takes: the NKI architecture guide
 * (`nki/guides/architecture/trainium_inferentia2_arch.rst`, "start_partition"): more than 64 partitions start at 0,
 * 33 to 64 at 0 or 64, 1 to 32 at 0, 32, 64 or 96.
 */
export function startPartitionProblem(partitions: number, start: number): string | undefined {
  const allowed = partitions > 64 ? [0] : partitions > 32 ? [0, 64] : [0, 32, 64, 96];
  if (allowed.includes(start)) return undefined;
  const range = partitions > 64 ? '65 to 128' : partitions > 32 ? '33 to 64' : '1 to 32';
  const list = allowed.length === 1 ? 'partition 0' : `partition ${allowed.slice(0, -1).join(', ')} or ${allowed[allowed.length - 1]}`;
  return `cannot start at partition ${start}: a tensor of ${range} partitions starts at ${list} (the hardware's start-partition rule, NKI architecture guide); it takes ${partitions}`;
}

/** The allocation as messages name it: `psum allocation 'acc' (f32[128, 512], ...)`, or an array with its tiles. */
function describe(plan: MemoryPlan, request: PlacementRequest, bytes: number): string {
  const { name, dtype, shape, array } = request;
  const place = request.offsetText ? `, ${request.offsetText}` : '';
  if (!array) return `${plan.name} allocation '${name}' (${dtype}[${shape.join(', ')}], ${bytes} bytes per partition${place})`;
  const tile = [shape[0], ...shape.slice(1 + array.length)];
  const count = array.reduce((a, b) => a * b, 1);
  return `${plan.name} array of tiles '${name}${array.map((n) => `[${n}]`).join('')}' (${count} tiles of ${dtype}[${tile.join(', ')}], ${bytes / count} bytes per partition each, ${bytes} in all${place})`;
}

/**
 * Why the tiles of a PSUM array would straddle banks: they follow each other, so when the array is larger than a
 * bank (and starts on one), a tile must fill a bank, whole banks, or a fraction of a bank that divides it, as a
 * single allocation never straddles two banks.
 */
function tileStraddles(request: PlacementRequest, bytes: number): string | undefined {
  if (!request.array || bytes <= PSUM_BANK_BYTES) return undefined;
  const tile = bytes / request.array.reduce((a, b) => a * b, 1);
  if (PSUM_BANK_BYTES % tile === 0 || tile % PSUM_BANK_BYTES === 0) return undefined;
  return `its tiles follow each other in each partition and the array is larger than a ${PSUM_BANK_BYTES}-byte bank, so a tile of ${tile} bytes would straddle two banks; tiles of an array in PSUM must fill whole banks or divide one (${PSUM_BANK_BYTES}, 1024, 512, ... bytes per partition), else declare them as separate allocations`;
}

/** Why an explicit place cannot be taken: its alignment, or the live allocation it overlaps. */
function explicitProblem(plan: MemoryPlan, request: PlacementRequest, offset: number, bytes: number): string | undefined {
  if (plan.name === 'sbuf' && offset % SBUF_ALIGNMENT !== 0) return `starts at byte ${offset}: SBUF allocations start on ${SBUF_ALIGNMENT}-byte boundaries`;
  // Two allocations overlap when they share partitions and bytes.
  const p0 = request.partition ?? 0;
  const p1 = p0 + request.shape[0];
  const other = plan.live.find((o) => o.offset < offset + bytes && offset < o.end && o.p0 < p1 && p0 < o.p1);
  if (!other) return undefined;
  // Allocations from partition 0 (all but those placed with `partition = N`) are told apart by their bytes alone.
  if (p0 === 0 && other.p0 === 0) {
    return `overlaps '${other.name}' (line ${other.line}), which is live here: '${request.name}' would take bytes ${offset}..${offset + bytes - 1} of each partition, '${other.name}' takes bytes ${other.offset}..${other.end - 1}`;
  }
  return `overlaps '${other.name}' (line ${other.line}), which is live here: '${request.name}' would take bytes ${offset}..${offset + bytes - 1} of partitions ${p0}..${p1 - 1}, '${other.name}' takes bytes ${other.offset}..${other.end - 1} of partitions ${other.p0}..${other.p1 - 1}`;
}

/** The live allocations and the bytes they take, with the bytes alignment left between them. */
function usedBy(plan: MemoryPlan): string {
  const taken = plan.live.reduce((sum, o) => sum + (o.end - o.offset), 0);
  const gaps = plan.used - taken;
  const names = plan.live.map((o) => `'${o.name}'`).join(', ');
  return `${taken} bytes are used by ${names}${gaps > 0 ? `, ${gaps} are lost to alignment between them` : ''}`;
}

/** Why an allocation starts after the bytes used: the bytes the alignment skips, said where they matter. */
function lostToAlignment(plan: MemoryPlan, offset: number, bytes: number): string {
  const lost = offset - plan.used;
  if (lost <= 0) return '';
  const rule = plan.name === 'sbuf'
    ? `SBUF allocations start on ${SBUF_ALIGNMENT}-byte boundaries`
    : bytes <= PSUM_BANK_BYTES
      ? `a PSUM allocation that fits in a ${PSUM_BANK_BYTES}-byte bank never straddles two`
      : `a PSUM allocation larger than a bank starts on a bank`;
  return `, and ${lost} more are skipped because ${rule}: this one would start at byte ${offset}`;
}

/** A PSUM allocation that fits in a 2 KiB bank never straddles two; a larger one starts on a bank. */
function psumOffset(used: number, bytes: number): number {
  const offset = alignUp(used, 4);
  const inBank = offset % PSUM_BANK_BYTES;
  if (bytes <= PSUM_BANK_BYTES ? inBank + bytes > PSUM_BANK_BYTES : inBank !== 0) return alignUp(offset, PSUM_BANK_BYTES);
  return offset;
}

export function alignUp(n: number, alignment: number): number {
  return Math.ceil(n / alignment) * alignment;
}

/** Frame sizes keep every frame aligned, so a callee's frame places the same way at any depth. */
export function frameBytes(plan: MemoryPlan): number {
  return alignUp(plan.peak, plan.name === 'sbuf' ? SBUF_ALIGNMENT : PSUM_BANK_BYTES);
}

/**
 * The deepest chain of calls from `main` must fit: a callee's frame sits on its caller's. Recursive calls
 * cannot be bounded here; they are checked when they run (the `memory-overflow` fault).
 */
export function checkCallChains(
  main: FunctionIR,
  callees: ReadonlyMap<FunctionIR, readonly { callee: FunctionIR; span: Span }[]>,
  diagnostics: DiagnosticBag,
): void {
  const need = new Map<FunctionIR, { sbuf: number; psum: number }>();
  const visiting = new Set<FunctionIR>();
  const measure = (fn: FunctionIR): { sbuf: number; psum: number } => {
    const known = need.get(fn);
    if (known) return known;
    visiting.add(fn);
    let sbuf = 0;
    let psum = 0;
    for (const { callee } of callees.get(fn) ?? []) {
      if (visiting.has(callee)) continue;
      const n = measure(callee);
      sbuf = Math.max(sbuf, n.sbuf);
      psum = Math.max(psum, n.psum);
    }
    visiting.delete(fn);
    const total = { sbuf: fn.sbufFrameBytes + sbuf, psum: fn.psumFrameBytes + psum };
    need.set(fn, total);
    return total;
  };
  measure(main);
  const reported = new Set<string>();
  // A chain is reported at the call whose callee's frame does not fit, as the run would fault there; the
  // calls below it are not walked, so one overflow is one diagnostic.
  const walk = (fn: FunctionIR, base: { sbuf: number; psum: number }, chain: string[]): void => {
    if (chain.includes(fn.fullName)) return;
    const total = need.get(fn)!;
    // Nothing below overflows: no need to walk it (keeps the walk linear on programs that fit).
    if (base.sbuf + total.sbuf <= SBUF_BYTES_PER_PARTITION && base.psum + total.psum <= PSUM_BYTES_PER_PARTITION) return;
    const here = [...chain, fn.fullName];
    const start = { sbuf: base.sbuf + fn.sbufFrameBytes, psum: base.psum + fn.psumFrameBytes };
    for (const { callee, span } of callees.get(fn) ?? []) {
      let overflows = false;
      for (const mem of ['sbuf', 'psum'] as const) {
        const capacity = mem === 'sbuf' ? SBUF_BYTES_PER_PARTITION : PSUM_BYTES_PER_PARTITION;
        const frame = mem === 'sbuf' ? callee.sbufFrameBytes : callee.psumFrameBytes;
        if (start[mem] + frame <= capacity) continue;
        overflows = true;
        const key = `${span.file}:${span.line}:${span.col}:${mem}`;
        if (reported.has(key)) continue;
        reported.add(key);
        diagnostics.error(span, `call to '${callee.fullName}' overflows ${mem.toUpperCase()}: its frame needs ${frame} bytes per partition but the chain ${here.join(' -> ')} already uses ${start[mem]} of ${capacity}`);
      }
      if (!overflows) walk(callee, start, here);
    }
  };
  walk(main, { sbuf: 0, psum: 0 }, []);
}
