/**
 * The DAP session of the BIR debugger: one class for VS Code's inline adapter and for the stdio adapter. It
 * validates requests, translates them to the DebugEngine and the engine's events back to DAP, and holds no
 * debugging logic. Every request gets an answer; no handler throws; the session ends on disconnect or when
 * its input closes.
 */
import * as path from 'path';
import {
  Breakpoint, BreakpointEvent, ContinuedEvent, DebugSession, Event, ExitedEvent, InvalidatedEvent, OutputEvent, Response,
  Scope, Source, StackFrame, StoppedEvent, TerminatedEvent, Thread,
} from '@vscode/debugadapter';
import { DebugProtocol } from '@vscode/debugprotocol';
import {
  BreakpointInfo, DebugEngine, EngineEvent, EXCEPTION_FILTERS, FramesMode, StepGranularity,
} from '../engine/protocol/types';
import { LaunchError, validateLaunch } from './launch-config';

export interface SessionOptions {
  /** Makes the engine of a launch (a worker thread by default; in-process in some tests). */
  readonly createEngine: () => DebugEngine;
  /** Where the DAP trace goes when a launch asks for `trace: true`. */
  readonly trace?: (line: string) => void;
}

type Handler = (response: DebugProtocol.Response, args: Record<string, unknown>) => Promise<void> | void;

/** A request failed for a reason the user should read. */
class RequestError extends Error {}

type SessionState = 'new' | 'initialized' | 'launched' | 'configured' | 'ended';

export class BirDebugSession extends DebugSession {
  private engine?: DebugEngine;
  private state: SessionState = 'new';
  private launchArgs?: Record<string, unknown>;
  private tracing = false;
  private linesStartAt1 = true;
  private columnsStartAt1 = true;
  private clientSupportsInvalidated = false;
  private stopped = false;
  private frames: FramesMode = 'functions';
  private threadCount = 1;
  /** Events of the engine held while a request that may cause them is served (see respondBeforeEvents). */
  private held?: [DebugEngine, EngineEvent][];
  private launching = false;
  /** The last breakpoint requests, replayed when the session restarts. */
  private readonly sourceBreakpoints = new Map<string, DebugProtocol.SetBreakpointsArguments>();
  private functionBreakpoints?: DebugProtocol.SetFunctionBreakpointsArguments;
  private exceptionFilters?: string[];
  private readonly handlers: Record<string, Handler>;

  constructor(private readonly options: SessionOptions) {
    super();
    this.handlers = {
      initialize: (r, a) => this.initialize(r, a),
      launch: (r, a) => this.launch(r, a),
      attach: () => this.refuse('the BIR debugger starts the program itself: use a "launch" configuration'),
      setBreakpoints: (r, a) => this.setBreakpoints(r, a as unknown as DebugProtocol.SetBreakpointsArguments),
      setFunctionBreakpoints: (r, a) => this.setFunctionBreakpoints(r, a as unknown as DebugProtocol.SetFunctionBreakpointsArguments),
      setExceptionBreakpoints: (r, a) => this.setExceptionBreakpoints(r, a as unknown as DebugProtocol.SetExceptionBreakpointsArguments),
      configurationDone: (r) => this.configurationDone(r),
      threads: (r) => this.threads(r),
      stackTrace: (r, a) => this.stackTrace(r, a),
      scopes: (r, a) => this.scopes(r, a),
      variables: (r, a) => this.variables(r, a),
      evaluate: (r, a) => this.evaluate(r, a),
      continue: (r, a) => this.resume(r, a, 'continue'),
      next: (r, a) => this.resume(r, a, 'next'),
      stepIn: (r, a) => this.resume(r, a, 'stepIn'),
      stepOut: (r, a) => this.resume(r, a, 'stepOut'),
      stepInTargets: (r, a) => this.stepInTargets(r, a),
      pause: (r, a) => this.pause(r, a),
      exceptionInfo: (r, a) => this.exceptionInfo(r, a),
      terminate: (r) => this.terminate(r),
      restart: (r, a) => this.restart(r, a),
      disconnect: (r, a) => this.disconnect(r, a),
      'bir/setFrames': (r, a) => this.setFrames(r, a),
      'bir/setNodeBreakpoints': (r, a) => this.setNodeBreakpoints(r, a),
      'bir/graph': (r, a) => this.forward(r, 'bir/graph', (e) => e.graph(this.number(a, 'frameId', 'bir/graph', true))),
      'bir/passGraphs': (r) => this.forward(r, 'bir/passGraphs', (e) => e.passGraphs().then((graphs) => ({ graphs }))),
      'bir/passGraph': (r, a) => this.forward(r, 'bir/passGraph', (e) => e.passGraph(this.number(a, 'index', 'bir/passGraph')!, typeof a.function === 'string' ? a.function : undefined)),
      'bir/nextPass': (r) => this.forward(r, 'bir/nextPass', (e) => e.nextPass(), true),
      'bir/setPassBreakpoints': (r, a) => this.forward(r, 'bir/setPassBreakpoints', (e) => {
        if (!Array.isArray(a.indices)) this.refuse('\'bir/setPassBreakpoints\' needs indices, an array of snapshot numbers');
        return e.setPassBreakpoints(a.indices as number[]);
      }),
    };
  }

  // ---- dispatch ----

  protected override dispatchRequest(request: DebugProtocol.Request): void {
    const response = new Response(request);
    if (this.tracing) this.trace(`<- ${JSON.stringify(request)}`);
    const handler = Object.prototype.hasOwnProperty.call(this.handlers, request.command) ? this.handlers[request.command] : undefined;
    if (!handler) {
      this.fail(response, `unsupported request '${request.command}' (the capabilities of initialize list what the BIR debugger does)`);
      return;
    }
    const args = (request.arguments ?? {}) as Record<string, unknown>;
    if (typeof args !== 'object' || Array.isArray(args)) {
      this.fail(response, `'${request.command}': the arguments must be an object`);
      return;
    }
    Promise.resolve()
      .then(() => handler(response, args))
      .catch((e: unknown) => this.fail(response, e instanceof Error ? e.message : String(e)));
  }

  private fail(response: DebugProtocol.Response, message: string): void {
    this.sendErrorResponse(response, { id: 1, format: message.replace(/\{/g, '{{').replace(/\}/g, '}}'), showUser: response.command === 'launch' });
  }

  private refuse(message: string): never {
    throw new RequestError(message);
  }

  override sendResponse(response: DebugProtocol.Response): void {
    if (this.tracing) this.trace(`-> ${JSON.stringify(response)}`);
    super.sendResponse(response);
  }

  override sendEvent(event: DebugProtocol.Event): void {
    if (this.tracing) this.trace(`-> ${JSON.stringify(event)}`);
    super.sendEvent(event);
  }

  private trace(line: string): void {
    (this.options.trace ?? ((l: string) => process.stderr.write(`${l}\n`)))(line);
  }

  // ---- argument checks ----

  private requireEngine(what: string): DebugEngine {
    if (!this.engine || this.state === 'new' || this.state === 'initialized') this.refuse(`'${what}' needs a launched program: send 'launch' first`);
    if (this.state === 'ended') this.refuse(`'${what}': the program has ended`);
    return this.engine!;
  }

  private number(args: Record<string, unknown>, name: string, command: string, optional = false): number | undefined {
    const v = args[name];
    if (v === undefined && optional) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v)) this.refuse(`'${command}' needs '${name}' as an integer, found ${v === undefined ? 'nothing' : JSON.stringify(v)}`);
    return v;
  }

  private threadId(args: Record<string, unknown>, command: string): number {
    const id = this.number(args, 'threadId', command)!;
    if (id < 1 || id > this.threadCount) this.refuse(`'${command}': no thread ${id} (threads are 1 to ${this.threadCount}, one per core)`);
    return id;
  }

  // ---- lifecycle ----

  private initialize(response: DebugProtocol.Response, args: Record<string, unknown>): void {
    if (this.state !== 'new') this.refuse('\'initialize\' was already sent');
    const a = args as unknown as DebugProtocol.InitializeRequestArguments;
    this.linesStartAt1 = a.linesStartAt1 !== false;
    this.columnsStartAt1 = a.columnsStartAt1 !== false;
    this.clientSupportsInvalidated = a.supportsInvalidatedEvent === true;
    if (a.pathFormat !== undefined && a.pathFormat !== 'path') this.refuse(`the BIR debugger takes file paths, not '${a.pathFormat}'`);
    const capabilities: DebugProtocol.Capabilities = {
      supportsConfigurationDoneRequest: true,
      supportsFunctionBreakpoints: true,
      supportsConditionalBreakpoints: true,
      supportsHitConditionalBreakpoints: true,
      supportsLogPoints: true,
      supportsEvaluateForHovers: true,
      supportsClipboardContext: true,
      exceptionBreakpointFilters: EXCEPTION_FILTERS.map((f) => ({ filter: f.filter, label: f.label, description: f.description, default: f.default })),
      supportsExceptionInfoRequest: true,
      supportsSteppingGranularity: true,
      supportsStepInTargetsRequest: true,
      supportsTerminateRequest: true,
      supportTerminateDebuggee: true,
      supportsRestartRequest: true,
      supportsDelayedStackTraceLoading: true,
    };
    response.body = capabilities;
    this.state = 'initialized';
    this.sendResponse(response);
  }

  private async launch(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    if (this.state === 'new') this.refuse('\'launch\' needs \'initialize\' first');
    if (this.state !== 'initialized' || this.launching) this.refuse('the program is already launched');
    let validated;
    try {
      validated = validateLaunch(args);
    } catch (e) {
      if (e instanceof LaunchError) this.refuse(e.message);
      throw e;
    }
    this.tracing = validated.trace;
    const engine = this.options.createEngine();
    engine.onEvent((event) => this.onEngineEvent(engine, event));
    // A second launch sent before this one is answered is refused (it would start a second engine).
    this.launching = true;
    let result;
    try {
      result = await engine.launch(validated.config);
    } finally {
      this.launching = false;
    }
    if (!result.ok) {
      await engine.dispose();
      for (const d of result.diagnostics) this.sendEvent(new OutputEvent(`${d.text}\n`, d.severity === 'error' ? 'stderr' : 'console'));
      this.refuse(result.message);
    }
    this.engine = engine;
    this.launchArgs = args;
    this.threadCount = result.cores;
    this.frames = validated.config.frames ?? 'functions';
    this.stopped = false;
    this.state = 'launched';
    this.sendResponse(response);
    for (const w of validated.warnings) this.sendEvent(new OutputEvent(`${w}\n`, 'console'));
    for (const d of result.diagnostics) this.sendEvent(new OutputEvent(`${d.text}\n`, 'console'));
    this.sendEvent(new Event('initialized'));
  }

  private async configurationDone(response: DebugProtocol.Response): Promise<void> {
    const engine = this.requireEngine('configurationDone');
    if (this.state !== 'launched') this.refuse('\'configurationDone\' was already sent: the program has started');
    if (this.exceptionFilters) await engine.setExceptionFilters(this.exceptionFilters);
    await engine.start();
    this.state = 'configured';
    this.sendResponse(response);
  }

  private async terminate(response: DebugProtocol.Response): Promise<void> {
    const engine = this.engine;
    await this.respondBeforeEvents(response, async () => {
      if (engine && this.state !== 'ended') await engine.terminate();
    });
  }

  /**
   * Serves a request whose effect the engine may report before it answers (pause and terminate act through shared
   * flags that the running program sees at once): its events wait until the response is sent.
   */
  private async respondBeforeEvents(response: DebugProtocol.Response, work: () => Promise<void>): Promise<void> {
    const held: [DebugEngine, EngineEvent][] = [];
    this.held = held;
    try {
      await work();
      this.sendResponse(response);
    } finally {
      if (this.held === held) this.held = undefined;
      for (const [engine, event] of held) this.onEngineEvent(engine, event);
    }
  }

  private async disconnect(response: DebugProtocol.Response, _args: Record<string, unknown>): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
    this.state = 'ended';
    if (engine) await engine.dispose();
    this.sendResponse(response);
    this.shutdown();
  }

  private async restart(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    if (!this.launchArgs || this.state === 'new' || this.state === 'initialized') this.refuse('\'restart\' needs a launched program');
    const old = this.engine;
    this.engine = undefined;
    if (old) await old.dispose();
    const newArgs = (args.arguments as Record<string, unknown> | undefined) ?? this.launchArgs;
    const validated = validateLaunch(newArgs);
    const engine = this.options.createEngine();
    engine.onEvent((event) => this.onEngineEvent(engine, event));
    const result = await engine.launch(validated.config);
    if (!result.ok) {
      await engine.dispose();
      this.state = 'ended';
      this.refuse(result.message);
    }
    this.engine = engine;
    this.launchArgs = newArgs;
    this.threadCount = result.cores;
    this.stopped = false;
    for (const [file, bps] of this.sourceBreakpoints) this.announceChanged(await engine.setBreakpoints(file, this.toEngineBreakpoints(bps)));
    if (this.functionBreakpoints) this.announceChanged(await engine.setFunctionBreakpoints(this.functionBreakpoints.breakpoints));
    if (this.exceptionFilters) await engine.setExceptionFilters(this.exceptionFilters);
    await engine.start();
    this.state = 'configured';
    this.sendResponse(response);
  }

  // ---- breakpoints ----

  private toEngineBreakpoints(a: DebugProtocol.SetBreakpointsArguments): { line: number; column?: number; condition?: string; hitCondition?: string; logMessage?: string }[] {
    const list: DebugProtocol.SourceBreakpoint[] = a.breakpoints ?? (a.lines ?? []).map((line) => ({ line }));
    return list.map((b) => ({ line: this.lineIn(b.line), column: b.column, condition: b.condition, hitCondition: b.hitCondition, logMessage: b.logMessage }));
  }

  private async setBreakpoints(response: DebugProtocol.Response, a: DebugProtocol.SetBreakpointsArguments): Promise<void> {
    const engine = this.requireEngine('setBreakpoints');
    const file = a.source?.path;
    if (typeof file !== 'string' || file === '') this.refuse('\'setBreakpoints\' needs source.path: the BIR debugger sets breakpoints in files');
    const list = a.breakpoints ?? (a.lines ?? []).map((line) => ({ line }));
    if (!Array.isArray(list) || list.some((b) => typeof b?.line !== 'number' || !Number.isSafeInteger(b.line))) this.refuse('\'setBreakpoints\': every breakpoint needs an integer line');
    const infos = await engine.setBreakpoints(path.resolve(file), this.toEngineBreakpoints(a));
    this.sourceBreakpoints.set(path.resolve(file), a);
    response.body = { breakpoints: infos.map((b) => this.toBreakpoint(b)) };
    this.sendResponse(response);
  }

  private async setFunctionBreakpoints(response: DebugProtocol.Response, a: DebugProtocol.SetFunctionBreakpointsArguments): Promise<void> {
    const engine = this.requireEngine('setFunctionBreakpoints');
    if (!Array.isArray(a.breakpoints) || a.breakpoints.some((b) => typeof b?.name !== 'string')) this.refuse('\'setFunctionBreakpoints\' needs breakpoints with a name each');
    const infos = await engine.setFunctionBreakpoints(a.breakpoints);
    this.functionBreakpoints = a;
    response.body = { breakpoints: infos.map((b) => this.toBreakpoint(b)) };
    this.sendResponse(response);
  }

  private async setExceptionBreakpoints(response: DebugProtocol.Response, a: DebugProtocol.SetExceptionBreakpointsArguments): Promise<void> {
    if (!Array.isArray(a.filters) || a.filters.some((f) => typeof f !== 'string')) this.refuse('\'setExceptionBreakpoints\' needs filters, an array of filter names');
    const known = EXCEPTION_FILTERS.map((f) => f.filter) as string[];
    const unknown = a.filters.find((f) => !known.includes(f));
    if (unknown !== undefined) this.refuse(`unknown exception filter '${unknown}' (filters: ${known.join(', ')})`);
    const engine = this.requireEngine('setExceptionBreakpoints');
    await engine.setExceptionFilters(a.filters);
    this.exceptionFilters = a.filters;
    response.body = { breakpoints: a.filters.map(() => ({ verified: true })) };
    this.sendResponse(response);
  }

  private async setNodeBreakpoints(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    const engine = this.requireEngine('bir/setNodeBreakpoints');
    const nodes = args.nodes;
    if (!Array.isArray(nodes) || nodes.some((n) => typeof n !== 'string')) this.refuse('\'bir/setNodeBreakpoints\' needs nodes, an array of node ids');
    const infos = await engine.setNodeBreakpoints(nodes as string[]);
    response.body = { breakpoints: infos.map((b) => this.toBreakpoint(b)) };
    this.sendResponse(response);
  }

  private toBreakpoint(b: BreakpointInfo): DebugProtocol.Breakpoint {
    const bp: DebugProtocol.Breakpoint = new Breakpoint(b.verified);
    bp.id = b.id;
    bp.message = b.message;
    if (b.path) bp.source = new Source(path.basename(b.path), b.path);
    if (b.line !== undefined) bp.line = this.lineOut(b.line);
    if (b.column !== undefined) bp.column = this.columnOut(b.column);
    if (b.endLine !== undefined) bp.endLine = this.lineOut(b.endLine);
    if (b.endColumn !== undefined) bp.endColumn = this.columnOut(b.endColumn);
    if (!b.verified) bp.reason = 'failed';
    return bp;
  }

  private announceChanged(infos: BreakpointInfo[]): void {
    for (const b of infos) this.sendEvent(new BreakpointEvent('changed', this.toBreakpoint(b)));
  }

  // ---- execution ----

  private async resume(response: DebugProtocol.Response, args: Record<string, unknown>, command: 'continue' | 'next' | 'stepIn' | 'stepOut'): Promise<void> {
    const engine = this.requireEngine(command);
    const threadId = this.threadId(args, command);
    const granularity = args.granularity as string | undefined;
    if (granularity !== undefined && !['statement', 'line', 'instruction'].includes(granularity)) this.refuse(`'${command}': unknown granularity '${granularity}' (statement, line or instruction)`);
    const g: StepGranularity | undefined = granularity === undefined ? undefined : granularity === 'instruction' ? 'instruction' : 'line';
    if (!this.stopped) this.refuse(`'${command}' needs a stopped program, and it is running`);
    switch (command) {
      case 'continue': await engine.continue(threadId); break;
      case 'next': await engine.next(threadId, g); break;
      case 'stepIn': await engine.stepIn(threadId, g, this.number(args, 'targetId', command, true)); break;
      case 'stepOut': await engine.stepOut(threadId, g); break;
    }
    this.stopped = false;
    if (command === 'continue') response.body = { allThreadsContinued: true };
    this.sendResponse(response);
  }

  private async pause(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    const engine = this.requireEngine('pause');
    this.threadId(args, 'pause');
    if (this.state !== 'configured') this.refuse('\'pause\': the program has not started (send configurationDone)');
    await this.respondBeforeEvents(response, () => engine.pause());
  }

  // ---- inspection ----

  private async threads(response: DebugProtocol.Response): Promise<void> {
    // Threads are the cores: known from the launch, so this is answered even while the program runs.
    if (!this.engine || this.state === 'new' || this.state === 'initialized') {
      response.body = { threads: [] };
    } else if (this.stopped) {
      const threads = await this.engine.threads();
      response.body = { threads: threads.map((t) => new Thread(t.id, t.name)) };
    } else {
      response.body = { threads: Array.from({ length: this.threadCount }, (_, i) => new Thread(i + 1, `core ${i}`)) };
    }
    this.sendResponse(response);
  }

  private requireStopped(command: string): DebugEngine {
    const engine = this.requireEngine(command);
    if (!this.stopped) this.refuse(`'${command}' needs a stopped program, and it is running`);
    return engine;
  }

  private async stackTrace(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    const engine = this.requireStopped('stackTrace');
    const threadId = this.threadId(args, 'stackTrace');
    const start = this.number(args, 'startFrame', 'stackTrace', true) ?? 0;
    const levels = this.number(args, 'levels', 'stackTrace', true) ?? 0;
    if (start < 0 || levels < 0) this.refuse('\'stackTrace\': startFrame and levels cannot be negative');
    const { frames, total } = await engine.stackTrace(threadId, start, levels);
    response.body = {
      stackFrames: frames.map((f) => {
        const frame: DebugProtocol.StackFrame = new StackFrame(f.id, f.name, f.path ? new Source(path.basename(f.path), f.path) : undefined, this.lineOut(f.line), this.columnOut(f.column));
        if (f.endLine !== undefined) frame.endLine = this.lineOut(f.endLine);
        if (f.endColumn !== undefined) frame.endColumn = this.columnOut(f.endColumn);
        if (f.hint && f.hint !== 'normal') frame.presentationHint = f.hint;
        return frame;
      }),
      totalFrames: total,
    };
    this.sendResponse(response);
  }

  private async scopes(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    const engine = this.requireStopped('scopes');
    const scopes = await engine.scopes(this.number(args, 'frameId', 'scopes')!);
    response.body = {
      scopes: scopes.map((s) => {
        const scope: DebugProtocol.Scope = new Scope(s.name, s.reference, s.expensive);
        if (s.named !== undefined) scope.namedVariables = s.named;
        if (s.hint === 'locals' || s.hint === 'registers' || s.hint === 'arguments') scope.presentationHint = s.hint;
        return scope;
      }),
    };
    this.sendResponse(response);
  }

  private async variables(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    const engine = this.requireStopped('variables');
    const reference = this.number(args, 'variablesReference', 'variables')!;
    const start = this.number(args, 'start', 'variables', true);
    const count = this.number(args, 'count', 'variables', true);
    const filter = args.filter;
    if (filter !== undefined && filter !== 'indexed' && filter !== 'named') this.refuse(`'variables': filter must be 'indexed' or 'named', found ${JSON.stringify(filter)}`);
    if ((start ?? 0) < 0 || (count ?? 0) < 0) this.refuse('\'variables\': start and count cannot be negative');
    const vars = await engine.variables(reference, start, count, filter as 'indexed' | 'named' | undefined);
    response.body = {
      variables: vars.map((v) => {
        const out: DebugProtocol.Variable = { name: v.name, value: v.value, variablesReference: v.reference };
        if (v.type !== undefined) out.type = v.type;
        if (v.evaluateName !== undefined) out.evaluateName = v.evaluateName;
        if (v.indexed !== undefined) out.indexedVariables = v.indexed;
        if (v.named !== undefined) out.namedVariables = v.named;
        if (v.hint) out.presentationHint = { kind: v.hint.kind, attributes: v.hint.attributes ? [...v.hint.attributes] : undefined };
        return out;
      }),
    };
    this.sendResponse(response);
  }

  private async evaluate(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    const expression = args.expression;
    if (typeof expression !== 'string') this.refuse('\'evaluate\' needs an expression (a string)');
    const context = typeof args.context === 'string' ? args.context : 'repl';
    const engine = this.requireStopped('evaluate');
    const frameId = this.number(args, 'frameId', 'evaluate', true);
    const r = await engine.evaluate(expression, frameId, context);
    response.body = { result: r.result, type: r.type, variablesReference: r.reference, indexedVariables: r.indexed, namedVariables: r.named };
    this.sendResponse(response);
  }

  private async stepInTargets(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    const engine = this.requireStopped('stepInTargets');
    const targets = await engine.stepInTargets(this.number(args, 'frameId', 'stepInTargets')!);
    response.body = { targets: targets.map((t) => ({ id: t.id, label: t.label, line: this.lineOut(t.line), column: this.columnOut(t.column) })) };
    this.sendResponse(response);
  }

  private async exceptionInfo(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    const engine = this.requireStopped('exceptionInfo');
    const info = await engine.exceptionInfo(this.threadId(args, 'exceptionInfo'));
    response.body = {
      exceptionId: info.exceptionId,
      description: info.description,
      breakMode: info.breakMode,
      details: { message: info.details.message, typeName: info.details.typeName, stackTrace: info.details.stackTrace },
    };
    this.sendResponse(response);
  }

  private async setFrames(response: DebugProtocol.Response, args: Record<string, unknown>): Promise<void> {
    const mode = args.frames;
    if (mode !== 'functions' && mode !== 'subgraphs') this.refuse(`'bir/setFrames' needs frames: "functions" or "subgraphs", found ${JSON.stringify(mode)}`);
    const engine = this.requireEngine('bir/setFrames');
    this.frames = await engine.setFrames(mode);
    response.body = { frames: this.frames };
    this.sendResponse(response);
    if (this.clientSupportsInvalidated && this.stopped) this.sendEvent(new InvalidatedEvent(['stacks', 'variables']));
  }

  /** A custom request answered by the engine as it is; `resumes` for requests that let the program go on. */
  private async forward(response: DebugProtocol.Response, command: string, ask: (engine: DebugEngine) => Promise<unknown>, resumes = false): Promise<void> {
    const engine = this.requireEngine(command);
    if (resumes && !this.stopped) this.refuse(`'${command}' needs a stopped program`);
    const body = await ask(engine);
    if (resumes) this.stopped = false;
    response.body = body as DebugProtocol.Response['body'];
    this.sendResponse(response);
  }

  // ---- events of the engine ----

  private onEngineEvent(engine: DebugEngine, event: EngineEvent): void {
    if (this.held) {
      this.held.push([engine, event]);
      return;
    }
    if (engine !== this.engine && event.kind !== 'output') return;
    switch (event.kind) {
      case 'stopped': {
        this.stopped = true;
        const info = event.info;
        this.sendEvent(new Event('bir/stopped', info));
        const stopped: DebugProtocol.StoppedEvent = new StoppedEvent(info.reason, info.threadId, info.text);
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
        const out: DebugProtocol.OutputEvent = new OutputEvent(event.text, event.category);
        if (event.span) {
          out.body.source = new Source(path.basename(event.span.file), event.span.file);
          out.body.line = this.lineOut(event.span.line);
          out.body.column = this.columnOut(event.span.col);
        }
        this.sendEvent(out);
        break;
      }
      case 'breakpoint':
        this.sendEvent(new BreakpointEvent('changed', this.toBreakpoint(event.breakpoint)));
        break;
      case 'exited':
        this.stopped = false;
        this.state = 'ended';
        this.sendEvent(new ExitedEvent(event.exitCode));
        this.sendEvent(new TerminatedEvent());
        break;
    }
  }

  // ---- positions ----

  private lineIn(line: number): number {
    return this.linesStartAt1 ? line : line + 1;
  }

  private lineOut(line: number): number {
    return this.linesStartAt1 ? line : line - 1;
  }

  private columnOut(col: number): number {
    return this.columnsStartAt1 ? col : col - 1;
  }
}
