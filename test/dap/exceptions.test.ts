/**
 * Exception breakpoints through the stdio adapter: every program of examples/faults with its filter on (a stop
 * with reason exception at the faulting operand, the code in exceptionInfo) and off (the run ends with exit code
 * 1 and the diagnostic on stderr, or, for continuable faults, runs on), the default filters, and continuing from
 * a fault.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, EXAMPLES, columnOf, lineOf, useDapSessions } from '../helpers/dap-client';

const ALL_FILTERS = ['assert', 'fault', 'uninitialized', 'nan', 'race'];

interface FaultCase {
  readonly file: string;
  readonly code: string;
  readonly filter: string;
  /** Text that starts the faulting operand (or instruction) on its line, and the text that finds the line. */
  readonly at: string;
  readonly line?: string;
  readonly cores?: number;
  /** The thread that faults. */
  readonly thread?: number;
  /** The top frame's function. */
  readonly fn?: string;
  /** With the filter off, the run completes (a continuable fault). */
  readonly continuable?: boolean;
}

const CASES: FaultCase[] = [
  { file: 'assert.bir', code: 'assert', filter: 'assert', at: 'Assert ys >= 0' },
  { file: 'bank-crossing.bir', code: 'bank-crossing', filter: 'fault', at: 'acc[0:128, r0*384' },
  { file: 'barrier-deadlock.bir', code: 'barrier-deadlock', filter: 'fault', at: 'Barrier', line: '    Barrier', cores: 2 },
  { file: 'division-by-zero.bir', code: 'division-by-zero', filter: 'fault', at: '1 / r0' },
  { file: 'invalid-loop.bir', code: 'invalid-loop', filter: 'fault', at: 'for r2 in' },
  { file: 'memory-kind.bir', code: 'memory-kind', filter: 'fault', at: 'b', line: 'MatMult acc <- a, b', fn: 'project' },
  { file: 'memory-overflow.bir', code: 'memory-overflow', filter: 'fault', at: 'call level(r1 - 1)', fn: 'level' },
  { file: 'nan.bir', code: 'nan', filter: 'nan', at: 'rstd', line: 'Activation   rstd', continuable: true },
  { file: 'out-of-bounds.bir', code: 'out-of-bounds', filter: 'fault', at: 'x[r0*T : r0*T+T' },
  { file: 'race.bir', code: 'race', filter: 'race', at: 'y[r0 : r0+64', cores: 2, thread: 2, continuable: true },
  { file: 'recursion-depth.bir', code: 'recursion-depth', filter: 'fault', at: 'call sum_tiles(r1)', fn: 'sum_tiles' },
  { file: 'shape-mismatch.bir', code: 'shape-mismatch', filter: 'fault', at: 'xs[0:128, 0:r1]' },
  { file: 'uninitialized-read.bir', code: 'uninitialized-read', filter: 'uninitialized', at: 't', line: 'TensorReduce rs <- t', continuable: true },
];

/** The program's line and column of the fault. */
function location(c: FaultCase): { file: string; line: number; column: number } {
  const file = path.join(EXAMPLES, 'faults', c.file);
  const line = lineOf(file, c.line ?? c.at);
  const text = c.line ?? c.at;
  const column = c.line ? columnOf(file, line, text) + text.lastIndexOf(c.at) : columnOf(file, line, c.at);
  return { file, line, column };
}

/** Launches a fault program with these exception filters (none sent: the defaults). */
async function run(c: FaultCase, filters?: string[]): Promise<DapSession> {
  const s = await DapSession.start();
  const { file } = location(c);
  await s.launch({ program: file, cores: c.cores ?? 1 }, async (x) => {
    if (filters) await x.ok('setExceptionBreakpoints', { filters });
  });
  return s;
}

/** Asserts a stop at the fault: reason, text, top frame at the operand, exceptionInfo. */
async function expectFaultStop(s: DapSession, c: FaultCase): Promise<void> {
  const ev = await s.waitForStopOrExit();
  assert.ok(!('exitCode' in ev), `${c.file}: the run ended (${JSON.stringify(ev)}) instead of stopping at ${c.code}\n${s.output()}`);
  const body = ev.stopped.body;
  const thread = c.thread ?? 1;
  assert.strictEqual(body.reason, 'exception');
  assert.strictEqual(body.threadId, thread);
  assert.strictEqual(body.allThreadsStopped, true);
  assert.ok(body.text && body.text.length > 10, 'the fault message is the text');
  assert.match(body.description!, new RegExp(`^Paused on ${c.code} \\(instruction [0-9,]+\\)$`));
  const where = location(c);
  const top = await s.topFrame(thread);
  assert.deepStrictEqual([top.source?.path, top.line, top.column], [where.file, where.line, where.column], `${c.file}: top frame at the faulting operand`);
  if (c.fn) assert.strictEqual(top.name, c.fn);
  const info = await s.ok<DebugProtocol.ExceptionInfoResponse>('exceptionInfo', { threadId: thread });
  assert.strictEqual(info.body.exceptionId, c.code);
  assert.strictEqual(info.body.description, body.text);
  assert.strictEqual(info.body.breakMode, 'always');
  assert.strictEqual(info.body.details?.message, body.text);
  assert.strictEqual(info.body.details?.typeName, c.code);
  assert.strictEqual(info.body.details?.stackTrace, `at ${where.file}:${where.line}:${where.column}`);
  const bir = ev.bir.body as { reason: string; text: string };
  assert.strictEqual(bir.reason, 'exception');
  assert.strictEqual(bir.text, body.text);
}

/** Asserts the end of a run by a fault: exit code 1, the diagnostic on stderr before exited. */
async function expectFaultExit(s: DapSession, c: FaultCase): Promise<void> {
  const code = await s.waitForEnd();
  assert.strictEqual(code, 1, `${c.file}: exit code`);
  const where = location(c);
  const stderr = s.events<DebugProtocol.OutputEvent>('output').filter((e) => e.body.category === 'stderr');
  assert.ok(stderr.some((e) => e.body.output.startsWith(`${where.file}:${where.line}:${where.column}: fault[${c.code}]: `)), `${c.file}: stderr names fault[${c.code}]: ${JSON.stringify(stderr.map((e) => e.body.output))}`);
  const exited = s.events('exited')[0];
  assert.ok(stderr.every((e) => s.indexOf(e) < s.indexOf(exited)));
}

describe('DAP: exceptions', function () {
  this.timeout(60000);
  useDapSessions();

  for (const c of CASES) {
    it(`${c.file}: with '${c.filter}' on it stops at ${c.code}; with it off ${c.continuable ? 'the run goes on' : 'the run ends with exit code 1'}`, async () => {
      const [on, off] = await Promise.all([run(c, [c.filter]), run(c, ALL_FILTERS.filter((f) => f !== c.filter))]);
      await expectFaultStop(on, c);
      if (c.continuable) {
        const ev = await off.waitForStopOrExit();
        assert.deepStrictEqual(ev, { exitCode: 0 }, `${c.file}: runs to its end with '${c.filter}' off`);
        assert.doesNotMatch(off.output('stderr'), /fault\[/);
      } else {
        await expectFaultExit(off, c);
      }
    });
  }

  it('the defaults: assert, fault and uninitialized on; nan and race off', async () => {
    const byFile = (f: string): FaultCase => CASES.find((c) => c.file === f)!;
    const [uninit, assertion, nan, race] = await Promise.all([
      run(byFile('uninitialized-read.bir')), run(byFile('assert.bir')), run(byFile('nan.bir')), run(byFile('race.bir')),
    ]);
    await expectFaultStop(uninit, byFile('uninitialized-read.bir'));
    await expectFaultStop(assertion, byFile('assert.bir'));
    assert.strictEqual(await nan.waitForEnd(), 0);
    assert.strictEqual(await race.waitForEnd(), 0);
  });

  it('continuing from a fault: a continuable one completes its instruction (never-written elements read as zero), any other ends the run with exit code 1', async () => {
    const uninit = CASES.find((c) => c.code === 'uninitialized-read')!;
    const oob = CASES.find((c) => c.code === 'out-of-bounds')!;
    const [a, b] = await Promise.all([run(uninit), run(oob)]);
    await expectFaultStop(a, uninit);
    await a.ok('continue', { threadId: 1 });
    assert.strictEqual(await a.waitForEnd(), 0);
    await expectFaultStop(b, oob);
    assert.strictEqual((await b.evaluate('r0', 'watch')).result, '4', 'the registers at the fault');
    await b.ok('continue', { threadId: 1 });
    await expectFaultExit(b, oob);
  });

  it('with uninitialized off, never-written elements read as zero', async () => {
    const c = CASES.find((x) => x.code === 'uninitialized-read')!;
    const { file } = location(c);
    const s = await DapSession.start();
    await s.launch({ program: file }, async (x) => {
      await x.ok('setExceptionBreakpoints', { filters: ['assert', 'fault'] });
      await x.setBreakpoints(file, [{ line: lineOf(file, 'DmaCopy s <- rs') }]);
    });
    await s.waitForStop();
    // Row 0 of rs is the sum of its 48 written elements and 16 zeros.
    const reduced = Number((await s.evaluate('sum(rs[0:1, 0:1])', 'watch')).result);
    const written = Number((await s.evaluate('sum(t[0:1, 0:48])', 'watch')).result);
    assert.ok(Math.abs(reduced - written) < 1e-4, `${reduced} vs ${written}`);
    assert.strictEqual((await s.evaluate('sum(t[0:1, 48:64])', 'watch')).result, '0', 'the evaluator reads them as zero too');
    await s.ok('continue', { threadId: 1 });
    assert.strictEqual(await s.waitForEnd(), 0);
  });

  it('race with two cores: the second core\'s write stops on thread 2; exceptionInfo of thread 1 is refused', async () => {
    const race = CASES.find((c) => c.code === 'race')!;
    const s = await run(race, ['race']);
    await expectFaultStop(s, race);
    const threads = (await s.ok<DebugProtocol.ThreadsResponse>('threads')).body.threads;
    assert.deepStrictEqual(threads.map((t) => [t.id, t.name.replace(/ \(.*\)$/, '')]), [[1, 'core 0'], [2, 'core 1']]);
    assert.match(await s.error('exceptionInfo', { threadId: 1 }), /thread 1 is not stopped at an exception/);
    await s.ok('continue', { threadId: 2 });
    assert.strictEqual(await s.waitForEnd(), 0, 'the racing write lands and the run completes');
  });

  it('the NaN / Inf filter stops at the producer and names what it computed, with its operands', async () => {
    const s = await run(CASES.find((c) => c.file === 'nan.bir')!, ['nan']);
    const ev = await s.waitForStopOrExit();
    assert.ok(!('exitCode' in ev), 'stopped at the producer');
    // Row 5 sums to 0, and rsqrt(0 · 1/64) is +inf: an infinity from a zero, not an overflow.
    assert.match(ev.stopped.body.text!, /^the destination 'rstd' gets Infinity at \[5, 0\] from finite inputs: rsqrt\(0 · 0\.015625 \+ 0\) is \+inf$/);
    const info = await s.ok<DebugProtocol.ExceptionInfoResponse>('exceptionInfo', { threadId: 1 });
    assert.strictEqual(info.body.description, ev.stopped.body.text);
    // The propagators after it (the infinity times x, 0 · inf) do not stop: the run ends.
    await s.ok('continue', { threadId: 1 });
    assert.strictEqual(await s.waitForEnd(), 0);
  });

  it('setExceptionBreakpoints refuses an unknown filter and names the filters', async () => {
    const s = await DapSession.start();
    await s.launch({ program: path.join(EXAMPLES, 'faults', 'assert.bir') }, async (x) => {
      assert.match(await x.error('setExceptionBreakpoints', { filters: ['assert', 'segfault'] }), /unknown exception filter 'segfault' \(filters: assert, fault, uninitialized, nan, race\)/);
      assert.match(await x.error('setExceptionBreakpoints', { filters: 'assert' }), /needs filters/);
      await x.ok('setExceptionBreakpoints', { filters: [] });
    });
    assert.strictEqual(await s.waitForEnd(), 1);
  });
});
