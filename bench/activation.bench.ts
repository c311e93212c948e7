/**
 * Activation of each function on a [128, 512] f32 tile against NumPy's float32 of the same function on the same
 * data, measured in one run:
 *   npx tsx bench/activation.bench.ts [--json FILE]        (ROUNDS=n for other than 20 rounds)
 *
 * - the simulator's Activation instruction with the WebAssembly kernels (the certified transcendental path of
 *   engine/kernels/wasm/certified.ts) and with them off (the scalar path: for the transcendental functions, the
 *   only path before it), in elements/s;
 * - NumPy on the same values (the tile's data written out and read back by NumPy), float32, one thread;
 * - how many elements the kernel left to the exact path on that data.
 *
 * An instruction's time is the run of a program executing it R times less the run of the same program with R = 0;
 * every measurement runs once per round, in turn, and keeps its fastest time (on a shared machine, the least
 * disturbed). NumPy's functions are timed the same way, best of their rounds, in a child process run after each
 * quarter of the rounds (so that both see the machine's moods alike).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { activation } from '../engine/kernels/alu';
import { computeLeftLanes } from '../engine/kernels/exact-lanes';
import { allocate, f32At, setSimdKernels, simdKernels } from '../engine/kernels/simd';
import { Func } from '../engine/kernels/wasm/codes';
import { ActivationFunction } from '../engine/ir/opcodes';
import { Machine } from '../engine/machine/machine';
import { Interpreter } from '../engine/run/interpreter';
import { report, virtualProgram, writeJson } from './harness';

const ROWS = 128;
const COLS = 512;
const ROUNDS = Number(process.env.ROUNDS ?? 20);

/** Each function, its data (signed, or positive where the function needs it) and NumPy's float32 version of it. */
interface Case {
  readonly func: ActivationFunction;
  readonly code: Func;
  readonly positive: boolean;
  readonly numpy: string;
}

const CASES: readonly Case[] = [
  { func: 'exp', code: Func.Exp, positive: false, numpy: 'np.exp(x)' },
  { func: 'tanh', code: Func.Tanh, positive: false, numpy: 'np.tanh(x)' },
  { func: 'gelu', code: Func.Gelu, positive: false, numpy: '0.5 * x * (1 + np.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))' },
  { func: 'silu', code: Func.Silu, positive: false, numpy: 'x / (1 + np.exp(-x))' },
  { func: 'sigmoid', code: Func.Sigmoid, positive: false, numpy: '1 / (1 + np.exp(-x))' },
  { func: 'softplus', code: Func.Softplus, positive: false, numpy: 'np.maximum(x, 0) + np.log1p(np.exp(-np.abs(x)))' },
  { func: 'log', code: Func.Log, positive: true, numpy: 'np.log(x)' },
  { func: 'sin', code: Func.Sin, positive: false, numpy: 'np.sin(x)' },
  { func: 'cos', code: Func.Cos, positive: false, numpy: 'np.cos(x)' },
  { func: 'rsqrt', code: Func.Rsqrt, positive: true, numpy: '1 / np.sqrt(x)' },
  { func: 'reciprocal', code: Func.Reciprocal, positive: false, numpy: 'np.reciprocal(x)' },
];

const DATA = { signed: 'low=-8, high=8', positive: 'low=0.01, high=8' };

function program(c: Case, repeat: number): string {
  return `module act
dram a : f32[${ROWS}, ${COLS}] input = random(seed=1, ${c.positive ? DATA.positive : DATA.signed})
func main() {
  sbuf x : f32[${ROWS}, ${COLS}]
  sbuf y : f32[${ROWS}, ${COLS}]
  DmaCopy x <- a
  for r0 in 0..${repeat} {
    Activation y <- x, func = ${c.func}
  }
}
`;
}

// ---------------------------------------------------------------------------------------------
// The simulator

const measurements: (() => void)[] = [];
const fastest = new Map<string, number>();

function time(name: string, run: () => void): void {
  const t0 = performance.now();
  run();
  fastest.set(name, Math.min(fastest.get(name) ?? Infinity, (performance.now() - t0) / 1000));
}

/** Elements/s of the instruction (once the rounds have run), with the kernels on or off. */
function activationSpeed(c: Case, simd: boolean): () => number {
  const repeat = simd ? 20 : 2;
  const name = `${c.func}${simd ? '' : ' scalar'}`;
  const full = virtualProgram(program(c, repeat));
  const empty = virtualProgram(program(c, 0));
  measurements.push(() => {
    setSimdKernels(simd);
    try {
      const [withLoop, without] = [new Machine(full), new Machine(empty)];
      time(name, () => new Interpreter(withLoop).runFast());
      time(`${name} (empty)`, () => new Interpreter(without).runFast());
    } finally {
      setSimdKernels(true);
    }
  });
  return () => (ROWS * COLS * repeat) / Math.max(fastest.get(name)! - fastest.get(`${name} (empty)`)!, 1e-9);
}

/** The tile's values, as the program's random initializer makes them. */
function tileData(c: Case): Float32Array {
  const m = new Machine(virtualProgram(program(c, 0)));
  return Float32Array.from(m.drams[0].data as Float32Array);
}

/** How many of the tile's elements the kernel leaves to the exact path (and that they come out as it computes them). */
function leftToExactPath(c: Case, data: Float32Array): number {
  const n = data.length;
  const k = simdKernels(4 * n)!;
  const [x, scale, bias, out, left] = [allocate(n, 4), allocate(ROWS, 4), allocate(ROWS, 4), allocate(n, 4), allocate(n, 4)];
  f32At(x, n).set(data);
  f32At(scale, ROWS).fill(1);
  f32At(bias, ROWS).fill(0);
  const count = k.activation(c.code, x, scale, bias, out, ROWS, COLS, left);
  const fn = activation(c.func);
  computeLeftLanes(k, fn, out, n, left, count);
  const results = f32At(out, n);
  for (let i = 0; i < n; i++) {
    const exact = Math.fround(fn(data[i]));
    if (!Object.is(results[i], exact) && !(exact !== exact && results[i] !== results[i])) throw new Error(`${c.func}(${data[i]}): ${results[i]}, exact ${exact}`);
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// NumPy

const NUMPY = (files: Record<string, string>, rounds: number) => `
import json, time, numpy as np
np.seterr(all='ignore')
cases = ${JSON.stringify(CASES.map((c) => ({ func: c.func, numpy: c.numpy, file: files[c.func] })))}
data = {c['func']: np.fromfile(c['file'], dtype=np.float32).reshape(${ROWS}, ${COLS}) for c in cases}
fns = {c['func']: eval('lambda x: ' + c['numpy']) for c in cases}
for c in cases:
    assert fns[c['func']](data[c['func']]).dtype == np.float32, c['func']
best = {c['func']: 1e9 for c in cases}
for _ in range(${rounds}):
    for c in cases:
        x, f = data[c['func']], fns[c['func']]
        t = time.perf_counter()
        for _ in range(5): f(x)
        best[c['func']] = min(best[c['func']], (time.perf_counter() - t) / 5)
print(json.dumps({'version': np.__version__, 'elementsPerSecond': {k: ${ROWS * COLS} / v for k, v in best.items()}}))
`;

interface NumpyResult {
  readonly version: string;
  readonly elementsPerSecond: Record<string, number>;
}

/** NumPy's float32 functions on the data written to `dir`, one thread, best of `rounds`; undefined without NumPy. */
function numpy(files: Record<string, string>, rounds: number): NumpyResult | undefined {
  try {
    const env = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
    const text = execFileSync('python3', ['-c', NUMPY(files, rounds)], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(text) as NumpyResult;
  } catch (e) {
    console.log(`numpy: not measured (${(e as Error).message.split('\n')[0]})`);
    return undefined;
  }
}

/** The tiles' values in files NumPy reads. */
function writeData(dir: string, data: Map<string, Float32Array>): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [func, values] of data) {
    files[func] = path.join(dir, `${func}.f32`);
    fs.writeFileSync(files[func], Buffer.from(values.buffer, values.byteOffset, values.byteLength));
  }
  return files;
}

/** The fastest of each function over several runs of NumPy. */
function fastestOf(runs: (NumpyResult | undefined)[]): NumpyResult | undefined {
  const done = runs.filter((r): r is NumpyResult => r !== undefined);
  if (done.length === 0) return undefined;
  const elementsPerSecond = Object.fromEntries(CASES.map((c) => [c.func, Math.max(...done.map((r) => r.elementsPerSecond[c.func]))]));
  return { version: done[0].version, elementsPerSecond };
}

// ---------------------------------------------------------------------------------------------

const speeds = CASES.map((c) => ({ c, simd: activationSpeed(c, true), scalar: activationSpeed(c, false) }));
const data = new Map(CASES.map((c) => [c.func as string, tileData(c)]));
const left = Object.fromEntries(CASES.map((c) => [c.func, leftToExactPath(c, data.get(c.func)!)]));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'activation-bench-'));
const numpyRuns: (NumpyResult | undefined)[] = [];
try {
  const files = writeData(dir, data);
  const QUARTERS = 4;
  for (let quarter = 0; quarter < QUARTERS; quarter++) {
    for (let round = 0; round < Math.ceil(ROUNDS / QUARTERS); round++) for (const measure of measurements) measure();
    numpyRuns.push(numpy(files, Math.ceil(ROUNDS / QUARTERS) * 10));
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
const np = fastestOf(numpyRuns);

const results: Record<string, Record<string, number>> = {
  kernelMElementsPerSecond: Object.fromEntries(speeds.map(({ c, simd }) => [c.func, simd() / 1e6])),
  scalarMElementsPerSecond: Object.fromEntries(speeds.map(({ c, scalar }) => [c.func, scalar() / 1e6])),
  kernelOverScalar: Object.fromEntries(speeds.map(({ c, simd, scalar }) => [c.func, simd() / scalar()])),
  leftToExactPath: left,
};
if (np) {
  results.numpyMElementsPerSecond = Object.fromEntries(CASES.map((c) => [c.func, np.elementsPerSecond[c.func] / 1e6]));
  results.kernelOverNumpy = Object.fromEntries(speeds.map(({ c, simd }) => [c.func, simd() / np.elementsPerSecond[c.func]]));
  results.scalarOverNumpy = Object.fromEntries(speeds.map(({ c, scalar }) => [c.func, scalar() / np.elementsPerSecond[c.func]]));
}
report('activation', results);
if (np) console.log(`numpy ${np.version}, float32, one thread; data: ${ROWS}×${COLS} uniform in [-8, 8] (log, rsqrt: [0.01, 8])`);
writeJson(process.argv, results);
