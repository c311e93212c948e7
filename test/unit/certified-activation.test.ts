/**
 * The certified transcendental activations (engine/kernels/wasm/certified.ts) against the exact path (alu.ts on
 * base/math.ts), bit for bit: the kernel with the elements it leaves computed on the host (exact-lanes.ts) must
 * store exactly what the scalar path stores, for every function and input.
 *
 * - a dense random sample of every function: random f32 bit patterns (the whole range: NaN payloads, subnormals,
 *   huge values), values in the ranges models use, and edge cases (±0, subnormals, powers of two and their
 *   neighbours, infinities, the thresholds where a function saturates, the f32 closest to multiples of π/2, and
 *   inputs the exhaustive sweep found near rounding boundaries);
 * - every value of bf16, f16 and the fp8 formats through Activation programs, the kernels on and off;
 * - scale and bias per partition and rows of every length (the vectors' tails);
 * - how few elements are left to the exact path on common data.
 * The exhaustive sweep of all 2^32 inputs is `npx tsx bench/transcendental-sweep.ts` (docs/benchmarks.md).
 */
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as path from 'path';
import { DType } from '../../engine/base/dtype';
import { ActivationFunction } from '../../engine/ir/opcodes';
import { activation } from '../../engine/kernels/alu';
import { computeLeftLanes } from '../../engine/kernels/exact-lanes';
import { allocate, f32At, setSimdKernels, simdKernels } from '../../engine/kernels/simd';
import { Func } from '../../engine/kernels/wasm/codes';
import { runProgram } from '../../engine/run/simulate';
import { programOf } from '../helpers/virtual-host';

const CERTIFIED: Record<string, Func> = {
  exp: Func.Exp, sigmoid: Func.Sigmoid, silu: Func.Silu, gelu: Func.Gelu, tanh: Func.Tanh, softplus: Func.Softplus,
  log: Func.Log, sin: Func.Sin, cos: Func.Cos,
};
const FUNCS = Object.keys(CERTIFIED) as ActivationFunction[];
const CANONICAL_NAN = 0x7fc00000;
const RANDOM_PATTERNS = 1 << 20;
const TYPICAL_VALUES = 1 << 19;

// ---------------------------------------------------------------------------------------------
// Values

const cell = new Float32Array(1);
const cellBits = new Uint32Array(cell.buffer);

function f32OfBits(bits: number): number {
  cellBits[0] = bits >>> 0;
  return cell[0];
}

function bitsOfF32(x: number): number {
  cell[0] = x;
  return cellBits[0];
}

/** A small deterministic generator (xorshift32), so that a failure can be reproduced. */
function generator(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>>= 0);
  };
}

/** x and the f32 values up to `ulps` patterns away on either side. */
function around(x: number, ulps = 4): number[] {
  const b = bitsOfF32(x);
  return Array.from({ length: 2 * ulps + 1 }, (_, i) => f32OfBits(b + i - ulps));
}

/** Inputs every function meets: zeros, subnormals, powers of two, extremes, infinities, NaN payloads. */
const COMMON_EDGES: readonly number[] = [
  0, -0, ...[1, 2, 3, 0x7fffff, 0x400000, 0x800000].flatMap((b) => [f32OfBits(b), f32OfBits(b | 0x80000000)]),
  ...Array.from({ length: 277 }, (_, i) => 2 ** (i - 149)).flatMap((p) => [...around(p, 1), ...around(-p, 1)]),
  3.4028234663852886e38, -3.4028234663852886e38, Infinity, -Infinity,
  ...[0x7fc00000, 0xffc00000, 0x7f800001, 0x7fbfffff, 0xffffffff, 0x7fa00001].map(f32OfBits),
];

/** Where each function's algorithm changes: saturation thresholds and clamps (certified.ts), and their neighbours. */
const THRESHOLDS: Record<string, readonly number[]> = {
  exp: [-104, -103.972077, -103.27893, -87.336544, 88.72284, 89, 104, 0.34657359, -0.34657359, 1e-8],
  sigmoid: [-104, -103.972, -88.7, 16.635532, 17.3, 50, 104],
  silu: [-110, -109.5, -104, -103.9, -88, 50, 104],
  gelu: [-10.9, -10.85, -11, -12, -5, 50, 104],
  tanh: [7.4505806e-9, 1.4901161e-8, 0.17328680, 9, 9.01, 10, 19.06, 20, 40],
  softplus: [-104, -103.97, -88, 16.6, 104, 105],
  log: [1, 0.70710677, 1.4142135, 2, 0.5, 1.1754944e-38],
  sin: [1048576, 1048576.125, 252.89820861816406, 0.78539816, 1.5707963, 3.1415927, 1.4901161e-8],
  cos: [1048576, 1048576.125, 252.89820861816406, 0.78539816, 1.5707963, 3.1415927, 7.4505806e-9],
};

/**
 * Inputs the exhaustive sweep (bench/transcendental-sweep.ts) left to the exact path for being near a rounding
 * boundary of f32: some of each function, as bit patterns.
 */
const NEAR_BOUNDARIES: Record<string, readonly number[]> = {
  exp: [0x337ffc00, 0x337ffca1, 0x372affc4, 0x38033f7a, 0x3951ea9f, 0x3998e24b, 0x3f008c3d, 0x41e618a0, 0x426b9c17, 0xb2fffa19, 0xb42000c9, 0xb6ed0037, 0xbd0f6fc8, 0xbe5f7707, 0xc0739ab5],
  sigmoid: [0x34bfff48, 0x35600070, 0x35b00034, 0x3759fffb, 0x388a4001, 0x3bfda953, 0x3cfedb83, 0x3df000c8, 0x3fc49399, 0x418aa15b, 0xb3800274, 0xb4a000a4, 0xb54fffbe, 0xb587fff9, 0xb5f80019, 0xb7818004, 0xb8124002, 0xb8c6e000, 0xb9c2c800, 0xbd67d667, 0xc000eb60, 0xc119f120, 0xc1b60567, 0xc1c3019c],
  silu: [0x3f00102b, 0x3f00fec3, 0x3f022bfb, 0x3f03b0b2, 0x3f0580c7, 0x3f06af2f],
  gelu: [0x3f002827, 0x3f01e121, 0x3f02edaf, 0x3f03dcf0, 0x3f04b0db, 0x3f056752],
  tanh: [0x39b89b77, 0x3aa2eec2, 0x3cd8a20c, 0x3f005d1a, 0x3fb67389, 0x3ff1ccde, 0x40803875, 0xb9b89bc0, 0xbca2ec01, 0xbeecff89, 0xbf9e8c1d, 0xbfed8202, 0xc037fac2, 0xc047f350],
  softplus: [0x3f002951, 0x3f0168dc, 0x3f02110a, 0x3f02bd45, 0x3f03f1d3, 0x3f054a40],
  log: [0x0793ff2f, 0x149e7c00, 0x1f116ab8, 0x23417556, 0x2530651c, 0x28eb675d, 0x2d7da025, 0x2f12caf6, 0x346b318a, 0x350b57e2, 0x3f008460, 0x4293265d, 0x4803ccc1, 0x487d390b, 0x48d2a0c9, 0x503d2e41, 0x5473a09b, 0x5a56a7d5, 0x5f65ca7e, 0x636ab623, 0x6a99bbef, 0x6f206694, 0x765e7dbd, 0x7773dcd6, 0x78f8be52],
  sin: [0x3f02ed0e, 0x3f166a85, 0x3f2a008e, 0x3f3e6bfd],
  cos: [0x3f00d426, 0x3f0b0f0f, 0x3f176a4d, 0x3f22f32a, 0x3f362cdd],
};

/** The range models use each function on (log: positive). */
function typicalValue(func: string, next: () => number): number {
  const unit = next() / 2 ** 32;
  switch (func) {
    case 'log': return Math.fround(1e-3 + unit * 100);
    case 'sin': case 'cos': return Math.fround((unit - 0.5) * 200);
    default: return Math.fround((unit - 0.5) * 40);
  }
}

/** The f32 nearest to multiples of π/2, where sin or cos is nearest to 0. */
const NEAR_HALF_TURNS = Array.from({ length: 400 }, (_, k) => [Math.fround(k * Math.PI / 2), Math.fround(k * 997 * Math.PI / 2)]).flat().flatMap((x) => around(x, 2));

function inputsOf(func: string): Float32Array {
  const next = generator(0x9e3779b9 ^ func.length * 7919 ^ func.charCodeAt(0));
  const values: number[] = [...COMMON_EDGES];
  for (const t of THRESHOLDS[func]) values.push(...around(t), ...around(-t));
  values.push(...NEAR_BOUNDARIES[func].map(f32OfBits));
  if (func === 'sin' || func === 'cos') values.push(...NEAR_HALF_TURNS, ...NEAR_HALF_TURNS.map((x) => -x));
  for (let i = 0; i < RANDOM_PATTERNS; i++) values.push(f32OfBits(next()));
  for (let i = 0; i < TYPICAL_VALUES; i++) values.push(typicalValue(func, next));
  return Float32Array.from(values);
}

// ---------------------------------------------------------------------------------------------
// The kernel, and the exact path

interface Through {
  readonly bits: Uint32Array;
  readonly left: number;
}

/** func(x·scale[p] + bias[p]) of rows × cols values through the kernel, the elements it leaves computed exactly. */
function throughKernel(func: ActivationFunction, values: Float32Array, rows: number, cols: number, scale: readonly number[], bias: readonly number[]): Through {
  const n = rows * cols;
  const k = simdKernels(5 * n + 2 * rows)!;
  const [x, sc, bi, out, left] = [allocate(n, 4), allocate(rows, 4), allocate(rows, 4), allocate(n, 4), allocate(n, 4)];
  f32At(x, n).set(values);
  f32At(sc, rows).set(scale);
  f32At(bi, rows).set(bias);
  const count = k.activation(CERTIFIED[func], x, sc, bi, out, rows, cols, left);
  computeLeftLanes(k, activation(func), out, n, left, count);
  return { bits: new Uint32Array(k.memory.buffer, out, n).slice(), left: count };
}

/** What the scalar path stores for y: the exact f32, NaN as 0x7FC00000. */
function exactBits(func: ActivationFunction, y: number): number {
  const r = activation(func)(y);
  return r === r ? bitsOfF32(r) : CANONICAL_NAN;
}

function assertSameBits(func: ActivationFunction, arguments_: ArrayLike<number>, got: Uint32Array): void {
  const wrong: string[] = [];
  for (let i = 0; i < arguments_.length && wrong.length < 5; i++) {
    const expected = exactBits(func, arguments_[i]);
    if (got[i] !== expected) wrong.push(`${func}(${arguments_[i]} = 0x${bitsOfF32(arguments_[i]).toString(16)}): 0x${got[i].toString(16)}, exact 0x${expected.toString(16)}`);
  }
  assert.deepEqual(wrong, []);
}

// ---------------------------------------------------------------------------------------------

describe('certified transcendental activations: the kernels store what the exact path stores', () => {
  for (const func of FUNCS) {
    it(`${func}: random f32 patterns, typical values and edge cases, bit for bit`, () => {
      const values = inputsOf(func);
      // Scale 1 and bias −0 leave every f32 as it is (−0 and NaN payloads included).
      const { bits } = throughKernel(func, values, 1, values.length, [1], [-0]);
      assertSameBits(func, values, bits);
    });
  }

  it('scale and bias per partition, rows of 1 to 19 elements (every tail of a vector and of a pair of vectors)', () => {
    const next = generator(12345);
    for (const func of FUNCS) {
      for (let cols = 1; cols <= 19; cols++) {
        const rows = 5;
        const values = Float32Array.from({ length: rows * cols }, () => typicalValue(func, next) / 4);
        const scale = Array.from({ length: rows }, (_, p) => Math.fround([1, -2, 0.3, 3.5, -0.75][p]));
        const bias = Array.from({ length: rows }, (_, p) => Math.fround([0, 1.25, -0.5, 2, -1e-3][p]));
        const { bits } = throughKernel(func, values, rows, cols, scale, bias);
        const args = Array.from(values, (x, i) => Math.fround(Math.fround(x * scale[Math.floor(i / cols)]) + bias[Math.floor(i / cols)]));
        assertSameBits(func, args, bits);
      }
    }
  });

  it('every value of bf16, f16, fp8e4m3 and fp8e5m2 through Activation programs: the same stored bits with the kernels on and off', () => {
    for (const dtype of ['bf16', 'f16', 'fp8e4m3', 'fp8e5m2'] as DType[]) {
      const patterns = dtype.startsWith('fp8') ? 256 : 65536;
      const cols = patterns / 128;
      const raw = dtype.startsWith('fp8') ? Uint8Array.from({ length: patterns }, (_, i) => i) : Uint16Array.from({ length: patterns }, (_, i) => i);
      for (const func of FUNCS) {
        const text = `module act
dram x : ${dtype}[128, ${cols}] input
dram y : ${dtype}[128, ${cols}] output
dram z : f32[128, ${cols}] output
func main() {
  sbuf s : ${dtype}[128, ${cols}]
  sbuf t : ${dtype}[128, ${cols}]
  sbuf u : f32[128, ${cols}]
  DmaCopy s <- x
  Activation t <- s, func = ${func}, scale = 1.5, bias = -0.25
  Activation u <- s, func = ${func}
  DmaCopy y <- t
  DmaCopy z <- u
}
`;
        const run = (simd: boolean): Buffer[] => {
          setSimdKernels(simd);
          try {
            const program = programOf(text);
            const { outcome, machine } = runProgram(program, { inputs: { x: { dtype: patterns === 256 ? 'u8' : 'u16', shape: [128, cols], data: raw } } });
            assert.equal(outcome.kind, 'exited', `${dtype} ${func}`);
            return ['y', 'z'].map((name) => {
              const data = machine.drams[program.drams.find((d) => d.name === name)!.slot].data;
              return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
            });
          } finally {
            setSimdKernels(true);
          }
        };
        const [on, off] = [run(true), run(false)];
        assert.ok(on[0].equals(off[0]) && on[1].equals(off[1]), `${dtype} ${func}: the stored bits differ`);
      }
    }
  });

  it('leaves few elements to the exact path on the values models use: under 1 in 1,000', () => {
    const next = generator(777);
    for (const func of FUNCS) {
      const values = Float32Array.from({ length: 1 << 16 }, () => typicalValue(func, next));
      const { left } = throughKernel(func, values, 128, 512, Array(128).fill(1), Array(128).fill(0));
      assert.ok(left < values.length / 1000, `${func}: ${left} of ${values.length} left`);
    }
  });

  it("gelu's constant in the kernel is alu.ts's Math.sqrt(2 / Math.PI)", () => {
    const source = fs.readFileSync(path.join(__dirname, '../../engine/kernels/wasm/certified.ts'), 'utf8');
    const literal = /SQRT_2_OVER_PI: f64 = ([0-9.e+-]+);/.exec(source)?.[1];
    assert.equal(Number(literal), Math.sqrt(2 / Math.PI));
  });
});
