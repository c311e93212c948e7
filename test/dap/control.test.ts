/**
 * Controlling a run through the stdio adapter: pause in an endless loop, terminate in the middle of a run,
 * restart, disconnect in every state, frames of subgraphs while stopped (and the invalidated event), two cores,
 * launch attributes that fail the launch, programs with errors, and runs without debugging.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, EXAMPLES, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { BROKEN, ENDLESS, LONG_LOOP, LOOPS } from '../helpers/dap-programs';

const CALLS_LOOPS = path.join(EXAMPLES, 'calls_loops.bir');
const TWO_CORES = path.join(EXAMPLES, 'two_cores.bir');

describe('DAP: control', function () {
  this.timeout(60000);
  useDapSessions();

  let endless: string;
  let long: string;
  let loops: string;
  let broken: string;

  before(() => {
    const dir = tempProgramDir({ 'endless.bir': ENDLESS, 'long.bir': LONG_LOOP, 'loops.bir': LOOPS, 'broken.bir': BROKEN });
    endless = path.join(dir, 'endless.bir');
    long = path.join(dir, 'long.bir');
    loops = path.join(dir, 'loops.bir');
    broken = path.join(dir, 'broken.bir');
  });

  /** Runs endless.bir into its loop: stops at the loop with a breakpoint, removes it and continues. */
  async function intoTheLoop(s: DapSession, cores = 1): Promise<void> {
    const loop = lineOf(endless, 'for r0');
    await s.launch({ program: endless, cores }, async (x) => {
      await x.setBreakpoints(endless, [{ line: loop }]);
    });
    await s.waitForStop();
    assert.strictEqual((await s.topFrame()).line, loop);
    await s.setBreakpoints(endless, []);
    await s.ok('continue', { threadId: 1 });
  }

  it('pause stops an endless loop with reason pause (after its response); pause while stopped does nothing; terminate while running ends with 143', async () => {
    const s = await DapSession.start();
    await intoTheLoop(s);
    assert.deepStrictEqual((await s.ok<DebugProtocol.ThreadsResponse>('threads')).body.threads.map((t) => t.name), ['core 0'], 'threads while running');
    await s.ok('pause', { threadId: 1 });
    const { stopped, bir } = await s.waitForStop();
    assert.strictEqual(stopped.body.reason, 'pause');
    assert.strictEqual(stopped.body.allThreadsStopped, true);
    assert.strictEqual((bir.body as { node: { opcode: string } }).node.opcode, 'Set');
    const top = await s.topFrame();
    assert.strictEqual(top.line, lineOf(endless, 'for r0'));
    assert.ok(Number((await s.evaluate('r0', 'watch')).result) >= 0);
    assert.strictEqual((await s.evaluate('r2', 'watch')).result, '7');
    // Pause while stopped: answered, no event, and the next continue runs on.
    await s.ok('pause', { threadId: 1 });
    await s.ok('continue', { threadId: 1 });
    await s.ok('threads');
    assert.strictEqual(s.events('stopped').length, 2, 'no stop after pausing a stopped program and continuing');
    assert.match(await s.error('stackTrace', { threadId: 1 }), /needs a stopped program/);
    // Terminate in the middle of the run.
    await s.ok('terminate');
    assert.strictEqual(await s.waitForEnd(), 143);
    assert.match(s.output('console'), /terminated/);
    assert.match(await s.error('continue', { threadId: 1 }), /ended/);
    assert.match(await s.error('pause', { threadId: 1 }), /ended/);
    await s.ok('terminate');
  });

  it('terminate while stopped, and before configurationDone, ends with 143', async () => {
    const [a, b] = await Promise.all([DapSession.start(), DapSession.start()]);
    await a.launch({ program: loops, stopOnEntry: true });
    await a.waitForStop();
    await a.ok('terminate');
    assert.strictEqual(await a.waitForEnd(), 143);
    await b.ok('launch', { program: loops });
    await b.waitFor('initialized');
    await b.ok('terminate');
    assert.strictEqual(await b.waitForEnd(), 143);
  });

  it('restart replays the breakpoints and stops again at the same breakpoint; restart with new arguments uses them', async () => {
    const s = await DapSession.start();
    const body = lineOf(loops, 'Set r1 = r0 * 10');
    let id = 0;
    await s.launch({ program: loops }, async (x) => {
      id = (await x.setBreakpoints(loops, [{ line: body }]))[0].id!;
    });
    await s.waitForStop();
    await s.ok('continue', { threadId: 1 });
    await s.waitForStop();
    assert.strictEqual((await s.evaluate('r0', 'watch')).result, '1');
    await s.ok('restart', {});
    const again = await s.waitForStop();
    assert.strictEqual(again.stopped.body.reason, 'breakpoint');
    assert.deepStrictEqual(again.stopped.body.hitBreakpointIds, [id]);
    assert.strictEqual((await s.evaluate('r0', 'watch')).result, '0', 'the run starts over');
    const changed = s.events<DebugProtocol.BreakpointEvent>('breakpoint');
    assert.ok(changed.some((e) => e.body.reason === 'changed' && e.body.breakpoint.id === id && e.body.breakpoint.verified), 'the replayed breakpoint is announced');
    // VS Code sends the (possibly edited) launch configuration with restart.
    await s.ok('restart', { arguments: { program: loops, stopOnEntry: true } });
    const entry = await s.waitForStop();
    assert.strictEqual(entry.stopped.body.reason, 'entry');
    // Restart after the end.
    await s.ok('setBreakpoints', { source: { path: loops }, breakpoints: [] });
    await s.ok('continue', { threadId: 1 });
    assert.strictEqual(await s.waitForEnd(), 0);
    await s.ok('restart', { arguments: { program: loops, stopOnEntry: true } });
    assert.strictEqual((await s.waitForStop()).stopped.body.reason, 'entry');
    assert.match(await s.error('restart', { arguments: { program: loops, cores: 'two' } }), /launch attribute 'cores'/);
  });

  it('disconnect is answered, and ends the adapter, in every state', async () => {
    const starts = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => DapSession.start({ initialize: i === 0 ? false : undefined })));
    const [fresh, initialized, launched, running, stopped, ended] = starts;
    await launched.ok('launch', { program: loops });
    await running.launch({ program: endless });
    await stopped.launch({ program: loops, stopOnEntry: true });
    await stopped.waitForStop();
    await ended.launch({ program: loops });
    await ended.waitForEnd();
    await Promise.all([fresh, initialized, launched, running, stopped, ended].map((s) => s.close()));
    assert.deepStrictEqual(starts.map((s) => s.endedAfterDisconnect), [true, true, true, true, true, true], 'each adapter ended after disconnect');
  });

  it('the adapter ends when its input closes, also while a program runs', async () => {
    const s = await DapSession.start();
    await s.launch({ program: endless });
    assert.ok(await s.closeInput(), 'the adapter ended after its input closed');
  });

  describe('frames of subgraphs', () => {
    it('bir/setFrames while stopped shows loop iterations and branch arms; invalidated goes to a client that supports it', async () => {
      const s = await DapSession.start({ initialize: { supportsInvalidatedEvent: true } });
      await s.launch({ program: CALLS_LOOPS }, async (x) => {
        await x.setBreakpoints(CALLS_LOOPS, [{ line: 71 }]);
      });
      await s.waitForStop();
      const before = await s.stackTrace();
      assert.deepStrictEqual(before.stackFrames.map((f) => f.name), ['epilogue', 'full_tile', 'main']);
      const r = await s.ok('bir/setFrames', { frames: 'subgraphs' });
      assert.deepStrictEqual(r.body, { frames: 'subgraphs' });
      const inv = await s.waitFor<DebugProtocol.InvalidatedEvent>('invalidated');
      assert.deepStrictEqual(inv.body.areas, ['stacks', 'variables']);
      assert.match(await s.error('scopes', { frameId: before.stackFrames[0].id }), /does not exist/, 'frame ids of the previous setting are void');
      const after = await s.stackTrace();
      assert.deepStrictEqual(after.stackFrames.map((f) => `${f.name} :${f.line}`), [
        'epilogue :71',
        'full_tile › for r2 @54 [iteration 1 of 2, r2 = 0] :55',
        'full_tile :54',
        'main › if @36 [then] :37',
        'main › for r1 @35 [iteration 1 of 3, r1 = 0] :36',
        'main › for r0 @33 [iteration 1 of 2, r0 = 0] :35',
        'main :33',
      ]);
      assert.strictEqual(after.totalFrames, 7);
      // Not 'subtle': VS Code would fold the frames of regions away, the stopped iteration among them.
      assert.ok(after.stackFrames.every((f) => f.presentationHint === undefined || f.presentationHint === 'normal'), JSON.stringify(after.stackFrames));
      // The variables of an iteration frame: its loop register.
      const locals = await s.variables((await s.scopes(after.stackFrames[4].id))[0].variablesReference);
      assert.match(locals.find((v) => v.name === 'r1')!.value, /^0\b/);
      // Continue: the next stop is the next iteration of the r2 loop.
      await s.ok('continue', { threadId: 1 });
      await s.waitForStop();
      assert.strictEqual((await s.stackTrace(1, 1, 1)).stackFrames[0].name, 'full_tile › for r2 @54 [iteration 2 of 2, r2 = 1]');
      // Back to functions.
      await s.ok('bir/setFrames', { frames: 'functions' });
      await s.waitFor('invalidated');
      assert.deepStrictEqual((await s.stackTrace()).stackFrames.map((f) => f.name), ['epilogue', 'full_tile', 'main']);
      assert.match(await s.error('bir/setFrames', { frames: 'loops' }), /needs frames: "functions" or "subgraphs"/);
    });

    it('no invalidated event to a client that does not announce supportsInvalidatedEvent; the launch attribute frames', async () => {
      const s = await DapSession.start();
      await s.launch({ program: CALLS_LOOPS, frames: 'subgraphs' }, async (x) => {
        await x.setBreakpoints(CALLS_LOOPS, [{ line: 37 }]);
      });
      await s.waitForStop();
      assert.deepStrictEqual((await s.stackTrace()).stackFrames.map((f) => f.name), [
        'main › if @36 [then]', 'main › for r1 @35 [iteration 1 of 3, r1 = 0]', 'main › for r0 @33 [iteration 1 of 2, r0 = 0]', 'main',
      ]);
      await s.ok('bir/setFrames', { frames: 'functions' });
      await s.ok('threads');
      assert.deepStrictEqual(s.events('invalidated'), []);
      assert.deepStrictEqual((await s.stackTrace()).stackFrames.map((f) => f.name), ['main']);
    });

    it('a step keeps the frames setting it started with', async () => {
      const s = await DapSession.start({ initialize: { supportsInvalidatedEvent: true } });
      await s.launch({ program: long, stopOnEntry: true, frames: 'subgraphs' });
      await s.waitForStop();
      await s.ok('next', { threadId: 1 });
      await s.waitForStop();
      assert.strictEqual((await s.topFrame()).line, lineOf(long, 'for r1'));
      // Over the loop with frames of subgraphs (its iterations are deeper frames); switched to functions while it runs.
      await s.ok('next', { threadId: 1 });
      const switched = await s.ok('bir/setFrames', { frames: 'functions' });
      const { stopped } = await s.waitForStop();
      assert.ok(s.indexOf(switched) < s.indexOf(stopped), 'the setting changed while the step ran');
      assert.strictEqual(stopped.body.reason, 'step');
      assert.strictEqual((await s.topFrame()).line, lineOf(long, 'Set r3 = 1'), 'the step ran the whole loop, as frames of subgraphs step');
      assert.deepStrictEqual((await s.stackTrace()).stackFrames.map((f) => f.name), ['main'], 'the stack shows the new setting');
      assert.deepStrictEqual(s.events('invalidated'), [], 'no invalidated while running');
    });
  });

  describe('two cores', () => {
    it('threads are cores; a stop stops all; stepping one core runs its instruction while the other runs along', async () => {
      const s = await DapSession.start();
      const rowSums = lineOf(TWO_CORES, 'TensorReduce rs <- xs');
      await s.launch({ program: TWO_CORES, cores: 2 }, async (x) => {
        await x.setBreakpoints(TWO_CORES, [{ line: rowSums }]);
      });
      const lines = async (): Promise<number[]> => [(await s.topFrame(1)).line, (await s.topFrame(2)).line];
      const first = await s.waitForStop();
      assert.deepStrictEqual([first.stopped.body.threadId, first.stopped.body.allThreadsStopped], [1, true]);
      assert.deepStrictEqual((await s.ok<DebugProtocol.ThreadsResponse>('threads')).body.threads.map((t) => [t.id, t.name]), [[1, 'core 0'], [2, 'core 1']]);
      assert.deepStrictEqual(await lines(), [rowSums, rowSums]);
      assert.strictEqual((await s.evaluate('core', 'watch', (await s.topFrame(2)).id)).result, '1');
      assert.strictEqual((await s.evaluate('r0', 'watch', (await s.topFrame(2)).id)).result, '64');
      await s.ok('continue', { threadId: 1 });
      const second = await s.waitForStop();
      assert.deepStrictEqual([second.stopped.body.threadId, second.stopped.body.reason], [2, 'breakpoint']);
      assert.deepStrictEqual(await lines(), [rowSums + 1, rowSums]);
      await s.ok('setBreakpoints', { source: { path: TWO_CORES }, breakpoints: [] });
      // Step core 0, which did not stop itself: it runs its line (rowSums + 1) and stops at its next line.
      await s.ok('next', { threadId: 1 });
      const step1 = await s.waitForStop();
      assert.deepStrictEqual([step1.stopped.body.threadId, step1.stopped.body.reason], [1, 'step']);
      const memset = lineOf(TWO_CORES, 'Memset     ones');
      assert.deepStrictEqual(await lines(), [memset, memset]);
      // Step core 1: core 0 runs along.
      await s.ok('next', { threadId: 2 });
      const step2 = await s.waitForStop();
      assert.strictEqual(step2.stopped.body.threadId, 2);
      assert.deepStrictEqual(await lines(), [memset + 2, memset + 1]);
      assert.match(await s.error('next', { threadId: 3 }), /no thread 3 \(threads are 1 to 2, one per core\)/);
      await s.ok('continue', { threadId: 2 });
      assert.strictEqual(await s.waitForEnd(), 0);
      assert.match(s.output('stdout'), /\[core 0\] rows 0 to 63 done/);
      assert.match(s.output('stdout'), /\[core 1\] rows 64 to 127 done/);
    });

    it('pause with two cores stops all of them', async () => {
      const s = await DapSession.start();
      await intoTheLoop(s, 2);
      assert.strictEqual((await s.ok<DebugProtocol.ThreadsResponse>('threads')).body.threads.length, 2);
      await s.ok('pause', { threadId: 2 });
      const { stopped } = await s.waitForStop();
      assert.strictEqual(stopped.body.reason, 'pause');
      assert.strictEqual(stopped.body.allThreadsStopped, true);
      for (const t of [1, 2]) assert.strictEqual((await s.topFrame(t)).line, lineOf(endless, 'for r0'));
    });
  });

  describe('launch', () => {
    it('a bad attribute fails the launch naming it; an unknown attribute is a warning; a program with errors fails with its diagnostics', async () => {
      const s = await DapSession.start();
      const fail = async (args: Record<string, unknown>, pattern: RegExp): Promise<void> => {
        const r = await s.request('launch', args);
        assert.strictEqual(r.success, false, JSON.stringify(args));
        assert.match(r.message ?? '', pattern);
        assert.ok((r.body as { error?: unknown } | undefined)?.error, 'body.error');
      };
      await fail({ program: loops, cores: '2' }, /^launch attribute 'cores' must be an integer from 1 to 8, found string "2"$/);
      await fail({ program: loops, cores: 9 }, /launch attribute 'cores' must be an integer from 1 to 8, found number 9/);
      await fail({ program: loops, frames: 'x' }, /launch attribute 'frames' must be one of "functions", "subgraphs", found string "x"/);
      await fail({ program: loops, stepBy: 'word' }, /launch attribute 'stepBy'/);
      await fail({ program: loops, stopOnEntry: 'yes' }, /launch attribute 'stopOnEntry' must be true or false/);
      await fail({}, /launch attribute 'program' is required/);
      await fail({ program: 42 }, /launch attribute 'program' must be a string/);
      await fail({ program: path.join(path.dirname(loops), 'missing.bir') }, /launch attribute 'program': no such file/);
      await fail({ program: path.dirname(loops) }, /is a folder/);
      await fail({ program: loops, inputs: { acc: 'missing.npy' } }, /acc/);
      await fail({ program: loops, inputs: 'x.npy' }, /launch attribute 'inputs'/);
      await fail({ program: loops, passes: ['nope'] }, /unknown pass 'nope'/);
      const before = s.events('output').length;
      await fail({ program: broken }, /broken\.bir has 2 errors/);
      const diagnostics = s.events<DebugProtocol.OutputEvent>('output').slice(before);
      assert.deepStrictEqual(diagnostics.map((e) => [e.body.category, e.body.output.replace(/: error: .*/s, '')]), [
        ['stderr', `${broken}:4:15`], ['stderr', `${broken}:5:3`],
      ]);
      assert.match(diagnostics[1].body.output, /error: unknown opcode 'Bogus'/);
      assert.deepStrictEqual(s.events('initialized'), [], 'no initialized after a failed launch');
      // Still launchable: an unknown attribute is a warning in the Debug Console.
      await s.launch({ program: loops, colour: 'blue', noDebug: false });
      assert.match(s.output('console'), /launch attribute 'colour' is not known to the BIR debugger and is ignored/);
      assert.strictEqual(await s.waitForEnd(), 0);
      assert.match(await s.error('launch', { program: loops }), /already launched/);
    });

    it('requests in the wrong order are refused with the reason', async () => {
      const s = await DapSession.start({ initialize: false });
      assert.match(await s.error('launch', { program: loops }), /needs 'initialize' first/);
      await s.ok('initialize', { adapterID: 'bir' });
      assert.match(await s.error('configurationDone'), /launch/);
      assert.match(await s.error('setBreakpoints', { source: { path: loops }, breakpoints: [] }), /needs a launched program/);
      assert.match(await s.error('attach', {}), /launch/);
      assert.match(await s.error('stepBack', { threadId: 1 }), /needs a launched program/);
      await s.ok('launch', { program: loops });
      assert.match(await s.error('pause', { threadId: 1 }), /has not started/);
      assert.match(await s.error('continue', { threadId: 1 }), /needs a stopped program/);
      await s.ok('configurationDone');
      assert.match(await s.error('configurationDone'), /already sent/);
      await s.waitForEnd();
    });

    it('noDebug runs at full speed to its end: no stops, output, exit code', async () => {
      const [a, b, c] = await Promise.all([DapSession.start(), DapSession.start(), DapSession.start()]);
      await a.launch({ program: loops, noDebug: true }, async (x) => {
        await x.request('setBreakpoints', { source: { path: loops }, breakpoints: [{ line: lineOf(loops, 'Set r1') }] });
        await x.ok('setExceptionBreakpoints', { filters: ['assert', 'fault'] });
      });
      assert.strictEqual(await a.waitForEnd(), 0);
      assert.deepStrictEqual(a.events('stopped'), []);
      assert.match(a.output('stdout'), /acc\[3, 0\] = 30/);
      // A fault ends a run without debugging with exit code 1 and the diagnostic.
      await b.launch({ program: path.join(EXAMPLES, 'faults', 'out-of-bounds.bir'), noDebug: true });
      assert.strictEqual(await b.waitForEnd(), 1);
      assert.match(b.output('stderr'), /fault\[out-of-bounds\]/);
      // An endless run without debugging still answers and terminates.
      await c.launch({ program: endless, noDebug: true });
      assert.deepStrictEqual((await c.ok<DebugProtocol.ThreadsResponse>('threads')).body.threads.map((t) => t.name), ['core 0']);
      await c.ok('terminate');
      assert.strictEqual(await c.waitForEnd(), 143);
    });

    it('outDir and inputs are relative to the program', async () => {
      const dir = tempProgramDir({ 'loops.bir': LOOPS });
      const s = await DapSession.start();
      await s.launch({ program: path.join(dir, 'loops.bir'), outDir: 'out' });
      assert.strictEqual(await s.waitForEnd(), 0);
      // loops.bir has no output tensors: nothing is written, and nothing fails.
      assert.doesNotMatch(s.output(), /cannot write/);
      const t = await DapSession.start();
      await t.launch({ program: path.join(EXAMPLES, 'two_cores.bir'), cores: 2, outDir: path.join(dir, 'two') });
      assert.strictEqual(await t.waitForEnd(), 0);
      assert.match(t.output('console'), /wrote .*two[/\\]rowsum\.npy/);
      assert.match(t.output('console'), /wrote .*two[/\\]colsum\.npy/);
    });

    it('every run ends with a summary line; a launch count of cores that overrides the program\'s declaration says so', async () => {
      const s = await DapSession.start();
      await s.launch({ program: TWO_CORES, cores: 1, noDebug: true });
      assert.strictEqual(await s.waitForEnd(), 1);
      const text = s.output('console');
      assert.match(text, /two_cores\.bir:\d+:1: warning: the launch attribute 'cores' \(1\) overrides the program's declaration 'cores 2'/);
      assert.match(text, /^Run ended with exit code 1: \d+ instructions?\b[^;]*; no outputs written \(the run did not complete\)$/m);
      const t = await DapSession.start();
      await t.launch({ program: TWO_CORES });
      assert.strictEqual(await t.waitForEnd(), 0);
      assert.doesNotMatch(t.output('console'), /overrides/);
      const summary = /^Run ended with exit code 0: 28 instructions \(PE 2, DVE 5, POOL 2, DMA 9, SP 10; core 0: 17, core 1: 11\); no outputs written \(the launch attribute outDir names a folder to write them to\)$/m;
      assert.match(t.output('console'), summary);
    });
  });
});
