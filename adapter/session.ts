/**
 * The DAP session of the BIR debugger: one class for VS Code's inline adapter and for the stdio adapter. It checks
 * each request's arguments against their schema (adapter/arguments.ts), keeps DAP's order of a session (initialize,
 * launch, configurationDone, the end), translates requests to the DebugEngine and its events back to DAP, and holds
 * no debugging logic: whether the program is stopped, running or between compiler passes is the engine's to judge.
 * Every request gets an answer; no handler throws past its response; the session ends on disconnect or when its
 * input closes.
 */
import * as path from 'path';
import {
  BreakpointEvent, CapabilitiesEvent, ContinuedEvent, DebugSession, Event, ExitedEvent, InvalidatedEvent, MemoryEvent, OutputEvent, Response, StoppedEvent,
  TerminatedEvent, Thread,
} from '@vscode/debugadapter';
import { DebugProtocol as P } from '@vscode/debugprotocol';
import { describeInput } from '../contract/requests';
import type { BirEvents } from '../contract/stops';
import { DebugEngine, EngineResult } from '../engine/protocol/requests';
import { Command, ForwardedCommand, isCommand, propertiesOf, SessionCommand } from '../engine/protocol/request-table';
import { BreakpointInfo, DiagnosticInfo, EngineEvent, InstructionBreakpoint, LaunchResult, SourceBreakpoint, StepGranularity } from '../engine/protocol/types';
import type { MemoryRange, SetValueResult } from '../engine/protocol/types';
import { Args, checkArguments } from './arguments';
import { CAN_IN_A_RUN, CANNOT_IN_A_DUMP, sessionCapabilities } from './capabilities';
import { Body } from './dap-bodies';
import { MemoryReferences } from './memory-references';
import { describeFailure, RequestError, showsUser } from './errors';
import { LaunchError, validateLaunch, ValidatedLaunch } from './launch-config';
import { RunProgressEvents } from './progress';
import { SourceTable } from './sources';
import { fromAddress, Positions, toBreakpoint, toInstruction, toScope, toStackFrame, toVariable } from './to-dap';

export interface SessionOptions {
  /** Makes the engine of a launch (a worker thread by default; in-process in some tests). */
  readonly createEngine: () => DebugEngine;
  /** Where the DAP trace goes when a launch asks for `trace: true`. */
  readonly trace?: (line: string) => void;
  /**
   * Shows the errors of a program a launch refuses (the extension: a notification that opens Problems). The launch is
   * then answered without asking the client to show its message too (VS Code would put up a modal dialog).
   */
  readonly showProgramErrors?: (program: string, errors: readonly DiagnosticInfo[]) => void;
}

/** What a handler may do once its request is answered (successfully or not): events never precede the answer. */
interface Reply {
  afterAnswer(action: () => void): void;
}

/** A handler for every request the session serves itself (the request table says which); the others are forwarded. */
type Handler<C extends SessionCommand> = (args: Args<C>, reply: Reply) => Promise<Body<C>>;
type Handlers = { readonly [C in SessionCommand]: Handler<C> };

type SessionState = 'new' | 'initialized' | 'launched' | 'configured' | 'ended';

export class BirDebugSession extends DebugSession {
  private engineOfRun?: DebugEngine;
  private state: SessionState = 'new';
  private launchArgs?: Record<string, unknown>;
  /** A long run's progress notification (adapter/progress.ts). */
  private readonly progress = new RunProgressEvents((event) => this.sendEvent(event));
  /** The cores of the run: its threads. */
  private cores = 1;
  private tracing = false;
  private clientSupportsInvalidated = false;
  private clientSupportsMemoryEvent = false;
  /** The memory references handed out, for the memory events of a change. */
  private readonly memoryReferences = new MemoryReferences();
  /** Events of the engine held while a request that may cause them is served (`holdsEvents` in the request table). */
  private held?: [DebugEngine, EngineEvent][];
  private launching = false;
  /** The engine of a launch or restart not answered yet, and whether a terminate came meanwhile. */
  private starting?: { readonly engine: DebugEngine; terminated: boolean };
  /** The last breakpoint requests, replayed when the session restarts. */
  private readonly sourceBreakpoints = new Map<string, readonly SourceBreakpoint[]>();
  private functionBreakpoints?: Args<'setFunctionBreakpoints'>;
  private instructionBreakpoints?: InstructionBreakpoint[];
  private exceptionFilters?: string[];
  private dataBreakpoints?: Args<'setDataBreakpoints'>['breakpoints'];
  private readonly positions: Positions = {
    line: (line) => this.convertDebuggerLineToClient(line),
    column: (column) => this.convertDebuggerColumnToClient(column),
    source: (file) => this.sources.source(file),
  };
  /** The run is a post-mortem dump: the capabilities it cannot use were taken back from the client. */
  private readOnly = false;
  /** The run's sources: a dump's files that are not on this disk are given by reference. */
  private sources = new SourceTable();

  constructor(private readonly options: SessionOptions) {
    super();
    // The engine counts lines and columns from 1, as editors and diagnostics show them.
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
  }

  private readonly handlers: Handlers = {
    initialize: async (a) => this.initialize(a),
    launch: (a, reply) => this.launch(a, reply),
    attach: async () => this.refuse('the BIR debugger starts the program itself: use a "launch" configuration', 'unsupported'),
    restart: (a, reply) => this.restart(a, reply),
    disconnect: () => this.disconnect(),
    terminate: () => this.terminate(),
    setBreakpoints: (a) => this.setBreakpoints(a),
    setFunctionBreakpoints: (a) => this.setFunctionBreakpoints(a),
    setExceptionBreakpoints: (a) => this.setExceptionBreakpoints(a),
    setInstructionBreakpoints: (a) => this.setInstructionBreakpoints(a),
    disassemble: async (a) => {
      const address = this.addressOf(a.memoryReference, 'disassemble', 'memoryReference') + (a.offset ?? 0);
      const list = await this.engine('disassemble').request('disassemble', { address, instructionOffset: a.instructionOffset ?? 0, count: a.instructionCount });
      return { instructions: list.map((i) => toInstruction(i, this.positions)) };
    },
    configurationDone: () => this.configurationDone(),
    source: async (a) => {
      const text = this.sources.text(a.sourceReference, a.source?.path);
      if (text === undefined) this.refuse(`no source ${a.sourceReference > 0 ? `with reference ${a.sourceReference}` : a.source?.path ?? ''}: the BIR debugger gives by reference only the files of a post-mortem dump that are not on this disk`, 'reference');
      return { content: text, mimeType: 'text/x-bir' };
    },
    threads: () => this.threads(),
    stackTrace: async (a) => {
      const { frames, total } = await this.engine('stackTrace').request('stackTrace', { threadId: a.threadId, startFrame: a.startFrame, levels: a.levels });
      return { stackFrames: frames.map((f) => toStackFrame(f, this.positions)), totalFrames: total };
    },
    scopes: async (a) => ({ scopes: (await this.engine('scopes').request('scopes', { frameId: a.frameId })).map(toScope) }),
    variables: async (a) => {
      const vars = await this.engine('variables').request('variables', { reference: a.variablesReference, start: a.start, count: a.count, filter: a.filter });
      for (const v of vars) this.memoryReferences.note(v.memoryReference);
      return { variables: vars.map(toVariable) };
    },
    evaluate: async (a, reply) => {
      const r = await this.engine('evaluate').request('evaluate', { expression: a.expression, frameId: a.frameId, context: a.context ?? 'repl' });
      if (r.show) reply.afterAnswer(() => this.sendBirEvent('bir/showTensor', { expression: r.show!.expression, frameId: a.frameId }));
      this.memoryReferences.note(r.memoryReference);
      return { result: r.result, type: r.type, variablesReference: r.reference, indexedVariables: r.indexed, namedVariables: r.named, memoryReference: r.memoryReference };
    },
    setVariable: async (a, reply) => {
      const r = await this.engine('setVariable').request('setVariable', { reference: a.variablesReference, name: a.name, value: a.value });
      return this.changed(r, reply);
    },
    setExpression: async (a, reply) => {
      const r = await this.engine('setExpression').request('setExpression', { expression: a.expression, value: a.value, frameId: a.frameId });
      return this.changed(r, reply);
    },
    readMemory: async (a) => {
      const r = await this.engine('readMemory').request('readMemory', { memoryReference: a.memoryReference, offset: a.offset ?? 0, count: a.count });
      return { address: r.address, data: r.data, unreadableBytes: r.unreadableBytes };
    },
    writeMemory: async (a, reply) => {
      const r = await this.engine('writeMemory').request('writeMemory', { memoryReference: a.memoryReference, offset: a.offset ?? 0, data: a.data, allowPartial: a.allowPartial ?? false });
      this.afterChange(r.changed, r.notice, reply);
      return { bytesWritten: r.bytesWritten };
    },
    completions: async (a) => {
      // DAP counts the column in the client's way (from 1 in VS Code); the engine counts from 0.
      const column = this.convertClientColumnToDebugger(a.column) - 1;
      const items = await this.engine('completions').request('completions', { text: a.text, column, frameId: a.frameId });
      // Each item replaces the `length` characters before the cursor. `start` is left out: VS Code reads it as counted
      // from 0 whatever columnsStartAt1 says, and filters on the text there, so any value but 0 hides the items.
      return { targets: items.map((c) => ({ label: c.label, text: c.text, detail: c.detail, type: c.type, length: c.length })) };
    },
    continue: async (a) => {
      await this.engine('continue').request('continue', { threadId: a.threadId });
      return { allThreadsContinued: true };
    },
    next: async (a) => this.engine('next').request('next', { threadId: a.threadId, granularity: stepGranularity(a.granularity) }),
    stepIn: async (a) => this.engine('stepIn').request('stepIn', { threadId: a.threadId, granularity: stepGranularity(a.granularity), targetId: a.targetId }),
    stepOut: async (a) => this.engine('stepOut').request('stepOut', { threadId: a.threadId, granularity: stepGranularity(a.granularity) }),
    stepBack: async (a) => this.engine('stepBack').request('stepBack', { threadId: a.threadId, granularity: stepGranularity(a.granularity) }),
    reverseContinue: async (a) => this.engine('reverseContinue').request('reverseContinue', { threadId: a.threadId }),
    cancel: async (a) => {
      // Cancelling the progress of a run pauses it; other requests are answered too fast to be worth cancelling.
      if (a.progressId !== undefined && a.progressId === this.progress.id && this.launchArgs?.noDebug !== true) await this.engine('cancel').request('pause', {});
    },
    restartFrame: async (a) => {
      await this.engine('restartFrame').request('restartFrame', { frameId: a.frameId });
    },
    stepInTargets: async (a) => {
      const targets = await this.engine('stepInTargets').request('stepInTargets', { frameId: a.frameId });
      return { targets: targets.map((t) => ({ id: t.id, label: t.label, line: this.positions.line(t.line), column: this.positions.column(t.column) })) };
    },
    pause: async (a) => this.engine('pause').request('pause', { threadId: a.threadId }),
    exceptionInfo: async (a) => {
      const info = await this.engine('exceptionInfo').request('exceptionInfo', { threadId: a.threadId });
      const { message, typeName, stackTrace } = info.details;
      return { exceptionId: info.exceptionId, description: info.description, breakMode: info.breakMode, details: { message, typeName, stackTrace } };
    },
    dataBreakpointInfo: async (a) => {
      if (a.asAddress) return { dataId: null, description: 'the BIR debugger watches variables and expressions (tensors, access patterns, elements, registers), not addresses' };
      const info = await this.engine('dataBreakpointInfo').request('dataBreakpointInfo', { reference: a.variablesReference, name: a.name, frameId: a.frameId });
      return { dataId: info.dataId, description: info.description, accessTypes: info.accessTypes, canPersist: info.canPersist };
    },
    setDataBreakpoints: async (a) => {
      const infos = await this.engine('setDataBreakpoints').request('setDataBreakpoints', { breakpoints: a.breakpoints });
      this.dataBreakpoints = a.breakpoints;
      return { breakpoints: infos.map((b) => toBreakpoint(b, this.positions)) };
    },
    'bir/setFrames': async (a, reply) => {
      const { frames, stopped } = await this.engine('bir/setFrames').request('bir/setFrames', { frames: a.frames });
      // The Call Stack and the Variables view show the frames of the other setting.
      if (stopped && this.clientSupportsInvalidated) reply.afterAnswer(() => this.sendEvent(new InvalidatedEvent(['stacks', 'variables'])));
      return { frames };
    },
    'bir/setNodeBreakpoints': async (a) => {
      const infos = await this.engine('bir/setNodeBreakpoints').request('bir/setNodeBreakpoints', { nodes: a.nodes });
      return { breakpoints: infos.map((b) => toBreakpoint(b, this.positions)) };
    },
  };

  // ---- dispatch ----

  /** A message read from the client's byte stream (stdio): requests are served, anything else is reported. */
  handleIncoming(message: object): void {
    const type = 'type' in message ? message.type : undefined;
    if (type === 'request' || type === 'response') this.handleMessage(message as P.ProtocolMessage);
    else this.reportProtocolError(`a message of type ${describeInput(type)} is neither a request nor a response; ignored`);
  }

  /** Input that is not DAP: said on standard error and in the client's console; the session goes on. */
  reportProtocolError(reason: string): void {
    process.stderr.write(`bir-debug-adapter: ${reason}\n`);
    this.sendEvent(new OutputEvent(`The debug adapter received input it cannot read: ${reason}\n`, 'console'));
  }

  protected override dispatchRequest(request: P.Request): void {
    if (this.tracing) this.trace(`<- ${JSON.stringify(request)}`);
    if (!isSeq(request.seq) || typeof request.command !== 'string') {
      this.refuseEnvelope(request);
      return;
    }
    const response = new Response(request);
    const command = request.command;
    if (!isCommand(command)) {
      this.fail(response, new RequestError(`unsupported request '${command}' (the capabilities of initialize list what the BIR debugger does)`, 'unsupported'));
      return;
    }
    const raw: unknown = request.arguments ?? {};
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      this.fail(response, new RequestError(`'${command}': the arguments must be an object`, 'arguments'));
      return;
    }
    if (command === 'initialize') {
      this.initializeBase(request, response);
      return;
    }
    if (isServedHere(command)) {
      const checked = checkArguments(command, raw);
      if (checked.ok) this.serve(response, command, (reply) => this.serveHere(command, checked.value, reply));
      else this.fail(response, new RequestError(checked.message, 'arguments'));
    } else {
      const checked = checkArguments(command, raw);
      if (checked.ok) this.serve(response, command, () => this.forward(command, checked.value));
      else this.fail(response, new RequestError(checked.message, 'arguments'));
    }
  }

  /**
   * A request without a seq DAP allows cannot be answered (a response names its request by seq): it is reported. One
   * without a string command is answered, with its command as a string, saying what is wrong.
   */
  private refuseEnvelope(request: P.Request): void {
    if (!isSeq(request.seq)) {
      this.reportProtocolError(`a request without a valid 'seq' (an integer from 1) cannot be answered, found ${describeInput(request.seq)} (command ${describeInput(request.command)}); ignored`);
      return;
    }
    const response = new Response({ ...request, command: describeInput(request.command) });
    this.fail(response, new RequestError(`a request's 'command' is a string, found ${describeInput(request.command)}`, 'arguments'));
  }

  /** Runs a request's work and answers it: the body it returns, or the error it throws. */
  private serve(response: P.Response, command: Command, work: (reply: Reply) => Promise<unknown>): void {
    const after: (() => void)[] = [];
    const holds = propertiesOf(command).holdsEvents === true;
    const held: [DebugEngine, EngineEvent][] = [];
    if (holds) this.held = held;
    Promise.resolve()
      .then(() => work({ afterAnswer: (action) => after.push(action) }))
      .then((body) => {
        if (body !== undefined) response.body = body;
        this.sendResponse(response);
      }, (e: unknown) => this.fail(response, e))
      .then(() => {
        for (const action of after) action();
      })
      .finally(() => {
        if (!holds) return;
        if (this.held === held) this.held = undefined;
        for (const [engine, event] of held) this.onEngineEvent(engine, event);
      });
  }

  private serveHere<C extends SessionCommand>(command: C, args: Args<C>, reply: Reply): Promise<Body<C>> {
    const handler: Handler<C> = this.handlers[command];
    return handler(args, reply);
  }

  /** A `bir/*` request the engine answers as it is: its result is the response's body (contract/requests.ts). */
  private forward<C extends ForwardedCommand>(command: C, args: Args<C>): Promise<EngineResult<C>> {
    return this.engine(command).request(command, args);
  }

  private fail(response: P.Response, e: unknown): void {
    const { id, kind, message } = describeFailure(e);
    this.sendErrorResponse(response, { id, format: message.replace(/\{/g, '{{').replace(/\}/g, '}}'), showUser: showsUser(response.command, kind) });
  }

  private refuse(message: string, kind: RequestError['kind'] = 'lifecycle'): never {
    throw new RequestError(message, kind);
  }

  override sendResponse(response: P.Response): void {
    if (this.tracing) this.trace(`-> ${JSON.stringify(response)}`);
    super.sendResponse(response);
  }

  override sendEvent(event: P.Event): void {
    if (this.tracing) this.trace(`-> ${JSON.stringify(event)}`);
    super.sendEvent(event);
  }

  /** A custom event, its body typed by its declaration (contract/stops.ts). */
  private sendBirEvent<E extends keyof BirEvents>(event: E, body: BirEvents[E]): void {
    this.sendEvent(new Event(event, body));
  }

  private trace(line: string): void {
    (this.options.trace ?? ((l: string) => process.stderr.write(`${l}\n`)))(line);
  }

  /** The engine of the run, for a request that needs one. */
  private engine(command: string): DebugEngine {
    if (!this.engineOfRun || this.state === 'new' || this.state === 'initialized') this.refuse(`'${command}' needs a launched program: send 'launch' first`);
    if (this.state === 'ended') this.refuse(`'${command}': the program has ended`, 'state');
    return this.engineOfRun!;
  }

  // ---- lifecycle ----

  /**
   * The base class learns from initialize whether the client counts lines and columns from 0 or 1; its conversions
   * then serve every request. It answers through initializeRequest below.
   */
  private initializeBase(request: P.Request, response: P.Response): void {
    const checked = checkArguments('initialize', request.arguments ?? {});
    if (!checked.ok) return this.fail(response, new RequestError(checked.message, 'arguments'));
    const args = checked.value;
    if (this.state !== 'new') return this.fail(response, new RequestError('\'initialize\' was already sent', 'lifecycle'));
    if (args.pathFormat !== undefined && args.pathFormat !== 'path') return this.fail(response, new RequestError(`the BIR debugger takes file paths, not '${args.pathFormat}'`, 'arguments'));
    super.dispatchRequest({ ...request, arguments: { ...args, pathFormat: 'path' } });
  }

  protected override initializeRequest(response: P.InitializeResponse, args: P.InitializeRequestArguments): void {
    this.serve(response, 'initialize', async () => this.initialize(args));
  }

  private initialize(a: P.InitializeRequestArguments): P.Capabilities {
    this.clientSupportsInvalidated = a.supportsInvalidatedEvent === true;
    this.progress.enabled = a.supportsProgressReporting === true;
    this.clientSupportsMemoryEvent = a.supportsMemoryEvent === true;
    this.state = 'initialized';
    return sessionCapabilities();
  }

  private async launch(args: Args<'launch'>, reply: Reply): Promise<undefined> {
    if (this.state === 'new') this.refuse('\'launch\' needs \'initialize\' first');
    // A second launch sent before this one is answered is refused (it would start a second engine).
    if (this.state !== 'initialized' || this.launching) this.refuse('the program is already launched');
    this.launching = true;
    let started;
    try {
      started = await this.startEngine(args);
    } catch (e) {
      if (e instanceof RequestError && e.kind === 'terminated') {
        this.state = 'ended';
        reply.afterAnswer(() => this.sendEvent(new TerminatedEvent()));
      }
      throw e;
    } finally {
      this.launching = false;
    }
    this.beginRun(started.engine, args, started.result, reply);
    this.state = 'launched';
    reply.afterAnswer(() => {
      for (const w of started.validated.warnings) this.sendEvent(new OutputEvent(`${w}\n`, 'console'));
      for (const d of started.result.diagnostics) this.sendEvent(new OutputEvent(`${d.text}\n`, 'console'));
      if (started.result.comparison) this.sendBirEvent('bir/comparison', started.result.comparison);
      if (started.result.bisection) this.sendBirEvent('bir/bisect', started.result.bisection);
      this.sendEvent(new Event('initialized'));
    });
    return undefined;
  }

  /**
   * Starts an engine and launches the program in it. When the program cannot run, the engine is released and the
   * request refused; whatever ran before (at a restart) goes on untouched.
   */
  private async startEngine(args: Record<string, unknown>): Promise<{ engine: DebugEngine; validated: ValidatedLaunch; result: Extract<LaunchResult, { ok: true }> }> {
    let validated: ValidatedLaunch;
    try {
      validated = validateLaunch(args);
    } catch (e) {
      if (e instanceof LaunchError) this.refuse(e.message, 'arguments');
      throw e;
    }
    this.tracing = validated.trace;
    const engine = this.options.createEngine();
    engine.onEvent((event) => this.onEngineEvent(engine, event));
    this.starting = { engine, terminated: false };
    const starting = this.starting;
    let result: LaunchResult;
    try {
      result = await engine.request('launch', validated.config);
    } catch (e) {
      if (!starting.terminated) throw e;
      result = { ok: false, diagnostics: [], message: '' };
    } finally {
      this.starting = undefined;
      // The check's progress, if it showed, ends with the launch.
      this.progress.end();
    }
    if (starting.terminated) {
      await engine.dispose();
      this.refuse('the launch was terminated before the program started', 'terminated');
    }
    if (!result.ok) {
      await engine.dispose();
      for (const d of result.diagnostics) this.sendEvent(new OutputEvent(`${d.text}\n`, d.severity === 'error' ? 'stderr' : 'console'));
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      if (errors.length > 0 && this.options.showProgramErrors) {
        this.options.showProgramErrors(validated.config.program, errors);
        this.refuse(result.message, 'shown');
      }
      this.refuse(result.message, 'program');
    }
    return { engine, validated, result };
  }

  private beginRun(engine: DebugEngine, args: Record<string, unknown>, result: Extract<LaunchResult, { ok: true }>, reply: Reply): void {
    this.sources = new SourceTable(result.sources);
    const readOnly = result.readOnly === true;
    if (readOnly !== this.readOnly) {
      this.readOnly = readOnly;
      reply.afterAnswer(() => this.sendEvent(new CapabilitiesEvent(readOnly ? CANNOT_IN_A_DUMP : CAN_IN_A_RUN)));
    }
    const cores = result.cores;
    this.engineOfRun = engine;
    this.launchArgs = args;
    this.cores = cores;
  }

  private async configurationDone(): Promise<undefined> {
    if (this.state === 'configured' || (this.state === 'ended' && this.launchArgs)) this.refuse('\'configurationDone\' was already sent: the program has started');
    const engine = this.engine('configurationDone');
    if (this.exceptionFilters) await engine.request('setExceptionBreakpoints', { filters: this.exceptionFilters });
    await engine.request('configurationDone', {});
    this.state = 'configured';
    return undefined;
  }

  private async terminate(): Promise<undefined> {
    // A launch (or restart) still checking its program has no run to end: its engine is released, and the launch ends.
    if (this.starting) {
      this.starting.terminated = true;
      await this.starting.engine.dispose();
    }
    if (this.engineOfRun && this.state !== 'ended') await this.engineOfRun.terminate();
    return undefined;
  }

  private async disconnect(): Promise<undefined> {
    const engine = this.engineOfRun;
    this.engineOfRun = undefined;
    this.state = 'ended';
    if (engine) await engine.dispose();
    // After the response: the base class closes the connection once it is written.
    setImmediate(() => this.shutdown());
    return undefined;
  }

  private async restart(args: Args<'restart'>, reply: Reply): Promise<undefined> {
    if (!this.launchArgs || this.state === 'new' || this.state === 'initialized') this.refuse('\'restart\' needs a launched program');
    const newArgs = args.arguments ?? this.launchArgs;
    const { engine, result } = await this.startEngine(newArgs);
    const old = this.engineOfRun;
    this.beginRun(engine, newArgs, result, reply);
    if (old) await old.dispose();
    for (const [file, bps] of this.sourceBreakpoints) this.announceChanged(await engine.request('setBreakpoints', { path: file, breakpoints: bps }));
    if (this.functionBreakpoints) this.announceChanged(await engine.request('setFunctionBreakpoints', { breakpoints: this.functionBreakpoints.breakpoints }));
    if (this.instructionBreakpoints) this.announceChanged(await engine.request('setInstructionBreakpoints', { breakpoints: this.instructionBreakpoints }));
    if (this.dataBreakpoints) this.announceChanged(await engine.request('setDataBreakpoints', { breakpoints: this.dataBreakpoints }));
    if (this.exceptionFilters) await engine.request('setExceptionBreakpoints', { filters: this.exceptionFilters });
    await engine.request('configurationDone', {});
    this.state = 'configured';
    return undefined;
  }

  // ---- breakpoints ----

  private async setBreakpoints(a: Args<'setBreakpoints'>): Promise<Body<'setBreakpoints'>> {
    const engine = this.engine('setBreakpoints');
    const file = path.resolve(a.source.path!);
    const list = a.breakpoints ?? (a.lines ?? []).map((line): P.SourceBreakpoint => ({ line }));
    const breakpoints: SourceBreakpoint[] = list.map((b) => ({
      line: this.convertClientLineToDebugger(b.line),
      column: b.column === undefined ? undefined : this.convertClientColumnToDebugger(b.column),
      condition: b.condition,
      hitCondition: b.hitCondition,
      logMessage: b.logMessage,
    }));
    const infos = await engine.request('setBreakpoints', { path: file, breakpoints });
    this.sourceBreakpoints.set(file, breakpoints);
    return { breakpoints: infos.map((b) => toBreakpoint(b, this.positions)) };
  }

  private async setFunctionBreakpoints(a: Args<'setFunctionBreakpoints'>): Promise<Body<'setFunctionBreakpoints'>> {
    const infos = await this.engine('setFunctionBreakpoints').request('setFunctionBreakpoints', { breakpoints: a.breakpoints });
    this.functionBreakpoints = a;
    return { breakpoints: infos.map((b) => toBreakpoint(b, this.positions)) };
  }

  private async setExceptionBreakpoints(a: Args<'setExceptionBreakpoints'>): Promise<Body<'setExceptionBreakpoints'>> {
    await this.engine('setExceptionBreakpoints').request('setExceptionBreakpoints', { filters: a.filters });
    this.exceptionFilters = a.filters;
    return { breakpoints: a.filters.map(() => ({ verified: true })) };
  }

  /** Instruction breakpoints: the same set as node breakpoints (the graph view's), by address. */
  private async setInstructionBreakpoints(a: Args<'setInstructionBreakpoints'>): Promise<Body<'setInstructionBreakpoints'>> {
    const engine = this.engine('setInstructionBreakpoints');
    const breakpoints = a.breakpoints.map((b, i): InstructionBreakpoint => ({
      address: this.addressOf(b.instructionReference, 'setInstructionBreakpoints', `breakpoints[${i}].instructionReference`) + (b.offset ?? 0),
      condition: b.condition,
      hitCondition: b.hitCondition,
    }));
    const infos = await engine.request('setInstructionBreakpoints', { breakpoints });
    this.instructionBreakpoints = breakpoints;
    return { breakpoints: infos.map((b) => toBreakpoint(b, this.positions)) };
  }

  /** An instruction address from a memory reference, or a refusal that names the argument. */
  private addressOf(reference: string, command: string, what: string): number {
    const address = fromAddress(reference);
    if (address === undefined) this.refuse(`'${command}': ${what} must be an instruction address as stackTrace and disassemble give them (such as "0x1000"), found ${describeInput(reference)}`, 'arguments');
    return address;
  }

  private announceChanged(infos: BreakpointInfo[]): void {
    for (const b of infos) this.sendEvent(new BreakpointEvent('changed', toBreakpoint(b, this.positions)));
  }

  // ---- changes while stopped ----

  /** The answer of a set: the stored value; after it, what the change affects is told (see afterChange). */
  private changed(r: SetValueResult, reply: Reply): P.SetVariableResponse['body'] & P.SetExpressionResponse['body'] {
    this.memoryReferences.note(r.memoryReference);
    this.afterChange(r.changed, r.notice, reply);
    return { value: r.value, type: r.type, variablesReference: r.reference, indexedVariables: r.indexed, memoryReference: r.memoryReference };
  }

  /**
   * After a change of the stopped program: the Debug Console says when it discarded the recorded future; views of the
   * memory it wrote are told (memory events), and the views of variables refresh (other rows may show the same memory).
   */
  private afterChange(changed: readonly MemoryRange[], notice: string | undefined, reply: Reply): void {
    reply.afterAnswer(() => {
      if (notice) this.sendEvent(new OutputEvent(`${notice}\n`, 'console'));
      if (this.clientSupportsMemoryEvent) for (const body of this.memoryReferences.eventsFor(changed)) this.sendEvent(new MemoryEvent(body.memoryReference, body.offset, body.count));
      if (this.clientSupportsInvalidated) this.sendEvent(new InvalidatedEvent(['variables']));
    });
  }

  // ---- inspection ----

  private async threads(): Promise<Body<'threads'>> {
    // Before a launch there is no program, hence no thread: an empty list, as DAP clients expect.
    if (!this.engineOfRun || this.state === 'new' || this.state === 'initialized') return { threads: [] };
    // After the end the engine is gone; the cores the program ran on are still what a client may list.
    if (this.state === 'ended') return { threads: Array.from({ length: this.cores }, (_, i) => new Thread(i + 1, `core ${i}`)) };
    const threads = await this.engine('threads').request('threads', {});
    return { threads: threads.map((t) => new Thread(t.id, t.name)) };
  }

  // ---- events of the engine ----

  private onEngineEvent(engine: DebugEngine, event: EngineEvent): void {
    if (this.held) {
      this.held.push([engine, event]);
      return;
    }
    // The check of the program being launched comes before the run has an engine.
    if (event.kind === 'loading') {
      if (engine === this.starting?.engine) this.progress.loading(event.lines, event.total, `Loading ${path.basename(event.file)}`);
      return;
    }
    if (engine !== this.engineOfRun && event.kind !== 'output') return;
    switch (event.kind) {
      case 'progress': {
        const program = typeof this.launchArgs?.program === 'string' ? path.basename(this.launchArgs.program) : 'the program';
        this.progress.show(event.instructions, event.total, `Running ${program}`, this.launchArgs?.noDebug !== true);
        break;
      }
      case 'stopped': {
        this.progress.end();
        const info = event.info;
        this.sendBirEvent('bir/stopped', info);
        const stopped: P.StoppedEvent = new StoppedEvent(info.reason, info.threadId, info.text);
        stopped.body.allThreadsStopped = true;
        if (info.description) stopped.body.description = info.description;
        if (info.hitBreakpointIds) stopped.body.hitBreakpointIds = [...info.hitBreakpointIds];
        this.sendEvent(stopped);
        break;
      }
      case 'continued':
        this.sendEvent(new ContinuedEvent(event.threadId, event.allThreads));
        break;
      case 'output': {
        const out: P.OutputEvent = new OutputEvent(event.text, event.category);
        if (event.span) {
          out.body.source = this.sources.source(event.span.file);
          out.body.line = this.positions.line(event.span.line);
          out.body.column = this.positions.column(event.span.col);
        }
        this.sendEvent(out);
        break;
      }
      case 'breakpoint':
        this.sendEvent(new BreakpointEvent('changed', toBreakpoint(event.breakpoint, this.positions)));
        break;
      case 'exited':
        this.progress.end();
        this.state = 'ended';
        this.sendEvent(new ExitedEvent(event.exitCode));
        this.sendEvent(new TerminatedEvent());
        break;
    }
  }
}

/** A request's seq as DAP defines it: an int32 from 1. */
function isSeq(seq: unknown): seq is number {
  return Number.isInteger(seq) && (seq as number) >= 1 && (seq as number) <= 2 ** 31 - 1;
}

/** Whether the session translates the request (its handler) rather than forwarding it to the engine as it is. */
function isServedHere(command: Command): command is SessionCommand {
  return propertiesOf(command).forwarded !== true;
}

/** DAP's `statement` is a line here: a BIR statement is an instruction, and instructions are what a line holds. */
function stepGranularity(g: P.SteppingGranularity | undefined): StepGranularity | undefined {
  return g === undefined ? undefined : g === 'instruction' ? 'instruction' : 'line';
}
