// The NKI tutorial kernels of examples/nki/ that tiles of several free dimensions and reshape/permute views make
// writable 1:1 (transpose2d, avgpool2d), run on inputs generated here and compared with a NumPy-style reference
// written plainly from the tutorial's own reference code, at the tutorial's tolerance: both are exact (int8 moves;
// window sums exact in bf16, as /work/shared/design/nki-examples.md chooses the inputs). Names, dtypes and shapes are
// those of nki-examples.md, and each stays within its bound of instructions executed.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkProgram } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram } from '../../engine/run/simulate';
import { NpyArray } from '../../engine/io/npy';
import { decode, roundTo } from '../../engine/machine/dtypes';
import { mulberry32 } from '../../engine/machine/random';
import { Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';

const NKI = path.resolve(__dirname, '..', '..', 'examples', 'nki');

function example(name: string): Program {
  const r = checkProgram(path.join(NKI, name));
  assert.ok(r.program, r.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return r.program;
}

/** Runs an example on the inputs given; its outputs decoded, with their shapes, and the count of instructions. */
function run(program: Program, inputs: Record<string, NpyArray>): { outputs: Map<string, { shape: readonly number[]; values: number[] }>; instructions: number } {
  const { outcome, machine } = runProgram(program, { inputs });
  assert.equal(outcome.kind, 'exited', outcome.kind === 'failed' ? outcome.fault.message : outcome.kind);
  const outputs = new Map(machine.drams.filter((t) => program.drams.find((d) => d.name === t.name)?.role === 'output')
    .map((t) => [t.name, { shape: t.shape, values: Array.from(t.data, (x) => decode(t.dtype, x)) }]));
  return { outputs, instructions: machine.instructionsExecuted };
}

describe('examples/nki: the NKI tutorials written 1:1 with multi-dimensional views', () => {
  it('transpose2d: each partition\'s 3 x 4 matrix transposed, exactly (int8)', () => {
    const [P, F1, F2] = [5, 3, 4];
    const random = mulberry32(24);
    const input = Int8Array.from({ length: P * F1 * F2 }, () => Math.floor(random() * 256) - 128);
    const { outputs, instructions } = run(example('transpose2d.bir'), { in_tensor: { dtype: 'i8', shape: [P, F1 * F2], data: input } });
    // The tutorial's reference: out[p] = in[p].reshape(F1, F2).T.flatten().
    const expected: number[] = [];
    for (let p = 0; p < P; p++) for (let j = 0; j < F2; j++) for (let i = 0; i < F1; i++) expected.push(input[p * F1 * F2 + i * F2 + j]);
    const out = outputs.get('out_tensor')!;
    assert.deepEqual(out.shape, [P, F1 * F2]);
    assert.deepEqual(out.values, expected);
    assert.ok(instructions <= 4, `${instructions} instructions (bound 4)`);
  });

  it('avgpool2d: the mean of each 2 x 2 window, equal to the reference rounded to bf16', () => {
    const [C, H, W, K] = [2, 6, 6, 2];
    const random = mulberry32(25);
    // Integers 0..63: every window sum (at most 252) and every mean (a multiple of 0.25 below 64) is a bf16 value.
    const input = Float32Array.from({ length: C * H * W }, () => Math.floor(random() * 64));
    const { outputs, instructions } = run(example('avgpool2d.bir'), { in_tensor: { dtype: 'f32', shape: [C, H, W], data: input } });
    // np_average_pool_2D: in.reshape(C, H/K, K, W/K, K), nanmean over axes (2, 4); then rounded to bf16.
    const expected: number[] = [];
    for (let c = 0; c < C; c++) {
      for (let i = 0; i < H / K; i++) {
        for (let j = 0; j < W / K; j++) {
          let sum = 0;
          for (let a = 0; a < K; a++) for (let b = 0; b < K; b++) sum += input[c * H * W + (i * K + a) * W + j * K + b];
          expected.push(roundTo('bf16', sum / (K * K)));
        }
      }
    }
    const out = outputs.get('out_tensor')!;
    assert.deepEqual(out.shape, [C, H / K, W / K]);
    assert.deepEqual(out.values, expected);
    assert.ok(instructions <= 6, `${instructions} instructions (bound 6)`);
  });

  for (const name of ['transpose2d.bir', 'avgpool2d.bir']) {
    it(`${name}: the same outputs through every pass and the whole pipeline`, () => {
      const program = example(name);
      const expected = run(program, {}).outputs;
      for (const passes of [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES]]) {
        const snaps = runPipeline(program, passes);
        assert.deepEqual(run(snaps[snaps.length - 1].program, {}).outputs, expected, passes.join(','));
      }
    });
  }
});
