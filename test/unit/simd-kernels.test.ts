/**
 * The WebAssembly SIMD kernels against the scalar reference, bit for bit.
 *
 * - Formats: the kernels' decode of every bf16, f16 and fp8 pattern (the three fp8 formats) and their encode of every
 *   value that matters (every pattern's value, every midpoint between neighbours, the edges of each format, random
 *   f32 patterns) equal engine/machine/dtypes.ts. e8m0 and fp4e2m1 stay on the host: programs mix them in.
 * - Programs: random instructions (every opcode with a SIMD path) on random shapes, strided views (offsets and
 *   steps, .T and .bcast for DMA), every dtype, data with NaN (payloads and signs), ±Inf, subnormals, ±0 and
 *   values at rounding ties, with the faults on or off; each runs with the kernels on and off, and the outcome
 *   (fault and message included) and every stored bit of the result must be the same.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { DType, dtypeInfo } from '../../engine/base/dtype';
import { allocate, f32At, setSimdKernels, simdKernels } from '../../engine/kernels/simd';
import { Format } from '../../engine/kernels/wasm/codes';
import { checkProgram } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { decode, elementArrayOn, encode } from '../../engine/machine/dtypes';
import { Machine, TensorSource } from '../../engine/machine/machine';
import { Tensor } from '../../engine/machine/tensor';
import { Interpreter } from '../../engine/run/interpreter';
import { mulberry32 } from '../../engine/machine/random';

/** Programs per opcode; FC_RUNS=n makes a longer (or shorter) session. */
const RUNS = Number(process.env.FC_RUNS ?? 100);

/** The float dtypes the kernels decode and encode. */
const KERNEL_FLOATS: readonly DType[] = ['f32', 'bf16', 'f16', 'fp8e4m3', 'fp8e4m3fn', 'fp8e5m2'];
/** Programs also mix in the floats the kernels leave to the host (a staged result stored into them, for one). */
const FLOATS: readonly DType[] = [...KERNEL_FLOATS, 'e8m0', 'fp4e2m1'];
const INTS: readonly DType[] = ['i32', 'i16', 'i8', 'u32', 'u16', 'u8'];
const FORMAT_OF: Record<string, Format> = {
  f32: Format.F32, bf16: Format.BF16, f16: Format.F16, fp8e4m3: Format.FP8E4M3, fp8e4m3fn: Format.FP8E4M3FN, fp8e5m2: Format.FP8E5M2,
};

// ---------------------------------------------------------------------------------------------
// Formats, through the kernels directly

const bits32 = new Uint32Array(1);
const float32 = new Float32Array(bits32.buffer);

function f32OfBits(b: number): number {
  bits32[0] = b;
  return float32[0];
}

function bitsOfF32(x: number): number {
  float32[0] = x;
  return bits32[0];
}

/** Every value of a 16-bit or 8-bit format, and the midpoints between neighbours (and just around them) as f32. */
function valuesAround(dtype: DType): number[] {
  const count = dtypeInfo(dtype).bytes === 2 ? 0x10000 : 0x100;
  const values: number[] = [];
  for (let b = 0; b < count; b++) values.push(decode(dtype, b));
  const finite = [...new Set(values.filter((v) => Number.isFinite(v)))].sort((a, b) => a - b);
  const out = [...values];
  for (let i = 0; i + 1 < finite.length; i++) {
    const mid = Math.fround((finite[i] + finite[i + 1]) / 2);
    const b = bitsOfF32(mid);
    out.push(mid, f32OfBits(b + 1), f32OfBits(b - 1));
  }
  return out;
}

function edgeValues(): number[] {
  const out = [0, -0, Infinity, -Infinity, NaN, 65504, 65519.996, 65520, 65536, 240, 247.99998, 248, 256, 448, 464, 480, 57344, 61440, 61439.996, 3.4028234663852886e38, -3.4028234663852886e38, 3.3895313892515355e38, 3.3961776383e38];
  for (const b of [0x7fc00000, 0xffc00000, 0x7f800001, 0xff812345, 0x7fbfffff, 0x00000001, 0x80000001, 0x007fffff, 0x00800000, 0x33800000, 0x33000000, 0x387fc000, 0x38800000, 0x3b000000, 0x37800000]) out.push(f32OfBits(b));
  return out;
}

function randomF32s(n: number, seed: number): number[] {
  const next = mulberry32(seed);
  return Array.from({ length: n }, () => f32OfBits(Math.floor(next() * 2 ** 32)));
}

/** Runs the kernels' encode of f32 values into a format; returns the stored patterns. */
function kernelEncode(dtype: DType, values: readonly number[]): number[] {
  const n = values.length;
  const k = simdKernels(2 * n)!;
  const src = allocate(n, 4);
  const dst = allocate(n, dtypeInfo(dtype).bytes);
  f32At(src, n).set(values);
  // NaN inputs keep their patterns here: a Float32Array store may not (and must not matter).
  const raw = new Uint32Array(k.memory.buffer, src, n);
  values.forEach((v, i) => { if (v !== v) raw[i] = bitsOfF32(v); });
  k.encode(FORMAT_OF[dtype], src, dst, n);
  return Array.from(dtype === 'f32' ? new Uint32Array(k.memory.buffer, dst, n) : elementArrayOn(dtype, k.memory.buffer, dst, n));
}

function kernelDecode(dtype: DType, patterns: readonly number[]): number[] {
  const n = patterns.length;
  const k = simdKernels(2 * n)!;
  const src = allocate(n, dtypeInfo(dtype).bytes);
  const dst = allocate(n, 4);
  elementArrayOn(dtype, k.memory.buffer, src, n).set(patterns);
  k.decode(FORMAT_OF[dtype], src, dst, n);
  return Array.from(f32At(dst, n));
}

describe('SIMD kernels: formats equal dtypes.ts', () => {
  for (const dtype of KERNEL_FLOATS.filter((d) => d !== 'f32')) {
    it(`decode of every ${dtype} pattern`, () => {
      const count = dtypeInfo(dtype).bytes === 2 ? 0x10000 : 0x100;
      const patterns = Array.from({ length: count }, (_, i) => i);
      const got = kernelDecode(dtype, patterns);
      patterns.forEach((p, i) => assert.ok(Object.is(got[i], decode(dtype, p)), `${dtype} 0x${p.toString(16)}: ${got[i]} vs ${decode(dtype, p)}`));
    });
  }

  for (const dtype of KERNEL_FLOATS) {
    it(`encode into ${dtype}: every neighbour's value and midpoint, the edges, 200,000 random f32`, () => {
      const values = [...edgeValues(), ...randomF32s(200_000, 7), ...(dtype === 'f32' ? [] : valuesAround(dtype)), ...valuesAround('bf16').slice(0, 0x10000)];
      const got = kernelEncode(dtype, values);
      values.forEach((v, i) => {
        const want = dtype === 'f32' ? bitsOfF32(encode('f32', v)) : encode(dtype, v);
        if (got[i] !== want) assert.fail(`${dtype} of ${v} (0x${bitsOfF32(v).toString(16)}): 0x${got[i].toString(16)}, want 0x${want.toString(16)}`);
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Random programs, run with the kernels on and off

/**
 * A stored pattern of an element. Wild tensors have many special values (NaN with any payload, ±Inf, ±0, huge
 * values, uniform bit patterns); tame ones have ordinary values, ties for the roundings, some subnormals and
 * zeros, so that sums of many products stay finite.
 */
function randomStored(dtype: DType, next: () => number, wild: boolean): number {
  const info = dtypeInfo(dtype);
  const r = next();
  if (info.isInteger) {
    if (r < 0.15) return next() < 0.5 ? info.minFinite : info.maxFinite;
    if (r < 0.5) return Math.floor(next() * 41) - (info.isSigned ? 20 : 0);
    return info.minFinite + Math.floor(next() * (info.maxFinite - info.minFinite + 1));
  }
  const width = dtype === 'fp4e2m1' ? 4 : info.bytes * 8;
  if (wild && r < 0.3) return Math.floor(next() * 2 ** width);
  // A narrower format stores the f32 value rounded (a NaN then loses its payload: the uniform patterns keep some).
  const f32 = randomF32(next, wild ? 1 : 0.65);
  return dtype === 'f32' ? f32 : encode(dtype, f32OfBits(f32));
}

/** An f32 pattern by category; `upTo` < 1 leaves out the last categories (infinities, NaN, huge values). */
function randomF32(next: () => number, upTo: number): number {
  const r = next() * upTo;
  const sign = next() < 0.5 ? 0x80000000 : 0;
  let magnitude: number;
  if (r < 0.35) magnitude = ((120 + Math.floor(next() * 16)) << 23) | Math.floor(next() * 2 ** 23);   // around 1
  else if (r < 0.5) magnitude = ((124 + Math.floor(next() * 8)) << 23) | (Math.floor(next() * 64) << 17);   // few mantissa bits: ties when rounded
  else if (r < 0.55) magnitude = Math.floor(next() * 2 ** 23);   // subnormal or zero
  else if (r < 0.65) magnitude = 0;
  else if (r < 0.8) magnitude = ((100 + Math.floor(next() * 60)) << 23) | Math.floor(next() * 2 ** 23);   // any ordinary size
  else if (r < 0.9) magnitude = 0x7f800000;
  else if (r < 0.95) magnitude = 0x7f800001 + Math.floor(next() * (2 ** 23 - 1));   // NaN, any payload
  else magnitude = ((240 + Math.floor(next() * 14)) << 23) | Math.floor(next() * 2 ** 23);   // huge
  return (sign | magnitude) >>> 0;
}

function randomSource(seed: number): TensorSource {
  return (t: Tensor) => {
    const next = mulberry32(seed);
    const bits = t.dtype === 'f32' ? new Uint32Array(t.data.buffer, t.data.byteOffset, t.size) : t.data;
    const wild = next() < 0.5;
    for (let i = 0; i < t.size; i++) bits[i] = randomStored(t.dtype, next, wild);
    t.markAllWritten();
  };
}

/** A strided 2-D view inside a tensor: offsets and steps per dimension. */
interface Strided {
  readonly rows: number;
  readonly cols: number;
  readonly r0: number;
  readonly rs: number;
  readonly c0: number;
  readonly cs: number;
}

const stepArb = fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) });
const offsetArb = fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }) });

function stridedArb(rows: fc.Arbitrary<number>, cols: fc.Arbitrary<number>): fc.Arbitrary<Strided> {
  return fc.record({ rows, cols, r0: offsetArb, rs: stepArb, c0: offsetArb, cs: stepArb });
}

/** The tensor shape that holds a view, with a little room after it. */
function extent(v: Strided): [number, number] {
  return [v.r0 + (v.rows - 1) * v.rs + 1 + (v.r0 % 2), v.c0 + (v.cols - 1) * v.cs + 1 + (v.c0 % 3)];
}

function slice(name: string, v: Strided): string {
  return `${name}[${v.r0} : ${v.r0 + (v.rows - 1) * v.rs + 1} : ${v.rs}, ${v.c0} : ${v.c0 + (v.cols - 1) * v.cs + 1} : ${v.cs}]`;
}

/** Rebuilds a view with other sizes, keeping its offsets and steps. */
function sized(v: Strided, rows: number, cols: number): Strided {
  return { ...v, rows, cols };
}

const dtypeArb = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...FLOATS) }, { weight: 1, arbitrary: fc.constantFrom(...INTS) });
const floatOrI32 = fc.oneof({ weight: 4, arbitrary: fc.constant<DType>('f32') }, { weight: 1, arbitrary: fc.constant<DType>('i32') });
const scalarArb = fc.constantFrom('2', '-0.5', '0.1', '3', '0', '1e30', '-1e-40', '16777217', '7.5e-45', 'column');
const faultsArb = fc.record({ nan: fc.boolean(), 'uninitialized-read': fc.boolean() });
const ALU_OPS = ['add', 'sub', 'mul', 'div', 'max', 'min', 'pow', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'and', 'or', 'xor'];
const FUNCS = ['identity', 'relu', 'square', 'abs', 'sign', 'reciprocal', 'sqrt', 'rsqrt', 'exp', 'tanh', 'gelu', 'sigmoid', 'silu', 'softplus', 'log', 'sin', 'cos'];

/** One instruction under test and the tensors it needs. */
interface Case {
  readonly text: string;
  readonly faults: { nan: boolean; 'uninitialized-read': boolean };
  readonly seed: number;
}

interface Tile {
  readonly name: string;
  readonly memory: 'sbuf' | 'psum';
  readonly dtype: DType;
  readonly view: Strided;
  /** Loaded from DRAM (the operands), filled with Memset (the destination), or partly left unwritten. */
  readonly fill: 'load' | 'memset' | 'partial' | 'none';
}

/**
 * The program: DRAM inputs copied into the tiles, the instruction, the destination tile (the first) copied out
 * whole; twice, in two activations of a function. The second finds the first one's data in its tiles, never
 * written in this activation: what a partly loaded tile or an unfilled destination reads there.
 */
function program(tiles: readonly Tile[], instruction: string, memsetValue: string): string {
  const drams: string[] = [];
  const allocations: string[] = [];
  const fills: string[] = [];
  for (const t of tiles) {
    const [r, c] = extent(t.view);
    const half = Math.ceil(r / 2);
    if (t.fill === 'load' || t.fill === 'partial') drams.push(`dram i_${t.name} : ${t.dtype}[${r}, ${c}] input`);
    allocations.push(`  ${t.memory} ${t.name} : ${t.dtype}[${r}, ${c}]`);
    if (t.fill === 'load') fills.push(`  DmaCopy ${t.name} <- i_${t.name}`);
    if (t.fill === 'partial') fills.push(`  if r0 {\n    DmaCopy ${t.name} <- i_${t.name}\n  } else {\n    DmaCopy ${t.name}[0:${half}, :] <- i_${t.name}[0:${half}, :]\n  }`);
    if (t.fill === 'memset') fills.push(`  Memset ${t.name} <- ${memsetValue}`);
    if (t.fill === 'none') fills.push(`  if r0 {\n    Memset ${t.name} <- ${memsetValue}\n  }`);
  }
  const [dr, dc] = extent(tiles[0].view);
  return ['module simd', ...drams, `dram out : ${tiles[0].dtype}[${dr}, ${dc}] output`,
    'func main() {', '  call work(1)', '  call work(0)', '}',
    'func work(r0) {', ...allocations, ...fills, `  ${instruction}`, `  DmaCopy out <- ${tiles[0].name}`, '}', ''].join('\n');
}

const sourceFill = fc.oneof({ weight: 6, arbitrary: fc.constant<'load'>('load') }, { weight: 1, arbitrary: fc.constant<'partial'>('partial') });
const dstFill = fc.oneof({ weight: 6, arbitrary: fc.constant<'memset'>('memset') }, { weight: 1, arbitrary: fc.constant<'none'>('none') });
const memsetArb = fc.constantFrom('0', '1.5', '-3', '1e38', '-7e-39');

function caseArb(make: fc.Arbitrary<{ tiles: Tile[]; instruction: string }>): fc.Arbitrary<Case> {
  return fc.record({ made: make, memset: memsetArb, faults: faultsArb, seed: fc.integer({ min: 1, max: 2 ** 31 }) })
    .map(({ made, memset, faults, seed }) => ({ text: program(made.tiles, made.instruction, memset), faults, seed }));
}

// At most 40 rows or columns: with an offset of 5 and a step of 3, a view still fits in 128 partitions.
const tileDims = { rows: fc.integer({ min: 1, max: 40 }), cols: fc.integer({ min: 1, max: 40 }) };

const elementwise = (build: (a: Tile, d: Tile, extra: { op: string; op1: string; s: string; s1: string; func: string; b: Tile }) => string) =>
  caseArb(fc.record({
    va: stridedArb(tileDims.rows, tileDims.cols), vb: stridedArb(fc.constant(1), fc.constant(1)), vd: stridedArb(fc.constant(1), fc.constant(1)),
    da: dtypeArb, db: dtypeArb, dd: dtypeArb, fa: sourceFill, fb: sourceFill, fd: dstFill,
    op: fc.constantFrom(...ALU_OPS), op1: fc.constantFrom('', ...ALU_OPS), s: scalarArb, s1: scalarArb, func: fc.constantFrom(...FUNCS),
  }).map((r) => {
    const a: Tile = { name: 'ta', memory: 'sbuf', dtype: r.da, view: r.va, fill: r.fa };
    const b: Tile = { name: 'tb', memory: 'sbuf', dtype: r.db, view: sized(r.vb, r.va.rows, r.va.cols), fill: r.fb };
    const d: Tile = { name: 'dst', memory: 'sbuf', dtype: r.dd, view: sized(r.vd, r.va.rows, r.va.cols), fill: r.fd };
    const c: Tile = { name: 'tc', memory: 'sbuf', dtype: r.db, view: { rows: r.va.rows, cols: 1, r0: 0, rs: 1, c0: 0, cs: 1 }, fill: 'load' };
    return { tiles: [d, a, b, c], instruction: build(a, d, { ...r, b }) };
  }));

/** A scalar attribute: a number, or the [P, 1] column tensor. */
function scalarText(s: string, rows: number): string {
  return s === 'column' ? `tc[0:${rows}, 0:1]` : s;
}

const OPCODES: Record<string, fc.Arbitrary<Case>> = {
  TensorTensor: elementwise((a, d, x) => `TensorTensor ${slice('dst', d.view)} <- ${slice('ta', a.view)}, ${slice('tb', x.b.view)}, op = ${x.op}`),
  TensorScalar: elementwise((a, d, x) => {
    const first = `TensorScalar ${slice('dst', d.view)} <- ${slice('ta', a.view)}, op = ${x.op}, scalar = ${scalarText(x.s, a.view.rows)}`;
    return x.op1 ? `${first}, op1 = ${x.op1}, scalar1 = ${scalarText(x.s1, a.view.rows)}` : first;
  }),
  Activation: elementwise((a, d, x) => `Activation ${slice('dst', d.view)} <- ${slice('ta', a.view)}, func = ${x.func}, scale = ${scalarText(x.s, a.view.rows)}, bias = ${scalarText(x.s1, a.view.rows)}`),
  TensorCopy: elementwise((a, d) => `TensorCopy ${slice('dst', d.view)} <- ${slice('ta', a.view)}`),
  TensorReduce: caseArb(fc.record({ va: stridedArb(tileDims.rows, tileDims.cols), vd: stridedArb(fc.constant(1), fc.constant(1)), da: dtypeArb, dd: dtypeArb, fa: sourceFill, fd: dstFill, op: fc.constantFrom('add', 'mul', 'max', 'min') })
    .map((r) => {
      const a: Tile = { name: 'ta', memory: 'sbuf', dtype: r.da, view: r.va, fill: r.fa };
      const d: Tile = { name: 'dst', memory: 'sbuf', dtype: r.dd, view: { ...r.vd, rows: r.va.rows, cols: 1 }, fill: r.fd };
      return { tiles: [d, a], instruction: `TensorReduce ${slice('dst', d.view)} <- ${slice('ta', a.view)}, op = ${r.op}` };
    })),
  MatMult: caseArb(fc.record({
    K: fc.integer({ min: 1, max: 40 }), M: fc.integer({ min: 1, max: 40 }), N: fc.integer({ min: 1, max: 70 }),
    va: stridedArb(fc.constant(1), fc.constant(1)), vb: stridedArb(fc.constant(1), fc.constant(1)), vd: stridedArb(fc.constant(1), fc.constant(1)),
    da: dtypeArb, db: dtypeArb, fa: sourceFill, fb: sourceFill, fd: dstFill, accumulate: fc.boolean(),
  }).map((r) => {
    const a: Tile = { name: 'ta', memory: 'sbuf', dtype: r.da, view: sized(r.va, r.K, r.M), fill: r.fa };
    const b: Tile = { name: 'tb', memory: 'sbuf', dtype: r.db, view: sized(r.vb, r.K, r.N), fill: r.fb };
    // PSUM rows are at most a bank (512 f32): keep the destination's column steps inside one.
    const d: Tile = { name: 'dst', memory: 'psum', dtype: 'f32', view: { ...sized(r.vd, r.M, r.N), cs: 1, c0: Math.min(r.vd.c0, 2) }, fill: r.fd };
    return { tiles: [d, a, b], instruction: `MatMult ${slice('dst', d.view)} <- ${slice('ta', a.view)}, ${slice('tb', b.view)}, accumulate = ${r.accumulate ? 1 : 0}` };
  })),
  Transpose: caseArb(fc.record({ va: stridedArb(tileDims.rows, tileDims.cols), vd: stridedArb(fc.constant(1), fc.constant(1)), da: dtypeArb, dd: floatOrI32, fa: sourceFill, fd: dstFill })
    .map((r) => {
      const a: Tile = { name: 'ta', memory: 'sbuf', dtype: r.da, view: r.va, fill: r.fa };
      const d: Tile = { name: 'dst', memory: 'psum', dtype: r.dd, view: sized(r.vd, r.va.cols, r.va.rows), fill: r.fd };
      return { tiles: [d, a], instruction: `Transpose ${slice('dst', d.view)} <- ${slice('ta', a.view)}` };
    })),
  DmaCopy: caseArb(fc.record({ va: stridedArb(tileDims.rows, tileDims.cols), vd: stridedArb(fc.constant(1), fc.constant(1)), da: dtypeArb, dd: dtypeArb, fa: sourceFill, fd: dstFill, form: fc.constantFrom('plain', 'T', 'bcast') })
    .map((r) => {
      const a: Tile = { name: 'ta', memory: 'sbuf', dtype: r.da, view: r.form === 'bcast' ? { ...r.va, cols: 1 } : r.va, fill: r.fa };
      const rows = r.form === 'T' ? r.va.cols : r.va.rows;
      const cols = r.form === 'T' ? r.va.rows : r.va.cols;
      const d: Tile = { name: 'dst', memory: 'sbuf', dtype: r.dd, view: sized(r.vd, rows, cols), fill: r.fd };
      const src = r.form === 'T' ? `${slice('ta', a.view)}.T` : r.form === 'bcast' ? `${slice('ta', a.view)}.bcast(${cols})` : slice('ta', a.view);
      return { tiles: [d, a], instruction: `DmaCopy ${slice('dst', d.view)} <- ${src}` };
    })),
};

interface Result {
  readonly outcome: string;
  readonly out: readonly number[];
  readonly written: readonly number[];
}

function runOnce(c: Case, simd: boolean): Result {
  const r = checkProgram('/virtual/simd.bir', { host: { readText: () => c.text, exists: () => true } });
  if (!r.program) throw new Error(`the generated program does not check:\n${r.diagnostics.map((d) => formatDiagnostic(d)).join('\n')}\n${c.text}`);
  const inputs = Object.fromEntries(r.program.drams.filter((d) => d.name.startsWith('i_')).map((d, i) => [d.name, randomSource(c.seed + i)]));
  setSimdKernels(simd);
  try {
    const machine = new Machine(r.program, { inputs, faults: c.faults });
    const outcome = new Interpreter(machine).runFast();
    const out = machine.drams[r.program.drams.find((d) => d.name === 'out')!.slot];
    const described = outcome.kind === 'failed' ? `failed: ${outcome.fault.code}: ${outcome.fault.message}` : outcome.kind;
    return { outcome: described, out: Array.from(new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength)), written: Array.from(out.written) };
  } finally {
    setSimdKernels(true);
  }
}

describe('SIMD kernels: random programs give the bits of the scalar path', () => {
  for (const [opcode, arb] of Object.entries(OPCODES)) {
    it(opcode, () => {
      fc.assert(fc.property(arb, (c) => {
        const simd = runOnce(c, true);
        const scalar = runOnce(c, false);
        assert.equal(simd.outcome, scalar.outcome, c.text);
        assert.deepEqual(simd.written, scalar.written, c.text);
        assert.deepEqual(simd.out, scalar.out, c.text);
      }), { numRuns: RUNS });
    });
  }
});
