// TensorScalar with reduce_op and reduce_res, NKI's tensor_scalar_reduce: the checker's rules, each row's reduction of
// the results against plain loops (max of |x|, a sum rounded step by step to f32, under a mask of partitions), and the
// same bits through every pass (fuse must not chain it).
import * as assert from 'node:assert/strict';
import { runProgram } from '../../engine/run/simulate';
import { Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { diagnosticsAt, mainModule, programOf } from '../helpers/virtual-host';

const DECLS = ['dram x : f32[6, 5] input = random(seed=3, low=-4, high=4)', 'dram y : f32[6, 5] output', 'dram r : f32[6, 1] output'];

function run(p: Program): { y: number[]; r: number[] } {
  const { outcome, machine } = runProgram(p);
  assert.equal(outcome.kind, 'exited', outcome.kind === 'failed' ? outcome.fault.message : outcome.kind);
  const values = (name: string) => Array.from(machine.drams.find((t) => t.name === name)!.data);
  return { y: values('y'), r: values('r') };
}

function program(line: string): Program {
  return programOf(mainModule(DECLS, ['sbuf a : f32[6, 5]', 'sbuf b : f32[6, 5]', 'sbuf s : f32[6, 1]', 'Memset s <- -1', 'Memset b <- 0', 'DmaCopy a <- x', line, 'DmaCopy y <- b', 'DmaCopy r <- s']));
}

/** x as the program draws it: the DRAM tensor read back from a run that copies it. */
function inputs(): number[] {
  const { machine } = runProgram(programOf(mainModule(DECLS, ['sbuf a : f32[6, 5]', 'DmaCopy a <- x', 'DmaCopy y <- a'])));
  return Array.from(machine.drams.find((t) => t.name === 'y')!.data);
}

describe('TensorScalar with reduce_res (NKI tensor_scalar_reduce)', () => {
  it('reduces each row of the results: max of |x| and a sum rounded to f32 at each step, from the left', () => {
    const x = inputs();
    const abs = run(program('TensorScalar b <- a, op = abs, reduce_op = max, reduce_res = s'));
    const sum = run(program('TensorScalar b <- a, op = mul, scalar = 3, reduce_op = add, reduce_res = s'));
    for (let p = 0; p < 6; p++) {
      const row = x.slice(5 * p, 5 * p + 5);
      assert.equal(abs.r[p], Math.max(...row.map(Math.abs)));
      let acc = 0;
      for (const v of row) acc = Math.fround(acc + Math.fround(v * 3));
      assert.equal(sum.r[p], acc);
      assert.deepStrictEqual(abs.y.slice(5 * p, 5 * p + 5), row.map(Math.abs));
    }
  });

  it('under a mask of partitions, reduces the kept rows and leaves the others', () => {
    const x = inputs();
    const got = run(program('TensorScalar b <- a, op = abs, reduce_op = max, reduce_res = s, mask = p < 4'));
    for (let p = 0; p < 6; p++) assert.equal(got.r[p], p < 4 ? Math.max(...x.slice(5 * p, 5 * p + 5).map(Math.abs)) : -1);
  });

  it('refuses a reduction without its tensor or its operator, after two operators, or after a bit operator', () => {
    const at = (line: string) => diagnosticsAt(mainModule([], ['sbuf a : f32[6, 5]', 'sbuf s : f32[6, 1]', 'sbuf t : f32[4, 1]', 'sbuf i : i32[6, 5]', line]));
    assert.deepStrictEqual(at('TensorScalar a <- a, op = abs, reduce_op = max'), [
      "7:3: TensorScalar: 'reduce_op' reduces each row into 'reduce_res = t', a [P, 1] tensor, which is not given (NKI tensor_scalar_reduce)",
    ]);
    assert.deepStrictEqual(at('TensorScalar a <- a, op = abs, reduce_res = s'), [
      "7:3: TensorScalar: 'reduce_res' needs the reduction: 'reduce_op = add', 'mul', 'max' or 'min' (NKI tensor_scalar_reduce)",
    ]);
    assert.deepStrictEqual(at('TensorScalar a <- a, op = add, scalar = 1, op1 = mul, scalar1 = 2, reduce_op = add, reduce_res = s'), [
      '7:3: TensorScalar: a reduction follows one operator: op1 cannot be given with reduce_res (NKI tensor_scalar_reduce)',
    ]);
    assert.deepStrictEqual(at('TensorScalar i <- i, op = shl, scalar = 1, reduce_op = add, reduce_res = s'), [
      "7:3: TensorScalar: a reduction follows an arithmetic operator, not the bit operator 'shl' (NKI tensor_scalar_reduce)",
    ]);
    assert.equal(at('TensorScalar a <- a, op = abs, reduce_op = max, reduce_res = t').length, 1);
  });

  it('gives the same bits through every pass, fuse leaving it out of its chains', () => {
    const text = mainModule(DECLS, [
      'sbuf a : f32[6, 5]', 'sbuf b : f32[6, 5]', 'sbuf s : f32[6, 1]', 'DmaCopy a <- x',
      'TensorScalar a <- a, op = add, scalar = 1',
      'TensorScalar b <- a, op = abs, reduce_op = max, reduce_res = s',
      'TensorScalar b <- b, op = mul, scalar = s',
      'DmaCopy y <- b', 'DmaCopy r <- s',
    ]);
    const p = programOf(text);
    const expected = run(p);
    for (const passes of [...PASS_NAMES.map((n) => [n]), [...PASS_NAMES]]) {
      const snaps = runPipeline(p, passes);
      assert.deepStrictEqual(run(snaps[snaps.length - 1].program), expected, passes.join(','));
    }
  });
});
