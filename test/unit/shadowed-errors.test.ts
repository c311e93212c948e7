/**
 * The float64 execution of a shadow run: a fault of the program shadows nothing and leaves the instruction to report
 * it; any other exception is the simulator's bug and is not swallowed (a stale build without a float64 kernel left
 * MatMult without shadows, silently).
 */
import * as assert from 'assert';
import { InstrNode } from '../../engine/ir/program';
import { Fault } from '../../engine/machine/fault';
import { Executor } from '../../engine/kernels/common';
import { compilingFloat64 } from '../../engine/kernels/precision';
import { shadowed } from '../../engine/kernels/shadowed';

const node = { kind: 'instr', opcode: 'TensorTensor', srcs: [], attrs: new Map(), id: 'm::main@1:1', index: 0 } as unknown as InstrNode;

/** An instruction whose float64 execution throws `error`; counts the runs of the instruction itself. */
function failingInFloat64(error: Error): { executor: Executor; itself: () => number; calls: string[] } {
  let runs = 0;
  const calls: string[] = [];
  const executor = shadowed(node, () => {
    const f64 = compilingFloat64();
    return () => {
      if (f64) throw error;
      runs++;
    };
  });
  return { executor, itself: () => runs, calls };
}

function shadowRun(calls: string[]): unknown {
  return { idOf: () => 7, begin: () => calls.push('begin'), discard: () => calls.push('discard'), commit: () => calls.push('commit') };
}

describe('shadowed instructions', () => {
  it('a fault of the float64 execution shadows nothing, and the instruction itself runs', () => {
    const t = failingInFloat64(new Fault('nan', 'made a NaN'));
    const m = { shadow: shadowRun(t.calls) } as never;
    t.executor({} as never, {} as never, m);
    assert.deepStrictEqual(t.calls, ['begin', 'discard', 'commit']);
    assert.strictEqual(t.itself(), 1);
  });

  it('any other exception is the simulator\'s bug: it is thrown, not swallowed', () => {
    const t = failingInFloat64(new TypeError('matmulF64 is not a function'));
    const m = { shadow: shadowRun(t.calls) } as never;
    assert.throws(() => t.executor({} as never, {} as never, m), /matmulF64 is not a function/);
    assert.deepStrictEqual(t.calls, ['begin', 'discard']);
  });
});
