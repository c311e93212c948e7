/**
 * A shadow run under the debugger (issue 27): `:error` gives an element's error against float64 in ulp and where it
 * entered; `:why` shows the error of each value along the provenance tree and the step where it jumped.
 */
import * as assert from 'assert';
import { DebugCore } from '../../engine/debug/debug-core';
import { DebugOutcome } from '../../engine/debug/replay';
import { npyMachineOptions } from '../../engine/run/simulate';
import { errorInUlp } from '../../engine/machine/ulp';
import { programOf } from '../helpers/virtual-host';

// Line 9 cancels: (3x + 1000) − 1000 leaves the rounding of the addition, 1e-5 relative; line 10 only scales it.
const PROGRAM = `module c
dram x : f32[2, 4] input
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[2, 4]
  DmaCopy s <- x
  TensorScalar s <- s, op = mul, scalar = 3
  TensorScalar s <- s, op = add, scalar = 1000
  TensorScalar s <- s, op = sub, scalar = 1000
  TensorScalar s <- s, op = mul, scalar = 2
  DmaCopy y <- s
  Print "done"
}
`;

const X = Float32Array.from({ length: 8 }, (_, i) => 0.1 + i / 9);

function settle(core: DebugCore, o: DebugOutcome): DebugOutcome {
  while (o.kind === 'yield') o = core.run();
  return o;
}

function stoppedAtPrint(shadow = true): DebugCore {
  const core = new DebugCore(programOf(PROGRAM), { ...npyMachineOptions({ inputs: { x: { dtype: 'f32', shape: [2, 4], data: X } } }), shadow }, {}, new Int32Array(2));
  core.setBreakpoints('/virtual/test.bir', [{ line: 12 }]);
  assert.strictEqual(settle(core, core.run()).kind, 'stopped');
  return core;
}

const repl = (core: DebugCore, text: string): string => core.evaluate(text, undefined, 'repl').result;

describe('shadow run under the debugger', () => {
  it(':error gives an element\'s float64 value, its error in ulp and the instruction where it entered', () => {
    const core = stoppedAtPrint();
    const exact = Math.fround(X[5]) * 3 * 2;
    const stored = core.machine.drams[1].data[5];
    const ulps = errorInUlp('f32', stored, exact);
    assert.ok(Math.abs(ulps) > 10, `a cancellation's error: ${ulps}`);
    const text = repl(core, ':error y[1, 1]');
    const [first, second] = text.split('\n');
    assert.strictEqual(first.split(', float64 ')[1].split(',')[0], String(exact));
    assert.match(first, new RegExp(`^y\\[1, 1\\]: [\\d.]+ \\(f32\\), float64 [\\d.]+, error ${ulps > 0 ? '\\+' : '-'}${Math.abs(Number(ulps.toFixed(2)))} ulp \\(relative [\\d.e-]+\\)$`));
    assert.match(second, /^ {2}it entered at TensorScalar \/virtual\/test\.bir:9:3: the relative error grew by [\d.e-]+ there \([\d.]+ times a rounding to f32: a cancellation, or an operation that magnifies its inputs' error\)$/);
    // The growth named is this element's own (through the elements at its position), not another element's.
    const relative = Number(/relative ([\d.e-]+)/.exec(first)![1]);
    const grew = Number(/grew by ([\d.e-]+)/.exec(second)![1]);
    assert.ok(grew <= relative * 1.01 && grew > relative / 2, `grew by ${grew}, relative error ${relative}`);
    assert.match(repl(core, ':error y'), /^y: largest of 8 shadowed elements at y\[\d, \d\]: /);
  });

  it(':why shows the error along the provenance tree and where it jumped', () => {
    const core = stoppedAtPrint();
    const why = core.evaluate(':why s[1, 1]', undefined, 'repl');
    // The last write only scales: the error is carried on, not made, there; it entered at line 9.
    assert.match(why.result, /^s\[1, 1\] = [\d.]+ \(error [+-][\d.]+ ulp\) ← TensorScalar at instruction 4 \(core 0\) \/virtual\/test\.bir:10:3\n {2}it entered at TensorScalar \/virtual\/test\.bir:9:3/);
    assert.doesNotMatch(why.result.split('\n')[0], /jumped/);
    const [read] = core.variables(why.reference);
    assert.match(read.value, /^[\d.]+ \(error [+-][\d.]+ ulp\)$/);
    // One step back: the subtraction, where the relative error jumped from a rounding's to the cancellation's.
    const [from, before] = core.variables(read.reference);
    assert.match(from.value, /^TensorScalar at instruction 3 \(core 0\) \/virtual\/test\.bir:9:3; the error jumped here: relative [\d.e-]+ → [\d.e-]+ \([\d.]+ times a rounding to f32: a cancellation/);
    // Two steps back: the addition rounds (no jump), and x is an input (no error).
    const [from2, before2] = core.variables(before.reference);
    assert.match(from2.value, /^TensorScalar at instruction 2 \(core 0\) \/virtual\/test\.bir:8:3$/);
    const [from3] = core.variables(before2.reference);
    assert.match(from3.value, /^TensorScalar at instruction 1 .*test\.bir:7:3$/);
  });

  it(':error outside a shadow run says how to have one; a register has no shadow', () => {
    assert.throws(() => stoppedAtPrint(false).evaluate(':error y[0, 0]', undefined, 'repl'), /:error needs a shadow run: set the launch attribute 'shadow' to true/);
    const core = stoppedAtPrint();
    assert.throws(() => core.evaluate(':error r0', undefined, 'repl'), /:error shows the error of tensor elements; 'r0' is a register, which has no shadow/);
    assert.throws(() => core.evaluate(':error', undefined, 'repl'), /:error takes an expression/);
    assert.match(repl(core, ':error x[0, 0]'), /^x\[0, 0\]: no error known: no shadowed instruction wrote it/);
  });

  it('bir/tensor\'s error layer gives each element\'s |error| in ulp, and says why there is none outside a shadow run', () => {
    const core = stoppedAtPrint();
    const answer = core.tensorData({ expression: 'y', shadowError: true });
    const e = answer.shadowError!;
    assert.ok('values' in e, JSON.stringify(e));
    const cells = new Float32Array(Uint8Array.from(Buffer.from(e.values.base64, 'base64')).buffer);
    const y = core.machine.drams[1];
    const expected = Array.from(X, (v, i) => Math.fround(Math.abs(errorInUlp('f32', y.data[i], Math.fround(v) * 3 * 2))));
    assert.deepStrictEqual(Array.from(cells), expected);
    assert.strictEqual(e.shadowed, 8);
    assert.strictEqual(Math.fround(e.maxUlp!), Math.max(...expected));
    // x is an input: no instruction wrote it, so it has no shadow (NaN cells).
    const x = core.tensorData({ expression: 'x', shadowError: true }).shadowError!;
    assert.ok('values' in x && x.shadowed === 0 && x.maxUlp === null);
    assert.match(JSON.stringify(core.tensorData({ expression: 'y * 2', shadowError: true }).shadowError), /a computed value has no shadow/);
    assert.match(JSON.stringify(stoppedAtPrint(false).tensorData({ expression: 'y', shadowError: true }).shadowError), /not a shadow run: launch with the attribute 'shadow' set to true/);
  });

  it('moves the shadows through time with memory: back before a write the element has none, forward it has it again', () => {
    const core = stoppedAtPrint();
    const now = repl(core, ':error s[1, 1]');
    // Instruction 3 (the subtraction) not yet run: s[1, 1] holds 3x + 1000, whose error is the addition's rounding.
    const back = core.travel.goTo(':goto', 3)();
    assert.notStrictEqual(back, 'run');
    const before = repl(core, ':error s[1, 1]');
    assert.notStrictEqual(before, now);
    assert.match(before, /^s\[1, 1\]: 1001\.\d+ \(f32\), float64 1001\.\d+, error [+-]0\.\d+ ulp/);
    assert.match(repl(core, ':error y[1, 1]'), /no error known: no shadowed instruction wrote it/);
    const forward = core.travel.goTo(':goto', 6)();
    if (forward === 'run') settle(core, core.run());
    assert.strictEqual(repl(core, ':error s[1, 1]'), now);
  });
});
