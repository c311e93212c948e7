/**
 * The debugger on tiles of several free dimensions (issue 24): the Variables view, hover, a data breakpoint on one
 * element (stopping at the write that covers it, not at one that leaves it out), `:why` of an element of a partial
 * write, and the tensor view's slice of a 3-D tile. Values known by construction: t = iota, u = 2·t, then the second
 * row of each partition's 2 × 3 matrix gets 1 added.
 */
import * as assert from 'node:assert/strict';
import { DebugCore } from '../../engine/debug/debug-core';
import { DebugOutcome } from '../../engine/debug/replay';
import { npyMachineOptions } from '../../engine/run/simulate';
import { mainModule, programOf } from '../helpers/virtual-host';

const TEXT = mainModule(['dram x : f32[4, 2, 3] input = iota', 'dram y : f32[4, 2, 3] output'], [
  'sbuf t : f32[4, 2, 3]',
  'sbuf u : f32[4, 2, 3]',
  'DmaCopy t <- x',
  'TensorScalar u <- t, op = mul, scalar = 2',
  'TensorScalar u[0:4, 0:1, 0:3] <- u[0:4, 0:1, 0:3], op = max, scalar = 0',
  'TensorScalar u[0:4, 1:2, 0:3] <- u[0:4, 1:2, 0:3], op = add, scalar = 1',
  'DmaCopy y <- u',
  'Print "done"',
]);
const line = (piece: string): number => TEXT.split('\n').findIndex((l) => l.includes(piece)) + 1;

function settle(core: DebugCore, first: DebugOutcome): DebugOutcome {
  let o = first;
  while (o.kind === 'yield') o = core.run();
  return o;
}

function debuggerAt(piece: string): DebugCore {
  const program = programOf(TEXT);
  const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
  core.setBreakpoints(program.entry.file, [{ line: line(piece) }]);
  assert.equal(settle(core, core.run()).kind, 'stopped');
  return core;
}

/** The element u[p, a, b] at the end: 2·(6p + 3a + b), plus 1 in the second row. */
const expected = (p: number, a: number, b: number): number => 2 * (6 * p + 3 * a + b) + (a === 1 ? 1 : 0);

describe('debugging tiles of several free dimensions', () => {
  it('Variables show a 3-D tile by its leading indices, down to its elements', () => {
    const core = debuggerAt('Print');
    const frame = core.stackTrace(1).frames[0].id;
    const locals = core.scopes(frame).find((s) => s.name === 'Locals')!;
    const u = core.variables(locals.reference).find((v) => v.name === 'u')!;
    assert.match(u.value, /^f32\[4, 2, 3\] min 0 max 47/);
    const partition = core.variables(u.reference!).find((v) => v.name === '[2]')!;
    assert.equal(partition.value, `f32[2, 3] [[${[0, 1, 2].map((b) => expected(2, 0, b)).join(', ')}], [${[0, 1, 2].map((b) => expected(2, 1, b)).join(', ')}]]`);
    const row = core.variables(partition.reference!).find((v) => v.name === '[1]')!;
    assert.equal(row.evaluateName, 'u[2][1]');
    const elements = core.variables(row.reference!).map((v) => `${v.name} = ${v.value}`);
    assert.deepEqual(elements, [0, 1, 2].map((b) => `[${b}] = ${expected(2, 1, b)}`));
  });

  it('hover and the console read elements and views of it', () => {
    const core = debuggerAt('Print');
    assert.equal(core.evaluate('u[3, 1, 2]', undefined, 'hover').result, `u[3, 1, 2] = ${expected(3, 1, 2)}`);
    assert.equal(core.evaluate('sum(u[0:4, 1, 0:3])', undefined, 'repl').result, String([0, 1, 2, 3].reduce((s, p) => s + [0, 1, 2].reduce((t, b) => t + expected(p, 1, b), 0), 0)));
  });

  it('a data breakpoint on one element stops at the writes that cover it, not at the one that leaves it out', () => {
    const program = programOf(TEXT);
    const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), { stopOnEntry: true }, new Int32Array(2));
    assert.equal(settle(core, core.run()).kind, 'stopped');
    const info = core.dataBreakpointInfo(undefined, 'u[2, 1, 0]', core.stackTrace(1).frames[0].id);
    assert.ok(info.dataId, info.description);
    const [bp] = core.setDataBreakpoints([{ dataId: info.dataId, accessType: 'write' }]);
    assert.equal(bp.verified, true, bp.message);
    const stops: string[] = [];
    for (;;) {
      core.continue();
      const o = settle(core, core.run());
      if (o.kind !== 'stopped') break;
      stops.push(o.info.text ?? '');
    }
    // The max over the first rows leaves u[2, 1, 0] out: no stop there.
    assert.deepEqual(stops, [
      `TensorScalar at line ${line('op = mul')} wrote u[2, 1, 0]: <uninit> → 30`,
      `TensorScalar at line ${line('op = add')} wrote u[2, 1, 0]: 30 → 31`,
    ]);
  });

  it(':why of an element of a partial write follows it to the input', () => {
    const core = debuggerAt('Print');
    const w = core.evaluate(':why u[2, 1, 0]', undefined, 'repl');
    assert.match(w.result, new RegExp(`^u\\[2, 1, 0\\] = ${expected(2, 1, 0)} ← TensorScalar .*:${line('op = add')}:`));
    const rows = core.variables(w.reference!).map((r) => `${r.name} = ${r.value}`);
    assert.ok(rows.includes(`operand u[0:4, 1:2, 0:3]: u[2, 1, 0] = ${2 * (6 * 2 + 3)}`), rows.join('\n'));
  });

  it('the tensor view shows a slice of the 3-D tile: the partition chosen, its 2 × 3 matrix', () => {
    const core = debuggerAt('Print');
    const answer = core.tensorData({ expression: 'u', slice: [3] });
    assert.deepEqual([answer.shape, answer.slice, answer.rows, answer.cols], [[4, 2, 3], [3], 2, 3]);
    const bytes = Buffer.from(answer.values.base64, 'base64');
    const values = Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
    assert.deepEqual(values, [0, 1].flatMap((a) => [0, 1, 2].map((b) => expected(3, a, b))));
    assert.throws(() => core.tensorData({ expression: 'u', slice: [4] }), /slice index 4 is out of bounds for dimension 0 of 'u' \(size 4\)/);
  });
});
