/**
 * The engine side of a debug session: serves DebugEngine requests against a DebugCore and emits events. It runs
 * the program in time slices so that requests (breakpoints, pause) are served while a long simulation runs,
 * whether it lives in a worker thread or in the caller's thread.
 */
import * as fs from 'fs';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { checkProgram, diskHost, SourceHost } from '../lang/check/checker';
import { formatDiagnostic } from '../lang/diagnostics';
import { Program } from '../ir/program';
import { writeNpyFile } from '../io/npy';
import { tensorToNpy } from '../io/tensor-files';
import { LoadError, Machine, MachineOptions } from '../machine/machine';
import { npyMachineOptions } from '../run/simulate';
import { CONTROL_PAUSE, CONTROL_TERMINATE, Interpreter, RunOutcome } from '../run/interpreter';
import { DebugCore, DebugOutcome } from '../debug/debug-core';
import { describeFault } from '../run/describe-fault';
import { runPipeline, Snapshot } from '../passes/pipeline';
import { PassName } from '../passes/pass';
import { PipelineHistory } from '../debug/history';
import { buildProgramGraphs } from '../graph/build';
import { graphToDot } from '../graph/export';
import { FunctionGraph } from '../graph/types';
import { BreakpointInfo, EngineError, EngineEvent, EXCEPTION_FILTERS, LaunchConfig, LaunchResult, StackFrameInfo, StepGranularity } from '../protocol/types';

/** How long the program runs before the server looks at its requests again. */
const SLICE_MS = 20;

export type Emit = (event: EngineEvent) => void;

/** `compiler`: stopped between passes of the pipeline, before the program runs. */
type State = 'idle' | 'launched' | 'compiler' | 'running' | 'stopped' | 'ended';

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

  constructor(
    private readonly emit: Emit,
    readonly control: Int32Array,
  ) {}

  /** Serves one request; throws EngineError with the reason when it cannot. */
  handle(method: string, params: Record<string, unknown>): unknown {
    const p = params as never;
    switch (method) {
      case 'launch': return this.launch(p);
      case 'setBreakpoints': return this.core || !this.config?.noDebug ? this.debugCore('setBreakpoints').setBreakpoints(params.path as string, params.breakpoints as never) : this.notStopping((params.breakpoints as unknown[]).length);
      case 'setFunctionBreakpoints': return this.core || !this.config?.noDebug ? this.debugCore('setFunctionBreakpoints').setFunctionBreakpoints(params.breakpoints as never) : this.notStopping((params.breakpoints as unknown[]).length);
      case 'setNodeBreakpoints': return this.debugCore('setNodeBreakpoints').setNodeBreakpoints(params.nodes as string[]);
      case 'setExceptionFilters': return this.setExceptionFilters(params.filters as string[]);
      case 'start': return this.start();
      case 'continue': return this.state === 'compiler' ? this.continuePipeline() : this.resume(() => this.debugCore('continue').continue());
      case 'next': return this.resume(() => this.runtime('next').step('over', params.threadId as number, params.granularity as StepGranularity | undefined));
      case 'stepIn': return this.stepIn(params);
      case 'stepOut': return this.resume(() => this.runtime('stepOut').step('out', params.threadId as number, params.granularity as StepGranularity | undefined));
      case 'pause': return this.pause();
      case 'threads': return this.threads();
      case 'stackTrace': return this.state === 'compiler' ? this.compilerStack() : this.debugCore('stackTrace').stackTrace(params.threadId as number, params.startFrame as number | undefined, params.levels as number | undefined);
      case 'scopes': return this.state === 'compiler' ? [] : this.debugCore('scopes').scopes(params.frameId as number);
      case 'variables': return this.runtime('variables').variables(params.reference as number, params.start as number | undefined, params.count as number | undefined, params.filter as never);
      case 'evaluate': return this.runtime('evaluate').evaluate(params.expression as string, params.frameId as number | undefined, params.context as string);
      case 'stepInTargets': return this.runtime('stepInTargets').stepInTargets(params.frameId as number);
      case 'exceptionInfo': return this.runtime('exceptionInfo').exceptionInfo(params.threadId as number);
      case 'setFrames': return this.debugCore('setFrames').setFrames(params.mode as never);
      case 'terminate': return this.terminate();
      case 'graph': return this.graph(params.frameId as number | undefined);
      case 'passGraphs': return this.passGraphs();
      case 'passGraph': return this.passGraph(params.index, params.function as string | undefined);
      case 'nextPass': return this.nextPass();
      case 'setPassBreakpoints': return this.setPassBreakpoints(params.indices);
      default: throw new EngineError(`unknown engine request '${method}'`);
    }
  }

  /** Breakpoints of a run without debugging: answered, never bound. */
  private notStopping(count: number): BreakpointInfo[] {
    return Array.from({ length: count }, () => ({ id: this.nextUnboundId++, verified: false, message: 'breakpoints do not stop a run without debugging', instructions: 0 }));
  }

  private nextUnboundId = 1;

  /** The debug core, for requests about the running program: refused at a compiler stop, which has none. */
  private runtime(what: string): DebugCore {
    if (this.state === 'compiler') {
      const s = this.snapshots[this.passStop];
      throw new EngineError(`'${what}' needs a running program, and the debugger is stopped between compiler passes (${describePipelineStop(s)}): continue, or bir/nextPass to go to the next pass`);
    }
    return this.debugCore(what);
  }

  private debugCore(what: string): DebugCore {
    if (this.state === 'idle') throw new EngineError(`'${what}' needs a launched program`);
    if (this.state === 'ended') throw new EngineError(`'${what}': the program has ended`);
    if (!this.core) throw new EngineError(`'${what}' is not available in a run without debugging`);
    return this.core;
  }

  // ---- launch ----

  private launch(config: LaunchConfig): LaunchResult {
    if (this.state !== 'idle') throw new EngineError('the program is already launched');
    const overlays = config.overlays ?? {};
    const disk = diskHost();
    const host: SourceHost = {
      readText: (f) => overlays[f] ?? disk.readText(f),
      exists: (f) => f in overlays || disk.exists(f),
    };
    const checked = checkProgram(config.program, { host });
    const diagnostics = checked.diagnostics.map((d) => ({ severity: d.severity, message: d.message, span: d.span, text: formatDiagnostic(d) }));
    if (!checked.program) {
      const errors = diagnostics.filter((d) => d.severity === 'error');
      return { ok: false, diagnostics, message: `${config.program} has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n${errors.map((d) => d.text).join('\n')}` };
    }
    const machineOptions = this.machineOptions(config);
    this.snapshots = runPipeline(checked.program, (config.passes ?? []) as PassName[]);
    const program = this.snapshots[this.snapshots.length - 1].program;
    const last = this.snapshots.length - 1;
    const badIndex = (config.passBreakpoints ?? []).find((i) => i > last);
    if (badIndex !== undefined) return { ok: false, diagnostics, message: `launch attribute 'passBreakpoints': snapshot ${badIndex} does not exist (the pipeline has snapshots 0 to ${last})` };
    this.passStops = new Set([...(config.stopOnPassEntry ? [0] : []), ...(config.passBreakpoints ?? [])]);
    try {
      if (!config.noDebug) {
        const history = new PipelineHistory(this.snapshots);
        this.core = new DebugCore(program, machineOptions, { frames: config.frames, stepBy: config.stepBy, stopOnEntry: config.stopOnEntry, history }, this.control);
      } else {
        new Machine(program, machineOptions); // validates inputs and cores now, so the launch fails with the reason
      }
    } catch (e) {
      if (e instanceof LoadError) return { ok: false, diagnostics, message: e.message };
      throw e;
    }
    this.config = config;
    this.program = program;
    this.state = 'launched';
    return { ok: true, diagnostics, cores: config.cores ?? 1, files: [...checked.program.sources.keys()] };
  }

  private machineOptions(config: LaunchConfig): MachineOptions {
    const base = path.dirname(path.resolve(config.program));
    const inputs = Object.fromEntries(Object.entries(config.inputs ?? {}).map(([k, v]) => [k, path.resolve(base, v)]));
    return npyMachineOptions({
      cores: config.cores ?? 1,
      inputs,
      maxCallDepth: config.maxCallDepth,
      output: (text, core) => this.emit({ kind: 'output', category: 'stdout', text: `${(config.cores ?? 1) > 1 ? `[core ${core}] ` : ''}${text}\n` }),
    });
  }

  private setExceptionFilters(filters: string[]): void {
    const known = EXCEPTION_FILTERS.map((f) => f.filter) as string[];
    const unknown = filters.filter((f) => !known.includes(f));
    if (unknown.length) throw new EngineError(`unknown exception filter '${unknown[0]}' (filters: ${known.join(', ')})`);
    this.pendingFilters = filters;
    this.core?.setExceptionFilters(filters);
  }

  // ---- running ----

  private start(): void {
    if (this.state !== 'launched') throw new EngineError(this.state === 'idle' ? '\'configurationDone\' needs a launched program' : 'the program has already started');
    this.state = 'running';
    if (this.core) {
      this.core.setExceptionFilters(this.pendingFilters);
      const first = this.nextPassStop(-1);
      if (first !== undefined) setImmediate(() => this.stopBetweenPasses(first, first === 0 && this.config?.stopOnPassEntry ? 'entry' : 'breakpoint'));
      else this.schedule();
    } else {
      setImmediate(() => this.runWithoutDebugging());
    }
  }

  /** The fast loop, in slices too, so that requests (terminate, threads) are answered during a long run. */
  private runWithoutDebugging(): void {
    const machine = new Machine(this.program!, this.machineOptions(this.config!));
    const interpreter = new Interpreter(machine, this.control);
    const step = (): void => {
      const outcome = interpreter.runFast(performance.now() + SLICE_MS);
      if (outcome) this.end(outcome, machine);
      else setImmediate(step);
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
    core.sliceDeadline = performance.now() + SLICE_MS;
    let outcome: DebugOutcome;
    try {
      outcome = core.run();
    } catch (e) {
      // The run loop turns every failure into a fault; reaching here is a bug of the simulator.
      this.emit({ kind: 'output', category: 'stderr', text: `internal error of the simulator (please report it): ${(e as Error).stack ?? e}\n` });
      this.state = 'ended';
      this.emit({ kind: 'exited', exitCode: 1 });
      return;
    }
    this.flushNotices();
    if (outcome.kind === 'yield') return this.schedule();
    if (outcome.kind === 'stopped') {
      this.state = 'stopped';
      this.emit({ kind: 'stopped', info: outcome.info });
      return;
    }
    this.end(outcome.outcome, core.machine);
  }

  private flushNotices(): void {
    const notices = this.core?.notices;
    if (!notices?.length) return;
    for (const n of notices.splice(0)) this.emit({ kind: 'output', category: 'console', text: `${n.text}\n`, span: n.span });
  }

  private end(outcome: RunOutcome, machine: Machine): void {
    if (outcome.kind !== 'terminated') for (const note of this.core?.neverHitNotes() ?? []) this.emit({ kind: 'output', category: 'console', text: `${note}\n` });
    if (outcome.kind === 'failed') this.emit({ kind: 'output', category: 'stderr', text: `${describeFault(outcome.fault, machine)}\n` });
    if (outcome.kind === 'terminated') this.emit({ kind: 'output', category: 'console', text: 'The run was terminated.\n' });
    if (outcome.kind === 'exited' && this.config?.outDir) this.writeOutputs(machine, this.config.outDir);
    this.state = 'ended';
    const exitCode = 'exitCode' in outcome ? outcome.exitCode : 1;
    this.emit({ kind: 'exited', exitCode });
  }

  private writeOutputs(machine: Machine, outDir: string): void {
    const dir = path.resolve(path.dirname(path.resolve(this.config!.program)), outDir);
    try {
      fs.mkdirSync(dir, { recursive: true });
      for (const { info, tensor } of machine.outputs()) {
        const file = path.join(dir, `${info.name}.npy`);
        writeNpyFile(file, tensorToNpy(tensor));
        this.emit({ kind: 'output', category: 'console', text: `wrote ${file}\n` });
      }
    } catch (e) {
      this.emit({ kind: 'output', category: 'stderr', text: `cannot write the outputs to ${dir}: ${(e as Error).message}\n` });
    }
  }

  private resume(action: () => void): void {
    if (this.state !== 'stopped') throw new EngineError(this.state === 'running' ? 'the program is already running' : 'the program is not stopped');
    action();
    this.state = 'running';
    // After the response: the adapter forwards events in the order they are emitted.
    setImmediate(() => {
      this.emit({ kind: 'continued', threadId: 1, allThreads: true });
      this.schedule();
    });
  }

  private stepIn(params: Record<string, unknown>): void {
    const core = this.runtime('stepIn');
    const target = params.targetId === undefined ? undefined : core.targetFunction(params.targetId as number);
    this.resume(() => core.step('in', params.threadId as number, params.granularity as StepGranularity | undefined, target));
  }

  private pause(): void {
    // The client raised the shared pause flag before asking; while stopped, a pause does nothing, so the flag must
    // not stop the next resume at once.
    if (this.state !== 'running') Atomics.store(this.control, CONTROL_PAUSE, 0);
    if (this.state === 'stopped') return;
    if (this.state !== 'running') throw new EngineError('\'pause\' needs a running program');
    this.debugCore('pause').pause();
  }

  private threads(): unknown {
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
    if (this.state !== 'compiler') throw new EngineError('bir/nextPass works at a compiler stop (launch with stopOnPassEntry or passBreakpoints)');
    const next = this.passStop + 1;
    if (next < this.snapshots.length) {
      this.leavePipelineStop(() => this.stopBetweenPasses(next, 'step'));
      return { index: next };
    }
    this.core!.stopAtEntry();
    this.leavePipelineStop(() => this.schedule());
    return { index: -1 };
  }

  private leavePipelineStop(then: () => void): void {
    this.state = 'running';
    setImmediate(() => {
      this.emit({ kind: 'continued', threadId: 1, allThreads: true });
      then();
    });
  }

  private setPassBreakpoints(indices: unknown): { indices: number[] } {
    const last = this.snapshots.length - 1;
    if (!Array.isArray(indices) || indices.some((i) => !Number.isInteger(i) || i < 0 || i > last)) {
      throw new EngineError(`bir/setPassBreakpoints needs indices, snapshot numbers from 0 to ${last}`);
    }
    this.passStops = new Set([...(this.config?.stopOnPassEntry ? [0] : []), ...(indices as number[])]);
    return { indices: [...(indices as number[])].sort((a, b) => a - b) };
  }

  private compilerStack(): { frames: StackFrameInfo[]; total: number } {
    const s = this.snapshots[this.passStop];
    return { frames: [{ id: 1, name: `compiler: ${describePipelineStop(s)}; no program runs yet`, line: 0, column: 0, hint: 'label' }], total: 1 };
  }

  private snapshotGraphs(index: number): FunctionGraph[] {
    let graphs = this.graphCache.get(index);
    if (!graphs) this.graphCache.set(index, (graphs = buildProgramGraphs(this.snapshots[index].program)));
    return graphs;
  }

  private readonly graphCache = new Map<number, FunctionGraph[]>();

  /** bir/graph: the selected frame's function in the program that runs; at a compiler stop, main in that snapshot. */
  private graph(frameId: number | undefined): unknown {
    if (this.state === 'compiler') return this.passGraph(this.passStop, undefined);
    const g = this.debugCore('bir/graph').graph(frameId);
    const last = this.snapshots.length - 1;
    return { ...g, dot: graphToDot(g), pipeline: { index: last, pass: this.snapshots[last].pass } };
  }

  private passGraphs(): unknown {
    if (this.state === 'idle') throw new EngineError('bir/passGraphs needs a launched program');
    return this.snapshots.map((s) => ({
      index: s.index, pass: s.pass, nodeCount: s.program.nodes.length,
      changed: { added: s.changes.added, removed: s.changes.removed, fused: s.changes.fused, moved: s.changes.moved },
    }));
  }

  /** A snapshot's graph of one function (main by default), with what the pass changed and the nodes it removed. */
  private passGraph(index: unknown, fnName: string | undefined): unknown {
    if (this.state === 'idle') throw new EngineError('bir/passGraph needs a launched program');
    const last = this.snapshots.length - 1;
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) > last) throw new EngineError(`bir/passGraph needs index, a snapshot number from 0 to ${last}, found ${JSON.stringify(index)}`);
    const i = index as number;
    const s = this.snapshots[i];
    const graphs = this.snapshotGraphs(i);
    const name = fnName ?? s.program.main.fullName;
    const g = graphs.find((x) => x.function === name || x.function.endsWith(`::${name}`));
    if (!g) throw new EngineError(`bir/passGraph: no function '${name}' in snapshot ${i} (functions: ${graphs.map((x) => x.function).join(', ')})`);
    const removed = new Set(s.changes.removed);
    const removedNodes = i > 0 ? (this.snapshotGraphs(i - 1).find((x) => x.function === g.function)?.nodes ?? []).filter((n) => removed.has(n.id)) : [];
    return { index: i, pass: s.pass, ...g, dot: graphToDot(g), changes: s.changes, removedNodes, reasons: Object.fromEntries([...s.reasons].filter(([id]) => removedNodes.some((n) => n.id === id))) };
  }

  private terminate(): void {
    if (this.state === 'ended') return;
    if (this.state === 'idle' || this.state === 'launched') {
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

function describePipelineStop(s: Snapshot): string {
  return s.index === 0 ? 'before the passes (snapshot 0, the program as written)' : `after pass '${s.pass}' (snapshot ${s.index})`;
}
