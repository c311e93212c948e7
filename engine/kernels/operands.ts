/**
 * Reading and writing tensor operands for kernels: the checks every instruction shares (memory kinds that
 * depend on a call's arguments, never-written elements, NaN/Inf, races between cores) and scratch buffers.
 */
import { AccessPattern, MemoryKind } from '../ir/program';
import { dtypeInfo } from '../base/dtype';
import { roundTo } from '../machine/dtypes';
import { Core, Frame } from '../machine/core';
import { Fault } from '../machine/fault';
import { Machine } from '../machine/machine';
import { elementIndex, firstUnwritten, forEachIndex, readView, View, viewSize, writeView, zeroUnwritten } from '../machine/view';
import { compileAccess, ViewFn } from './compile-access';
import { compilingMasked, indicesInOperand, restrictedView } from './restriction';
import { compilingFloat64 } from './precision';

/** A tensor operand ready to run: how to get its view, and what it may be. */
export interface TensorOperand {
  readonly ap: AccessPattern;
  readonly view: ViewFn;
  readonly role: string;
  /** Checked when the view is made, for parameters whose memory is known only at the call. */
  readonly memories?: readonly MemoryKind[];
  /** Compiled for a shadow run's float64 execution: reads the shadows, and its writes wait for the instruction's. */
  readonly float64?: boolean;
}

export function tensorOperand(ap: AccessPattern, role: string, memories: readonly MemoryKind[]): TensorOperand {
  const view = restrictedView(compileAccess(ap, compilingMasked()), ap, role);
  return { ap, view, role, memories: ap.memory ? undefined : memories, float64: compilingFloat64() || undefined };
}

export function viewOf(op: TensorOperand, f: Frame, c: Core, m: Machine): View {
  const v = op.view(f, c, m);
  if (op.memories && !op.memories.includes(v.tensor.memory)) {
    throw new Fault('memory-kind', `the ${op.role} '${op.ap.text}' is in ${v.tensor.memory.toUpperCase()} (through parameter '${op.ap.tensor.name}') but must be in ${op.memories.map((k) => k.toUpperCase()).join(' or ')}`, op.ap.span);
  }
  return v;
}

/** Elements above which a buffer is not kept: a huge view gets a buffer the collector can take back. */
const KEEP_LIMIT = 1 << 18;

/** Reusable buffers, one per operand position, so that kernels do not allocate per instruction. */
export class Scratch {
  private readonly buffers: Float64Array[] = [];

  get(slot: number, n: number): Float64Array {
    if (n > KEEP_LIMIT) return new Float64Array(n);
    let b = this.buffers[slot];
    if (!b || b.length < n) this.buffers[slot] = b = new Float64Array(Math.max(n, 1024));
    return b.length === n ? b : b.subarray(0, n);
  }
}

export const scratch = new Scratch();

/** The operand's elements in row-major order, decoded; never-written elements fault or read as zero. */
export function readOperand(op: TensorOperand, v: View, m: Machine, slot: number): Float64Array {
  const n = viewSize(v);
  const values = scratch.get(slot, n);
  // A float64 execution reads a shadowed plane in one pass (decoded, zeroed where unwritten, shadows substituted).
  if (op.float64 && m.shadow && v.tensor.shadow && readsShadowed(op, v, m, values)) return values;
  readView(v, values);
  if (readsUnwritten(op, v, m)) zeroUnwritten(v, values);
  if (op.float64) m.shadow?.substitute(v, values);
  return values;
}

function readsShadowed(op: TensorOperand, v: View, m: Machine, values: Float64Array): boolean {
  readsUnwritten(op, v, m);
  return m.shadow!.read(v, values);
}

/** Whether the view holds never-written elements, which then read as zero; faults instead when that fault is on. */
export function readsUnwritten(op: TensorOperand, v: View, m: Machine): boolean {
  const bad = firstUnwritten(v);
  if (bad < 0) return false;
  if (m.raises('uninitialized-read')) {
    const at = indicesInOperand(v, bad).join(', ');
    throw new Fault('uninitialized-read', `the ${op.role} '${op.ap.text}' reads element [${at}] of the view, which was never written (${v.tensor.name} is ${describeWritten(v)})`, op.ap.span);
  }
  return true;
}

function describeWritten(v: View): string {
  const t = v.tensor;
  return t.writtenCount === 0 ? 'entirely unwritten' : `${t.writtenCount} of ${t.size} elements written`;
}

/**
 * Stores results with the destination's rounding. With the `nan` fault on, a NaN or infinity the instruction
 * makes from finite inputs faults first; with `race` on, a DRAM element another core wrote since the last
 * barrier faults. Both leave memory unchanged when they fault.
 */
export function writeOperand(op: TensorOperand, v: View, values: Float64Array, m: Machine, c: Core, inputsFinite: () => boolean): void {
  checkWrite(op, v, m, c, m.faults.nan ? values : undefined, 0, inputsFinite);
  writeChecked(op, v, values, m);
}

/** Writes values already checked; in float64, keeps them for the shadows of what the instruction itself writes. */
export function writeChecked(op: TensorOperand, v: View, values: Float64Array, m: Machine): void {
  if (op.float64) m.shadow?.pend(v, values);
  else writeView(v, values);
}

/**
 * The checks before a write: results that are NaN or overflow (looked at from index `from` on; the kernels in
 * WebAssembly find where the first suspect is), then races. Without values, only races.
 */
export function checkWrite(op: TensorOperand, v: View, m: Machine, c: Core, values: ArrayLike<number> | undefined, from: number, inputsFinite: () => boolean): void {
  // The instruction itself checks its write, which the float64 run must neither fault on nor record as a race.
  if (op.float64) return;
  if (values) checkNonFinite(op, v, values, from, m, inputsFinite);
  if (m.ncores > 1 && v.tensor.memory === 'dram') checkRace(op, v, m, c);
}

function checkNonFinite(op: TensorOperand, v: View, values: ArrayLike<number>, from: number, m: Machine, inputsFinite: () => boolean): void {
  const dtype = v.tensor.dtype;
  const max = dtypeInfo(dtype).maxFinite;
  const overflowsToInf = dtype === 'f32' || dtype === 'bf16' || dtype === 'f16';
  for (let i = from; i < values.length; i++) {
    const x = values[i];
    // A finite value overflows when its rounding is infinite (f16: 65,510 rounds to 65,504, 65,520 to inf).
    if (Number.isFinite(x) && !(overflowsToInf && Math.abs(x) > max && !Number.isFinite(roundTo(dtype, x)))) continue;
    if (!inputsFinite()) return;
    if (!m.raises('nan')) return;
    const what = Number.isNaN(x) ? 'NaN' : Number.isFinite(x) ? `${x}, which overflows ${dtype} to infinity` : `${x}`;
    const fault = new Fault('nan', `the ${op.role} '${op.ap.text}' gets ${what} at [${indicesInOperand(v, i).join(', ')}] from finite inputs`, op.ap.span);
    fault.made = { tensor: v.tensor, index: elementIndex(v, i), value: x };
    throw fault;
  }
}

function checkRace(op: TensorOperand, v: View, m: Machine, c: Core): void {
  if (!m.faults.race) return;
  let other: number | undefined;
  let where = -1;
  forEachIndex(v, (index, i) => {
    if (other !== undefined) return;
    const o = m.recordDramWrite(v.tensor, index, c.index);
    if (o !== undefined) {
      other = o;
      where = i;
    }
  });
  if (other !== undefined && m.raises('race')) {
    throw new Fault('race', `core ${c.index} writes '${op.ap.text}' at [${indicesInOperand(v, where).join(', ')}], which core ${other} also wrote since the last Barrier`, op.ap.span);
  }
}

export function allFinite(...arrays: Float64Array[]): boolean {
  for (const a of arrays) for (let i = 0; i < a.length; i++) if (!Number.isFinite(a[i])) return false;
  return true;
}

export function requireShape(op: TensorOperand, v: View, rows: number, cols: number, what: string): void {
  const [r, cl] = plane2d(v);
  if (r !== rows || cl !== cols) {
    throw new Fault('shape-mismatch', `the ${op.role} '${op.ap.text}' is [${v.shape.join(', ')}] here but ${what} needs [${rows}, ${cols}]`, op.ap.span);
  }
}

/** [partitions, free] of an on-chip view (rank 0 and 1 views are one partition; free dimensions count together). */
export function plane2d(v: View): [number, number] {
  const s = v.shape;
  if (s.length === 0) return [1, 1];
  if (s.length === 1) return [1, s[0]];
  let free = s[1];
  for (let d = 2; d < s.length; d++) free *= s[d];
  return [s[0], free];
}
