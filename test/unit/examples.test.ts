// The programs of examples/ against plain references, through runProgram and through the CLI; and the
// programs of examples/faults/, each with its code, message and position.
//
// The references below are ordinary loops over arrays written from the language reference
// (docs/bir-language.md), not from the kernels: nothing here calls engine/kernels. Where the semantics are
// exact (copies, transposes, max, relu, f32 adds and multiplies, MatMult's f32 accumulation in increasing k)
// the reference performs the same roundings in the same order and outputs are compared bit for bit. Where a
// transcendental function is involved, the comparison has a tolerance, written down with its reason.
import { decodeDump, encodeDump, makeDump } from '../../engine/io/dump';
import { restoreDump } from '../../engine/host/restore-dump';
import * as assert from 'node:assert/strict';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main as cli } from '../../engine/cli/bir-sim';
import { exampleData } from '../../examples/data/generate';
import { encodeNpy, readNpyFile } from '../../engine/io/npy';
import { tensorToNpy } from '../../engine/io/tensor-files';
import { Program } from '../../engine/ir/program';
import { checkProgram } from '../../engine/lang/check/checker';
import { roundTo } from '../../engine/machine/dtypes';
import { Fault, FaultCode } from '../../engine/machine/fault';
import { Machine } from '../../engine/machine/machine';
import { ExecutionHooks } from '../../engine/run/hooks';
import { Interpreter, RunOutcome } from '../../engine/run/interpreter';
import { npyMachineOptions, runProgram, RunOptions } from '../../engine/run/simulate';
import { allNodes } from '../../engine/passes/pass';

const EXAMPLES = path.resolve(__dirname, '../../examples');
const DATA = path.join(EXAMPLES, 'data');

// ---------------------------------------------------------------------------------------------
// Plain arithmetic: f32 and bf16 rounding, the random() initializer, the .npy inputs

const f32 = Math.fround;
/** bf16 rounding (dtypes.roundTo is tested bit for bit on its own in dtypes.test.ts). */
const bf16 = (x: number): number => roundTo('bf16', x);

/**
 * `random(seed=s, low=a, high=b)` as the reference defines it: element i is a + (b − a)·u_i with u_i the i-th
 * draw of mulberry32 seeded with s, divided by 2^32; then rounded to the tensor's dtype (f32 here).
 */
function random(count: number, seed: number, low: number, high: number): Float64Array {
  let state = seed >>> 0;
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    // mulberry32 (Tommy Ettinger), one 32-bit draw per step.
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const draw = (t ^ (t >>> 14)) >>> 0;
    out[i] = f32(low + (high - low) * (draw / 4294967296));
  }
  return out;
}

/** The values of an f32 .npy file of examples/data, checked to have the shape the program declares. */
function npy(name: string, shape: number[]): Float64Array {
  const a = readNpyFile(path.join(DATA, name));
  assert.equal(a.dtype, 'f32', name);
  assert.deepEqual(a.shape, shape, name);
  return Float64Array.from(a.data);
}

function map(values: ArrayLike<number>, fn: (x: number) => number): Float64Array {
  return Float64Array.from(values, fn);
}

/** The bit pattern of a value as an f32. */
function f32Bits(x: number): number {
  const b = new Float32Array([x]);
  return new Uint32Array(b.buffer)[0];
}

/** Every element equal as f32 bit patterns. The expectation must already be f32 (a check of the reference). */
function assertBitwise(actual: Float32Array, expected: ArrayLike<number>, what: string): void {
  assert.equal(actual.length, expected.length, `${what}: length`);
  let bad = 0;
  let first = '';
  for (let i = 0; i < actual.length; i++) {
    const e = expected[i];
    assert.ok(Number.isNaN(e) || f32(e) === e, `${what}: reference value ${e} at ${i} is not an f32 (a bug of the test)`);
    if (f32Bits(actual[i]) !== f32Bits(e)) {
      if (bad === 0) first = `element ${i}: ${actual[i]} (0x${f32Bits(actual[i]).toString(16)}) vs ${e} (0x${f32Bits(e).toString(16)})`;
      bad++;
    }
  }
  assert.equal(bad, 0, `${what}: ${bad} of ${actual.length} elements differ; first ${first}`);
}

/** |a − e| ≤ atol + rtol·|e| everywhere (NumPy's allclose), naming the worst element. */
function assertClose(actual: Float32Array, expected: ArrayLike<number>, atol: number, rtol: number, what: string): void {
  assert.equal(actual.length, expected.length, `${what}: length`);
  let bad = 0;
  let worst = -1;
  let worstExcess = -Infinity;
  for (let i = 0; i < actual.length; i++) {
    const excess = Math.abs(actual[i] - expected[i]) - (atol + rtol * Math.abs(expected[i]));
    if (!(excess <= 0)) bad++;
    if (!(excess <= worstExcess)) {
      worstExcess = excess;
      worst = i;
    }
  }
  assert.equal(bad, 0, `${what}: ${bad} of ${actual.length} elements are not close (atol ${atol}, rtol ${rtol}); worst at ${worst}: ${actual[worst]} vs ${expected[worst]}`);
}

// ---------------------------------------------------------------------------------------------
// Running programs

function load(file: string): Program {
  const checked = checkProgram(file);
  const errors = checked.diagnostics.filter((d) => d.severity === 'error');
  assert.deepEqual(errors.map((d) => d.message), [], `${file} has errors`);
  assert.ok(checked.program, `${file}: no program`);
  return checked.program;
}

interface Ran {
  readonly machine: Machine;
  readonly outcome: RunOutcome;
  /** Print lines, as `core: text`. */
  readonly printed: string[];
}

function run(file: string, options: RunOptions = {}): Ran {
  const printed: string[] = [];
  const { machine, outcome } = runProgram(load(file), { ...options, output: (text, core) => printed.push(`${core}: ${text}`) });
  return { machine, outcome, printed };
}

/** An output tensor as the f32 array bir-sim writes. */
function output(machine: Machine, name: string): Float32Array {
  const found = machine.outputs().find((o) => o.info.name === name);
  assert.ok(found, `no output tensor '${name}'`);
  const array = tensorToNpy(found.tensor);
  assert.equal(array.dtype, 'f32', `${name} is written as f32`);
  return array.data as Float32Array;
}

function outputBytes(machine: Machine): Map<string, Buffer> {
  return new Map(machine.outputs().map(({ info, tensor }) => [info.name, Buffer.from(encodeNpy(tensorToNpy(tensor)))]));
}

function assertExited(r: Ran, what: string): void {
  if (r.outcome.kind === 'failed') assert.fail(`${what} faulted: ${r.outcome.fault.code}: ${r.outcome.fault.message}`);
  assert.equal(r.outcome.kind, 'exited', what);
}

// ---------------------------------------------------------------------------------------------
// References, one per example

/**
 * C[m, n] for C = A·B with K tiled in tiles of `kt`: within a tile, products rounded to f32 and summed in
 * f32 in increasing k from 0; the first tile's sum is stored, each later one added to the PSUM value in f32.
 * `a(m, k)` and `b(k, n)` are the operands as the PE reads them (already rounded to their SBUF dtype).
 */
function tiledMatmul(M: number, K: number, N: number, kt: number, a: (m: number, k: number) => number, b: (k: number, n: number) => number): Float64Array {
  const c = new Float64Array(M * N);
  for (let m = 0; m < M; m++) {
    for (let n = 0; n < N; n++) {
      let acc = 0;
      for (let k0 = 0; k0 < K; k0 += kt) {
        let tile = 0;
        for (let k = k0; k < k0 + kt; k++) tile = f32(tile + f32(a(m, k) * b(k, n)));
        acc = k0 === 0 ? tile : f32(acc + tile);
      }
      c[m * N + n] = acc;
    }
  }
  return c;
}

function relu(x: number): number {
  return x > 0 ? x : 0;
}

/** The least f32 ulps between x and a bf16 rounding boundary (a midpoint between two bf16 values). */
function ulpsFromBf16Boundary(x: number): number {
  const low = f32Bits(x) & 0xffff;
  return Math.abs(low - 0x8000);
}

describe('examples', function () {
  this.timeout(120_000);

  it('matmul_tiled: C = A·B with K tiled over PSUM accumulation, bit for bit', () => {
    const r = run(path.join(EXAMPLES, 'matmul_tiled.bir'));
    assertExited(r, 'matmul_tiled');
    const [M, K, N] = [128, 384, 128];
    const A = random(M * K, 7, -1, 1); // dram a: f32, then cast to bf16 by the DMA into aT
    const B = map(npy('matmul_w.npy', [K, N]), bf16); // dram b: bf16
    const C = tiledMatmul(M, K, N, 128, (m, k) => bf16(A[m * K + k]), (k, n) => B[k * N + n]);
    assertBitwise(output(r.machine, 'c'), C, 'c');
    assert.ok(r.printed.some((l) => l.startsWith('0: c[0, 0:4] = [[')), r.printed.join('\n'));
  });

  it('mlp: relu(x·W1 + b1)·W2 + b2 with per-partition biases, bit for bit', () => {
    const r = run(path.join(EXAMPLES, 'mlp.bir'));
    assertExited(r, 'mlp');
    const [B, D, H, O] = [64, 128, 128, 64];
    const x = map(random(B * D, 3, -1, 1), bf16); // DMA'd transposed into a bf16 tile
    const w1 = map(npy('mlp_w1.npy', [D, H]), bf16);
    const b1 = map(npy('mlp_b1.npy', [H, 1]), f32);
    const w2 = map(npy('mlp_w2.npy', [H, O]), bf16);
    const b2 = map(npy('mlp_b2.npy', [O, 1]), f32);
    // hT[h, b] = bf16(relu(f32(f32(Σ_d w1[d, h]·x[b, d] · 1) + b1[h]))): Activation's scale is 1.
    const hT = new Float64Array(H * B);
    for (let h = 0; h < H; h++) {
      for (let b = 0; b < B; b++) {
        let acc = 0;
        for (let d = 0; d < D; d++) acc = f32(acc + f32(w1[d * H + h] * x[b * D + d]));
        hT[h * B + b] = bf16(relu(f32(f32(acc * 1) + b1[h])));
      }
    }
    // y[b, o] = f32(Σ_h w2[h, o]·hT[h, b] + b2[o]).
    const y = new Float64Array(B * O);
    for (let o = 0; o < O; o++) {
      for (let b = 0; b < B; b++) {
        let acc = 0;
        for (let h = 0; h < H; h++) acc = f32(acc + f32(w2[h * O + o] * hT[h * B + b]));
        y[b * O + o] = f32(acc + b2[o]);
      }
    }
    assertBitwise(output(r.machine, 'y'), y, 'y');
    assert.ok(r.printed.some((l) => l.startsWith('0: hidden units active: ')), r.printed.join('\n'));
  });

  it('softmax: a stable row softmax, within 8 f32 ulps', () => {
    const r = run(path.join(EXAMPLES, 'softmax.bir'));
    assertExited(r, 'softmax');
    const [P, F] = [128, 96];
    const x = random(P * F, 5, -8, 8);
    const y = new Float64Array(P * F);
    for (let p = 0; p < P; p++) {
      let mx = -Infinity;
      for (let j = 0; j < F; j++) mx = Math.max(mx, x[p * F + j]);
      const ex = new Float64Array(F);
      let sum = 0;
      for (let j = 0; j < F; j++) {
        ex[j] = f32(Math.exp(f32(x[p * F + j] - mx)));
        sum = f32(sum + ex[j]);
      }
      const rs = f32(1 / sum);
      for (let j = 0; j < F; j++) y[p * F + j] = f32(ex[j] * rs);
    }
    // Tolerance: the reference follows every rounding of the kernel (max, subtract, f32 sum, reciprocal and
    // multiply are exact to reproduce); what the language leaves open is exp's last bit ("computed, then
    // rounded to f32", without naming a libm). One ulp of each exp moves the sum, the reciprocal and the
    // product by a few ulps at most: rtol 1e-6 ≈ 8 ulps of f32 (2^-23 ≈ 1.2e-7). All values are positive, so
    // no absolute slack is needed.
    assertClose(output(r.machine, 'y'), y, 0, 1e-6, 'y');
    assert.ok(r.printed.some((l) => l.startsWith('0: row sums, first 4: [[')), r.printed.join('\n'));
  });

  it('rmsnorm: x · rsqrt(mean(x²) + eps) · gamma, within 4 f32 ulps', () => {
    const r = run(path.join(EXAMPLES, 'rmsnorm.bir'));
    assertExited(r, 'rmsnorm');
    const [T, D] = [128, 256];
    const x = random(T * D, 9, -2, 2);
    const gamma = map(npy('rmsnorm_gamma.npy', [1, D]), f32);
    const invD = f32(1 / D); // TensorScalar scalars are rounded to f32
    const eps = f32(1e-6);
    const y = new Float64Array(T * D);
    for (let t = 0; t < T; t++) {
      let ss = 0;
      for (let j = 0; j < D; j++) ss = f32(ss + f32(x[t * D + j] * x[t * D + j]));
      const ms = f32(f32(ss * invD) + eps);
      const rstd = f32(1 / Math.sqrt(ms));
      // gamma reaches every partition through a K = 1 matmul with ones: f32(0 + f32(1 · gamma)) = gamma.
      for (let j = 0; j < D; j++) y[t * D + j] = f32(f32(x[t * D + j] * rstd) * gamma[j]);
    }
    // Tolerance: everything but rsqrt is an exactly specified f32 operation. rsqrt is specified as computed
    // and rounded to f32; a correctly rounded rsqrt and 1/sqrt in double may differ in the last bit, which the
    // two multiplies after it carry to at most ~3 ulps: rtol 5e-7 ≈ 4 ulps of f32. Purely multiplicative, so
    // no absolute slack.
    assertClose(output(r.machine, 'y'), y, 0, 5e-7, 'y');
    assert.ok(r.printed.some((l) => l.startsWith('0: rstd[0:4] = [[')), r.printed.join('\n'));
  });

  it('transpose: a blocked transpose through the tensor engine, bit for bit', () => {
    const r = run(path.join(EXAMPLES, 'transpose.bir'));
    assertExited(r, 'transpose');
    const [R, C] = [256, 192];
    const y = new Float64Array(C * R);
    for (let i = 0; i < C; i++) for (let j = 0; j < R; j++) y[i * R + j] = j * C + i; // x = iota: x[j, i] = C·j + i
    assertBitwise(output(r.machine, 'y'), y, 'y');
    assert.ok(r.printed.includes('0: y[5, 7] = 1349'), r.printed.join('\n'));
  });

  it('attention: causal QKᵀ, mask, softmax and ·V, within 1e-5', () => {
    const r = run(path.join(EXAMPLES, 'attention.bir'));
    assertExited(r, 'attention');
    const [S, DH] = [128, 64];
    const q = map(random(S * DH, 21, -2, 2), bf16);
    const k = map(random(S * DH, 22, -2, 2), bf16);
    const v = map(random(S * DH, 23, -1, 1), bf16);
    const o = new Float64Array(S * DH);
    let fragile = 0;
    for (let i = 0; i < S; i++) {
      // Scaled, masked scores of query i.
      const s = new Float64Array(S);
      let mx = -Infinity;
      for (let j = 0; j < S; j++) {
        let acc = 0;
        for (let d = 0; d < DH; d++) acc = f32(acc + f32(q[i * DH + d] * k[j * DH + d]));
        const scaled = f32(f32(acc * 0.125) + 0);
        s[j] = j <= i ? scaled : -30000;
        mx = Math.max(mx, s[j]);
      }
      // exp(s − max) through Activation's bias (−max, exact), the f32 row sum, its reciprocal.
      const p = new Float64Array(S);
      let sum = 0;
      for (let j = 0; j < S; j++) {
        const e = f32(Math.exp(f32(f32(s[j] * 1) + -mx)));
        if (ulpsFromBf16Boundary(e) <= 2) fragile++;
        p[j] = bf16(e); // transposed through PSUM unchanged, cast to bf16 by the TensorCopy
        sum = f32(sum + e);
      }
      const rs = f32(1 / sum);
      for (let d = 0; d < DH; d++) {
        let acc = 0;
        for (let j = 0; j < S; j++) acc = f32(acc + f32(p[j] * v[j * DH + d]));
        o[i * DH + d] = f32(acc * rs);
      }
    }
    // Tolerance: the reference repeats every rounding of the kernel; the one thing the language leaves open is
    // exp's last bit. A 1-ulp change of an unnormalised probability moves the f32 row sum and the output by a
    // few 1e-7 at most; atol 1e-5 and rtol 1e-5 leave room for that and for cancellation in ·V (outputs near
    // 0). It could also flip P's rounding to bf16 (a 2^-8 step), but only for a value within an f32 ulp or two
    // of a bf16 midpoint: none of these inputs is, as checked here, so the tight tolerance is sound for them.
    assert.equal(fragile, 0, 'an unnormalised probability lies within 2 f32 ulps of a bf16 rounding boundary');
    assertClose(output(r.machine, 'o'), o, 1e-5, 1e-5, 'o');
    assert.ok(r.printed.some((l) => l.startsWith('0: o[0:2, 0:4] = [[')), r.printed.join('\n'));
  });

  it('two_cores: rows split by core, partial column sums combined by core 0 after a Barrier, bit for bit', () => {
    const r = run(path.join(EXAMPLES, 'two_cores.bir'), { cores: 2, faults: { race: true } });
    assertExited(r, 'two_cores');
    const [R, C, RC] = [128, 256, 64];
    const x = random(R * C, 31, 0, 1);
    const rowsum = new Float64Array(R);
    for (let i = 0; i < R; i++) {
      let acc = 0;
      for (let j = 0; j < C; j++) acc = f32(acc + x[i * C + j]);
      rowsum[i] = acc;
    }
    // Core c: MatMult with a ones column, summing its 64 rows in increasing k; core 0 then adds the two.
    const colsum = new Float64Array(C);
    for (let j = 0; j < C; j++) {
      const partial = [0, 1].map((c) => {
        let acc = 0;
        for (let kk = 0; kk < RC; kk++) acc = f32(acc + f32(1 * x[(c * RC + kk) * C + j]));
        return acc;
      });
      colsum[j] = f32(partial[0] + partial[1]);
    }
    assertBitwise(output(r.machine, 'rowsum'), rowsum, 'rowsum');
    assertBitwise(output(r.machine, 'colsum'), colsum, 'colsum');
    assert.ok(r.printed.some((l) => l.startsWith('0: rows 0 to 63 done;')), r.printed.join('\n'));
    assert.ok(r.printed.some((l) => l.startsWith('1: rows 64 to 127 done;')), r.printed.join('\n'));
    assert.ok(r.printed.some((l) => l.startsWith('0: colsum[0:4] = [[')), r.printed.join('\n'));
    assert.ok(!r.printed.some((l) => l.startsWith('1: colsum')), 'only core 0 combines');
  });

  it('two_cores: runs on the cores it declares (cores 2) when the run gives no count', () => {
    const r = run(path.join(EXAMPLES, 'two_cores.bir'));
    assertExited(r, 'two_cores');
    assert.equal(r.machine.ncores, 2);
  });

  it('two_cores: on one core (a count that overrides its declaration) its Assert says why it needs two', () => {
    const r = run(path.join(EXAMPLES, 'two_cores.bir'), { cores: 1 });
    assert.equal(r.outcome.kind, 'failed');
    if (r.outcome.kind !== 'failed') return;
    assert.equal(r.outcome.fault.code, 'assert');
    assert.match(r.outcome.fault.message, /exactly 2 cores, as it declares \('cores 2'\)/);
  });

  it('bir-sim run: the program\'s cores unless --cores overrides them, which it says', () => {
    const file = path.join(EXAMPLES, 'two_cores.bir');
    const declared = runCli(['run', file]);
    assert.equal(declared.status, 0, declared.err.join('\n'));
    assert.match(declared.out.join('\n'), /^cores: 2 /m);
    const overridden = runCli(['run', file, '--cores', '1']);
    assert.equal(overridden.status, 1);
    assert.match(overridden.err.join('\n'), /^bir-sim: --cores 1 overrides the program's declaration 'cores 2' \(.*two_cores\.bir:\d+\)$/m);
  });

  it('calls_loops: nested loops, if/else for the ragged tile, calls with tensor and register parameters, bit for bit', () => {
    const r = run(path.join(EXAMPLES, 'calls_loops.bir'));
    assertExited(r, 'calls_loops');
    const [M, K, N] = [256, 128, 320];
    const x = map(random(M * K, 41, -1, 1), bf16);
    const w = map(npy('calls_w.npy', [K, N]), bf16);
    const y = new Float64Array(M * N);
    for (let m = 0; m < M; m++) {
      for (let n = 0; n < N; n++) {
        let acc = 0;
        for (let kk = 0; kk < K; kk++) acc = f32(acc + f32(x[m * K + kk] * w[kk * N + n]));
        y[m * N + n] = relu(f32(f32(acc * 0.5) + 0)); // Activation relu with scale = r3 = 0.5
      }
    }
    assertBitwise(output(r.machine, 'y'), y, 'y');
    assert.ok(r.printed.some((l) => l.startsWith('0: y[255, 316:320] = [')), r.printed.join('\n'));
  });
});

// ---------------------------------------------------------------------------------------------
// Every example: the checker, the CLI, determinism

interface ExampleInfo {
  readonly file: string;
  readonly cores: number;
  readonly outputs: readonly string[];
  /** The start of a line one of its Print instructions writes (as the CLI prints it). */
  readonly prints: string;
}

const EXAMPLE_PROGRAMS: readonly ExampleInfo[] = [
  { file: 'matmul_tiled.bir', cores: 1, outputs: ['c'], prints: 'c[0, 0:4] = [[' },
  { file: 'mlp.bir', cores: 1, outputs: ['y'], prints: 'hidden units active: ' },
  { file: 'softmax.bir', cores: 1, outputs: ['y'], prints: 'row sums, first 4: ' },
  { file: 'rmsnorm.bir', cores: 1, outputs: ['y'], prints: 'rstd[0:4] = ' },
  { file: 'transpose.bir', cores: 1, outputs: ['y'], prints: 'y[5, 7] = 1349' },
  { file: 'attention.bir', cores: 1, outputs: ['o'], prints: 'o[0:2, 0:4] = ' },
  { file: 'two_cores.bir', cores: 2, outputs: ['rowsum', 'colsum'], prints: '[core 0] colsum[0:4] = ' },
  { file: 'calls_loops.bir', cores: 1, outputs: ['y'], prints: 'y[0, 0:4] = ' },
];

interface CliResult {
  readonly status: number;
  readonly out: string[];
  readonly err: string[];
}

function runCli(argv: string[]): CliResult {
  const out: string[] = [];
  const err: string[] = [];
  const status = cli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { status, out, err };
}

/** A hook that never stops: the debug loop, run to the end. */
class Passive implements ExecutionHooks {
  constructor(private readonly every = 0) {}
  private seen = 0;
  beforeNode(): boolean {
    return this.every > 0 && ++this.seen % this.every === 0;
  }
  onCall(): void {}
  onReturn(): void {}
  onRegionEnter(): void {}
  onRegionExit(): void {}
  onFault(): boolean {
    return false;
  }
  onCoreExit(): void {}
}

/** Runs with the debug loop, stopping every `every` nodes (0: never) and resuming until the end. */
function runDebug(program: Program, options: RunOptions, every: number): { machine: Machine; stops: number } {
  const machine = new Machine(program, npyMachineOptions(options));
  const interpreter = new Interpreter(machine);
  const hooks = new Passive(every);
  let stops = 0;
  let outcome = interpreter.runDebug(hooks);
  while (outcome.kind === 'stopped') {
    stops++;
    outcome = interpreter.runDebug(hooks);
  }
  assert.equal(outcome.kind, 'exited');
  return { machine, stops };
}

describe('examples: checker, CLI and determinism', function () {
  this.timeout(120_000);
  let tmp: string;

  before(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-examples-'));
  });
  after(() => {
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('every .bir file in examples/ is listed here', () => {
    const files = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.bir')).sort();
    assert.deepEqual(files, EXAMPLE_PROGRAMS.map((e) => e.file).sort());
  });

  it('the committed data files are what generate.ts writes', () => {
    const data = exampleData();
    const committed = fs.readdirSync(DATA).filter((f) => f.endsWith('.npy')).sort();
    assert.deepEqual(committed, Object.keys(data).sort());
    for (const [name, array] of Object.entries(data)) {
      assert.ok(Buffer.from(encodeNpy(array)).equals(fs.readFileSync(path.join(DATA, name))), `${name} differs from what generate.ts writes`);
    }
  });

  for (const ex of EXAMPLE_PROGRAMS) {
    const file = path.join(EXAMPLES, ex.file);

    it(`${ex.file}: checks without diagnostics`, () => {
      const checked = checkProgram(file);
      assert.deepEqual(checked.diagnostics.map((d) => `${d.severity}: ${d.message}`), []);
      assert.ok(checked.program);
      const outputs = checked.program.drams.filter((d) => d.role === 'output').map((d) => d.name);
      assert.deepEqual(outputs, ex.outputs);
    });

    it(`${ex.file}: runs clean with every continuable fault on (no NaN or infinity, no race, no unwritten read)`, () => {
      assertExited(run(file, { cores: ex.cores, faults: { nan: true, race: true, 'uninitialized-read': true } }), ex.file);
    });

    it(`${ex.file}: bir-sim run --out writes the outputs the machine holds`, () => {
      const dir = path.join(tmp, path.basename(ex.file, '.bir'));
      const args = ['run', file, '--out', dir, ...(ex.cores > 1 ? ['--cores', String(ex.cores)] : [])];
      const res = runCli(args);
      assert.equal(res.status, 0, res.err.join('\n'));
      assert.deepEqual(res.err, []);
      assert.ok(res.out.some((l) => l.startsWith(ex.prints)), `no Print line starting '${ex.prints}' in:\n${res.out.join('\n')}`);
      // The summary is one block of lines, written last before the files.
      assert.match(res.out.join('\n'), /^--- summary ---\n[^]*\nfaults: none$/m);

      const r = run(file, { cores: ex.cores });
      assertExited(r, ex.file);
      const expected = outputBytes(r.machine);
      assert.deepEqual([...expected.keys()], ex.outputs);
      for (const name of ex.outputs) {
        const written = path.join(dir, `${name}.npy`);
        assert.ok(res.out.includes(`wrote ${written}`), `'wrote ${written}' missing`);
        assert.ok(fs.readFileSync(written).equals(expected.get(name)!), `${written} differs from the machine's ${name}`);
        const back = readNpyFile(written);
        const tensor = r.machine.outputs().find((o) => o.info.name === name)!.tensor;
        assert.deepEqual(back.shape, [...tensor.shape]);
        assert.equal(back.dtype, 'f32');
      }
    });
  }

  for (const name of ['two_cores.bir', 'attention.bir', 'calls_loops.bir']) {
    it(`${name}: outputs are identical bit for bit across runs, and between the fast and the debug loop`, () => {
      const ex = EXAMPLE_PROGRAMS.find((e) => e.file === name)!;
      const program = load(path.join(EXAMPLES, name));
      const options: RunOptions = { cores: ex.cores };
      const first = outputBytes(runProgram(program, options).machine);
      const runs: [string, Map<string, Buffer>][] = [];
      for (let i = 0; i < 3; i++) runs.push([`fast run ${i + 2}`, outputBytes(runProgram(program, options).machine)]);
      // Checked again from scratch (a new program), in case a run leaves state behind in compiled code.
      runs.push(['fast run of a fresh check', outputBytes(runProgram(load(path.join(EXAMPLES, name)), options).machine)]);
      runs.push(['debug loop', outputBytes(runDebug(program, options, 0).machine)]);
      const stepped = runDebug(program, options, 7);
      assert.ok(stepped.stops > 0);
      runs.push(['debug loop stopping every 7 nodes', outputBytes(stepped.machine)]);
      if (ex.cores > 1) runs.push(['with the race fault on', outputBytes(runProgram(program, { ...options, faults: { race: true } }).machine)]);
      for (const [what, outputs] of runs) {
        assert.deepEqual([...outputs.keys()], [...first.keys()], what);
        for (const [k, bytes] of outputs) assert.ok(bytes.equals(first.get(k)!), `${name}: ${k} differs in the ${what}`);
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Faults

interface FaultCase {
  readonly code: FaultCode;
  readonly cores?: number;
  /** Continuable faults to switch on (they are off by default). */
  readonly enable?: 'nan' | 'race';
  readonly line: number;
  readonly col: number;
  /** What the span starts at, as the source text there. */
  readonly at: string;
  /** The node that faulted: an opcode, or 'for' / 'call'. */
  readonly node: string;
  readonly message: string;
  /** The message bir-sim prints, where it differs (a limit named by its flag). */
  readonly cliMessage?: string;
  readonly core?: number;
  /** An instruction limit for the run. */
  readonly maxInstructions?: number;
}

const FAULTS: readonly FaultCase[] = [
  {
    code: 'out-of-bounds', line: 17, col: 18, at: 'x[r0*T : r0*T+T, 0:64]', node: 'DmaCopy',
    message: "'x[r0*T : r0*T+T, 0:64]': slice 128:160 is out of bounds for dimension 0 of 'x' (size 128) (r0 = 4)",
  },
  {
    code: 'uninitialized-read', line: 16, col: 22, at: 't', node: 'TensorReduce',
    message: "the source 't' reads element [0, 48] of the view, which was never written (t is 6144 of 8192 elements written)",
  },
  {
    code: 'assert', line: 19, col: 3, at: 'Assert ys >= 0', node: 'Assert',
    // Element 1 is x[0, 1], the first negative value of random(seed=3, low=-1, high=1): checked below.
    message: "relu output is non-negative (assertion 'ys >= 0' is false: element 1 of 8192 is false)",
  },
  {
    code: 'division-by-zero', line: 16, col: 13, at: '1 / r0', node: 'Set',
    message: 'division by zero: 1 / 0',
  },
  {
    code: 'nan', enable: 'nan', line: 24, col: 16, at: 'rstd', node: 'Activation',
    message: "the destination 'rstd' gets Infinity at [5, 0] from finite inputs",
  },
  {
    code: 'race', enable: 'race', cores: 2, core: 1, line: 17, col: 11, at: 'y[r0 : r0+64, 0:64]', node: 'DmaCopy',
    message: "core 1 writes 'y[r0 : r0+64, 0:64]' at [0, 0], which core 0 also wrote since the last Barrier",
  },
  {
    code: 'recursion-depth', line: 18, col: 7, at: 'call sum_tiles(r1)', node: 'call',
    message: "call to 'recursion_depth::sum_tiles' would be nested 65 deep; the limit is 64",
  },
  {
    code: 'memory-overflow', line: 20, col: 5, at: 'call level(r1 - 1)', node: 'call',
    message: "call to 'memory_overflow::level' needs 65536 bytes per partition of SBUF but the 3 active frames use 147456 of 196608",
  },
  {
    code: 'shape-mismatch', line: 14, col: 23, at: 'xs[0:128, 0:r1]', node: 'call',
    message: "'xs[0:128, 0:r1]' is [128, 48] here but parameter 't' of 'shape_mismatch::normalize_tile' is [128, 64]",
  },
  {
    code: 'memory-kind', line: 19, col: 21, at: 'b', node: 'MatMult',
    message: "the moving operand 'b' is in DRAM (through parameter 'b') but must be in SBUF",
  },
  {
    code: 'bank-crossing', line: 19, col: 13, at: 'acc[0:128, r0*384 : r0*384+384]', node: 'MatMult',
    message: "MatMult writes 'acc[0:128, r0*384 : r0*384+384]' across PSUM banks 0 and 1 (bytes 1536..3071 of each partition; a bank holds 2048 bytes)",
  },
  {
    code: 'invalid-loop', line: 15, col: 3, at: 'for r2 in 0..64 step r1', node: 'for',
    message: 'the loop over r2 cannot run: 0..64 step 0',
  },
  {
    code: 'barrier-deadlock', cores: 2, core: 0, line: 18, col: 5, at: 'Barrier', node: 'Barrier',
    message: 'core 0 waits at Barrier (line 18) but core 1 finished without reaching it',
  },
  {
    code: 'instruction-limit', maxInstructions: 1000, line: 15, col: 5, at: 'TensorScalar acc', node: 'TensorScalar',
    message: 'the run reached its limit of 1000 instructions before this one',
    cliMessage: 'the run reached its limit of 1000 instructions (--max-instructions) before this one',
  },
];

describe('examples/faults', function () {
  this.timeout(60_000);
  const dir = path.join(EXAMPLES, 'faults');

  it('there is one program per fault code but internal-error, and no other', () => {
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.bir')).sort();
    assert.deepEqual(files, FAULTS.map((f) => `${f.code}.bir`).sort());
  });

  for (const fc of FAULTS) {
    const file = path.join(dir, `${fc.code}.bir`);
    const options: RunOptions = { cores: fc.cores ?? 1, faults: fc.enable ? { [fc.enable]: true } : undefined, maxInstructions: fc.maxInstructions };

    it(`${fc.code}.bir: passes the checker and faults with '${fc.code}' at ${fc.line}:${fc.col}`, () => {
      const checked = checkProgram(file);
      assert.deepEqual(checked.diagnostics.map((d) => `${d.severity}: ${d.message}`), [], 'the checker must not see the fault');
      const r = run(file, options);
      assert.equal(r.outcome.kind, 'failed');
      if (r.outcome.kind !== 'failed') return;
      assert.equal(r.outcome.exitCode, 1);
      const fault: Fault = r.outcome.fault;
      assert.equal(fault.code, fc.code, fault.message);
      assert.equal(fault.message, fc.message);
      assert.ok(fault.span, 'the fault has a span');
      assert.equal(fault.span.file, file);
      assert.deepEqual([fault.span.line, fault.span.col], [fc.line, fc.col], `span of ${fc.code}`);
      // The span starts at the text intended: the operand, or the instruction.
      const line = fs.readFileSync(file, 'utf8').split('\n')[fc.line - 1];
      assert.ok(line.slice(fc.col - 1).startsWith(fc.at), `column ${fc.col} of line ${fc.line} ('${line}') is not at '${fc.at}'`);
      const node = allNodes(r.machine.program)[fault.nodeIndex];
      assert.equal(node.kind === 'instr' ? node.opcode : node.kind, fc.node);
      if (fc.core !== undefined) assert.equal(fault.core, fc.core);
    });

    it(`${fc.code}.bir: its post-mortem dump opens as the machine at the fault (written again, the same dump)`, () => {
      const r = run(file, options);
      assert.equal(r.outcome.kind, 'failed');
      if (r.outcome.kind !== 'failed') return;
      const dump = decodeDump(encodeDump(makeDump(r.machine, r.outcome.fault)), `${fc.code}.birdump`);
      const restored = restoreDump(dump, `${fc.code}.birdump`);
      assert.equal(restored.fault.code, fc.code);
      assert.deepStrictEqual(JSON.parse(JSON.stringify(makeDump(restored.machine, restored.fault))), dump);
    });

    it(`${fc.code}.bir: bir-sim run exits 1 with '${fc.code}' on stderr`, () => {
      const argv = ['run', file, '--quiet'];
      if (fc.cores) argv.push('--cores', String(fc.cores));
      if (fc.enable) argv.push('--faults', fc.enable);
      if (fc.maxInstructions) argv.push('--max-instructions', String(fc.maxInstructions));
      const res = runCli(argv);
      assert.equal(res.status, 1, res.err.join('\n'));
      const text = res.err.join('\n');
      // bir-sim prints paths under the working directory relative to it.
      assert.ok(text.startsWith(`${path.relative(process.cwd(), file)}:${fc.line}:${fc.col}: fault[${fc.code}]: ${fc.cliMessage ?? fc.message}\n`), text);
      assert.match(text, /\n {2}in \w+::\w+/);
    });
  }

  it('assert.bir: the element its message names is the first negative input', () => {
    const x = random(128 * 64, 3, -1, 1);
    assert.equal(x.findIndex((v) => v < 0), 1);
  });

  it('nan and race are off by default: those programs then run to the end', () => {
    const nan = run(path.join(dir, 'nan.bir'));
    assertExited(nan, 'nan.bir without --faults nan');
    // The +inf was stored, and 0 · inf made row 5 NaN, silently.
    const y = output(nan.machine, 'y');
    assert.ok(y.subarray(5 * 64, 6 * 64).every((v) => Number.isNaN(v)));
    assert.ok(y.subarray(0, 5 * 64).every((v) => Number.isFinite(v)));
    assertExited(run(path.join(dir, 'race.bir'), { cores: 2 }), 'race.bir without --faults race');
  });
});
