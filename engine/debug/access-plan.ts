/**
 * What a node reads and writes when it runs, as data breakpoints ask it: each tensor operand as the view its access
 * pattern makes with the registers of the moment (compiled once per node), and the registers it reads or writes. A
 * fused group accesses what its members do, each access tagged with its member; Print and Assert read the tensors
 * their expressions name (as precisely as constants allow).
 */
import { accumulatorAttribute, writtenAttribute } from '../ir/opcodes';
import { AccessPattern, DramInfo, FunctionIR, InstrNode, Node, Operand, Program, TensorDecl } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { View } from '../machine/view';
import { compileAccess } from '../kernels/compile-access';
import { compileScalar, ScalarFn } from '../kernels/compile-scalar';
import { evalScalarConst } from '../ir/scalar';
import { Effects } from '../graph/effects';
import { DimRange } from '../graph/footprint';
import { compileKeptBoxes, KeptBoxes } from './masked-access';
import { maskedOperandRole } from '../kernels/restriction';

export interface TensorAccess {
  /** What the instruction does with these elements: one access pattern that a node reads and writes is one access. */
  readonly reads: boolean;
  writes: boolean;
  /** The base tensor it reaches, found without making the view: the cheap test of every node. */
  readonly base: (f: Frame, m: Machine) => Tensor;
  /** The view, with the registers of the moment; throws as the instruction would (it then faults). */
  readonly view: (f: Frame, c: Core, m: Machine) => View;
  /**
   * For an access pattern on a DRAM tensor or an allocation (not a parameter's view): its box written into `out`
   * (start, count, step per dimension) without making the view; false when the instruction would fault on it.
   */
  readonly box?: (f: Frame, c: Core, m: Machine, out: Float64Array) => boolean;
  /** Only some runs read it (an accumulator, when the attribute that makes it accumulate is not 0). */
  readonly when?: ScalarFn;
  /** The member of a fused group that makes the access. */
  readonly member?: InstrNode;
  /** Under a mask: the boxes of the base tensor the kept elements reach (the view is the whole operand's). */
  readonly kept?: KeptBoxes;
  /** The access pattern's text and tensor, to find the same pattern read and written. */
  readonly text?: string;
  readonly decl?: TensorDecl;
}

export interface AccessPlan {
  readonly tensors: readonly TensorAccess[];
  /** Registers (of the node's frame) read and written, as bit masks. */
  readonly readRegs: number;
  readonly writeRegs: number;
}

const NONE: AccessPlan = { tensors: [], readRegs: 0, writeRegs: 0 };

/** Plans by node index, made when a node first runs with data breakpoints set. */
export class AccessPlans {
  private readonly plans: (AccessPlan | undefined)[] = [];
  private readonly effects: Effects;

  constructor(program: Program) {
    this.effects = new Effects(program);
  }

  of(node: Node): AccessPlan {
    return (this.plans[node.index] ??= this.make(node));
  }

  private make(node: Node): AccessPlan {
    const e = this.effects.nodeEffects(node);
    let readRegs = 0;
    let writeRegs = 0;
    for (const r of e.reads) if (r.fp.kind === 'register') readRegs |= 1 << Number(r.fp.name.slice(1));
    for (const w of e.writes) if (w.fp.kind === 'register') writeRegs |= 1 << Number(w.fp.name.slice(1));
    if (node.kind !== 'instr') return readRegs || writeRegs ? { tensors: [], readRegs, writeRegs } : NONE;
    const tensors: TensorAccess[] = [];
    for (const m of node.members ?? [node]) this.instruction(m, node.members ? m : undefined, tensors);
    return { tensors, readRegs, writeRegs };
  }

  private instruction(node: InstrNode, member: InstrNode | undefined, out: TensorAccess[]): void {
    // Under a mask the operands are what the instruction may access: the whole views, cut to their tensors where a
    // tail tile's slice leaves it (kernels/restriction.ts checks the part the mask keeps).
    const masked = node.attrs.has('mask');
    const add = (ap: AccessPattern, write: boolean, when?: ScalarFn, role = write ? 'destination' : 'operand'): void => {
      // `acc[r0, 0:4] <- acc[r0, 0:4], ...`: the read and the write are one box, computed once per run of the node.
      const same = write && !when ? out.find((a) => a.text === ap.text && a.decl === ap.tensor && a.member?.index === member?.index && !a.when) : undefined;
      if (same) same.writes = true;
      else out.push({ reads: !write, writes: write, text: ap.text, decl: ap.tensor, base: baseOf(ap.tensor), view: compileAccess(ap, masked), box: compileBox(ap, masked), when, member, kept: masked ? compileKeptBoxes(node, ap, role) : undefined });
    };
    const read = (o: Operand, role = 'operand'): void => {
      if (o.kind === 'tensor') add(o.ap, false, undefined, role);
    };
    node.srcs.forEach((o, i) => read(o, maskedOperandRole(node.opcode, i)));
    const written = writtenAttribute(node.opcode);
    for (const [name, v] of node.attrs) {
      if (v.kind !== 'operand') continue;
      if (name === written && v.operand.kind === 'tensor') add(v.operand.ap, true);
      else read(v.operand);
    }
    if (node.srcs.some((o) => o.kind === 'eval')) this.evalReads(node, member, out);
    const dst = node.dst;
    if (dst?.kind !== 'tensor') return;
    const accumulator = accumulatorAttribute(node.opcode);
    if (accumulator) {
      const acc = node.attrs.get(accumulator);
      if (acc?.kind === 'operand' && acc.operand.kind === 'scalar') add(dst.ap, false, compileScalar(acc.operand.expr));
    }
    add(dst.ap, true);
  }

  /** The tensors an expression of Print or Assert names: boxes of constant bounds, whole dimensions otherwise. */
  private evalReads(node: InstrNode, member: InstrNode | undefined, out: TensorAccess[]): void {
    for (const r of this.effects.nodeEffects(node).reads) {
      const decl = r.tensor;
      if (r.fp.kind !== 'memory' || !decl) continue;
      const base = baseViewOf(decl);
      const dims = r.fp.dims;
      out.push({ reads: true, writes: false, base: (f, m) => base(f, m).tensor, view: (f, _c, m) => boxView(base(f, m), dims), member });
    }
  }
}

/** Ranks whose boxes fit the scratch of data breakpoints (3 numbers per dimension); views of higher ranks are made. */
export const MAX_FLAT_RANK = 16;

/** The box of an access pattern on a tensor the function names directly: its items, whole dimensions after them. */
function compileBox(ap: AccessPattern, masked: boolean): TensorAccess['box'] {
  const shape = ap.tensor.shape;
  const rank = shape.length;
  if (ap.tensor.kind === 'param' || rank > MAX_FLAT_RANK || ap.bitcast) return undefined;
  const items = ap.items.map((i) => (i.kind === 'at'
    ? { at: compileScalar(i.index), lo: undefined, hi: undefined, step: 1 }
    : { at: undefined, lo: compileScalar(i.lo), hi: compileScalar(i.hi), step: evalScalarConst(i.step) ?? 1 }));
  return (f, c, m, out) => {
    for (let d = 0; d < rank; d++) {
      const item = items[d];
      const size = shape[d];
      let start = 0;
      let count = size;
      let step = 1;
      if (item?.at) {
        start = item.at(f, c, m);
        if (!Number.isInteger(start) || start < 0 || start >= size) return false;
        count = 1;
      } else if (item) {
        let lo = item.lo!(f, c, m);
        let hi = item.hi!(f, c, m);
        if (masked && item.step === 1) [lo, hi] = [Math.max(lo, 0), Math.min(hi, size)];
        if (!Number.isInteger(lo) || !Number.isInteger(hi) || hi <= lo || lo < 0 || hi > size) return false;
        start = lo;
        step = item.step;
        count = Math.ceil((hi - lo) / step);
      }
      out[3 * d] = start;
      out[3 * d + 1] = count;
      out[3 * d + 2] = count === 1 ? 1 : step;
    }
    return true;
  };
}

function baseViewOf(decl: TensorDecl): (f: Frame, m: Machine) => View {
  const slot = decl.slot;
  return decl.kind === 'dram' ? (_f, m) => m.dramViews[slot] : (f) => f.tensors[slot];
}

function baseOf(decl: TensorDecl): (f: Frame, m: Machine) => Tensor {
  const slot = decl.slot;
  return decl.kind === 'dram' ? (_f, m) => m.drams[slot] : (f) => f.tensors[slot].tensor;
}

/** A box of a declared tensor's index space, through the frame's view of it. */
function boxView(base: View, dims: readonly DimRange[]): View {
  let offset = base.offset;
  const shape: number[] = [];
  const strides: number[] = [];
  dims.forEach((d, i) => {
    offset += d.start * base.strides[i];
    shape.push(Math.floor((d.last - d.start) / d.step) + 1);
    strides.push(base.strides[i] * d.step);
  });
  return { tensor: base.tensor, offset, shape, strides };
}

/** The DRAM tensor's declaration, for a tensor of the machine. */
export function dramOf(m: Machine, t: Tensor): DramInfo | undefined {
  const slot = m.drams.indexOf(t);
  return slot < 0 ? undefined : m.program.drams[slot];
}

/** The function and allocation a tensor of a live frame was made for, on its core. */
export function allocOf(m: Machine, t: Tensor): { readonly fn: FunctionIR; readonly name: string; readonly arrays: number } | undefined {
  if (t.core === undefined) return undefined;
  for (const f of m.cores[t.core]?.frames ?? []) {
    for (const a of f.fn.allocs) if (f.tensors[a.slot].tensor === t) return { fn: f.fn, name: a.name, arrays: a.array?.length ?? 0 };
  }
  return undefined;
}
