/**
 * DAP sessions with the stdio adapter (dist/adapter.js) for protocol tests, through
 * @vscode/debugadapter-testsupport's DebugClient. Every message the adapter sends is recorded in arrival order
 * and checked as it arrives:
 *
 * - against the official DAP JSON schema (test/dap/schema, draft-04): a response against `<Command>Response`
 *   (an error response against `ErrorResponse`), an event against `<Event>Event`, the base `Response`/`Event`
 *   for the others (custom `bir/*` ones included);
 * - every response answers a request that was sent, once, with its command;
 * - the adapter's `seq` increases by one per message;
 * - a response precedes the events its request causes: no `stopped`/`continued`/`exited`/... arrives between a
 *   request that causes them and its (successful) response.
 *
 * Failures are collected; `useDapSessions()` installs mocha hooks that build dist once per run, end the
 * adapters a test started (disconnect, then stop) and fail the test with the collected failures. Waits are
 * for messages, with a limit; nothing sleeps.
 */
import * as assert from 'assert';
import { ChildProcess, execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import Ajv, { ValidateFunction } from 'ajv-draft-04';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';

export const REPO = path.resolve(__dirname, '..', '..');
export const ADAPTER = path.join(REPO, 'dist', 'adapter.js');
export const EXAMPLES = path.join(REPO, 'examples');
export const SCHEMA_FILE = path.join(REPO, 'test', 'dap', 'schema', 'debugAdapterProtocol.json');

/** The default limit of a wait for a message. */
export const WAIT_MS = 15000;

// ---- building the adapter ----

let built = false;

/** Builds dist/ (adapter and engine worker) once per test run. */
export function ensureBuilt(): void {
  if (built) return;
  execFileSync(process.execPath, [path.join(REPO, 'esbuild.mjs')], { cwd: REPO, stdio: 'pipe' });
  if (!fs.existsSync(ADAPTER) || !fs.existsSync(path.join(REPO, 'dist', 'engine-worker.js'))) throw new Error('node esbuild.mjs did not make dist/adapter.js and dist/engine-worker.js');
  built = true;
}

// ---- the schema ----

let validators: Map<string, ValidateFunction> | undefined;
let ajv: Ajv | undefined;
let definitions: Set<string> | undefined;

function validator(definition: string): ValidateFunction {
  if (!ajv) {
    const schema = JSON.parse(fs.readFileSync(SCHEMA_FILE, 'utf8')) as { definitions: Record<string, unknown> };
    ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(schema, 'dap');
    definitions = new Set(Object.keys(schema.definitions));
    validators = new Map();
  }
  let v = validators!.get(definition);
  if (!v) {
    v = ajv.getSchema(`dap#/definitions/${definition}`);
    if (!v) throw new Error(`no definition ${definition} in the DAP schema`);
    validators!.set(definition, v);
  }
  return v;
}

function hasDefinition(name: string): boolean {
  validator('ProtocolMessage');
  return definitions!.has(name);
}

const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The schema definition a message of the adapter must satisfy. */
export function definitionOf(message: DebugProtocol.ProtocolMessage): string {
  if (message.type === 'response') {
    const r = message as DebugProtocol.Response;
    if (!r.success) return 'ErrorResponse';
    const name = `${capitalize(String(r.command))}Response`;
    return !String(r.command).includes('/') && hasDefinition(name) ? name : 'Response';
  }
  if (message.type === 'event') {
    const e = message as DebugProtocol.Event;
    const name = `${capitalize(String(e.event))}Event`;
    return !String(e.event).includes('/') && hasDefinition(name) ? name : 'Event';
  }
  return 'ProtocolMessage';
}

/** Schema errors of one message, empty when it validates. */
export function schemaErrors(message: DebugProtocol.ProtocolMessage): string[] {
  const definition = definitionOf(message);
  const v = validator(definition);
  if (v(message)) return [];
  return (v.errors ?? []).map((e) => `${definition}${e.instancePath} ${e.message ?? ''} ${e.params ? JSON.stringify(e.params) : ''}`.trim());
}

// ---- sessions ----

/**
 * Events a request may cause; none of them may arrive between the request and its response. (`pause` and
 * `terminate` are sent while the program runs: the tests send them when nothing else can stop or end it.)
 */
const CAUSED: Record<string, readonly string[]> = {
  launch: ['initialized', 'bir/comparison', 'bir/bisect', 'stopped', 'bir/stopped', 'exited', 'terminated'],
  configurationDone: ['stopped', 'bir/stopped', 'continued', 'exited', 'terminated'],
  continue: ['stopped', 'bir/stopped', 'continued', 'exited', 'terminated'],
  next: ['stopped', 'bir/stopped', 'continued', 'exited', 'terminated'],
  stepIn: ['stopped', 'bir/stopped', 'continued', 'exited', 'terminated'],
  stepOut: ['stopped', 'bir/stopped', 'continued', 'exited', 'terminated'],
  restart: ['stopped', 'bir/stopped', 'exited', 'terminated'],
  terminate: ['exited', 'terminated'],
  pause: ['stopped', 'bir/stopped'],
  cancel: ['stopped', 'bir/stopped', 'progressEnd'],
  'bir/setFrames': ['invalidated'],
};

export interface Recorded {
  /** Position in arrival order (0 = first message of the adapter). */
  readonly index: number;
  readonly message: DebugProtocol.ProtocolMessage;
}

interface SentRequest {
  readonly seq: number;
  readonly command: string;
  /** Number of adapter messages received when the request was sent. */
  readonly sentAt: number;
  answered: boolean;
  /** Another request was in flight at the same time: the events between this one and its response may be the other's. */
  overlapped: boolean;
}

interface ClientInternals {
  sequence: number;
  pendingRequests: Map<number, (r: DebugProtocol.Response) => void>;
  outputStream: NodeJS.WritableStream;
  _adapterProcess: ChildProcess | null;
  dispatch(body: string): void;
  doSend(command: string, args: unknown, clb: (r: DebugProtocol.Response) => void): void;
  stopAdapter(): void;
}

export interface StartOptions {
  /** Arguments of `initialize`; false: do not send it. */
  readonly initialize?: Partial<DebugProtocol.InitializeRequestArguments> | false;
  /** Whether the session ends after the test that started it (the default) or after its suite. */
  readonly shared?: boolean;
}

const live = new Set<DapSession>();

export class DapSession {
  readonly dc: DebugClient;
  /** Every message of the adapter, in arrival order. */
  readonly log: Recorded[] = [];
  /** Protocol failures seen so far and not yet reported. */
  failures: string[] = [];
  readonly stderr: string[] = [];
  capabilities?: DebugProtocol.Capabilities;
  private readonly sent = new Map<number, SentRequest>();
  private readonly internals: ClientInternals;
  /** Per event name: how many of its events the waits consumed. */
  private readonly consumed = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  private lastSeq = 0;
  private exitCode?: number | null;
  private readonly exited: Promise<void>;
  readonly shared: boolean;
  closed = false;
  /** Set by close(): the adapter answered disconnect and ended by itself. */
  endedAfterDisconnect = false;

  private constructor(shared: boolean) {
    this.shared = shared;
    this.dc = new DebugClient(process.execPath, ADAPTER, 'bir', { cwd: REPO });
    this.internals = this.dc as unknown as ClientInternals;
    const dispatch = this.internals.dispatch.bind(this.dc);
    this.internals.dispatch = (body: string) => {
      this.receive(body);
      dispatch(body);
      for (const w of [...this.waiters]) w();
    };
    const doSend = this.internals.doSend.bind(this.dc);
    this.internals.doSend = (command, args, clb) => {
      this.noteSent(this.internals.sequence, command);
      doSend(command, args, clb);
    };
    let resolveExit!: () => void;
    this.exited = new Promise<void>((r) => (resolveExit = r));
    this.resolveExit = resolveExit;
  }

  private readonly resolveExit: () => void;

  /** Starts an adapter process and (unless told not to) initializes it. */
  static async start(options: StartOptions = {}): Promise<DapSession> {
    ensureBuilt();
    const s = new DapSession(options.shared ?? false);
    live.add(s);
    await s.dc.start();
    const proc = s.internals._adapterProcess!;
    proc.stderr?.on('data', (d: Buffer) => s.stderr.push(d.toString()));
    proc.on('exit', (code) => {
      s.exitCode = code;
      s.resolveExit();
      for (const w of [...s.waiters]) w();
    });
    if (options.initialize !== false) {
      const r = await s.ok('initialize', { adapterID: 'bir', clientID: 'dap-tests', linesStartAt1: true, columnsStartAt1: true, pathFormat: 'path', ...(options.initialize ?? {}) });
      s.capabilities = r.body as DebugProtocol.Capabilities;
    }
    return s;
  }

  private noteSent(seq: number, command: string): void {
    let overlapped = false;
    for (const other of this.sent.values()) {
      if (!other.answered) other.overlapped = overlapped = true;
    }
    this.sent.set(seq, { seq, command, sentAt: this.log.length, answered: false, overlapped });
  }

  private fail(text: string): void {
    this.failures.push(text);
  }

  private receive(body: string): void {
    let message: DebugProtocol.ProtocolMessage;
    try {
      message = JSON.parse(body) as DebugProtocol.ProtocolMessage;
    } catch {
      this.fail(`the adapter sent a message that is not JSON: ${body.slice(0, 200)}`);
      return;
    }
    const index = this.log.length;
    this.log.push({ index, message });
    const what = describeMessage(message);
    for (const e of schemaErrors(message)) this.fail(`schema: ${what}: ${e}`);
    if (typeof message.seq === 'number') {
      if (message.seq !== this.lastSeq + 1) this.fail(`seq: ${what} has seq ${message.seq} after ${this.lastSeq}`);
      this.lastSeq = message.seq;
    }
    if (message.type === 'response') {
      const r = message as DebugProtocol.Response;
      const req = this.sent.get(r.request_seq);
      if (!req) this.fail(`request_seq: ${what} answers request ${r.request_seq}, which was not sent`);
      else if (req.answered) this.fail(`request_seq: ${what} answers request ${r.request_seq} a second time`);
      else {
        req.answered = true;
        if (req.command !== r.command) this.fail(`command: ${what} answers request ${r.request_seq} '${req.command}'`);
        if (!r.success && (typeof r.message !== 'string' || r.message.trim() === '')) this.fail(`error message: ${what} fails without a message`);
        if (r.success) this.checkCausedEvents(req);
      }
    }
  }

  /** No event the request causes arrived between the request and its response. */
  private checkCausedEvents(req: SentRequest): void {
    const caused = CAUSED[req.command];
    if (!caused || req.overlapped) return;
    for (let i = req.sentAt; i < this.log.length - 1; i++) {
      const m = this.log[i].message as DebugProtocol.Event;
      if (m.type === 'event' && caused.includes(m.event)) {
        this.fail(`order: event '${m.event}' (message ${i}) arrived before the response to '${req.command}' (request ${req.seq}) that caused it`);
      }
    }
  }

  // ---- requests ----

  /** Sends a request and resolves with its response, successful or not. */
  request<T extends DebugProtocol.Response = DebugProtocol.Response>(command: string, args?: unknown, timeout = WAIT_MS): Promise<T> {
    return this.withLimit(new Promise<T>((resolve) => this.internals.doSend(command, args, (r) => resolve(r as T))), timeout, `the response to '${command}'`);
  }

  /** Sends a whole request object as written (any shape of 'arguments'); resolves with its response. */
  rawRequest(request: { command: string; arguments?: unknown } & Record<string, unknown>, timeout = WAIT_MS): Promise<DebugProtocol.Response> {
    const seq = this.internals.sequence++;
    this.noteSent(seq, request.command);
    const message = { ...request, type: 'request', seq };
    return this.withLimit(new Promise<DebugProtocol.Response>((resolve) => {
      this.internals.pendingRequests.set(seq, resolve);
      const json = JSON.stringify(message);
      this.internals.outputStream.write(`Content-Length: ${Buffer.byteLength(json, 'utf8')}\r\n\r\n${json}`, 'utf8');
    }), timeout, `the response to '${request.command}'`);
  }

  /** Sends a request that must succeed; fails with the adapter's message otherwise. */
  async ok<T extends DebugProtocol.Response = DebugProtocol.Response>(command: string, args?: unknown, timeout = WAIT_MS): Promise<T> {
    const r = await this.request<T>(command, args, timeout);
    if (!r.success) throw new assert.AssertionError({ message: `'${command}' failed: ${r.message}` });
    return r;
  }

  /** Sends a request that must fail; resolves with its error message. */
  async error(command: string, args?: unknown, timeout = WAIT_MS): Promise<string> {
    const r = await this.request(command, args, timeout);
    if (r.success) throw new assert.AssertionError({ message: `'${command}' succeeded, and should have failed: ${JSON.stringify(r.body)}` });
    return r.message ?? '';
  }

  // ---- events ----

  /** Events of a name received so far, in arrival order. */
  events<T extends DebugProtocol.Event = DebugProtocol.Event>(name: string): T[] {
    return this.log.filter((r) => r.message.type === 'event' && (r.message as DebugProtocol.Event).event === name).map((r) => r.message as T);
  }

  /** The index in `log` of a message. */
  indexOf(message: DebugProtocol.ProtocolMessage): number {
    return this.log.findIndex((r) => r.message === message);
  }

  /**
   * The next event of a name that no wait has consumed yet (arrived already or to come), within a limit. Events of
   * one name are consumed in order, so a test meets every `stopped` event in turn.
   */
  async waitFor<T extends DebugProtocol.Event = DebugProtocol.Event>(name: string, timeout = WAIT_MS): Promise<T> {
    const n = this.consumed.get(name) ?? 0;
    const e = await this.until(() => this.events<T>(name)[n], timeout, `event '${name}' #${n + 1}`);
    this.consumed.set(name, n + 1);
    return e;
  }

  /** Skips the events of a name received so far (a later waitFor sees only new ones). */
  skip(name: string): void {
    this.consumed.set(name, this.events(name).length);
  }

  /** The stop that follows: `bir/stopped` and `stopped`, checked to arrive in that order. */
  async waitForStop(timeout = WAIT_MS): Promise<{ stopped: DebugProtocol.StoppedEvent; bir: DebugProtocol.Event }> {
    const bir = await this.waitFor('bir/stopped', timeout);
    const stopped = await this.waitFor<DebugProtocol.StoppedEvent>('stopped', timeout);
    assert.ok(this.indexOf(bir) < this.indexOf(stopped), 'bir/stopped arrives before stopped');
    return { stopped, bir };
  }

  /** The next stop, or the end of the run (`exited`), whichever comes first; consumes what it returns. */
  async waitForStopOrExit(timeout = WAIT_MS): Promise<{ stopped: DebugProtocol.StoppedEvent; bir: DebugProtocol.Event } | { exitCode: number }> {
    const ns = this.consumed.get('stopped') ?? 0;
    const ne = this.consumed.get('exited') ?? 0;
    const which = await this.until(() => (this.events('stopped')[ns] ? 'stopped' : this.events('exited')[ne] ? 'exited' : undefined), timeout, 'a stop or the end of the run');
    if (which === 'stopped') return this.waitForStop(timeout);
    return { exitCode: (await this.waitFor<DebugProtocol.ExitedEvent>('exited', timeout)).body.exitCode };
  }

  /** All output text of a category so far. */
  output(category?: string): string {
    return this.events<DebugProtocol.OutputEvent>('output').filter((e) => category === undefined || (e.body.category ?? 'console') === category).map((e) => e.body.output).join('');
  }

  /** Waits until the output (of a category) matches. */
  async waitForOutput(pattern: RegExp, category?: string, timeout = WAIT_MS): Promise<string> {
    return this.until(() => (pattern.test(this.output(category)) ? this.output(category) : undefined), timeout, `output matching ${pattern}`);
  }

  /** Resolves with the first value that `probe` gives, checking after each message; rejects after `timeout` ms. */
  until<T>(probe: () => T | undefined, timeout: number, what: string): Promise<T> {
    const now = probe();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise<T>((resolve, reject) => {
      const check = (): void => {
        const v = probe();
        if (v !== undefined) {
          done();
          resolve(v);
        } else if (this.exitCode !== undefined) {
          done();
          reject(new Error(`waiting for ${what}: the adapter exited (code ${this.exitCode})${this.context()}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`waiting for ${what}: nothing within ${timeout} ms${this.context()}`));
      }, timeout);
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
    });
  }

  /** A promise of a response with a time limit; it fails at once if the adapter ends. */
  private withLimit<T>(p: Promise<T>, timeout: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        this.waiters.delete(ended);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`waiting for ${what}: nothing within ${timeout} ms${this.context()}`));
      }, timeout);
      const ended = (): void => {
        if (this.exitCode === undefined) return;
        done();
        reject(new Error(`waiting for ${what}: the adapter exited (code ${this.exitCode})${this.context()}`));
      };
      this.waiters.add(ended);
      ended();
      p.then((v) => {
        done();
        resolve(v);
      }, (e: unknown) => {
        done();
        reject(e instanceof Error ? e : new Error(String(e)));
      });
    });
  }

  /** The last messages, for a failure's message. */
  context(n = 8): string {
    const last = this.log.slice(-n).map((r) => `  ${describeMessage(r.message)}`).join('\n');
    const err = this.stderr.join('').trim();
    return `\nlast messages:\n${last}${err ? `\nadapter stderr:\n${err.slice(-2000)}` : ''}`;
  }

  // ---- common sequences ----

  /** launch, wait for `initialized`, set breakpoints (by file), then configurationDone. */
  async launch(args: Record<string, unknown>, setup?: (s: DapSession) => Promise<void>): Promise<void> {
    await this.ok('launch', args);
    await this.waitFor('initialized');
    if (setup) await setup(this);
    await this.ok('configurationDone');
  }

  async setBreakpoints(file: string, breakpoints: DebugProtocol.SourceBreakpoint[]): Promise<DebugProtocol.Breakpoint[]> {
    const r = await this.ok<DebugProtocol.SetBreakpointsResponse>('setBreakpoints', { source: { path: file }, breakpoints });
    return r.body.breakpoints;
  }

  async stackTrace(threadId = 1, startFrame?: number, levels?: number): Promise<DebugProtocol.StackTraceResponse['body']> {
    return (await this.ok<DebugProtocol.StackTraceResponse>('stackTrace', { threadId, startFrame, levels })).body;
  }

  async topFrame(threadId = 1): Promise<DebugProtocol.StackFrame> {
    return (await this.stackTrace(threadId, 0, 1)).stackFrames[0];
  }

  async scopes(frameId: number): Promise<DebugProtocol.Scope[]> {
    return (await this.ok<DebugProtocol.ScopesResponse>('scopes', { frameId })).body.scopes;
  }

  async variables(variablesReference: number, more: Partial<DebugProtocol.VariablesArguments> = {}): Promise<DebugProtocol.Variable[]> {
    return (await this.ok<DebugProtocol.VariablesResponse>('variables', { variablesReference, ...more })).body.variables;
  }

  async evaluate(expression: string, context = 'repl', frameId?: number): Promise<DebugProtocol.EvaluateResponse['body']> {
    return (await this.ok<DebugProtocol.EvaluateResponse>('evaluate', { expression, context, frameId })).body;
  }

  /** Resumes with a request and waits for the stop it ends in. */
  async resumeToStop(command: string, args: Record<string, unknown> = {}): Promise<{ stopped: DebugProtocol.StoppedEvent; bir: DebugProtocol.Event; frame: DebugProtocol.StackFrame }> {
    await this.ok(command, { threadId: 1, ...args });
    const stop = await this.waitForStop();
    const frame = await this.topFrame(stop.stopped.body.threadId ?? 1);
    return { ...stop, frame };
  }

  /** Waits for the end of the run: `exited` then `terminated`; returns the exit code. */
  async waitForEnd(timeout = WAIT_MS): Promise<number> {
    const exited = await this.waitFor<DebugProtocol.ExitedEvent>('exited', timeout);
    const terminated = await this.waitFor('terminated', timeout);
    assert.ok(this.indexOf(exited) < this.indexOf(terminated), '`exited` arrives before `terminated`');
    return exited.body.exitCode;
  }

  /** Closes the adapter's standard input; resolves when the process has ended (false if it has not within the limit). */
  async closeInput(timeout = 5000): Promise<boolean> {
    this.internals._adapterProcess?.stdin?.end();
    return Promise.race([this.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), timeout).unref())]);
  }

  /** Whether the adapter process still runs. */
  get alive(): boolean {
    return this.exitCode === undefined;
  }

  /** Ends the adapter: disconnect (which must be answered and end the process), then stop. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (this.alive) {
        const r = await this.request('disconnect', { terminateDebuggee: true }, 5000);
        if (!r.success) this.fail(`disconnect failed: ${r.message}`);
        const exited = await Promise.race([this.exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 3000).unref())]);
        if (!exited) this.fail('the adapter did not end within 3 s of disconnect');
        this.endedAfterDisconnect = exited;
      }
    } catch (e) {
      this.fail(`disconnect: ${(e as Error).message}`);
    } finally {
      this.internals.stopAdapter();
    }
  }

  /** Takes the failures collected so far. */
  takeFailures(): string[] {
    const f = this.failures;
    this.failures = [];
    for (const req of this.sent.values()) {
      if (!req.answered && this.closed && req.command !== 'disconnect') f.push(`request ${req.seq} '${req.command}' was never answered`);
    }
    return f;
  }
}

export function describeMessage(m: DebugProtocol.ProtocolMessage): string {
  if (m.type === 'response') {
    const r = m as DebugProtocol.Response;
    return `response ${r.request_seq} '${r.command}' ${r.success ? 'ok' : `failed: ${r.message}`}`;
  }
  if (m.type === 'event') {
    const e = m as DebugProtocol.Event;
    return `event '${e.event}' ${JSON.stringify(e.body ?? {}).slice(0, 160)}`;
  }
  return JSON.stringify(m).slice(0, 160);
}

/**
 * Mocha hooks for a suite of DAP tests: build dist before, and after each test end the sessions it started and
 * fail it with the protocol failures of every session (shared ones stay open until the suite ends).
 */
export function useDapSessions(): void {
  before(function () {
    this.timeout(120000);
    ensureBuilt();
  });
  afterEach(async function () {
    const sessions = [...live];
    await Promise.all(sessions.filter((s) => !s.shared).map((s) => s.close()));
    const failures = sessions.flatMap((s) => s.takeFailures());
    for (const s of sessions) if (s.closed) live.delete(s);
    if (failures.length) throw new assert.AssertionError({ message: `protocol failures in '${this.currentTest?.fullTitle()}':\n${failures.slice(0, 30).join('\n')}` });
  });
  after(async function () {
    const sessions = [...live];
    await Promise.all(sessions.map((s) => s.close()));
    const failures = sessions.flatMap((s) => s.takeFailures());
    for (const s of sessions) live.delete(s);
    if (failures.length) throw new assert.AssertionError({ message: `protocol failures:\n${failures.slice(0, 30).join('\n')}` });
  });
}

// ---- programs ----

/** A temporary folder with files written for a test; removed at exit. */
export function tempProgramDir(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-dap-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  tempDirs.push(dir);
  return dir;
}

const tempDirs: string[] = [];
process.on('exit', () => {
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
});

/** The line (1-based) of the first line of a file that contains `text` (after `from`). */
export function lineOf(file: string, text: string, from = 1): number {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  for (let i = from - 1; i < lines.length; i++) if (lines[i].includes(text)) return i + 1;
  throw new Error(`no line with '${text}' in ${file}`);
}

/** Column (1-based) of `text` on a line of a file. */
export function columnOf(file: string, line: number, text: string): number {
  const col = fs.readFileSync(file, 'utf8').split('\n')[line - 1].indexOf(text);
  if (col < 0) throw new Error(`no '${text}' on line ${line} of ${file}`);
  return col + 1;
}
