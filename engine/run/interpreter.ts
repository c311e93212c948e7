/**
 * The interpreter: advances cores node by node, round-robin, one node per core per turn, so every run is
 * deterministic. Two loops share one semantics: `runFast` (no debugger) and `runDebug` (hooks before each node).
 */
import { performance } from 'perf_hooks';
import { CallNode, ForNode, FunctionIR, IfNode, InstrNode, Node, Region } from '../ir/program';
import { Core, Frame, LoopState, RegionCursor } from '../machine/core';
import { Fault, internalFault, isContinuable } from '../machine/fault';
import { PSUM_BYTES_PER_PARTITION, SBUF_BYTES_PER_PARTITION } from '../machine/limits';
import { Machine } from '../machine/machine';
import { View, wholeView } from '../machine/view';
import { compileInstruction, Executor } from '../kernels';
import { compileAccess, ViewFn } from '../kernels/compile-access';
import { compileScalar, ScalarFn } from '../kernels/compile-scalar';
import { ExecutionHooks } from './hooks';
import { ExecutorCache } from './executor-cache';
import { OpcodeStats } from './opcode-stats';

export interface InterpreterSnapshot {
  readonly ticks: number;
  /** The core whose next node runs next. */
  readonly core: number;
}

export type RunOutcome =
  /** A hook stopped the run before `node` ran on `core`. */
  | { readonly kind: 'stopped'; readonly core: Core; readonly node: Node }
  /** A hook stopped the run after `node` ran on `core` (afterNode): the next core's turn comes on resume. */
  | { readonly kind: 'stopped-after'; readonly core: Core; readonly node: Node }
  /** A hook stopped the run at a fault; resuming completes a continuable fault's node, or ends the run. */
  | { readonly kind: 'fault-stopped'; readonly core: Core; readonly node: Node; readonly fault: Fault }
  | { readonly kind: 'exited'; readonly exitCode: 0 }
  | { readonly kind: 'failed'; readonly exitCode: 1; readonly fault: Fault }
  | { readonly kind: 'terminated'; readonly exitCode: 143 };

/** Flags another thread may set while the loop runs (a SharedArrayBuffer in a worker). */
export const CONTROL_PAUSE = 0;
export const CONTROL_TERMINATE = 1;
/**
 * Set by the client the moment a pause is asked for, before the engine serves it: a move through time replays the
 * past in one go, and reads this to stop where it is (the debug core's replays).
 */
export const CONTROL_INTERRUPT = 2;
/** The flags a host shares with its engine. */
export const CONTROL_SLOTS = 3;

/** How often the fast loop looks at the terminate flag: rarely enough to cost nothing. */
const FAST_CHECK_INTERVAL = 1024;

interface CompiledCall {
  readonly args: ((f: Frame, c: Core, m: Machine) => View | number)[];
}

interface CompiledControl {
  readonly from: ScalarFn;
  readonly to: ScalarFn;
  readonly step: ScalarFn;
}

export class Interpreter {
  private readonly executors = new ExecutorCache();
  /** Compiled control nodes, by index (they are few: loops, branches and calls). */
  private readonly calls = new Map<number, CompiledCall>();
  private readonly loops = new Map<number, CompiledControl>();
  private readonly conditions = new Map<number, ScalarFn>();
  /** The core to run next, round-robin. */
  private turn = 0;
  /** The core stopped before its node: that node runs first on resume, without asking the hooks again. */
  private resumeCore = -1;
  /** Set when the run stopped at a fault. */
  private pendingFault?: { core: Core; node: Node; fault: Fault };
  private finished?: RunOutcome;
  /** Nodes executed so far, all cores together: the run's clock, by which time travel names positions. */
  ticks = 0;
  /** The core and node being executed: who made a write that a search watches. */
  running?: { readonly core: Core; readonly node: Node };
  /**
   * Frames to run activations in again, by activation: set while a replay brings the run back to where it stopped,
   * so that the frames the stop refers to are the ones the run goes on with.
   */
  reuseFrames?: ReadonlyMap<number, Frame>;
  /**
   * From an instruction to its executor: timed when the run keeps statistics, chosen once here so that a run without
   * them executes exactly what it did before (no check per instruction).
   */
  private readonly compile: (node: InstrNode) => Executor;

  constructor(
    readonly machine: Machine,
    /** [pause, terminate] flags; checked between nodes. */
    readonly control: Int32Array = new Int32Array(2),
    /** Per-opcode statistics to keep (bir-sim run --stats, the launch attribute stats). */
    readonly stats?: OpcodeStats,
    /** Executors instead of the kernels' (a recording of sizes only, engine/perf/sizes-only.ts, computes no values). */
    executorOf?: (node: InstrNode) => Executor,
  ) {
    const shadow = machine.shadow !== undefined;
    this.compile = executorOf ?? (stats ? (node) => stats.timed(node, compileInstruction(node, shadow)!, this) : (node) => compileInstruction(node, shadow)!);
    // A machine restored from a post-mortem dump has its stacks (and its finished cores) already.
    for (const core of machine.cores) if (core.frames.length === 0 && core.state === 'running') this.enter(core, machine.program.main, [], undefined, 0, 0);
  }

  get done(): RunOutcome | undefined {
    return this.finished;
  }

  /** The node a core runs next, after settling finished regions; undefined when the core has finished. */
  currentNode(core: Core): Node | undefined {
    return core.frame?.current;
  }

  /**
   * Runs without a debugger to the end of the program; with a deadline (performance.now()), returns undefined when it
   * passes; with a tick limit, returns undefined when that many nodes have run, stopped before the next node as a
   * debugger's stop is (its core settled, so writes between nodes at that tick are done; runDebug resumes it): a
   * search of the past replays this way.
   */
  runFast(): RunOutcome;
  /** `check` is called now and then between nodes (a search of the past stops there by throwing). */
  runFast(deadline: number, untilTick?: number, check?: () => void): RunOutcome | undefined;
  runFast(deadline = Infinity, untilTick = Infinity, check?: () => void): RunOutcome | undefined {
    if (this.finished) return this.finished;
    const cores = this.machine.cores;
    let sinceCheck = 0;
    while (true) {
      if (++sinceCheck >= FAST_CHECK_INTERVAL) {
        sinceCheck = 0;
        if (this.control[CONTROL_TERMINATE]) return this.finish({ kind: 'terminated', exitCode: 143 });
        if (deadline !== Infinity && performance.now() >= deadline) return undefined;
        check?.();
      }
      const core = this.nextCore(cores);
      if (!core) return this.finishAll();
      const node = this.settle(core, undefined);
      if (!node) continue;
      if (this.ticks >= untilTick) {
        this.resumeCore = core.index;
        this.turn = core.index;
        return undefined;
      }
      const fault = this.execute(core, node, undefined);
      if (fault) return this.finish({ kind: 'failed', exitCode: 1, fault });
    }
  }

  /** Runs with hooks until a hook stops it, a fault stops it, or the program ends. */
  runDebug(hooks: ExecutionHooks): RunOutcome {
    if (this.finished) return this.finished;
    if (this.control[CONTROL_TERMINATE]) return this.finish({ kind: 'terminated', exitCode: 143 });
    const resumed = this.resumeFault(hooks);
    if (resumed) return resumed;
    const cores = this.machine.cores;
    while (true) {
      if (this.control[CONTROL_TERMINATE]) return this.finish({ kind: 'terminated', exitCode: 143 });
      const resuming = this.resumeCore >= 0;
      if (resuming) this.turn = (this.resumeCore + 1) % cores.length;
      const core = resuming ? cores[this.resumeCore] : this.nextCore(cores);
      if (!core) return this.finishAll(hooks);
      const node = this.settle(core, hooks);
      if (!node) {
        this.resumeCore = -1;
        continue;
      }
      const frame = core.frame!;
      if (this.resumeCore === core.index) {
        this.resumeCore = -1;
      } else if (hooks.beforeNode(core, frame, node)) {
        this.resumeCore = core.index;
        this.turn = core.index;
        return { kind: 'stopped', core, node };
      }
      const fault = this.execute(core, node, hooks);
      if (fault) {
        if (hooks.onFault(core, frame, node, fault)) {
          this.pendingFault = { core, node, fault };
          this.executors.pin(node.index);
          this.turn = core.index;
          return { kind: 'fault-stopped', core, node, fault };
        }
        return this.finish({ kind: 'failed', exitCode: 1, fault });
      }
      if (hooks.afterNode?.(core, frame, node)) return { kind: 'stopped-after', core, node };
    }
  }

  /** After a stop at a fault: a continuable one lets its node complete; any other ends the run. */
  private resumeFault(hooks: ExecutionHooks): RunOutcome | undefined {
    const pending = this.pendingFault;
    if (!pending) return undefined;
    this.pendingFault = undefined;
    const { core, node, fault } = pending;
    if (!isContinuable(fault.code)) return this.finish({ kind: 'failed', exitCode: 1, fault });
    this.machine.suppressed = fault.code;
    const frame = core.frame!;
    const again = this.execute(core, node, hooks);
    this.machine.suppressed = undefined;
    this.executors.unpin();
    if (again) {
      if (hooks.onFault(core, core.frame!, node, again)) {
        this.pendingFault = { core, node, fault: again };
        this.executors.pin(node.index);
        return { kind: 'fault-stopped', core, node, fault: again };
      }
      return this.finish({ kind: 'failed', exitCode: 1, fault: again });
    }
    this.turn = (core.index + 1) % this.machine.ncores;
    if (hooks.afterNode?.(core, frame, node)) return { kind: 'stopped-after', core, node };
    return undefined;
  }

  /** The scheduler's state, for a checkpoint taken before a core runs its next node (no fault pending). */
  snapshot(core: Core): InterpreterSnapshot {
    return { ticks: this.ticks, core: core.index };
  }

  /** Back to a checkpoint: the next run asks the hooks about the same core's next node, as the recorded run did. */
  restore(s: InterpreterSnapshot): void {
    this.ticks = s.ticks;
    this.turn = s.core;
    this.resumeCore = -1;
    this.pendingFault = undefined;
    this.executors.unpin();
    this.finished = undefined;
  }

  /** Stopped before a node that faulted when the run first met it: resuming then goes on as from that fault. */
  pendFault(core: Core, node: Node, fault: Fault): void {
    this.pendingFault = { core, node, fault };
    this.executors.pin(node.index);
    this.resumeCore = -1;
    this.turn = core.index;
  }

  private finish(outcome: RunOutcome): RunOutcome {
    this.finished = outcome;
    return outcome;
  }

  /** No core can run: the program ended, or cores wait at a barrier that a finished core never reaches. */
  private finishAll(hooks?: ExecutionHooks): RunOutcome {
    const waiting = this.machine.cores.find((c) => c.state === 'barrier');
    if (!waiting) return this.finish({ kind: 'exited', exitCode: 0 });
    const fault = this.deadlock(waiting);
    const node = waiting.barrierNode!;
    if (hooks && hooks.onFault(waiting, waiting.frame!, node, fault)) {
      this.pendingFault = { core: waiting, node, fault };
      this.executors.pin(node.index);
      return { kind: 'fault-stopped', core: waiting, node, fault };
    }
    return this.finish({ kind: 'failed', exitCode: 1, fault });
  }

  /** The next core that can run, round-robin; undefined when none can. */
  private nextCore(cores: readonly Core[]): Core | undefined {
    const n = cores.length;
    for (let k = 0; k < n; k++) {
      const core = cores[(this.turn + k) % n];
      if (core.state === 'running') {
        this.turn = (core.index + 1) % n;
        return core;
      }
    }
    return undefined;
  }

  // ---- moving through regions and activations ----

  /** Closes finished regions (next iteration, end of an arm, end of a body) until a node is next or the core is done. */
  private settle(core: Core, hooks: ExecutionHooks | undefined): Node | undefined {
    while (true) {
      const frame = core.frame;
      if (!frame) return undefined;
      const cursor = frame.top;
      if (cursor && cursor.pc < cursor.region.nodes.length) return cursor.region.nodes.at(cursor.pc);
      if (!cursor || cursor.region.kind === 'body') {
        // The end of a function body is the end of its activation, reported as a return, not a region exit.
        frame.cursors.pop();
        this.leave(core, hooks);
        continue;
      }
      hooks?.onRegionExit(core, frame, cursor);
      frame.cursors.pop();
      const loop = cursor.loop;
      if (loop && loop.iteration + 1 < loop.count) {
        // The loop writes its register between nodes: a search of the past sees the loop as the writer.
        this.running = { core, node: loop.node };
        loop.iteration++;
        loop.value += loop.step;
        frame.setRegister(loop.node.register, loop.value);
        this.pushRegion(core, frame, cursor.region, loop, hooks);
      }
    }
  }

  private pushRegion(core: Core, frame: Frame, region: Region, loop: LoopState | undefined, hooks: ExecutionHooks | undefined): void {
    const cursor: RegionCursor = { region, pc: 0, loop, activation: this.machine.nextActivation++ };
    // A block's own allocations start unwritten at each entry: what an iteration left is not the next one's.
    const allocs = region.allocs;
    if (allocs) for (let i = 0; i < allocs.length; i++) frame.tensors[allocs[i].slot].tensor.clearWritten();
    frame.cursors.push(cursor);
    hooks?.onRegionEnter(core, frame, cursor);
  }

  /** Ends the top activation of a core: releases its allocations and pops it. */
  private leave(core: Core, hooks: ExecutionHooks | undefined): void {
    const frame = core.frame!;
    hooks?.onReturn(core, frame);
    for (const a of frame.fn.allocs) this.machine.release(a, core.index, frame.tensors[a.slot].tensor);
    core.frames.pop();
    if (core.frames.length === 0) {
      core.state = 'done';
      hooks?.onCoreExit?.(core);
      this.releaseBarrier();
    }
  }

  private enter(core: Core, fn: FunctionIR, args: (View | number)[], call: CallNode | undefined, sbufBase: number, psumBase: number): Frame {
    const tensors: View[] = [];
    const registers: [number, number][] = [];
    fn.params.forEach((p, i) => {
      if (p.kind === 'param') tensors[p.slot] = args[i] as View;
      else registers.push([p.index, args[i] as number]);
    });
    for (const a of fn.allocs) tensors[a.slot] = wholeView(this.machine.allocate(a, core.index, a.memory === 'sbuf' ? sbufBase : psumBase));
    const depth = core.frames.length;
    const activation = this.machine.nextActivation++;
    this.machine.activations.set(fn, (this.machine.activations.get(fn) ?? 0) + 1);
    const again = this.reuseFrames?.get(activation);
    const frame = again && again.fn === fn && again.callNode === call && again.depth === depth
      ? again.reset(tensors)
      : new Frame(fn, activation, depth, tensors, sbufBase, psumBase, call);
    for (const [r, v] of registers) frame.setRegister(r, v);
    frame.cursors.push({ region: fn.body, pc: 0, activation: frame.activation });
    core.frames.push(frame);
    return frame;
  }

  // ---- executing one node ----

  /** Runs a node; returns the fault it raised, if any (the node then has not completed). */
  private execute(core: Core, node: Node, hooks: ExecutionHooks | undefined): Fault | undefined {
    const frame = core.frame!;
    this.running = { core, node };
    try {
      switch (node.kind) {
        case 'instr': this.instruction(core, frame, node); break;
        case 'for': this.loop(core, frame, node, hooks); break;
        case 'if': this.branch(core, frame, node, hooks); break;
        case 'call': this.call(core, frame, node, hooks); break;
        case 'return': this.returnFrom(core, frame, hooks); break;
      }
      this.ticks++;
      return undefined;
    } catch (e) {
      const fault = e instanceof Fault ? e : internalFault(e, node.span);
      fault.nodeIndex = node.index;
      fault.core = core.index;
      return fault;
    }
  }

  private instruction(core: Core, frame: Frame, node: InstrNode): void {
    const m = this.machine;
    // A fused group is the work of its members: it counts as they would.
    const count = node.members?.length ?? 1;
    if (m.instructionBudget < count) {
      throw new Fault('instruction-limit', `the run reached its limit of ${m.maxInstructions} instructions${settingOf(m.settingNames.maxInstructions)} before this one`, node.span);
    }
    m.instructionBudget -= count;
    if (node.opcode === 'Barrier') {
      frame.top.pc++;
      this.stats?.countUntimed(node, this);
      this.arriveAtBarrier(core, node);
    } else {
      this.executors.get(node.index, () => this.compile(node))(frame, core, m);
      frame.top.pc++;
    }
    m.counters[node.engine] += count;
    core.executed += count;
  }

  private loop(core: Core, frame: Frame, node: ForNode, hooks: ExecutionHooks | undefined): void {
    let c = this.loops.get(node.index);
    if (!c) this.loops.set(node.index, (c = { from: compileScalar(node.from), to: compileScalar(node.to), step: compileScalar(node.step) }));
    const m = this.machine;
    const from = c.from(frame, core, m);
    const to = c.to(frame, core, m);
    const step = c.step(frame, core, m);
    if (step === 0 || !Number.isFinite(step) || !Number.isFinite(from) || !Number.isFinite(to)) {
      throw new Fault('invalid-loop', `the loop over r${node.register} cannot run: ${from}..${to} step ${step}`, node.span);
    }
    const count = Math.max(0, Math.ceil((to - from) / step));
    frame.top.pc++;
    if (count === 0) return;
    frame.setRegister(node.register, from);
    this.pushRegion(core, frame, node.body, { node, value: from, end: to, step, iteration: 0, count }, hooks);
  }

  private branch(core: Core, frame: Frame, node: IfNode, hooks: ExecutionHooks | undefined): void {
    let cond = this.conditions.get(node.index);
    if (!cond) this.conditions.set(node.index, (cond = compileScalar(node.cond)));
    const taken = cond(frame, core, this.machine) !== 0;
    frame.top.pc++;
    const arm = taken ? node.then : node.else;
    if (arm && arm.nodes.length > 0) this.pushRegion(core, frame, arm, undefined, hooks);
  }

  private call(core: Core, frame: Frame, node: CallNode, hooks: ExecutionHooks | undefined): void {
    const m = this.machine;
    if (core.frames.length >= m.maxCallDepth) {
      throw new Fault('recursion-depth', `call to '${node.callee.fullName}' would be nested ${core.frames.length + 1} deep; the limit is ${m.maxCallDepth}${settingOf(m.settingNames.maxCallDepth)}`, node.span);
    }
    let c = this.calls.get(node.index);
    if (!c) this.calls.set(node.index, (c = compileCall(node)));
    const args = c.args.map((a) => a(frame, core, m));
    const callee = node.callee;
    const sbufBase = frame.sbufBase + frame.fn.sbufFrameBytes;
    const psumBase = frame.psumBase + frame.fn.psumFrameBytes;
    if (sbufBase + callee.sbufFrameBytes > SBUF_BYTES_PER_PARTITION || psumBase + callee.psumFrameBytes > PSUM_BYTES_PER_PARTITION) {
      const [mem, base, need, cap] = sbufBase + callee.sbufFrameBytes > SBUF_BYTES_PER_PARTITION
        ? ['SBUF', sbufBase, callee.sbufFrameBytes, SBUF_BYTES_PER_PARTITION] : ['PSUM', psumBase, callee.psumFrameBytes, PSUM_BYTES_PER_PARTITION];
      throw new Fault('memory-overflow', `call to '${callee.fullName}' needs ${need} bytes per partition of ${mem} but the ${core.frames.length} active frames use ${base} of ${cap}`, node.span);
    }
    frame.top.pc++;
    const calleeFrame = this.enter(core, callee, args, node, sbufBase, psumBase);
    hooks?.onCall(core, calleeFrame);
  }

  private returnFrom(core: Core, frame: Frame, hooks: ExecutionHooks | undefined): void {
    while (frame.cursors.length > 1) {
      const cursor = frame.cursors.pop()!;
      hooks?.onRegionExit(core, frame, cursor);
    }
    frame.cursors.pop();
    this.leave(core, hooks);
  }

  // ---- barriers ----

  private arriveAtBarrier(core: Core, node: Node): void {
    core.state = 'barrier';
    core.barrierNode = node;
    this.releaseBarrier();
  }

  /** When every core that has not finished waits at a barrier, they all go on. */
  private releaseBarrier(): void {
    const cores = this.machine.cores;
    const live = cores.filter((c) => c.state !== 'done');
    if (live.length === 0 || live.some((c) => c.state !== 'barrier')) return;
    if (live.length < cores.length) return; // a finished core never arrives: finishAll reports the deadlock
    for (const c of live) {
      c.state = 'running';
      c.barrierNode = undefined;
    }
    this.machine.barrierEpoch++;
  }

  private deadlock(waiting: Core): Fault {
    const done = this.machine.cores.filter((c) => c.state === 'done').map((c) => c.index);
    const node = waiting.barrierNode!;
    const fault = new Fault('barrier-deadlock', `core ${waiting.index} waits at Barrier (line ${node.span.line}) but core${done.length > 1 ? 's' : ''} ${done.join(', ')} finished without reaching it`, node.span);
    fault.nodeIndex = node.index;
    fault.core = waiting.index;
    return fault;
  }
}

function compileCall(node: CallNode): CompiledCall {
  return {
    args: node.args.map((arg, i) => {
      if (arg.kind === 'scalar') {
        const s = compileScalar(arg.expr);
        return (f: Frame, c: Core, m: Machine) => s(f, c, m);
      }
      const view: ViewFn = compileAccess(arg.ap);
      const param = node.callee.params[i];
      return (f: Frame, c: Core, m: Machine) => {
        const v = view(f, c, m);
        if (param.kind === 'param' && (v.shape.length !== param.shape.length || v.shape.some((d, k) => d !== param.shape[k]))) {
          throw new Fault('shape-mismatch', `'${arg.ap.text}' is [${v.shape.join(', ')}] here but parameter '${param.name}' of '${node.callee.fullName}' is [${param.shape.join(', ')}]`, arg.ap.span);
        }
        if (param.kind === 'param' && param.memory && v.tensor.memory !== param.memory) {
          throw new Fault('memory-kind', `'${arg.ap.text}' is in ${v.tensor.memory.toUpperCase()} but parameter '${param.name}' must be in ${param.memory.toUpperCase()}`, arg.ap.span);
        }
        return v;
      };
    }),
  };
}

/** ` (--max-instructions)`: how the user sets a limit where they run the program, when they can. */
function settingOf(name: string | undefined): string {
  return name ? ` (${name})` : '';
}
