// examples/nki/mx_matmul.bir, the MX tutorial's kernel_offline_quantized_mx_matmul written 1:1, run on inputs made as
// the tutorial's own test makes them (mx_toplevel.py run_offline_quantized_matmul_mx_test with float8_e5m2: M, K, N =
// 128, 128, 512; mx_cpu_utils.py generate_stabilized_mx_data for the unquantized shapes [K, 4M] and [K, 4N]: values
// uniform in (-57344, 57344) cast to fp8e5m2, one element of each 8×4 block set to ±[1, 1.5)·2^15, scales uniform
// integers in [101, 111], the 4 values of each group of 4 columns packed into a u32 from the lowest byte; the scales
// contiguous, [K / 8, F]), compared with plain references written here:
// - the tutorial's check, np.allclose(result, nc_matmul_mx_golden(...), rtol=5e-2, atol=5e-2), against the golden's
//   arithmetic in double: unpack, multiply each value by 2^(scale − 127) of its block, contract over k and the 4 values;
// - bit for bit against the rounding the simulator defines (docs/bir-language.md, MatMultMX): per partition p the f64
//   sum of its 4 products times the two scales, rounded to f32; summed in f32 in increasing p; rounded to bf16 in PSUM.
// Random numbers are mulberry32's, not NumPy's: the same distributions, other draws.
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

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'nki', 'mx_matmul.bir');
const [M, K, N] = [128, 128, 512];
const E5M2_MAX = 57344;
const MAX_EXP = 15;

function example(): Program {
  const r = checkText(fs.readFileSync(EXAMPLE, 'utf8'), 'mx_matmul.bir');
  assert.ok(r.program, r.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return r.program;
}

/** MX data of the unquantized shape [rows, cols] as generate_stabilized_mx_data makes it: fp8e5m2 bits and scales. */
function stabilizedMx(seed: number, rows: number, cols: number): { bytes: Uint8Array; scales: Uint8Array } {
  const random = mulberry32(seed);
  const values = Float64Array.from({ length: rows * cols }, () => (random() * 2 - 1) * E5M2_MAX);
  for (let i = 0; i < rows; i += 8) {
    for (let j = 0; j < cols; j += 4) {
      // np.random.randint(0, 7) and (0, 3): the high end is excluded.
      const [ti, tj] = [Math.floor(random() * 7), Math.floor(random() * 3)];
      const sign = random() < 0.5 ? -1 : 1;
      values[(i + ti) * cols + j + tj] = sign * (1 + random() * 0.5) * 2 ** MAX_EXP;
    }
  }
  const upper = Math.min(255, Math.trunc(Math.log2(1 / E5M2_MAX) + 127));
  const scales = Uint8Array.from({ length: (rows / 8) * (cols / 4) }, () => upper - 10 + Math.floor(random() * 11));
  return { bytes: Uint8Array.from(values, (v) => encode('fp8e5m2', v)), scales };
}

/** Four bytes per u32, the first in the lowest byte (pack_mx_data_into_x4's view(np.uint32) on a little-endian host). */
function packX4(bytes: Uint8Array): Uint32Array {
  return new Uint32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

function makeInputs() {
  const st = stabilizedMx(41, K, 4 * M);
  const mv = stabilizedMx(42, K, 4 * N);
  const npy: Record<string, NpyArray> = {
    stationary_mx_data: { dtype: 'u32', shape: [K, M], data: packX4(st.bytes) },
    stationary_mx_scale: { dtype: 'u8', shape: [K / 8, M], data: st.scales },
    moving_mx_data: { dtype: 'u32', shape: [K, N], data: packX4(mv.bytes) },
    moving_mx_scale: { dtype: 'u8', shape: [K / 8, N], data: mv.scales },
  };
  // The values the golden multiplies: each unpacked value times 2^(e − 127) of its block (exact in double).
  const scaled = (x: { bytes: Uint8Array; scales: Uint8Array }, cols: number) =>
    Float64Array.from(x.bytes, (b, i) => decode('fp8e5m2', b) * 2 ** (x.scales[Math.floor(i / (8 * 4 * cols)) * cols + Math.floor((i % (4 * cols)) / 4)] - 127));
  return { npy, st, mv, stScaled: scaled(st, M), mvScaled: scaled(mv, N) };
}

type Inputs = ReturnType<typeof makeInputs>;

function run(program: Program, inputs: Record<string, NpyArray>): { bits: Uint16Array; instructions: number } {
  const { outcome, machine } = runProgram(program, { inputs });
  assert.equal(outcome.kind, 'exited', outcome.kind === 'failed' ? outcome.fault.message : outcome.kind);
  const out = machine.drams.find((t) => t.name === 'result_hbm')!;
  assert.equal(out.dtype, 'bf16');
  return { bits: Uint16Array.from(out.data), instructions: machine.instructionsExecuted };
}

/** nc_matmul_mx_golden's einsum("kiq,kjq->ij") of the scaled values, in double. */
function goldenAt(x: Inputs, i: number, j: number): number {
  let sum = 0;
  for (let k = 0; k < K; k++) for (let q = 0; q < 4; q++) sum += x.stScaled[(k * M + i) * 4 + q] * x.mvScaled[(k * N + j) * 4 + q];
  return sum;
}

/** Element [i, j] in the simulator's rounding: per partition one f32 rounding, f32 sums in increasing k, then bf16. */
function simulatorAt(x: Inputs, i: number, j: number): number {
  let acc = 0;
  for (let k = 0; k < K; k++) {
    let dot = 0;
    for (let q = 0; q < 4; q++) dot += decode('fp8e5m2', x.st.bytes[(k * M + i) * 4 + q]) * decode('fp8e5m2', x.mv.bytes[(k * N + j) * 4 + q]);
    const scale = 2 ** (x.st.scales[Math.floor(k / 8) * M + i] - 127) * 2 ** (x.mv.scales[Math.floor(k / 8) * N + j] - 127);
    acc = Math.fround(acc + Math.fround(dot * scale));
  }
  return roundTo('bf16', acc);
}

describe('examples/nki/mx_matmul.bir: kernel_offline_quantized_mx_matmul written 1:1', function () {
  this.timeout(120_000);
  const program = example();
  const inputs = makeInputs();
  const expected = run(program, inputs.npy);

  it('executes 15 instructions, within the bound of 22, as the program says before it runs', () => {
    assert.equal(expected.instructions, 15);
    assert.equal(dynamicInstructionCount(program, 1), 15);
  });

  it('computes every element bit for bit in the simulator\'s rounding, and within np.allclose(rtol=5e-2, atol=5e-2) of the tutorial\'s golden', () => {
    let [differing, outside, first] = [0, 0, ''];
    for (let i = 0; i < M; i++) {
      for (let j = 0; j < N; j++) {
        const got = decode('bf16', expected.bits[i * N + j]);
        const want = simulatorAt(inputs, i, j);
        if (!Object.is(got, want)) {
          differing++;
          first ||= `result_hbm[${i}, ${j}] = ${got}, the simulator's rounding gives ${want}`;
        }
        const golden = goldenAt(inputs, i, j);
        if (!(Math.abs(got - golden) <= 5e-2 + 5e-2 * Math.abs(golden))) outside++;
      }
    }
    assert.equal(differing, 0, `${differing} elements differ; first ${first}`);
    assert.equal(outside, 0, `${outside} elements outside the tutorial's tolerance`);
  });

  it('the results are not trivially small: the data reaches the blocks\' largest values', () => {
    const values = Array.from(expected.bits, (b) => Math.abs(decode('bf16', b)));
    assert.ok(Math.max(...values) > 1, `largest |result| ${Math.max(...values)}`);
  });

  it('gives the same bits through every pass and the whole pipeline', () => {
    for (const passes of [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES]]) {
      const snaps = runPipeline(program, passes);
      const got = run(snaps[snaps.length - 1].program, inputs.npy).bits;
      assert.ok(Buffer.from(got.buffer).equals(Buffer.from(expected.bits.buffer)), passes.join(','));
    }
  });
});
