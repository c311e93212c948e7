/**
 * What one bir/tensor answer carries is bounded: its cells (values, an overview's minima, flags, a comparison's
 * values) take at most ANSWER_BYTES, whatever maxCells and overviewCells ask, because the answer travels as one JSON
 * message whose base64 text must stay far below V8's longest string. Beyond, the region comes as an overview, and
 * the view asks for windows of it at full resolution.
 */
import * as assert from 'assert';
import { DebugCore } from '../../engine/debug/debug-core';
import { ANSWER_BYTES } from '../../engine/debug/tensor-data';
import { MAX_CELLS } from '../../engine/debug/tensor-region';
import { TENSOR_ARGUMENTS } from '../../contract/tensor';
import { npyMachineOptions } from '../../engine/run/simulate';
import { programOf } from '../helpers/virtual-host';
import type { Binary, TensorData } from '../../contract/tensor';

const VIEWED = `module viewed

dram column : f32[4096, 1] input = iota

func main() {
  Print "here"
}
`;

function stopped(): DebugCore {
  const program = programOf(VIEWED);
  const core = new DebugCore(program, npyMachineOptions({}), {}, new Int32Array(2));
  core.setBreakpoints(program.entry.file, [{ line: 6 }]);
  let o = core.run();
  while (o.kind === 'yield') o = core.run();
  assert.strictEqual(o.kind, 'stopped');
  return core;
}

function carried(d: TensorData): number {
  const bytes = (b?: Binary): number => (b ? Buffer.from(b.base64, 'base64').length : 0);
  return bytes(d.values) + bytes(d.low) + bytes(d.flags) + bytes(d.compare?.values) + bytes(d.compare?.metricValues);
}

describe('bir/tensor: what one answer carries', function () {
  this.timeout(60000);

  it('the contract bounds maxCells at the engine\'s full resolution', () => {
    assert.ok(TENSOR_ARGUMENTS.safeParse({ expression: 'a', maxCells: MAX_CELLS }).success);
    assert.ok(!TENSOR_ARGUMENTS.safeParse({ expression: 'a', maxCells: MAX_CELLS + 1 }).success);
    assert.ok(!TENSOR_ARGUMENTS.safeParse({ expression: 'a', maxCells: 2 ** 31 - 1 }).success);
  });

  it(`a comparison of 4,096 × 4,096 doubles asked at full resolution and in an overview of 2^31 - 1 cells carries at most ${ANSWER_BYTES} bytes`, () => {
    const core = stopped();
    // Computed in f64, compared with itself: 21 bytes a cell at full resolution, 352 MiB for 16,777,216 cells.
    const big = 'column[0:4096, 0:1].bcast(4096) * 1';
    const d = core.tensorData({ expression: big, maxCells: MAX_CELLS, overviewCells: 2 ** 31 - 1, statistics: false, compare: { expression: big } });
    assert.deepStrictEqual([d.rows, d.cols, d.values.type], [4096, 4096, 'f64']);
    assert.ok(d.window.stepRows * d.window.stepCols > 1, 'an overview');
    assert.ok(carried(d) <= ANSWER_BYTES, `it carries ${carried(d)} bytes`);
    // The pieces that follow: a window at full resolution.
    const w = core.tensorData({ expression: big, window: { row: 4000, col: 10, rows: 96, cols: 4086 }, statistics: false, compare: { expression: big } });
    assert.deepStrictEqual([w.window.stepRows, w.window.stepCols], [1, 1]);
  });

  it('an overview is never finer than the full resolution', () => {
    const core = stopped();
    // 4,096 × 8,192 f32 elements: twice the full resolution's most.
    const d = core.tensorData({ expression: 'column[0:4096, 0:1].bcast(8192)', maxCells: MAX_CELLS, overviewCells: 2 ** 31 - 1, statistics: false });
    assert.ok(d.window.stepRows * d.window.stepCols > 1, 'an overview');
    assert.ok(Buffer.from(d.values.base64, 'base64').length <= 4 * MAX_CELLS, 'of at most MAX_CELLS cells');
  });
});
