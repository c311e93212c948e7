/**
 * Placement of on-chip allocations. Each activation of a function gets a frame in SBUF and in PSUM, on top
 * of its caller's frame; allocations are laid out in declaration order inside it, in partitions [0, P).
 */
import { DiagnosticBag } from '../diagnostics';
import { Span } from '../../base/span';
import { FunctionIR, Placement } from '../../ir/program';
import { dtypeInfo, DType } from '../../base/dtype';
import { PSUM_BANK_BYTES, PSUM_BYTES_PER_PARTITION, SBUF_ALIGNMENT, SBUF_BYTES_PER_PARTITION } from '../../machine/limits';

export interface MemoryPlan {
  readonly name: 'sbuf' | 'psum';
  readonly capacity: number;
  used: number;
  /** Allocations placed so far, for messages that name what fills the memory. */
  readonly names: string[];
}

export function newPlans(): { sbuf: MemoryPlan; psum: MemoryPlan } {
  return {
    sbuf: { name: 'sbuf', capacity: SBUF_BYTES_PER_PARTITION, used: 0, names: [] },
    psum: { name: 'psum', capacity: PSUM_BYTES_PER_PARTITION, used: 0, names: [] },
  };
}

/** Places one allocation; reports an overflow with the sizes involved and returns undefined. */
export function place(
  plan: MemoryPlan,
  name: string,
  dtype: DType,
  shape: readonly number[],
  span: Span,
  fnName: string,
  diagnostics: DiagnosticBag,
): Placement | undefined {
  // The free dimensions of a partition are one row of bytes.
  const bytes = shape.slice(1).reduce((a, b) => a * b, 1) * dtypeInfo(dtype).bytes;
  const offset = plan.name === 'sbuf' ? alignUp(plan.used, SBUF_ALIGNMENT) : psumOffset(plan.used, bytes);
  if (offset + bytes > plan.capacity) {
    const others = plan.names.length ? ` (${plan.used} bytes are used by ${plan.names.map((n) => `'${n}'`).join(', ')}${lostToAlignment(plan, offset, bytes)})` : '';
    diagnostics.error(span, `${plan.name} allocation '${name}' (${dtype}[${shape.join(', ')}], ${bytes} bytes per partition) does not fit in '${fnName}': it would end at byte ${offset + bytes} but ${plan.name.toUpperCase()} has ${plan.capacity} bytes per partition${others}`);
    return undefined;
  }
  plan.used = offset + bytes;
  plan.names.push(name);
  return { partitions: shape[0], offset, bytesPerPartition: bytes };
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
  return alignUp(plan.used, plan.name === 'sbuf' ? SBUF_ALIGNMENT : PSUM_BANK_BYTES);
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
