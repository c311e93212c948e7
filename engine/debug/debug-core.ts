/**
 * The debug core: the one place that controls a program under the debugger. It implements the run loop's
 * hooks (breakpoints, steps, pause, exception filters), keeps what it needs to answer questions about the
 * stopped program (stack, scopes, variables, evaluate) and knows nothing of DAP or VS Code.
 */
import * as path from 'path';
import { performance } from 'perf_hooks';
import { Span, spanText } from '../base/span';
import { CallNode, FunctionIR, InstrNode, Node, Operand, Program, tileShape } from '../ir/program';
import { Core, Frame, RegionCursor } from '../machine/core';
import { Fault, FaultCode } from '../machine/fault';
import { Journal, Tracked } from '../machine/journal';
import { REGISTERS, registerIndex } from '../machine/limits';
import { Machine, MachineOptions } from '../machine/machine';
import { elementIndex, viewSize } from '../machine/view';
import { CONTROL_INTERRUPT, CONTROL_PAUSE, Interpreter } from '../run/interpreter';
import { ExecutionHooks } from '../run/hooks';
import { EvalError, Evaluator } from '../eval/evaluate';
import { formatNumber, formatValue } from '../eval/format';
import { frameScope } from '../eval/frame-scope';
import { dtypeLabel, firstZero, shapeOf, Value } from '../eval/value';
import { EngineError } from '../protocol/errors';
import {
  BreakpointInfo, CompletionInfo, DataBreakpointInfoResult, DataBreakpointRequest, EvaluateResult, ExceptionFilter, ExceptionInfoResult, FramesMode, FunctionBreakpoint, InstructionBreakpoint,
  ScopeInfo, SkippedLine, SourceBreakpoint, StackFrameInfo, StepGranularity, StepInTarget, StoppedInfo, StopReason, ThreadInfo, VariableInfo,
} from '../protocol/types';
import type { NodeBreakpoint } from '../../contract/graph';
import type { BirArguments } from '../../contract/requests';
import type { HistoryAnswer, WhyAnswer } from '../../contract/time-queries';
import { buildGraph } from '../graph/build';
import type { CompactGraph } from '../graph/compact-graph';
import { expandGraph, Expansion } from '../graph/hierarchy';
import { Breakpoint, Breakpoints } from './breakpoints';
import { writtenBetween } from './changed-writes';
import { completions, CompletionScope } from './completions';
import { LogPart, ParsedExpression, parseUserExpression } from './conditions';
import { DataBreakpoints, DataHit, DataState } from './data-breakpoints';
import { addressOf } from './disassembly';
import { PipelineHistory } from './history';
import { Inspector } from './inspector';
import { LineMap } from './line-map';
import { memoryMap, MemoryMapArguments } from './memory-map';
import { operandValue } from './operand-values';
import { nonFiniteInputs, producerText } from './non-finite';
import { allocatingActivation, describeWrite, elementName } from './origins';
import { DebugOutcome, Replay, ReplayInterrupted, ReplayStop, Visit } from './replay';
import { MOVING_COMMANDS, ReplContext, replCommand, splitCommand } from './repl';
import { OpcodeStats } from '../run/opcode-stats';
import { statsTable } from '../run/stats-table';
import { compileScalarCondition, ScalarCondition } from './scalar-condition';
import { relativeTo, ShownPath } from './shown-path';
import { functionName, LogicalFrame, logicalFrames, loopRegisters, nextNode } from './stack';
import { ChangeHost, StateChanges } from './state-changes';
import { FramePosition, StepKind, StepPolicy } from './stepping';
import { DivergenceArguments, tensorData, TensorArguments, tensorDivergence, TensorHost } from './tensor-data';
import { tensorSummary } from './tensor-summary';
import { history, historyAnswer, lastWrite, NamedTarget, TimeQueryHost, why, whyAnswer } from './time-queries';
import { enteredLine, errorCommand, shadowError } from './shadow-errors';
import { TimeTravel, TravelHost } from './time-travel';
import { DebuggerState, Timeline } from './timeline';
import { sample } from './writes';

const SLICE_CHECK_INTERVAL = 256;
/** The hits of a node where nothing stopped: one array, never written, for every such node. */
const NO_HITS: readonly number[] = Object.freeze([]);

export interface DebugOptions {
  /** The pass pipeline that made the program (its last snapshot): explains what passes removed. */
  readonly history?: PipelineHistory;
  readonly frames?: FramesMode;
  readonly stepBy?: StepGranularity;
  readonly stopOnEntry?: boolean;
  /**
   * Where messages for the Debug Console go (logpoints, condition errors, what a pass did), as they happen: in the
   * same stream as the program's own output, so that the two keep their order. Without it they are collected in
   * `notices`.
   */
  readonly notice?: (text: string, span?: Span) => void;
  /** The most memory the history of the run (time travel) may take, in MiB; 0 turns it off. */
  readonly historyMiB?: number;
  /**
   * Set for a machine restored from a post-mortem dump: says what it is (`crash.birdump is a post-mortem dump`) where
   * a request needs a history or a run the dump does not have. The history is then off.
   */
  readonly postMortem?: string;
  /** Where the Debug Console's `:dump` writes and `.npy` files are read from; the program's folder by default. */
  readonly baseDir?: string;
  /** The folder the Debug Console writes paths relative to (the workspace, the launch's `cwd`); absolute without it. */
  readonly pathsRelativeTo?: string;
  /** The clock the history's checkpoints are timed by (performance.now); tests give a deterministic one. */
  readonly clock?: () => number;
  /**
   * Per-opcode statistics to keep (the launch attribute stats), with the wall time the program has run so far
   * (stops not counted), which `:stats` gives the opcodes' shares of.
   */
  readonly stats?: { readonly figures: OpcodeStats; readonly runningMs: () => number };
}

/** The history's memory when the launch does not say. */
export const DEFAULT_HISTORY_MIB = 512;

interface DebuggerSnapshot {
  readonly subgraphDepth: Int32Array;
  readonly pendingEntry: boolean;
  readonly hits: ReadonlyMap<Breakpoint, number>;
  readonly reportedSkips: ReadonlySet<string>;
  readonly data: DataState;
}

/** Which exception filter decides whether a fault stops the program. */
export function filterOf(code: FaultCode): ExceptionFilter {
  switch (code) {
    case 'assert': return 'assert';
    case 'uninitialized-read': return 'uninitialized';
    case 'nan': return 'nan';
    case 'race': return 'race';
    default: return 'fault';
  }
}

interface StopState {
  readonly core: Core;
  readonly node?: Node;
  readonly reason: StopReason;
  readonly fault?: Fault;
  /**
   * The core and node the run stopped before, when not `core` and its node: a data breakpoint names the core that
   * accessed, and stops before the next node of any core (this one runs first on resume).
   */
  readonly before?: { readonly core: Core; readonly node: Node };
  /** Stopped after a node ran (a data breakpoint), not before one. */
  readonly after?: boolean;
}

/** Why the debug loop stops where a hook said it would. */
interface Decision {
  readonly reason: StopReason;
  readonly hitIds: readonly number[];
  readonly text?: string;
  /** The core that accessed, for a data breakpoint's stop. */
  readonly core?: Core;
  /** The instruction that accessed, for a data breakpoint's stop (the stop is before the next one). */
  readonly span?: Span;
}

export class DebugCore implements ExecutionHooks {
  readonly machine: Machine;
  readonly interpreter: Interpreter;
  readonly lineMap: LineMap;
  readonly breakpoints: Breakpoints;
  readonly data: DataBreakpoints;
  private readonly inspector: Inspector;
  private mode: FramesMode;
  private readonly stepBy: StepGranularity;
  private filters = new Set<ExceptionFilter>(['assert', 'fault', 'uninitialized']);
  private toldNonFiniteInputs = false;
  private policy?: StepPolicy;
  /** Frames of subgraphs per core: function activations plus open region cursors. */
  private readonly subgraphDepth: Int32Array;
  private stop?: StopState;
  private pendingEntry: boolean;
  /** Logical frames handed out at this stop, by frame id. */
  /** Frames handed out at this stop, by id; ids keep growing across stops so that a stale id is never reissued. */
  private frameIds = new Map<number, LogicalFrame>();
  private nextFrameId = 1;
  private framesOfStop = new Map<number, LogicalFrame[]>();
  /** A decision of the current beforeNode, when it stops. */
  private decision?: Decision;
  /** Time travel and the history of the run. */
  readonly travel: TimeTravel;
  /** The history's timeline (undefined with historyMiB 0), and its journal: the per-node bookkeeping reads them at every node. */
  private readonly timeline?: Timeline;
  private readonly journal?: Journal;
  /** Set Value and the memory view's writes. */
  readonly changes: StateChanges;
  /** Set while the past is replayed. */
  private replay?: Replay;
  /** Whether the host shares the interrupt flag (a pause asked for during a replay), and whether one stopped it. */
  private readonly interruptible: boolean;
  private interrupted = false;
  /** The record of which nodes ran, as the journal sees it. */
  private readonly lastRunRecord: Tracked;
  /** A forward :goto past the furthest point the run has reached: the run stops once this many instructions ran. */
  private runToInstructions?: number;
  /** When the current time slice ends (performance.now()); the host sets it before each run. */
  sliceDeadline = Infinity;
  /** Nodes until the clock is looked at again: reading it at every node would cost more than the node. */
  private sliceCountdown = SLICE_CHECK_INTERVAL;
  readonly history?: PipelineHistory;
  /** The activation that last ran each node (by node index): graph nodes are run or not run in a frame. */
  private readonly lastRun: Float64Array;
  /** Where a line step started, to report the lines it went past without executing them. */
  private stepStart?: { readonly core: Core; readonly frame: Frame; readonly line: number; readonly file: string };
  /** Lines already reported as skipped, per activation, so that each is reported once. */
  private readonly reportedSkips = new Set<string>();
  private readonly graphs = new Map<FunctionIR, CompactGraph>();
  private readonly conditionEvaluators = new WeakMap<Frame, { evaluator: Evaluator; lenient: boolean }>();
  /** Conditions over numbers alone, compiled (scalar-condition.ts): per breakpoint, per function they are asked in. */
  private readonly compiledConditions = new WeakMap<Breakpoint, Map<FunctionIR, ScalarCondition | undefined>>();
  /** The compiled condition asked for last. */
  private lastCondition?: { readonly bp: Breakpoint; readonly fn: FunctionIR; readonly compiled: ScalarCondition | undefined };
  /** Messages for the Debug Console when no `notice` sink was given. */
  readonly notices: { text: string; span?: Span }[] = [];
  private readonly notice: (text: string, span?: Span) => void;
  /** How the Debug Console writes a file's path. */
  private readonly shownPath: ShownPath;

  constructor(
    readonly program: Program,
    /** How to make the machine, or the machine itself (restored from a dump). */
    machine: MachineOptions | Machine,
    private readonly options: DebugOptions,
    readonly control: Int32Array,
  ) {
    this.machine = machine instanceof Machine ? machine : new Machine(program, machine);
    this.interruptible = control.length > CONTROL_INTERRUPT;
    this.applyFilters();
    this.interpreter = new Interpreter(this.machine, control, options.stats?.figures);
    this.lineMap = new LineMap(program);
    this.history = options.history;
    this.breakpoints = new Breakpoints(program, this.lineMap, options.history);
    this.data = new DataBreakpoints(program, this.machine, (bp, core, frame, old, now) => this.dataConditionHolds(bp, core, frame, old, now), () => this.breakpoints.newId());
    this.lastRun = new Float64Array(program.code.length).fill(-1);
    this.lastRunRecord = { arrays: [this.lastRun] };
    this.inspector = new Inspector(this.machine, (frame, op) => this.operandValue(frame, op));
    this.mode = options.frames ?? 'functions';
    this.stepBy = options.stepBy ?? 'line';
    this.pendingEntry = options.stopOnEntry ?? false;
    this.subgraphDepth = new Int32Array(this.machine.ncores).fill(1);
    this.notice = options.notice ?? ((text, span) => this.notices.push({ text, span }));
    const historyBytes = (options.historyMiB ?? DEFAULT_HISTORY_MIB) * 1024 * 1024;
    this.shownPath = relativeTo(options.pathsRelativeTo);
    this.travel = new TimeTravel(this.travelHost(), this.debuggerState(), { historyBytes, postMortem: options.postMortem, notice: (text) => this.notice(text), clock: options.clock, shown: this.shownPath });
    this.timeline = this.travel.timeline;
    this.journal = this.timeline?.journal;
    this.changes = new StateChanges(this.changeHost());
  }

  /** What time travel may ask of the core: its stop, its frames, and the replays its hooks run. */
  private travelHost(): TravelHost {
    return {
      program: this.program, machine: this.machine, interpreter: this.interpreter, breakpoints: this.breakpoints, data: this.data, stepBy: this.stepBy,
      stop: () => this.stopState,
      coreOf: (threadId) => this.coreOf(threadId),
      frame: (frameId) => this.frame(frameId),
      position: (core, frame, node) => this.position(core, frame, node),
      leaveStop: () => this.resume(),
      replayTo: (replay) => this.replayTo(replay),
      stopAtReplay: (replay, fault) => this.stopAtReplay(replay, fault),
      stopHere: (text) => this.stopHere(text),
      takeInterrupt: () => this.takeInterrupt(),
      runForwardTo: (instructions) => (this.runToInstructions = instructions),
    };
  }

  private changeHost(): ChangeHost {
    return {
      machine: this.machine, inspector: this.inspector,
      frameOf: (frameId) => (frameId === undefined ? this.defaultFrame() : this.frame(frameId)),
      evaluate: (text, frameId) => userErrors(() => this.evaluateValue(text, frameId)),
      evaluateIn: (core, frame, text) => userErrors(() => this.evaluateIn(core, frame, text)),
      result: (value, text, context) => this.result(value, text, context),
      change: (apply, regions) => this.travel.change(apply, regions),
    };
  }

  /** What the debugger keeps about the run besides the machine, as a checkpoint saves and restores it. */
  private debuggerState(): DebuggerState {
    return {
      snapshot: (): DebuggerSnapshot => ({
        subgraphDepth: this.subgraphDepth.slice(),
        pendingEntry: this.pendingEntry,
        hits: new Map(this.breakpoints.all().map((b) => [b, b.hits])),
        reportedSkips: new Set(this.reportedSkips),
        data: this.data.snapshot(),
      }),
      restore: (state) => {
        const s = state as DebuggerSnapshot;
        this.subgraphDepth.set(s.subgraphDepth);
        this.pendingEntry = s.pendingEntry;
        for (const b of this.breakpoints.all()) b.hits = s.hits.get(b) ?? 0;
        this.reportedSkips.clear();
        for (const k of s.reportedSkips) this.reportedSkips.add(k);
        this.data.restore(s.data);
      },
    };
  }

  get framesMode(): FramesMode {
    return this.mode;
  }

  get stopped(): boolean {
    return this.stop !== undefined;
  }

  /** The fault the program is stopped at, if it is. */
  get stoppedFault(): Fault | undefined {
    return this.stop?.fault;
  }

  // ---- configuration ----

  setBreakpoints(file: string, bps: readonly SourceBreakpoint[]): BreakpointInfo[] {
    return this.breakpoints.setLineBreakpoints(file, bps);
  }

  setFunctionBreakpoints(bps: readonly FunctionBreakpoint[]): BreakpointInfo[] {
    return this.breakpoints.setFunctionBreakpoints(bps);
  }

  setNodeBreakpoints(ids: readonly string[]): BreakpointInfo[] {
    return this.breakpoints.setNodeBreakpoints(ids);
  }

  setInstructionBreakpoints(bps: readonly InstructionBreakpoint[]): BreakpointInfo[] {
    return this.breakpoints.setInstructionBreakpoints(bps);
  }

  /** The nodes that instruction breakpoints and column breakpoints bind: the graph view marks them. */
  nodeBreakpoints(): { nodes: string[]; breakpoints: NodeBreakpoint[] } {
    const bound = this.breakpoints.boundNodes();
    return { nodes: bound.map((b) => b.node.id), breakpoints: bound.map((b) => ({ id: b.info.id, verified: b.info.verified, message: b.info.message })) };
  }

  setExceptionFilters(filters: readonly string[]): void {
    this.filters = new Set(filters as ExceptionFilter[]);
    this.applyFilters();
    // Before the run, the inputs that hold NaN or infinities already are named: the filter never stops at a read.
    if (this.filters.has('nan') && !this.toldNonFiniteInputs && this.interpreter.ticks === 0) {
      this.toldNonFiniteInputs = true;
      for (const note of nonFiniteInputs(this.program, this.machine)) this.notice(note);
    }
  }

  /** Continuable faults are raised only when their filter asks to stop at them; otherwise the run goes on. */
  private applyFilters(): void {
    this.machine.faults['uninitialized-read'] = this.filters.has('uninitialized');
    this.machine.faults.nan = this.filters.has('nan');
    this.machine.faults.race = this.filters.has('race');
  }

  /** Changes the frames the stack shows; a step keeps the setting it started with. */
  setFrames(mode: FramesMode): FramesMode {
    this.mode = mode;
    this.frameIds.clear();
    this.framesOfStop.clear();
    this.inspector.invalidate();
    return mode;
  }

  // ---- running ----

  /** Runs the debug loop until a stop, the end of the time slice, or the end of the program. */
  run(): DebugOutcome {
    const outcome = this.interpreter.runDebug(this);
    if (outcome.kind === 'stopped') {
      if (!this.decision) return { kind: 'yield' };
      const d = this.decision;
      this.decision = undefined;
      return this.stopAt(this.stopState0(outcome.core, outcome.node, d.reason, d.core), d.hitIds, d.text, d.span);
    }
    if (outcome.kind === 'stopped-after') return this.stopAfter(outcome.core, this.takeDecision());
    if (outcome.kind === 'fault-stopped') {
      this.travel.faultStopped(this.interpreter.ticks, outcome.fault);
      return this.stopAt({ core: outcome.core, node: outcome.node, reason: 'exception', fault: outcome.fault }, [], outcome.fault.message);
    }
    this.stop = undefined;
    this.goToEndedShort(undefined);
    // The last instruction's access was not decided at a next node: the Debug Console says what it hit.
    const late = this.data.settleAtEnd();
    if (late) this.notice(`data breakpoint ${late.ids.join(', ')}: ${late.text}, as the program ended`);
    return { kind: 'ended', outcome };
  }

  /**
   * The stop of a machine restored from a post-mortem dump, at its fault. The nodes before each frame's position
   * count as run in it (and a loop body's every node after its first iteration): the graph view shows them so.
   */
  stopAtFault(fault: Fault): StoppedInfo {
    for (const core of this.machine.cores) {
      for (const frame of core.frames) {
        for (const c of frame.cursors) {
          for (let i = 0; i < c.region.nodes.length; i++) if (i < c.pc || (c.loop && c.loop.iteration > 0)) this.lastRun[c.region.nodes.indexAt(i)] = frame.activation;
        }
      }
    }
    const core = this.machine.cores[fault.core] ?? this.machine.cores[0];
    const node = this.program.code.has(fault.nodeIndex) ? this.program.code.node(fault.nodeIndex) : core.frame?.current;
    const outcome = this.stopAt({ core, node, reason: 'exception', fault }, [], fault.message);
    return (outcome as Extract<DebugOutcome, { kind: 'stopped' }>).info;
  }

  /**
   * The stop of a comparison of two runs (the launch attribute compareWith): the core was run to right before its
   * write of the first divergence, and the stop is announced as that, on the writing core.
   */
  stopAtDivergence(coreIndex: number, text: string): StoppedInfo {
    const core = this.machine.cores[coreIndex] ?? this.machine.cores[0];
    const outcome = this.stopAt({ core, node: core.frame && nextNode(core.frame), reason: 'divergence' }, [], text);
    return (outcome as Extract<DebugOutcome, { kind: 'stopped' }>).info;
  }

  /** A stop after a node ran (a data breakpoint's): the core is shown before its next node. */
  private stopAfter(core: Core, d: Decision): DebugOutcome {
    return this.stopAt({ core, node: core.frame && nextNode(core.frame), reason: d.reason, after: true }, d.hitIds, d.text, d.span);
  }

  /** The decision of the beforeNode or afterNode that stopped the run, taken once. */
  private takeDecision(): Decision {
    const d = this.decision!;
    this.decision = undefined;
    return d;
  }

  /** The stop before `node` of `core`; a data breakpoint's names the core that accessed, at its next node. */
  private stopState0(core: Core, node: Node, reason: StopReason, accessor?: Core): StopState {
    if (!accessor || accessor === core) return { core, node, reason };
    return { core: accessor, node: accessor.frame && nextNode(accessor.frame), reason, before: { core, node } };
  }

  private stopAt(state: StopState, hitIds: readonly number[], text?: string, accessSpan?: Span): DebugOutcome {
    this.stop = state;
    this.policy = undefined;
    if (state.reason !== 'goto') this.goToEndedShort(describeStop(state, text));
    this.runToInstructions = undefined;
    // A data breakpoint's stop says in the Debug Console what the access did (as a watchpoint does: old and new
    // value), linked to the accessing line: the Call Stack's header cuts it off, and the stop shows the next line.
    const accessAt = state.reason === 'data breakpoint' && text ? accessSpan ?? state.node?.span : undefined;
    if (accessAt) this.notice(`Data breakpoint ${hitIds.join(', ')}: ${text}`, accessAt);
    this.frameIds.clear();
    this.framesOfStop.clear();
    const node = state.node;
    const info: StoppedInfo = {
      threadId: state.core.index + 1,
      reason: state.reason,
      // Where the run is in time shows with the stop in the Call Stack.
      description: `${describeStop(state, text)} (instruction ${this.machine.instructionsExecuted.toLocaleString('en-US')})`,
      text,
      hitBreakpointIds: hitIds.length ? [...hitIds] : undefined,
      node: node && { id: node.id, opcode: node.kind === 'instr' ? node.opcode : node.kind, engine: node.kind === 'instr' ? node.engine : 'SP', span: node.span },
      skipped: this.skippedLines(state),
      instructions: this.machine.instructionsExecuted,
      fusion: node?.kind === 'instr' && node.members ? fusionInfo(node) : undefined,
      access: accessAt && { span: accessAt, text: text! },
    };
    this.stepStart = undefined;
    for (const s of info.skipped) this.notice(s.text, { file: s.path, line: s.line, col: 1, endLine: s.line, endCol: 1 });
    if (info.fusion) this.notice(info.fusion.text, node!.span);
    return { kind: 'stopped', info };
  }

  /**
   * Go to Instruction Count runs forward to a count past the furthest point the run reached: a stop before it (a
   * breakpoint, a fault, a pause) or the end of the program ends the move short, and the Debug Console says so.
   */
  private goToEndedShort(stop: string | undefined): void {
    const wanted = this.runToInstructions;
    const now = this.machine.instructionsExecuted;
    if (wanted === undefined || now >= wanted) return;
    this.runToInstructions = undefined;
    const why = stop === undefined ? 'the program ended' : `it stopped first (${stop})`;
    this.notice(`Go to instruction ${wanted.toLocaleString('en-US')}: ${why} at instruction ${now.toLocaleString('en-US')}, before reaching it`);
  }

  /**
   * Lines a line step went past that a pass emptied, in the order of the text: between the line it started on and
   * the line it stopped on when it stopped further down the same activation; to the end of the function when the
   * activation it started in has ended. Each line once per activation.
   */
  private skippedLines(state: StopState): SkippedLine[] {
    const start = this.stepStart;
    const history = this.history;
    if (!start || !history?.passes || !state.node || state.core !== start.core) return [];
    const frame = state.core.frame;
    const here = state.node.span;
    let last: number;
    if (frame === start.frame && here.file === start.file) {
      if (here.line <= start.line) return [];
      last = here.line - 1;
    } else if (!start.core.frames.includes(start.frame)) {
      last = start.frame.fn.body.end.line;
    } else {
      return [];
    }
    const out: SkippedLine[] = [];
    for (let line = start.line + 1; line <= last; line++) {
      const key = `${start.frame.activation}:${start.file}:${line}`;
      if (this.reportedSkips.has(key)) continue;
      const removed = history.whyRemoved(start.file, line);
      if (!removed || this.lineMap.nodesAt(start.file, line).length > 0) continue;
      this.reportedSkips.add(key);
      out.push({ path: start.file, line, text: removed.text });
    }
    return out;
  }

  /**
   * The dataflow graph of the selected frame's function (the top frame of the stopped core by default), with each
   * node's state in that activation (current, run, not run) and a summary of what the nodes that ran wrote.
   */
  graph(frameId?: number, expand?: Expansion): ReturnType<typeof expandGraph> & { frame?: string } {
    const lf = frameId === undefined ? this.defaultFrame() : this.frame(frameId);
    const fn = lf?.frame.fn ?? this.program.main;
    let base = this.graphs.get(fn);
    if (!base) this.graphs.set(fn, (base = buildGraph(fn, { program: this.program })));
    const shown = expandGraph(base, expand);
    // Only the nodes of the answer get their state and value in this activation.
    const nodes = shown.nodes.map((g) => {
      const node = this.lineMap.nodeById(g.id);
      if (!lf || !node) return { ...g };
      const state = node.index === lf.node?.index ? 'current' as const : this.lastRun[node.index] === lf.frame.activation ? 'run' as const : 'not-run' as const;
      const value = state === 'run' && node.kind === 'instr' && node.dst?.kind === 'tensor' ? this.operandValue(lf, node.dst) : undefined;
      return { ...g, state, value: value && (value.kind === 'scalar' ? formatValue(value) : tensorSummary(value)) };
    });
    return { ...shown, nodes, frame: lf?.name };
  }


  /** Notes for the end of a run: breakpoints on lines a pass emptied were never hit, and why. */
  neverHitNotes(): string[] {
    return this.breakpoints.neverHit();
  }

  /** Prepares a resume: the stop's references become void. */
  private resume(): void {
    this.stop = undefined;
    this.frameIds.clear();
    this.framesOfStop.clear();
    this.inspector.invalidate();
  }

  continue(): void {
    this.resume();
  }

  step(kind: StepKind, threadId: number, granularity?: StepGranularity, targetFunction?: string): void {
    const core = this.coreOf(threadId);
    if (core.state === 'done' || !core.frame) throw new EngineError(`thread ${threadId} (core ${core.index}) has finished; it cannot step`, 'state');
    const g = granularity ?? this.stepBy;
    // A core that did not stop itself has not been asked about the node it shows yet: the step runs that node first.
    const stoppedCore = this.stop!.before?.core ?? this.stop!.core;
    const startNode = stoppedCore !== core && core.state === 'running' ? nextNode(core.frame) : undefined;
    this.policy = new StepPolicy(kind, g, core.index, this.mode, this.position(core, core.frame, startNode ?? core.frame.current), targetFunction, startNode);
    const at = core.frame.current;
    this.stepStart = g === 'line' && at ? { core, frame: core.frame, line: at.span.line, file: at.span.file } : undefined;
    this.resume();
  }

  pause(): void {
    Atomics.store(this.control, CONTROL_PAUSE, 1);
  }

  /** The next run stops before the program's first instruction (after compiler stops, bir/nextPass hands off here). */
  stopAtEntry(): void {
    this.pendingEntry = true;
  }

  // ---- hooks ----

  beforeNode(core: Core, frame: Frame, node: Node): boolean {
    // Most nodes have nothing to decide: no breakpoint on them, not the first of their frame where its function has a
    // breakpoint, no step, entry, pause, replay, data breakpoint hit by the node before or time slice's end due. They
    // get the bookkeeping of a node that runs (and their accesses seen by data breakpoints), and no more: the debug
    // loop then costs little over the fast loop, also in a loop that calls a function at every iteration.
    if (this.breakpoints.at(node) === undefined && (frame.started || this.breakpoints.ofFunction(frame.fn) === undefined) && this.replay === undefined && !this.pendingEntry && this.policy === undefined
      && this.runToInstructions === undefined && !this.data.pendingAccesses && Atomics.load(this.control, CONTROL_PAUSE) === 0
      && --this.sliceCountdown > 0) {
      this.timeline?.atNode(core, node.index);
      if (this.data.active) this.data.before(core, frame, node);
      this.ran(frame, node, this.lineMap.lineKeys[node.index]);
      return false;
    }
    return this.decideAt(core, frame, node);
  }

  /** beforeNode for a node where something may stop the run. */
  private decideAt(core: Core, frame: Frame, node: Node): boolean {
    const replay = this.replay;
    const timeline = this.timeline;
    if (timeline && !replay) timeline.atNode(core, node.index);
    const key = this.lineMap.lineKeys[node.index];
    const enters = key !== frame.lastLineKey;
    const first = !frame.started;
    let reason: StopReason | undefined;
    let hitIds: readonly number[] = NO_HITS;
    let text: string | undefined;
    // Breakpoints that stop here name the stop, whatever else stops here too (the entry, a pause): every hit id is
    // in the stop, the reason is 'breakpoint' with a line or node breakpoint among them, 'function breakpoint' else.
    const bps = this.breakpoints.at(node);
    if (bps) {
      const hits = this.hitBreakpoints(bps, core, frame, enters);
      if (hits) {
        hitIds = hits.map((b) => b.id);
        reason = 'breakpoint';
      }
    }
    if (first) {
      const fbps = this.breakpoints.ofFunction(frame.fn);
      if (fbps) {
        const hits = this.hitBreakpoints(fbps, core, frame, true);
        if (hits) {
          hitIds = [...hitIds, ...hits.map((b) => b.id)];
          reason ??= 'function breakpoint';
        }
      }
    }
    // Data breakpoints: what the node that ran last accessed is decided now, then this node's accesses are seen
    // before it runs (also when it stops here: resuming runs it without asking again).
    const dataHit = this.data.settle();
    if (dataHit) {
      hitIds = [...hitIds, ...dataHit.ids];
      reason ??= 'data breakpoint';
      text ??= dataHit.text;
    }
    if (this.data.active) this.data.before(core, frame, node);
    if (replay) return this.replayNode(replay, this.interpreter.ticks, core, frame, node, enters, hitIds, key, dataHit);
    if (this.pendingEntry && core.index === 0) {
      this.pendingEntry = false;
      reason ??= 'entry';
    }
    if (Atomics.load(this.control, CONTROL_PAUSE) !== 0) {
      Atomics.store(this.control, CONTROL_PAUSE, 0);
      reason ??= 'pause';
    }
    if (this.runToInstructions !== undefined && this.machine.instructionsExecuted >= this.runToInstructions) reason ??= 'goto';
    if (!reason && this.policy?.shouldStop(core, this.position(core, frame, node), frame, enters, node)) reason = 'step';
    this.ran(frame, node, key);
    if (reason) {
      const data = reason === 'data breakpoint' ? dataHit : undefined;
      this.decision = { reason, hitIds, text, core: data?.core, span: data?.span };
      return true;
    }
    // The slice ends only after the node had its chance to stop: resuming runs it without asking again.
    if (--this.sliceCountdown <= 0) {
      this.sliceCountdown = SLICE_CHECK_INTERVAL;
      if (performance.now() >= this.sliceDeadline) {
        this.decision = undefined;
        return true;
      }
    }
    return false;
  }

  /** What the debugger keeps of a node that runs: the line its frame is on, and that it ran in this activation. */
  private ran(frame: Frame, node: Node, key: number): void {
    frame.lastLineKey = key;
    this.journal?.touchElement(this.lastRunRecord, node.index);
    this.lastRun[node.index] = frame.activation;
    frame.started = true;
  }

  /**
   * A node met while replaying the past: the same bookkeeping as when it first ran (breakpoint hit counts included),
   * shown to the search that asked for the replay, and a stop at the target tick only.
   */
  private replayNode(replay: Replay, tick: number, core: Core, frame: Frame, node: Node, enters: boolean, hitIds: readonly number[], key: number, dataHit?: DataHit): boolean {
    // A pause asked for while the past is replayed stops the replay here (not one that comes back to the present).
    if (!replay.toPresent && this.takeInterrupt()) {
      this.interrupted = true;
      this.decision = { reason: 'pause', hitIds: [] };
      return true;
    }
    // A visit is made only for a search that looks: most replays (back to a tick) only run.
    const visit: Visit | undefined = replay.observe || replay.until ? { tick, core, frame, node, enters, hitIds, key, position: () => this.position(core, frame, node) } : undefined;
    if (visit) replay.observe?.(visit);
    if (core.index === 0) this.pendingEntry = false;
    this.ran(frame, node, key);
    if ((tick !== replay.target || replay.after) && !(visit && replay.until?.(visit))) return false;
    // A data breakpoint's stop found again says what the access did, on the core that made it.
    const data = replay.reason === 'data breakpoint' ? dataHit : undefined;
    this.decision = { reason: replay.reason, hitIds: replay.hitIds ?? [], text: replay.text ?? data?.text, core: data?.core, span: data?.span };
    return true;
  }

  /** After a node ran: what it accessed of watched regions decides whether data breakpoints stop here. */
  afterNode(core: Core, frame: Frame, node: Node): boolean {
    if (!this.data.pendingAccesses) return false;
    const hit = this.data.settle();
    if (!hit) return false;
    const replay = this.replay;
    if (!replay) {
      this.decision = { reason: 'data breakpoint', hitIds: hit.ids, text: hit.text, span: hit.span };
      return true;
    }
    const tick = this.interpreter.ticks;
    replay.observe?.({ tick, core, frame, node, enters: false, hitIds: hit.ids, key: -1, after: true, position: () => this.position(core, frame, node) });
    if (!replay.after || tick !== replay.target) return false;
    this.decision = { reason: replay.reason, hitIds: replay.hitIds ?? hit.ids, text: replay.text ?? hit.text, span: replay.reason === 'data breakpoint' ? hit.span : undefined };
    return true;
  }

  onCall(core: Core, frame: Frame): void {
    this.subgraphDepth[core.index]++;
    if (this.data.active) this.data.onCall(core, frame);
  }

  onReturn(core: Core): void {
    this.subgraphDepth[core.index]--;
  }

  onRegionEnter(core: Core, frame: Frame, cursor: RegionCursor): void {
    this.subgraphDepth[core.index]++;
    if (this.data.active) this.data.onRegionEnter(core, frame, cursor);
    // A new iteration or arm is a new visit of its lines: their breakpoints stop again.
    frame.lastLineKey = -1;
  }

  onRegionExit(core: Core): void {
    this.subgraphDepth[core.index]--;
  }

  onFault(core: Core, frame: Frame, node: Node, fault: Fault): boolean {
    const stops = this.filters.has(filterOf(fault.code));
    // What made the NaN or infinity, with its operands, read before the node changed anything.
    const made = stops && fault.code === 'nan' ? producerText(this.machine, core, frame, node, fault) : undefined;
    if (made) fault.message = `${fault.message}: ${made}`;
    return stops;
  }

  /**
   * The breakpoints of a location that stop now: conditions true and hit conditions met; logpoints log instead.
   * Undefined when none does (a conditional breakpoint asked at every iteration makes no array then).
   */
  private hitBreakpoints(bps: Breakpoint[], core: Core, frame: Frame, enters: boolean): Breakpoint[] | undefined {
    let hits: Breakpoint[] | undefined;
    for (const bp of bps) {
      // A line stops once per visit; a column breakpoint (a node's) before every run of its node, as a node breakpoint.
      if (bp.kind === 'line' && !bp.column && !enters) continue;
      if (bp.condition && !this.conditionHolds(bp, core, frame)) continue;
      bp.hits++;
      if (bp.hit && !bp.hit(bp.hits)) continue;
      if (bp.log) {
        // A log point says its message once: not again when the past is replayed.
        if (!this.replay) this.notice(this.interpolate(bp.log, core, frame), bp.nodes[0]?.span);
        continue;
      }
      (hits ??= []).push(bp);
    }
    return hits;
  }

  private conditionHolds(bp: Breakpoint, core: Core, frame: Frame): boolean {
    const compiled = this.compiledCondition(bp, frame.fn);
    const value = compiled?.(frame, core);
    if (value !== undefined) return value !== 0 && !Number.isNaN(value);
    try {
      const v = this.evaluator(core, frame).evaluate(bp.condition!.expr);
      if (v.kind === 'scalar' && !v.written) throw new Error('it reads a register that was never written in this activation');
      return truthy(v);
    } catch (e) {
      // A condition that cannot be evaluated stops, and says why: silently running on would hide the mistake.
      if (!this.replay) this.notice(`breakpoint ${bp.id}: the condition '${bp.condition!.text}' cannot be evaluated here: ${(e as Error).message}`);
      return true;
    }
  }

  /** A condition over numbers alone, compiled once per function it is asked in (its module's constants); else undefined. */
  private compiledCondition(bp: Breakpoint, fn: FunctionIR): ScalarCondition | undefined {
    // The same breakpoint in the same function as last time, nearly always: no look-up.
    const last = this.lastCondition;
    if (last && last.bp === bp && last.fn === fn) return last.compiled;
    let byFunction = this.compiledConditions.get(bp);
    if (!byFunction) this.compiledConditions.set(bp, (byFunction = new Map()));
    if (!byFunction.has(fn)) byFunction.set(fn, compileScalarCondition(bp.condition!.expr, this.program.constants.get(fn.module), this.machine.ncores));
    const compiled = byFunction.get(fn);
    this.lastCondition = { bp, fn, compiled };
    return compiled;
  }

  private interpolate(parts: LogPart[], core: Core, frame: Frame): string {
    return parts.map((p) => {
      if (typeof p === 'string') return p;
      try {
        return formatValue(this.evaluator(core, frame).evaluate(p.expr));
      } catch (e) {
        return `<${(e as Error).message}>`;
      }
    }).join('');
  }

  private evaluator(core: Core, frame: Frame, source?: string): Evaluator {
    const lenient = !this.filters.has('uninitialized');
    if (source !== undefined) return new Evaluator(frameScope(this.machine, core, frame), (span) => spanText(source.split('\n'), span), lenient);
    // Conditions and log points run at every visit of their line: one evaluator per activation serves them all.
    const cached = this.conditionEvaluators.get(frame);
    if (cached && cached.lenient === lenient) return cached.evaluator;
    const evaluator = new Evaluator(frameScope(this.machine, core, frame), () => '', lenient);
    this.conditionEvaluators.set(frame, { evaluator, lenient });
    return evaluator;
  }

  /** Identity and depth of the frame a node runs in, for the frames mode of the active step. */
  private position(core: Core, frame: Frame, node?: Node): FramePosition {
    const mode = this.policy?.mode ?? this.mode;
    // Inlined code steps as the call it was: a frame of its own, one level deeper per inlining.
    const inlined = node?.inlined ?? frame.current?.inlined;
    const site = inlined?.site ?? 0;
    const extra = inlined?.depth ?? 0;
    if (mode === 'functions') return { identity: frame.activation * 65536 + site, depth: core.frames.length + extra };
    return { identity: frame.top.activation * 65536 + site, depth: this.subgraphDepth[core.index] + extra };
  }

  // ---- replays of the past (time-travel.ts chooses where to go) ----

  /** Runs the debug loop as a replay of the past, up to the replay's target: where it stopped, and why. */
  private replayTo(replay: Replay): ReplayStop & { readonly decision: Decision } {
    this.replay = replay;
    this.machine.replaying = true;
    const deadline = this.sliceDeadline;
    this.sliceDeadline = Infinity;
    try {
      const outcome = this.interpreter.runDebug(this);
      if ((outcome.kind !== 'stopped' && outcome.kind !== 'stopped-after') || !this.decision) {
        throw new EngineError(`the replay of the history did not reach tick ${replay.target} (${outcome.kind})`, 'internal');
      }
      const decision = this.takeDecision();
      if (this.interrupted) {
        this.interrupted = false;
        throw new ReplayInterrupted();
      }
      return { core: outcome.core, node: outcome.node, after: outcome.kind === 'stopped-after', decision };
    } finally {
      this.replay = undefined;
      this.machine.replaying = false;
      this.sliceDeadline = deadline;
    }
  }

  /** Replays to the replay's target and stops there as the replay says; a fault given is met again on resume. */
  private stopAtReplay(replay: Replay, fault?: Fault): DebugOutcome {
    const { core, node, after, decision: d } = this.replayTo(replay);
    if (after) return this.stopAfter(core, d);
    // A fault where the run first stopped is met again: resuming goes on from it as it would have then.
    if (fault) this.interpreter.pendFault(core, node, fault);
    return this.stopAt({ ...this.stopState0(core, node, d.reason, d.core), fault }, d.hitIds, d.text, d.span);
  }

  /** A stop where the run is, after a move through time failed or was paused. */
  stopHere(text = 'stopped where the move through time failed'): DebugOutcome {
    const core = this.machine.cores.find((c) => c.frame && nextNode(c.frame)) ?? this.machine.cores[0];
    const node = core.frame ? nextNode(core.frame) : undefined;
    return this.stopAt({ core, node, reason: 'pause' }, [], text);
  }

  /** Whether a pause was asked for while the past is replayed; it is spent. */
  private takeInterrupt(): boolean {
    if (!this.interruptible || Atomics.load(this.control, CONTROL_INTERRUPT) === 0) return false;
    Atomics.store(this.control, CONTROL_INTERRUPT, 0);
    return true;
  }

  /** Forgets a pause asked for before now: a move through time about to be made is not interrupted by it. */
  clearInterrupt(): void {
    if (this.interruptible) Atomics.store(this.control, CONTROL_INTERRUPT, 0);
  }

  // ---- inspection ----

  /** The stop being inspected. The engine server serves inspection only while stopped (its `require`). */
  private get stopState(): StopState {
    if (!this.stop) throw new EngineError('the debug core was asked about a stop while the program runs', 'internal');
    return this.stop;
  }

  private coreOf(threadId: number): Core {
    const core = this.machine.cores[threadId - 1];
    if (!Number.isInteger(threadId) || !core) throw new EngineError(`no thread ${threadId} (threads are 1 to ${this.machine.ncores}, one per core)`, 'reference');
    return core;
  }

  threads(): ThreadInfo[] {
    return this.machine.cores.map((c) => ({ id: c.index + 1, name: `core ${c.index}${c.state === 'done' ? ' (finished)' : c.state === 'barrier' ? ' (at Barrier)' : ''}` }));
  }

  private framesOf(core: Core): LogicalFrame[] {
    let frames = this.framesOfStop.get(core.index);
    if (!frames) {
      frames = logicalFrames(core, this.mode, this.program.entry.name);
      this.framesOfStop.set(core.index, frames);
    }
    return frames;
  }

  stackTrace(threadId: number, startFrame = 0, levels = 0): { frames: StackFrameInfo[]; total: number } {
    const state = this.stopState;
    const core = this.coreOf(threadId);
    const all = this.framesOf(core);
    const end = levels > 0 ? Math.min(all.length, startFrame + levels) : all.length;
    const frames: StackFrameInfo[] = [];
    for (let i = Math.max(0, startFrame); i < end; i++) {
      const lf = all[i];
      const id = this.nextFrameId++;
      this.frameIds.set(id, lf);
      // Only a fault's frame carries a range: the faulting operand, which the editor then highlights. Other frames
      // give a position alone, since an editor selects a frame's range and a selection would capture hovers.
      const faultSpan = i === 0 && state.fault && state.core === core ? state.fault.span : undefined;
      const span = faultSpan ?? lf.node?.span;
      frames.push({
        id, name: lf.name, path: span && path.resolve(span.file), line: span?.line ?? 0, column: span?.col ?? 0,
        endLine: faultSpan?.endLine, endColumn: faultSpan?.endCol, hint: 'normal',
        address: lf.node && addressOf(lf.node), canRestart: this.travel.timeline !== undefined && lf.kind === 'function',
      });
    }
    return { frames, total: all.length };
  }

  private frame(frameId: number): LogicalFrame {
    const lf = this.frameIds.get(frameId);
    if (!Number.isInteger(frameId) || !lf) throw new EngineError(`frame ${frameId} does not exist at this stop (frame ids come from the last stackTrace and are void once the program resumes)`, 'frame');
    return lf;
  }

  /** The top frame of the stopped core, for requests that give no frame. */
  private defaultFrame(): LogicalFrame | undefined {
    if (!this.stop) return undefined;
    return this.framesOf(this.stop.core)[0];
  }

  scopes(frameId: number): ScopeInfo[] {
    return this.inspector.scopes(this.frame(frameId));
  }

  variables(reference: number, start?: number, count?: number, filter?: 'indexed' | 'named'): VariableInfo[] {
    return this.inspector.variables(reference, start, count, filter);
  }

  evaluate(expression: string, frameId: number | undefined, context: string): EvaluateResult {
    const trimmed = expression.trim();
    return userErrors(() => {
      if (context === 'repl' && trimmed.startsWith(':')) return replCommand(trimmed, this.replContext(frameId));
      const result = this.result(this.evaluateValue(trimmed, frameId), trimmed, context);
      // A hover may show more than the word under the pointer (the whole access pattern around it): it names what.
      return context === 'hover' ? { ...result, result: `${trimmed} = ${result.result}` } : result;
    });
  }

  /**
   * The console's commands that move the program through time, `:goto N` and `:last EXPR`: checked (and searched)
   * now, so that a refusal is the console's answer; the move is made after it. Undefined for any other input.
   */
  replMove(expression: string, frameId: number | undefined, context: string): { readonly text: string; readonly move: () => DebugOutcome | 'run' } | undefined {
    const trimmed = expression.trim();
    // From the console, or from the Variables view's menu (Go to Last Write), which sends `:last` with 'variables'.
    if ((context !== 'repl' && context !== 'variables') || !trimmed.startsWith(':')) return undefined;
    const [command, text] = splitCommand(trimmed);
    if (!MOVING_COMMANDS.has(command)) return undefined;
    return userErrors(() => {
      if (command === 'goto') {
        const n = instructionCount(text);
        return { text: `going to instruction ${n.toLocaleString('en-US')}`, move: this.travel.goTo(':goto', n) };
      }
      const write = lastWrite(this.timeQueryHost(frameId), text);
      const found = `the last write of ${text}: ${describeWrite(write, this.shownPath)}`;
      return { text: `going back to ${found}`, move: this.travel.goToWrite(':last', write.tick, found) };
    });
  }

  /** `bir/history`: the writes `:history` lists, as data. */
  writeHistory(args: BirArguments<'bir/history'>): HistoryAnswer {
    return userErrors(() => historyAnswer(this.timeQueryHost(args.frameId), args.expression.trim(), args.limit, args.before));
  }

  /** `bir/why`: where a value came from, as `:why` says it, as data. */
  valueOrigin(args: BirArguments<'bir/why'>): WhyAnswer {
    return userErrors(() => whyAnswer(this.timeQueryHost(args.frameId), args.expression.trim(), args.path));
  }

  private replContext(frameId: number | undefined): ReplContext {
    const host = this.timeQueryHost(frameId);
    return {
      evaluate: (text) => this.evaluateValue(text, frameId),
      baseDir: this.options.baseDir ?? path.dirname(this.program.entry.file),
      history: (text) => history(host, text),
      why: (text) => why(host, text),
      error: (text) => {
        if (text === '') throw new EngineError(':error takes an expression: :error acc[3, 7]', 'argument');
        return errorCommand(this.machine, () => {
          const named = host.named(text, ':error');
          return named.target.kind === 'memory' ? named.target.view : undefined;
        }, text, this.shownPath);
      },
      runStats: () => this.runStats(),
    };
  }

  /** `:stats` alone: the table the end of the run prints, so far. */
  private runStats(): string {
    const stats = this.options.stats;
    if (!stats) throw new EngineError(':stats alone shows the run\'s time per opcode, which this run does not keep: set the launch attribute \'stats\' to true (or give :stats an expression)');
    return statsTable(stats.figures.figures(), stats.runningMs());
  }

  private timeQueryHost(frameId: number | undefined): TimeQueryHost {
    return {
      inspector: this.inspector,
      inThePast: (what, search) => this.travel.inThePast(what, search),
      named: (text, what) => this.namedTarget(text, frameId, what),
      now: () => this.interpreter.ticks,
      setsOf: (target) => this.travel.setsOf(target),
      shown: this.shownPath,
      shadow: this.machine.shadow && {
        errorOf: (target) => (target.kind === 'memory' ? shadowError(target.view.tensor, target.view.offset) : undefined),
        entered: (e, target) => (target.kind === 'memory' ? enteredLine(this.machine, e, target.view.tensor.dtype, this.shownPath) : undefined),
      },
    };
  }

  /** What an expression of the console names, to search its writes: a register of the frame, or a view of memory. */
  private namedTarget(text: string, frameId: number | undefined, what: string): NamedTarget {
    const lf = frameId === undefined ? this.defaultFrame() : this.frame(frameId);
    if (!lf) throw new EngineError('no frame to evaluate in', 'state');
    const parsed = parseUserExpression(text, `'${text}'`);
    if ('error' in parsed) throw new EngineError(parsed.error, 'evaluation');
    const e = parsed.expr;
    const f = lf.frame;
    const index = e.kind === 'name' ? registerIndex(e.name) : undefined;
    if (index !== undefined) {
      return { target: { kind: 'register', activation: f.activation, index, text }, size: 1, value: { value: f.regs[index], written: f.isWritten(index) }, first: text };
    }
    const v = this.evaluator(lf.core, f, text).evaluate(e);
    if (v.kind !== 'view') {
      throw new EngineError(`${what} needs a tensor, an access pattern, an element or a register; '${text}' is ${v.kind === 'scalar' ? 'a number' : 'a computed value'}, not memory`, 'argument');
    }
    const view = v.view;
    const size = viewSize(view);
    if (size === 0) throw new EngineError(`${what}: '${text}' has no elements`, 'argument');
    const first = elementIndex(view, 0);
    const single = size === 1;
    return {
      target: { kind: 'memory', view: single ? { tensor: view.tensor, offset: first, shape: [], strides: [] } : view, text, allocatedBy: allocatingActivation(this.machine, view.tensor) },
      size,
      value: single ? sample(view.tensor, first) : undefined,
      first: elementName(view.tensor, first, this.machine),
    };
  }

  private evaluateValue(text: string, frameId: number | undefined): Value {
    const lf = frameId === undefined ? this.defaultFrame() : this.frame(frameId);
    if (!lf) throw new EngineError('no frame to evaluate in', 'state');
    const parsed = parseUserExpression(text, `'${text}'`);
    if ('error' in parsed) throw new EngineError(parsed.error);
    return this.evaluator(lf.core, lf.frame, text).evaluate(parsed.expr);
  }

  private result(value: Value, text: string, context: string): EvaluateResult {
    if (value.kind === 'scalar') return { result: value.written ? formatValue(value) : '<uninit>', type: 'scalar', reference: 0 };
    if (shapeOf(value).length === 0) return { result: formatValue(value), type: dtypeLabel(value), reference: 0, memoryReference: this.inspector.memoryReference(value) };
    const v = this.inspector.tensorVariable(text, value, text);
    const full = context === 'clipboard' ? formatValue(value) : v.value;
    return { result: full, type: v.type, reference: v.reference, indexed: v.indexed, memoryReference: v.memoryReference };
  }

  private operandValue(frame: LogicalFrame, op: Operand): Value | undefined {
    return operandValue(this.machine, frame.core, frame.frame, op);
  }

  /** The calls on the line the frame is stopped at, for Step Into Targets. */
  stepInTargets(frameId: number): StepInTarget[] {
    const lf = this.frame(frameId);
    const node = lf.node;
    if (!node) return [];
    const calls = this.lineMap.nodesAt(node.span.file, node.span.line).filter((n): n is CallNode => n.kind === 'call' && n.fn === node.fn);
    return calls.map((c) => ({ id: c.index + 1, label: functionName(c.callee, this.program.entry.name), line: c.span.line, column: c.span.col }));
  }

  /** The function a step-in target id names. */
  targetFunction(targetId: number): string {
    const node = this.program.code.has(targetId - 1) ? this.program.code.node(targetId - 1) : undefined;
    if (!node || node.kind !== 'call') throw new EngineError(`step-in target ${targetId} does not exist`, 'reference');
    return node.callee.fullName;
  }

  exceptionInfo(threadId: number): ExceptionInfoResult {
    const state = this.stopState;
    const core = this.coreOf(threadId);
    if (!state.fault || state.core !== core) throw new EngineError(`thread ${threadId} is not stopped at an exception`, 'state');
    const f = state.fault;
    const where = f.span ? `${f.span.file}:${f.span.line}:${f.span.col}` : undefined;
    return {
      exceptionId: f.code, description: f.message, breakMode: 'always',
      details: { message: f.message, typeName: f.code, stackTrace: where && `at ${where}`, location: f.span },
    };
  }

  /** The value of an expression evaluated in an activation. */
  private evaluateIn(core: Core, frame: Frame, text: string): Value {
    const parsed = parseUserExpression(text, `'${text}'`);
    if ('error' in parsed) throw new EngineError(parsed.error);
    return this.evaluator(core, frame, text).evaluate(parsed.expr);
  }

  // ---- completions (completions.ts) ----

  /** Completions of the console's or the Watch view's input: with the frame's names when stopped, main's while running. */
  completions(text: string, column: number, frameId: number | undefined): CompletionInfo[] {
    const lf = !this.stop ? undefined : frameId === undefined ? this.defaultFrame() : this.frame(frameId);
    return completions(text, column, this.completionScope(lf));
  }

  private completionScope(lf: LogicalFrame | undefined): CompletionScope {
    const fn = lf?.frame.fn ?? this.program.main;
    const f = lf?.frame;
    const tensors: { name: string; dtype: string; shape: readonly number[]; memory: string }[] = [];
    for (const p of fn.params) {
      if (p.kind !== 'param' || !f) continue;
      const view = f.tensors[p.slot];
      tensors.push({ name: p.name, dtype: view.tensor.dtype, shape: view.shape, memory: `${view.tensor.memory} (parameter)` });
    }
    for (const a of f ? f.liveAllocs(lf!.cursorIndex) : fn.allocs.filter((x) => !x.scope)) tensors.push({ name: a.name, dtype: a.dtype, shape: a.array ? [...a.array, ...tileShape(a)] : a.shape, memory: a.memory });
    for (const d of this.program.drams) if (d.module === fn.module) tensors.push({ name: d.name, dtype: d.dtype, shape: d.shape, memory: 'dram' });
    const loops = lf ? loopRegisters(lf) : [];
    const registers = Array.from({ length: REGISTERS }, (_, r) => {
      const loop = loops.find((l) => l.register === r);
      const value = !f ? '' : f.isWritten(r) ? ` = ${formatNumber(f.regs[r])}` : ' (never written in this activation)';
      return { name: `r${r}`, detail: `${loop ? `loop register of line ${loop.loop.span.line}` : 'register'}${value}` };
    });
    registers.push({ name: 'core', detail: `the core the frame runs on${lf ? ` = ${lf.core.index}` : ''}` }, { name: 'ncores', detail: `cores of the run = ${this.machine.ncores}` });
    const constants = [...(this.program.constants.get(fn.module) ?? new Map<string, number>())].map(([name, value]) => ({ name, value }));
    return { tensors, registers, constants };
  }

  // ---- data breakpoints (data-breakpoints.ts) ----

  /**
   * The data id of a variable of the Variables view (a reference and the name of one of its variables), or of an
   * expression evaluated in a frame (Watch, Debug Console): a tensor, an access pattern, an element or a register.
   */
  dataBreakpointInfo(reference: number | undefined, name: string, frameId: number | undefined): DataBreakpointInfoResult {
    if (reference !== undefined) {
      const target = this.inspector.dataTarget(reference, name);
      if (target.kind === 'read-only') return { dataId: null, description: target.reason };
      if (target.kind === 'register') return this.data.infoOfRegister(target.frame.fn, target.core, target.index);
      return this.data.infoOfView(target.view, target.text);
    }
    const lf = frameId === undefined ? this.defaultFrame() : this.frame(frameId);
    if (!lf) throw new EngineError('no frame to evaluate in', 'state');
    const text = name.trim();
    const register = registerIndex(text);
    if (register !== undefined) return this.data.infoOfRegister(lf.frame.fn, lf.core.index, register);
    const value = userErrors(() => this.evaluateValue(text, frameId));
    if (value.kind !== 'view') {
      return { dataId: null, description: `'${text}' is ${value.kind === 'scalar' ? 'a number' : 'a computed value'}, not memory: a data breakpoint watches a tensor, an access pattern, an element or a register` };
    }
    return this.data.infoOfView(value.view, text);
  }

  /** Replaces the data breakpoints. Stopped, the node the run is before is looked at again (it runs without asking). */
  setDataBreakpoints(requests: readonly DataBreakpointRequest[]): BreakpointInfo[] {
    const infos = this.data.set(requests);
    const stop = this.stop;
    // Stopped after a node, the next one has not been asked about yet: it will be, as usual.
    const at = stop?.after ? undefined : stop?.before ?? (stop?.node && { core: stop.core, node: stop.node });
    if (at?.core.frame) this.data.redo(at.core, at.core.frame, at.node);
    return infos;
  }

  /** A data breakpoint's condition, with `old` and `new` the values of the element accessed (before and after). */
  private dataConditionHolds(bp: { readonly id: number; readonly condition: ParsedExpression }, core: Core, frame: Frame, old: number, now: number): boolean {
    try {
      const base = frameScope(this.machine, core, frame);
      const scope = { ...base, constant: (n: string) => (n === 'old' ? old : n === 'new' ? now : base.constant(n)), names: () => ['old', 'new', ...base.names()] };
      const v = new Evaluator(scope, () => '', !this.filters.has('uninitialized')).evaluate(bp.condition.expr);
      if (v.kind === 'scalar' && !v.written) throw new Error('it reads a register that was never written in this activation');
      return truthy(v);
    } catch (e) {
      if (!this.replay) this.notice(`data breakpoint ${bp.id}: the condition '${bp.condition.text}' cannot be evaluated here: ${(e as Error).message}`);
      return true;
    }
  }

  // ---- the tensor view (tensor-data.ts, memory-map.ts, changed-writes.ts) ----

  tensorData(args: TensorArguments): ReturnType<typeof tensorData> {
    return userErrors(() => tensorData(this.tensorHost(args.frameId), args));
  }

  tensorDivergence(args: DivergenceArguments): ReturnType<typeof tensorDivergence> {
    return userErrors(() => tensorDivergence(this.tensorHost(args.frameId), args));
  }

  /** The core of the thread asked for, else of the frame; the frame's allocations are the ones it names. */
  memoryMap(args: MemoryMapArguments): ReturnType<typeof memoryMap> {
    const lf = args.frameId === undefined ? this.defaultFrame() : this.frame(args.frameId);
    const core = args.threadId !== undefined ? this.coreOf(args.threadId) : lf?.core ?? this.stopState.core;
    const selected = args.expression === undefined ? undefined : userErrors(() => this.evaluateValue(args.expression!.trim(), args.frameId));
    return memoryMap(core, this.program.entry.name, lf?.core === core ? lf.frame : undefined, selected);
  }

  private tensorHost(frameId: number | undefined): TensorHost {
    const lf = frameId === undefined ? this.defaultFrame() : this.frame(frameId);
    return {
      evaluate: (text) => this.evaluateValue(text.trim(), frameId),
      baseDir: this.options.baseDir ?? path.dirname(this.program.entry.file),
      frame: lf?.name,
      instructions: this.machine.instructionsExecuted,
      writtenBetween: (t, lo, hi, from, to) => this.travel.inThePast('changes since the last stop', (ctx) => writtenBetween(ctx, t, lo, hi, from, to)),
      shadowRun: this.machine.shadow !== undefined,
    };
  }
}

/** An evaluation error is the user's to read, wherever it arose (evaluating, or reading the result). */
function userErrors<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof EvalError) throw new EngineError(e.span ? `column ${e.span.col}: ${e.message}` : e.message, 'evaluation');
    throw e;
  }
}

/** The N of `:goto N`: digits, with , or _ between thousands allowed. */
function instructionCount(text: string): number {
  const plain = text.replace(/[,_]/g, '');
  if (!/^\d+$/.test(plain)) throw new EngineError(`:goto takes an instruction count (a whole number, as in :goto 1200), found '${text}'`, 'argument');
  return Number(plain);
}

function fusionInfo(node: InstrNode): StoppedInfo['fusion'] {
  const members = (node.members ?? []).map((m) => ({ id: m.id, opcode: m.opcode, line: m.span.line }));
  const text = `fusion group ${node.group} runs here: it computes ${members.map((m) => `${m.opcode} (line ${m.line})`).join(', ')} in one pass; those instructions do not execute separately.`;
  return { group: node.group!, members, text };
}

function truthy(v: Value): boolean {
  if (v.kind === 'scalar') return v.value !== 0 && !Number.isNaN(v.value);
  return firstZero(v) < 0;
}

function describeStop(state: StopState, text?: string): string {
  switch (state.reason) {
    case 'exception': return `Paused on ${state.fault?.code ?? 'exception'}`;
    case 'breakpoint': return 'Paused on breakpoint';
    case 'function breakpoint': return 'Paused on function breakpoint';
    case 'data breakpoint': return text ?? 'Paused on data breakpoint';
    case 'entry': return 'Paused on entry';
    case 'pause': return 'Paused';
    case 'goto': return text ? `Paused at ${text}` : 'Paused';
    case 'restart': return `Restarted at ${text ?? 'the frame\'s entry'}`;
    case 'divergence': return text ?? 'Paused on the first divergence';
    default: return text ?? 'Paused after step';
  }
}
