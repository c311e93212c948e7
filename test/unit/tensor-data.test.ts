/**
 * The tensor view's requests against the debug core at real stops: a region in binary with its statistics, the
 * elements the last step wrote (a write of the same value included; after a step back, the elements it went back
 * over), a comparison with a .npy reference that differs in one element and the search for it, the memory map, and
 * `:show`.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DebugCore } from '../../engine/debug/debug-core';
import { DebugOutcome } from '../../engine/debug/replay';
import { checkProgram } from '../../engine/lang/check/checker';
import { npyMachineOptions } from '../../engine/run/simulate';
import { writeNpyFile } from '../../engine/io/npy';
import type { Binary, TensorData } from '../../contract/tensor';
import { CHANGED, DIFFERS } from '../../engine/debug/tensor-region';

const PROGRAM = `module tv

dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output

func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  DmaCopy a <- x
  Memset b <- 1
  TensorScalar b[1:3, 2:5] <- a[1:3, 2:5], op = mul, scalar = 2
  Memset b[0:1, 0:2] <- 1
  call twice(b)
  DmaCopy y <- b
}

func twice(t: f32[4, 8]) {
  sbuf c : f32[4, 2]
  TensorScalar c <- t[0:4, 0:2], op = add, scalar = 0
  TensorScalar t[0:4, 6:8] <- c, op = mul, scalar = 2
}
`;

function decode(b: Binary): number[] {
  const bytes = Buffer.from(b.base64, 'base64');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return [...(b.type === 'f32' ? new Float32Array(buffer) : b.type === 'f64' ? new Float64Array(buffer) : new Uint8Array(buffer))];
}

/** The cells' flags; an absent array means no cell has one. */
function flagsOf(d: TensorData): number[] {
  return d.flags ? decode(d.flags) : new Array<number>(d.values.type === 'f64' ? Buffer.from(d.values.base64, 'base64').length / 8 : Buffer.from(d.values.base64, 'base64').length / 4).fill(0);
}

function settle(core: DebugCore, o: DebugOutcome): DebugOutcome {
  while (o.kind === 'yield') o = core.run();
  return o;
}

describe('tensor view: the engine\'s requests', () => {
  let dir: string;
  let file: string;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-tensor-view-'));
    file = path.join(dir, 'tv.bir');
    fs.writeFileSync(file, PROGRAM);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A debug core stopped before the instruction on `line`. */
  function stoppedAt(line: number, historyMiB?: number): DebugCore {
    const checked = checkProgram(file);
    assert.ok(checked.program, checked.diagnostics.map((d) => d.message).join('\n'));
    const core = new DebugCore(checked.program, npyMachineOptions({}), { historyMiB }, new Int32Array(2));
    core.setBreakpoints(file, [{ line }]);
    assert.strictEqual(settle(core, core.run()).kind, 'stopped');
    return core;
  }

  function step(core: DebugCore): void {
    core.step('over', 1, 'line');
    assert.strictEqual(settle(core, core.run()).kind, 'stopped');
  }

  it('answers a region in binary, with exact statistics, a histogram and the pattern of a selection', () => {
    const core = stoppedAt(11);
    const d: TensorData = core.tensorData({ expression: 'a[1:3, 2:6]' });
    assert.deepStrictEqual([d.rows, d.cols, d.dtype, d.memory, d.tensor, d.shape], [2, 4, 'f32', 'sbuf', 'a', [2, 4]]);
    assert.deepStrictEqual(d.window, { row: 0, col: 0, rows: 2, cols: 4, stepRows: 1, stepCols: 1 });
    assert.strictEqual(d.values.type, 'f32');
    assert.deepStrictEqual(decode(d.values), [10, 11, 12, 13, 18, 19, 20, 21]);
    assert.strictEqual(d.flags, undefined, 'no flag in any cell: no flags sent');
    assert.deepStrictEqual([d.statistics?.min, d.statistics?.max, d.statistics?.count], [10, 21, 8]);
    assert.strictEqual(d.histogram!.counts.reduce((x, y) => x + y, 0), 8);
    assert.deepStrictEqual(d.pattern, { base: 'a', dims: [{ axis: 'row', start: 1, step: 1 }, { axis: 'col', start: 2, step: 1 }] });
    const unwritten = stoppedAt(10).tensorData({ expression: 'b' });
    assert.strictEqual(unwritten.statistics?.unwritten, 32);
    assert.deepStrictEqual(flagsOf(unwritten), new Array(32).fill(65));
    assert.throws(() => core.tensorData({ expression: 'r0 + 1' }), /is a number, not a tensor/);
    // What the view copies for a selection of a value that is no slice of a tensor evaluates back.
    const computed = core.tensorData({ expression: '(a - b)[0:2, 1:4]' });
    assert.deepStrictEqual([computed.rows, computed.cols, computed.pattern, computed.dtype], [2, 3, undefined, 'f64']);
    assert.deepStrictEqual(decode(computed.values), [0, 1, 2, 8, 9, 10]);
    assert.deepStrictEqual(decode(core.tensorData({ expression: 'a[1:3, :][1:2, 0:2]' }).values), [16, 17]);
  });

  it('answers an overview of blocks, then a window of it at full resolution', () => {
    const core = stoppedAt(11);
    const d = core.tensorData({ expression: 'a', maxCells: 8, overviewCells: 8 });
    assert.deepStrictEqual([d.window.stepRows, d.window.stepCols], [1, 4]);
    assert.deepStrictEqual(decode(d.low!), [0, 4, 8, 12, 16, 20, 24, 28]);
    assert.deepStrictEqual(decode(d.values), [3, 7, 11, 15, 19, 23, 27, 31]);
    const w = core.tensorData({ expression: 'a', window: { row: 2, col: 4, rows: 2, cols: 4 }, maxCells: 8, statistics: false });
    assert.deepStrictEqual(decode(w.values), [20, 21, 22, 23, 28, 29, 30, 31]);
    assert.strictEqual(w.statistics, undefined);
  });

  it('marks the elements the last step wrote, a write of the same value too', () => {
    const core = stoppedAt(11);
    const before = core.machine.instructionsExecuted;
    step(core);
    const d = core.tensorData({ expression: 'b', changedSince: before });
    const changed = flagsOf(d).map((f) => ((f & CHANGED) !== 0 ? 1 : 0));
    const expected = Array.from({ length: 32 }, (_, i) => (Math.floor(i / 8) >= 1 && Math.floor(i / 8) < 3 && i % 8 >= 2 && i % 8 < 5 ? 1 : 0));
    assert.deepStrictEqual(changed, expected);
    assert.deepStrictEqual(d.changed, { from: before, to: before + 1, count: 6 });
    // Memset of 1 where b already holds 1: written, unchanged in value.
    const at = core.machine.instructionsExecuted;
    step(core);
    const same = core.tensorData({ expression: 'b[0:1, :]', changedSince: at });
    assert.deepStrictEqual(flagsOf(same).map((f) => (f & CHANGED ? 1 : 0)), [1, 1, 0, 0, 0, 0, 0, 0]);
    assert.deepStrictEqual(decode(same.values).slice(0, 2), [1, 1]);
  });

  it('marks what a step back went back over, and says when there is no history', () => {
    const core = stoppedAt(12);
    const here = core.machine.instructionsExecuted;
    assert.strictEqual(settle(core, core.travel.stepBack('stepBack', 'over', 1, 'line')()).kind, 'stopped');
    const d = core.tensorData({ expression: 'b[1:3, 2:5]', changedSince: here });
    assert.deepStrictEqual(d.changed, { from: here - 1, to: here, count: 6 });
    const off = stoppedAt(12, 0);
    const none = off.tensorData({ expression: 'b', changedSince: 0 });
    assert.match((none.changed as { unavailable: string }).unavailable, /needs the history of the run/);
    const computed = core.tensorData({ expression: 'b + 1', changedSince: 0 });
    assert.match((computed.changed as { unavailable: string }).unavailable, /computed value/);
  });

  it('compares with a .npy file that differs in one element: the verdict, the cells and the search', () => {
    const core = stoppedAt(11);
    const ref = new Float32Array(32).map((_, i) => i);
    ref[19] = 19.5;
    writeNpyFile(path.join(dir, 'ref.npy'), { dtype: 'f32', shape: [4, 8], data: ref });
    const d = core.tensorData({ expression: 'a', compare: { file: 'ref.npy' } });
    const c = d.compare!;
    assert.deepStrictEqual([c.allclose, c.differing, c.unequal, c.first, c.maxAbs, c.metric], [false, 1, 1, 19, 0.5, 'abs']);
    assert.deepStrictEqual(flagsOf(d).map((f, i) => (f & DIFFERS ? i : -1)).filter((i) => i >= 0), [19]);
    assert.strictEqual(decode(c.metricValues)[19], 0.5);
    assert.strictEqual(decode(c.values)[19], 19.5);
    const close = core.tensorData({ expression: 'a', compare: { file: 'ref.npy', atol: 0.5 } }).compare!;
    assert.deepStrictEqual([close.allclose, close.differing, close.unequal], [true, 0, 1]);
    assert.deepStrictEqual(core.tensorDivergence({ expression: 'a', compare: { file: 'ref.npy' } }), { position: 19, row: 2, col: 3, value: 19, reference: 19.5 });
    assert.strictEqual(core.tensorDivergence({ expression: 'a', compare: { file: 'ref.npy' }, from: 20 }).position, -1);
    // The reference of a region: a slice compared with the same slice of the file's shape.
    assert.strictEqual(core.tensorData({ expression: 'a[2:3, :]', compare: { expression: 'x[2:3, :]' } }).compare!.allclose, true);
    assert.throws(() => core.tensorData({ expression: 'a', compare: { file: '../ref.npy' } }), /outside it/);
    assert.throws(() => core.tensorData({ expression: 'a[0:2, :]', compare: { file: 'ref.npy' } }), /has shape \[4, 8\]; comparing with 'a\[0:2, :\]' needs \[2, 8\]/);
  });

  it('draws the memory map of the core: allocations of every frame, and where the selected tensor lies', () => {
    const core = stoppedAt(19);
    const { frames } = core.stackTrace(1);
    const map = core.memoryMap({ frameId: frames[0].id, expression: 't[1:3, 6:8]' });
    assert.deepStrictEqual(map.allocations.map((a) => [a.name, a.owner, a.offset, a.bytes, a.partitions, a.visible]), [
      ['a', 'main', 0, 32, 4, undefined], ['b', 'main', 64, 32, 4, undefined], ['c', 'twice', 128, 8, 4, 'c'],
    ]);
    assert.deepStrictEqual(map.selected, { memory: 'sbuf', p0: 1, p1: 3, b0: 64 + 24, b1: 64 + 32 });
    assert.strictEqual(map.psum.banks, 8);
    assert.match(core.memoryMap({ expression: 'x' }).selectedNote!, /DRAM/);
  });

  it(':show checks the expression and asks for the tensor view', () => {
    const core = stoppedAt(11);
    const r = core.evaluate(':show a[0:2, :]', undefined, 'repl');
    assert.deepStrictEqual(r.show, { expression: 'a[0:2, :]' });
    assert.match(r.result, /showing a\[0:2, :\] \(f32\[2, 8\]\) in the tensor view/);
    assert.throws(() => core.evaluate(':show r0', undefined, 'repl'), /shows tensors/);
    assert.match(core.evaluate(':help', undefined, 'repl').result, /:show EXPR/);
  });
});
