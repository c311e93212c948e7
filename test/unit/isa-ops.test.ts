// The ALU operators and fused forms of the NKI ISA (issue 24): the new operators of TensorScalar and TensorTensor,
// reversed operands, TensorReduce's negate, ScalarTensorTensor and TensorTensorScan. Each is run on generated data
// and compared bit for bit with a reference written plainly here (Math.fround where the language reference says a
// step is rounded to f32); the checker's refusals are checked at their file:line:col; :why names what a scan's element
// was made of; and a program of all of them computes the same through every pass.
import * as assert from 'node:assert/strict';
import { DebugCore } from '../../engine/debug/debug-core';
import { DebugOutcome } from '../../engine/debug/replay';
import { Effects } from '../../engine/graph/effects';
import { allNodes } from '../../engine/passes/pass';
import { Program } from '../../engine/ir/program';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { decode, roundTo } from '../../engine/machine/dtypes';
import { Machine } from '../../engine/machine/machine';
import { mulberry32 } from '../../engine/machine/random';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { npyMachineOptions, RunOptions, runProgram } from '../../engine/run/simulate';
import { NpyArray } from '../../engine/io/npy';
import { DType } from '../../engine/base/dtype';
import { exp } from '../../engine/base/math';
import { checkText, programOf } from '../helpers/virtual-host';

const f32 = Math.fround;

function values(n: number, seed: number, low: number, high: number): number[] {
  const next = mulberry32(seed);
  return Array.from({ length: n }, () => f32(low + (high - low) * next()));
}

function ints(n: number, seed: number, low: number, high: number): number[] {
  return values(n, seed, low, high + 1).map(Math.floor);
}

function npy(shape: number[], data: readonly number[]): NpyArray {
  return { dtype: 'f64', shape, data: Float64Array.from(data) };
}

function run(src: string, options: RunOptions = {}): Machine {
  const { outcome, machine } = runProgram(programOf(src), { output: () => undefined, ...options });
  if (outcome.kind !== 'exited') assert.fail(`the program should end normally: ${outcome.kind === 'failed' ? outcome.fault.message : outcome.kind}`);
  return machine;
}

function read(m: Machine, name: string): number[] {
  const d = m.program.drams.find((x) => x.name === name);
  assert.ok(d, `no dram '${name}'`);
  const t = m.drams[d.slot];
  return Array.from(t.data, (x) => decode(t.dtype, x));
}

function same(a: number, b: number): boolean {
  return Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
}

function sameBits(actual: readonly number[], expected: readonly number[], what: string): void {
  assert.equal(actual.length, expected.length, `${what}: length`);
  const bad = actual.flatMap((v, i) => (same(v, expected[i]) ? [] : [`[${i}] ${v} instead of ${expected[i]}`]));
  assert.equal(bad.length, 0, `${what}: ${bad.length} differ: ${bad.slice(0, 6).join('; ')}`);
}

/** Diagnostics of a program as `line:col message`. */
function diagnostics(src: string): string[] {
  return checkText(src).diagnostics.map((d) => formatDiagnostic(d).replace(/^[^:]*:/, ''));
}

/** `line:col` of the first occurrence of a needle; a '»' in it marks the column. */
function at(src: string, needle: string): string {
  const plain = needle.replace('»', '');
  const found = src.indexOf(plain);
  assert.ok(found >= 0, `'${plain}' is in the program`);
  const i = found + Math.max(needle.indexOf('»'), 0);
  const before = src.slice(0, i).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

// The reference operators, written from the language reference's table (docs/bir-language.md, ALU operators).
const nanOr = (a: number, b: number, v: number): number => (Number.isNaN(a) || Number.isNaN(b) ? NaN : v);
const FLOAT: Record<string, (a: number, b: number) => number> = {
  add: (a, b) => f32(a + b), sub: (a, b) => f32(a - b), mul: (a, b) => f32(a * b), div: (a, b) => f32(a / b),
  max: (a, b) => nanOr(a, b, a > b ? a : b), min: (a, b) => nanOr(a, b, a < b ? a : b),
  abs_max: (a, b) => nanOr(a, b, Math.max(Math.abs(a), Math.abs(b))), abs_min: (a, b) => nanOr(a, b, Math.min(Math.abs(a), Math.abs(b))),
};
const UNARY: Record<string, (a: number) => number> = {
  abs: (a) => Math.abs(a), square: (a) => f32(a * a), relu: (a) => (Number.isNaN(a) ? NaN : a > 0 ? a : 0),
  rsqrt: (a) => f32(1 / Math.sqrt(a)), reciprocal: (a) => f32(1 / a),
};

/** A `bits`-wide two's complement pattern of v, shifted or inverted, read back signed or unsigned. */
function bitsRef(op: string, v: number, n: number, bits: number, signed: boolean): number {
  let u = BigInt.asUintN(bits, BigInt(v));
  const count = BigInt(Math.min(Math.max(n, 0), bits));
  if (op === 'shl') u = count >= BigInt(bits) ? 0n : BigInt.asUintN(bits, u << count);
  else if (op === 'shr') u = count >= BigInt(bits) ? 0n : u >> count;
  else u = BigInt.asUintN(bits, ~u);
  return Number(signed ? BigInt.asIntN(bits, u) : u);
}

describe('ISA operators and fused forms', function () {
  this.timeout(60000);

  describe('kernels against plain references', () => {
    const x = [0, -0, 1.5, -2.25, NaN, Infinity, -Infinity, 3e-39, ...values(24, 7, -6, 6)];
    const y = [2, -1, -1.5, 2.25, 1, NaN, 4, -0, ...values(24, 8, -6, 6)];

    it('abs_max and abs_min in TensorTensor and TensorScalar, the unary operators in TensorScalar (float domain)', () => {
      const binary = ['abs_max', 'abs_min'];
      const unary = Object.keys(UNARY);
      const decls = ['dram x : f32[4, 8] input', 'dram y : f32[4, 8] input'];
      const body = ['  sbuf a : f32[4, 8]', '  sbuf b : f32[4, 8]', '  sbuf o : f32[4, 8]', '  DmaCopy a <- x', '  DmaCopy b <- y'];
      for (const op of binary) {
        decls.push(`dram tt_${op} : f32[4, 8] output`, `dram ts_${op} : f32[4, 8] output`);
        body.push(`  TensorTensor o <- a, b, op = ${op}`, `  DmaCopy tt_${op} <- o`, `  TensorScalar o <- a, op = ${op}, scalar = -1.75`, `  DmaCopy ts_${op} <- o`);
      }
      for (const op of unary) {
        decls.push(`dram u_${op} : f32[4, 8] output`, `dram v_${op} : bf16[4, 8] output`);
        body.push(`  TensorScalar o <- a, op = ${op}`, `  DmaCopy u_${op} <- o`);
        body.push(`  TensorScalar o <- a, op = mul, scalar = 3, op1 = ${op}`, `  DmaCopy v_${op} <- o`);
      }
      const m = run(`module t\n${decls.join('\n')}\nfunc main() {\n${body.join('\n')}\n}\n`, { inputs: { x: npy([4, 8], x), y: npy([4, 8], y) } });
      const [xs, ys] = [read(m, 'x'), read(m, 'y')];
      for (const op of binary) {
        sameBits(read(m, `tt_${op}`), xs.map((v, i) => FLOAT[op](v, ys[i])), `TensorTensor ${op}`);
        sameBits(read(m, `ts_${op}`), xs.map((v) => FLOAT[op](v, -1.75)), `TensorScalar ${op}`);
      }
      for (const op of unary) {
        sameBits(read(m, `u_${op}`), xs.map((v) => UNARY[op](v)), `TensorScalar op = ${op}`);
        sameBits(read(m, `v_${op}`), xs.map((v) => roundTo('bf16', UNARY[op](f32(v * 3)))), `TensorScalar op1 = ${op} after mul, into bf16`);
      }
    });

    it('shl, shr and invert work on the bit pattern of the data in its own width (i8, u8, i16, i32, u32)', () => {
      const cases: [DType, number[]][] = [
        ['i8', [0, 1, -1, 64, -8, 127, -128, 5]],
        ['u8', [0, 1, 255, 128, 5, 64, 200, 7]],
        ['i16', [0, -1, 16384, -32768, 300, -300, 32767, 9]],
        ['i32', [0, -1, 1073741824, -2147483648, 2147483647, 5, -6, 123456789]],
        ['u32', [0, 1, 4294967295, 2147483648, 5, 3000000000, 65535, 8]],
      ];
      const shifts = [0, 1, 3, 7, 8, 31, 32, 40];
      const decls: string[] = ['dram n : i32[1, 8] input'];
      const body: string[] = ['  sbuf cnt : i32[1, 8]', '  DmaCopy cnt <- n'];
      const inputs: Record<string, NpyArray> = { n: npy([1, 8], shifts) };
      for (const [dt] of cases) {
        decls.push(`dram x_${dt} : ${dt}[1, 8] input`);
        body.push(`  sbuf a_${dt} : ${dt}[1, 8]`, `  sbuf o_${dt} : ${dt}[1, 8]`, `  DmaCopy a_${dt} <- x_${dt}`);
        for (const op of ['shl', 'shr']) {
          decls.push(`dram ${op}_${dt} : ${dt}[1, 8] output`, `dram ${op}3_${dt} : ${dt}[1, 8] output`);
          body.push(`  TensorTensor o_${dt} <- a_${dt}, cnt, op = ${op}`, `  DmaCopy ${op}_${dt} <- o_${dt}`);
          body.push(`  TensorScalar o_${dt} <- a_${dt}, op = ${op}, scalar = 3`, `  DmaCopy ${op}3_${dt} <- o_${dt}`);
        }
        decls.push(`dram inv_${dt} : ${dt}[1, 8] output`);
        body.push(`  TensorScalar o_${dt} <- a_${dt}, op = invert`, `  DmaCopy inv_${dt} <- o_${dt}`);
      }
      for (const [dt, data] of cases) inputs[`x_${dt}`] = npy([1, 8], data);
      const m = run(`module t\n${decls.join('\n')}\nfunc main() {\n${body.join('\n')}\n}\n`, { inputs });
      for (const [dt, data] of cases) {
        const bits = dt === 'i8' || dt === 'u8' ? 8 : dt === 'i16' ? 16 : 32;
        const signed = dt.startsWith('i');
        for (const op of ['shl', 'shr']) {
          sameBits(read(m, `${op}_${dt}`), data.map((v, i) => bitsRef(op, v, shifts[i], bits, signed)), `${dt} ${op} by a tensor of counts`);
          sameBits(read(m, `${op}3_${dt}`), data.map((v) => bitsRef(op, v, 3, bits, signed)), `${dt} ${op} 3`);
        }
        sameBits(read(m, `inv_${dt}`), data.map((v) => bitsRef('invert', v, 0, bits, signed)), `${dt} invert`);
      }
      // The examples of the language reference.
      assert.equal(read(m, 'shl3_i8')[3], bitsRef('shl', 64, 3, 8, true));
      assert.equal(bitsRef('shl', 64, 1, 8, true), -128);
      assert.equal(bitsRef('shr', -8, 1, 8, true), 124);
      assert.deepEqual(read(m, 'inv_i32').slice(5, 7), [-6, 5]);
      assert.equal(read(m, 'inv_u8')[4], 250);
    });

    it('reverse and reverse1 swap the operands of each step of TensorScalar; registers and true/false as flags', () => {
      const col = [0.5, -3, 7, 1e-3];
      const m = run(`module t
dram x : f32[4, 8] input
dram c : f32[4, 1] input
dram r0 : f32[4, 8] output
dram r1 : f32[4, 8] output
dram r2 : f32[4, 8] output
dram r3 : f32[4, 8] output
func main() {
  sbuf a : f32[4, 8]
  sbuf s : f32[4, 1]
  sbuf o : f32[4, 8]
  DmaCopy a <- x
  DmaCopy s <- c
  TensorScalar o <- a, op = sub, scalar = 1.5, reverse = true
  DmaCopy r0 <- o
  Set r4 = 1
  TensorScalar o <- a, op = div, scalar = s, reverse = r4, op1 = sub, scalar1 = 2, reverse1 = true
  DmaCopy r1 <- o
  TensorScalar o <- a, op = div, scalar = s, reverse = false, op1 = pow, scalar1 = 2, reverse1 = 1
  DmaCopy r2 <- o
  Set r4 = 0
  TensorScalar o <- a, op = sub, scalar = 1.5, reverse = r4
  DmaCopy r3 <- o
}
`, { inputs: { x: npy([4, 8], x), c: npy([4, 1], col) } });
      const cf = col.map(f32);
      const xs = read(m, 'x');
      sameBits(read(m, 'r0'), xs.map((v) => f32(1.5 - v)), '1.5 - x');
      sameBits(read(m, 'r1'), xs.map((v, i) => f32(2 - f32(cf[i >> 3] / v))), '2 - s[p] / x');
      sameBits(read(m, 'r2'), xs.map((v, i) => f32(2 ** f32(v / cf[i >> 3]))), '2 ** (x / s[p])');
      sameBits(read(m, 'r3'), xs.map((v) => f32(v - 1.5)), 'x - 1.5 (a register flag at 0)');
    });

    it('ScalarTensorTensor: (a op s) op1 b with numbers, registers and [P, 1] scalars, each step rounded, reversed', () => {
      const col = [2, -0.5, 3.25, 1e-2];
      const m = run(`module t
dram x : f32[4, 8] input
dram y : f32[4, 8] input
dram c : f32[4, 1] input
dram o0 : f32[4, 8] output
dram o1 : bf16[4, 8] output
dram o2 : f32[4, 8] output
func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  sbuf s : f32[4, 1]
  sbuf o : f32[4, 8]
  sbuf h : bf16[4, 8]
  DmaCopy a <- x
  DmaCopy b <- y
  DmaCopy s <- c
  ScalarTensorTensor o <- a, b, op = mul, scalar = 0.1, op1 = add
  DmaCopy o0 <- o
  ScalarTensorTensor h <- a, b, op = sub, scalar = s, op1 = max, reverse = true
  DmaCopy o1 <- h
  Set r2 = 3
  ScalarTensorTensor o <- a, b, op = add, scalar = r2, op1 = sub, reverse1 = true
  DmaCopy o2 <- o
}
`, { inputs: { x: npy([4, 8], x), y: npy([4, 8], y), c: npy([4, 1], col) } });
      sameBits(read(m, 'o0'), x.map((v, i) => f32(f32(v * f32(0.1)) + y[i])), '(x * 0.1) + y');
      sameBits(read(m, 'o1'), x.map((v, i) => roundTo('bf16', FLOAT.max(f32(col[i >> 3] - v), y[i]))), 'max(s[p] - x, y) into bf16');
      sameBits(read(m, 'o2'), x.map((v, i) => f32(y[i] - f32(v + 3))), 'y - (x + 3)');
    });

    it('TensorReduce with negate: the reduction times -1, exact, in both domains', () => {
      const ix = ints(32, 9, -50, 50);
      const m = run(`module t
dram x : f32[4, 8] input
dram ix : i32[4, 8] input
dram s : f32[4, 1] output
dram mx : f32[4, 1] output
dram is : i32[4, 1] output
func main() {
  sbuf a : f32[4, 8]
  sbuf b : i32[4, 8]
  sbuf r : f32[4, 1]
  sbuf q : i32[4, 1]
  DmaCopy a <- x
  DmaCopy b <- ix
  TensorReduce r <- a, op = add, negate = true
  DmaCopy s <- r
  TensorReduce r <- a, op = max, negate = 1
  DmaCopy mx <- r
  TensorReduce q <- b, op = add, negate = true
  DmaCopy is <- q
}
`, { inputs: { x: npy([4, 8], x.map((v) => (Number.isFinite(v) ? v : 1))), ix: npy([4, 8], ix) } });
      const xs = read(m, 'x');
      const rowsOf = (v: number[]): number[][] => [0, 1, 2, 3].map((p) => v.slice(p * 8, p * 8 + 8));
      sameBits(read(m, 's'), rowsOf(xs).map((row) => -row.reduce((acc, v) => f32(acc + v), 0)), '-sum');
      sameBits(read(m, 'mx'), rowsOf(xs).map((row) => -row.reduce((acc, v) => (Number.isNaN(acc) || Number.isNaN(v) ? NaN : v > acc ? v : acc), -Infinity)), '-max');
      sameBits(read(m, 'is'), rowsOf(ix).map((row) => -row.reduce((acc, v) => acc + v, 0) + 0), '-sum, integers');
    });

    it('TensorTensorScan: the recurrence along each partition from initial, each step rounded; reversed steps', () => {
      const a = values(4 * 16, 11, 0.5, 1);
      const b = values(4 * 16, 12, -1, 1);
      const init = [0, 1, -2, 0.3];
      const m = run(`module t
dram x : f32[4, 16] input
dram y : f32[4, 16] input
dram c : f32[4, 1] input
dram s0 : f32[4, 16] output
dram s1 : f32[4, 16] output
dram s2 : bf16[4, 16] output
func main() {
  sbuf a : f32[4, 16]
  sbuf b : f32[4, 16]
  sbuf i0 : f32[4, 1]
  sbuf o : f32[4, 16]
  sbuf h : bf16[4, 16]
  DmaCopy a <- x
  DmaCopy b <- y
  DmaCopy i0 <- c
  TensorTensorScan o <- a, b, initial = i0, op = mul, op1 = add
  DmaCopy s0 <- o
  TensorTensorScan o <- a, b, initial = 2.5, op = sub, op1 = sub, reverse = true, reverse1 = true
  DmaCopy s1 <- o
  TensorTensorScan h <- a, b, initial = 0, op = max, op1 = add
  DmaCopy s2 <- h
}
`, { inputs: { x: npy([4, 16], a), y: npy([4, 16], b), c: npy([4, 1], init) } });
      const scan = (step: (av: number, prev: number, bv: number) => number, first: (p: number) => number, round: (v: number) => number = (v) => v): number[] => {
        const out: number[] = [];
        for (let p = 0; p < 4; p++) {
          let prev = first(p);
          for (let j = 0; j < 16; j++) {
            prev = step(a[p * 16 + j], prev, b[p * 16 + j]);
            out.push(round(prev));
          }
        }
        return out;
      };
      sameBits(read(m, 's0'), scan((av, prev, bv) => f32(f32(av * prev) + bv), (p) => f32(init[p])), 'x_j = a_j x_{j-1} + b_j');
      sameBits(read(m, 's1'), scan((av, prev, bv) => f32(bv - f32(prev - av)), () => 2.5), 'x_j = b_j - (x_{j-1} - a_j)');
      // The scan carries the f32 value, not the bf16 stored one.
      sameBits(read(m, 's2'), scan((av, prev, bv) => f32(Math.max(av, prev) + bv), () => 0, (v) => roundTo('bf16', v)), 'max then add, stored as bf16');
    });

    it('Activation with reduce_res: the row sums of the f32 results, folded left; in place; bf16 destination', () => {
      const a = values(4 * 16, 21, -3, 3);
      const bias = [-1, 0.5, 2, -0.25];
      const m = run(`module t
dram x : f32[4, 16] input
dram c : f32[4, 1] input
dram e : bf16[4, 16] output
dram s : f32[4, 1] output
dram y : f32[4, 16] output
dram s2 : f32[4, 1] output
func main() {
  sbuf a : f32[4, 16]
  sbuf b : f32[4, 1]
  sbuf h : bf16[4, 16]
  sbuf sums : f32[4, 2]
  DmaCopy a <- x
  DmaCopy b <- c
  Activation h <- a, func = exp, bias = b, scale = 0.5, reduce_op = add, reduce_res = sums[0:4, 0:1]
  DmaCopy e <- h
  DmaCopy s <- sums[0:4, 0:1]
  Activation a <- a, func = square, reduce_res = sums[0:4, 1:2]
  DmaCopy y <- a
  DmaCopy s2 <- sums[0:4, 1:2]
}
`, { inputs: { x: npy([4, 16], a), c: npy([4, 1], bias) } });
      // exp is the simulator's own routine (base/math.ts, tested against a reference in math.test.ts): this test is
      // about what is summed, and how.
      const xs = read(m, 'x');
      const expOf = xs.map((v, i) => f32(exp(f32(f32(v * 0.5) + f32(bias[i >> 4])))));
      const rowSum = (v: number[], p: number): number => v.slice(p * 16, p * 16 + 16).reduce((acc, e) => f32(acc + e), 0);
      sameBits(read(m, 'e'), expOf.map((v) => roundTo('bf16', v)), 'exp(x * 0.5 + b[p]) into bf16');
      sameBits(read(m, 's'), [0, 1, 2, 3].map((p) => rowSum(expOf, p)), 'row sums of the f32 results');
      const sq = xs.map((v) => f32(v * v));
      sameBits(read(m, 'y'), sq, 'square in place');
      sameBits(read(m, 's2'), [0, 1, 2, 3].map((p) => rowSum(sq, p)), 'row sums of the squares, read before the in-place write');
      // The sums are of the f32 results, not of the bf16 values stored.
      const stored = read(m, 'e');
      assert.notDeepEqual(read(m, 's'), [0, 1, 2, 3].map((p) => rowSum(stored, p)));
    });
  });

  describe('the checker', () => {
    const DECLS = `module t
func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  sbuf n : i32[4, 8]
  sbuf c : f32[4, 1]
  psum acc : f32[4, 8]
`;
    const refused = (stmt: string, needle: string, message: string): void => {
      const src = `${DECLS}  ${stmt}\n}\n`;
      const got = diagnostics(src);
      assert.equal(got.length, 1, `one diagnostic for ${stmt}: ${got.join(' | ')}`);
      assert.ok(got[0].startsWith(`${at(src, needle)}: error: `), `${got[0]} is at ${needle}`);
      assert.ok(got[0].includes(message), `${got[0]} says ${message}`);
    };

    it('accepts the new operators and forms, true and false as flags', () => {
      const src = `${DECLS}  TensorScalar a <- b, op = abs
  TensorScalar a <- b, op = mul, scalar = 2, reverse = true, op1 = rsqrt
  TensorScalar n <- n, op = shl, scalar = 2, op1 = invert
  TensorTensor a <- a, b, op = abs_max
  TensorTensor n <- n, n, op = shr
  ScalarTensorTensor a <- a, b, op = mul, scalar = c, op1 = add, reverse = false, reverse1 = true
  TensorTensorScan a <- a, b, initial = c, op = mul, op1 = add
  TensorTensorScan a <- a, b, initial = 0, op = add, op1 = mul, reverse = 1
  TensorReduce c <- a, op = add, negate = true
  Activation a <- b, func = exp, bias = c, reduce_op = add, reduce_res = c
  MatMult acc <- a[0:4, 0:4], b, accumulate = false
}
`;
      assert.deepEqual(diagnostics(src), []);
    });

    it('refuses a unary operator where two values combine, and a scalar for a unary one', () => {
      refused('TensorTensor a <- a, b, op = abs', 'abs', "'abs' takes one operand, but op of TensorTensor combines two; apply it with TensorScalar dst <- a, op = abs");
      refused('TensorTensorScan a <- a, b, initial = 0, op = mul, op1 = square', 'square', "'square' takes one operand, but op1 of TensorTensorScan combines two");
      refused('ScalarTensorTensor a <- a, b, op = relu, scalar = 1, op1 = add', 'relu', "'relu' takes one operand");
      refused('TensorScalar a <- b, op = abs, scalar = 2', 'TensorScalar', "TensorScalar: 'abs' takes one operand, so 'op = abs' has no 'scalar'");
      refused('TensorScalar a <- b, op = mul, scalar = 2, reverse1 = true', 'TensorScalar', "TensorScalar: 'scalar1' and 'reverse1' belong to 'op1', which is not given");
    });

    it('refuses the bit operators on float data, naming the operand and its dtype', () => {
      refused('TensorScalar a <- b, op = shl, scalar = 1', 'shl', "'shl' works on the bits of integers, but 'b' is f32; bit operators need integer data");
      refused('TensorTensor a <- a, b, op = shr', 'shr', "'shr' works on the bits of integers, but 'a' is f32");
      refused('TensorScalar a <- b, op = invert', 'invert', "'invert' works on the bits of integers");
    });

    it('refuses a missing or misshapen operand of the fused forms', () => {
      refused('TensorTensorScan a <- a, b, op = mul, op1 = add', 'TensorTensorScan', "TensorTensorScan needs the attribute 'initial = ...'");
      refused('TensorTensorScan a <- a, b, initial = a, op = mul, op1 = add', 'initial = »a', 'must be a number, a register or a [P, 1] tensor');
      refused('ScalarTensorTensor a <- a, c, op = mul, scalar = 1, op1 = add', 'ScalarTensorTensor', "'a' is [4, 8] but 'c' is [4, 1]; the shapes must be equal");
      refused('ScalarTensorTensor a <- a, b, op = mul, scalar = 1', 'ScalarTensorTensor', "ScalarTensorTensor needs the attribute 'op1 = ...'");
      refused('TensorReduce c <- a, op = add, negat = 1', 'negat', "TensorReduce has no attribute 'negat'; did you mean 'negate'?");
      refused('Activation a <- b, func = exp, reduce_res = b', 'reduce_res = »b', "the attribute 'reduce_res' of Activation must be a [P, 1] tensor: it receives a value per partition, but 'b' has 8 columns");
      refused('Activation a <- b, func = exp, reduce_res = 0', 'reduce_res = »0', "the attribute 'reduce_res' of Activation must be a [P, 1] tensor in SBUF or PSUM");
      refused('Activation a <- b, func = exp, reduce_op = add', 'Activation', "Activation: 'reduce_op' reduces into 'reduce_res = t'");
      refused('Activation a <- b, func = exp, reduce_op = max, reduce_res = c', 'max', "'max' is not a valid reduce_op for Activation");
    });
  });

  describe('checker messages (issue 24), each refused or said as it was not before', () => {
    const only = (src: string, expected: [needle: string, message: string, severity?: string][]): void => {
      const got = checkText(src).diagnostics.map((d) => `${d.span.line}:${d.span.col} ${d.severity}: ${d.message}`);
      assert.equal(got.length, expected.length, `diagnostics:\n  ${got.join('\n  ')}`);
      expected.forEach(([needle, message, severity = 'error'], i) => {
        assert.ok(got[i].startsWith(`${at(src, needle)} ${severity}: `), `${got[i]} is at '${needle}'`);
        assert.ok(got[i].includes(message), `${got[i]}\n  says: ${message}`);
      });
    };

    it('a refused allocation is reported once, not again as an unknown name at every use', () => {
      only(`module t
func main() {
  sbuf q : f32[128, 64]
  psum qk : f32[128, 8192]
  Memset q <- 1
  MatMult qk[0:128, 0:64] <- q, q
  TensorCopy q <- qk[0:128, 0:64]
  Print qk[0, 0]
}
`, [['psum qk', "psum allocation 'qk' (f32[128, 8192], 32768 bytes per partition) does not fit in 't::main'"]]);
    });

    it('the PSUM overflow says which bytes alignment skips', () => {
      only(`module t
func main() {
  psum small : f32[128, 128]
  psum big : f32[128, 3584]
}
`, []);
      only(`module t
func main() {
  psum small : f32[128, 128]
  psum big : f32[128, 3600]
}
`, [['psum big', "(512 bytes are used by 'small', and 1536 more are skipped because a PSUM allocation larger than a bank starts on a bank: this one would start at byte 2048)"]]);
    });

    it('a MatMult across PSUM banks with constant bounds is refused by check, at its destination', () => {
      only(`module t
func main() {
  sbuf a : f32[2, 4]
  sbuf b : f32[2, 128]
  psum acc : f32[4, 1024]
  Memset a <- 1
  Memset b <- 1
  MatMult acc[0:4, 448:576] <- a, b
  MatMult acc[0:4, 512:640] <- a, b
}
`, [['acc[0:4, 448:576]', "MatMult writes 'acc[0:4, 448:576]' across PSUM banks 0 and 1 (bytes 1792..2303 of each partition of its function's PSUM; a bank holds 2048 bytes, 512 f32 values): a matmul writes within one bank, so split it at column 512 of 'acc'"]]);
    });

    it('accumulate = true is a flag, not an unknown name', () => {
      only(`module t
func main() {
  sbuf a : f32[2, 4]
  psum acc : f32[4, 4]
  Memset a <- 1
  MatMult acc <- a, a, accumulate = false
  MatMult acc <- a, a, accumulate = true
}
`, []);
    });

    it('TensorTensor with a [P, 1] operand points to TensorScalar and .bcast', () => {
      only(`module t
func main() {
  sbuf a : f32[4, 8]
  sbuf c : f32[4, 1]
  TensorTensor a <- a, c, op = sub
  TensorTensor a <- c, a, op = sub
}
`, [
        ['TensorTensor a <- a, c', "TensorTensor: 'c' is [4, 1], one value per partition, but 'a' is [4, 8]; to apply it along the free dimension use TensorScalar dst <- a, op = sub, scalar = c, or broadcast it: c.bcast(8)"],
        ['TensorTensor a <- c, a', 'use TensorScalar dst <- a, op = sub, scalar = c, reverse = true, or broadcast it: c.bcast(8)'],
      ]);
    });

    it('a MatMult accumulating onto PSUM a Memset initialized is warned of, with the ISA rule', () => {
      only(`module t
func main() {
  sbuf a : f32[2, 4]
  psum acc : f32[4, 4]
  psum ok : f32[4, 4]
  Memset a <- 1
  Memset acc <- 0
  for r0 in 0..2 {
    MatMult acc <- a, a, accumulate = true
  }
  Memset ok <- 0
  for r1 in 0..2 {
    MatMult ok <- a, a, accumulate = r1 > 0
  }
}
`, [['MatMult acc', "MatMult accumulates onto 'acc', which Memset wrote at line 7: the NKI ISA leaves a matmul accumulating onto PSUM another instruction initialized undefined (nc_matmul, accumulation mode); start the sum with accumulate = false", 'warning']]);
    });

    it('a parenthesised operand keeps its closing parenthesis in its text (1/(D-1))', () => {
      const program = programOf(`module t
const D = 8
func main() {
  sbuf a : f32[2, 4]
  Set r1 = 3
  Memset a <- 1
  TensorScalar a <- a, op = mul, scalar = 1/(r1-1), op1 = add, scalar1 = (r1 + 2)
}
`);
      const node = allNodes(program).find((n) => n.kind === 'instr' && n.opcode === 'TensorScalar');
      assert.ok(node && node.kind === 'instr');
      const text = (name: string): string => {
        const v = node.attrs.get(name);
        return v?.kind === 'operand' && v.operand.kind === 'scalar' ? v.operand.text : '';
      };
      assert.equal(text('scalar'), '1/(r1-1)');
      assert.equal(text('scalar1'), '(r1 + 2)');
    });

    it('count(...) is the number of elements, as documented; sum(cond) counts the true ones', () => {
      const m = run(`module t
dram x : f32[2, 4] input = iota
dram n : f32[1, 2] output
func main() {
  sbuf a : f32[2, 4]
  sbuf o : f32[1, 2]
  DmaCopy a <- x
  Assert count(a > 5) == 8, "count counts every element"
  Assert sum(a > 5) == 2, "sum counts the true ones"
}
`);
      assert.ok(m);
    });
  });

  describe('the debugger and the passes', () => {
    const PROGRAM = `module p
dram x : f32[2, 4] input = iota
dram y : f32[2, 4] output
dram z : f32[2, 4] output
func main() {
  sbuf a : f32[2, 4]
  sbuf b : f32[2, 4]
  sbuf o : f32[2, 4]
  sbuf w : f32[2, 4]
  sbuf c : f32[2, 1]
  DmaCopy a <- x
  Memset b <- 0.5
  Memset c <- 2
  TensorTensorScan o <- a, b, initial = c, op = mul, op1 = add
  ScalarTensorTensor w <- o, a, op = sub, scalar = c, op1 = mul, reverse = true
  TensorScalar w <- w, op = abs, op1 = add, scalar1 = 1
  TensorTensor w <- w, o, op = abs_min
  TensorReduce c <- w, op = max, negate = true
  TensorScalar w <- w, op = mul, scalar = c
  Activation w <- w, func = relu, bias = 1, reduce_res = c
  TensorScalar w <- w, op = add, scalar = c
  DmaCopy y <- o
  DmaCopy z <- w
  Print "done"
}
`;
    const settle = (core: DebugCore, o: DebugOutcome): DebugOutcome => {
      let out = o;
      while (out.kind === 'yield') out = core.run();
      return out;
    };

    it(':why names the elements a scan element was made of: the prefix of both rows and the initial value', () => {
      const program = programOf(PROGRAM);
      const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      core.setBreakpoints(program.entry.file, [{ line: PROGRAM.split('\n').findIndex((l) => l.includes('Print')) + 1 }]);
      assert.equal(settle(core, core.run()).kind, 'stopped');
      const w = core.evaluate(':why o[1, 2]', undefined, 'repl');
      assert.match(w.result, /^o\[1, 2\] = \S+ ← TensorTensorScan/);
      const rows = core.variables(w.reference).map((r) => [r.name, r.value]);
      assert.deepEqual(rows, [
        ['initial c: c[1, 0]', '2'],
        ['first operand a: a[1, 0]', '4'],
        ['first operand a: a[1, 1]', '5'],
        ['first operand a: a[1, 2]', '6'],
        ['second operand b: b[1, 0]', '0.5'],
        ['second operand b: b[1, 1]', '0.5'],
        ['second operand b: b[1, 2]', '0.5'],
      ]);
      const s = core.evaluate(':why w[0, 1]', undefined, 'repl');
      assert.match(s.result, /← TensorScalar/);
      // reduce_res is written by the Activation: its element p was made of the row p of the source.
      const r = core.evaluate(':why c[1, 0]', undefined, 'repl');
      assert.match(r.result, /^c\[1, 0\] = \S+ ← Activation/);
      assert.deepEqual(core.variables(r.reference).map((v) => v.name), ['source w: w[1, 0]', 'source w: w[1, 1]', 'source w: w[1, 2]', 'source w: w[1, 3]']);
    });

    it('the dataflow sees reduce_res as a write of the Activation, not a read; fuse leaves that Activation alone', () => {
      const program = programOf(PROGRAM);
      const node = allNodes(program).find((n) => n.kind === 'instr' && n.opcode === 'Activation')!;
      const e = new Effects(program).nodeEffects(node);
      assert.deepEqual(e.writes.map((w) => w.text).sort(), ['c', 'w']);
      assert.deepEqual(e.reads.map((r) => r.text), ['w']);
      const fused = runPipeline(program, ['fuse']).at(-1)!;
      assert.ok(!fused.changes.removed.includes(node.id), 'the Activation with reduce_res is not fused');
    });

    it('every pass and pipeline computes the program bit for bit as written', () => {
      const program = programOf(PROGRAM);
      const expected = run(PROGRAM);
      const pipelines = [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES], [...PASS_NAMES].reverse()];
      for (const passes of pipelines) {
        const last = runPipeline(program, passes).at(-1)!.program as Program;
        const { outcome, machine } = runProgram(last, { output: () => undefined });
        assert.equal(outcome.kind, 'exited', passes.join(','));
        for (const name of ['y', 'z']) sameBits(read(machine, name), read(expected, name), `${name} through ${passes.join(',')}`);
      }
    });
  });
});
