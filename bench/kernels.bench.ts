/**
 * The simulator's kernels against what this machine can do, measured in one run:
 *   npx tsx bench/kernels.bench.ts [--json FILE]        (ROUNDS=n for other than 20 rounds)
 *
 * - MatMult 128×128×512 in the simulator (f32 and bf16 operands): the WebAssembly SIMD kernels, and the scalar
 *   path (the reference, which they replaced for float dtypes);
 * - the same product as a plain i-k-j loop over Float32Arrays, the loop one writes first in JavaScript;
 * - NumPy on one thread (OPENBLAS_NUM_THREADS=1), when python3 with numpy is present: with OpenBLAS as this
 *   machine's environment configures it, and with its own choice of kernel (OPENBLAS_CORETYPE unset), the best it
 *   does here; ratios are against the best;
 * - elementwise f32 instructions on tiles of 128 × 512 and 128 × 2048 in G elements/s (and the scalar path's).
 *
 * Instruction times are the difference between the run of a program that runs the instruction R times and the run
 * of the same program with R = 0 (what copying the operands in costs; the machines are made outside the timing). Every measurement runs once per round, in turn, and
 * keeps its fastest time: on a shared machine, the ratios compare the least disturbed run of each.
 */
import { execFileSync } from 'child_process';
import { performance } from 'perf_hooks';
import { setSimdKernels } from '../engine/kernels/simd';
import { Machine } from '../engine/machine/machine';
import { Interpreter } from '../engine/run/interpreter';
import { report, virtualProgram, writeJson } from './harness';

const K = 128;
const M = 128;
const N = 512;
const FLOPS = 2 * K * M * N;
const ROUNDS = Number(process.env.ROUNDS ?? 20);

// ---------------------------------------------------------------------------------------------
// Rounds

const measurements: (() => void)[] = [];
const fastest = new Map<string, number>();

/** Runs once and keeps the fastest time (seconds) under its name. */
function time(name: string, run: () => void): void {
  const t0 = performance.now();
  run();
  fastest.set(name, Math.min(fastest.get(name) ?? Infinity, (performance.now() - t0) / 1000));
}

/** Seconds one instruction takes (once the rounds have run): a loop of `repeat` of them, less the same program without. */
function timeInstruction(name: string, program: (repeat: number) => string, repeat: number, simd: boolean): () => number {
  const full = virtualProgram(program(repeat));
  const empty = virtualProgram(program(0));
  measurements.push(() => {
    setSimdKernels(simd);
    try {
      // Machines are made outside the timing: their DRAM initializers are not what is measured.
      const [withLoop, without] = [new Machine(full), new Machine(empty)];
      time(name, () => new Interpreter(withLoop).runFast());
      time(`${name} (empty)`, () => new Interpreter(without).runFast());
    } finally {
      setSimdKernels(true);
    }
  });
  return () => Math.max(fastest.get(name)! - fastest.get(`${name} (empty)`)!, 1e-9) / repeat;
}

// ---------------------------------------------------------------------------------------------
// MatMult

const MATMUL = (dtype: string) => (repeat: number) => `module mm
dram a : ${dtype}[${K}, ${M}] input = random(seed=1, low=-1, high=1)
dram b : ${dtype}[${K}, ${N}] input = random(seed=2, low=-1, high=1)
func main() {
  sbuf sa : ${dtype}[${K}, ${M}]
  sbuf sb : ${dtype}[${K}, ${N}]
  psum acc : f32[${M}, ${N}]
  DmaCopy sa <- a
  DmaCopy sb <- b
  for r0 in 0..${repeat} {
    MatMult acc <- sa, sb
  }
}
`;

function matmul(dtype: string, simd: boolean): () => number {
  // Short samples (a few ms each) are the likeliest to fall in a quiet moment of a shared machine.
  const seconds = timeInstruction(`MatMult ${dtype}${simd ? '' : ' scalar'}`, MATMUL(dtype), simd ? 10 : 1, simd);
  return () => FLOPS / seconds() / 1e9;
}

/** out[i, :] += a[i, k] · b[k, :], the i-k-j order that streams rows; a is [M, K] here. */
function ikjLoop(a: Float32Array, b: Float32Array, out: Float32Array): void {
  out.fill(0);
  for (let i = 0; i < M; i++) {
    for (let k = 0; k < K; k++) {
      const x = a[i * K + k];
      const row = k * N;
      const at = i * N;
      for (let j = 0; j < N; j++) out[at + j] += x * b[row + j];
    }
  }
}

function ikj(): () => number {
  const a = Float32Array.from({ length: M * K }, () => Math.random() * 2 - 1);
  const b = Float32Array.from({ length: K * N }, () => Math.random() * 2 - 1);
  const out = new Float32Array(M * N);
  measurements.push(() => {
    for (let i = 0; i < 3; i++) time('i-k-j loop', () => ikjLoop(a, b, out));
  });
  return () => FLOPS / fastest.get('i-k-j loop')! / 1e9;
}

const NUMPY = `
import ctypes, time, numpy as np
a = np.random.rand(${K}, ${M}).astype(np.float32)
b = np.random.rand(${K}, ${N}).astype(np.float32)
fastest = 1e9
for _ in range(100):
    t = time.perf_counter()
    for _ in range(20): c = a.T @ b
    fastest = min(fastest, (time.perf_counter() - t) / 20)
core = '?'
for path in {l.split()[-1] for l in open('/proc/self/maps') if 'openblas' in l and '.so' in l}:
    lib = ctypes.CDLL(path)
    for name in ('scipy_openblas_get_corename64_', 'openblas_get_corename64_', 'openblas_get_corename'):
        if hasattr(lib, name):
            getattr(lib, name).restype = ctypes.c_char_p
            core = getattr(lib, name)().decode()
print(${FLOPS} / fastest / 1e9, core, np.__version__)
`;

interface NumpyResult {
  readonly gflops: number;
  readonly kernel: string;
  readonly version: string;
}

/** NumPy's f32 product on one thread, with the environment as given or without this machine's kernel override. */
function numpy(ownKernel: boolean): NumpyResult | undefined {
  const env: NodeJS.ProcessEnv = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1' };
  if (ownKernel) {
    delete env.OPENBLAS_CORETYPE;
    delete env.OPENBLAS_L2_SIZE;
  }
  try {
    const [gflops, kernel, version] = execFileSync('python3', ['-c', NUMPY], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim().split(' ');
    return { gflops: Number(gflops), kernel, version };
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------------------------
// Elementwise

const ELEMENTWISE: Record<string, string> = {
  'TensorTensor add': 'TensorTensor y <- x, z, op = add',
  'TensorScalar mul, add': 'TensorScalar y <- x, op = mul, scalar = 0.5, op1 = add, scalar1 = 2',
  'Activation relu': 'Activation y <- x, func = relu, scale = 2',
  'TensorReduce add': 'TensorReduce s <- x, op = add',
  'TensorCopy to bf16': 'TensorCopy h <- x',
};

/** An f32 tile of 128 partitions: 512 columns (256 KiB, a PSUM bank's width) or 2048 (1 MiB). */
function elementwise(cols: number, instruction: string): (repeat: number) => string {
  return (repeat) => `module ew
dram a : f32[128, ${cols}] input = random(seed=1, low=-1, high=1)
func main() {
  sbuf x : f32[128, ${cols}]
  sbuf z : f32[128, ${cols}]
  sbuf y : f32[128, ${cols}]
  sbuf h : bf16[128, ${cols}]
  sbuf s : f32[128, 1]
  DmaCopy x <- a
  DmaCopy z <- a
  for r0 in 0..${repeat} {
    ${instruction}
  }
}
`;
}

function elementsPerSecond(cols: number, simd: boolean): () => Record<string, number> {
  const seconds = Object.entries(ELEMENTWISE).map(([name, instruction]) =>
    [name, timeInstruction(`${name} ${cols}${simd ? '' : ' scalar'}`, elementwise(cols, instruction), simd ? 20 : 2, simd)] as const);
  return () => Object.fromEntries(seconds.map(([name, s]) => [name, 128 * cols / s() / 1e9]));
}

// ---------------------------------------------------------------------------------------------

const f32 = matmul('f32', true);
const bf16 = matmul('bf16', true);
const scalarF32 = matmul('f32', false);
const loop = ikj();
const ew512 = elementsPerSecond(512, true);
const ew2048 = elementsPerSecond(2048, true);
const ew512Scalar = elementsPerSecond(512, false);
for (let round = 0; round < ROUNDS; round++) for (const measure of measurements) measure();
const configured = numpy(false);
const own = numpy(true);
const numpyBest = Math.max(configured?.gflops ?? 0, own?.gflops ?? 0);

const results: Record<string, Record<string, number>> = {
  matmulGflops: { simdF32: f32(), simdBf16: bf16(), scalarF32: scalarF32(), ikjLoop: loop() },
  matmulRatios: { f32OverIkj: f32() / loop(), bf16OverIkj: bf16() / loop(), scalarOverIkj: scalarF32() / loop(), simdOverScalar: f32() / scalarF32() },
  elementwise512GElementsPerSecond: ew512(),
  elementwise2048GElementsPerSecond: ew2048(),
  elementwise512ScalarGElementsPerSecond: ew512Scalar(),
};
if (numpyBest > 0) {
  results.numpyGflops = { environment: configured?.gflops ?? NaN, ownKernel: own?.gflops ?? NaN };
  results.numpyRatios = { f32: f32() / numpyBest, bf16: bf16() / numpyBest, ikjLoop: loop() / numpyBest };
}
report('kernels', results);
if (numpyBest > 0) console.log(`numpy ${own?.version ?? configured?.version}: OpenBLAS kernel ${configured?.kernel} as configured, ${own?.kernel} by its own choice; ratios against the faster`);
else console.log('numpy: python3 with numpy not found, not measured');
writeJson(process.argv, results);
