/**
 * The certified kernels' fast doubles against the exact path's doubles, before either is rounded to f32: the largest
 * relative error measured, beside the bound each function's certificate is built on (engine/kernels/wasm/
 * certified.ts and the files it uses). A measurement, not a proof: it shows the bounds hold on the sample and how
 * close to them the approximations come.
 *   npx tsx bench/transcendental-errors.ts        (SAMPLES=n for other than 2^21 inputs per function)
 *
 * The kernels do not export their fast doubles; this builds a copy of engine/kernels/wasm/ with an export that does
 * (`probe`), in a temporary directory.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cos, exp, log, log1p, sin, tanh } from '../engine/base/math';
import { Func } from '../engine/kernels/wasm/codes';

const SAMPLES = Number(process.env.SAMPLES ?? 2 ** 21);
const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);

/** The exact path's double (alu.ts's formula on base/math.ts, not rounded to f32), where it is not saturated. */
interface Case {
  readonly code: Func;
  readonly exact: (y: number) => number;
  /** The bound proven for the fast double (log2 of the relative error). */
  readonly bound: number;
  /** Arguments clamped to a saturated result, where no relative bound is claimed. */
  readonly saturated: (y: number) => boolean;
  readonly range: number;
}

const geluArgument = (x: number): number => -2 * (SQRT_2_OVER_PI * (x + 0.044715 * x * x * x));

const CASES: Record<string, Case> = {
  exp: { code: Func.Exp, exact: exp, bound: -41, saturated: (y) => Math.abs(y) > 104, range: 60 },
  sigmoid: { code: Func.Sigmoid, exact: (y) => 1 / (1 + exp(-y)), bound: -40.98, saturated: (y) => y < -104, range: 60 },
  silu: { code: Func.Silu, exact: (y) => y / (1 + exp(-y)), bound: -40.98, saturated: (y) => y < -110, range: 60 },
  gelu: { code: Func.Gelu, exact: (y) => y / (1 + exp(geluArgument(y))), bound: -40.98, saturated: (y) => geluArgument(y) > 110, range: 60 },
  tanh: { code: Func.Tanh, exact: tanh, bound: -43.4, saturated: (y) => Math.abs(y) > 10, range: 30 },
  softplus: { code: Func.Softplus, exact: (y) => Math.max(y, 0) + log1p(exp(-Math.abs(y))), bound: -40.9, saturated: (y) => y < -104, range: 60 },
  log: { code: Func.Log, exact: log, bound: -48, saturated: () => false, range: 1000 },
  sin: { code: Func.Sin, exact: sin, bound: -44.1, saturated: () => false, range: 2000 },
  cos: { code: Func.Cos, exact: cos, bound: -44.1, saturated: () => false, range: 2000 },
};

const PROBE = `
import { approximate } from './certified';
import { Func } from './codes';
export function probe(func: Func, x: usize, out: usize, n: i32): void {
  for (let i = 0; i < n; i += 2) {
    const o = <usize>i << 3;
    switch (func) {
${Object.keys(CASES).map((name) => `      case ${CASES[name].code}: v128.store(out + o, approximate(${CASES[name].code}, v128.load(x + o))); break;`).join('\n')}
    }
  }
}
`;

interface AssemblyScript {
  main(args: string[], options: object): Promise<{ error?: Error }>;
}

interface Probe {
  readonly memory: { buffer: ArrayBuffer; grow(pages: number): number };
  heapBase(): number;
  probe(func: Func, x: number, out: number, n: number): void;
}

declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
};

async function buildProbe(): Promise<Probe> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kernels-probe-'));
  try {
    const sources = path.join(__dirname, '..', 'engine', 'kernels', 'wasm');
    for (const file of fs.readdirSync(sources)) fs.copyFileSync(path.join(sources, file), path.join(dir, file));
    const certified = path.join(dir, 'certified.ts');
    fs.writeFileSync(certified, fs.readFileSync(certified, 'utf8').replace('@inline function approximate(', '@inline export function approximate('));
    fs.appendFileSync(path.join(dir, 'index.ts'), PROBE);
    // A specifier the type checker does not resolve: the compiler's package has no CommonJS types.
    const compiler = 'assemblyscript/asc';
    const asc = ((await import(compiler)) as { default: AssemblyScript }).default;
    let binary: Uint8Array | undefined;
    let errors = '';
    const { error } = await asc.main([path.join(dir, 'index.ts'), '--enable', 'simd', '-O3', '--runtime', 'stub', '--noAssert', '--outFile', 'probe.wasm'], {
      writeFile: (name: string, contents: Uint8Array) => { if (name.endsWith('.wasm')) binary = contents; },
      stdout: { write: () => true },
      stderr: { write: (text: string) => ((errors += text), true) },
    });
    if (error || !binary) throw new Error(`the probe does not compile:\n${errors}`);
    return new WebAssembly.Instance(new WebAssembly.Module(binary), {}).exports as Probe;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** xorshift32: the same sample every run. */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>>= 0);
  };
}

/** Half the sample uniform in the function's usual range, half random f32 bit patterns. */
function sample(c: Case, n: number, next: () => number): Float64Array {
  const bits = new Uint32Array(1);
  const f32 = new Float32Array(bits.buffer);
  return Float64Array.from({ length: n }, (_, i) => {
    if (i % 2) {
      bits[0] = next();
      return f32[0];
    }
    const y = Math.fround((next() / 2 ** 32 - 0.5) * 2 * c.range);
    return c.code === Func.Log ? Math.abs(y) : y;
  });
}

async function main(): Promise<void> {
  const k = await buildProbe();
  const chunk = 1 << 16;
  const base = Math.ceil(k.heapBase() / 64) * 64;
  k.memory.grow(Math.ceil((base + 2 * chunk * 8) / 65536));
  let exceeded = false;
  for (const [name, c] of Object.entries(CASES)) {
    const next = generator(0x1234567 + c.code);
    let worst = 0;
    let at = 0;
    for (let done = 0; done < SAMPLES; done += chunk) {
      const x = new Float64Array(k.memory.buffer, base, chunk);
      x.set(sample(c, chunk, next));
      k.probe(c.code, base, base + chunk * 8, chunk);
      const d = new Float64Array(k.memory.buffer, base + chunk * 8, chunk);
      for (let i = 0; i < chunk; i++) {
        const e = c.exact(x[i]);
        if (d[i] !== d[i] || e === 0 || !Number.isFinite(e) || c.saturated(x[i])) continue;
        const error = Math.abs(d[i] - e) / Math.abs(e);
        if (error > worst) [worst, at] = [error, x[i]];
      }
    }
    const holds = worst < 2 ** c.bound;
    exceeded ||= !holds;
    console.log(`${name.padEnd(9)} largest relative error 2^${Math.log2(worst).toFixed(2)} (at ${at}), bound 2^${c.bound}: ${holds ? 'holds' : 'EXCEEDED'}`);
  }
  process.exitCode = exceeded ? 1 : 0;
}

void main();
