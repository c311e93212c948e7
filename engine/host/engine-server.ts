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
import { CONTROL_PAUSE, CONTROL_TERMINATE, Interpreter, RunOutcome } from '../run/interpreter';
import { DebugCore, DebugOutcome } from '../debug/debug-core';
import { describeFault } from '../run/describe-fault';
import { BreakpointInfo, EngineError, EngineEvent, EXCEPTION_FILTERS, LaunchConfig, LaunchResult, StepGranularity } from './protocol';

/** How long the program runs before the server looks at its requests again. */
const SLICE_MS = 20;

export type Emit = (event: EngineEvent) => void;

type State = 'idle' | 'launched' | 'running' | 'stopped' | 'ended';

export class EngineServer {
  private state: State = 'idle';
  private config?: LaunchConfig;
  private program?: Program;
  private core?: DebugCore;
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
      case 'continue': return this.resume(() => this.debugCore('continue').continue());
      case 'next': return this.resume(() => this.debugCore('next').step('over', params.threadId as number, params.granularity as StepGranularity | undefined));
      case 'stepIn': return this.stepIn(params);
      case 'stepOut': return this.resume(() => this.debugCore('stepOut').step('out', params.threadId as number, params.granularity as StepGranularity | undefined));
      case 'pause': return this.pause();
      case 'threads': return this.threads();
      case 'stackTrace': return this.debugCore('stackTrace').stackTrace(params.threadId as number, params.startFrame as number | undefined, params.levels as number | undefined);
      case 'scopes': return this.debugCore('scopes').scopes(params.frameId as number);
      case 'variables': return this.debugCore('variables').variables(params.reference as number, params.start as number | undefined, params.count as number | undefined, params.filter as never);
      case 'evaluate': return this.debugCore('evaluate').evaluate(params.expression as string, params.frameId as number | undefined, params.context as string);
      case 'stepInTargets': return this.debugCore('stepInTargets').stepInTargets(params.frameId as number);
      case 'exceptionInfo': return this.debugCore('exceptionInfo').exceptionInfo(params.threadId as number);
      case 'setFrames': return this.debugCore('setFrames').setFrames(params.mode as never);
      case 'terminate': return this.terminate();
      default: throw new EngineError(`unknown engine request '${method}'`);
    }
  }

  /** Breakpoints of a run without debugging: answered, never bound. */
  private notStopping(count: number): BreakpointInfo[] {
    return Array.from({ length: count }, () => ({ id: this.nextUnboundId++, verified: false, message: 'breakpoints do not stop a run without debugging', instructions: 0 }));
  }

  private nextUnboundId = 1;

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
    try {
      if (!config.noDebug) {
        this.core = new DebugCore(checked.program, machineOptions, { frames: config.frames, stepBy: config.stepBy, stopOnEntry: config.stopOnEntry }, this.control);
      } else {
        new Machine(checked.program, machineOptions); // validates inputs and cores now, so the launch fails with the reason
      }
    } catch (e) {
      if (e instanceof LoadError) return { ok: false, diagnostics, message: e.message };
      throw e;
    }
    this.config = config;
    this.program = checked.program;
    this.state = 'launched';
    return { ok: true, diagnostics, cores: config.cores ?? 1, files: [...checked.program.sources.keys()] };
  }

  private machineOptions(config: LaunchConfig): MachineOptions {
    const base = path.dirname(path.resolve(config.program));
    const inputs = Object.fromEntries(Object.entries(config.inputs ?? {}).map(([k, v]) => [k, path.resolve(base, v)]));
    return {
      cores: config.cores ?? 1,
      inputs,
      maxCallDepth: config.maxCallDepth,
      output: (text, core) => this.emit({ kind: 'output', category: 'stdout', text: `${(config.cores ?? 1) > 1 ? `[core ${core}] ` : ''}${text}\n` }),
    };
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
      this.schedule();
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
    const core = this.debugCore('stepIn');
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

  private terminate(): void {
    if (this.state === 'ended') return;
    if (this.state === 'idle' || this.state === 'launched') {
      this.state = 'ended';
      // After the reply: an event never overtakes the response to the request that caused it.
      setImmediate(() => this.emit({ kind: 'exited', exitCode: 143 }));
      return;
    }
    Atomics.store(this.control, CONTROL_TERMINATE, 1);
    if (this.state === 'stopped') {
      this.state = 'running';
      this.schedule();
    }
  }
}
