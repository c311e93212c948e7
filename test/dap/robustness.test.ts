/**
 * Defects an independent audit found in the adapter, each pinned: arguments of the wrong type reaching the engine,
 * a failed restart that left the session without an engine, a terminate during a slow launch that was ignored, and a
 * terminate while the engine is busy with a long request.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { LOOPS } from '../helpers/dap-programs';

describe('DAP: robustness', () => {
  useDapSessions();
  let loops: string;
  let dir: string;
  before(() => {
    dir = tempProgramDir({ 'loops.bir': LOOPS });
    loops = path.join(dir, 'loops.bir');
  });

  it('refuses breakpoint fields of the wrong type, naming the field, and goes on', async () => {
    const s = await DapSession.start();
    await s.launch({ program: loops, stopOnEntry: true }, async (x) => {
      const line = lineOf(loops, 'Memset dst');
      for (const [field, value] of [['condition', 1], ['hitCondition', 2], ['logMessage', 3], ['column', 'a']] as const) {
        const message = await x.error('setBreakpoints', { source: { path: loops }, breakpoints: [{ line, [field]: value }] });
        assert.match(message, new RegExp(`'setBreakpoints' needs 'breakpoints\\[0\\]\\.${field}' as an? (string|integer), found ${JSON.stringify(value)}`));
      }
      const fn = await x.error('setFunctionBreakpoints', { breakpoints: [{ name: 'fill', condition: 7 }] });
      assert.match(fn, /'setFunctionBreakpoints' needs 'breakpoints\[0\]\.condition' as a string, found 7/);
      const [bp] = await x.setBreakpoints(loops, [{ line, condition: 'r4 > 5' }]);
      assert.ok(bp.verified, 'a well-typed request after the refused ones is served');
    });
    assert.strictEqual((await s.waitForStop()).stopped.body.reason, 'entry');
  });

  it('a restart that cannot launch leaves the running session as it was', async () => {
    const doomed = path.join(dir, 'doomed.bir');
    fs.writeFileSync(doomed, LOOPS);
    const s = await DapSession.start();
    await s.launch({ program: doomed, stopOnEntry: true });
    await s.waitForStop();
    fs.rmSync(doomed);
    assert.match(await s.error('restart', { arguments: { program: doomed, stopOnEntry: true } }), /program/);
    assert.match(await s.error('restart', { arguments: { program: loops, cores: 99 } }), /launch attribute 'cores'/);
    const stack = await s.stackTrace();
    assert.strictEqual(stack.stackFrames[0].name, 'main', 'the first run is still stopped where it was');
    await s.ok('continue', { threadId: 1 });
    assert.strictEqual(await s.waitForEnd(), 0, 'and runs to its end');
  });

  it('a terminate during a slow launch ends the launch and the session', async () => {
    // A program that takes the checker a while: the terminate arrives before the launch is answered.
    const big = path.join(dir, 'big.bir');
    fs.writeFileSync(big, `module big\nfunc main() {\n${'  Set r0 = r0 + 1\n'.repeat(150_000)}}\n`);
    const s = await DapSession.start();
    const launch = s.request('launch', { program: big });
    const terminate = s.request('terminate');
    const [l, t] = await Promise.all([launch, terminate]);
    assert.ok(t.success);
    assert.strictEqual(l.success, false);
    assert.match(l.message!, /the launch was terminated before the program started/);
    assert.strictEqual((l as DebugProtocol.ErrorResponse).body.error?.id, 2011);
    await s.waitFor('terminated');
    assert.strictEqual(s.events('initialized').length, 0, 'the program never started');
  });

  it('a terminate while the engine is busy with a long request ends the session', async () => {
    const huge = path.join(dir, 'huge.bir');
    fs.writeFileSync(huge, 'module huge\ndram a : f32[4096, 4096] = iota\nfunc main() {\n  Set r0 = 1\n}\n');
    const s = await DapSession.start();
    await s.launch({ program: huge, stopOnEntry: true });
    await s.waitForStop();
    const frame = await s.topFrame();
    const evaluation = s.request('evaluate', { expression: 'sum(a * a + a)', frameId: frame.id, context: 'repl' });
    await s.ok('terminate');
    assert.strictEqual(await s.waitForEnd(), 143);
    const r = await evaluation;
    assert.ok(r.success === false || r.success === true, 'the long request is answered either way');
  });
});

describe('DAP: output order and the reasons of stops', () => {
  useDapSessions();
  const ORDER = `module order
func main() {
  Set r0 = 1
  Set r1 = 2
  Print "print c", r1
  Set r2 = 3
  Print "print e"
}
`;
  let program: string;
  before(() => {
    program = path.join(tempProgramDir({ 'order.bir': ORDER }), 'order.bir');
  });

  it('log points and Print keep the order of execution', async () => {
    const s = await DapSession.start();
    await s.launch({ program }, async (x) => {
      await x.setBreakpoints(program, [{ line: 4, logMessage: 'log a {r0}' }, { line: 5, logMessage: 'log b {r1}' }, { line: 6, logMessage: 'log d' }]);
    });
    assert.strictEqual(await s.waitForEnd(), 0);
    const lines = s.events<DebugProtocol.OutputEvent>('output').map((e) => e.body.output.trim()).filter((o) => /^(log|print)/.test(o));
    assert.deepStrictEqual(lines, ['log a 1', 'log b 2', 'print c 2', 'log d', 'print e']);
  });

  it('stopOnEntry where breakpoints also stop: the breakpoints name the stop, with every id', async () => {
    const functionOnly = await DapSession.start();
    let fnId = 0;
    await functionOnly.launch({ program, stopOnEntry: true }, async (x) => {
      const r = await x.ok<DebugProtocol.SetFunctionBreakpointsResponse>('setFunctionBreakpoints', { breakpoints: [{ name: 'main' }] });
      fnId = r.body.breakpoints[0].id!;
    });
    const a = (await functionOnly.waitForStop()).stopped.body;
    assert.deepStrictEqual([a.reason, a.hitBreakpointIds], ['function breakpoint', [fnId]]);

    const both = await DapSession.start();
    let ids: number[] = [];
    await both.launch({ program, stopOnEntry: true }, async (x) => {
      const [line] = await x.setBreakpoints(program, [{ line: 3 }]);
      const r = await x.ok<DebugProtocol.SetFunctionBreakpointsResponse>('setFunctionBreakpoints', { breakpoints: [{ name: 'main' }] });
      ids = [line.id!, r.body.breakpoints[0].id!];
    });
    const b = (await both.waitForStop()).stopped.body;
    assert.deepStrictEqual([b.reason, b.hitBreakpointIds], ['breakpoint', ids]);
  });
});

describe('DAP: an instruction limit', () => {
  useDapSessions();

  it('maxInstructions stops an endless loop with the instruction-limit fault', async () => {
    const program = path.join(__dirname, '..', '..', 'examples', 'faults', 'instruction-limit.bir');
    const s = await DapSession.start();
    await s.launch({ program, maxInstructions: 1000 });
    const { stopped } = await s.waitForStop();
    assert.strictEqual(stopped.body.reason, 'exception');
    const info = await s.ok<DebugProtocol.ExceptionInfoResponse>('exceptionInfo', { threadId: 1 });
    assert.strictEqual(info.body.exceptionId, 'instruction-limit');
    // Worded for where the user is: the launch attribute that sets the limit (bir-sim names its flag).
    assert.match(info.body.description!, /reached its limit of 1000 instructions \(the launch attribute 'maxInstructions'\) before this one/);
    await s.ok('continue', { threadId: 1 });
    assert.strictEqual(await s.waitForEnd(), 1);
  });
});
