// examples/nki/qmatmul_fp8.bir, NKI's quantized_double_row_matmul written 1:1, run on inputs made as the kernel's
// own test makes them (test_double_row_matmul.py: lhs and rhs uniform in [0, 1); rhs quantized per column to
// fp8e4m3 with scale max|column| / 240, reshaped so that each pair of 128-row tiles of a 512-column tile sits side by
// side; the scales broadcast to 128 rows; lhs and the scales cast to bf16), compared with plain references written here:
// - the test's own check, np.allclose(np.matmul(lhs, rhs), result, rtol=2e-2), against the product of the inputs in
//   double before any cast or quantization;
// - bit for bit against the kernel's order of rounding: per row of each [128, 2048] block of lhs, the scale
//   bf16(f32(max|x| / 240)), each element quantized fp8e4m3(f32(x / scale)); each double-row matmul sums, in
//   increasing partition p, the f32 sum of its two fp8 products (docs/bir-language.md, MatMult); the 8 matmuls of a K
//   block accumulate in PSUM in f32; every tensor_tensor rounds its f32 result to bf16.
// The example's sizes (M = 512, K = 16384, N = 1024) take about 47 CPU seconds to simulate (the double-row matmul runs
// in plain JavaScript), so the runs here take the same text with smaller M, K and N and the table's tiling (2, 2, 16):
// M = 256, K = 4096 (two K blocks, so the bf16 accumulation across blocks is exercised), N = 1024; the passes at
// K = 2048. The instructions the example executes at its own sizes are counted from the program (they are known
// before it runs) and stay within the table's bound of 2298.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram } from '../../engine/run/simulate';
import { NpyArray } from '../../engine/io/npy';
import { decode, encode, roundTo } from '../../engine/machine/dtypes';
import { mulberry32 } from '../../engine/machine/random';
import { Program } from '../../engine/ir/program';
import { dynamicInstructionCount } from '../../engine/ir/dynamic-count';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { checkText } from '../helpers/virtual-host';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'nki', 'qmatmul_fp8.bir');
const [TILE, BLOCK_K, FP8_RANGE] = [128, 2048, 240];

interface Sizes { M: number; K: number; N: number }

/** The example's text with its sizes replaced (each `const` line must be there once), checked. */
function example(sizes: Sizes): Program {
  let text = fs.readFileSync(EXAMPLE, 'utf8');
  for (const [name, value] of Object.entries(sizes)) {
    const line = new RegExp(`^(const ${name} *= *)\\d+`, 'm');
    assert.match(text, line, `the example declares 'const ${name} = ...'`);
    text = text.replace(line, `$1${value}`);
  }
  const r = checkText(text, 'qmatmul_fp8.bir');
  assert.ok(r.program, r.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return r.program;
}

function uniform(seed: number, length: number): Float64Array {
  const random = mulberry32(seed);
  return Float64Array.from({ length }, () => random());
}

/** The kernel's inputs as the NKI test makes them, with the values the kernel sees and the unrounded ones. */
function makeInputs({ M, K, N }: Sizes) {
  const lhs = uniform(31, M * K);
  const rhs = uniform(32, K * N);
  const scale = new Float64Array(N);
  for (let k = 0; k < K; k++) for (let j = 0; j < N; j++) scale[j] = Math.max(scale[j], Math.abs(rhs[k * N + j]));
  for (let j = 0; j < N; j++) scale[j] /= FP8_RANGE;
  // rhsQ: the quantized rhs in its own [K, N] layout, as fp8e4m3 bit patterns.
  const rhsQ = Uint8Array.from(rhs, (v, i) => encode('fp8e4m3', v / scale[i % N]));
  // test_double_row_matmul.py's reshape: [K, N] to [K / 2, 2N], tiles (2t, n) and (2t + 1, n) side by side.
  const reshaped = new Uint8Array(K * N);
  for (let t = 0; t < K / TILE; t += 2) {
    for (let n = 0; n < N / 512; n++) {
      for (let p = 0; p < TILE; p++) {
        for (let x = 0; x < 512; x++) {
          const row = ((t / 2) * TILE + p) * 2 * N;
          reshaped[row + n * 1024 + x] = rhsQ[(t * TILE + p) * N + n * 512 + x];
          reshaped[row + n * 1024 + 512 + x] = rhsQ[((t + 1) * TILE + p) * N + n * 512 + x];
        }
      }
    }
  }
  const lhsBits = Uint16Array.from(lhs, (v) => encode('bf16', v));
  const scaleBits = Uint16Array.from({ length: TILE * N }, (_, i) => encode('bf16', scale[i % N]));
  const npy: Record<string, NpyArray> = {
    lhs: { dtype: 'u16', shape: [M, K], data: lhsBits },
    rhs_quantized: { dtype: 'u8', shape: [K / 2, 2 * N], data: reshaped },
    rhs_scale: { dtype: 'u16', shape: [TILE, N], data: scaleBits },
  };
  return {
    npy, lhs, rhs,
    lhsValues: Float64Array.from(lhsBits, (b) => decode('bf16', b)),
    rhsQValues: Float64Array.from(rhsQ, (b) => decode('fp8e4m3', b)),
    scaleValues: Float64Array.from(scaleBits.subarray(0, N), (b) => decode('bf16', b)),
  };
}

type Inputs = ReturnType<typeof makeInputs>;

function run(program: Program, inputs: Record<string, NpyArray>): { bits: Uint16Array; instructions: number } {
  const { outcome, machine } = runProgram(program, { inputs });
  assert.equal(outcome.kind, 'exited', outcome.kind === 'failed' ? outcome.fault.message : outcome.kind);
  const out = machine.drams.find((t) => t.name === 'result')!;
  assert.equal(out.dtype, 'bf16');
  return { bits: Uint16Array.from(out.data), instructions: machine.instructionsExecuted };
}

const bf16 = (v: number): number => roundTo('bf16', Math.fround(v));

/** Row i of the result in the kernel's order of rounding. */
function kernelRow({ K, N }: Sizes, inputs: Inputs, i: number): Float64Array {
  const result = new Float64Array(N);
  const psum = new Float32Array(N);
  const tile = new Float32Array(N);
  for (let k0 = 0; k0 < K; k0 += BLOCK_K) {
    const x = inputs.lhsValues.subarray(i * K + k0, i * K + k0 + BLOCK_K);
    let amax = 0;
    for (const v of x) amax = Math.max(amax, Math.abs(v));
    const scale = bf16(amax / FP8_RANGE);
    const q = Float64Array.from(x, (v) => roundTo('fp8e4m3', Math.fround(v / scale)));
    for (let pair = 0; pair < BLOCK_K / (2 * TILE); pair++) {
      tile.fill(0);
      for (let p = 0; p < TILE; p++) {
        const [k1, k2] = [2 * pair * TILE + p, (2 * pair + 1) * TILE + p];
        const [a1, a2] = [q[k1], q[k2]];
        const [row1, row2] = [(k0 + k1) * N, (k0 + k2) * N];
        for (let j = 0; j < N; j++) tile[j] += Math.fround(a1 * inputs.rhsQValues[row1 + j] + a2 * inputs.rhsQValues[row2 + j]);
      }
      for (let j = 0; j < N; j++) psum[j] = pair === 0 ? tile[j] : psum[j] + tile[j];
    }
    for (let j = 0; j < N; j++) result[j] = bf16(result[j] + bf16(bf16(0 + psum[j]) * scale));
  }
  return result.map((v, j) => bf16(v * inputs.scaleValues[j]));
}

/** Row i of np.matmul(lhs, rhs) of the inputs before they were cast or quantized, in double. */
function goldenRow({ K, N }: Sizes, inputs: Inputs, i: number): Float64Array {
  const row = new Float64Array(N);
  for (let k = 0; k < K; k++) {
    const a = inputs.lhs[i * K + k];
    for (let j = 0; j < N; j++) row[j] += a * inputs.rhs[k * N + j];
  }
  return row;
}

describe('examples/nki/qmatmul_fp8.bir: quantized_double_row_matmul written 1:1', function () {
  this.timeout(180_000);

  it('executes 1,980 instructions at the example\'s own sizes, within the bound of 2298', () => {
    const count = dynamicInstructionCount(example({ M: 512, K: 16384, N: 1024 }), 1);
    assert.equal(count, 1980);
    assert.ok(count <= 2298);
  });

  it('at M = 256, K = 4096, N = 1024: rows of both 128-row tiles bit for bit in the kernel\'s order of rounding, and within np.allclose(rtol=2e-2) of the unquantized product', () => {
    const sizes = { M: 256, K: 4096, N: 1024 };
    const inputs = makeInputs(sizes);
    const program = example(sizes);
    const { bits, instructions } = run(program, inputs.npy);
    assert.equal(instructions, dynamicInstructionCount(program, 1));
    let [differing, outside, first] = [0, 0, ''];
    for (const i of [0, 1, 37, 64, 127, 128, 129, 170, 200, 255]) {
      const kernel = kernelRow(sizes, inputs, i);
      const golden = goldenRow(sizes, inputs, i);
      for (let j = 0; j < sizes.N; j++) {
        const got = decode('bf16', bits[i * sizes.N + j]);
        if (!Object.is(got, kernel[j])) {
          differing++;
          first ||= `result[${i}, ${j}] = ${got}, the kernel's rounding gives ${kernel[j]}`;
        }
        if (!(Math.abs(got - golden[j]) <= 1e-8 + 2e-2 * Math.abs(golden[j]))) outside++;
      }
    }
    assert.equal(differing, 0, `${differing} elements differ; first ${first}`);
    assert.equal(outside, 0, `${outside} elements outside the test's tolerance`);
  });

  it('at M = 256, K = 2048, N = 1024: the same result, bit for bit, through every pass and the whole pipeline', () => {
    const sizes = { M: 256, K: 2048, N: 1024 };
    const inputs = makeInputs(sizes).npy;
    const program = example(sizes);
    const expected = run(program, inputs).bits;
    for (const passes of [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES]]) {
      const snaps = runPipeline(program, passes);
      const got = run(snaps[snaps.length - 1].program, inputs).bits;
      assert.ok(Buffer.from(got.buffer).equals(Buffer.from(expected.buffer)), passes.join(','));
    }
  });
});
