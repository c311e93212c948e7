/**
 * Every f32 input of the certified transcendental kernels against the exact path, bit for bit (not run by
 * `npm test`: a function takes minutes):
 *   npx tsx bench/transcendental-sweep.ts exp [tanh ...]     (all: every certified function)
 *   npx tsx bench/transcendental-sweep.ts exp --from 0x3f800000 --to 0x3f900000    (a range of bit patterns)
 *   npx tsx bench/transcendental-sweep.ts --reduction         (the smallest |y − M·π/2| of fast-sin.ts)
 *
 * Each of the 2^32 bit patterns goes through the kernel as Activation's argument (scale 1, bias −0, which leave
 * every f32 as it is, −0 and NaN payloads included); the elements the kernel leaves to the exact path are computed
 * there, as in the simulator (exact-lanes.ts); every result is compared with the exact path's f32 (alu.ts, NaN as
 * 0x7FC00000). It reports the mismatches (none expected), how many elements were left to the exact path and why
 * (a NaN argument, outside the function's fast domain, or near a rounding boundary), and some of the latter.
 */
import { performance } from 'perf_hooks';
import { normalize, sumError } from '../engine/base/double-double';
import { ActivationFunction } from '../engine/ir/opcodes';
import { activation, Unary } from '../engine/kernels/alu';
import { computeLeftLanes } from '../engine/kernels/exact-lanes';
import { allocate, f32At, simdKernels } from '../engine/kernels/simd';
import { Func } from '../engine/kernels/wasm/codes';

const CERTIFIED: Partial<Record<ActivationFunction, Func>> = {
  exp: Func.Exp, sigmoid: Func.Sigmoid, silu: Func.Silu, gelu: Func.Gelu, tanh: Func.Tanh, softplus: Func.Softplus,
  log: Func.Log, sin: Func.Sin, cos: Func.Cos,
};

/** Arguments each function leaves to the exact path whatever their value (certified.ts). */
const OUTSIDE_DOMAIN: Partial<Record<ActivationFunction, (y: number) => boolean>> = {
  log: (y) => !(y > 0 && y < Infinity),
  sin: (y) => !(Math.abs(y) <= 2 ** 20),
  cos: (y) => !(Math.abs(y) <= 2 ** 20),
  silu: (y) => !Number.isFinite(y),
  gelu: (y) => !Number.isFinite(y),
};

const ROWS = 16;
const COLS = 4096;
const CHUNK = ROWS * COLS;
const CANONICAL_NAN = 0x7fc00000;
const BOUNDARY_SAMPLES = 24;

interface Sweep {
  inputs: number;
  mismatches: number;
  nan: number;
  domain: number;
  boundary: number;
  samples: number[];
  seconds: number;
}

function sweep(func: ActivationFunction, from: number, to: number): Sweep {
  const code = CERTIFIED[func]!;
  const fn = activation(func);
  const outside = OUTSIDE_DOMAIN[func] ?? (() => false);
  const result: Sweep = { inputs: 0, mismatches: 0, nan: 0, domain: 0, boundary: 0, samples: [], seconds: 0 };
  const started = performance.now();
  for (let start = from; start < to; start += CHUNK) {
    const n = Math.min(CHUNK, to - start);
    const k = simdKernels(4 * CHUNK)!;
    const [x, scale, bias, out, left] = [allocate(CHUNK, 4), allocate(ROWS, 4), allocate(ROWS, 4), allocate(CHUNK, 4), allocate(CHUNK, 4)];
    const bits = new Uint32Array(k.memory.buffer, x, CHUNK);
    for (let i = 0; i < CHUNK; i++) bits[i] = (start + Math.min(i, n - 1)) >>> 0;
    f32At(scale, ROWS).fill(1);
    f32At(bias, ROWS).fill(-0);
    const count = k.activation(code, x, scale, bias, out, ROWS, COLS, left);
    const indices = new Int32Array(k.memory.buffer, left, count).slice();
    computeLeftLanes(k, fn, out, CHUNK, left, count);
    const inputs = f32At(x, CHUNK);
    const outBits = new Uint32Array(k.memory.buffer, out, CHUNK);
    result.mismatches += compare(fn, inputs, outBits, n, func);
    for (const i of indices) {
      if (i >= n) continue;
      const y = inputs[i];
      if (y !== y) result.nan++;
      else if (outside(y)) result.domain++;
      else {
        result.boundary++;
        keepSample(result, bits[i]);
      }
    }
    result.inputs += n;
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/** A reservoir of boundary inputs: each one found is kept with the same chance, so they spread over the range. */
let draws = 0x2545f491;
function keepSample(result: Sweep, bits: number): void {
  if (result.samples.length < BOUNDARY_SAMPLES) {
    result.samples.push(bits);
    return;
  }
  draws ^= draws << 13;
  draws ^= draws >>> 17;
  draws ^= draws << 5;
  const slot = (draws >>> 0) % result.boundary;
  if (slot < BOUNDARY_SAMPLES) result.samples[slot] = bits;
}

const one = new Float32Array(1);
const oneBits = new Uint32Array(one.buffer);

/** The exact path's stored bits for y. */
function exactBits(fn: Unary, y: number): number {
  const r = fn(y);
  if (r !== r) return CANONICAL_NAN;
  one[0] = r;
  return oneBits[0];
}

function compare(fn: Unary, inputs: Float32Array, outBits: Uint32Array, n: number, func: string): number {
  let mismatches = 0;
  for (let i = 0; i < n; i++) {
    const expected = exactBits(fn, inputs[i]);
    if (outBits[i] !== expected) {
      if (mismatches++ < 10) console.log(`MISMATCH ${func}(${inputs[i]}): 0x${hex(outBits[i])}, exact 0x${hex(expected)}`);
    }
  }
  return mismatches;
}

const hex = (b: number): string => (b >>> 0).toString(16).padStart(8, '0');

// ---------------------------------------------------------------------------------------------
// The reduction of fast-sin.ts: the smallest |y − M·π/2| over f32 y in (π/4, 2^20], in double-double.

const TWO_OVER_PI = 0.6366197723675814;
const PIO2 = [1.5707963267341256, 6.077100506303966e-11, 2.0222662487111665e-21, 8.4784276603689e-32];

function smallestReduced(): { r: number; at: number } {
  const f = new Float32Array(1);
  const b = new Uint32Array(f.buffer);
  let best = { r: Infinity, at: 0 };
  for (let bitsOf = 0x3f490fdc; bitsOf <= 0x49800000; bitsOf++) {
    b[0] = bitsOf;
    const a = f[0];
    const n = Math.floor(a * TWO_OVER_PI + 0.5);
    const v = a - n * PIO2[0];
    const p2 = n * PIO2[1];
    const s = v - p2;
    const p3 = n * PIO2[2];
    const t = s - p3;
    const r = Math.abs(normalize(t, sumError(v, -p2, s) + sumError(s, -p3, t) - n * PIO2[3]).hi);
    if (r < best.r) best = { r, at: a };
  }
  return best;
}

// ---------------------------------------------------------------------------------------------

function main(argv: string[]): number {
  if (argv.includes('--reduction')) {
    const t0 = performance.now();
    const { r, at } = smallestReduced();
    console.log(`smallest |y − M·π/2| over f32 y in (π/4, 2^20]: ${r} (2^${Math.log2(r).toFixed(2)}) at y = ${at}; ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return 0;
  }
  const option = (name: string, fallback: number): number => {
    const i = argv.indexOf(name);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const from = option('--from', 0);
  const to = option('--to', 2 ** 32);
  const named = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1].startsWith('--')));
  const funcs = (named.includes('all') ? Object.keys(CERTIFIED) : named) as ActivationFunction[];
  if (funcs.length === 0 || funcs.some((f) => CERTIFIED[f] === undefined)) {
    console.log(`usage: transcendental-sweep.ts FUNCTION... | all  [--from BITS --to BITS] | --reduction   (functions: ${Object.keys(CERTIFIED).join(', ')})`);
    return 2;
  }
  let failed = false;
  for (const func of funcs) {
    const s = sweep(func, from, to);
    const leftCount = s.nan + s.domain + s.boundary;
    console.log(`${func}: ${s.inputs} inputs (0x${hex(from)}..0x${hex(to - 1)}) in ${s.seconds.toFixed(1)} s: ${s.mismatches} mismatches; ` +
      `left to the exact path ${leftCount} (NaN ${s.nan}, outside the fast domain ${s.domain}, near a rounding boundary ${s.boundary})`);
    console.log(`  near a boundary, some: ${s.samples.sort((a, b) => a - b).map((b) => `0x${hex(b)}`).join(', ')}`);
    failed ||= s.mismatches > 0;
  }
  return failed ? 1 : 0;
}

process.exitCode = main(process.argv.slice(2));
