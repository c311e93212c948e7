/**
 * Bisect Passes over DAP (issue 27): the launch attribute `bisect`, every message checked against the DAP schema by the
 * client. The project's passes are bit-exact, so over DAP a bisection either finds nothing to blame, or, against a
 * reference folder that disagrees with the program as written (c[1, 2] nudged), blames no pass; both end the session
 * with the verdict in the `bir/bisect` event. (The culprit of a planted wrong rewrite, and the stop at its snapshot,
 * are tested in this thread: test/unit/bisect-session.test.ts.) Bad values fail the launch naming the attribute.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DapSession, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { writeNpyFile } from '../../engine/io/npy';
import type { BisectEvent } from '../../contract/bisection';

const PROGRAM = `module m
dram a : f32[4, 8] input = iota
dram c : f32[4, 8] output

func main() {
  sbuf t : f32[4, 8]
  DmaCopy t <- a
  TensorScalar t <- t, op = add, scalar = 1
  TensorScalar t <- t, op = mul, scalar = 2
  DmaCopy c <- t
}
`;

/** A call nested in a call: beyond a maxCallDepth of 2 as written, not once inlined. */
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

describe('DAP: Bisect Passes (bisect)', function () {
  this.timeout(60000);
  useDapSessions();

  let file: string;
  let dir: string;

  before(() => {
    dir = tempProgramDir({ 'k.bir': PROGRAM, 'nested.bir': NESTED });
    file = path.join(dir, 'k.bir');
    // The outputs of the program as written, with c[1, 2] one more.
    const c = Float32Array.from({ length: 32 }, (_, i) => (i + 1) * 2);
    c[1 * 8 + 2] += 1;
    fs.mkdirSync(path.join(dir, 'ref'));
    writeNpyFile(path.join(dir, 'ref', 'c.npy'), { dtype: 'f32', shape: [4, 8], data: c });
  });

  async function bisected(bisect: Record<string, unknown>): Promise<{ s: DapSession; body: BisectEvent }> {
    const s = await DapSession.start();
    await s.ok('launch', { program: file, passes: ['fuse', 'schedule'], bisect, cwd: dir });
    const event = await s.waitFor('bir/bisect');
    await s.waitFor('initialized');
    await s.ok('configurationDone');
    return { s, body: event.body as BisectEvent };
  }

  it('nothing to blame: the verdict in bir/bisect and the Debug Console, and the session ends with 0', async () => {
    const { s, body } = await bisected({});
    assert.strictEqual(body.verdict, 'nothing differs');
    assert.strictEqual(body.snapshot, undefined);
    assert.match(body.message, /^Nothing differs after fuse, schedule: the outputs agree with the program without passes \(\d+ rewrites, \d+ runs\)\.$/);
    assert.strictEqual(body.json.verdict, 'nothing differs');
    await s.waitForOutput(/nothing differs after fuse, schedule/, 'console');
    assert.strictEqual(await s.waitForEnd(), 0);
  });

  it('against a reference that disagrees with the program as written: no pass is to blame, the element named, exit 1', async () => {
    const { s, body } = await bisected({ reference: 'ref' });
    assert.strictEqual(body.verdict, 'as written');
    assert.match(body.message, /^The program differs from ref before any rewrite: no pass is to blame\.$/);
    assert.deepStrictEqual(body.json.output, { kind: 'element', tensor: 'c', element: 'c[1, 2]', index: 10, value: 22, expected: 23 });
    assert.strictEqual(await s.waitForEnd(), 1);
  });

  it('the launch\'s maxCallDepth holds in the bisection\'s runs: inline is blamed for the fault it removes', async () => {
    const s = await DapSession.start();
    await s.ok('launch', { program: path.join(dir, 'nested.bir'), passes: ['inline'], bisect: {}, maxCallDepth: 2, cwd: dir });
    const body = (await s.waitFor('bir/bisect')).body as BisectEvent;
    assert.strictEqual(body.verdict, 'culprit');
    assert.strictEqual(body.culprit?.pass, 'inline');
    await s.close();
  });

  it('bad values of bisect fail the launch naming the attribute and what is wrong', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ bisect: 'yes', passes: ['fuse'] }, /^launch attribute 'bisect' must be an object with "reference"/],
      [{ bisect: {} }, /^launch attribute 'bisect' needs the passes to bisect: set the launch attribute 'passes'$/],
      [{ bisect: { reference: 'nowhere' }, passes: ['fuse'] }, /^launch attribute 'bisect': the reference 'nowhere' is not a folder/],
      [{ bisect: { rtol: 0.1 }, passes: ['fuse'] }, /^launch attribute 'bisect': rtol and atol are tolerances of a reference: give "reference" too$/],
      [{ bisect: { atol: -1, reference: 'ref' }, passes: ['fuse'] }, /^launch attribute 'bisect'\.atol must be a number ≥ 0, found number -1$/],
      [{ bisect: { reference: 'ref', colour: 1 }, passes: ['fuse'] }, /^launch attribute 'bisect': unknown key 'colour' \(keys: reference, rtol, atol\)$/],
    ];
    for (const [args, message] of cases) {
      const s = await DapSession.start();
      const m = await s.error('launch', { program: file, ...args });
      assert.match(m, message, m);
    }
  });
});
