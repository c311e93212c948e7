/**
 * Time travel through the stdio adapter, every message checked against the DAP schema: the capability, stepBack by
 * line and by instruction, reverseContinue (to a breakpoint, to the start), bir/stepBackInto and bir/stepBackOut,
 * bir/goto, the console's :goto, :last, :history and :why, and the refusals (nothing before the start, history off,
 * noDebug, bad arguments) that leave the stop as it was.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { ENDLESS, LOOPS, STEPS } from '../helpers/dap-programs';

interface BirStop {
  readonly instructions?: number;
}

describe('DAP: time travel', function () {
  this.timeout(60000);
  useDapSessions();

  let steps: string;
  let loops: string;
  let endless: string;

  before(() => {
    const dir = tempProgramDir({ 'steps.bir': STEPS, 'loops.bir': LOOPS, 'endless.bir': ENDLESS });
    steps = path.join(dir, 'steps.bir');
    loops = path.join(dir, 'loops.bir');
    endless = path.join(dir, 'endless.bir');
  });

  /** A session stopped at the first stop of `line`. */
  async function stoppedAt(file: string, line: number, more: Record<string, unknown> = {}): Promise<DapSession> {
    const s = await DapSession.start();
    await s.launch({ program: file, ...more }, async (x) => {
      await x.setBreakpoints(file, [{ line }]);
    });
    await s.waitForStop();
    return s;
  }

  /** Moves with a request and returns the stop it ends in, with the top frame. */
  async function move(s: DapSession, command: string, args: Record<string, unknown> = {}): Promise<{ reason: string; line: number; name: string; instructions: number; description?: string }> {
    const { stopped, bir, frame } = await s.resumeToStop(command, args);
    return { reason: stopped.body.reason, line: frame.line, name: frame.name, instructions: (bir.body as BirStop).instructions!, description: stopped.body.description };
  }

  it('declares supportsStepBack', async () => {
    const s = await DapSession.start();
    assert.strictEqual(s.capabilities?.supportsStepBack, true);
  });

  it('stepBack by line goes to the previous line of the frame, over calls; forward again reaches the same state', async () => {
    const s = await stoppedAt(steps, lineOf(steps, 'Set r5'));
    const at = await s.topFrame();
    // The one-line if is two visits of its line, as stepping forward shows: its condition, then its arm.
    const arm = await move(s, 'stepBack');
    assert.deepStrictEqual([arm.reason, arm.line], ['step', lineOf(steps, 'if r0 > 0')]);
    assert.match(arm.description!, /\(instruction \d+\)$/);
    const condition = await move(s, 'stepBack');
    assert.strictEqual(condition.line, lineOf(steps, 'if r0 > 0'));
    const loop = await move(s, 'stepBack');
    assert.strictEqual(loop.line, lineOf(steps, 'for r3'));
    // The one-line loop's iterations are visits of its line too: back to the last one, before its Set ran.
    assert.deepStrictEqual([(await s.evaluate('r3')).result, (await s.evaluate('r4')).result], ['1', '0']);
    for (const expected of [condition, arm]) {
      const forward = await move(s, 'next');
      assert.deepStrictEqual([forward.line, forward.instructions], [expected.line, expected.instructions]);
    }
    const again = await move(s, 'next');
    assert.strictEqual(again.line, at.line);
    assert.strictEqual((await s.evaluate('r4')).result, '1');
  });

  it('stepBack by instruction goes one instruction back; the count in the stop says where', async () => {
    const s = await stoppedAt(steps, lineOf(steps, 'Set r1 = 2'));
    const first = await move(s, 'next', { granularity: 'instruction' });
    assert.strictEqual(first.instructions, 2);
    const back = await move(s, 'stepBack', { granularity: 'instruction' });
    assert.deepStrictEqual([back.line, back.instructions], [lineOf(steps, 'Set r1 = 2'), 1]);
    assert.strictEqual((await s.evaluate('r1')).result, '<uninit>');
  });

  it('reverseContinue stops at the previous breakpoint hit, then at the start (reason entry)', async () => {
    const line = lineOf(loops, 'Set r1 = r0 * 10');
    const s = await stoppedAt(loops, line);
    await move(s, 'continue');
    await move(s, 'continue');
    assert.strictEqual((await s.evaluate('r0')).result, '2');
    const previous = await move(s, 'reverseContinue');
    assert.deepStrictEqual([previous.reason, previous.line], ['breakpoint', line]);
    assert.strictEqual((await s.evaluate('r0')).result, '1');
    await s.setBreakpoints(loops, []);
    const start = await move(s, 'reverseContinue');
    assert.deepStrictEqual([start.reason, start.instructions], ['entry', 0]);
    assert.strictEqual(start.line, lineOf(loops, 'Memset acc <- 0'));
    assert.match(await s.error('stepBack', { threadId: 1 }), /there is no history before this point \(instruction 0\)/);
    assert.match(await s.error('reverseContinue', { threadId: 1 }), /there is no history before this point/);
    // The stop is as it was: the run goes on to its end.
    await s.ok('continue', { threadId: 1 });
    assert.strictEqual(await s.waitForEnd(), 0);
  });

  it('bir/stepBackInto enters the call that just returned; bir/stepBackOut goes to its call', async () => {
    const s = await stoppedAt(steps, lineOf(steps, 'Set r5'));
    const into = await move(s, 'bir/stepBackInto', { threadId: 1 });
    assert.deepStrictEqual([into.name, into.line], ['twice', lineOf(steps, 'Set r2 = r1 * 2')]);
    const out = await move(s, 'bir/stepBackOut', { threadId: 1 });
    assert.deepStrictEqual([out.name, out.line], ['main', lineOf(steps, 'if r0 > 0')]);
  });

  it('bir/goto moves to an instruction count, back and forward; the console\'s :goto too', async () => {
    const s = await stoppedAt(steps, lineOf(steps, 'Print'));
    const end = (await move(s, 'bir/goto', { instructions: 3 })).instructions;
    assert.strictEqual(end, 3);
    const r = await s.evaluate(':goto 1');
    assert.strictEqual(r.result, 'going to instruction 1');
    const stop = await s.waitForStop();
    assert.strictEqual(stop.stopped.body.reason, 'goto');
    assert.strictEqual((stop.bir.body as BirStop).instructions, 1);
    assert.strictEqual((await s.evaluate('r0')).result, '1');
    assert.strictEqual((await s.evaluate('r1')).result, '<uninit>');
    const forward = await move(s, 'bir/goto', { instructions: 6 });
    assert.strictEqual(forward.instructions, 6);
  });

  it('Go to Instruction Count stopped short by a breakpoint, or by the end of the program, says so in the console', async () => {
    const line = lineOf(loops, 'Set r1 = r0 * 10');
    const s = await stoppedAt(loops, line);
    const short = await move(s, 'bir/goto', { instructions: 1000 });
    assert.deepStrictEqual([short.reason, short.line], ['breakpoint', line]);
    await s.waitForOutput(new RegExp(`^Go to instruction 1,000: it stopped first \\(Paused on breakpoint\\) at instruction ${short.instructions}, before reaching it$`, 'm'), 'console');
    await s.setBreakpoints(loops, []);
    await s.ok('bir/goto', { instructions: 1000 });
    assert.strictEqual(await s.waitForEnd(), 0);
    assert.match(s.output('console'), /^Go to instruction 1,000: the program ended at instruction \d+, before reaching it$/m);
  });

  it('Go to Last Write (:last from the Variables view) says in the console what it does', async () => {
    const s = await stoppedAt(loops, lineOf(loops, 'Print'));
    const back = await s.evaluate(':last acc[3, 0]', 'variables');
    assert.match(back.result, /^going back to the last write of acc\[3, 0\]: Memset/);
    await s.waitForStop();
    assert.match(s.output('console'), /^:last acc\[3, 0\]: going back to the last write of acc\[3, 0\]: Memset at instruction \d+ \(core 0\) .*loops\.bir:\d+:\d+$/m);
    assert.strictEqual((await s.topFrame()).line, lineOf(loops, 'Memset dst'));
  });

  it(':history, :why and :last write paths inside the launch\'s cwd (the workspace) relative to it', async () => {
    const s = await stoppedAt(loops, lineOf(loops, 'Print'), { cwd: path.dirname(loops) });
    const memset = `loops\\.bir:${lineOf(loops, 'Memset dst')}:\\d+`;
    const writes = await s.variables((await s.evaluate(':history acc[3, 0]')).variablesReference);
    assert.match(writes[1].value, new RegExp(`\\(core 0\\) ${memset}$`));
    assert.match((await s.evaluate(':why acc[3, 0]')).result, new RegExp(`\\(core 0\\) ${memset}$`));
    assert.match((await s.evaluate(':last acc[3, 0]')).result, new RegExp(`\\(core 0\\) ${memset}$`));
  });

  it(':last goes back to the write; :history and :why answer in the console, expandable', async () => {
    const s = await stoppedAt(loops, lineOf(loops, 'Print'));
    const history = await s.evaluate(':history acc[3, 0]');
    assert.match(history.result, /^acc\[3, 0\]: 2 writes \(instructions 0 to \d+\)$/);
    const writes = await s.variables(history.variablesReference);
    assert.deepStrictEqual(writes.map((w) => w.value.replace(/:.*/, '')), ['<uninit> → 0', '0 → 30']);
    assert.match(writes[1].value, new RegExp(`Memset at instruction \\d+ \\(core 0\\) ${loops.replace(/[.\\/]/g, '\\$&')}:${lineOf(loops, 'Memset dst')}:`));
    const why = await s.evaluate(':why acc[3, 0]');
    assert.match(why.result, /^acc\[3, 0\] = 30 ← Memset/);
    const [value] = await s.variables(why.variablesReference);
    assert.deepStrictEqual([value.name, value.value], ['value: r4', '30']);
    const arg = await s.variables(value.variablesReference);
    assert.match(arg[0].value, /^the call of fill/);
    const back = await s.evaluate(':last acc[3, 0]');
    assert.match(back.result, /^going back to the last write of acc\[3, 0\]: Memset/);
    const stop = await s.waitForStop();
    assert.strictEqual(stop.stopped.body.reason, 'goto');
    assert.strictEqual((await s.topFrame()).line, lineOf(loops, 'Memset dst'));
    assert.strictEqual((await s.evaluate('r4')).result, '30');
    assert.strictEqual((await s.evaluate('dst[0, 0]')).result, '0');
  });

  it('refuses what cannot be done with the reason, and the stop stays', async () => {
    const s = await stoppedAt(steps, lineOf(steps, 'Set r5'));
    const line = (await s.topFrame()).line;
    assert.match(await s.error('bir/goto', { instructions: 'abc' }), /needs instructions, a whole number of instructions, found "abc"/);
    assert.match(await s.error('bir/goto', { instructions: -1 }), /needs instructions, a count of instructions \(0 or more\), found -1/);
    assert.match(await s.error('bir/goto', {}), /needs instructions/);
    assert.match(await s.error('stepBack', { threadId: 7 }), /no thread 7/);
    assert.match(await s.error('bir/stepBackOut', { threadId: 'one' }), /threadId/);
    assert.match(await s.error('evaluate', { expression: ':goto soon', context: 'repl' }), /:goto takes an instruction count \(a whole number, as in :goto 1200\), found 'soon'/);
    assert.strictEqual((await s.evaluate(':why r9')).result, 'r9 = <uninit> ← never written');
    assert.match(await s.error('evaluate', { expression: ':last nothing', context: 'repl' }), /unknown name 'nothing'/);
    assert.strictEqual((await s.topFrame()).line, line);
    assert.strictEqual(s.events('continued').length, 0, 'nothing moved');
  });

  it('with history off or without debugging, moving back is refused with what to change', async () => {
    const off = await stoppedAt(steps, lineOf(steps, 'Set r5'), { historyMiB: 0 });
    assert.match(await off.error('stepBack', { threadId: 1 }), /needs the history of the run, which is off \(launch attribute historyMiB is 0\)/);
    assert.match(await off.error('evaluate', { expression: ':history r5', context: 'repl' }), /historyMiB is 0/);
    // Each refusal names what was asked: the request, or the console's command.
    assert.match(await off.error('bir/goto', { instructions: 3 }), /^'bir\/goto' needs the history of the run, which is off/);
    assert.match(await off.error('evaluate', { expression: ':goto 3', context: 'repl' }), /^':goto' needs the history of the run, which is off/);
    const fast = await DapSession.start();
    await fast.launch({ program: endless, noDebug: true });
    assert.match(await fast.error('stepBack', { threadId: 1 }), /not available in a run without debugging \(launched with noDebug\)/);
    assert.match(await fast.error('reverseContinue', { threadId: 1 }), /not available in a run without debugging/);
    await fast.ok('terminate');
    const bad = await DapSession.start();
    assert.match(await bad.error('launch', { program: steps, historyMiB: -5 }), /launch attribute 'historyMiB' must be an integer from 0 to 1048576, found number -5/);
  });
});
