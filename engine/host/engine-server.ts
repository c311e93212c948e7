/**
 * The engine side of a debug session: serves DebugEngine requests against a DebugCore and emits events. It runs
 * the program in time slices so that requests (breakpoints, pause) are served while a long simulation runs,
 * whether it lives in a worker thread or in the caller's thread.
 */
import * as path from 'path';
import { performance } from 'perf_hooks';
import { checkProgram, diskHost, SourceHost } from '../lang/check/checker';
import { formatDiagnostic } from '../lang/diagnostics';
import { Program } from '../ir/program';
import { neverWrittenOutputs, writeOutputs } from '../io/outputs';
import { LoadError, Machine, MachineOptions } from '../machine/machine';
import { npyMachineOptions } from '../run/simulate';
import { CONTROL_TERMINATE, Interpreter, RunOutcome } from '../run/interpreter';
import { DebugCore } from '../debug/debug-core';
import { DebugOutcome, Move } from '../debug/replay';
import { describeFault } from '../run/describe-fault';
import { runSummary } from '../run/run-summary';
import { OpcodeStats } from '../run/opcode-stats';
import { statsTable } from '../run/stats-table';
import { formatOutputErrors, outputErrors } from '../run/shadow-summary';
import { relativeTo } from '../debug/shown-path';
import { runPipeline, Snapshot } from '../passes/pipeline';
import { isPassName } from '../passes/registry';
import { PipelineHistory } from '../debug/history';
import type { BirBody } from '../../contract/requests';
import { disassemble } from '../debug/disassembly';
import { functionRuns } from '../debug/function-runs';
import { timeOfFunction } from '../perf/function-times';
import { RunProgress } from './run-progress';
import { DumpError, makeDump, writeDump } from '../io/dump';
import { readTextFile } from '../io/read-file';
import { openDump, OpenedDump } from './restore-dump';
import { Fault } from '../machine/fault';
import { dynamicInstructionCount } from '../ir/dynamic-count';
import { buildProgramGraphs } from '../graph/build';
import type { CompactGraph } from '../graph/compact-graph';
import { graphToDot } from '../graph/export';
import { expandGraph, Expansion, findNodes } from '../graph/hierarchy';
import type { FrameGraph, PassGraph, PassSummary, Span } from '../../contract/graph';
import type { TimelineData } from '../../contract/timeline';
import { EngineError, errorData } from '../protocol/errors';
import { EngineMethod, EngineParams, EngineRequestMessage, EngineResult } from '../protocol/requests';
import { needsHistory, refusalInADump } from '../protocol/request-table';
import { BisectLaunch, BreakpointInfo, CompareWith, EngineEvent, EvaluateResult, EXCEPTION_FILTERS, LaunchConfig, LaunchResult, StackFrameInfo, StepGranularity, ThreadInfo } from '../protocol/types';
import { EngineToClient } from './messages';
import { TimelineService } from './timeline-service';
import { PipelineTooBig } from '../passes/pipeline-size';
import { CompareRefused, ComparedSession, compareSession } from '../diff/compare-side';
import { UnmatchedPrograms } from '../diff/dram-match';
import { TooManyWrites } from '../diff/write-stream';
import { BisectRefused, bisectSession } from '../diff/bisect-session';
import { BadReference } from '../diff/output-reference';
import type { BisectEvent } from '../../contract/bisection';

/** How long the program runs before the server looks at its requests again. */
const SLICE_MS = 20;

export type Emit = (event: EngineEvent) => void;

/** `compiler`: stopped between passes of the pipeline, before the program runs. */
type State = 'idle' | 'launched' | 'compiler' | 'running' | 'stopped' | 'ended';

/** What a request needs of the session's state. The one place that decides whether a request can be served now. */
type Need =
  | 'nothing'
  | 'idle'
  /** Launched and not ended. */
  | 'launched'
  /** Launched with the debugger (not a run without debugging). */
  | 'debugging'
  /** Launched, configurationDone not yet received. */
  | 'unstarted'
  /** After configurationDone, not ended. */
  | 'started'
  /** Stopped: in the program, or between compiler passes. */
  | 'stopped'
  /** Stopped in the program, not between compiler passes. */
  | 'program-stopped'
  /** Stopped between compiler passes. */
  | 'compiler';

interface Handler<M extends EngineMethod> {
  readonly needs: Need;
  readonly serve: (params: EngineParams<M>) => EngineResult<M>;
}

type Handlers = { readonly [M in EngineMethod]: Handler<M> };

export class EngineServer {
  private state: State = 'idle';
  private config?: LaunchConfig;
  private program?: Program;
  private core?: DebugCore;
  private snapshots: Snapshot[] = [];
  /** Snapshot indices to stop at before the program runs (stopOnPassEntry is 0, passBreakpoints the rest). */
  private passStops = new Set<number>();
  /** The snapshot of the current compiler stop. */
  private passStop = -1;
  private pendingFilters: string[] = EXCEPTION_FILTERS.filter((f) => f.default).map((f) => f.filter);
  private scheduled = false;
  private readonly timeline = new TimelineService();

  constructor(
    private readonly emit: Emit,
    readonly control: Int32Array,
  ) {}

  private readonly handlers: Handlers = {
    launch: { needs: 'idle', serve: (config) => this.launch(config) },
    setBreakpoints: { needs: 'launched', serve: (p) => this.stopping(p.breakpoints.length) ?? this.debugCore().setBreakpoints(p.path, p.breakpoints) },
    setFunctionBreakpoints: { needs: 'launched', serve: (p) => this.stopping(p.breakpoints.length) ?? this.debugCore().setFunctionBreakpoints(p.breakpoints) },
    'bir/setNodeBreakpoints': { needs: 'debugging', serve: (p) => this.stopping(p.nodes.length) ?? this.debugCore().setNodeBreakpoints(p.nodes) },
    setInstructionBreakpoints: { needs: 'launched', serve: (p) => this.stopping(p.breakpoints.length) ?? this.debugCore().setInstructionBreakpoints(p.breakpoints) },
    'bir/nodeBreakpoints': { needs: 'debugging', serve: () => this.debugCore().nodeBreakpoints() },
    disassemble: { needs: 'launched', serve: (p) => disassemble(this.program!, p.address, p.instructionOffset, p.count) },
    setExceptionBreakpoints: { needs: 'launched', serve: (p) => this.setExceptionFilters(p.filters) },
    configurationDone: { needs: 'unstarted', serve: () => this.start() },
    continue: { needs: 'stopped', serve: () => (this.state === 'compiler' ? this.continuePipeline() : this.resume(() => this.debugCore().continue())) },
    next: { needs: 'program-stopped', serve: (p) => this.resume(() => this.debugCore().step('over', p.threadId, p.granularity)) },
    stepIn: { needs: 'program-stopped', serve: (p) => this.stepIn(p.threadId, p.granularity, p.targetId) },
    stepOut: { needs: 'program-stopped', serve: (p) => this.resume(() => this.debugCore().step('out', p.threadId, p.granularity)) },
    stepBack: { needs: 'program-stopped', serve: (p) => this.travel(this.debugCore().travel.stepBack('stepBack', 'over', p.threadId, p.granularity)) },
    'bir/stepBackInto': { needs: 'program-stopped', serve: (p) => this.travel(this.debugCore().travel.stepBack('bir/stepBackInto', 'in', p.threadId, granularityOf(p.granularity))) },
    'bir/stepBackOut': { needs: 'program-stopped', serve: (p) => this.travel(this.debugCore().travel.stepBack('bir/stepBackOut', 'out', p.threadId, granularityOf(p.granularity))) },
    reverseContinue: { needs: 'program-stopped', serve: (p) => this.travel(this.debugCore().travel.reverseContinue('reverseContinue', p.threadId)) },
    restartFrame: { needs: 'program-stopped', serve: (p) => this.travel(this.debugCore().travel.restartFrame('restartFrame', p.frameId)) },
    'bir/goto': { needs: 'program-stopped', serve: (p) => this.travel(this.debugCore().travel.goTo('bir/goto', p.instructions)) },
    pause: { needs: 'started', serve: () => this.pause() },
    threads: { needs: 'nothing', serve: () => this.threads() },
    stackTrace: { needs: 'stopped', serve: (p) => (this.state === 'compiler' ? this.compilerStack() : this.debugCore().stackTrace(p.threadId, p.startFrame, p.levels)) },
    scopes: { needs: 'stopped', serve: (p) => (this.state === 'compiler' ? [] : this.debugCore().scopes(p.frameId)) },
    variables: { needs: 'program-stopped', serve: (p) => this.debugCore().variables(p.reference, p.start, p.count, p.filter) },
    evaluate: { needs: 'program-stopped', serve: (p) => this.evaluate(p.expression, p.frameId, p.context) },
    stepInTargets: { needs: 'program-stopped', serve: (p) => this.debugCore().stepInTargets(p.frameId) },
    exceptionInfo: { needs: 'program-stopped', serve: (p) => this.debugCore().exceptionInfo(p.threadId) },
    dataBreakpointInfo: { needs: 'program-stopped', serve: (p) => this.debugCore().dataBreakpointInfo(p.reference, p.name, p.frameId) },
    setDataBreakpoints: { needs: 'debugging', serve: (p) => this.stopping(p.breakpoints.length) ?? this.debugCore().setDataBreakpoints(p.breakpoints) },
    terminate: { needs: 'nothing', serve: () => this.terminate() },
    'bir/setFrames': { needs: 'debugging', serve: (p) => ({ frames: this.debugCore().setFrames(p.frames), stopped: this.state === 'stopped' }) },
    'bir/graph': { needs: 'debugging', serve: (p) => this.graph(p.frameId, p.expand, p.find) },
    'bir/passGraphs': { needs: 'launched', serve: () => ({ graphs: this.passGraphs() }) },
    'bir/passGraph': { needs: 'launched', serve: (p) => this.passGraph(p.index, p.function, p.expand, p.find) },
    'bir/nextPass': { needs: 'compiler', serve: () => this.nextPass() },
    'bir/setPassBreakpoints': { needs: 'launched', serve: (p) => this.setPassBreakpoints(p.indices) },
    'bir/timeline': { needs: 'launched', serve: (p) => this.timelineOf(p) },
    'bir/history': { needs: 'program-stopped', serve: (p) => this.debugCore().writeHistory(p) },
    'bir/why': { needs: 'program-stopped', serve: (p) => this.debugCore().valueOrigin(p) },
    'bir/tensor': { needs: 'program-stopped', serve: (p) => this.debugCore().tensorData(p) },
    'bir/tensorDivergence': { needs: 'program-stopped', serve: (p) => this.debugCore().tensorDivergence(p) },
    'bir/memoryMap': { needs: 'program-stopped', serve: (p) => this.debugCore().memoryMap(p) },
    'bir/functionRuns': { needs: 'program-stopped', serve: () => this.functionRunsOf() },
    setVariable: { needs: 'program-stopped', serve: (p) => this.debugCore().changes.setVariable(p.reference, p.name, p.value) },
    setExpression: { needs: 'program-stopped', serve: (p) => this.debugCore().changes.setExpression(p.expression, p.value, p.frameId) },
    readMemory: { needs: 'program-stopped', serve: (p) => this.debugCore().changes.readMemory(p.memoryReference, p.offset, p.count) },
    writeMemory: { needs: 'program-stopped', serve: (p) => this.debugCore().changes.writeMemory(p.memoryReference, p.offset, p.data, p.allowPartial) },
    completions: { needs: 'debugging', serve: (p) => (this.state === 'compiler' ? [] : this.debugCore().completions(p.text, p.column, p.frameId)) },
  };

  /** Serves one request: its result, or why it cannot be served now. */
  handle(message: EngineRequestMessage): EngineToClient {
    try {
      return { type: 'reply', id: message.id, result: this.dispatch(message) };
    } catch (e) {
      return { type: 'reply', id: message.id, error: errorData(e) };
    }
  }

  private dispatch<M extends EngineMethod>(message: EngineRequestMessage<M>): EngineResult<M> {
    if (!Object.prototype.hasOwnProperty.call(this.handlers, message.method)) throw new EngineError(`unknown engine request '${message.method}'`, 'internal');
    const handler: Handler<M> = this.handlers[message.method];
    this.require(message.method, handler.needs);
    const params: object = message.params;
    if ('threadId' in params && typeof params.threadId === 'number') this.checkThread(params.threadId);
    this.requireHistory(message.method);
    return handler.serve(message.params);
  }

  /**
   * Refuses a request that moves through the recorded past when the run records none (the request table says which
   * need it). A dump has no history either; it refused them before, as moves it cannot make (see require).
   */
  private requireHistory(method: EngineMethod): void {
    if (needsHistory(method) && this.core) this.core.travel.requireHistory(method);
  }

  /** Threads are the cores, known from the launch. */
  private checkThread(threadId: number): void {
    const cores = this.config?.cores ?? 1;
    if (!Number.isInteger(threadId) || threadId < 1 || threadId > cores) throw new EngineError(`no thread ${threadId} (threads are 1 to ${cores}, one per core)`, 'reference');
  }

  /** Refuses a request the session's state cannot serve, saying why and what to do. */
  private require(method: EngineMethod, need: Need): void {
    const refuse = (message: string): never => {
      throw new EngineError(message, 'state');
    };
    const state = this.state;
    if (need === 'nothing') return;
    if (need === 'idle') {
      if (state !== 'idle') refuse('the program is already launched');
      return;
    }
    if (state === 'idle') refuse(`'${method}' needs a launched program`);
    if (state === 'ended') refuse(`'${method}': the program has ended`);
    // A dump has no run to go on with, and its state is the fault's: the request table says what it refuses.
    const inADump = this.postMortem ? refusalInADump(method) : undefined;
    if (this.postMortem && inADump) refuse(`'${method}': a dump ${inADump} (${this.postMortem.what}: the machine at its fault)`);
    switch (need) {
      case 'debugging':
        if (!this.core) refuse(`'${method}' is not available in a run without debugging`);
        return;
      case 'unstarted':
        if (state !== 'launched') refuse(`'${method}': the program has already started`);
        return;
      case 'started':
        if (state === 'launched') refuse(`'${method}': the program has not started (send configurationDone)`);
        return;
      case 'compiler':
        if (state !== 'compiler') refuse(`${method} works at a compiler stop (launch with stopOnPassEntry or passBreakpoints)`);
        return;
      case 'stopped':
      case 'program-stopped':
        if (!this.core && state === 'running') refuse(`'${method}' is not available in a run without debugging (launched with noDebug): it never stops`);
        if (state === 'running') refuse(`'${method}' needs a stopped program, and it is running`);
        if (state === 'launched') refuse(`'${method}' needs a stopped program, and it has not started (send configurationDone)`);
        if (state === 'compiler' && need === 'program-stopped') {
          refuse(`'${method}' needs a running program, and the debugger is stopped between compiler passes (${describePipelineStop(this.snapshots[this.passStop])}): continue, or bir/nextPass to go to the next pass`);
        }
        return;
    }
  }

  /** Breakpoints of a run without debugging or of a dump: answered, never bound. Undefined when breakpoints can stop. */
  private stopping(count: number): BreakpointInfo[] | undefined {
    if (this.core && !this.postMortem) return undefined;
    const message = this.postMortem ? `breakpoints do not stop a post-mortem dump: it does not run` : 'breakpoints do not stop a run without debugging';
    return Array.from({ length: count }, () => ({ id: this.nextUnboundId++, verified: false, message, instructions: 0 }));
  }

  /** Set when the session opened a post-mortem dump: what it is, and the fault it stops at. */
  private postMortem?: { readonly what: string; readonly fault: Fault };

  private nextUnboundId = 1;

  /** Wall time the program has run forward (stops and moves through time not counted): the summary's speed. */
  private runningMs = 0;
  /** The run's time per opcode, kept when the launch attribute stats asks for it. */
  private stats?: OpcodeStats;
  /** Times the program was set running: the summary gives a speed only when the runs between stops were long. */
  private runs = 0;

  private beginRunning(): void {
    this.runs++;
    this.progress.begin();
  }
  private readonly progress = new RunProgress((event) => this.emit(event), () => this.program && dynamicInstructionCount(this.program, this.config?.cores ?? 1));

  /** The debug core; requests that need it are refused in a run without debugging (see require). */
  private debugCore(): DebugCore {
    if (!this.core) throw new EngineError('no debugger in a run without debugging', 'internal');
    return this.core;
  }

  // ---- launch ----

  private launch(config: LaunchConfig): LaunchResult {
    if (config.dump !== undefined) return this.openDump(config, config.dump);
    const overlays = config.overlays ?? {};
    const disk = diskHost();
    const host: SourceHost = {
      readText: (f) => overlays[f] ?? disk.readText(f),
      exists: (f) => f in overlays || disk.exists(f),
      size: (f) => (f in overlays ? undefined : disk.size?.(f)),
    };
    const progress = (lines: number, total: number): void => this.emit({ kind: 'loading', file: config.program, lines, total });
    const checked = checkProgram(config.program, { host, progress });
    const diagnostics = checked.diagnostics.map((d) => ({ severity: d.severity, message: d.message, span: d.span, text: formatDiagnostic(d) }));
    if (!checked.program) {
      const errors = diagnostics.filter((d) => d.severity === 'error');
      return { ok: false, diagnostics, message: `${config.program} has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n${errors.map((d) => d.text).join('\n')}` };
    }
    const declared = checked.program.cores;
    if (declared && config.cores !== undefined && config.cores !== declared.count) {
      const message = `the launch attribute 'cores' (${config.cores}) overrides the program's declaration 'cores ${declared.count}'`;
      diagnostics.push({ severity: 'warning', message, span: declared.span, text: formatDiagnostic({ severity: 'warning', message, span: declared.span }) });
    }
    config = { ...config, cores: config.cores ?? declared?.count ?? 1 };
    const machineOptions = this.machineOptions(config, checked.program);
    try {
      this.snapshots = runPipeline(checked.program, config.passes ?? []);
    } catch (e) {
      if (e instanceof PipelineTooBig) return { ok: false, diagnostics, message: `launch attribute 'passes': ${e.message}` };
      throw e;
    }
    if (config.bisect) {
      const refused = this.bisect(config, config.bisect, checked.program);
      if (refused) return { ok: false, diagnostics, message: refused };
    }
    const program = this.snapshots[this.snapshots.length - 1].program;
    const last = this.snapshots.length - 1;
    const badIndex = (config.passBreakpoints ?? []).find((i) => i > last);
    if (badIndex !== undefined) return { ok: false, diagnostics, message: `launch attribute 'passBreakpoints': snapshot ${badIndex} does not exist (the pipeline has snapshots 0 to ${last})` };
    this.passStops = new Set([...(config.stopOnPassEntry ? [0] : []), ...(config.passBreakpoints ?? []), ...(this.bisection?.snapshot !== undefined ? [this.bisection.snapshot] : [])]);
    this.stats = config.stats ? new OpcodeStats() : undefined;
    try {
      if (!config.noDebug) {
        const history = new PipelineHistory(this.snapshots);
        const notice = (text: string, span?: Span): void => this.emit({ kind: 'output', category: 'console', text: `${text}\n`, span });
        const stats = this.stats && { figures: this.stats, runningMs: () => this.runningMs };
        this.core = new DebugCore(program, machineOptions, { frames: config.frames, stepBy: config.stepBy, stopOnEntry: config.stopOnEntry, history, notice, historyMiB: config.historyMiB, pathsRelativeTo: config.cwd, stats }, this.control);
      } else {
        new Machine(program, machineOptions); // validates inputs and cores now, so the launch fails with the reason
      }
    } catch (e) {
      if (e instanceof LoadError) return { ok: false, diagnostics, message: e.message };
      throw e;
    }
    if (config.compareWith && this.core) {
      const refused = this.compare(config, config.compareWith, program, host);
      if (refused) return { ok: false, diagnostics, message: refused };
    }
    this.config = config;
    this.program = program;
    this.state = 'launched';
    return { ok: true, diagnostics, cores: config.cores ?? 1, files: [...checked.program.sources.keys()], comparison: this.comparison?.event, bisection: this.bisection };
  }

  /** The comparison of the launch attribute compareWith: the session's core left before its write of the divergence. */
  private comparison?: ComparedSession;

  /** Runs the comparison at launch, before breakpoints are set: undefined, or why the launch fails. */
  private compare(config: LaunchConfig, other: CompareWith, program: Program, host: SourceHost): string | undefined {
    const { type: _t, request: _r, name: _n, compareWith: _c, overlays: _o, ...launch } = config as LaunchConfig & Record<string, unknown>;
    try {
      this.comparison = compareSession(
        { file: config.program, passes: config.passes ?? [], program, cores: config.cores ?? 1, core: this.core! },
        other,
        { inputs: this.inputPaths(config), maxInstructions: config.maxInstructions, maxCallDepth: config.maxCallDepth, historyMiB: config.historyMiB, host, display: relativeTo(config.cwd), launch },
      );
      return undefined;
    } catch (e) {
      if (e instanceof CompareRefused || e instanceof UnmatchedPrograms || e instanceof TooManyWrites || e instanceof LoadError) return `launch attribute 'compareWith': ${e.message}`;
      throw e;
    }
  }

  /** The answer of the launch attribute bisect; with a culprit, the session's snapshots end after it. */
  private bisection?: BisectEvent;

  /** Bisects the pipeline at launch: undefined, or why the launch fails. */
  private bisect(config: LaunchConfig, settings: BisectLaunch, program: Program): string | undefined {
    try {
      const b = bisectSession(program, config.passes ?? [], settings, { cores: config.cores ?? 1, inputs: this.inputPaths(config), maxInstructions: config.maxInstructions, maxCallDepth: config.maxCallDepth, display: relativeTo(config.cwd) });
      this.bisection = b.event;
      if (b.snapshots) this.snapshots = b.snapshots;
      return undefined;
    } catch (e) {
      if (e instanceof BisectRefused || e instanceof BadReference || e instanceof LoadError) return `launch attribute 'bisect': ${e.message}`;
      throw e;
    }
  }

  /** A session of a post-mortem dump: stopped at its fault from configurationDone on; it reads, and never runs. */
  private openDump(config: LaunchConfig, file: string): LaunchResult {
    const notice = (text: string, span?: Span): void => this.emit({ kind: 'output', category: 'console', text: `${text}\n`, span });
    let opened: OpenedDump;
    try {
      opened = openDump(file, { frames: config.frames, stepBy: config.stepBy, notice }, this.control);
    } catch (e) {
      if (e instanceof DumpError || e instanceof LoadError) return { ok: false, diagnostics: [], message: e.message };
      throw e;
    }
    const { snapshots, program, machine, fault, what } = opened;
    this.core = opened.core;
    this.snapshots = snapshots;
    this.postMortem = { what, fault };
    this.config = { program: file, dump: file, cores: machine.ncores, passes: snapshots.slice(1).map((s) => s.pass).filter(isPassName), frames: config.frames, stepBy: config.stepBy };
    this.program = program;
    this.state = 'launched';
    const sources = snapshots[0].program.sources;
    return { ok: true, diagnostics: [], cores: machine.ncores, files: [...sources.keys()], sources: notOnDisk(sources), readOnly: true };
  }

  /** The launch's inputs as absolute paths; in a comparison, only those of tensors the program has (the other may have the rest). */
  private inputPaths(config: LaunchConfig, program?: Program): Record<string, string> {
    const base = path.dirname(path.resolve(config.program));
    const mine = (name: string): boolean => !program || !config.compareWith || program.drams.some((d) => d.name === name);
    return Object.fromEntries(Object.entries(config.inputs ?? {}).filter(([k]) => mine(k)).map(([k, v]) => [k, path.resolve(base, v)]));
  }

  private machineOptions(config: LaunchConfig, program?: Program): MachineOptions {
    return npyMachineOptions({
      cores: config.cores ?? 1,
      inputs: this.inputPaths(config, program),
      maxCallDepth: config.maxCallDepth,
      settingNames: { maxInstructions: 'the launch attribute \'maxInstructions\'', maxCallDepth: 'the launch attribute \'maxCallDepth\'' },
      maxInstructions: config.maxInstructions,
      shadow: config.shadow,
      output: (text, core) => this.emit({ kind: 'output', category: 'stdout', text: `${(config.cores ?? 1) > 1 ? `[core ${core}] ` : ''}${text}\n` }),
    });
  }

  private setExceptionFilters(filters: readonly string[]): void {
    const known = EXCEPTION_FILTERS.map((f) => f.filter) as string[];
    const unknown = filters.filter((f) => !known.includes(f));
    if (unknown.length) throw new EngineError(`unknown exception filter '${unknown[0]}' (filters: ${known.join(', ')})`, 'argument');
    this.pendingFilters = [...filters];
    this.core?.setExceptionFilters(filters);
  }

  // ---- running ----

  private start(): void {
    if (this.postMortem) return this.stopAtDump(this.postMortem.fault);
    if (this.comparison) return this.openComparison(this.comparison);
    if (this.bisection) this.emit({ kind: 'output', category: 'console', text: `${this.bisection.report.join('\n')}\n${this.bisection.message}\n` });
    if (this.bisection && this.bisection.snapshot === undefined) return this.endUnrun(this.bisection.verdict === 'nothing differs' ? 0 : 1);
    this.state = 'running';
    this.beginRunning();
    if (this.core) {
      this.core.setExceptionFilters(this.pendingFilters);
      const first = this.nextPassStop(-1);
      if (first !== undefined) setImmediate(() => this.stopBetweenPasses(first, first === 0 && this.config?.stopOnPassEntry ? 'entry' : 'breakpoint'));
      else this.schedule();
    } else {
      setImmediate(() => this.runWithoutDebugging());
    }
  }

  /**
   * A comparison's session opens where the launch left its core: stopped before its write of the divergence, the
   * report in the Debug Console. Runs that do not differ there (or that the session has no write of) end at once:
   * both ran already, in lockstep.
   */
  private openComparison(compared: ComparedSession): void {
    const core = this.debugCore();
    core.setExceptionFilters(this.pendingFilters);
    const stop = compared.stop;
    this.state = stop ? 'stopped' : 'ended';
    setImmediate(() => {
      this.emit({ kind: 'output', category: 'console', text: `${compared.event.report.join('\n')}\n` });
      if (stop) return this.emit({ kind: 'stopped', info: stop });
      this.emit({ kind: 'output', category: 'console', text: `${compared.event.message}\n` });
      this.emit({ kind: 'exited', exitCode: compared.exitCode });
    });
  }

  /** A session whose answer was given at launch (a bisection that blames no rewrite) ends without running. */
  private endUnrun(exitCode: number): void {
    this.state = 'ended';
    setImmediate(() => this.emit({ kind: 'exited', exitCode }));
  }

  private stopAtDump(fault: Fault): void {
    this.state = 'stopped';
    const core = this.debugCore();
    core.setExceptionFilters(this.pendingFilters);
    const info = core.stopAtFault(fault);
    setImmediate(() => {
      const described = describeFault(fault, core.machine);
      this.emit({ kind: 'output', category: 'console', text: `Opened ${this.postMortem!.what} of ${path.basename(this.program!.entry.file)}, at its fault after ${core.machine.instructionsExecuted.toLocaleString('en-US')} instructions:\n${described}\nEverything that reads the machine works; running, stepping and changing values do not.\n` });
      this.emit({ kind: 'stopped', info });
    });
  }

  /** The fast loop, in slices too, so that requests (terminate, threads) are answered during a long run. */
  private runWithoutDebugging(): void {
    const machine = new Machine(this.program!, this.machineOptions(this.config!, this.program));
    const interpreter = new Interpreter(machine, this.control, this.stats);
    const step = (): void => {
      const began = performance.now();
      const outcome = interpreter.runFast(began + SLICE_MS);
      this.runningMs += performance.now() - began;
      if (outcome) return this.end(outcome, machine);
      this.progress.ran(machine.instructionsExecuted);
      setImmediate(step);
    };
    step();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.slice();
    });
  }

  /** Runs one time slice of the debug loop and reports what it ended with. */
  private slice(): void {
    const core = this.core!;
    if (this.state !== 'running') return;
    const began = performance.now();
    core.sliceDeadline = began + SLICE_MS;
    let outcome: DebugOutcome;
    try {
      outcome = core.run();
      this.runningMs += performance.now() - began;
    } catch (e) {
      // The run loop turns every failure into a fault; reaching here is a bug of the simulator.
      this.emit({ kind: 'output', category: 'stderr', text: `internal error of the simulator (please report it): ${(e as Error).stack ?? e}\n` });
      this.state = 'ended';
      this.emit({ kind: 'exited', exitCode: 1 });
      return;
    }
    this.report(outcome);
  }

  /** What a run (or a move through time) ended with: go on in the next slice, a stop, or the end of the program. */
  private report(outcome: DebugOutcome): void {
    if (outcome.kind === 'yield') {
      this.progress.ran(this.debugCore().machine.instructionsExecuted);
      return this.schedule();
    }
    if (outcome.kind === 'stopped') {
      this.state = 'stopped';
      const fault = outcome.info.reason === 'exception' ? this.debugCore().stoppedFault : undefined;
      if (fault) this.dumpFault(this.debugCore().machine, fault);
      this.emit({ kind: 'stopped', info: outcome.info });
      return;
    }
    this.end(outcome.outcome, this.debugCore().machine);
  }

  /** The launch attribute dumpOnFault: the machine at a fault, written once per fault (not again when the past replays it). */
  private dumpFault(machine: Machine, fault: Fault): void {
    if (!this.config?.dumpOnFault || this.dumped.has(fault)) return;
    this.dumped.add(fault);
    const file = path.resolve(path.dirname(path.resolve(this.config.program)), this.config.dumpOnFault);
    try {
      writeDump(file, makeDump(machine, fault, this.config.passes ?? []));
      this.emit({ kind: 'output', category: 'console', text: `Wrote a post-mortem dump of the fault to ${file}\n` });
    } catch (e) {
      this.emit({ kind: 'output', category: 'stderr', text: `launch attribute 'dumpOnFault': cannot write the dump to ${file}: ${(e as Error).message}\n` });
    }
  }

  private readonly dumped = new WeakSet<Fault>();

  private end(outcome: RunOutcome, machine: Machine): void {
    if (outcome.kind !== 'terminated') for (const note of this.core?.neverHitNotes() ?? []) this.emit({ kind: 'output', category: 'console', text: `${note}\n` });
    if (outcome.kind === 'failed') this.emit({ kind: 'output', category: 'stderr', text: `${describeFault(outcome.fault, machine)}\n` });
    if (outcome.kind === 'failed') this.dumpFault(machine, outcome.fault);
    if (outcome.kind === 'terminated') this.emit({ kind: 'output', category: 'console', text: 'The run was terminated.\n' });
    if (outcome.kind === 'exited') for (const w of neverWrittenOutputs(machine)) this.emit({ kind: 'output', category: 'console', text: `${w}\n` });
    const outputs = this.outputsAtEnd(outcome, machine);
    this.state = 'ended';
    const exitCode = 'exitCode' in outcome ? outcome.exitCode : 1;
    this.emit({ kind: 'output', category: 'console', text: `${runSummary(machine, { exitCode, runningMs: this.runningMs, runs: this.runs, ...outputs })}\n` });
    if (this.stats) this.emit({ kind: 'output', category: 'console', text: `${statsTable(this.stats.figures(), this.runningMs)}\n` });
    if (machine.shadow) this.emit({ kind: 'output', category: 'console', text: `${formatOutputErrors(outputErrors(machine), relativeTo(this.config?.cwd)).join('\n')}\n` });
    this.emit({ kind: 'exited', exitCode });
  }

  /** The outputs written when the run completes and outDir names a folder; otherwise why none were. */
  private outputsAtEnd(outcome: RunOutcome, machine: Machine): { written?: string[]; unwritten?: string } {
    if (machine.outputs().length === 0) return { unwritten: 'the program has none' };
    if (outcome.kind !== 'exited') return { unwritten: 'the run did not complete' };
    const outDir = this.config?.outDir;
    if (!outDir) return { unwritten: 'the launch attribute outDir names a folder to write them to' };
    const dir = path.resolve(path.dirname(path.resolve(this.config!.program)), outDir);
    try {
      return { written: writeOutputs(machine, dir) };
    } catch (e) {
      this.emit({ kind: 'output', category: 'stderr', text: `cannot write the outputs to ${dir}: ${(e as Error).message}\n` });
      return { unwritten: `cannot write them to ${dir}` };
    }
  }

  private resume(action: () => void): void {
    action();
    this.state = 'running';
    this.beginRunning();
    // After the response: the adapter forwards events in the order they are emitted.
    setImmediate(() => {
      this.emit({ kind: 'continued', threadId: 1, allThreads: true });
      this.schedule();
    });
  }

  /**
   * A move through time, checked when it was made (so that a refusal answers the request), is made after the answer.
   * The program then runs (reported by `continued`) and stops where the move lands, or runs on forward (a :goto past
   * the furthest point reached).
   */
  private travel(move: Move): Record<string, never> {
    // A pause asked for from now on interrupts the move's replays (the client flags it before the request comes).
    this.debugCore().clearInterrupt();
    this.state = 'running';
    setImmediate(() => {
      this.emit({ kind: 'continued', threadId: 1, allThreads: true });
      let outcome: DebugOutcome | 'run';
      try {
        outcome = move();
      } catch (e) {
        this.emit({ kind: 'output', category: 'stderr', text: `the move through time failed: ${(e as Error).message}\n` });
        outcome = this.debugCore().stopHere();
      }
      if (outcome === 'run') {
        this.runs++;
        this.schedule();
      } else this.report(outcome);
    });
    return {};
  }

  /** Evaluate, where `:goto` and `:last` answer at once and then move the program (a stop follows). */
  private evaluate(expression: string, frameId: number | undefined, context: string): EvaluateResult {
    const core = this.debugCore();
    const move = core.replMove(expression, frameId, context);
    if (!move) return core.evaluate(expression, frameId, context);
    // Asked from elsewhere than the console (the Variables view's Go to Last Write), the answer is shown nowhere:
    // the console says what the move does, as it does for the command typed there.
    if (context !== 'repl') this.emit({ kind: 'output', category: 'console', text: `${expression.trim()}: ${move.text}\n` });
    this.travel(move.move);
    return { result: move.text, reference: 0 };
  }

  private stepIn(threadId: number, granularity: StepGranularity | undefined, targetId: number | undefined): void {
    const core = this.debugCore();
    const target = targetId === undefined ? undefined : core.targetFunction(targetId);
    this.resume(() => core.step('in', threadId, granularity, target));
  }

  /**
   * Pauses at the next instruction. Requests are served between time slices of the run, so the pause takes effect
   * within a slice. Stopped already (in the program or the compiler), a pause does nothing.
   */
  private pause(): void {
    // The flag the client set at once has done its work (interrupting a move, if one was made): a search made later
    // must not see it.
    this.core?.clearInterrupt();
    if (this.state !== 'running') return;
    this.require('pause', 'debugging');
    this.debugCore().pause();
  }

  private threads(): ThreadInfo[] {
    if (this.core) return this.core.threads();
    const cores = this.config?.cores ?? 1;
    return Array.from({ length: cores }, (_, i) => ({ id: i + 1, name: `core ${i}` }));
  }

  // ---- the pass pipeline ----

  private nextPassStop(after: number): number | undefined {
    return [...this.passStops].filter((i) => i > after).sort((a, b) => a - b)[0];
  }

  private stopBetweenPasses(index: number, reason: 'entry' | 'breakpoint' | 'step'): void {
    this.state = 'compiler';
    this.passStop = index;
    const s = this.snapshots[index];
    this.emit({
      kind: 'stopped',
      info: {
        threadId: 1, reason, description: `Paused ${describePipelineStop(s)}`, text: describePipelineStop(s), skipped: [],
        pipeline: { index, pass: s.pass, boundary: index === 0 ? 'initial' : 'after' },
      },
    });
  }

  /** Continue from a compiler stop: to the next pass breakpoint, else the program runs. */
  private continuePipeline(): void {
    const next = [...this.passStops].filter((i) => i > this.passStop && (i !== 0)).sort((a, b) => a - b)[0];
    this.leavePipelineStop(() => (next !== undefined ? this.stopBetweenPasses(next, 'breakpoint') : this.schedule()));
  }

  /** bir/nextPass: the next snapshot; after the last one, the program's first instruction. */
  private nextPass(): { index: number } {
    const next = this.passStop + 1;
    if (next < this.snapshots.length) {
      this.leavePipelineStop(() => this.stopBetweenPasses(next, 'step'));
      return { index: next };
    }
    this.debugCore().stopAtEntry();
    this.leavePipelineStop(() => this.schedule());
    return { index: -1 };
  }

  private leavePipelineStop(then: () => void): void {
    this.state = 'running';
    this.beginRunning();
    setImmediate(() => {
      this.emit({ kind: 'continued', threadId: 1, allThreads: true });
      then();
    });
  }

  private setPassBreakpoints(indices: readonly number[]): { indices: number[] } {
    const last = this.snapshots.length - 1;
    if (indices.some((i) => i > last)) throw new EngineError(`bir/setPassBreakpoints needs indices, snapshot numbers from 0 to ${last}`, 'reference');
    this.passStops = new Set([...(this.config?.stopOnPassEntry ? [0] : []), ...indices]);
    return { indices: [...indices].sort((a, b) => a - b) };
  }

  private compilerStack(): { frames: StackFrameInfo[]; total: number } {
    const s = this.snapshots[this.passStop];
    return { frames: [{ id: 1, name: `compiler: ${describePipelineStop(s)}; no program runs yet`, line: 0, column: 0, hint: 'label' }], total: 1 };
  }

  private snapshotGraphs(index: number): CompactGraph[] {
    let graphs = this.graphCache.get(index);
    if (!graphs) this.graphCache.set(index, (graphs = buildProgramGraphs(this.snapshots[index].program)));
    return graphs;
  }

  private readonly graphCache = new Map<number, CompactGraph[]>();

  /** bir/graph: the selected frame's function in the program that runs; at a compiler stop, main in that snapshot. */
  private graph(frameId: number | undefined, expand: Expansion | undefined, find: string | undefined): FrameGraph {
    if (this.state === 'compiler') return this.passGraph(this.passStop, undefined, expand, find);
    const { complete, ...g } = this.debugCore().graph(frameId, expand);
    const last = this.snapshots.length - 1;
    // A search covers the whole function, also what the answer leaves collapsed.
    const whole = find === undefined ? undefined : this.snapshotGraphs(last).find((x) => x.function === g.function);
    const found = whole && find !== undefined ? findNodes(whole, find) : undefined;
    return { ...g, dot: complete ? graphToDot(g) : undefined, pipeline: { index: last, pass: this.snapshots[last].pass }, ...(found ? { found } : {}) };
  }

  private passGraphs(): PassSummary[] {
    return this.snapshots.map((s) => ({
      index: s.index, pass: s.pass, nodeCount: s.nodeCount,
      changed: { added: s.changes.added, removed: s.changes.removed, fused: s.changes.fused, moved: s.changes.moved },
    }));
  }

  /** A snapshot's graph of one function (main by default), with what the pass changed and the nodes it removed. */
  private passGraph(i: number, fnName: string | undefined, expand: Expansion | undefined, find?: string): PassGraph {
    const last = this.snapshots.length - 1;
    if (i < 0 || i > last) throw new EngineError(`bir/passGraph needs index, a snapshot number from 0 to ${last}, found ${i}`, 'reference');
    const s = this.snapshots[i];
    const graphs = this.snapshotGraphs(i);
    const name = fnName ?? s.program.main.fullName;
    const g = graphs.find((x) => x.function === name || x.function.endsWith(`::${name}`));
    if (!g) throw new EngineError(`bir/passGraph: no function '${name}' in snapshot ${i} (functions: ${graphs.map((x) => x.function).join(', ')})`, 'reference');
    const { complete, ...shown } = expandGraph(g, expand);
    // The nodes the pass removed, from the snapshot before, in the regions this answer shows.
    const removed = new Set(s.changes.removed);
    const before = i > 0 ? this.snapshotGraphs(i - 1).find((x) => x.function === g.function) : undefined;
    const removedNodes = before ? expandGraph(before, complete ? 'all' : expand ?? []).nodes.filter((n) => removed.has(n.id)) : [];
    const ids = new Set(removedNodes.map((n) => n.id));
    const reasons = Object.fromEntries([...s.reasons].filter(([id]) => ids.has(id)));
    const found = find !== undefined ? findNodes(g, find) : undefined;
    return { index: i, pass: s.pass, ...shown, dot: complete ? graphToDot(g) : undefined, changes: s.changes, removedNodes, reasons, ...(found ? { found } : {}) };
  }

  /** bir/functionRuns: the activations the run started; a dump's machine did not keep them. */
  private functionRunsOf(): BirBody<'bir/functionRuns'> {
    if (this.postMortem) throw new EngineError(`'bir/functionRuns': a dump does not count the calls of its run (${this.postMortem.what}: the machine at its fault)`, 'state');
    const core = this.debugCore();
    const times = this.timeline.times;
    return { functions: functionRuns(core.program, core.machine, times && ((name) => timeOfFunction(times, name))) };
  }

  /** bir/timeline: the program run again on a machine of its own; a dump's cannot (it holds no inputs to run it from the start). */
  private timelineOf(args: EngineParams<'bir/timeline'>): TimelineData {
    if (this.postMortem) throw new EngineError(`'bir/timeline': a dump cannot run (${this.postMortem.what}: the machine at its fault); profile the program with bir-sim profile`, 'state');
    return this.timeline.answer({ config: this.config!, program: this.program!, machineOptions: () => this.machineOptions(this.config!, this.program) }, args);
  }

  private terminate(): void {
    if (this.state === 'ended') return;
    if (this.state === 'idle' || this.state === 'launched' || this.postMortem) {
      this.state = 'ended';
      // After the reply: an event never overtakes the response to the request that caused it.
      setImmediate(() => this.emit({ kind: 'exited', exitCode: 143 }));
      return;
    }
    Atomics.store(this.control, CONTROL_TERMINATE, 1);
    if (this.state === 'stopped' || this.state === 'compiler') {
      this.state = 'running';
      this.schedule();
    }
  }
}

/** The files of a dump whose text this disk does not have at their path: the client is given their text. */
function notOnDisk(sources: ReadonlyMap<string, string>): Record<string, string> | undefined {
  const missing = [...sources].filter(([file, text]) => {
    // The dump names the files: only a regular file of the text's size is read (never a FIFO or a device).
    try {
      return readTextFile(file, { bytes: Buffer.byteLength(text, 'utf8'), what: 'a source file of the dump' }) !== text;
    } catch {
      return true;
    }
  });
  return missing.length ? Object.fromEntries(missing) : undefined;
}

function describePipelineStop(s: Snapshot): string {
  if (s.index === 0) return 'before the passes (snapshot 0, the program as written)';
  if (s.rewrites !== undefined) return `after the first ${s.rewrites} rewrite${s.rewrites === 1 ? '' : 's'} of pass '${s.pass}' (snapshot ${s.index})`;
  return `after pass '${s.pass}' (snapshot ${s.index})`;
}

/** DAP's `statement` is a line here. */
function granularityOf(g: 'statement' | 'line' | 'instruction' | undefined): StepGranularity | undefined {
  return g === undefined ? undefined : g === 'instruction' ? 'instruction' : 'line';
}
