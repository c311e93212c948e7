/**
 * Restart Frame through the stdio adapter, every message checked against the DAP schema: a callee's frame and main's
 * go back to their entry (a `restart` stop before their first instruction, registers as they were then), the run goes
 * on from there as it did, and the refusals (frames of subgraphs, unknown frames, history off, no launch, noDebug,
 * bad arguments) answer the request and leave the stop as it was.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { LOOPS, STEPS } from '../helpers/dap-programs';

interface BirStop {
  readonly instructions?: number;
}

describe('DAP: restart frame', function () {
  this.timeout(60000);
  useDapSessions();

  let steps: string;
  let loops: string;

  before(() => {
    const dir = tempProgramDir({ 'steps.bir': STEPS, 'loops.bir': LOOPS });
    steps = path.join(dir, 'steps.bir');
    loops = path.join(dir, 'loops.bir');
  });

  async function stoppedAt(file: string, line: number, more: Record<string, unknown> = {}): Promise<DapSession> {
    const s = await DapSession.start();
    await s.launch({ program: file, ...more }, async (x) => {
      await x.setBreakpoints(file, [{ line }]);
    });
    await s.waitForStop();
    return s;
  }

  async function restart(s: DapSession, frameId: number): Promise<{ stopped: DebugProtocol.StoppedEvent; instructions: number; frame: DebugProtocol.StackFrame }> {
    await s.ok('restartFrame', { frameId });
    const { stopped, bir } = await s.waitForStop();
    return { stopped, instructions: (bir.body as BirStop).instructions!, frame: await s.topFrame() };
  }

  it('declares supportsRestartFrame, and canRestart on function frames', async () => {
    const s = await stoppedAt(steps, lineOf(steps, 'Set r2 = r1 * 2'));
    assert.strictEqual(s.capabilities?.supportsRestartFrame, true);
    const { stackFrames } = await s.stackTrace();
    assert.deepStrictEqual(stackFrames.map((f) => [f.name, f.canRestart]), [['twice', true], ['main', true]]);
  });

  it("a callee's frame goes back to its entry, and the run goes on from there as it did", async () => {
    const s = await stoppedAt(steps, lineOf(steps, 'Set r2 = r1 * 2'));
    const before = await s.stackTrace();
    assert.strictEqual((await s.evaluate('r1', 'watch', before.stackFrames[0].id)).result, '2');
    const bir = s.events('bir/stopped');
    const stopInstructions = (bir[bir.length - 1].body as BirStop).instructions!;
    const r = await restart(s, before.stackFrames[0].id);
    assert.strictEqual(r.stopped.body.reason, 'restart');
    assert.match(r.stopped.body.description!, /^Restarted at the entry of twice \(instruction \d+\)$/);
    assert.deepStrictEqual([r.frame.name, r.frame.line], ['twice', lineOf(steps, 'Set r1 = r0 * 2')]);
    assert.strictEqual(r.instructions, stopInstructions - 1, 'one instruction of twice had run');
    assert.strictEqual((await s.evaluate('r1', 'watch')).result, '<uninit>');
    assert.strictEqual((await s.evaluate('r0', 'watch')).result, '1', 'the argument is bound');
    const { stackFrames } = await s.stackTrace();
    assert.deepStrictEqual(stackFrames.map((f) => f.name), ['twice', 'main']);
    // Forward again: the breakpoint stops where it stopped, with the same values.
    const again = await s.resumeToStop('continue');
    assert.deepStrictEqual([again.stopped.body.reason, again.frame.line], ['breakpoint', lineOf(steps, 'Set r2 = r1 * 2')]);
    assert.strictEqual((again.bir.body as BirStop).instructions, stopInstructions);
    assert.strictEqual((await s.evaluate('r1', 'watch')).result, '2');
  });

  it("main's frame goes back to the start of the run", async () => {
    const s = await stoppedAt(steps, lineOf(steps, 'Set r2 = r1 * 2'));
    const { stackFrames } = await s.stackTrace();
    const r = await restart(s, stackFrames[1].id);
    assert.deepStrictEqual([r.stopped.body.reason, r.frame.name, r.frame.line, r.instructions], ['restart', 'main', lineOf(steps, 'Set r0 = 1'), 0]);
    assert.strictEqual((await s.evaluate('r0', 'watch')).result, '<uninit>');
  });

  it('a frame two calls deep restarts at its own activation, not an earlier one of the same function', async () => {
    // twice runs three times: from main, from the if's arm, from pair; stop in the third.
    const s = await DapSession.start();
    await s.launch({ program: steps }, async (x) => {
      await x.setBreakpoints(steps, [{ line: lineOf(steps, 'Set r2 = r1 * 2'), hitCondition: '3' }]);
    });
    await s.waitForStop();
    const { stackFrames } = await s.stackTrace();
    assert.deepStrictEqual(stackFrames.map((f) => f.name), ['twice', 'pair', 'main']);
    const r = await restart(s, stackFrames[0].id);
    assert.deepStrictEqual([r.frame.name, r.frame.line], ['twice', lineOf(steps, 'Set r1 = r0 * 2')]);
    assert.deepStrictEqual((await s.stackTrace()).stackFrames.map((f) => f.name), ['twice', 'pair', 'main']);
    assert.strictEqual((await s.evaluate('r0', 'watch')).result, (await s.evaluate('r5', 'watch', (await s.stackTrace()).stackFrames[2].id)).result, "pair's argument, main's r5");
  });

  it('refuses frames of subgraphs, unknown frames and bad arguments, and the stop stays as it was', async () => {
    const s = await stoppedAt(loops, lineOf(loops, 'Set r1 = r0 * 10'), { frames: 'subgraphs' });
    const { stackFrames } = await s.stackTrace();
    assert.strictEqual(stackFrames[0].canRestart, false);
    assert.match(await s.error('restartFrame', { frameId: stackFrames[0].id }), /is a frame of a loop iteration; restart the function frame that holds it/);
    assert.match(await s.error('restartFrame', { frameId: 999 }), /frame 999 does not exist at this stop/);
    assert.match(await s.error('restartFrame', { frameId: 'main' }), /'restartFrame' needs frameId, a frame's id from stackTrace, found "main"/);
    assert.match(await s.error('restartFrame', {}), /needs frameId/);
    assert.strictEqual((await s.evaluate('r0', 'watch')).result, '0', 'still at the stop');
  });

  it('refuses without history, before a launch and without debugging', async () => {
    const s = await stoppedAt(steps, lineOf(steps, 'Set r2 = r1 * 2'), { historyMiB: 0 });
    const { stackFrames } = await s.stackTrace();
    assert.strictEqual(stackFrames[0].canRestart, false);
    assert.match(await s.error('restartFrame', { frameId: stackFrames[0].id }), /needs the history of the run, which is off \(launch attribute historyMiB is 0\)/);
    const fresh = await DapSession.start();
    assert.match(await fresh.error('restartFrame', { frameId: 1 }), /needs a launched program/);
    const run = await DapSession.start();
    await run.ok('launch', { program: steps, noDebug: true });
    await run.waitFor('initialized');
    assert.match(await run.error('restartFrame', { frameId: 1 }), /not available in a run without debugging|needs a stopped program/);
  });
});
