/**
 * The DAP session in front of a recording engine, driven inline as VS Code drives it: what reaches the engine for
 * what a client sends (lines and columns converted, arguments checked at the edge), and how errors are answered
 * (stable ids per kind). The engine here answers from a script; the real one is tested through the protocol tests.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { BirDebugSession } from '../../adapter/session';
import { ERROR_IDS } from '../../adapter/errors';
import { EngineError } from '../../engine/protocol/errors';
import { DebugEngine, EngineMethod, EngineParams, EngineResult } from '../../engine/protocol/requests';
import { DiagnosticInfo, EngineEvent, LaunchResult } from '../../engine/protocol/types';

/** A program that exists (the launch checks it); the engine here never reads it. */
const PROGRAM = path.resolve(__dirname, '..', '..', 'examples', 'softmax.bir');

/** An engine that records every request and answers launch, breakpoints and frames from a script. */
class RecordingEngine implements DebugEngine {
  readonly requests: { method: EngineMethod; params: unknown }[] = [];
  launchResult: LaunchResult = { ok: true, diagnostics: [], cores: 1, files: [] };
  private readonly listeners: ((e: EngineEvent) => void)[] = [];

  async request<M extends EngineMethod>(method: M, params: EngineParams<M>): Promise<EngineResult<M>> {
    this.requests.push({ method, params });
    return this.answer(method, params) as EngineResult<M>;
  }

  private answer(method: EngineMethod, params: unknown): unknown {
    switch (method) {
      case 'launch': return this.launchResult;
      case 'setBreakpoints': {
        const { path, breakpoints } = params as EngineParams<'setBreakpoints'>;
        return breakpoints.map((b, i) => ({ id: i + 1, verified: true, path, line: b.line, column: b.column, instructions: 1 }));
      }
      case 'scopes': throw new EngineError('frame 99 does not exist at this stop', 'reference');
      default: return undefined;
    }
  }

  async terminate(): Promise<void> {}
  async dispose(): Promise<void> {}
  onEvent(listener: (e: EngineEvent) => void): void {
    this.listeners.push(listener);
  }
}

class Client {
  readonly engine = new RecordingEngine();
  private readonly session: BirDebugSession;
  private readonly waiting = new Map<number, (r: DebugProtocol.Response) => void>();
  private seq = 1;

  constructor(showProgramErrors?: (program: string, errors: readonly DiagnosticInfo[]) => void) {
    this.session = new BirDebugSession({ createEngine: () => this.engine, showProgramErrors });
    this.session.onDidSendMessage((m) => {
      const message = m as DebugProtocol.ProtocolMessage;
      if (message.type === 'response') this.waiting.get((message as DebugProtocol.Response).request_seq)?.(message as DebugProtocol.Response);
    });
  }

  request(command: string, args?: unknown): Promise<DebugProtocol.Response> {
    const seq = this.seq++;
    return new Promise((resolve) => {
      this.waiting.set(seq, resolve);
      this.session.handleMessage({ seq, type: 'request', command, arguments: args } as DebugProtocol.Request);
    });
  }

  async launched(initialize: Partial<DebugProtocol.InitializeRequestArguments> = {}): Promise<void> {
    assert.ok((await this.request('initialize', { adapterID: 'bir', ...initialize })).success);
    assert.ok((await this.request('launch', { program: PROGRAM })).success);
  }
}

/** A diagnostic of the program, as the engine reports it. */
function diagnostic(severity: DiagnosticInfo['severity'], line: number, message: string): DiagnosticInfo {
  return { severity, message, span: { file: PROGRAM, line, col: 3, endLine: line, endCol: 9 }, text: `${PROGRAM}:${line}:3: ${severity}: ${message}` };
}

describe('the DAP session in front of the engine', () => {
  it('refuses a launch of a program with errors: in front of the user, unless its client shows them itself', async () => {
    const errors = [diagnostic('warning', 2, 'unused'), diagnostic('error', 5, "unknown name 'b'"), diagnostic('error', 7, 'bad shape')];
    const failed: LaunchResult = { ok: false, diagnostics: errors, message: 'softmax.bir has 2 errors' };
    const plain = new Client();
    plain.engine.launchResult = failed;
    await plain.request('initialize', { adapterID: 'bir' });
    const refused = await plain.request('launch', { program: PROGRAM }) as DebugProtocol.ErrorResponse;
    assert.strictEqual(refused.success, false);
    assert.strictEqual(refused.body.error?.id, ERROR_IDS.program);
    assert.strictEqual(refused.body.error?.showUser, true, 'a client that shows nothing else shows the refusal');

    const shown: [string, readonly DiagnosticInfo[]][] = [];
    const extension = new Client((program, errs) => shown.push([program, errs]));
    extension.engine.launchResult = failed;
    await extension.request('initialize', { adapterID: 'bir' });
    const quiet = await extension.request('launch', { program: PROGRAM }) as DebugProtocol.ErrorResponse;
    assert.strictEqual(quiet.success, false);
    assert.match(quiet.message!, /has 2 errors/, 'the reply still says why');
    assert.strictEqual(quiet.body.error?.id, ERROR_IDS.shown);
    assert.strictEqual(quiet.body.error?.showUser, false, 'VS Code puts up no dialog: the extension has shown the errors');
    assert.deepStrictEqual(shown, [[PROGRAM, [errors[1], errors[2]]]], 'the errors alone, in order');
  });

  it('leaves a launch refused for its configuration in front of the user, whoever shows program errors', async () => {
    const shown: unknown[] = [];
    const c = new Client((...a) => shown.push(a));
    c.engine.launchResult = { ok: false, diagnostics: [diagnostic('warning', 2, 'unused')], message: "launch attribute 'passes': too big" };
    await c.request('initialize', { adapterID: 'bir' });
    const refused = await c.request('launch', { program: PROGRAM }) as DebugProtocol.ErrorResponse;
    assert.strictEqual(refused.body.error?.showUser, true);
    assert.strictEqual(refused.body.error?.id, ERROR_IDS.program);
    assert.deepStrictEqual(shown, []);
  });

  it('converts a 0-based client\'s breakpoint lines and columns to the engine\'s and back', async () => {
    const c = new Client();
    await c.launched({ linesStartAt1: false, columnsStartAt1: false });
    const r = await c.request('setBreakpoints', { source: { path: PROGRAM }, breakpoints: [{ line: 4, column: 2 }] }) as DebugProtocol.SetBreakpointsResponse;
    const sent = c.engine.requests.find((q) => q.method === 'setBreakpoints')!.params as EngineParams<'setBreakpoints'>;
    assert.deepStrictEqual(sent.breakpoints.map((b) => [b.line, b.column]), [[5, 3]], 'the engine counts from 1');
    assert.deepStrictEqual(r.body.breakpoints.map((b) => [b.line, b.column]), [[4, 2]], 'the client gets its own numbering back');
  });

  it('refuses arguments of the wrong type at its edge, naming the field; the engine never sees them', async () => {
    const c = new Client();
    await c.launched();
    const before = c.engine.requests.length;
    const r = await c.request('setBreakpoints', { source: { path: PROGRAM }, breakpoints: [{ line: 3, condition: 7 }] });
    assert.strictEqual(r.success, false);
    assert.match(r.message!, /'setBreakpoints' needs 'breakpoints\[0\]\.condition' as a string, found 7/);
    assert.strictEqual((r as DebugProtocol.ErrorResponse).body.error?.id, ERROR_IDS.arguments);
    assert.strictEqual(c.engine.requests.length, before);
  });

  it('answers errors with a stable id per kind', async () => {
    const c = new Client();
    const early = await c.request('stackTrace', { threadId: 1 }) as DebugProtocol.ErrorResponse;
    assert.strictEqual(early.body.error?.id, ERROR_IDS.lifecycle);
    await c.launched();
    // A request the adapter does not implement (readMemory was the example before the adapter served it).
    const unsupported = await c.request('gotoTargets', { source: { path: PROGRAM }, line: 1 }) as DebugProtocol.ErrorResponse;
    assert.strictEqual(unsupported.body.error?.id, ERROR_IDS.unsupported);
    const reference = await c.request('scopes', { frameId: 99 }) as DebugProtocol.ErrorResponse;
    assert.strictEqual(reference.body.error?.id, ERROR_IDS.reference);
    assert.match(reference.message!, /frame 99 does not exist/);
    assert.strictEqual(reference.body.error?.showUser, false, 'a stale frame is not worth a notification');
  });

  it('forwards a custom request the engine answers as it is, with its arguments checked', async () => {
    const c = new Client();
    await c.launched();
    const bad = await c.request('bir/passGraph', { index: 'one' });
    assert.match(bad.message!, /'bir\/passGraph' needs 'index' as an integer, found "one"/);
    await c.request('bir/passGraph', { index: 2, function: 'main' });
    assert.deepStrictEqual(c.engine.requests.at(-1), { method: 'bir/passGraph', params: { index: 2, function: 'main' } });
  });
});
