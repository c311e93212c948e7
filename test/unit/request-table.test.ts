/**
 * The request table (engine/protocol/request-table.ts) and what is derived from it: every request has a handler
 * (the session's, or the engine's for a request forwarded as it is), initialize announces the capability of every
 * request, a dump takes back those of what it refuses or hides, and the engine refuses, by the table, a move through
 * time when the run has no history.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { BirDebugSession } from '../../adapter/session';
import { DAP_ARGUMENTS } from '../../adapter/arguments';
import { CAN_IN_A_RUN, CANNOT_IN_A_DUMP } from '../../adapter/capabilities';
import { RESUMING, SETS_BREAKPOINTS } from '../../adapter/followed-requests';
import { BIR_REQUESTS } from '../../contract/requests';
import { EngineServer } from '../../engine/host/engine-server';
import { InProcessEngine } from '../../engine/host/in-process-engine';
import { DebugEngine, EngineMethod, EngineParams, EngineResult } from '../../engine/protocol/requests';
import { CAPABILITIES_NOT_IN_A_DUMP, Command, commandsWhere, REQUEST_CAPABILITIES, REQUESTS } from '../../engine/protocol/request-table';
import { EngineEvent, StoppedInfo } from '../../engine/protocol/types';

const PROGRAM = path.resolve(__dirname, '..', '..', 'examples', 'softmax.bir');
const COMMANDS = Object.keys(REQUESTS) as Command[];

/** An engine that answers launch as a dump's or a program's, and nothing else. */
class LaunchOnlyEngine implements DebugEngine {
  constructor(private readonly readOnly: boolean) {}

  async request<M extends EngineMethod>(method: M, _params: EngineParams<M>): Promise<EngineResult<M>> {
    return (method === 'launch' ? { ok: true, diagnostics: [], cores: 1, files: [], readOnly: this.readOnly } : undefined) as EngineResult<M>;
  }

  async terminate(): Promise<void> {}
  async dispose(): Promise<void> {}
  onEvent(): void {}
}

/** A session driven inline: its answers and events. */
function sessionOf(readOnly: boolean): { session: BirDebugSession; request: (command: string, args: unknown) => Promise<DebugProtocol.Response>; events: DebugProtocol.Event[] } {
  const session = new BirDebugSession({ createEngine: () => new LaunchOnlyEngine(readOnly) });
  const events: DebugProtocol.Event[] = [];
  const waiting = new Map<number, (r: DebugProtocol.Response) => void>();
  session.onDidSendMessage((m) => {
    const message = m as DebugProtocol.ProtocolMessage;
    if (message.type === 'event') events.push(message as DebugProtocol.Event);
    if (message.type === 'response') waiting.get((message as DebugProtocol.Response).request_seq)?.(message as DebugProtocol.Response);
  });
  let seq = 1;
  const request = (command: string, args: unknown): Promise<DebugProtocol.Response> => new Promise((resolve) => {
    const s = seq++;
    waiting.set(s, resolve);
    session.handleMessage({ seq: s, type: 'request', command, arguments: args } as DebugProtocol.Request);
  });
  return { session, request, events };
}

describe('the request table', () => {
  it('every request has an argument schema and a handler: the session\'s, or the engine\'s when it is forwarded', () => {
    const sessionHandlers = Object.keys(sessionOf(false).session['handlers']);
    const engineHandlers = Object.keys(new EngineServer(() => undefined, new Int32Array(2))['handlers']);
    const schemas = [...Object.keys(DAP_ARGUMENTS), ...Object.keys(BIR_REQUESTS)];
    for (const command of COMMANDS) {
      assert.ok(schemas.includes(command), `${command} has an argument schema`);
      const forwarded = (REQUESTS[command] as { forwarded?: true }).forwarded === true;
      assert.ok(forwarded ? engineHandlers.includes(command) && !sessionHandlers.includes(command) : sessionHandlers.includes(command), `${command} has a handler`);
    }
    assert.deepStrictEqual(schemas.filter((c) => !COMMANDS.includes(c as Command)), [], 'no schema without an entry');
    assert.deepStrictEqual(engineHandlers.filter((m) => !COMMANDS.includes(m as Command)), [], 'every engine request is a request of the table');
  });

  it('a request refused in a dump runs or changes the machine; one that needs the history is refused in a dump', () => {
    for (const [command, p] of Object.entries(REQUESTS) as [Command, { resumes?: true; changesState?: true; inDump?: string; needsHistory?: true }][]) {
      if (p.inDump === 'refused') assert.ok(p.resumes || p.changesState, command);
      if (p.needsHistory) assert.strictEqual(p.inDump, 'refused', command);
    }
  });

  it('the derived lists are the ones the session, the engine and the views followed before the table', () => {
    assert.deepStrictEqual([...RESUMING].sort(), ['bir/goto', 'bir/nextPass', 'bir/stepBackInto', 'bir/stepBackOut', 'continue', 'next', 'restart', 'restartFrame', 'reverseContinue', 'stepBack', 'stepIn', 'stepOut']);
    assert.deepStrictEqual([...SETS_BREAKPOINTS].sort(), ['bir/setNodeBreakpoints', 'restart', 'setBreakpoints', 'setInstructionBreakpoints']);
    assert.deepStrictEqual([...commandsWhere((p) => p.holdsEvents === true)].sort(), ['cancel', 'pause', 'terminate']);
    assert.deepStrictEqual([...commandsWhere((p) => p.forwarded !== true)].filter((c) => c.startsWith('bir/')).sort(), ['bir/setFrames', 'bir/setNodeBreakpoints']);
    assert.deepStrictEqual([...commandsWhere((p) => p.inDump === 'refused' && !p.changesState)].sort(), ['bir/goto', 'bir/stepBackInto', 'bir/stepBackOut', 'continue', 'next', 'restartFrame', 'reverseContinue', 'stepBack', 'stepIn', 'stepOut']);
    assert.deepStrictEqual([...commandsWhere((p) => p.inDump === 'refused' && p.changesState === true)].sort(), ['setExpression', 'setVariable', 'writeMemory']);
  });

  it('initialize announces the capability of every request of the table', async () => {
    const { request } = sessionOf(false);
    const capabilities = (await request('initialize', { adapterID: 'bir' })).body as Record<string, unknown>;
    for (const c of REQUEST_CAPABILITIES) assert.strictEqual(capabilities[c], true, c);
  });

  it('a dump takes back the capabilities of what it refuses or hides', async () => {
    assert.deepStrictEqual(Object.keys(CANNOT_IN_A_DUMP).sort(), [...CAPABILITIES_NOT_IN_A_DUMP].sort());
    const { request, events } = sessionOf(true);
    await request('initialize', { adapterID: 'bir' });
    assert.ok((await request('launch', { program: PROGRAM })).success);
    // The event follows the answer.
    await new Promise(setImmediate);
    assert.deepStrictEqual(events.filter((e) => e.event === 'capabilities').map((e) => e.body.capabilities), [CANNOT_IN_A_DUMP]);
    assert.ok(Object.values(CANNOT_IN_A_DUMP).every((v) => v === false) && Object.values(CAN_IN_A_RUN).every((v) => v === true));
  });

  describe('the engine without history', () => {
    let dir: string;
    let program: string;
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-table-'));
      program = path.join(dir, 'table.bir');
      fs.writeFileSync(program, 'module table\n\nfunc main() {\n  Set r0 = 1\n  Set r1 = r0 + 1\n}\n');
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('refuses every move through time, each by its own name', async () => {
      const engine = new InProcessEngine();
      const stopped = new Promise<StoppedInfo>((resolve) => engine.onEvent((e: EngineEvent) => e.kind === 'stopped' && resolve(e.info)));
      assert.ok((await engine.request('launch', { program, historyMiB: 0, stopOnEntry: true })).ok);
      await engine.request('configurationDone', {});
      await stopped;
      const { frames } = await engine.request('stackTrace', { threadId: 1 });
      const off = (name: string) => (e: Error): boolean => e.message === `'${name}' needs the history of the run, which is off (launch attribute historyMiB is 0)`;
      await assert.rejects(engine.request('stepBack', { threadId: 1 }), off('stepBack'));
      await assert.rejects(engine.request('reverseContinue', { threadId: 1 }), off('reverseContinue'));
      await assert.rejects(engine.request('restartFrame', { frameId: frames[0].id }), off('restartFrame'));
      await assert.rejects(engine.request('bir/stepBackInto', { threadId: 1 }), off('bir/stepBackInto'));
      await assert.rejects(engine.request('bir/stepBackOut', { threadId: 1 }), off('bir/stepBackOut'));
      await assert.rejects(engine.request('bir/goto', { instructions: 0 }), off('bir/goto'));
      await assert.rejects(engine.request('stepBack', { threadId: 2 }), /no thread 2/, 'the thread first, then the history');
      await engine.request('terminate', {});
    });
  });
});
