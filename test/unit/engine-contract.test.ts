/**
 * The DebugEngine's typed contract, served in this thread (InProcessEngine): a debug session of a real program
 * without the adapter or a worker, and the one state guard that decides what each request needs.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { InProcessEngine } from '../../engine/host/in-process-engine';
import { EngineServer } from '../../engine/host/engine-server';
import { EngineError } from '../../engine/protocol/errors';
import { EngineMethod } from '../../engine/protocol/requests';
import { EngineEvent, StoppedInfo } from '../../engine/protocol/types';

const PROGRAM = `module contract

func main() {
  Set r0 = 1
  Set r1 = r0 + 1
  for r2 in 0..1000000000 {
    Set r3 = r2
  }
}
`;

/** Waits for the next event of a kind, with a limit. */
function nextEvent<K extends EngineEvent['kind']>(events: EngineEvent[], engine: InProcessEngine, kind: K): Promise<Extract<EngineEvent, { kind: K }>> {
  const seen = events.length;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${kind}' event within 10 s`)), 10_000);
    engine.onEvent(() => {
      const found = events.slice(seen).find((e): e is Extract<EngineEvent, { kind: K }> => e.kind === kind);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
}

describe('the DebugEngine contract (in process)', () => {
  let dir: string;
  let program: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-contract-'));
    program = path.join(dir, 'contract.bir');
    fs.writeFileSync(program, PROGRAM);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function launched(): Promise<{ engine: InProcessEngine; events: EngineEvent[] }> {
    const engine = new InProcessEngine();
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const r = await engine.request('launch', { program });
    assert.ok(r.ok);
    return { engine, events };
  }

  it('stops at a breakpoint, answers about the stop, steps and ends', async () => {
    const { engine, events } = await launched();
    const [bp] = await engine.request('setBreakpoints', { path: program, breakpoints: [{ line: 5 }] });
    assert.ok(bp.verified);
    const stopped = nextEvent(events, engine, 'stopped');
    await engine.request('configurationDone', {});
    const info: StoppedInfo = (await stopped).info;
    assert.strictEqual(info.reason, 'breakpoint');
    assert.deepStrictEqual(info.hitBreakpointIds, [bp.id]);
    const { frames } = await engine.request('stackTrace', { threadId: 1 });
    assert.deepStrictEqual([frames[0].name, frames[0].line], ['main', 5]);
    const r0 = await engine.request('evaluate', { expression: 'r0 + 41', frameId: frames[0].id, context: 'watch' });
    assert.strictEqual(r0.result, '42');
    const [registers] = (await engine.request('scopes', { frameId: frames[0].id })).filter((s) => s.hint === 'registers');
    const vars = await engine.request('variables', { reference: registers.reference });
    assert.ok(vars.some((v) => v.name === 'r0' && v.value.startsWith('1')));
    const stepped = nextEvent(events, engine, 'stopped');
    await engine.request('next', { threadId: 1 });
    assert.strictEqual((await stepped).info.reason, 'step');
    assert.strictEqual((await engine.request('stackTrace', { threadId: 1 })).frames[0].line, 6);
    const exited = nextEvent(events, engine, 'exited');
    await engine.request('terminate', {});
    assert.strictEqual((await exited).exitCode, 143);
  });

  it('a pause asked for while a move through time replays the past stops the move where it is', async () => {
    const { engine, events } = await launched();
    await engine.request('setBreakpoints', { path: program, breakpoints: [{ line: 7, hitCondition: '30000' }] });
    const atBreakpoint = nextEvent(events, engine, 'stopped');
    await engine.request('configurationDone', {});
    assert.strictEqual((await atBreakpoint).info.reason, 'breakpoint');
    // The move is answered, then made; the pause is asked for in between, as a user presses it while it replays.
    const moved = nextEvent(events, engine, 'stopped');
    await engine.request('bir/goto', { instructions: 10 });
    await engine.request('pause', {});
    const info = (await moved).info;
    assert.strictEqual(info.reason, 'pause');
    assert.match(info.text ?? '', /^paused during 'bir\/goto', at instruction [\d,]+$/);
    // A pause spent on the move does not interrupt what comes next.
    const again = nextEvent(events, engine, 'stopped');
    await engine.request('bir/goto', { instructions: 10 });
    assert.strictEqual((await again).info.reason, 'goto');
    await engine.request('terminate', {});
  });

  it('refuses what the session\'s state cannot serve, saying why', async () => {
    const { engine, events } = await launched();
    await assert.rejects(engine.request('stackTrace', { threadId: 1 }), /'stackTrace' needs a stopped program, and it has not started \(send configurationDone\)/);
    await assert.rejects(engine.request('pause', { threadId: 1 }), /'pause': the program has not started/);
    await assert.rejects(engine.request('bir/nextPass', {}), /bir\/nextPass works at a compiler stop/);
    await engine.request('configurationDone', {});
    await assert.rejects(engine.request('variables', { reference: 1 }), (e: EngineError) => e.kind === 'state' && /needs a stopped program, and it is running/.test(e.message));
    await assert.rejects(engine.request('continue', { threadId: 2 }), /needs a stopped program/, 'state first, then the thread');
    const paused = nextEvent(events, engine, 'stopped');
    await engine.request('pause', { threadId: 1 });
    assert.strictEqual((await paused).info.reason, 'pause');
    await assert.rejects(engine.request('continue', { threadId: 2 }), (e: EngineError) => e.kind === 'reference' && /no thread 2 \(threads are 1 to 1, one per core\)/.test(e.message));
    await assert.rejects(engine.request('configurationDone', {}), /the program has already started/);
    const exited = nextEvent(events, engine, 'exited');
    await engine.request('terminate', {});
    await exited;
    await assert.rejects(engine.request('threads', {}).then(() => engine.request('evaluate', { expression: 'r0', context: 'repl' })), /the program has ended/);
  });

  it('refuses a frame of an earlier stop with its own kind (a client asks again in the top frame)', async () => {
    const { engine, events } = await launched();
    await engine.request('setBreakpoints', { path: program, breakpoints: [{ line: 5 }] });
    const stopped = nextEvent(events, engine, 'stopped');
    await engine.request('configurationDone', {});
    await stopped;
    const earlier = (await engine.request('stackTrace', { threadId: 1 })).frames[0].id;
    const stepped = nextEvent(events, engine, 'stopped');
    await engine.request('next', { threadId: 1 });
    await stepped;
    await assert.rejects(engine.request('scopes', { frameId: earlier }), (e: EngineError) => e.kind === 'frame' && new RegExp(`^frame ${earlier} does not exist at this stop`).test(e.message));
    assert.ok((await engine.request('evaluate', { expression: 'r0', context: 'watch' })).result.startsWith('1'), 'without a frame: the top frame');
    const exited = nextEvent(events, engine, 'exited');
    await engine.request('terminate', {});
    await exited;
  });

  it('answers a request it does not know with an internal error, not a crash', () => {
    const server = new EngineServer(() => undefined, new Int32Array(2));
    const reply = server.handle({ id: 7, method: 'bir/teleport' as EngineMethod, params: {} as never });
    assert.strictEqual(reply.type, 'reply');
    assert.deepStrictEqual(reply.type === 'reply' && reply.error, { message: 'unknown engine request \'bir/teleport\'', kind: 'internal' });
  });
});
