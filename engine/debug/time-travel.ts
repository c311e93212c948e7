/**
 * Time travel, the one API of the debugger that moves the program backward or to any instruction count: Step Back
 * (over, into, out), Reverse Continue, Go to Instruction Count, Restart Frame, going to a write (`:last`), and the
 * searches of the past that come back to the present (`:history`, `:why`, the tensor view's changes). It owns the
 * history of the run (the Timeline) and decides, in one place, whether a request can travel: history off, a
 * post-mortem dump, nothing before here.
 *
 * Every move is checked when it is asked for, so that a refusal answers the request, and returned as a `Move` that
 * the host makes after the answer. The debug core runs the replays (its hooks see every node replayed) and makes the
 * stops; this file chooses where to go.
 */
import { absolutePath, ShownPath } from './shown-path';
import { Node, Program } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { Fault } from '../machine/fault';
import { Machine } from '../machine/machine';
import { viewExtent } from '../machine/view';
import { EngineError } from '../protocol/errors';
import { StepGranularity, StopReason } from '../protocol/types';
import { Interpreter } from '../run/interpreter';
import { Breakpoints } from './breakpoints';
import { DataBreakpoints } from './data-breakpoints';
import { DebugOutcome, Landing, Move, Replay, ReplayInterrupted, ReplayStop, StopPoint, Visit } from './replay';
import { frameEntry, isCall, isEntry } from './restart-frame';
import { LogicalFrame, nextNode } from './stack';
import { FramePosition, StepKind } from './stepping';
import { DebuggerState, SetRegion, Timeline, UserSet } from './timeline';
import { findBack, TravelContext } from './travel';
import { SearchContext, WriteTarget } from './writes';

/** What time travel needs of the debug core. */
export interface TravelHost {
  readonly program: Program;
  readonly machine: Machine;
  readonly interpreter: Interpreter;
  readonly breakpoints: Breakpoints;
  readonly data: DataBreakpoints;
  /** What plain steps step by, when a step back does not say. */
  readonly stepBy: StepGranularity;
  /** The stop the program is at (time travel is asked for only while stopped). */
  stop(): StopPoint;
  coreOf(threadId: number): Core;
  frame(frameId: number): LogicalFrame;
  /** Identity and depth of the frame a node runs in, as steps compare them. */
  position(core: Core, frame: Frame, node?: Node): FramePosition;
  /** The stop's references become void: the program is about to move. */
  leaveStop(): void;
  /** Replays the debug loop from the present state to the replay's target: where it stopped. */
  replayTo(replay: Replay): ReplayStop;
  /** Replays to the replay's target and stops there as it says; a fault given is met again on resume. */
  stopAtReplay(replay: Replay, fault?: Fault): DebugOutcome;
  /** Whether a pause was asked for since the move or search began (it is then spent). */
  takeInterrupt(): boolean;
  /** A stop where the run is now (after a move was paused), saying why. */
  stopHere(text: string): DebugOutcome;
  /** The run goes on forward and stops once this many instructions have run. */
  runForwardTo(instructions: number): void;
}

export interface TravelOptions {
  /** The most memory the history may take, in bytes; 0 turns it off. */
  readonly historyBytes: number;
  /** Set for a machine restored from a post-mortem dump: what it is, for refusals (it has no history). */
  readonly postMortem?: string;
  readonly notice: (text: string) => void;
  readonly clock?: () => number;
  /** How the Debug Console writes a file's path, for what searches of the past say. */
  readonly shown?: ShownPath;
}

export class TimeTravel {
  /** The history of the run; undefined when it is off (historyMiB 0, a dump). */
  readonly timeline?: Timeline;
  /** The ticks where the run stopped at an exception, with the fault: reverse continue stops there too. */
  private readonly faultStops = new Map<number, Fault>();

  constructor(private readonly host: TravelHost, debuggerState: DebuggerState, private readonly options: TravelOptions) {
    if (options.historyBytes > 0 && !options.postMortem) {
      this.timeline = new Timeline(host.machine, host.interpreter, debuggerState, options.historyBytes, options.notice, options.clock);
    }
  }

  /**
   * The history, or the refusal of what needs it (`what` names the request or the console command): the one place
   * that decides it and says why.
   */
  requireHistory(what: string): Timeline {
    if (this.options.postMortem) throw new EngineError(`'${what}' needs the history of the run: ${this.options.postMortem}, which holds the machine at the fault and no history`, 'state');
    if (!this.timeline) throw new EngineError(`'${what}' needs the history of the run, which is off (launch attribute historyMiB is 0)`, 'state');
    return this.timeline;
  }

  /** Refuses to go back from the start of the history. */
  private historyBefore(what: string): void {
    const t = this.requireHistory(what);
    if (this.host.interpreter.ticks <= t.start) {
      const cut = t.start > 0 ? ` (the history, bounded by the launch attribute historyMiB, reaches back to instruction ${t.startInstructions})` : '';
      throw new EngineError(`'${what}': there is no history before this point (instruction ${this.host.machine.instructionsExecuted})${cut}`, 'state');
    }
  }

  /** The core of a thread that has not finished (a finished one has no frame to step back in). */
  private runningThread(threadId: number): { readonly core: Core; readonly frame: Frame } {
    const core = this.host.coreOf(threadId);
    const frame = core.frame;
    if (!frame) throw new EngineError(`thread ${threadId} has finished; it cannot step back`, 'state');
    return { core, frame };
  }

  /** The run stopped at an exception at this tick: going backward stops there again. */
  faultStopped(tick: number, fault: Fault): void {
    this.faultStops.set(tick, fault);
  }

  /**
   * Steps backward: over (to the previous line, or instruction, of this frame or its callers), in (to the previous
   * line of any frame, into calls that just returned) or out (to the call, or the loop or branch, this frame came from).
   */
  stepBack(what: string, kind: StepKind, threadId: number, granularity?: StepGranularity): Landing {
    const t = this.requireHistory(what);
    const { core, frame } = this.runningThread(threadId);
    this.historyBefore(what);
    return this.pausable(what, () => {
      const now = this.host.interpreter.ticks;
      const here = this.host.position(core, frame, nextNode(frame));
      const byLine = (granularity ?? this.host.stepBy) === 'line' && kind !== 'out';
      const wanted = (v: Visit): boolean => !v.after && v.core === core && (!byLine || v.enters) && backStepAccepts(kind, v.position(), here);
      // Over and out land in this frame or a caller (the latest place at its depth or above is on the stack): an
      // interval where none of the stack's functions ran, all of it inside calls made since, is not replayed.
      const stack = new Set(core.frames.map((f) => f.fn));
      const found = findBack(this.context(t), now, wanted, kind === 'in' ? undefined : (k) => t.ranInFunctions(k, stack));
      return this.land(t, found ? { target: found.tick, reason: 'step' } : this.startOf(t));
    });
  }

  /** Runs backward to the previous stop of a breakpoint or an exception, or to the start of the history. */
  reverseContinue(what: string, threadId?: number): Landing {
    const t = this.requireHistory(what);
    if (threadId !== undefined) this.runningThread(threadId);
    this.historyBefore(what);
    return this.pausable(what, () => {
      const now = this.host.interpreter.ticks;
      const nodes = this.breakpointNodes();
      const faults = [...this.faultStops.keys()];
      const data = this.dataMayHold(t);
      const mayHold = (k: number, from: number, end: number): boolean => t.ranIn(k, nodes) || faults.some((tick) => tick >= from && tick < end) || data(k);
      // Stopped after a node, the data breakpoint seen there is this stop.
      const here = this.host.stop().after === true;
      const found = findBack(this.context(t), now, (v) => !(here && v.after && v.tick === now) && (v.hitIds.length > 0 || (!v.after && this.faultStops.has(v.tick))), mayHold);
      if (!found) return this.land(t, this.startOf(t));
      if (found.hitIds.length > 0) return this.land(t, { target: found.tick, reason: this.reasonOf(found.hitIds), hitIds: found.hitIds, after: found.after });
      const fault = this.faultStops.get(found.tick)!;
      return this.land(t, { target: found.tick, reason: 'exception', text: fault.message }, fault);
    });
  }

  /**
   * Goes to the position where `instructions` instructions have run (the first node after them): back in the history,
   * or forward through it; past the furthest point the run has reached, the program runs there.
   */
  goTo(what: string, instructions: number): Move {
    const t = this.requireHistory(what);
    if (!Number.isSafeInteger(instructions) || instructions < 0) throw new EngineError(`${what} takes an instruction count (a whole number), found ${instructions}`, 'argument');
    if (instructions < t.startInstructions) throw new EngineError(`the history reaches back to instruction ${t.startInstructions}; ${instructions} is before it`, 'argument');
    return this.pausable(what, () => {
      if (instructions > this.frontierInstructions(t)) {
        this.host.runForwardTo(instructions);
        return 'run';
      }
      const text = `instruction ${instructions}`;
      const replay: Replay = { target: t.frontier, reason: 'goto', text, until: () => this.host.machine.instructionsExecuted >= instructions };
      return this.land(t, replay, undefined, this.checkpointOfInstructions(t, instructions));
    });
  }

  /** Goes back to the tick of a write the console found (`:last`), stopped before the node after it. */
  goToWrite(what: string, tick: number, text: string): Landing {
    const t = this.requireHistory(what);
    return this.pausable(what, () => this.land(t, { target: tick, reason: 'goto', text }));
  }

  /**
   * Restart Frame: checked (and the call that made the frame searched) now, so that a refusal answers the request;
   * the move goes back to the frame's first instruction.
   */
  restartFrame(what: string, frameId: number): Landing {
    const t = this.requireHistory(what);
    const entry = frameEntry(this.host.frame(frameId));
    const text = `the entry of ${entry.name}`;
    let from = -1;
    if (entry.call) {
      const found = this.inThePast(what, (ctx) => findBack(ctx, this.host.interpreter.ticks, isCall(entry)));
      if (!found) throw new EngineError(`'${what}': the history no longer reaches the call of ${entry.name} (it reaches back to instruction ${t.startInstructions}; the launch attribute historyMiB bounds it)`, 'state');
      from = found.tick;
    } else if (t.start > 0) {
      throw new EngineError(`'${what}': the history no longer reaches the start of the run (it reaches back to instruction ${t.startInstructions}; the launch attribute historyMiB bounds it)`, 'state');
    }
    return this.pausable(what, () => this.land(t, { target: this.host.interpreter.ticks, reason: 'restart', text, until: isEntry(entry, from) }, undefined, t.checkpointBefore(Math.max(0, from))));
  }

  /**
   * Runs a search of the past, then brings the run back to where it is stopped, in the same frame objects (the
   * stop's references stay valid) and with a fault stop's fault pending again.
   */
  inThePast<T>(what: string, search: (ctx: SearchContext) => T): T {
    const t = this.requireHistory(what);
    const { interpreter, machine } = this.host;
    const now = interpreter.ticks;
    const stop = this.host.stop();
    const frames = new Map(machine.cores.flatMap((c) => c.frames.map((f) => [f.activation, f] as const)));
    try {
      return search({ ...this.context(t), machine, runTo: (tick) => this.fastReplay(tick), shown: this.options.shown ?? absolutePath });
    } catch (e) {
      if (e instanceof ReplayInterrupted) throw new EngineError(`'${what}' was paused before its search of the past ended`, 'state');
      throw e;
    } finally {
      interpreter.reuseFrames = frames;
      try {
        t.restore(t.checkpointBefore(now), interpreter.ticks);
        this.host.replayTo({ target: now, reason: stop.reason, toPresent: true });
      } finally {
        interpreter.reuseFrames = undefined;
      }
      if (stop.fault && stop.node) interpreter.pendFault(stop.core, stop.node, stop.fault);
    }
  }

  /** The values the user set while stopped, up to now, in what a search of the past looks at. */
  setsOf(target: WriteTarget): UserSet[] {
    const now = this.host.interpreter.ticks;
    const hits = (r: SetRegion): boolean => {
      if (target.kind === 'register') return r.kind === 'register' && r.activation === target.activation && r.index === target.index;
      if (r.kind !== 'memory' || r.tensor !== target.view.tensor) return false;
      const { lo, hi } = viewExtent(target.view);
      return r.lo <= hi && r.hi >= lo;
    };
    return (this.timeline?.userSets ?? []).filter((u) => u.tick <= now && u.regions.some(hits));
  }

  /**
   * Makes a change to the stopped program. With history, the change becomes part of it (Timeline.edit); made in the
   * past, it discards the recorded future, and the answer says so.
   */
  change(apply: () => void, regions: readonly SetRegion[]): string | undefined {
    const t = this.timeline;
    if (!t) {
      apply();
      return undefined;
    }
    const stop = this.host.stop();
    const now = this.host.interpreter.ticks;
    const node = stop.node ?? (stop.core.frame && nextNode(stop.core.frame));
    const discarded = t.edit(stop.core, node?.index ?? 0, apply, regions);
    if (!discarded) return undefined;
    for (const tick of [...this.faultStops.keys()]) if (tick > now) this.faultStops.delete(tick);
    return `The value was set in the past (instruction ${this.host.machine.instructionsExecuted.toLocaleString('en-US')}): the recorded history after this point is discarded, and the run goes on from the changed state.`;
  }

  /** A move that a pause interrupts stops where its replay was, and says so. */
  private pausable<T extends DebugOutcome | 'run'>(what: string, move: () => T): () => T | DebugOutcome {
    return () => {
      try {
        return move();
      } catch (e) {
        if (!(e instanceof ReplayInterrupted)) throw e;
        return this.host.stopHere(`paused during '${what}', at instruction ${this.host.machine.instructionsExecuted.toLocaleString('en-US')}`);
      }
    };
  }

  /** Puts the run back at a checkpoint (the one before the replay's target unless given) and replays to the stop. */
  private land(t: Timeline, replay: Replay, fault?: Fault, checkpoint?: number): DebugOutcome {
    this.host.leaveStop();
    // A stop after a node replays that node: from a checkpoint before it.
    t.restore(checkpoint ?? t.checkpointBefore(replay.after ? replay.target - 1 : replay.target), this.host.interpreter.ticks);
    return this.host.stopAtReplay(replay, fault);
  }

  private context(timeline: Timeline): TravelContext {
    return { timeline, interpreter: this.host.interpreter, replayTo: (r) => this.host.replayTo(r) };
  }

  /** Replays to a tick without hooks: a search that only watches writes needs none of the debugger's bookkeeping. */
  private fastReplay(target: number): void {
    const machine = this.host.machine;
    const check = (): void => {
      if (this.host.takeInterrupt()) throw new ReplayInterrupted();
    };
    // Looked at before each replay too: the interpreter looks only every thousand nodes, and the intervals between
    // checkpoints can be shorter than that (a slow machine takes one every few dozen nodes).
    check();
    machine.replaying = true;
    try {
      const outcome = this.host.interpreter.runFast(Infinity, target, check);
      if (outcome) throw new EngineError(`the replay of the history did not reach tick ${target} (${outcome.kind})`, 'internal');
    } finally {
      machine.replaying = false;
    }
  }

  /** The earliest position the history reaches, as a stop. */
  private startOf(t: Timeline): Replay {
    if (t.start === 0) return { target: 0, reason: 'entry' };
    return { target: t.start, reason: 'goto', text: `the earliest position the history reaches (instruction ${t.startInstructions})` };
  }

  /** Instructions run when the run was furthest. */
  private frontierInstructions(t: Timeline): number {
    return this.host.interpreter.ticks >= t.frontier ? this.host.machine.instructionsExecuted : t.frontierInstructions;
  }

  private checkpointOfInstructions(t: Timeline, instructions: number): number {
    let k = 0;
    while (k + 1 < t.checkpoints.length && t.checkpoints[k + 1].instructions <= instructions) k++;
    return k;
  }

  /**
   * Whether a data breakpoint can have stopped in interval k. With writes of DRAM only watched: when the journal of
   * k, or of the interval before (the stop comes at the node after the write), saved a page of a watched tensor. Reads,
   * registers and allocations (whose past tensors the debugger may not have met yet) leave every interval possible.
   */
  private dataMayHold(t: Timeline): (k: number) => boolean {
    const data = this.host.data;
    if (!data.active) return () => false;
    const { tensors, writesOnly } = data.watchedTensors();
    if (!writesOnly || tensors.some((x) => x.memory !== 'dram')) return () => true;
    const wrote = (k: number): boolean => k >= 0 && tensors.some((x) => t.journal.touched(k, x, 0, x.size));
    return (k) => wrote(k) || wrote(k - 1);
  }

  /** The nodes where a breakpoint can stop: its lines' and nodes', and every node of a function breakpoint's function. */
  private breakpointNodes(): Set<number> {
    const nodes = new Set<number>();
    for (const bp of this.host.breakpoints.all()) {
      for (const n of bp.nodes) nodes.add(n.index);
      const code = this.host.program.code;
      if (bp.fn) for (let i = 0; i < code.length; i++) if (code.functionOf(i) === bp.fn) nodes.add(i);
    }
    return nodes;
  }

  /** The reason of a stop by these breakpoints: a line or node breakpoint among them makes it 'breakpoint'. */
  private reasonOf(hitIds: readonly number[]): StopReason {
    const kinds = new Map(this.host.breakpoints.all().map((b) => [b.id, b.kind]));
    if (hitIds.some((id) => kinds.get(id) === 'line' || kinds.get(id) === 'node')) return 'breakpoint';
    // Ids of no line, node or function breakpoint are data breakpoints'.
    return hitIds.some((id) => kinds.get(id) === 'function') ? 'function breakpoint' : 'data breakpoint';
  }
}

/** Whether a step back of this kind stops at a node of a frame at `there`, from a frame at `here`. */
function backStepAccepts(kind: StepKind, there: FramePosition, here: FramePosition): boolean {
  switch (kind) {
    case 'over': return there.depth < here.depth || (there.depth === here.depth && there.identity === here.identity);
    case 'in': return true;
    case 'out': return there.depth < here.depth;
  }
}
