/**
 * Passes on a compiled model's run of straight-line code: a run longer than the call stack has room for arguments
 * (about 120,000 items) was spread into an array and crashed `bir-sim run --passes schedule` with "Maximum call
 * stack size exceeded". Every pass now runs over such a run and keeps its instructions.
 */
import * as assert from 'assert';
import { runPipeline } from '../../engine/passes/pipeline';
import { programOf } from '../helpers/virtual-host';

const LINES = 140_000;

function longRun(): string {
  const body = Array.from({ length: LINES }, (_, i) => (i % 2 === 0 ? '  TensorScalar t <- t, op = add, scalar = 1' : '  TensorTensor u <- u, t, op = add'));
  return `module long\ndram y : f32[4, 8] output\nfunc main() {\n  sbuf t : f32[4, 8]\n  sbuf u : f32[4, 8]\n  Memset t <- 0\n  Memset u <- 0\n${body.join('\n')}\n  DmaCopy y <- u\n}\n`;
}

describe('passes over a run of 140,000 instructions', function () {
  this.timeout(300_000);
  const program = programOf(longRun());

  it('schedule keeps every instruction', () => {
    const [, scheduled] = runPipeline(program, ['schedule']);
    assert.strictEqual(scheduled.program.main.body.nodes.length, LINES + 3);
  });
});
