// The NKI kernels of examples/nki/ that broadcast views make writable 1:1 (mamba), run on inputs
// generated here and compared with a plain reference written from the tutorial's own (mamba_torch.py, mamba_layer),
// at the tutorial's tolerance, through every pass. Names, dtypes and shapes are those of
// /work/shared/design/nki-examples.md, and the run stays within its bound of instructions executed.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkProgram } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram } from '../../engine/run/simulate';
import { NpyArray } from '../../engine/io/npy';
import { decode } from '../../engine/machine/dtypes';
import { mulberry32 } from '../../engine/machine/random';
import { Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';

const NKI = path.resolve(__dirname, '..', '..', 'examples', 'nki');

function example(name: string): Program {
  const r = checkProgram(path.join(NKI, name));
  assert.ok(r.program, r.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return r.program;
}

function run(program: Program, inputs: Record<string, NpyArray>): { outputs: Map<string, { shape: readonly number[]; values: number[] }>; instructions: number } {
  const { outcome, machine } = runProgram(program, { inputs });
  assert.equal(outcome.kind, 'exited', outcome.kind === 'failed' ? outcome.fault.message : outcome.kind);
  const outputs = new Map(machine.drams.filter((t) => program.drams.find((d) => d.name === t.name)?.role === 'output')
    .map((t) => [t.name, { shape: t.shape, values: Array.from(t.data, (x) => decode(t.dtype, x)) }]));
  return { outputs, instructions: machine.instructionsExecuted };
}

describe('examples/nki: the NKI tutorials written 1:1 with broadcast views', () => {
  it('mamba: mamba_v2 equals mamba_layer within atol = rtol = 1e-2, through every pass', () => {
    const [BATCH, CH, SEQ, ST] = [1, 256, 512, 16];
    const random = mulberry32(26);
    const uniform = (n: number, lo: number, hi: number) => Float32Array.from({ length: n }, () => lo + (hi - lo) * random());
    // The tutorial's inputs: delta small and positive, A negative (a decaying state), u, B, C around 0.
    const delta = uniform(BATCH * CH * SEQ, 0, 0.1);
    const u = uniform(BATCH * CH * SEQ, -1, 1);
    const A = uniform(CH * ST, -1, 0);
    const B = uniform(BATCH * ST * SEQ, -1, 1);
    const C = uniform(BATCH * ST * SEQ, -1, 1);
    const inputs: Record<string, NpyArray> = {
      delta: { dtype: 'f32', shape: [BATCH, CH, SEQ], data: delta },
      u: { dtype: 'f32', shape: [BATCH, CH, SEQ], data: u },
      A: { dtype: 'f32', shape: [CH, ST], data: A },
      B: { dtype: 'f32', shape: [BATCH, ST, SEQ], data: B },
      C: { dtype: 'f32', shape: [BATCH, ST, SEQ], data: C },
    };
    // mamba_layer: deltaA = exp(delta * A), deltaB_u = delta * B * u, the scan x_t = deltaA_t x_{t-1} + deltaB_u_t,
    // then the sum over states of x * C; in double precision.
    const expected = new Float64Array(BATCH * CH * SEQ);
    for (let b = 0; b < BATCH; b++) {
      for (let c = 0; c < CH; c++) {
        for (let s = 0; s < ST; s++) {
          let x = 0;
          for (let t = 0; t < SEQ; t++) {
            const d = delta[(b * CH + c) * SEQ + t];
            x = Math.exp(d * A[c * ST + s]) * x + d * B[(b * ST + s) * SEQ + t] * u[(b * CH + c) * SEQ + t];
            expected[(b * CH + c) * SEQ + t] += x * C[(b * ST + s) * SEQ + t];
          }
        }
      }
    }
    const program = example('mamba.bir');
    const first = run(program, inputs);
    const out = first.outputs.get('output')!;
    assert.deepEqual(out.shape, [BATCH, CH, SEQ]);
    const bad = out.values.findIndex((v, i) => !(Math.abs(v - expected[i]) <= 1e-2 + 1e-2 * Math.abs(expected[i])));
    assert.equal(bad, -1, `output[${bad}] = ${out.values[bad]}, reference ${expected[bad]}`);
    assert.ok(first.instructions <= 540, `${first.instructions} instructions (bound 540)`);
    for (const passes of [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES]]) {
      const snaps = runPipeline(program, passes);
      assert.deepEqual(run(snaps[snaps.length - 1].program, inputs).outputs, first.outputs, passes.join(','));
    }
  });
});
