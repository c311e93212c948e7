/**
 * Compare Runs over DAP (issue 27): the launch attribute `compareWith` opens the session stopped at the first
 * divergence of two runs in lockstep, every message checked against the DAP schema by the client. The divergence is
 * planted: B adds 0.5 to s[1, 2] only, so the first DRAM write whose bits differ is y[1, 2] (13 in A, 13.5 in B),
 * written by the DmaCopy of each program, and born at B's extra instruction.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import type { ComparisonEvent } from '../../contract/comparison';

const A = `module k
dram x : f32[2, 4] input = iota
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[2, 4]
  DmaCopy s <- x
  TensorScalar s <- s, op = mul, scalar = 2
  TensorScalar s <- s, op = add, scalar = 1
  DmaCopy y <- s
}
`;

const B = A.replace('  DmaCopy y <- s', '  TensorScalar s[1:2, 2:3] <- s[1:2, 2:3], op = add, scalar = 0.5\n  DmaCopy y <- s');

/** A call nested in a call, and the same work called from main. */
const NESTED = `module d
dram x : f32[1, 4] input = iota
dram y : f32[1, 4] output
func main() {
  sbuf s : f32[1, 4]
  DmaCopy s <- x
  call outer(s)
  DmaCopy y <- s
}
func outer(t: sbuf f32[1, 4]) {
  call inner(t)
}
func inner(t: sbuf f32[1, 4]) {
  TensorScalar t <- t, op = add, scalar = 1
}
`;

const FLAT = NESTED.replace('  call outer(s)', '  call inner(s)');

/** y is bf16 here: the two programs do not match. */
const OTHER_DTYPE = A.replace('dram y : f32[2, 4] output', 'dram y : bf16[2, 4] output');

describe('DAP: Compare Runs (compareWith)', function () {
  this.timeout(60000);
  useDapSessions();

  let a: string;
  let b: string;
  let dir: string;

  before(() => {
    dir = tempProgramDir({ 'a.bir': A, 'b.bir': B, 'bf16.bir': OTHER_DTYPE, 'nested.bir': NESTED, 'flat.bir': FLAT });
    a = path.join(dir, 'a.bir');
    b = path.join(dir, 'b.bir');
  });

  async function launched(args: Record<string, unknown>): Promise<{ s: DapSession; comparison: ComparisonEvent }> {
    const s = await DapSession.start();
    await s.ok('launch', args);
    const event = await s.waitFor('bir/comparison');
    await s.waitFor('initialized');
    await s.ok('configurationDone');
    return { s, comparison: event.body as ComparisonEvent };
  }

  it('side A opens stopped at its write of the first divergence: the element, both values, :why, Step Back', async () => {
    const { s, comparison } = await launched({ program: a, compareWith: { program: 'b.bir' } });
    const copy = lineOf(a, 'DmaCopy y <- s');
    assert.strictEqual(comparison.side, 'a');
    assert.strictEqual(comparison.differ, true);
    assert.strictEqual(comparison.divergence?.element, 'y[1, 2]');
    assert.deepStrictEqual([comparison.divergence.a?.value, comparison.divergence.a?.bits, comparison.divergence.a?.span.line, comparison.divergence.a?.opcode], [13, '0x41500000', copy, 'DmaCopy']);
    assert.deepStrictEqual([comparison.divergence.b?.value, comparison.divergence.b?.span.line, comparison.divergence.b?.span.file], [13.5, lineOf(b, 'DmaCopy y <- s'), b]);
    assert.match(comparison.message, /^The runs differ: first divergence at y\[1, 2\] \(its write 1\)/);

    const { stopped } = await s.waitForStop();
    assert.strictEqual(stopped.body.reason, 'divergence');
    assert.match(stopped.body.description ?? '', /^Paused on divergence: y\[1, 2\] = 13 here, 13\.5 in B \(instruction 3\)$/);
    const frame = await s.topFrame();
    assert.deepStrictEqual([frame.source?.path, frame.line], [a, copy]);
    // The report, as bir-sim diff prints it, is in the Debug Console: born at B's extra step.
    const console = await s.waitForOutput(/born at B's instruction below/, 'console');
    assert.match(console, new RegExp(`B: s\\[1, 2\\] = 13\\.5 ← TensorScalar at instruction 3 \\(core 0\\) .*b\\.bir:${lineOf(b, 'scalar = 0.5')}:3`));
    assert.match((await s.evaluate(':why s[1, 2]')).result, new RegExp(`^s\\[1, 2\\] = 13 ← TensorScalar at instruction 2 \\(core 0\\) .*a\\.bir:${lineOf(a, 'op = add')}:3`));
    // Time travel works from the divergence: one step back is the add.
    const back = await s.resumeToStop('stepBack', { threadId: 1 });
    assert.strictEqual(back.frame.line, lineOf(a, 'op = add'));
    // The other side's launch opens B at its own write.
    assert.deepStrictEqual(comparison.otherSide?.compareWith, { program: a, passes: [], side: 'b' });
    assert.strictEqual(comparison.otherSide?.program, b);
  });

  it('side B (the launch side A hands over) opens at B\'s write, where :why shows B\'s values', async () => {
    const first = await launched({ program: a, compareWith: { program: 'b.bir' } });
    const other = first.comparison.otherSide!;
    const { s, comparison } = await launched({ ...other });
    assert.strictEqual(comparison.side, 'b');
    assert.strictEqual(comparison.otherSide, undefined);
    const { stopped } = await s.waitForStop();
    assert.strictEqual(stopped.body.reason, 'divergence');
    assert.match(stopped.body.description ?? '', /^Paused on divergence: y\[1, 2\] = 13\.5 here, 13 in A \(instruction 4\)$/);
    const frame = await s.topFrame();
    assert.deepStrictEqual([frame.source?.path, frame.line], [b, lineOf(b, 'DmaCopy y <- s')]);
    assert.match((await s.evaluate(':why s[1, 2]')).result, new RegExp(`^s\\[1, 2\\] = 13\\.5 ← TensorScalar at instruction 3 \\(core 0\\) .*b\\.bir:${lineOf(b, 'scalar = 0.5')}:3`));
    const back = await s.resumeToStop('reverseContinue', { threadId: 1 });
    assert.ok(back.frame.line <= lineOf(b, 'scalar = 0.5'), `reverse continue goes back to the start: line ${back.frame.line}`);
  });

  it('a program compared with itself after passes is bit-identical: the event says so with the counts, and the session ends', async () => {
    const { s, comparison } = await launched({ program: a, compareWith: { passes: ['fuse', 'schedule'] } });
    assert.strictEqual(comparison.differ, false);
    assert.strictEqual(comparison.divergence, undefined);
    assert.deepStrictEqual(comparison.instructions, { a: 4, b: comparison.instructions.b });
    assert.match(comparison.message, /^The runs are bit-identical: every DRAM write and value agrees \(8 element writes compared; A ran 4 instructions, B \d+\)\.$/);
    assert.strictEqual(await s.waitForEnd(), 0);
  });

  it('the launch\'s maxCallDepth holds in both runs: the nested call faults on side A, which never writes y', async () => {
    const nested = path.join(dir, 'nested.bir');
    const { s, comparison } = await launched({ program: nested, compareWith: { program: 'flat.bir' }, maxCallDepth: 2 });
    assert.strictEqual(comparison.differ, true);
    assert.strictEqual(comparison.divergence?.element, 'y[0, 0]');
    assert.strictEqual(comparison.divergence?.a, undefined, 'A faults at the call before its write');
    assert.strictEqual(comparison.divergence?.b?.value, 1);
    await s.close();
    const unlimited = await launched({ program: nested, compareWith: { program: 'flat.bir' } });
    assert.strictEqual(unlimited.comparison.differ, false, 'without the limit the runs agree');
    await unlimited.s.close();
  });

  it('bad values of compareWith fail the launch naming the attribute and what is wrong', async () => {
    const cases: [unknown, RegExp][] = [
      ['b.bir', /^launch attribute 'compareWith' must be an object with "program" \(the other \.bir file\) and "passes" \(either may be left out\), found string "b\.bir"$/],
      [{ program: 'missing.bir' }, /^launch attribute 'compareWith': no such file 'missing\.bir'/],
      [{ passes: ['inline', 'fold'] }, /^launch attribute 'compareWith': unknown pass 'fold'/],
      [{ program: 'b.bir', colour: 'red' }, /^launch attribute 'compareWith': unknown key 'colour' \(keys: program, passes, side\)$/],
      [{ program: 'bf16.bir' }, /^launch attribute 'compareWith': dram y is f32\[2, 4\] in .*a\.bir .* but bf16\[2, 4\] in .*bf16\.bir/],
    ];
    for (const [value, message] of cases) {
      const s = await DapSession.start();
      const m = await s.error('launch', { program: a, compareWith: value });
      assert.match(m, message, m);
    }
    const s = await DapSession.start();
    assert.match(await s.error('launch', { program: a, noDebug: true, compareWith: { program: 'b.bir' } }), /^launch attribute 'compareWith' needs debugging/);
  });
});
