/**
 * The tensor view's requests through the stdio adapter, every message checked against the DAP schema: bir/tensor
 * (values in base64 that equal what evaluate says, the elements the last step wrote), bir/tensorDivergence against
 * a .npy reference, bir/memoryMap, the console's :show and its bir/showTensor event (after the answer), the
 * Variables view's menu context on tensors, and the refusals (bad arguments, an unknown name, a file outside the
 * program's folder, a running program).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, EXAMPLES, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { writeNpyFile } from '../../engine/io/npy';
import type { Binary, Divergence, MemoryMap, TensorData } from '../../contract/tensor';

function floats(b: Binary): number[] {
  const bytes = Buffer.from(b.base64, 'base64');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return [...(b.type === 'f64' ? new Float64Array(buffer) : b.type === 'f32' ? new Float32Array(buffer) : new Uint8Array(buffer))];
}

describe('DAP: the tensor view', function () {
  this.timeout(60000);
  useDapSessions();

  let softmax: string;

  before(() => {
    const dir = tempProgramDir({ 'softmax.bir': fs.readFileSync(path.join(EXAMPLES, 'softmax.bir'), 'utf8') });
    softmax = path.join(dir, 'softmax.bir');
  });

  async function stoppedAt(text: string): Promise<DapSession> {
    const s = await DapSession.start();
    await s.launch({ program: softmax }, async (x) => {
      await x.setBreakpoints(softmax, [{ line: lineOf(softmax, text) }]);
    });
    await s.waitForStop();
    return s;
  }

  async function tensor(s: DapSession, args: Record<string, unknown>): Promise<TensorData> {
    return (await s.ok('bir/tensor', args)).body as TensorData;
  }

  it('answers a region in base64 whose values are the ones evaluate gives, and marks what the last step wrote', async () => {
    const s = await stoppedAt('TensorScalar sh <- xs');
    const frame = await s.topFrame();
    const xs = await tensor(s, { expression: 'xs', frameId: frame.id });
    assert.deepStrictEqual([xs.rows, xs.cols, xs.dtype, xs.memory, xs.values.type, xs.frame], [128, 96, 'f32', 'sbuf', 'f32', 'main']);
    const values = floats(xs.values);
    assert.strictEqual(values.length, 128 * 96);
    for (const [r, c] of [[0, 0], [3, 5], [127, 95]]) {
      // The console writes an f32 in its shortest form; the view carries its float32 exactly.
      assert.strictEqual(values[r * 96 + c], Math.fround(Number((await s.evaluate(`xs[${r}, ${c}]`, 'repl', frame.id)).result)));
    }
    const before = (await s.resumeToStop('next', { threadId: 1 })).bir.body as { instructions: number };
    const sh = await tensor(s, { expression: 'sh', changedSince: before.instructions - 1 });
    assert.deepStrictEqual(sh.changed, { from: before.instructions - 1, to: before.instructions, count: 128 * 96 });
    assert.ok(floats(sh.flags!).every((f) => (f & 16) !== 0), 'every element of sh was written by the step');
    const untouched = await tensor(s, { expression: 'xs', changedSince: before.instructions - 1 });
    assert.strictEqual((untouched.changed as { count: number }).count, 0);
  });

  it('compares with a .npy reference that differs in one element and finds it', async () => {
    const s = await stoppedAt('Activation   rs <- sm');
    const xs = floats((await tensor(s, { expression: 'ex' })).values);
    const ref = Float32Array.from(xs);
    ref[7 * 96 + 11] += 0.25;
    writeNpyFile(path.join(path.dirname(softmax), 'ex-ref.npy'), { dtype: 'f32', shape: [128, 96], data: ref });
    const d = await tensor(s, { expression: 'ex', compare: { file: 'ex-ref.npy', rtol: 1e-5, atol: 1e-8 } });
    assert.deepStrictEqual([d.compare?.allclose, d.compare?.differing, d.compare?.first], [false, 1, 7 * 96 + 11]);
    const found = (await s.ok('bir/tensorDivergence', { expression: 'ex', compare: { file: 'ex-ref.npy' } })).body as Divergence;
    assert.deepStrictEqual([found.position, found.row, found.col], [7 * 96 + 11, 7, 11]);
    const none = (await s.ok('bir/tensorDivergence', { expression: 'ex', compare: { file: 'ex-ref.npy' }, from: found.position + 1 })).body as Divergence;
    assert.strictEqual(none.position, -1);
  });

  it('draws the memory map of the core with the selected tensor\'s place', async () => {
    const s = await stoppedAt('TensorReduce mx <- xs');
    const frame = await s.topFrame();
    const map = (await s.ok('bir/memoryMap', { frameId: frame.id, expression: 'sh[0:64, :]' })).body as MemoryMap;
    assert.deepStrictEqual(map.allocations.map((a) => a.name), ['xs', 'mx', 'sh', 'ex', 'sm', 'rs', 'ys', 'chk']);
    const sh = map.allocations.find((a) => a.name === 'sh')!;
    assert.deepStrictEqual(map.selected, { memory: 'sbuf', p0: 0, p1: 64, b0: sh.offset, b1: sh.offset + 384 });
    assert.strictEqual(map.psum.banks, 8);
  });

  it(':show answers in the console, then asks the editor for the tensor view (bir/showTensor)', async () => {
    const s = await stoppedAt('TensorScalar sh <- xs');
    const frame = await s.topFrame();
    const response = await s.ok<DebugProtocol.EvaluateResponse>('evaluate', { expression: ':show xs[0:4, :]', context: 'repl', frameId: frame.id });
    assert.match(response.body.result, /^showing xs\[0:4, :\] \(f32\[4, 96\]\) in the tensor view$/);
    const event = await s.waitFor('bir/showTensor');
    assert.deepStrictEqual(event.body, { expression: 'xs[0:4, :]', frameId: frame.id });
    assert.ok(s.indexOf(event) > s.indexOf(response), 'the event follows the answer');
    assert.match(await s.error('evaluate', { expression: ':show r0', context: 'repl' }), /shows tensors/);
    assert.match((await s.evaluate(':help')).result, /:show EXPR/);
  });

  it('marks tensors (not registers or elements) for the Variables view\'s menu', async () => {
    const s = await stoppedAt('TensorScalar sh <- xs');
    const [locals] = await s.scopes((await s.topFrame()).id);
    const vars = await s.variables(locals.variablesReference);
    const xs = vars.find((v) => v.name === 'xs') as DebugProtocol.Variable & { __vscodeVariableMenuContext?: string };
    assert.strictEqual(xs.__vscodeVariableMenuContext, 'tensor');
    const rows = await s.variables(xs.variablesReference, { start: 0, count: 1 });
    assert.strictEqual((rows[0] as { __vscodeVariableMenuContext?: string }).__vscodeVariableMenuContext, 'tensor', 'a partition row is a tensor too');
    const elements = await s.variables(rows[0].variablesReference, { start: 0, count: 1 });
    assert.strictEqual((elements[0] as { __vscodeVariableMenuContext?: string }).__vscodeVariableMenuContext, undefined);
  });

  it('refuses bad arguments, unknown names, files outside the program\'s folder, and a running program', async () => {
    const s = await stoppedAt('TensorScalar sh <- xs');
    const bad = await s.request('bir/tensor', { expression: 7 });
    assert.deepStrictEqual([bad.success, (bad.body as { error?: { id: number } }).error?.id], [false, 2002]);
    assert.match(bad.message ?? '', /'bir\/tensor' needs 'expression' as a string, found 7/);
    const unknown = await s.request('bir/tensor', { expression: 'xz' });
    assert.strictEqual((unknown.body as { error?: { id: number } }).error?.id, 2008);
    assert.match(unknown.message ?? '', /unknown name 'xz'; did you mean 'xs'\?/);
    const outside = await s.request('bir/tensor', { expression: 'xs', compare: { file: '../x.npy' } });
    assert.strictEqual((outside.body as { error?: { id: number } }).error?.id, 2009);
    assert.match(await s.error('bir/tensor', { expression: 'xs', slice: [-1] }), /slice\[0\] cannot be negative/);
    await s.ok('continue', { threadId: 1 });
    await s.waitForEnd();
    assert.match(await s.error('bir/memoryMap', {}), /the program has ended/);
  });
});
