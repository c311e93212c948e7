/**
 * A shadow run over DAP (issue 27), every message checked against the DAP schema by the client: the launch attribute
 * `shadow` (a bad value fails the launch naming it), `:error` in the Debug Console, `bir/tensor`'s error layer, and the
 * summary at the end of the run.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import type { TensorData } from '../../contract/tensor';

// Line 8 cancels: (3x + 1000) − 1000 leaves the rounding of the addition as the error.
const PROGRAM = `module c
dram x : f32[2, 4] input = random(seed=1, low=0, high=1)
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[2, 4]
  DmaCopy s <- x
  TensorScalar s <- s, op = add, scalar = 1000
  TensorScalar s <- s, op = sub, scalar = 1000
  TensorScalar s <- s, op = mul, scalar = 2
  DmaCopy y <- s
  Print "done"
}
`;

describe('DAP: a shadow run', function () {
  this.timeout(60000);
  useDapSessions();

  let file: string;

  before(() => {
    file = path.join(tempProgramDir({ 'c.bir': PROGRAM }), 'c.bir');
  });

  async function stoppedAtPrint(more: Record<string, unknown> = {}): Promise<DapSession> {
    const s = await DapSession.start();
    await s.launch({ program: file, shadow: true, ...more }, async (x) => {
      await x.setBreakpoints(file, [{ line: lineOf(file, 'Print') }]);
    });
    await s.waitForStop();
    return s;
  }

  it('a bad value of shadow fails the launch naming the attribute', async () => {
    const s = await DapSession.start();
    const r = await s.request('launch', { program: file, shadow: 'yes' });
    assert.strictEqual(r.success, false);
    assert.match(r.message ?? '', /^launch attribute 'shadow' must be true or false, found string "yes"$/);
  });

  it(':error gives the error in ulp and where it entered; bir/tensor gives the error layer; the end prints the summary', async () => {
    const s = await stoppedAtPrint();
    const cancel = `c\\.bir:${lineOf(file, 'op = sub')}:3`;
    const error = await s.evaluate(':error y[0, 1]');
    assert.match(error.result, new RegExp(`^y\\[0, 1\\]: [\\d.]+ \\(f32\\), float64 [\\d.]+, error [+-][\\d.]+ ulp \\(relative [\\d.e-]+\\)\\n {2}it entered at TensorScalar .*${cancel}: `));
    const why = await s.evaluate(':why y[0, 1]');
    assert.match(why.result, /^y\[0, 1\] = [\d.]+ \(error [+-][\d.]+ ulp\) ← DmaCopy/);
    const frame = await s.topFrame();
    const layer = (await s.ok('bir/tensor', { expression: 'y', frameId: frame.id, shadowError: true })).body as TensorData;
    const e = layer.shadowError!;
    assert.ok('values' in e, JSON.stringify(e));
    assert.strictEqual(e.shadowed, 8);
    assert.ok(e.maxUlp! >= 1, `the cancellation's error: ${e.maxUlp} ulp`);
    const cells = new Float32Array(Uint8Array.from(Buffer.from(e.values.base64, 'base64')).buffer);
    assert.strictEqual(Math.max(...cells), Math.fround(e.maxUlp!));
    const bad = await s.request('bir/tensor', { expression: 'y', shadowError: 'on' });
    assert.strictEqual(bad.success, false);
    assert.match(bad.message ?? '', /shadowError/);
    await s.ok('continue', { threadId: 1 });
    assert.match(await s.waitForOutput(/^shadow run: y f32: /m, 'console'), new RegExp(`shadow run: y f32: max error [\\d.]+ ulp at \\[\\d, \\d\\] \\(stored [\\d.]+, float64 [\\d.]+\\), entered at .*${cancel} TensorScalar`));
    await s.waitForEnd();
  });

  it('without shadow, :error names the attribute and the layer says why it is empty', async () => {
    const s = await stoppedAtPrint({ shadow: false });
    const r = await s.request('evaluate', { expression: ':error y[0, 0]', context: 'repl' });
    assert.strictEqual(r.success, false);
    assert.match(r.message ?? '', /:error needs a shadow run: set the launch attribute 'shadow' to true/);
    const frame = await s.topFrame();
    const layer = (await s.ok('bir/tensor', { expression: 'y', frameId: frame.id, shadowError: true })).body as TensorData;
    assert.deepStrictEqual(layer.shadowError, { unavailable: "not a shadow run: launch with the attribute 'shadow' set to true to see each element's error against float64" });
  });
});
