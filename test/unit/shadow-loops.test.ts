/**
 * A shadow run's loops over planes (machine/shadow-loops.ts) against its general loops over any view (what every
 * view took before them): random programs of every shadowed opcode on strided views of f32, bf16, f16 and fp8 tiles
 * whose inputs hold the edge cases (NaN with payloads, ±Inf, ±0, subnormals, huge values), with shadows already in
 * error, run both ways; every shadow array of every tensor (values, stamps, origins, jumps) must be the same
 * bit for bit. And the bulk decoders the loops read through, against decode() element by element.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { DType, dtypeInfo } from '../../engine/base/dtype';
import { checkProgram } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { createElementArray, decode, decodeRange, decodeRows, encode } from '../../engine/machine/dtypes';
import { Machine, TensorSource } from '../../engine/machine/machine';
import { mulberry32 } from '../../engine/machine/random';
import { shadowElement } from '../../engine/machine/shadow-element';
import { Shadow } from '../../engine/machine/shadow';
import { setShadowPlaneLoops } from '../../engine/machine/shadow-loops';
import { ShadowRun } from '../../engine/machine/shadow-run';
import { Tensor } from '../../engine/machine/tensor';
import { relativeError } from '../../engine/machine/ulp';
import { View, viewSize } from '../../engine/machine/view';
import { Interpreter } from '../../engine/run/interpreter';

const RUNS = Number(process.env.FC_RUNS ?? 60);
const FLOATS: DType[] = ['f32', 'bf16', 'f16', 'fp8e4m3', 'fp8e5m2'];
/** Every tile is [SIDE, SIDE]; views of at most 12 × 12 with an offset up to 5 and a step up to 3 fit in it. */
const SIDE = 40;

/** A float pattern: special values often, ordinary ones otherwise, stored as the dtype stores it. */
function randomValue(next: () => number): number {
  const r = next();
  if (r < 0.04) return NaN;
  if (r < 0.07) return next() < 0.5 ? Infinity : -Infinity;
  if (r < 0.12) return next() < 0.5 ? 0 : -0;
  if (r < 0.16) return (next() - 0.5) * 1e-40;
  if (r < 0.2) return (next() - 0.5) * 1e38;
  return (next() - 0.5) * 8;
}

function randomSource(seed: number): TensorSource {
  return (t: Tensor) => {
    const next = mulberry32(seed);
    if (t.dtype === 'f32') {
      // NaN with any payload, through the bits.
      const bits = new Uint32Array(t.data.buffer, t.data.byteOffset, t.size);
      for (let i = 0; i < t.size; i++) bits[i] = next() < 0.03 ? 0x7f800001 + Math.floor(next() * (2 ** 23 - 1)) + (next() < 0.5 ? 0x80000000 : 0) : encode('f32', randomValue(next));
    } else {
      for (let i = 0; i < t.size; i++) t.data[i] = encode(t.dtype, randomValue(next));
    }
    t.markAllWritten();
  };
}

interface Strided {
  readonly rows: number;
  readonly cols: number;
  readonly r0: number;
  readonly rs: number;
  readonly c0: number;
  readonly cs: number;
}

const side = fc.integer({ min: 1, max: 12 });
const step = fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) });
const offset = fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 5 }) });
const placement = fc.record({ r0: offset, rs: step, c0: offset, cs: step });

function slice(name: string, v: Strided): string {
  return `${name}[${v.r0} : ${v.r0 + (v.rows - 1) * v.rs + 1} : ${v.rs}, ${v.c0} : ${v.c0 + (v.cols - 1) * v.cs + 1} : ${v.cs}]`;
}

const ALU = ['add', 'sub', 'mul', 'div', 'max', 'min'];
const FUNCS = ['identity', 'relu', 'square', 'exp', 'tanh', 'reciprocal', 'sqrt', 'log'];

interface Case {
  readonly text: string;
  readonly seed: number;
  readonly faults: { nan: boolean; 'uninitialized-read': boolean };
}

/** The instruction under test over views a, b (same shape), a column c and dst, with its destination's memory. */
const instructions = fc.record({
  rows: side, cols: side, k: side,
  a: placement, b: placement, d: placement,
  op: fc.constantFrom(...ALU), op1: fc.constantFrom(...ALU), func: fc.constantFrom(...FUNCS),
  scalar: fc.constantFrom('0.3', '-2', 'column'), form: fc.nat({ max: 11 }), accumulate: fc.boolean(),
}).map((r) => {
  const a = { rows: r.rows, cols: r.cols, ...r.a };
  const b = { rows: r.rows, cols: r.cols, ...r.b };
  const d = { rows: r.rows, cols: r.cols, ...r.d };
  const column = `tc[0:${r.rows}, 0:1]`;
  const scalar = r.scalar === 'column' ? column : r.scalar;
  const [A, B, D] = [slice('ta', a), slice('tb', b), slice('dst', d)];
  switch (r.form) {
    case 0: return { psum: false, text: `TensorTensor ${D} <- ${A}, ${B}, op = ${r.op}` };
    case 1: return { psum: false, text: `TensorScalar ${D} <- ${A}, op = ${r.op}, scalar = ${scalar}, op1 = ${r.op1}, scalar1 = ${column}` };
    case 2: return { psum: false, text: `Activation ${D} <- ${A}, func = ${r.func}, scale = ${scalar}, bias = ${column}` };
    case 3: return { psum: false, text: `Activation ${D} <- ${A}, func = ${r.func}, scale = ${scalar}, reduce_res = ${slice('dst', { ...d, cols: 1, c0: 39, cs: 1 })}` };
    case 4: return { psum: false, text: `TensorCopy ${D} <- ${A}` };
    case 5: return { psum: false, text: `TensorReduce ${slice('dst', { ...d, cols: 1 })} <- ${A}, op = ${r.op === 'sub' || r.op === 'div' ? 'add' : r.op}` };
    case 6: {
      const st = slice('ta', { ...a, rows: r.k, cols: r.rows });
      const mv = slice('tb', { ...b, rows: r.k, cols: r.cols });
      return { psum: true, text: `MatMult ${slice('dst', { ...d, cs: 1 })} <- ${st}, ${mv}, accumulate = ${r.accumulate ? 1 : 0}` };
    }
    case 7: return { psum: true, text: `Transpose ${slice('dst', { ...d, rows: r.cols, cols: r.rows })} <- ${A}` };
    case 8: return { psum: false, text: `DmaCopy ${slice('dst', { ...d, rows: r.cols, cols: r.rows })} <- ${A}.T` };
    case 9: return { psum: false, text: `ScalarTensorTensor ${D} <- ${A}, ${B}, op = ${r.op}, scalar = ${scalar}, op1 = ${r.op1}` };
    case 10: return { psum: false, text: `Select ${D} <- ${B}, ${A}, 0.5` };
    default: return { psum: false, text: `DmaCopy ${D} <- ${A}` };
  }
});

const cases: fc.Arbitrary<Case> = fc.record({
  da: fc.constantFrom(...FLOATS), db: fc.constantFrom(...FLOATS), dd: fc.constantFrom(...FLOATS),
  instruction: instructions, partial: fc.boolean(), unread: fc.boolean(), seed: fc.integer({ min: 1, max: 2 ** 31 }),
}).map((r) => {
  const dd = r.instruction.psum ? 'f32' : r.dd;
  const text = [
    'module sh',
    `dram i_a : ${r.da}[${SIDE}, ${SIDE}] input`,
    `dram i_b : ${r.db}[${SIDE}, ${SIDE}] input`,
    `dram i_c : f32[${SIDE}, 1] input`,
    `dram i_3 : ${r.da}[4, 8, 8] input`,
    `dram o_a : ${r.da}[${SIDE}, ${SIDE}] output`,
    `dram o_b : ${r.db}[${SIDE}, ${SIDE}] output`,
    `dram o_d : ${dd}[${SIDE}, ${SIDE}] output`,
    `dram o_e : ${dd}[${SIDE}, ${SIDE}] output`,
    `dram o_3 : ${r.da}[4, 8, 8] output`,
    `dram o_4 : f32[4, 8, 8] output`,
    `dram o_l : ${r.da}[20, ${SIDE}] output`,
    `dram o_m : f32[20, ${SIDE}] output`,
    'func main() {',
    `  sbuf ta : ${r.da}[${SIDE}, ${SIDE}]`,
    `  sbuf tb : ${r.db}[${SIDE}, ${SIDE}]`,
    `  sbuf tc : f32[${SIDE}, 1]`,
    `  ${r.instruction.psum ? 'psum' : 'sbuf'} dst : ${dd}[${SIDE}, ${SIDE}]`,
    `  sbuf te : ${dd}[${SIDE}, ${SIDE}]`,
    `  sbuf tl : ${r.da}[20, ${SIDE}]`,
    `  sbuf tm : f32[20, ${SIDE}]`,
    '  DmaCopy ta <- i_a',
    '  DmaCopy tb <- i_b',
    '  DmaCopy tc <- i_c',
    // Shadows in error: every later read substitutes them where their stamps still match.
    '  TensorScalar ta <- ta, op = mul, scalar = 0.3',
    '  TensorScalar tb <- tb, op = add, scalar = 0.1, op1 = mul, scalar1 = tc',
    // Other origins, with overflows (infinite errors, equal in many places): which of equals is the worst.
    `  TensorScalar ta[0:${SIDE}:2, :] <- ta[0:${SIDE}:2, :], op = mul, scalar = 1e30`,
    `  TensorScalar ta[1:${SIDE}:4, :] <- ta[1:${SIDE}:4, :], op = mul, scalar = 1e31`,
    `  Activation tb[1:${SIDE}:3, :] <- tb[1:${SIDE}:3, :], func = exp`,
    r.partial ? `  Memset dst[0:${SIDE / 2}, :] <- 1.5` : '  Memset dst <- 1.5',
    `  ${r.instruction.text}`,
    // The result read again, by position and whole.
    r.unread ? '' : '  TensorTensor te <- dst, dst, op = mul',
    '  DmaCopy o_a <- ta',
    '  DmaCopy o_b <- tb',
    '  DmaCopy o_d <- dst',
    r.unread ? '' : '  DmaCopy o_e <- te',
    // Views that are not planes (the general loops both ways), read again from their shadows.
    '  DmaCopy o_3[0:2, 0:3, 0:4] <- i_3[1:3, 2:5, 1:5]',
    '  TensorScalar ta[0:2, 0:12] <- ta[0:2, 0:12], op = mul, scalar = 3',
    '  DmaCopy o_4[1:3, 0:3, 2:6] <- o_3[0:2, 0:3, 0:4]',
    // An input loaded to a tile (its shadows its stored values, read in bulk), read by position and whole.
    `  DmaCopy tl[0:20, 1:${SIDE}] <- i_a[0:${SIDE}:2, 1:${SIDE}]`,
    `  TensorTensor tm[0:20, 1:${SIDE}] <- tl[0:20, 1:${SIDE}], tl[0:20, 1:${SIDE}], op = mul`,
    `  TensorReduce tm[0:20, 0:1] <- tl[0:20, 1:${SIDE}], op = max`,
    `  DmaCopy o_l[0:20, 1:${SIDE}] <- tl[0:20, 1:${SIDE}]`,
    '  DmaCopy o_m[0:20, :] <- tm[0:20, :]',
    '}',
    '',
  ].filter((line) => line !== '').join('\n');
  return { text, seed: r.seed, faults: { nan: false, 'uninitialized-read': r.partial && r.unread } };
});

interface Shadows {
  readonly outcome: string;
  readonly nodes: number;
  readonly tensors: Record<string, Buffer[] | undefined>;
}

function run(c: Case, planes: boolean): Shadows {
  const r = checkProgram('/virtual/shadow.bir', { host: { readText: () => c.text, exists: () => true } });
  if (!r.program) throw new Error(`the generated program does not check:\n${r.diagnostics.map((d) => formatDiagnostic(d)).join('\n')}\n${c.text}`);
  const inputs = Object.fromEntries(r.program.drams.filter((d) => d.name.startsWith('i_')).map((d, i) => [d.name, randomSource(c.seed + i)]));
  setShadowPlaneLoops(planes);
  try {
    const machine = new Machine(r.program, { inputs, faults: c.faults, shadow: true });
    const outcome = new Interpreter(machine).runFast();
    const tensors: Record<string, Buffer[] | undefined> = {};
    for (const t of machine.drams) tensors[t.name] = t.shadow?.arrays.map((a) => bytesOf(a === t.shadow!.stamps ? oneNaN(t.shadow!.stamps) : a));
    return { outcome: outcome.kind === 'failed' ? `failed: ${outcome.fault.message}` : outcome.kind, nodes: machine.shadow!.nodes.length, tensors };
  } finally {
    setShadowPlaneLoops(true);
  }
}

function bytesOf(a: ArrayBufferView): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

/**
 * Stamps with every NaN as one pattern. A NaN stamp is "no shadow" whatever its bits (it matches no stored value),
 * and its bits are V8's: an f32 signalling NaN copied through a float64 is quieted, through optimised code that
 * drops the round trip it is not, so the same loop stamps the same NaN both ways before and after it is optimised.
 */
function oneNaN(stamps: Float32Array): Float32Array {
  return stamps.map((x) => (Number.isNaN(x) ? NaN : x));
}

const ARRAYS = ['values', 'stamps', 'origins', 'jumps'];

describe('shadow run: the loops over planes give the bits of the general loops', function () {
  this.timeout(120_000);
  it('random programs of every shadowed opcode, strided views, special values', () => {
    fc.assert(fc.property(cases, (c) => {
      const planes = run(c, true);
      const general = run(c, false);
      assert.equal(planes.outcome, general.outcome, c.text);
      assert.equal(planes.nodes, general.nodes, c.text);
      for (const [name, arrays] of Object.entries(general.tensors)) {
        assert.equal(planes.tensors[name] === undefined, arrays === undefined, `${name}'s shadow\n${c.text}`);
        arrays?.forEach((a, k) => assert.ok(a.equals(planes.tensors[name]![k]), `${name}.${ARRAYS[k]} differs\n${c.text}`));
      }
    }), { numRuns: RUNS });
  });

  it('shadows something in most programs (the comparison is not of empty shadows)', () => {
    const samples = fc.sample(cases, { numRuns: 20, seed: 7 });
    const shadowed = samples.filter((c) => {
      const s = run(c, true);
      return s.tensors.o_d !== undefined && s.tensors.o_a !== undefined;
    });
    assert.ok(shadowed.length >= 10, `${shadowed.length} of 20 programs shadowed their results`);
  });
});

describe('bulk decoding equals decode() bit for bit', () => {
  const widths: Partial<Record<DType, number>> = { bf16: 16, f16: 16, fp8e4m3: 8, fp8e4m3fn: 8, fp8e5m2: 8, e8m0: 8, fp4e2m1: 4 };
  for (const [dtype, width] of Object.entries(widths) as [DType, number][]) {
    it(`every ${dtype} pattern, in one run and in strided rows`, () => {
      const n = 2 ** width;
      const src = createElementArray(dtype, n);
      for (let i = 0; i < n; i++) src[i] = i;
      const one = new Float64Array(n);
      const expected = new Float64Array(n);
      for (let i = 0; i < n; i++) expected[i] = decode(dtype, src[i]);
      decodeRange(dtype, src, 0, one, 0, n);
      assert.ok(Buffer.from(one.buffer).equals(Buffer.from(expected.buffer)), `${dtype}: decodeRange`);
      // Rows of 3 out of every 4 elements.
      const rows = Math.floor(n / 4);
      const strided = new Float64Array(rows * 3);
      decodeRows(dtype, src, 1, 4, rows - 1, 3, strided);
      for (let r = 0; r < rows - 1; r++) {
        for (let c = 0; c < 3; c++) assert.ok(Object.is(strided[r * 3 + c], expected[1 + 4 * r + c]) || (Number.isNaN(strided[r * 3 + c]) && Number.isNaN(expected[1 + 4 * r + c])), `${dtype}: row ${r}`);
      }
      const bits = (x: number) => Buffer.from(new Float64Array([x]).buffer);
      for (let r = 0; r < rows - 1; r++) for (let c = 0; c < 3; c++) assert.ok(bits(strided[r * 3 + c]).equals(bits(expected[1 + 4 * r + c])), `${dtype}: bits of row ${r}`);
    });
  }

  it('every value a shadowed dtype stores is an f32 value: a stamp in f32 is exact', () => {
    for (const dtype of Object.keys(widths) as DType[]) {
      const n = 2 ** widths[dtype]!;
      for (let i = 0; i < n; i++) {
        const x = decode(dtype, i);
        assert.ok(Number.isNaN(x) || Object.is(Math.fround(x), x), `${dtype} pattern ${i}: ${x}`);
      }
    }
  });

  it('refuses rows beyond the source', () => {
    const src = createElementArray('bf16', 16);
    assert.throws(() => decodeRows('bf16', src, 0, 8, 3, 4, new Float64Array(12)), /decodeRows last row/);
    assert.ok(dtypeInfo('bf16').bytes === 2);
  });
});

describe('shadow run: a DMA of bits without a shadow (from an input)', () => {
  for (const dtype of FLOATS) {
    it(`${dtype}: each element's float64 value is the value stored, with no error and no origin, as reading the source gives`, () => {
      const text = [
        'module cp',
        `dram i_a : ${dtype}[${SIDE}, ${SIDE}] input`,
        `dram o_a : ${dtype}[${SIDE}, ${SIDE}] output`,
        `dram o_c : f32[${SIDE}, ${SIDE}] output`,
        'func main() {',
        `  sbuf ta : ${dtype}[${SIDE}, ${SIDE}]`,
        `  sbuf tc : f32[${SIDE}, ${SIDE}]`,
        // Rows with a step: the bits copied, then copied on from their shadows.
        `  DmaCopy ta[0:${SIDE}:2, :] <- i_a[0:${SIDE}:2, :]`,
        `  DmaCopy ta[1:${SIDE}:2, :] <- i_a[1:${SIDE}:2, :]`,
        '  DmaCopy o_a <- ta',
        // A cast reads the source: the same values, as the reference.
        '  DmaCopy tc <- i_a',
        '  DmaCopy o_c <- tc',
        '}',
        '',
      ].join('\n');
      const r = checkProgram('/virtual/copy.bir', { host: { readText: () => text, exists: () => true } });
      assert.ok(r.program, r.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
      const machine = new Machine(r.program, { inputs: { i_a: randomSource(11) }, shadow: true });
      assert.equal(new Interpreter(machine).runFast().kind, 'exited');
      const [input, copied, cast] = ['i_a', 'o_a', 'o_c'].map((name) => machine.drams.find((t) => t.name === name)!);
      let specials = 0;
      for (let i = 0; i < input.size; i++) {
        const stored = decode(dtype, input.data[i]);
        const [a, c] = [copied, cast].map((t) => shadowElement(t, i));
        if (!Number.isFinite(stored) || Object.is(stored, -0)) specials++;
        assert.ok(a.shadowed && Object.is(a.exact, stored) || (Number.isNaN(stored) && !a.shadowed), `${dtype} [${i}]: ${a.exact} for ${stored}`);
        assert.ok(Object.is(a.exact, c.exact) || (Number.isNaN(a.exact) && Number.isNaN(c.exact)), `${dtype} [${i}]: the copy ${a.exact}, the cast ${c.exact}`);
        assert.equal(a.origin, -1);
        assert.equal(a.jump, 0);
        if (a.shadowed) assert.equal(relativeError(a.stored, a.exact), 0);
      }
      assert.ok(specials > 0, 'the input holds NaN, infinities or -0');
    });
  }
});

describe('shadow run: a shadow of stored values (inputs loaded to a tile) read in bulk', () => {
  /**
   * A tensor whose shadow only DMAs of unshadowed values wrote (Shadow.ofStoredValues), in every state a later write
   * the shadow run did not see can leave: elements never written, shadows gone stale, a -0 stored since over a +0
   * shadowed (and the other way round: the one difference between a value and its stamp that still matches), NaN
   * payloads, infinities, subnormals. Read in bulk and through the loop over planes, the bits must be the same.
   */
  function state(dtype: DType, seed: number): { t: Tensor; rows: number; cols: number; offset: number; rowStride: number } {
    const next = mulberry32(seed);
    const t = new Tensor('t', 'sbuf', dtype, [SIDE, SIDE]);
    randomSource(seed)(t);
    const s = (t.shadow = new Shadow(t.size));
    for (let i = 0; i < t.size; i++) {
      const r = next();
      if (r < 0.1) t.written[i] = 0;
      if (r > 0.3) {
        s.values[i] = decode(dtype, t.data[i]);
        s.stamps[i] = s.values[i];
      }
      // Written since without a shadow: another value, or a zero of the other sign.
      if (r > 0.9) t.data[i] = encode(dtype, randomValue(next));
      if (r > 0.3 && decode(dtype, t.data[i]) === 0 && next() < 0.7) t.data[i] = encode(dtype, next() < 0.5 ? -0 : 0);
    }
    // The count the written flags keep (Tensor.writtenCount), which reads trust to skip the scan of the flags.
    t.writtenCount = t.written.reduce((n, w) => n + w, 0);
    const rows = 1 + Math.floor(next() * 12);
    const cols = 1 + Math.floor(next() * 12);
    return { t, rows, cols, offset: Math.floor(next() * 5) * (SIDE + 1), rowStride: SIDE * (1 + Math.floor(next() * 2)) };
  }

  function read(t: Tensor, view: View, positional: boolean, bulk: boolean): Buffer[] {
    t.shadow!.extra = bulk ? 0 : 1;
    const run = new ShadowRun();
    run.begin(0, positional);
    const values = new Float64Array(viewSize(view));
    assert.ok(run.read(view, values));
    const noted = (run as unknown as { operands: { errors: Float64Array; origins: Int32Array; jumps: Float64Array }[] }).operands;
    const worst = (run as unknown as { worst: object }).worst;
    const arrays = [values, ...(positional ? [noted[0].errors, noted[0].origins, noted[0].jumps].map((a) => a.subarray(0, values.length)) : [])];
    return [...arrays.map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength)), Buffer.from(JSON.stringify(worst))];
  }

  for (const dtype of FLOATS) {
    it(`${dtype}: values, each position's error, origin and jump, and the worst, bit for bit`, () => {
      let zeros = 0;
      for (let seed = 1; seed <= 80; seed++) {
        const { t, rows, cols, offset, rowStride } = state(dtype, seed);
        // Half the tiles fully written (the reads that skip the scan of the written flags).
        if (seed > 40) t.markAllWritten();
        const view: View = { tensor: t, offset, shape: [rows, cols], strides: [rowStride, 1] };
        for (const positional of [true, false]) {
          const [bulk, loop] = [read(t, view, positional, true), read(t, view, positional, false)];
          bulk.forEach((b, k) => assert.ok(b.equals(loop[k]), `${dtype} seed ${seed}: array ${k} differs`));
        }
        for (let i = 0; i < t.size; i++) if (t.written[i] && Object.is(decode(dtype, t.data[i]), -0) !== Object.is(t.shadow!.values[i], -0) && t.shadow!.stamps[i] === 0) zeros++;
      }
      assert.ok(zeros > 0, 'some zeros changed sign since their shadow');
    });
  }
});
