// examples/nki/matmul.bir, NKI's nki_matmul_fully_optimized_ written 1:1, run on inputs generated here (bf16, fed as
// their u16 bit patterns as /work/shared/design/nki-examples.md says) and compared with plain references written here:
// - at the tutorial's tolerance, torch.allclose(torch.matmul(lhs, rhs), result, atol=1e-4, rtol=1e-2), against the
//   exact product of the bf16 inputs (in double);
// - bit for bit against the kernel's own order of rounding, which the ISA and docs/bir-language.md fix: each
//   nc_matmul sums its 128 products in f32 in increasing k (a product of two bf16 values is exact in f32), the
//   8 matmuls of a K block accumulate into PSUM in f32 in the order of bk, tensor_tensor adds that to the bf16 tile
//   memset to 0 (rounding to bf16), and the copies out move bf16 values unchanged. With K = 1024 there is one K block.
// The reference is computed for one row of every 128-row tile of the result (a different partition in each, the
// first and the last row included), every column: all 64 (m, bm) tiles and all 4 (n, bn) tiles of each, since the
// whole product (8.6e9 multiply-adds in plain JavaScript) would take minutes.
// The run stays within the table's bound of 2280 instructions executed.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkProgram } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram } from '../../engine/run/simulate';
import { NpyArray } from '../../engine/io/npy';
import { decode, encode, roundTo } from '../../engine/machine/dtypes';
import { mulberry32 } from '../../engine/machine/random';
import { Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';

const EXAMPLE = path.resolve(__dirname, '..', '..', 'examples', 'nki', 'matmul.bir');
const [K, M, N, TILE_K] = [1024, 4096, 2048, 128];

function example(): Program {
  const r = checkProgram(EXAMPLE);
  assert.ok(r.program, r.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return r.program;
}

/** bf16 values uniform in [-1, 1), seeded, as their bit patterns and as numbers. */
function bf16Input(seed: number, rows: number, cols: number): { bits: Uint16Array; values: Float32Array } {
  const random = mulberry32(seed);
  const bits = Uint16Array.from({ length: rows * cols }, () => encode('bf16', -1 + 2 * random()));
  return { bits, values: Float32Array.from(bits, (b) => decode('bf16', b)) };
}

/** Runs the example; the result's stored elements (bf16 bit patterns), its shape and the instructions executed. */
function run(program: Program, inputs: Record<string, NpyArray>): { bits: Uint16Array; shape: readonly number[]; instructions: number } {
  const { outcome, machine } = runProgram(program, { inputs });
  assert.equal(outcome.kind, 'exited', outcome.kind === 'failed' ? outcome.fault.message : outcome.kind);
  const out = machine.drams.find((t) => t.name === 'result')!;
  assert.equal(out.dtype, 'bf16');
  return { bits: Uint16Array.from(out.data), shape: out.shape, instructions: machine.instructionsExecuted };
}

/**
 * Row i of lhsTᵀ · rhs, in the kernel's order of rounding (the bf16 result as numbers) and exactly (in double).
 * lhsT is [K, M], rhs [K, N].
 */
function referenceRow(lhsT: Float32Array, rhs: Float32Array, i: number): { kernel: Float64Array; exact: Float64Array } {
  const psum = new Float32Array(N);
  const tile = new Float32Array(N);
  const exact = new Float64Array(N);
  for (let k0 = 0; k0 < K; k0 += TILE_K) {
    tile.fill(0);
    for (let k = k0; k < k0 + TILE_K; k++) {
      const a = lhsT[k * M + i];
      for (let j = 0; j < N; j++) {
        const product = a * rhs[k * N + j];
        tile[j] += product; // a Float32Array element: the f32 sum (exact product, one rounding)
        exact[j] += product;
      }
    }
    for (let j = 0; j < N; j++) psum[j] = k0 === 0 ? tile[j] : psum[j] + tile[j];
  }
  return { kernel: Float64Array.from(psum, (v) => roundTo('bf16', 0 + v)), exact };
}

/** One row of each 128-row tile, at a partition that moves from tile to tile; the first and the last row of the result. */
const CHECKED_ROWS = [...Array.from({ length: M / 128 }, (_, t) => t * 128 + ((t * 41 + 7) % 128)), 0, M - 1];

describe('examples/nki/matmul.bir: nki_matmul_fully_optimized_ written 1:1', function () {
  this.timeout(120_000);
  const lhsT = bf16Input(241, K, M);
  const rhs = bf16Input(242, K, N);
  const inputs: Record<string, NpyArray> = {
    lhsT: { dtype: 'u16', shape: [K, M], data: lhsT.bits },
    rhs: { dtype: 'u16', shape: [K, N], data: rhs.bits },
  };
  let written: Uint16Array | undefined;

  it('the checked rows bit for bit in the kernel\'s order of rounding, and within torch.allclose(atol=1e-4, rtol=1e-2) of the exact product', () => {
    const { bits, shape, instructions } = run(example(), inputs);
    written = bits;
    assert.deepEqual(shape, [M, N]);
    assert.ok(instructions <= 2280, `${instructions} instructions (bound 2280)`);
    let differing = 0, outside = 0;
    let first = '';
    for (const i of CHECKED_ROWS) {
      const { kernel, exact } = referenceRow(lhsT.values, rhs.values, i);
      for (let j = 0; j < N; j++) {
        const got = decode('bf16', bits[i * N + j]);
        if (!Object.is(got, kernel[j])) {
          differing++;
          first ||= `result[${i}, ${j}] = ${got}, the kernel's rounding gives ${kernel[j]}`;
        }
        if (!(Math.abs(got - exact[j]) <= 1e-4 + 1e-2 * Math.abs(exact[j]))) outside++;
      }
    }
    assert.equal(differing, 0, `${differing} elements differ; first ${first}`);
    assert.equal(outside, 0, `${outside} elements outside the tutorial's tolerance`);
  });

  it('the same result, bit for bit, through every pass and the whole pipeline', () => {
    const program = example();
    const expected = written ?? run(program, inputs).bits;
    for (const passes of [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES]]) {
      const snaps = runPipeline(program, passes);
      const got = run(snaps[snaps.length - 1].program, inputs).bits;
      assert.ok(Buffer.from(got.buffer).equals(Buffer.from(expected.buffer)), passes.join(','));
    }
  });
});
