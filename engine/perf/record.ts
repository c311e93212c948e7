/**
 * Recording the executed instruction stream: the program runs on the simulator as it always does (loops, branches,
 * calls, cores, barriers), and before each instruction runs, what the cost model needs of it is written down with the
 * registers of the moment: its engine, the sizes of its operands, and the regions it reads and writes as boxes of
 * base tensors (the access plans of data breakpoints). Print and Assert are the simulator's, not the machine's: they
 * take no time and hold nothing back.
 */
import { dtypeInfo } from '../base/dtype';
import { InstrNode, Operand, Program } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { View, viewSize } from '../machine/view';
import { compileAccess, ViewFn } from '../kernels/compile-access';
import { word } from '../kernels/common';
import { ExecutionHooks } from '../run/hooks';
import { Interpreter, RunOutcome } from '../run/interpreter';
import { npyMachineOptions, RunOptions } from '../run/simulate';
import { AccessPlans } from '../debug/access-plan';
import { boxOfView } from '../debug/data-region';
import {
  ENGINE_CODE, ExecutedStream, InstructionFacts, KIND_BARRIER, KIND_COMPUTE, KIND_DMA, KIND_MATMUL, KIND_REGISTER, StreamBuilder,
} from './stream';

export interface Recording {
  readonly program: Program;
  readonly stream: ExecutedStream;
  readonly outcome: RunOutcome;
  readonly machine: Machine;
}

/** Neither the machine's work nor an ordering: the simulator's own output and checks. */
const UNTIMED = new Set(['Print', 'Assert', 'Assert.close']);

/** Runs the program to its end (or its fault), recording every instruction it executes. */
export function recordRun(program: Program, options: RunOptions = {}): Recording {
  return recordOn(new Machine(program, npyMachineOptions(options)));
}

/** Runs a machine made for the program (its inputs, cores and limits) to its end, recording what it executes. */
export function recordOn(machine: Machine): Recording {
  const program = machine.program;
  const recorder = new StreamRecorder(program, machine);
  const outcome = new Interpreter(machine).runDebug(recorder.hooks());
  return { program, stream: recorder.finish(), outcome, machine };
}

interface OperandViews {
  readonly dst?: ViewFn;
  readonly srcs: readonly ViewFn[];
}

/** Records the instructions a run executes; its hooks never stop the run. */
export class StreamRecorder {
  private readonly builder = new StreamBuilder();
  private readonly plans: AccessPlans;
  private readonly views = new Map<number, OperandViews>();
  /** A fused group's members are rows of a code of their own: their indices are not the program's. */
  private readonly memberViews = new Map<number, OperandViews>();
  private readonly baseIds = new Map<Tensor, number>();
  private readonly registerIds = new WeakMap<Frame, number>();
  private readonly scratch = new Float64Array(3 * 16);
  private readonly facts: InstructionFacts = { node: 0, tick: 0, core: 0, engine: 0, kind: 0, free: 0, inputs: 0, work: 0, slow: false, rowStart: 0, rowCount: 0 };

  /**
   * The sizes of instructions whose operands' shapes are static, measured once (a recording of sizes only): what
   * `measure` would find again at every run of the node, the registers changing only where its operands start.
   */
  private readonly staticSizes?: Map<number, StaticSizes | null>;

  constructor(
    program: Program,
    private readonly machine: Machine,
    /**
     * Told of an instruction whose operands cannot be made (the run faults there): a recording of sizes only stops.
     * Given, the sizes of static shapes are also measured once per node (the full recording measures every run).
     */
    private readonly unmeasured?: (node: InstrNode) => void,
  ) {
    this.plans = new AccessPlans(program);
    if (unmeasured) this.staticSizes = new Map();
  }

  hooks(): ExecutionHooks {
    return {
      beforeNode: (core, frame, node) => {
        if (node.kind === 'instr' && !UNTIMED.has(node.opcode)) this.record(core, frame, node);
        return false;
      },
      onCall: () => undefined,
      onReturn: () => undefined,
      onRegionEnter: () => undefined,
      onRegionExit: () => undefined,
      onFault: () => false,
    };
  }

  finish(): ExecutedStream {
    return this.builder.finish();
  }

  private record(core: Core, frame: Frame, node: InstrNode): void {
    const f = this.facts;
    f.node = node.index;
    f.tick = this.machine.instructionsExecuted;
    f.core = core.index;
    f.engine = ENGINE_CODE[node.engine];
    f.free = 0;
    f.inputs = 0;
    f.work = 0;
    f.slow = false;
    f.rowStart = 0;
    f.rowCount = 0;
    f.kind = kindOf(node);
    const known = this.staticSizes?.get(node.index);
    if (known) {
      f.free = known.free;
      f.inputs = known.inputs;
      f.work = known.work;
      f.slow = known.slow;
    } else {
      try {
        if (node.members) for (const m of node.members) this.measure(m, frame, core, this.memberViews);
        else this.measure(node, frame, core, this.views);
        if (known === undefined && this.staticSizes) this.staticSizes.set(node.index, hasStaticSizes(node) ? { free: f.free, inputs: f.inputs, work: f.work, slow: f.slow } : null);
      } catch {
        // An operand the instruction cannot make faults it: it runs (and faults) with the sizes found so far.
        this.unmeasured?.(node);
      }
    }
    this.builder.begin(f);
    this.accesses(core, frame, node);
  }

  /** The sizes the cost of one instruction (or one member of a fused group) depends on. */
  private measure(node: InstrNode, frame: Frame, core: Core, views: Map<number, OperandViews>): void {
    const f = this.facts;
    const ops = this.operandViews(node, views);
    const m = this.machine;
    const srcs = ops.srcs.map((v) => v(frame, core, m));
    const dst = ops.dst?.(frame, core, m);
    if (node.opcode === 'MatMult' && srcs.length >= 2) {
      const [stationary, moving] = srcs;
      const k = partitions(moving);
      // Double-row mode streams its [K, 2, N] moving operand as N columns of pairs: N cycles for 2·K·M·N (trainium2_arch).
      f.free = word(node, 'perf_mode', 'none') === 'double_row' ? freeSize(moving) / 2 : freeSize(moving);
      f.work = k * freeSize(stationary) * f.free;
      f.slow = isF32(stationary) || isF32(moving);
    } else if (node.opcode === 'MatMultMX' && srcs.length >= 2) {
      // Each processing element multiplies the 4 values of a packed element per cycle: N cycles for 4·K·M·N (mxfp-matmul.rst).
      const [stationary, moving] = srcs;
      f.free = freeSize(moving);
      f.work = 4 * partitions(moving) * freeSize(stationary) * f.free;
      f.slow = false;
    } else if (node.opcode === 'Transpose' && node.engine === 'PE' && srcs.length >= 1) {
      // A transpose is a MatMult against the identity: the source's partitions are its moving free size.
      const src = srcs[0];
      f.free = partitions(src);
      f.work = partitions(src) * freeSize(src) * partitions(src);
      f.slow = isF32(src);
    } else if (node.opcode === 'DmaCopy' && dst) {
      const src = srcs[0];
      f.work = viewSize(dst) * Math.max(dtypeInfo(dst.tensor.dtype).bytes, src ? dtypeInfo(src.tensor.dtype).bytes : 0);
      this.rows(dst.tensor.memory !== 'dram' || !src || src.tensor.memory === 'dram' ? dst : src);
    } else {
      const measured = srcs.length ? srcs : dst ? [dst] : [];
      for (const v of measured) f.free = Math.max(f.free, freeSize(v));
      f.inputs += srcs.length;
    }
  }

  /** The partitions (rows) of the on-chip side of a transfer: the DMA queues that serve it. */
  private rows(v: View): void {
    const box = boxOfView(v);
    if (box && box.length >= 2) {
      this.facts.rowStart = box[0].start;
      this.facts.rowCount = box[0].count;
    } else {
      this.facts.rowStart = 0;
      this.facts.rowCount = v.shape.length >= 2 ? v.shape[0] : 1;
    }
  }

  private operandViews(node: InstrNode, views: Map<number, OperandViews>): OperandViews {
    let ops = views.get(node.index);
    if (!ops) {
      // A masked instruction's views as it makes them (a tail tile's slice may leave its tensor): it is costed as its
      // whole views, an upper bound of what the mask keeps.
      const masked = node.attrs.has('mask');
      const tensorOf = (o: Operand | undefined): ViewFn | undefined => (o?.kind === 'tensor' ? compileAccess(o.ap, masked) : undefined);
      const srcs: ViewFn[] = [];
      for (const o of node.srcs) {
        const v = tensorOf(o);
        if (v) srcs.push(v);
      }
      for (const a of node.attrs.values()) {
        const v = a.kind === 'operand' ? tensorOf(a.operand) : undefined;
        if (v) srcs.push(v);
      }
      ops = { dst: tensorOf(node.dst), srcs };
      views.set(node.index, ops);
    }
    return ops;
  }

  /** The regions the instruction reads and writes, with the registers of the moment. */
  private accesses(core: Core, frame: Frame, node: InstrNode): void {
    const m = this.machine;
    const plan = this.plans.of(node);
    const box = this.scratch;
    for (const t of plan.tensors) {
      if (t.when && t.when(frame, core, m) === 0) continue;
      let tensor: Tensor;
      let made = true;
      try {
        tensor = t.base(frame, m);
        if (!t.box || !t.box(frame, core, m, box)) {
          made = false;
          const view = t.view(frame, core, m);
          made = true;
          const b = boxOfView(view);
          if (!b) throw new Error('not a box');
          b.forEach((d, k) => box.set([d.start, d.count, d.step], 3 * k));
        }
      } catch {
        // The operand cannot be made: the instruction faults there (sizes measured once did not make it again).
        if (!made) this.unmeasured?.(node);
        continue;
      }
      const base = this.baseOf(tensor);
      if (t.reads) this.builder.access(base, false, box);
      if (t.writes) this.builder.access(base, true, box);
    }
    if (plan.readRegs || plan.writeRegs) {
      const regs = this.registersOf(frame);
      // The registers read or written, lowest first: each set bit once, not every register asked.
      for (let bits = plan.readRegs | plan.writeRegs; bits !== 0; bits &= bits - 1) {
        const bit = bits & -bits;
        const r = 31 - Math.clz32(bit);
        box[0] = r;
        box[1] = 1;
        box[2] = 1;
        if (plan.readRegs & bit) this.builder.access(regs, false, box);
        if (plan.writeRegs & bit) this.builder.access(regs, true, box);
      }
    }
  }

  private baseOf(t: Tensor): number {
    let id = this.baseIds.get(t);
    if (id === undefined) {
      const psum = t.memory === 'psum' && t.placement
        ? { offset: t.placement.frameBase + t.placement.offset, elementBytes: dtypeInfo(t.dtype).bytes, strides: t.strides }
        : undefined;
      id = this.builder.addBase(t.core === undefined ? t.name : `${t.name} (core ${t.core})`, t.shape.length, false, psum);
      this.baseIds.set(t, id);
    }
    return id;
  }

  private registersOf(f: Frame): number {
    let id = this.registerIds.get(f);
    if (id === undefined) {
      id = this.builder.addBase(`registers of ${f.fn.name}`, 1, true);
      this.registerIds.set(f, id);
    }
    return id;
  }
}

/** What `measure` finds of an instruction whose operands' shapes do not depend on registers. */
interface StaticSizes {
  readonly free: number;
  readonly inputs: number;
  readonly work: number;
  readonly slow: boolean;
}

/**
 * Whether an instruction's sizes are the same at every run: one instruction (not a group), not a transfer (its queues
 * follow the partitions it starts at), without a mask (a tail tile's views are cut), every tensor operand of a static
 * shape. The sizes then depend on the operands' shapes and dtypes, and an operand's dtype is its declaration's.
 */
function hasStaticSizes(node: InstrNode): boolean {
  if (node.members || node.opcode === 'DmaCopy' || node.attrs.has('mask')) return false;
  const fixed = (o: Operand | undefined): boolean => o?.kind !== 'tensor' || o.ap.shape.every((d) => d !== undefined);
  if (!fixed(node.dst) || !node.srcs.every(fixed)) return false;
  for (const a of node.attrs.values()) if (a.kind === 'operand' && !fixed(a.operand)) return false;
  return true;
}

/** How the cost model times the instruction: by its opcode, and a Transpose by its engine (the PE array's, or DVE's). */
function kindOf(node: InstrNode): number {
  switch (node.opcode) {
    case 'MatMult':
    case 'MatMultMX': return KIND_MATMUL;
    case 'Transpose': return node.engine === 'PE' ? KIND_MATMUL : KIND_COMPUTE;
    case 'DmaCopy': return KIND_DMA;
    case 'Barrier': return KIND_BARRIER;
    case 'Set': return KIND_REGISTER;
    default: return KIND_COMPUTE;
  }
}

/** Engines see on-chip views as [partitions, free]: a view of one dimension is one partition. */
function partitions(v: View): number {
  return v.shape.length >= 2 ? v.shape[0] : 1;
}

function freeSize(v: View): number {
  const p = partitions(v);
  return p === 0 ? 0 : viewSize(v) / p;
}

function isF32(v: View): boolean {
  return v.tensor.dtype === 'f32';
}
