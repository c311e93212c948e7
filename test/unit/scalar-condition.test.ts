import * as assert from 'assert';
import { parseUserExpression } from '../../engine/debug/conditions';
import { DebugCore } from '../../engine/debug/debug-core';
import { compileScalarCondition } from '../../engine/debug/scalar-condition';
import { Evaluator } from '../../engine/eval/evaluate';
import { frameScope } from '../../engine/eval/frame-scope';
import { Core, Frame } from '../../engine/machine/core';
import { Machine } from '../../engine/machine/machine';
import { programOf } from '../helpers/virtual-host';

const PROGRAM = `module m
const N = 7
const HALF = 0.5
func main() {
  Set r1 = 3
  Set r2 = -2.5
  Set r3 = 0
  Set r4 = r1 * 1000000
}
`;

/** Conditions over numbers: registers written and not, constants, core, every operator, NaN and infinities. */
const NUMERIC = [
  'r1 == 3', 'r1 != 3', 'r1 < N', 'r1 <= 3', 'r2 > -3', 'r2 >= r1', 'r1 + r2 * 2', 'r1 - N / 2', 'r1 % 2', 'r2 % 2', '-r2 % -2',
  'r1 ** 2 ** 0.5', 'r3 / r3', '1 / r3', '-1 / r3', '!r3', '!r1', '!(r3 / r3)', '+r2', '-r2', 'r1 && r3', 'r3 && r9', 'r1 || r9',
  'r3 || r1', 'r3 || r3', 'core == 0', 'ncores', 'HALF * r1', 'N', '0', 'r4 % 7 == 0 && r1 > HALF', '(r3 / r3) == (r3 / r3)',
  'r9', 'r9 + 1', 'r1 + r9', '-r9', '!r9', 'r9 && r1', 'r1 && r9', 'r9 || r3',
];

/** Not over numbers alone: left to the general evaluator. */
const GENERAL = ['sum(t)', 't[0, 0] > 1', 'nothing + 1', 'min(r1, 2)', '"text"', 't.T', 'm::N == 7'];

describe('compiled breakpoint conditions (scalar-condition.ts)', () => {
  const program = programOf(PROGRAM);
  const machine = new Machine(program);
  const core = new Core(0);
  const frame = new Frame(program.main, 1, 0, [], 0, 0);
  frame.setRegister(1, 3);
  frame.setRegister(2, -2.5);
  frame.setRegister(3, 0);
  frame.setRegister(4, 3_000_000);
  const constants = program.constants.get(program.main.module);

  for (const text of NUMERIC) {
    it(`'${text}' gives the general evaluator's value, or leaves an unwritten register to it`, () => {
      const parsed = parseUserExpression(text, text);
      assert.ok(!('error' in parsed), text);
      const compiled = compileScalarCondition(parsed.expr, constants, machine.ncores);
      assert.ok(compiled, `'${text}' is over numbers alone`);
      const v = new Evaluator(frameScope(machine, core, frame), () => text).evaluate(parsed.expr);
      if (v.kind !== 'scalar') throw new Error(`'${text}' is ${v.kind} to the general evaluator`);
      const got = compiled(frame, core);
      if (!v.written) assert.strictEqual(got, undefined, `'${text}' reads an unwritten register`);
      else assert.ok(Object.is(got, v.value), `'${text}': ${got} against ${v.value}`);
    });
  }

  it('leaves conditions over tensors, calls and unknown names to the general evaluator', () => {
    for (const text of GENERAL) {
      const parsed = parseUserExpression(text, text);
      assert.ok(!('error' in parsed), text);
      assert.strictEqual(compileScalarCondition(parsed.expr, constants, 1), undefined, text);
    }
  });

  it('stops where the condition holds, and says why a condition that reads an unwritten register stops', () => {
    const text = `module loop
func main() {
  sbuf a : f32[1, 4]
  Memset a <- 0
  for r0 in 0..10 {
    TensorScalar a <- a, op = add, scalar = 1
  }
}
`;
    const p = programOf(text, '/virtual/loop.bir');
    const debug = new DebugCore(p, {}, { historyMiB: 0 }, new Int32Array(3));
    debug.setBreakpoints('/virtual/loop.bir', [{ line: 6, condition: 'r0 == 3 || r0 * 2 == 14' }, { line: 4, condition: 'r7 > 0' }]);
    const stops: string[] = [];
    for (let o = debug.run(); o.kind !== 'ended'; o = debug.run()) {
      if (o.kind === 'stopped') stops.push(`${o.info.reason} line ${o.info.node?.span.line} after ${o.info.instructions}`);
      debug.continue();
    }
    assert.deepStrictEqual(stops, ['breakpoint line 4 after 0', 'breakpoint line 6 after 4', 'breakpoint line 6 after 8']);
    assert.match(debug.notices.map((n) => n.text).join('\n'), /the condition 'r7 > 0' cannot be evaluated here: it reads a register that was never written/);
  });
});
