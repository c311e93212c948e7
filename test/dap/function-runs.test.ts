/**
 * bir/functionRuns through the stdio adapter: how many times each function has run at the stop (the current
 * activation counted), following the run forward and back through time, and refused before the program starts; once
 * the session's timeline has scheduled the program, each function's modelled time over the run comes with its runs.
 */
import * as assert from 'assert';
import * as path from 'path';
import type { FunctionRuns } from '../../contract/requests';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';

const CALLS = `module calls
dram y : f32[4, 8] output
func main() {
  sbuf t : f32[4, 8]
  Memset t <- 0
  for r0 in 0..3 {
    call bump(t)
  }
  DmaCopy y <- t
}
func bump(t: sbuf f32[4, 8]) {
  TensorScalar t <- t, op = add, scalar = 1
}
func never(t: sbuf f32[4, 8]) {
  Memset t <- 2
}
`;

describe('DAP: bir/functionRuns', function () {
  this.timeout(60000);
  useDapSessions();
  let file: string;

  before(() => {
    file = path.join(tempProgramDir({ 'calls.bir': CALLS }), 'calls.bir');
  });

  const runs = async (s: DapSession): Promise<Record<string, number>> => {
    const r = await s.ok('bir/functionRuns', {});
    const functions = (r.body as { functions: FunctionRuns[] }).functions;
    for (const f of functions) assert.strictEqual(f.path, file);
    return Object.fromEntries(functions.map((f) => [`${f.name}@${f.line}`, f.runs]));
  };

  it('counts each function\'s activations up to the stop, forward and back through time', async () => {
    const s = await DapSession.start();
    await s.launch({ program: file }, async (x) => {
      await x.setBreakpoints(file, [{ line: lineOf(file, 'TensorScalar') }]);
      assert.match(await x.error('bir/functionRuns', {}), /'bir\/functionRuns' needs a stopped program, and it has not started/);
    });
    await s.waitForStop();
    const main = `calls::main@${lineOf(file, 'func main')}`;
    const bump = `calls::bump@${lineOf(file, 'func bump')}`;
    const never = `calls::never@${lineOf(file, 'func never')}`;
    assert.deepStrictEqual(await runs(s), { [main]: 1, [bump]: 1, [never]: 0 });
    await s.resumeToStop('continue');
    await s.resumeToStop('continue');
    assert.deepStrictEqual(await runs(s), { [main]: 1, [bump]: 3, [never]: 0 });
    await s.resumeToStop('reverseContinue');
    assert.deepStrictEqual(await runs(s), { [main]: 1, [bump]: 2, [never]: 0 }, 'the count of the stop gone back to');
  });

  it('gives each function\'s modelled time once the timeline has scheduled the session\'s program', async () => {
    const s = await DapSession.start();
    await s.launch({ program: file }, async (x) => {
      await x.setBreakpoints(file, [{ line: lineOf(file, 'DmaCopy y') }]);
    });
    await s.waitForStop();
    const before = (await s.ok('bir/functionRuns', {})).body as { functions: FunctionRuns[] };
    assert.ok(before.functions.every((f) => f.time === undefined), 'no time before a timeline');
    await s.ok('bir/timeline', { machine: 'trn2' });
    const { functions } = (await s.ok('bir/functionRuns', {})).body as { functions: FunctionRuns[] };
    const byName = Object.fromEntries(functions.map((f) => [f.name, f]));
    assert.strictEqual(byName['calls::never'].time, undefined, 'a function that never ran has no time');
    for (const name of ['calls::main', 'calls::bump']) {
      const t = byName[name].time;
      assert.ok(t && t.ns > 0 && t.share > 0 && t.share < 1 && t.machine === 'trn2', `${name}: ${JSON.stringify(t)}`);
    }
    const shares = byName['calls::main'].time!.share + byName['calls::bump'].time!.share;
    assert.ok(Math.abs(shares - 1) < 1e-9, `the shares of the functions that ran add up to the whole: ${shares}`);
  });
});
