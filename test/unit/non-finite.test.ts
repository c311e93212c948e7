/**
 * Where a NaN or an infinity was born: the NaN / Inf filter stops at the producer (a non-finite value from finite
 * inputs) and says what it computed with its operands, never at the propagators after it; inputs that already hold
 * NaN are named before the run; :why of a non-finite value walks back to its producer, or to the input it came from.
 */
import * as assert from 'assert';
import { DebugCore } from '../../engine/debug/debug-core';
import { DebugOutcome } from '../../engine/debug/replay';
import { NpyArray } from '../../engine/io/npy';
import { npyMachineOptions } from '../../engine/run/simulate';
import { programOf } from '../helpers/virtual-host';

const PROGRAM = `module n
dram x : f32[2, 4] input = iota
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[2, 4]
  sbuf t : f32[2, 4]
  sbuf u : f32[2, 4]
  DmaCopy s <- x
  TensorScalar s <- s, op = add, scalar = 86
  Activation t <- s, func = exp
  TensorScalar t <- t, op = mul, scalar = 0
  TensorTensor u <- s, s, op = sub
  TensorTensor u <- u, u, op = div
  DmaCopy y <- t
}
`;

function settle(core: DebugCore, o: DebugOutcome): DebugOutcome {
  while (o.kind === 'yield') o = core.run();
  return o;
}

function session(filters: string[], inputs: Record<string, NpyArray> = {}, text = PROGRAM): DebugCore {
  const core = new DebugCore(programOf(text), npyMachineOptions({ inputs }), {}, new Int32Array(2));
  core.setExceptionFilters(filters);
  return core;
}

function stops(core: DebugCore): string[] {
  const texts: string[] = [];
  for (let o = settle(core, core.run()); o.kind === 'stopped'; o = settle(core, core.run())) {
    texts.push(o.info.text ?? '');
    core.continue();
  }
  return texts;
}

describe('NaN and infinities: where they were born', () => {
  it('stops at each producer with what it computed, and not at the propagators', () => {
    // exp(86 + 3) = 4.5e38 overflows f32; (·) · 0 makes NaN from an infinity (a propagator); s - s is 0, 0 / 0 NaN.
    assert.deepStrictEqual(stops(session(['nan'])), [
      "the destination 't' gets Infinity at [0, 3] from finite inputs: exp(89) overflows f32",
      "the destination 'u' gets NaN at [0, 0] from finite inputs: 0 / 0 is NaN",
    ]);
  });

  it('names the inputs that hold NaN before the run', () => {
    const data = Float32Array.from([1, 2, NaN, 4, 5, Infinity, 7, 8]);
    const core = session(['nan'], { x: { dtype: 'f32', shape: [2, 4], data } });
    assert.strictEqual(core.notices.length, 1);
    assert.match(core.notices[0].text, /^the input x holds nan at \[0, 2\] \(and 1 more non-finite element\) before the run \(\/virtual\/test\.bir:2:1\): the NaN \/ Inf filter stops where an instruction makes one from finite values, not where one is read$/);
    assert.deepStrictEqual(session([], { x: { dtype: 'f32', shape: [2, 4], data } }).notices, [], 'only with the filter on');
  });

  it(':why of a NaN walks back to the producer, through the propagator', () => {
    const core = session([]);
    core.setBreakpoints('/virtual/test.bir', [{ line: 14 }]);
    const o = settle(core, core.run());
    assert.strictEqual(o.kind, 'stopped');
    const why = core.evaluate(':why t[1, 3]', undefined, 'repl').result;
    assert.match(why, /^t\[1, 3\] = nan ← TensorScalar at instruction 3 \(core 0\) \/virtual\/test\.bir:11:3\n {2}the NaN comes from the \+inf that was made by Activation at instruction 2 \(core 0\) \/virtual\/test\.bir:10:3 from finite values \(source s: s\[1, 3\] = 93\)$/);
    assert.match(core.evaluate(':why u[0, 0]', undefined, 'repl').result, /\n {2}the NaN was made by TensorTensor at instruction 5 .*test\.bir:13:3 from finite values \(first operand u: u\[0, 0\] = 0, second operand u: u\[0, 0\] = 0\)$/);
    assert.doesNotMatch(core.evaluate(':why s[0, 0]', undefined, 'repl').result, /made by|read from/, 'a finite value has no birth line');
  });

  it(':why of a NaN read from an input names the input', () => {
    const data = Float32Array.from([NaN, 2, 3, 4, 5, 6, 7, 8]);
    const core = session([], { x: { dtype: 'f32', shape: [2, 4], data } }, PROGRAM.replace('input = iota', 'input'));
    core.setBreakpoints('/virtual/test.bir', [{ line: 14 }]);
    assert.strictEqual(settle(core, core.run()).kind, 'stopped');
    assert.match(core.evaluate(':why s[0, 0]', undefined, 'repl').result, /\n {2}the NaN was read from x\[0, 0\]: an input of the program \(dram x, from the launch's inputs\)/);
  });
});
