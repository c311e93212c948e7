// Every opcode of the simulator against an independent reference written plainly here: loops over arrays,
// Math.fround where the language reference says a result is rounded to f32, and dtypes.roundTo (tested bit
// for bit in dtypes.test.ts) for stores into narrower dtypes. Each test writes a small BIR program, runs it
// and reads the DRAM outputs back. Comparisons are bit-exact (Object.is, NaN matching NaN) wherever the
// semantics are exact, which is everywhere in this file.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkProgram, SourceHost } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram, RunOptions } from '../../engine/run/simulate';
import { RunOutcome } from '../../engine/run/interpreter';
import { Machine } from '../../engine/machine/machine';
import { Fault, FaultCode } from '../../engine/machine/fault';
import { DType } from '../../engine/base/dtype';
import { decode, roundTo } from '../../engine/machine/dtypes';
import { NpyArray, writeNpyFile } from '../../engine/io/npy';
import { Program } from '../../engine/ir/program';
import { mulberry32 } from '../../engine/machine/random';

// ---------------------------------------------------------------------------------------------
// Running programs

const FILE = path.resolve('/virtual/kernels/t.bir');

function memoryHost(files: Record<string, string>): SourceHost {
  const byPath = new Map(Object.entries(files).map(([f, text]) => [path.resolve(f), text]));
  return { readText: (f) => byPath.get(f), exists: (f) => byPath.has(f) };
}

function compile(src: string, file = FILE, host: SourceHost = memoryHost({ [FILE]: src })): Program {
  const r = checkProgram(file, { host });
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (!r.program || errors.length) assert.fail(`the test program does not check:\n${errors.map((d) => formatDiagnostic(d)).join('\n')}\n---\n${src}`);
  return r.program;
}

interface Ran {
  readonly outcome: RunOutcome;
  readonly machine: Machine;
  /** Print output, one entry per line. */
  readonly lines: string[];
}

function run(src: string, options: RunOptions = {}): Ran {
  const lines: string[] = [];
  const { outcome, machine } = runProgram(compile(src), { output: (text) => lines.push(text), ...options });
  return { outcome, machine, lines };
}

/** Runs a program that must end normally. */
function ok(src: string, options: RunOptions = {}): Ran {
  const r = run(src, options);
  if (r.outcome.kind !== 'exited') {
    const detail = r.outcome.kind === 'failed' ? `${r.outcome.fault.code}: ${r.outcome.fault.message}` : r.outcome.kind;
    assert.fail(`the program should end normally, but: ${detail}\n---\n${src}`);
  }
  return r;
}

/** Runs a program that must fail with a fault of this code; returns the fault and the machine. */
function fails(src: string, code: FaultCode, options: RunOptions = {}): { fault: Fault; machine: Machine; lines: string[] } {
  const r = run(src, options);
  assert.equal(r.outcome.kind, 'failed', `the program should fail with '${code}' but ended with ${r.outcome.kind}`);
  const fault = (r.outcome as Extract<RunOutcome, { kind: 'failed' }>).fault;
  assert.equal(fault.code, code, `expected a '${code}' fault, got '${fault.code}': ${fault.message}`);
  return { fault, machine: r.machine, lines: r.lines };
}

function dramSlot(m: Machine, name: string): number {
  const d = m.program.drams.find((x) => x.name === name);
  if (!d) assert.fail(`no dram tensor '${name}'`);
  return d.slot;
}

/** The decoded elements of a DRAM tensor, row-major. */
function read(m: Machine, name: string): number[] {
  const t = m.drams[dramSlot(m, name)];
  return Array.from(t.data, (x) => decode(t.dtype, x));
}

function writtenMask(m: Machine, name: string): number[] {
  return Array.from(m.drams[dramSlot(m, name)].written);
}

/** The source text a span covers (one line). */
function spanText(src: string, span: Fault['span']): string {
  assert.ok(span, 'the fault has a span');
  const line = src.split('\n')[span.line - 1];
  return line.slice(span.col - 1, span.endLine === span.line ? span.endCol - 1 : undefined);
}

// ---------------------------------------------------------------------------------------------
// Data and comparisons

function randomValues(n: number, seed: number, low: number, high: number): number[] {
  const next = mulberry32(seed);
  return Array.from({ length: n }, () => low + (high - low) * next());
}

function randomInts(n: number, seed: number, low: number, high: number): number[] {
  return randomValues(n, seed, low, high + 1).map(Math.floor);
}

function npy(shape: number[], values: readonly number[]): NpyArray {
  assert.equal(values.length, shape.reduce((a, b) => a * b, 1), 'test data has the wrong size');
  return { dtype: 'f64', shape, data: Float64Array.from(values) };
}

function same(a: number, b: number): boolean {
  return Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b));
}

function show(x: number): string {
  return Object.is(x, -0) ? '-0' : String(x);
}

/** Bit-exact equality of two arrays of element values, reporting the first few differences. */
function sameBits(actual: readonly number[], expected: readonly number[], what: string): void {
  assert.equal(actual.length, expected.length, `${what}: ${actual.length} elements, expected ${expected.length}`);
  const bad: string[] = [];
  let count = 0;
  for (let i = 0; i < actual.length; i++) {
    if (same(actual[i], expected[i])) continue;
    count++;
    if (bad.length < 6) bad.push(`[${i}] ${show(actual[i])} instead of ${show(expected[i])}`);
  }
  assert.equal(count, 0, `${what}: ${count} of ${actual.length} elements differ: ${bad.join('; ')}`);
}

const f32 = Math.fround;

/** The program text: a module with these DRAM declarations and a main with this body (plus other functions). */
function program(decls: string, body: string, more = ''): string {
  return `module t\n${decls.trim()}\n\nfunc main() {\n${body.trim()}\n}\n${more}`;
}

/** A row-major array cut into rows of `cols` elements. */
function rows(values: readonly number[], cols: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < values.length; i += cols) out.push(values.slice(i, i + cols));
  return out;
}

// ---------------------------------------------------------------------------------------------

describe('kernels', function () {
  this.timeout(20000);

  describe('DRAM initializers and inputs', () => {
    it('random(seed=, low=, high=) is mulberry32 scaled, rounded to the dtype', () => {
      const r = ok(program(`
dram x : f32[3, 5] = random(seed=7, low=-2, high=3)
dram b : bf16[3, 5] = random(seed=7, low=-2, high=3)
dram i : i8[3, 5] = random(seed=7, low=-200, high=200)`, 'Print "ok"'));
      const u = randomValues(15, 7, 0, 1);
      sameBits(read(r.machine, 'x'), u.map((v) => f32(-2 + 5 * v)), 'f32 random');
      sameBits(read(r.machine, 'b'), u.map((v) => roundTo('bf16', -2 + 5 * v)), 'bf16 random');
      sameBits(read(r.machine, 'i'), u.map((v) => Math.max(-128, Math.min(127, roundHalfEven(-200 + 400 * v)))), 'i8 random');
    });

    it('file("x.npy") loads a temporary .npy next to the program; inputs replace an initializer', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-kernels-'));
      try {
        const data = randomValues(12, 3, -10, 10).map(f32);
        writeNpyFile(path.join(dir, 'x.npy'), { dtype: 'f32', shape: [3, 4], data: Float32Array.from(data) });
        const src = program(`
dram x : f32[3, 4] input = file("x.npy")
dram z : i16[3, 4] input = zeros
dram y : f32[3, 4] output
dram w : i16[3, 4] output`, `
  DmaCopy y <- x
  DmaCopy w <- z`);
        const file = path.join(dir, 't.bir');
        fs.writeFileSync(file, src);
        const prog = compile(src, file, { readText: (f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined), exists: (f) => fs.existsSync(f) });
        const ints = [1, -2, 3.5, 4.5, -5.5, 40000, -40000, 7, 8, 9, 10, 11];
        const { outcome, machine } = runProgram(prog, { inputs: { z: npy([3, 4], ints) } });
        assert.equal(outcome.kind, 'exited');
        sameBits(read(machine, 'y'), data, 'y from file');
        sameBits(read(machine, 'w'), ints.map((v) => roundTo('i16', v)), 'w from inputs');
        sameBits(read(machine, 'w'), [1, -2, 4, 4, -6, 32767, -32768, 7, 8, 9, 10, 11], 'i16 rounding of inputs (ties to even, saturation)');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('DmaCopy', () => {
    const x48 = randomValues(32, 11, -5, 5);

    it('copies DRAM -> SBUF -> DRAM unchanged and marks only the destination view written', () => {
      const r = ok(program(`
dram x : f32[4, 8] input
dram y : f32[4, 8] output
dram z : f32[4, 8] output`, `
  sbuf a : f32[4, 8]
  DmaCopy a <- x
  DmaCopy y <- a
  DmaCopy z[1:3, 2:6] <- a[0:2, 4:8]`), { inputs: { x: npy([4, 8], x48) } });
      const x = read(r.machine, 'x');
      sameBits(x, x48.map(f32), 'x is the input rounded to f32');
      sameBits(read(r.machine, 'y'), x, 'y');
      const z = read(r.machine, 'z');
      const mask = writtenMask(r.machine, 'z');
      for (let i = 0; i < 4; i++) {
        for (let j = 0; j < 8; j++) {
          const inside = i >= 1 && i < 3 && j >= 2 && j < 6;
          assert.equal(mask[i * 8 + j], inside ? 1 : 0, `z[${i}, ${j}] written`);
          if (inside) assert.ok(same(z[i * 8 + j], x[(i - 1) * 8 + (j + 2)]), `z[${i}, ${j}]`);
        }
      }
    });

    it('reads .T views (whole and sliced) from DRAM and SBUF', () => {
      const r = ok(program(`
dram x : f32[4, 8] input
dram t : f32[8, 4] output
dram u : f32[4, 3] output
dram v : f32[8, 4] output`, `
  sbuf a : f32[8, 4]
  sbuf b : f32[4, 8]
  DmaCopy a <- x.T
  DmaCopy t <- a
  DmaCopy u <- x[1:4, 2:6].T
  DmaCopy b <- x
  DmaCopy v <- b.T`), { inputs: { x: npy([4, 8], x48) } });
      const x = rows(read(r.machine, 'x'), 8);
      const T: number[] = [];
      for (let j = 0; j < 8; j++) for (let i = 0; i < 4; i++) T.push(x[i][j]);
      sameBits(read(r.machine, 't'), T, 'x.T');
      sameBits(read(r.machine, 'v'), T, 'b.T (SBUF)');
      const U: number[] = [];
      for (let j = 2; j < 6; j++) for (let i = 1; i < 4; i++) U.push(x[i][j]);
      sameBits(read(r.machine, 'u'), U, 'x[1:4, 2:6].T');
    });

    it('reads and writes strided views a:b:s', () => {
      const data = randomValues(80, 12, -1, 1);
      const r = ok(program(`
dram x : f32[8, 10] input
dram y : f32[4, 3] output
dram z : f32[8, 10] output`, `
  sbuf a : f32[4, 3]
  DmaCopy a <- x[0:8:2, 1:10:4]
  DmaCopy y <- a
  DmaCopy z[1:8:3, 0:9:4] <- x[5:8, 7:10]`), { inputs: { x: npy([8, 10], data) } });
      const x = rows(read(r.machine, 'x'), 10);
      const Y: number[] = [];
      for (let i = 0; i < 8; i += 2) for (let j = 1; j < 10; j += 4) Y.push(x[i][j]);
      sameBits(read(r.machine, 'y'), Y, 'x[0:8:2, 1:10:4]');
      const z = read(r.machine, 'z');
      const mask = writtenMask(r.machine, 'z');
      const zr = [1, 4, 7];
      const zc = [0, 4, 8];
      for (let i = 0; i < 8; i++) {
        for (let j = 0; j < 10; j++) {
          const ri = zr.indexOf(i);
          const cj = zc.indexOf(j);
          assert.equal(mask[i * 10 + j], ri >= 0 && cj >= 0 ? 1 : 0, `z[${i}, ${j}] written`);
          if (ri >= 0 && cj >= 0) assert.ok(same(z[i * 10 + j], x[5 + ri][7 + cj]), `z[${i}, ${j}]`);
        }
      }
    });

    it('copies rank-3 and rank-4 DRAM views (indices, slices, steps, .T) to SBUF and DRAM', () => {
      const d3 = randomValues(24, 13, -3, 3);
      const d4 = randomValues(48, 14, -3, 3);
      const r = ok(program(`
dram x : f32[2, 3, 4] input
dram q : f32[2, 2, 3, 4] input
dram a3 : f32[3, 4] output
dram b3 : f32[3, 2] output
dram c3 : f32[2, 3, 4] output
dram t3 : f32[2, 4, 3] output
dram a4 : f32[3, 4] output
dram b4 : f32[2, 2] output
dram c4 : f32[2, 2, 3, 4] output
dram d4 : f32[1, 4] output`, `
  sbuf s : f32[3, 4]
  sbuf u : f32[3, 2]
  sbuf w : f32[2, 2]
  sbuf v : f32[1, 4]
  DmaCopy s <- x[1]
  DmaCopy a3 <- s
  DmaCopy u <- x[0, :, 1:3]
  DmaCopy b3 <- u
  DmaCopy c3 <- x
  DmaCopy t3 <- x.T
  DmaCopy s <- q[1, 0]
  DmaCopy a4 <- s
  DmaCopy w <- q[1, 0:2, 1, 0:4:2]
  DmaCopy b4 <- w
  DmaCopy c4[1] <- q[0]
  DmaCopy c4[0, 0:2, 0:3, 0:4] <- q[1]
  DmaCopy v <- q[0, 1, 2]
  DmaCopy d4 <- v`), { inputs: { x: npy([2, 3, 4], d3), q: npy([2, 2, 3, 4], d4) } });
      const x = read(r.machine, 'x');
      const q = read(r.machine, 'q');
      const X = (i: number, j: number, k: number) => x[i * 12 + j * 4 + k];
      const Q = (i: number, j: number, k: number, l: number) => q[i * 24 + j * 12 + k * 4 + l];
      const collect = (dims: number[], at: (...ix: number[]) => number): number[] => {
        const out: number[] = [];
        const walk = (prefix: number[]) => {
          if (prefix.length === dims.length) return void out.push(at(...prefix));
          for (let i = 0; i < dims[prefix.length]; i++) walk([...prefix, i]);
        };
        walk([]);
        return out;
      };
      sameBits(read(r.machine, 'a3'), collect([3, 4], (j, k) => X(1, j, k)), 'x[1]');
      sameBits(read(r.machine, 'b3'), collect([3, 2], (j, k) => X(0, j, 1 + k)), 'x[0, :, 1:3]');
      sameBits(read(r.machine, 'c3'), x, 'whole rank-3 copy');
      sameBits(read(r.machine, 't3'), collect([2, 4, 3], (i, k, j) => X(i, j, k)), 'rank-3 .T swaps the last two dimensions');
      sameBits(read(r.machine, 'a4'), collect([3, 4], (k, l) => Q(1, 0, k, l)), 'q[1, 0]');
      sameBits(read(r.machine, 'b4'), collect([2, 2], (j, l) => Q(1, j, 1, 2 * l)), 'q[1, 0:2, 1, 0:4:2]');
      sameBits(read(r.machine, 'c4'), collect([2, 2, 3, 4], (i, j, k, l) => (i === 1 ? Q(0, j, k, l) : Q(1, j, k, l))), 'rank-4 DRAM to DRAM');
      sameBits(read(r.machine, 'd4'), collect([1, 4], (_, l) => Q(0, 1, 2, l)), 'q[0, 1, 2] into [1, 4] (size-1 dimensions ignored)');
    });

    it('casts between every pair of dtypes with the destination rounding (saturation, ties to even, NaN, inf)', () => {
      const values = [
        0, -0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 3.14159, 100.7, -129.5, 127.5, 255.5, 256, 300, -300,
        448, 449, 464, 480, 500, 1e5, -1e5, 65504, 65519, 65520, 57344, 61440, 70000, 3e9, -3e9, 5e9,
        1e-3, 1e-8, 2 ** -10, 2 ** -17, 1e38, 3.4e38, 16777217, 0.1, Infinity, -Infinity, NaN,
        240, 247, 248, 0.25, 0.75, 3, 5, 6, 7, 2 ** -127, 2 ** 127,
      ];
      const n = values.length;
      // Every dtype but the packed ones, which no cast reaches (test 'packed types' below).
      const dtypes: DType[] = ['f32', 'bf16', 'f16', 'fp8e4m3', 'fp8e4m3fn', 'fp8e5m2', 'e8m0', 'fp4e2m1', 'i32', 'i16', 'i8', 'u32', 'u16', 'u8'];
      // Each dtype gets the values through f32 (x), then is copied to every other dtype, via DRAM and via SBUF.
      const decls = [`dram x : f32[1, ${n}] input`];
      const body: string[] = [];
      for (const d of dtypes) {
        decls.push(`dram s_${d} : ${d}[1, ${n}] output`);
        body.push(`  sbuf t_${d} : ${d}[1, ${n}]`);
      }
      for (const d of dtypes) {
        body.push(`  DmaCopy s_${d} <- x`);
        body.push(`  DmaCopy t_${d} <- s_${d}`);
      }
      for (const a of dtypes) {
        for (const b of dtypes) {
          decls.push(`dram o_${a}_${b} : ${b}[1, ${n}] output`);
          body.push(`  DmaCopy o_${a}_${b} <- ${a === b ? `s_${a}` : `t_${a}`}`);
        }
      }
      const r = ok(program(decls.join('\n'), body.join('\n')), { inputs: { x: npy([1, n], values) } });
      const x = read(r.machine, 'x');
      sameBits(x, values.map(f32), 'x');
      for (const a of dtypes) {
        const sa = x.map((v) => roundTo(a, v));
        sameBits(read(r.machine, `s_${a}`), sa, `f32 -> ${a}`);
        for (const b of dtypes) sameBits(read(r.machine, `o_${a}_${b}`), sa.map((v) => roundTo(b, v)), `${a} -> ${b}`);
      }
      // Spot checks written out by hand, independent of roundTo.
      const at = (name: string, v: number) => read(r.machine, name)[values.findIndex((w) => same(w, v))];
      assert.equal(at('s_i8', 300), 127);
      assert.equal(at('s_i8', -129.5), -128);
      assert.equal(at('s_u8', -300), 0);
      assert.equal(at('s_u8', 255.5), 255);
      assert.equal(at('s_i32', 2.5), 2);
      assert.equal(at('s_i32', -2.5), -2);
      assert.equal(at('s_i32', 1.5), 2);
      assert.equal(at('s_i32', NaN), 0);
      assert.equal(at('s_i32', Infinity), 2147483647);
      assert.equal(at('s_u32', 5e9), 4294967295);
      assert.ok(Object.is(at('s_i16', -0), 0), 'integers store -0 as 0');
      assert.equal(at('s_fp8e4m3', 500), 240, 'the hardware e4m3 saturates finite values at 240');
      assert.equal(at('s_fp8e4m3', 248), 240);
      assert.equal(at('s_fp8e4m3', 247), 240);
      assert.equal(at('s_fp8e4m3', Infinity), Infinity, 'the hardware e4m3 keeps inf');
      assert.equal(at('s_fp8e4m3fn', 500), 448, 'e4m3fn saturates');
      assert.equal(at('s_fp8e4m3fn', Infinity), 448, 'e4m3fn saturates inf');
      assert.equal(at('s_e8m0', 3), 2, '1.5 * 2 ties to the even code (2^1)');
      assert.equal(at('s_e8m0', 0), 2 ** -127, 'e8m0 has no zero');
      assert.equal(at('s_e8m0', -300), 2 ** -127, 'e8m0 has no sign');
      assert.equal(at('s_e8m0', Infinity), 2 ** 127);
      assert.ok(Number.isNaN(at('s_e8m0', NaN)));
      assert.equal(at('s_fp4e2m1', 5), 4, '5 ties to the even code (4)');
      assert.equal(at('s_fp4e2m1', 0.75), 1);
      assert.equal(at('s_fp4e2m1', 300), 6, 'e2m1 saturates');
      assert.equal(at('s_fp4e2m1', -Infinity), -6);
      assert.ok(Object.is(at('s_fp4e2m1', NaN), 0), 'e2m1 has no NaN');
      assert.equal(at('s_fp8e5m2', 70000), 57344, 'e5m2 saturates finite values');
      assert.equal(at('s_fp8e5m2', Infinity), Infinity, 'e5m2 keeps inf');
      assert.equal(at('s_f16', 65519), 65504);
      assert.equal(at('s_f16', 65520), Infinity);
      assert.equal(at('s_bf16', 16777217), 16777216);
      assert.equal(at('o_i32_f32', 16777217), 16777216, 'i32 -> f32 rounds');
      assert.equal(at('s_i32', 16777217), 16777216, 'the f32 input already rounded');
      assert.ok(Object.is(at('s_bf16', -0), -0));
      const bf = r.machine.drams[dramSlot(r.machine, 's_bf16')].data;
      assert.equal(bf[values.findIndex(Number.isNaN)], 0x7fc0, 'bf16 NaN is stored canonically');
    });

    it('shape-mismatch when register-dependent shapes disagree', () => {
      const src = program(`
dram x : f32[4, 8] = iota
dram y : f32[4, 8] output`, `
  Set r1 = 3
  DmaCopy y[0:4, 0:r1] <- x[0:4, 0:4]`);
      const { fault } = fails(src, 'shape-mismatch');
      assert.match(fault.message, /DmaCopy: the destination 'y\[0:4, 0:r1\]' is \[4, 3\] here but the source 'x\[0:4, 0:4\]' is \[4, 4\]/);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('TensorCopy', () => {
    it('copies on chip (SBUF and PSUM) with a cast to the destination dtype', () => {
      const values = [0, -0, 0.1, -1.7, 2.5, 3.5, 1000.3, -40000, 70000, 300, -3, 1e-6, 123456.7, NaN, Infinity, -Infinity];
      const dtypes: DType[] = ['bf16', 'f16', 'fp8e4m3', 'fp8e4m3fn', 'fp8e5m2', 'e8m0', 'fp4e2m1', 'i32', 'i16', 'i8', 'u32', 'u16', 'u8'];
      const decls = ['dram x : f32[2, 8] input', 'dram p : f32[2, 8] output', 'dram q : i32[2, 8] output'];
      const body = ['  sbuf a : f32[2, 8]', '  psum pa : f32[2, 8]', '  psum pi : i32[2, 8]', '  DmaCopy a <- x'];
      for (const d of dtypes) {
        decls.push(`dram y_${d} : ${d}[2, 8] output`, `dram z_${d} : f32[2, 8] output`);
        body.push(`  sbuf s_${d} : ${d}[2, 8]`);
      }
      for (const d of dtypes) body.push(`  TensorCopy s_${d} <- a`, `  DmaCopy y_${d} <- s_${d}`, `  TensorCopy a <- s_${d}`, `  DmaCopy z_${d} <- a`, '  DmaCopy a <- x');
      body.push('  TensorCopy pa <- a', '  TensorCopy pi <- pa', '  DmaCopy p <- pa', '  DmaCopy q <- pi');
      const r = ok(program(decls.join('\n'), body.join('\n')), { inputs: { x: npy([2, 8], values) } });
      const x = read(r.machine, 'x');
      for (const d of dtypes) {
        sameBits(read(r.machine, `y_${d}`), x.map((v) => roundTo(d, v)), `f32 -> ${d}`);
        sameBits(read(r.machine, `z_${d}`), x.map((v) => f32(roundTo(d, v))), `f32 -> ${d} -> f32`);
      }
      sameBits(read(r.machine, 'p'), x, 'SBUF -> PSUM f32');
      sameBits(read(r.machine, 'q'), x.map((v) => roundTo('i32', v)), 'PSUM f32 -> PSUM i32');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('packed types', () => {
    it('move as their bits through DmaCopy, TensorCopy and Load; Memset writes bits; Print shows the values', () => {
      const bits = [0x7b38bc3c, 0xffffffff, 0, 0x80000001, 0x3c3c3c3c, 0x00ff00ff];
      const r = ok(program(`
dram x : fp8e5m2_x4[2, 3] input
dram y : fp8e5m2_x4[2, 3] output
dram u : u32[2, 3] output
dram z : fp8e5m2_x4[2, 3] output`, `
  sbuf a : fp8e5m2_x4[2, 3]
  sbuf b : fp8e5m2_x4[2, 3]
  DmaCopy a <- x
  TensorCopy b <- a
  DmaCopy y <- b
  DmaCopy u <- b
  Memset b <- 0
  DmaCopy z <- b
  Load r1 <- x[0, 0]
  Print r1, x[0, 0]`), { inputs: { x: { dtype: 'u32', shape: [2, 3], data: Uint32Array.from(bits) } } });
      sameBits(read(r.machine, 'y'), bits, 'the bits copied');
      sameBits(read(r.machine, 'u'), bits, 'into u32: the same bits');
      sameBits(read(r.machine, 'z'), new Array(6).fill(0), 'Memset 0 clears');
      assert.deepEqual(r.lines, [`${0x7b38bc3c} 0x7b38bc3c (1, -1, 0.5, 57344)`]);
    });

    it('fp4e2m1_x4 travels as u16, u16 data becomes fp4e2m1_x4 bits', () => {
      const bits = [0xf721, 0x0000, 0xffff, 0x1234];
      const r = ok(program(`
dram x : u16[1, 4] input
dram y : fp4e2m1_x4[1, 4] output`, `
  sbuf a : fp4e2m1_x4[1, 4]
  DmaCopy a <- x
  DmaCopy y <- a`), { inputs: { x: { dtype: 'u16', shape: [1, 4], data: Uint16Array.from(bits) } } });
      sameBits(read(r.machine, 'y'), bits, 'u16 -> fp4e2m1_x4');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('Memset', () => {
    it('fills a view with a number or a register expression, rounded to the destination', () => {
      const r = ok(program(`
dram a : f32[3, 5] output
dram b : bf16[3, 5] output
dram c : i8[3, 5] output
dram d : u8[3, 5] output
dram e : f32[3, 5] output
dram g : fp8e4m3[3, 5] output`, `
  sbuf sa : f32[3, 5]
  sbuf sb : bf16[3, 5]
  sbuf sc : i8[3, 5]
  sbuf sd : u8[3, 5]
  sbuf sg : fp8e4m3[3, 5]
  Memset sa <- 0.1
  DmaCopy a <- sa
  Memset sb <- 1 / 3
  DmaCopy b <- sb
  Memset sc <- 300
  DmaCopy c <- sc
  Memset sd <- -5
  DmaCopy d <- sd
  Set r1 = 7
  Memset sa[1:3, 2:5] <- r1 * 3 + 0.5
  DmaCopy e[1:3, 2:5] <- sa[1:3, 2:5]
  Memset sg <- 1000
  DmaCopy g <- sg`));
      sameBits(read(r.machine, 'a'), new Array(15).fill(f32(0.1)), 'f32 0.1');
      sameBits(read(r.machine, 'b'), new Array(15).fill(roundTo('bf16', 1 / 3)), 'bf16 1/3');
      sameBits(read(r.machine, 'c'), new Array(15).fill(127), 'i8 saturates');
      sameBits(read(r.machine, 'd'), new Array(15).fill(0), 'u8 saturates at 0');
      sameBits(read(r.machine, 'g'), new Array(15).fill(240), 'fp8e4m3 saturates at 240');
      const e = read(r.machine, 'e');
      const mask = writtenMask(r.machine, 'e');
      for (let i = 0; i < 3; i++) {
        for (let j = 0; j < 5; j++) {
          const inside = i >= 1 && j >= 2;
          assert.equal(mask[i * 5 + j], inside ? 1 : 0);
          if (inside) assert.equal(e[i * 5 + j], 21.5);
        }
      }
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('Iota', () => {
    it('dst[p, f] = base + p·pstep + f·fstep, exactly, then rounded; defaults 0, 0, 1', () => {
      const r = ok(program(`
dram a : f32[4, 8] output
dram b : f32[4, 8] output
dram c : i8[4, 8] output
dram d : bf16[4, 8] output
dram e : f32[4, 8] output
dram g : u8[4, 8] output`, `
  sbuf sa : f32[4, 8]
  sbuf sc : i8[4, 8]
  sbuf sd : bf16[4, 8]
  sbuf sg : u8[4, 8]
  Iota sa <- base = 3, pstep = 10, fstep = 2
  DmaCopy a <- sa
  Iota sa <- base = 0
  DmaCopy b <- sa
  Iota sc <- base = 100, pstep = -70, fstep = 10
  DmaCopy c <- sc
  Iota sd <- base = 1000, pstep = 100, fstep = 0.5
  DmaCopy d <- sd
  Set r2 = 0.25
  Iota sa <- base = r2, pstep = 16777216, fstep = -0.5
  DmaCopy e <- sa
  Iota sg[1:3, 2:6] <- base = 250, fstep = 3, pstep = 1
  DmaCopy g[1:3, 2:6] <- sg[1:3, 2:6]`));
      const ref = (b: number, ps: number, fs: number, d: DType) => {
        const out: number[] = [];
        for (let p = 0; p < 4; p++) for (let q = 0; q < 8; q++) out.push(roundTo(d, b + p * ps + q * fs));
        return out;
      };
      sameBits(read(r.machine, 'a'), ref(3, 10, 2, 'f32'), 'base 3 pstep 10 fstep 2');
      sameBits(read(r.machine, 'b'), ref(0, 0, 1, 'f32'), 'defaults pstep = 0, fstep = 1');
      sameBits(read(r.machine, 'c'), ref(100, -70, 10, 'i8'), 'i8 saturation');
      sameBits(read(r.machine, 'd'), ref(1000, 100, 0.5, 'bf16'), 'bf16 rounding');
      // 0.25 + 3 * 16777216 - 3.5 is exact in double; f32 rounds it once (not after each step).
      sameBits(read(r.machine, 'e'), ref(0.25, 16777216, -0.5, 'f32'), 'register base, large pstep');
      assert.equal(read(r.machine, 'e')[3 * 8 + 7], f32(0.25 + 3 * 16777216 - 3.5));
      const g = read(r.machine, 'g');
      for (let p = 1; p < 3; p++) for (let q = 0; q < 4; q++) assert.equal(g[p * 8 + 2 + q], Math.min(255, 250 + (p - 1) + 3 * q), `g[${p}, ${2 + q}]: p and f count within the view`);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('MatMult', () => {
    /** out[m, n] = Σ_k f32(a[k, m] · b[k, n]) summed in f32 in increasing k; then f32(old + sum) when accumulating. */
    function matmulRef(a: readonly number[], b: readonly number[], K: number, M: number, N: number, old?: readonly number[]): number[] {
      const out: number[] = [];
      for (let m = 0; m < M; m++) {
        for (let n = 0; n < N; n++) {
          let acc = 0;
          for (let k = 0; k < K; k++) acc = f32(acc + f32(a[k * M + m] * b[k * N + n]));
          out.push(old ? f32(old[m * N + n] + acc) : acc);
        }
      }
      return out;
    }

    function mmProgram(sdt: DType, mdt: DType, K: number, M: number, N: number): string {
      return program(`
dram x : ${sdt}[${K}, ${M}] input
dram w : ${mdt}[${K}, ${N}] input
dram x2 : ${sdt}[${K}, ${M}] input
dram w2 : ${mdt}[${K}, ${N}] input
dram y : f32[${M}, ${N}] output
dram z : f32[${M}, ${N}] output`, `
  sbuf xs : ${sdt}[${K}, ${M}]
  sbuf ws : ${mdt}[${K}, ${N}]
  psum acc : f32[${M}, ${N}]
  DmaCopy xs <- x
  DmaCopy ws <- w
  MatMult acc <- xs, ws
  DmaCopy y <- acc
  DmaCopy xs <- x2
  DmaCopy ws <- w2
  MatMult acc <- xs, ws, accumulate = 1
  DmaCopy z <- acc`);
    }

    for (const [sdt, mdt, K, M, N] of [
      ['f32', 'f32', 128, 64, 96],
      ['bf16', 'bf16', 128, 128, 512],
      ['fp8e4m3', 'fp8e5m2', 64, 32, 40],
      ['fp8e4m3fn', 'fp8e4m3', 48, 16, 24],
      ['f32', 'bf16', 17, 5, 9],
      ['i32', 'i8', 8, 4, 6],
    ] as [DType, DType, number, number, number][]) {
      it(`${sdt} x ${mdt}, K=${K} M=${M} N=${N}: f32 products summed in increasing k, bit for bit; then accumulate`, () => {
        const big = sdt === 'i32';
        const inputs = {
          x: npy([K, M], big ? randomInts(K * M, 21, -20000000, 20000000) : randomValues(K * M, 21, -2, 2)),
          w: npy([K, N], big ? randomInts(K * N, 22, -100, 100) : randomValues(K * N, 22, -2, 2)),
          x2: npy([K, M], big ? randomInts(K * M, 23, -20000000, 20000000) : randomValues(K * M, 23, -3, 3)),
          w2: npy([K, N], big ? randomInts(K * N, 24, -100, 100) : randomValues(K * N, 24, -1, 1)),
        };
        const r = ok(mmProgram(sdt, mdt, K, M, N), { inputs });
        const [x, w, x2, w2] = ['x', 'w', 'x2', 'w2'].map((name) => read(r.machine, name));
        const y = matmulRef(x, w, K, M, N);
        sameBits(read(r.machine, 'y'), y, 'MatMult');
        sameBits(read(r.machine, 'z'), matmulRef(x2, w2, K, M, N, y), 'MatMult accumulate');
        // The f32 order matters: a double-precision sum differs somewhere for the float cases.
        if (sdt === 'f32' && K === 128) {
          const exact: number[] = [];
          for (let m = 0; m < M; m++) for (let n = 0; n < N; n++) {
            let s = 0;
            for (let k = 0; k < K; k++) s += x[k * M + m] * w[k * N + n];
            exact.push(f32(s));
          }
          assert.ok(exact.some((v, i) => v !== y[i]), 'the test data distinguishes f32 accumulation from a double sum');
        }
      });
    }

    it('tiles K in a loop with accumulate = r0 > 0 (the reference example)', () => {
      const K = 256, M = 32, N = 48;
      const xd = randomValues(K * M, 31, -1, 1);
      const wd = randomValues(K * N, 32, -1, 1);
      const r = ok(program(`
dram x : f32[${K}, ${M}] input
dram w : bf16[${K}, ${N}] input
dram y : f32[${M}, ${N}] output`, `
  sbuf xs : f32[128, ${2 * M}]
  sbuf ws : bf16[128, ${2 * N}]
  psum acc : f32[${M}, ${N}]
  for r0 in 0..2 {
    DmaCopy xs[0:128, r0*${M} : r0*${M}+${M}] <- x[r0*128 : r0*128+128, 0:${M}]
    DmaCopy ws[0:128, r0*${N} : r0*${N}+${N}] <- w[r0*128 : r0*128+128, 0:${N}]
    MatMult acc <- xs[0:128, r0*${M} : r0*${M}+${M}], ws[0:128, r0*${N} : r0*${N}+${N}], accumulate = r0 > 0
  }
  DmaCopy y <- acc`), { inputs: { x: npy([K, M], xd), w: npy([K, N], wd) } });
      const x = read(r.machine, 'x');
      const w = read(r.machine, 'w');
      const t0 = matmulRef(x.slice(0, 128 * M), w.slice(0, 128 * N), 128, M, N);
      sameBits(read(r.machine, 'y'), matmulRef(x.slice(128 * M), w.slice(128 * N), 128, M, N, t0), 'two K tiles');
    });

    it('partial K, M and N from offset views into an offset PSUM view', () => {
      const r = ok(program(`
dram x : f32[16, 16] input
dram w : f32[16, 64] input
dram y : f32[8, 64] output`, `
  sbuf xs : f32[16, 16]
  sbuf ws : f32[16, 64]
  psum acc : f32[8, 64]
  DmaCopy xs <- x
  DmaCopy ws <- w
  MatMult acc[2:5, 10:17] <- xs[3:8, 4:7], ws[3:8, 20:27]
  Set r1 = 1
  MatMult acc[2:5, 10:17] <- xs[0:5, 0:3], ws[8:13, 30:37], accumulate = r1
  DmaCopy y[2:5, 10:17] <- acc[2:5, 10:17]`), { inputs: { x: npy([16, 16], randomValues(256, 41, -4, 4)), w: npy([16, 64], randomValues(1024, 42, -4, 4)) } });
      const x = rows(read(r.machine, 'x'), 16);
      const w = rows(read(r.machine, 'w'), 64);
      const sub = (m: number[][], r0: number, r1: number, c0: number, c1: number) => m.slice(r0, r1).flatMap((row) => row.slice(c0, c1));
      const first = matmulRef(sub(x, 3, 8, 4, 7), sub(w, 3, 8, 20, 27), 5, 3, 7);
      const second = matmulRef(sub(x, 0, 5, 0, 3), sub(w, 8, 13, 30, 37), 5, 3, 7, first);
      const y = read(r.machine, 'y');
      const mask = writtenMask(r.machine, 'y');
      assert.equal(mask.reduce((a, b) => a + b, 0), 21, 'only the 3 x 7 view was written');
      sameBits(rows(y, 64).slice(2, 5).flatMap((row) => row.slice(10, 17)), second, 'partial matmul');
    });

    it('accumulate into a never-written destination is an uninitialized read of the destination', () => {
      const { fault } = fails(program('', `
  sbuf a : f32[2, 3]
  sbuf b : f32[2, 4]
  psum acc : f32[3, 4]
  Memset a <- 1
  Memset b <- 2
  MatMult acc <- a, b, accumulate = 1`), 'uninitialized-read');
      assert.match(fault.message, /the destination 'acc' reads element \[0, 0\] of the view, which was never written/);
    });

    it('bank-crossing when the PSUM destination straddles a 2 KiB bank; a view inside one bank is fine', () => {
      const body = (cols: string) => program('dram y : f32[4, 128] output', `
  sbuf a : f32[2, 4]
  sbuf b : f32[2, 128]
  psum acc : f32[4, 1024]
  Memset a <- 1
  Memset b <- 0.5
  Set r1 = 448
  MatMult acc[0:4, ${cols}] <- a, b
  DmaCopy y <- acc[0:4, ${cols}]`);
      const good = ok(body('512:640'));
      sameBits(read(good.machine, 'y'), new Array(512).fill(1), 'within bank 1');
      const src = body('r1 : r1+128');
      const { fault } = fails(src, 'bank-crossing');
      assert.match(fault.message, /MatMult writes 'acc\[0:4, r1 : r1\+128\]' across PSUM banks 0 and 1 \(bytes 1792\.\.2303 of each partition; a bank holds 2048 bytes\)/);
      assert.equal(spanText(src, fault.span), 'acc[0:4, r1 : r1+128]');
      // With constant bounds (448:576) the checker refuses it before the run: test/unit/isa-ops.test.ts.
    });

    it('shape-mismatch when register-dependent K differs', () => {
      const { fault } = fails(program('', `
  sbuf a : f32[8, 4]
  sbuf b : f32[8, 4]
  psum acc : f32[4, 4]
  Memset a <- 1
  Memset b <- 1
  Set r1 = 6
  MatMult acc <- a[0:r1, :], b[0:8, :]`), 'shape-mismatch');
      assert.match(fault.message, /stationary operand 'a\[0:r1, :\]' has K = 6 partitions but the moving operand 'b\[0:8, :\]' has 8/);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('Transpose', () => {
    it('dst[F, P] = src[P, F]ᵀ into PSUM, values unchanged then rounded to the destination', () => {
      const r = ok(program(`
dram x : f32[8, 16] input
dram h : bf16[8, 16] input
dram k : i16[4, 5] input
dram y : f32[16, 8] output
dram z : f32[16, 8] output
dram u : i32[5, 4] output
dram v : f32[7, 3] output`, `
  sbuf a : f32[8, 16]
  sbuf b : bf16[8, 16]
  sbuf c : i16[4, 5]
  psum p : f32[16, 8]
  psum q : i32[5, 4]
  DmaCopy a <- x
  DmaCopy b <- h
  DmaCopy c <- k
  Transpose p <- a
  DmaCopy y <- p
  Transpose p <- b
  DmaCopy z <- p
  Transpose q <- c
  DmaCopy u <- q
  Transpose p[0:7, 0:3] <- a[2:5, 0:7]
  DmaCopy v <- p[0:7, 0:3]`), {
        inputs: { x: npy([8, 16], randomValues(128, 51, -9, 9)), h: npy([8, 16], randomValues(128, 52, -9, 9)), k: npy([4, 5], randomInts(20, 53, -30000, 30000)) },
      });
      const tr = (v: number[], P: number, F: number) => {
        const out: number[] = [];
        for (let f = 0; f < F; f++) for (let p = 0; p < P; p++) out.push(v[p * F + f]);
        return out;
      };
      sameBits(read(r.machine, 'y'), tr(read(r.machine, 'x'), 8, 16), 'f32');
      sameBits(read(r.machine, 'z'), tr(read(r.machine, 'h'), 8, 16), 'bf16 into f32');
      sameBits(read(r.machine, 'u'), tr(read(r.machine, 'k'), 4, 5), 'i16 into i32');
      const x = rows(read(r.machine, 'x'), 16);
      sameBits(read(r.machine, 'v'), tr(x.slice(2, 5).flatMap((row) => row.slice(0, 7)), 3, 7), 'partial');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('Activation', () => {
    // The references below compute each documented formula with the host's Math functions, in double, then
    // round to f32: they check the formula and its roundings. The engine computes with base/math.ts, within an
    // ulp of Math.* in double (math.test.ts), which rounds to the same f32 for these values.
    const S = Math.sqrt(2 / Math.PI);
    const REF: Record<string, (x: number) => number> = {
      identity: (x) => x,
      relu: (x) => (Number.isNaN(x) ? NaN : x > 0 ? x : 0),
      gelu: (x) => x / (1 + Math.exp(-2 * (S * (x + 0.044715 * x * x * x)))),
      sigmoid: (x) => 1 / (1 + Math.exp(-x)),
      tanh: (x) => Math.tanh(x),
      exp: (x) => Math.exp(x),
      log: (x) => Math.log(x),
      sqrt: (x) => Math.sqrt(x),
      rsqrt: (x) => 1 / Math.sqrt(x),
      square: (x) => x * x,
      silu: (x) => x / (1 + Math.exp(-x)),
      softplus: (x) => Math.max(x, 0) + Math.log1p(Math.exp(-Math.abs(x))),
      abs: (x) => Math.abs(x),
      sign: (x) => (x > 0 ? 1 : x < 0 ? -1 : x),
      reciprocal: (x) => 1 / x,
      sin: (x) => Math.sin(x),
      cos: (x) => Math.cos(x),
    };
    const specials = [0, -0, 1, -1, 0.5, -0.5, 2, -3, 10, -10, 88, -88, 89, 100, -100, 1e-3, -1e-3, 1e-30, 1e30, 3.14159, NaN, Infinity, -Infinity, 20];
    const data = [...specials, ...randomValues(64 - specials.length, 61, -6, 6)];
    const scaleCol = [0.5, -1.25, 3, 0.1];
    const biasCol = [0, 0.7, -2.5, 1e-3];

    const src = (fn: string) => program(`
dram x : f32[4, 16] input
dram sc : f32[4, 1] input
dram bi : f32[4, 1] input
dram y0 : f32[4, 16] output
dram y1 : f32[4, 16] output
dram y2 : f32[4, 16] output
dram y3 : bf16[4, 16] output`, `
  sbuf a : f32[4, 16]
  sbuf s : f32[4, 1]
  sbuf b : f32[4, 1]
  sbuf o : f32[4, 16]
  sbuf h : bf16[4, 16]
  DmaCopy a <- x
  DmaCopy s <- sc
  DmaCopy b <- bi
  Activation o <- a, func = ${fn}
  DmaCopy y0 <- o
  Activation o <- a, func = ${fn}, scale = 0.7, bias = -0.3
  DmaCopy y1 <- o
  Set r1 = 1.1
  Set r2 = -0.2
  Activation o <- a, func = ${fn}, scale = r1, bias = r2
  DmaCopy y2 <- o
  Activation h <- a, func = ${fn}, scale = s, bias = b
  DmaCopy y3 <- h`);

    for (const fn of Object.keys(REF)) {
      it(`func = ${fn}: f(f32(f32(x·s) + b)) rounded to f32, with scale/bias as numbers, registers and [P, 1] tensors`, () => {
        const r = ok(src(fn), { inputs: { x: npy([4, 16], data), sc: npy([4, 1], scaleCol), bi: npy([4, 1], biasCol) } });
        const x = read(r.machine, 'x');
        const sc = read(r.machine, 'sc');
        const bi = read(r.machine, 'bi');
        const f = REF[fn];
        // Non-integral immediates and register values are f32 operands of the engine.
        const act = (s: (p: number) => number, b: (p: number) => number, d: DType) =>
          x.map((v, i) => roundTo(d, f32(f(f32(f32(v * s(i >> 4)) + b(i >> 4))))));
        sameBits(read(r.machine, 'y0'), act(() => 1, () => 0, 'f32'), 'default scale 1, bias 0');
        sameBits(read(r.machine, 'y1'), act(() => f32(0.7), () => f32(-0.3), 'f32'), 'immediate scale and bias');
        sameBits(read(r.machine, 'y2'), act(() => f32(1.1), () => f32(-0.2), 'f32'), 'register scale and bias');
        sameBits(read(r.machine, 'y3'), act((p) => sc[p], (p) => bi[p], 'bf16'), '[P, 1] scale and bias, bf16 destination');
      });
    }

    it('spot values: relu, sign and the f32 rounding of the product and the sum', () => {
      const r = ok(program(`
dram x : f32[1, 6] input
dram y : f32[1, 6] output
dram z : f32[1, 6] output
dram w : f32[1, 6] output`, `
  sbuf a : f32[1, 6]
  sbuf o : f32[1, 6]
  DmaCopy a <- x
  Activation o <- a, func = relu
  DmaCopy y <- o
  Activation o <- a, func = sign, bias = 0
  DmaCopy z <- o
  Activation o <- a, func = identity, scale = 16777216, bias = 1
  DmaCopy w <- o`), { inputs: { x: npy([1, 6], [-2, -0, 0, 3.5, 1, -1]) } });
      sameBits(read(r.machine, 'y'), [0, 0, 0, 3.5, 1, 0], 'relu');
      sameBits(read(r.machine, 'z'), [-1, 0, 0, 1, 1, -1], 'sign');
      // 16777216 + 1 is not an f32: the sum rounds to even.
      sameBits(read(r.machine, 'w'), [-33554432, 1, 1, 58720256, 16777216, -16777215], 'x·2^24 + 1 rounded to f32');
    });

    it('shape-mismatch when a register-dependent [P, 1] scale has the wrong partitions', () => {
      const { fault } = fails(program('', `
  sbuf a : f32[4, 8]
  sbuf s : f32[8, 1]
  Memset a <- 1
  Memset s <- 2
  Set r1 = 3
  Activation a <- a, scale = s[0:r1, :]`), 'shape-mismatch');
      assert.match(fault.message, /the scale 's\[0:r1, :\]' has 3 partitions but the data has 4/);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('TensorTensor', () => {
    const OPS = ['add', 'sub', 'mul', 'div', 'max', 'min', 'pow', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'and', 'or', 'xor'];
    const nanMax = (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a > b ? a : b);
    const nanMin = (a: number, b: number) => (Number.isNaN(a) || Number.isNaN(b) ? NaN : a < b ? a : b);
    const FLOAT: Record<string, (a: number, b: number) => number> = {
      add: (a, b) => f32(a + b),
      sub: (a, b) => f32(a - b),
      mul: (a, b) => f32(a * b),
      div: (a, b) => f32(a / b),
      max: nanMax,
      min: nanMin,
      pow: (a, b) => f32(Math.pow(a, b)),
      eq: (a, b) => (a === b ? 1 : 0),
      ne: (a, b) => (a !== b ? 1 : 0),
      lt: (a, b) => (a < b ? 1 : 0),
      le: (a, b) => (a <= b ? 1 : 0),
      gt: (a, b) => (a > b ? 1 : 0),
      ge: (a, b) => (a >= b ? 1 : 0),
      and: (a, b) => (a !== 0 && b !== 0 ? 1 : 0),
      or: (a, b) => (a !== 0 || b !== 0 ? 1 : 0),
      xor: (a, b) => ((a !== 0) !== (b !== 0) ? 1 : 0),
    };
    /** Integer domain: exact, division truncates toward zero, bitwise on 32-bit two's complement. */
    const INT: Record<string, (a: number, b: number) => number> = {
      ...FLOAT,
      add: (a, b) => a + b,
      sub: (a, b) => a - b,
      mul: (a, b) => a * b,
      div: (a, b) => { const q = a / b; return q < 0 ? Math.ceil(q) : Math.floor(q); },
      pow: (a, b) => Math.pow(a, b),
      and: (a, b) => a & b,
      or: (a, b) => a | b,
      xor: (a, b) => a ^ b,
    };

    function allOps(dt: DType, odt: DType): string {
      const decls = [`dram a : ${dt}[4, 16] input`, `dram b : ${dt}[4, 16] input`];
      const body = [`  sbuf sa : ${dt}[4, 16]`, `  sbuf sb : ${dt}[4, 16]`, `  sbuf o : ${odt}[4, 16]`, '  DmaCopy sa <- a', '  DmaCopy sb <- b'];
      for (const op of OPS) {
        decls.push(`dram y_${op} : ${odt}[4, 16] output`);
        body.push(`  TensorTensor o <- sa, sb, op = ${op}`, `  DmaCopy y_${op} <- o`);
      }
      return program(decls.join('\n'), body.join('\n'));
    }

    it('every op in the float domain (f32), each result rounded to f32; max/min propagate NaN', () => {
      const sa = [0, -0, 1, -1, 2.5, -2.5, 3, NaN, Infinity, 0, 1e30, 1e-30, 7, -8, 0.5, 2];
      const sb = [0, 0, 1, 0, 2.5, 2, -3, 1, 1, NaN, 1e30, 1e30, 0.5, 1 / 3, -0, 0.5];
      const a = [...sa, ...randomValues(48, 71, -4, 4)];
      const b = [...sb, ...randomValues(48, 72, -4, 4)];
      const r = ok(allOps('f32', 'f32'), { inputs: { a: npy([4, 16], a), b: npy([4, 16], b) } });
      const xa = read(r.machine, 'a');
      const xb = read(r.machine, 'b');
      for (const op of OPS) sameBits(read(r.machine, `y_${op}`), xa.map((v, i) => FLOAT[op](v, xb[i])), `op = ${op}`);
      // By hand: 2.5 / 2 and logical and/or/xor on non-integers.
      assert.equal(read(r.machine, 'y_div')[5], -1.25);
      assert.equal(read(r.machine, 'y_and')[14], 0);
      assert.equal(read(r.machine, 'y_xor')[14], 1);
      assert.ok(Number.isNaN(read(r.machine, 'y_max')[7]) && Number.isNaN(read(r.machine, 'y_min')[9]));
    });

    it('float domain with a bf16 destination and mixed input dtypes (i32 with f32 is float)', () => {
      const r = ok(program(`
dram a : i32[2, 4] input
dram b : f32[2, 4] input
dram y : bf16[2, 4] output
dram z : f32[2, 4] output`, `
  sbuf sa : i32[2, 4]
  sbuf sb : f32[2, 4]
  sbuf o : bf16[2, 4]
  sbuf p : f32[2, 4]
  DmaCopy sa <- a
  DmaCopy sb <- b
  TensorTensor o <- sa, sb, op = div
  DmaCopy y <- o
  TensorTensor p <- sa, sb, op = add
  DmaCopy z <- p`), { inputs: { a: npy([2, 4], [7, -7, 16777217, 1, 100, 3, -9, 0]), b: npy([2, 4], [2, 2, 0, 3, 7, 0.1, 4, -5]) } });
      const a = read(r.machine, 'a');
      const b = read(r.machine, 'b');
      sameBits(read(r.machine, 'y'), a.map((v, i) => roundTo('bf16', f32(v / b[i]))), 'div');
      sameBits(read(r.machine, 'z'), a.map((v, i) => f32(v + b[i])), 'add');
      assert.equal(read(r.machine, 'y')[0], 3.5, 'float division does not truncate');
      assert.equal(read(r.machine, 'z')[2], 16777216, 'float add rounds to f32');
    });

    it('every op in the integer domain (i32): exact, div truncates toward zero, bitwise and/or/xor, the store saturates', () => {
      const sa = [7, -7, 7, -7, 0, 16777217, 100000, -2147483648, 2147483647, 5, 2, 3, -1, 12, 0x0f0f0f0f, -6];
      const sb = [2, 2, -2, -2, 5, 1, 100000, 1, 1, 5, 10, -1, 1, 10, 0x00ff00ff, 3];
      const a = [...sa, ...randomInts(48, 81, -1000, 1000)];
      const b = [...sb, ...randomInts(48, 82, -20, 20).map((v) => (v === 0 ? 1 : v))];
      const r = ok(allOps('i32', 'i32'), { inputs: { a: npy([4, 16], a), b: npy([4, 16], b) } });
      const xa = read(r.machine, 'a');
      const xb = read(r.machine, 'b');
      for (const op of OPS) sameBits(read(r.machine, `y_${op}`), xa.map((v, i) => roundTo('i32', INT[op](v, xb[i]))), `op = ${op}`);
      const y = (op: string) => read(r.machine, `y_${op}`);
      assert.deepEqual(y('div').slice(0, 4), [3, -3, -3, 3], 'truncation toward zero');
      assert.equal(y('add')[5], 16777218, 'exact beyond 2^24');
      assert.equal(y('mul')[6], 2147483647, '1e10 saturates');
      assert.equal(y('sub')[7], -2147483648, 'saturates at the minimum');
      assert.equal(y('pow')[10], 1024);
      assert.equal(y('pow')[11], 0, '3 ** -1 = 1/3 stores 0');
      assert.equal(y('and')[14], 0x000f000f);
      assert.equal(y('or')[12], -1);
      assert.equal(y('xor')[15], -7);
    });

    it('integer results into a float destination: exact values, no negative zero', () => {
      const r = ok(program(`
dram a : i32[1, 6] input
dram b : i32[1, 6] input
dram y : f32[1, 6] output
dram z : f32[1, 6] output`, `
  sbuf sa : i32[1, 6]
  sbuf sb : i32[1, 6]
  sbuf o : f32[1, 6]
  DmaCopy sa <- a
  DmaCopy sb <- b
  TensorTensor o <- sa, sb, op = div
  DmaCopy y <- o
  TensorTensor o <- sa, sb, op = mul
  DmaCopy z <- o`), { inputs: { a: npy([1, 6], [-1, 1, 0, 0, 9, -9]), b: npy([1, 6], [2, -2, -5, 5, 4, 4]) } });
      sameBits(read(r.machine, 'y'), [0, 0, 0, 0, 2, -2], 'trunc(-1/2) is 0, not -0');
      sameBits(read(r.machine, 'z'), [-2, -2, 0, 0, 36, -36], '0 * -5 is 0, not -0');
    });

    it('integer domain on small and unsigned dtypes: i8 and u8 inputs, i16 destination', () => {
      const a = randomInts(16, 91, -128, 127);
      const b = randomInts(16, 92, 0, 255);
      const r = ok(program(`
dram a : i8[2, 8] input
dram b : u8[2, 8] input
dram y : i16[2, 8] output
dram z : i16[2, 8] output`, `
  sbuf sa : i8[2, 8]
  sbuf sb : u8[2, 8]
  sbuf o : i16[2, 8]
  DmaCopy sa <- a
  DmaCopy sb <- b
  TensorTensor o <- sa, sb, op = mul
  DmaCopy y <- o
  TensorTensor o <- sa, sb, op = sub
  DmaCopy z <- o`), { inputs: { a: npy([2, 8], a), b: npy([2, 8], b) } });
      sameBits(read(r.machine, 'y'), a.map((v, i) => v * b[i]), 'i8 * u8 into i16 (exact, in range)');
      sameBits(read(r.machine, 'z'), a.map((v, i) => v - b[i]), 'i8 - u8');
    });

    it('bitwise and/or/xor on u32 keep the bits above 2^31', () => {
      const a = [0xffffffff, 0xf0f0f0f0, 0x80000000, 0, 0x12345678, 0xdeadbeef, 1, 0x7fffffff];
      const b = [0x0f0f0f0f, 0xff00ff00, 0x80000001, 0xffffffff, 0x87654321, 0xffffffff, 0x80000000, 0x80000000];
      const r = ok(program(`
dram a : u32[1, 8] input
dram b : u32[1, 8] input
dram y_and : u32[1, 8] output
dram y_or : u32[1, 8] output
dram y_xor : u32[1, 8] output`, `
  sbuf sa : u32[1, 8]
  sbuf sb : u32[1, 8]
  sbuf o : u32[1, 8]
  DmaCopy sa <- a
  DmaCopy sb <- b
  TensorTensor o <- sa, sb, op = and
  DmaCopy y_and <- o
  TensorTensor o <- sa, sb, op = or
  DmaCopy y_or <- o
  TensorTensor o <- sa, sb, op = xor
  DmaCopy y_xor <- o`), { inputs: { a: npy([1, 8], a), b: npy([1, 8], b) } });
      sameBits(read(r.machine, 'y_and'), a.map((v, i) => (v & b[i]) >>> 0), 'and');
      sameBits(read(r.machine, 'y_or'), a.map((v, i) => (v | b[i]) >>> 0), 'or');
      sameBits(read(r.machine, 'y_xor'), a.map((v, i) => (v ^ b[i]) >>> 0), 'xor');
      assert.equal(read(r.machine, 'y_xor')[5], 0x21524110);
      assert.equal(read(r.machine, 'y_or')[7], 0xffffffff);
    });

    it('integer division by zero is a division-by-zero fault naming the values', () => {
      const { fault, machine } = fails(program(`
dram a : i32[2, 3] = iota
dram y : i32[2, 3] output`, `
  sbuf sa : i32[2, 3]
  sbuf sb : i32[2, 3]
  DmaCopy sa <- a
  Iota sb <- base = 2, fstep = -1
  TensorTensor sa <- sa, sb, op = div
  DmaCopy y <- sa`), 'division-by-zero');
      assert.match(fault.message, /integer division by zero in 'TensorTensor op = div': 2 \/ 0/);
      assert.equal(writtenMask(machine, 'y').reduce((s, v) => s + v, 0), 0, 'the instruction did not complete');
      // In the float domain, x / 0 is inf (no fault unless the nan fault is enabled).
      const r = ok(program('dram y : f32[1, 2] output', `
  sbuf a : f32[1, 2]
  sbuf b : f32[1, 2]
  Iota a <- base = 1
  Memset b <- 0
  TensorTensor a <- a, b, op = div
  DmaCopy y <- a`));
      sameBits(read(r.machine, 'y'), [Infinity, Infinity], 'float division by zero');
    });

    it('shape-mismatch when register-dependent operand shapes disagree', () => {
      const src = program('', `
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  Memset a <- 1
  Memset b <- 2
  Set r3 = 5
  TensorTensor a[0:4, 0:r3] <- a[0:4, 0:r3], b[0:4, 0:6], op = add`);
      const { fault } = fails(src, 'shape-mismatch');
      assert.match(fault.message, /the second operand 'b\[0:4, 0:6\]' is \[4, 6\] here but 'a\[0:4, 0:r3\]' needs \[4, 5\]/);
      assert.equal(spanText(src, fault.span), 'b[0:4, 0:6]');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('TensorScalar', () => {
    const OPS = ['add', 'sub', 'mul', 'div', 'max', 'min', 'pow', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'and', 'or', 'xor'];
    const FLOAT: Record<string, (a: number, b: number) => number> = {
      add: (a, b) => f32(a + b), sub: (a, b) => f32(a - b), mul: (a, b) => f32(a * b), div: (a, b) => f32(a / b),
      max: (a, b) => (a !== a || b !== b ? NaN : Math.max(a, b)), min: (a, b) => (a !== a || b !== b ? NaN : Math.min(a, b)),
      pow: (a, b) => f32(a ** b), eq: (a, b) => +(a === b), ne: (a, b) => +(a !== b), lt: (a, b) => +(a < b),
      le: (a, b) => +(a <= b), gt: (a, b) => +(a > b), ge: (a, b) => +(a >= b),
      and: (a, b) => +(a !== 0 && b !== 0), or: (a, b) => +(a !== 0 || b !== 0), xor: (a, b) => +((a !== 0) !== (b !== 0)),
    };
    const INT: Record<string, (a: number, b: number) => number> = {
      ...FLOAT, add: (a, b) => a + b, sub: (a, b) => a - b, mul: (a, b) => a * b + 0, div: (a, b) => Math.trunc(a / b) + 0,
      pow: (a, b) => a ** b, and: (a, b) => a & b, or: (a, b) => a | b, xor: (a, b) => a ^ b,
    };
    // Math.max(-0, 0) is 0 but the engines' max keeps the first operand on ties: avoid ±0 ties with the scalars used.

    it('every op with a number scalar, float (f32, scalar 1.25 and 0.1) and integer (i32, scalar 3) domains', () => {
      const fa = [0, -1, 1.25, 2, -2.5, 100, NaN, 0.1, ...randomValues(24, 101, -5, 5)];
      const ia = [0, -7, 7, 3, -3, 1000, 2147483647, -2147483648, ...randomInts(24, 102, -1000, 1000)];
      const decls = ['dram fa : f32[4, 8] input', 'dram ia : i32[4, 8] input'];
      const body = ['  sbuf a : f32[4, 8]', '  sbuf b : i32[4, 8]', '  sbuf o : f32[4, 8]', '  sbuf q : i32[4, 8]', '  DmaCopy a <- fa', '  DmaCopy b <- ia'];
      for (const op of OPS) {
        decls.push(`dram f_${op} : f32[4, 8] output`, `dram g_${op} : f32[4, 8] output`, `dram i_${op} : i32[4, 8] output`);
        body.push(`  TensorScalar o <- a, op = ${op}, scalar = 1.25`, `  DmaCopy f_${op} <- o`);
        body.push(`  TensorScalar o <- a, op = ${op}, scalar = 0.1`, `  DmaCopy g_${op} <- o`);
        body.push(`  TensorScalar q <- b, op = ${op}, scalar = 3`, `  DmaCopy i_${op} <- q`);
      }
      const r = ok(program(decls.join('\n'), body.join('\n')), { inputs: { fa: npy([4, 8], fa), ia: npy([4, 8], ia) } });
      const xf = read(r.machine, 'fa');
      const xi = read(r.machine, 'ia');
      for (const op of OPS) {
        sameBits(read(r.machine, `f_${op}`), xf.map((v) => FLOAT[op](v, 1.25)), `float op = ${op}, scalar 1.25`);
        // A non-integral immediate is an f32 operand.
        sameBits(read(r.machine, `g_${op}`), xf.map((v) => FLOAT[op](v, f32(0.1))), `float op = ${op}, scalar 0.1`);
        sameBits(read(r.machine, `i_${op}`), xi.map((v) => roundTo('i32', INT[op](v, 3))), `integer op = ${op}`);
      }
      assert.deepEqual(read(r.machine, 'i_div').slice(1, 3), [-2, 2]);
      assert.equal(read(r.machine, 'g_eq')[7], 1, 'the f32 0.1 equals the f32 scalar 0.1');
    });

    it('op1/scalar1 applies a second step to the rounded first; registers and [P, 1] tensors as scalars', () => {
      const a = randomValues(32, 111, -8, 8);
      const col = [0.3, -2, 1e-3, 7];
      const col1 = [3, 0.5, -1, 1.1];
      const r = ok(program(`
dram x : f32[4, 8] input
dram c : f32[4, 1] input
dram c1 : f32[4, 1] input
dram y : f32[4, 8] output
dram z : f32[4, 8] output
dram w : bf16[4, 8] output`, `
  sbuf a : f32[4, 8]
  sbuf s : f32[4, 1]
  sbuf s1 : f32[4, 1]
  sbuf o : f32[4, 8]
  sbuf h : bf16[4, 8]
  DmaCopy a <- x
  DmaCopy s <- c
  DmaCopy s1 <- c1
  TensorScalar o <- a, op = add, scalar = 1.5, op1 = mul, scalar1 = -0.3
  DmaCopy y <- o
  Set r4 = 0.7
  Set r5 = 2
  TensorScalar o <- a, op = mul, scalar = r4, op1 = max, scalar1 = r5
  DmaCopy z <- o
  TensorScalar h <- a, op = sub, scalar = s, op1 = div, scalar1 = s1
  DmaCopy w <- h`), { inputs: { x: npy([4, 8], a), c: npy([4, 1], col), c1: npy([4, 1], col1) } });
      const x = read(r.machine, 'x');
      const c = read(r.machine, 'c');
      const c1 = read(r.machine, 'c1');
      sameBits(read(r.machine, 'y'), x.map((v) => f32(f32(v + 1.5) * f32(-0.3))), '(x + 1.5) * -0.3');
      sameBits(read(r.machine, 'z'), x.map((v) => Math.max(f32(v * f32(0.7)), 2)), 'max(x * r4, r5)');
      sameBits(read(r.machine, 'w'), x.map((v, i) => roundTo('bf16', f32(f32(v - c[i >> 3]) / c1[i >> 3]))), '(x - s[p]) / s1[p]');
    });

    it('the domain is the whole instruction: one non-integral scalar makes both steps float', () => {
      const r = ok(program(`
dram x : i32[2, 4] input
dram c : i32[2, 1] input
dram y : f32[2, 4] output
dram z : i32[2, 4] output
dram w : i32[2, 4] output
dram v : u32[2, 4] output`, `
  sbuf a : i32[2, 4]
  sbuf s : i32[2, 1]
  sbuf o : f32[2, 4]
  sbuf q : i32[2, 4]
  sbuf u : u32[2, 4]
  DmaCopy a <- x
  DmaCopy s <- c
  TensorScalar o <- a, op = div, scalar = 2, op1 = add, scalar1 = 0.5
  DmaCopy y <- o
  TensorScalar q <- a, op = div, scalar = s, op1 = mul, scalar1 = 3
  DmaCopy z <- q
  Set r1 = 255
  TensorScalar q <- a, op = and, scalar = r1, op1 = xor, scalar1 = 1
  DmaCopy w <- q
  TensorScalar u <- a, op = and, scalar = 0xFFFFFFFF, op1 = or, scalar1 = 0x80000000
  DmaCopy v <- u`), { inputs: { x: npy([2, 4], [7, -7, 16777217, 9, 300, -300, 1, 0]), c: npy([2, 1], [2, -4]) } });
      const x = read(r.machine, 'x');
      const c = read(r.machine, 'c');
      sameBits(read(r.machine, 'y'), x.map((v) => f32(f32(v / 2) + 0.5)), 'float: (x / 2) + 0.5');
      assert.deepEqual(read(r.machine, 'y').slice(0, 3), [4, -3, 8388608], 'no truncation in the float domain; 8388608.5 rounds to even');
      sameBits(read(r.machine, 'z'), x.map((v, i) => Math.trunc(v / c[i >> 2]) * 3 + 0), 'integer: trunc(x / s[p]) * 3');
      sameBits(read(r.machine, 'w'), x.map((v) => (v & 255) ^ 1), 'integer bitwise with a register');
      sameBits(read(r.machine, 'v'), x.map((v) => roundTo('u32', v < 0 ? ((v & -1) | 0x80000000) : ((v >>> 0) | 0x80000000) >>> 0)), 'u32 scalar bits');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('TensorReduce', () => {
    const OPS = ['add', 'max', 'min', 'mul'];
    function foldRef(row: readonly number[], op: string, round: (v: number) => number): number {
      let acc = op === 'add' ? 0 : op === 'mul' ? 1 : op === 'max' ? -Infinity : Infinity;
      for (const v of row) {
        if (op === 'add') acc = round(acc + v);
        else if (op === 'mul') acc = round(acc * v);
        else if (Number.isNaN(acc) || Number.isNaN(v)) acc = NaN;
        else acc = op === 'max' ? (v > acc ? v : acc) : (v < acc ? v : acc);
      }
      return acc;
    }

    it('every op along the free dimension, folding from the left with f32 rounding (float) or exactly (integer)', () => {
      const fa = [...randomValues(16, 121, -3, 3), 16777216, 1, 1, 1, ...randomValues(12, 122, 0.5, 1.5), 0.1, 0.2, 0.3, NaN, ...randomValues(12, 123, -1, 1), ...randomValues(16, 127, 0.9, 1.1)];
      const ia = [16777217, 1, 1, 1, ...randomInts(12, 124, -100, 100), 2147483647, 1, ...randomInts(14, 125, -3, 3), ...randomInts(16, 126, -1000000, 1000000), ...randomInts(16, 128, -1000, 1000)];
      const decls = ['dram fa : f32[4, 16] input', 'dram ia : i32[4, 16] input'];
      const body = ['  sbuf a : f32[4, 16]', '  sbuf b : i32[4, 16]', '  sbuf o : f32[4, 3]', '  sbuf q : i32[4, 2]', '  DmaCopy a <- fa', '  DmaCopy b <- ia'];
      for (const op of OPS) {
        decls.push(`dram f_${op} : f32[4, 1] output`, `dram i_${op} : i32[4, 1] output`, `dram j_${op} : f32[4, 1] output`);
        body.push(`  TensorReduce o[0:4, 1:2] <- a, op = ${op}`, `  DmaCopy f_${op} <- o[0:4, 1:2]`);
        body.push(`  TensorReduce q[0:4, 0:1] <- b, op = ${op}`, `  DmaCopy i_${op} <- q[0:4, 0:1]`);
        body.push(`  TensorReduce o[0:4, 2:3] <- b, op = ${op}`, `  DmaCopy j_${op} <- o[0:4, 2:3]`);
      }
      const r = ok(program(decls.join('\n'), body.join('\n')), { inputs: { fa: npy([4, 16], fa), ia: npy([4, 16], ia) } });
      const xf = rows(read(r.machine, 'fa'), 16);
      const xi = rows(read(r.machine, 'ia'), 16);
      for (const op of OPS) {
        sameBits(read(r.machine, `f_${op}`), xf.map((row) => foldRef(row, op, f32)), `float ${op}`);
        sameBits(read(r.machine, `i_${op}`), xi.map((row) => roundTo('i32', foldRef(row, op, (v) => v))), `integer ${op} into i32`);
        sameBits(read(r.machine, `j_${op}`), xi.map((row) => f32(foldRef(row, op, (v) => v))), `integer ${op} into f32`);
      }
      // 16777217 + 1 + 1 + 1 is exact in the integer domain; f32 steps would lose the odd 1s.
      assert.equal(read(r.machine, 'i_add')[0], xi[0].reduce((s, v) => s + v, 0));
      assert.equal(read(r.machine, 'i_add')[0] % 2 === 0 ? 0 : 1, (16777220 + xi[0].slice(4).reduce((s, v) => s + v, 0)) % 2 === 0 ? 0 : 1);
      // 2^24 + 1 + 1 + 1 + ... in f32 steps (each 1 is lost to ties-to-even), not in one double sum.
      const row1 = xf[1];
      let dbl = 0;
      for (const v of row1) dbl += v;
      assert.notEqual(foldRef(row1, 'add', f32), f32(dbl), 'the data distinguishes f32 steps from a double sum');
      assert.ok(Number.isNaN(read(r.machine, 'f_max')[2]), 'NaN propagates through max');
    });

    it('shape-mismatch when the register-dependent destination is not [P, 1]', () => {
      const { fault } = fails(program('', `
  sbuf a : f32[4, 8]
  sbuf o : f32[4, 2]
  Memset a <- 1
  Set r1 = 3
  TensorReduce o[0:r1, 0:1] <- a, op = add`), 'shape-mismatch');
      assert.match(fault.message, /the destination 'o\[0:r1, 0:1\]' is \[3, 1\] here but the reduction needs \[4, 1\]/);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('Select', () => {
    it('dst = cond ≠ 0 ? a : b with tensor and scalar choices (NaN is true, -0 is false)', () => {
      const cond = [1, 0, -0, NaN, 0.5, -2, 0, 1];
      const a = randomValues(8, 131, -5, 5);
      const b = randomValues(8, 132, -5, 5);
      const r = ok(program(`
dram c : f32[2, 4] input
dram a : f32[2, 4] input
dram b : f32[2, 4] input
dram y : f32[2, 4] output
dram z : f32[2, 4] output
dram w : i32[2, 4] output
dram v : bf16[2, 4] output`, `
  sbuf sc : f32[2, 4]
  sbuf sa : f32[2, 4]
  sbuf sb : f32[2, 4]
  sbuf o : f32[2, 4]
  sbuf q : i32[2, 4]
  sbuf h : bf16[2, 4]
  DmaCopy sc <- c
  DmaCopy sa <- a
  DmaCopy sb <- b
  Select o <- sc, sa, sb
  DmaCopy y <- o
  Set r1 = -1.5
  Select o <- sc, sa, r1
  DmaCopy z <- o
  Select q <- sc, 2.7, -7.5
  DmaCopy w <- q
  Select h <- sc, 0.1, sb
  DmaCopy v <- h`), { inputs: { c: npy([2, 4], cond), a: npy([2, 4], a), b: npy([2, 4], b) } });
      const c = read(r.machine, 'c');
      const xa = read(r.machine, 'a');
      const xb = read(r.machine, 'b');
      const pick = (i: number, t: number, e: number) => (c[i] !== 0 ? t : e);
      sameBits(read(r.machine, 'y'), c.map((_, i) => pick(i, xa[i], xb[i])), 'tensor, tensor');
      sameBits(read(r.machine, 'z'), c.map((_, i) => pick(i, xa[i], -1.5)), 'tensor, register');
      sameBits(read(r.machine, 'w'), c.map((_, i) => pick(i, 3, -8)), 'number, number into i32 (rounded to even)');
      sameBits(read(r.machine, 'v'), c.map((_, i) => roundTo('bf16', pick(i, 0.1, xb[i]))), 'number, tensor into bf16');
      assert.deepEqual(read(r.machine, 'w'), [3, -8, -8, 3, 3, 3, -8, 3]);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('Set and Load', () => {
    it('Set evaluates scalar expressions (Python %, float /, **, functions); Load reads one element of any memory', () => {
      const r = ok(program(`
dram x : f32[4, 8] = iota
dram h : bf16[2, 2] = const(0.1)`, `
  sbuf a : f32[4, 8]
  psum p : i32[2, 2]
  Set r0 = 7
  Set r1 = -r0
  Set r2 = r1 % 3
  Set r3 = r0 % -3
  Set r4 = r0 / 2
  Set r5 = 2 ** r0 - 1
  Set r6 = min(r1, 4) * 1000 + max(r0, 4) * 100 + abs(r1) * 10 + floor(-2.5) + ceil(r4) + sqrt(r0 + 9)
  Set r7 = (r0 > 3) + (r0 == 7) * 10 + (r0 < 0 || r0 >= 7) * 100 + !(r0 != 7) * 1000
  Set r8 = -2 ** 2
  Print r0, r1, r2, r3, r4, r5, r6, r7, r8
  Load r9 <- x[2, 5]
  DmaCopy a <- x
  Load r10 <- a[3, 7]
  Iota p <- base = 40, pstep = 2
  Load r11 <- p[1, 1]
  Load r12 <- h[1, 0]
  Print r9, r10, r11, r12
  Set r13 = r9 + r10
  Memset a[0:1, 0:1] <- r13
  Load r14 <- a[0, 0]
  Print r14`));
      assert.deepEqual(r.lines, [
        '7 -7 2 -2 3.5 127 -6225 1111 -4',
        '21 31 43 0.100097656',
        '52',
      ]);
    });

    it('division or % by zero in Set is a division-by-zero fault at the expression', () => {
      for (const op of ['/', '%']) {
        const src = program('', `
  Set r1 = 0
  Set r2 = 5 ${op} r1`);
        const { fault } = fails(src, 'division-by-zero');
        assert.equal(fault.message, `division by zero: 5 ${op} 0`);
        assert.equal(spanText(src, fault.span), `5 ${op} r1`);
      }
    });

    it('reading a never-written register is uninitialized-read; with the fault off it reads 0', () => {
      const src = program('dram y : f32[1, 1] output', `
  sbuf a : f32[1, 1]
  Set r1 = r7 + 1
  Memset a <- r1
  DmaCopy y <- a`);
      const { fault } = fails(src, 'uninitialized-read');
      assert.equal(fault.message, "register r7 is read before it is written in this activation of 't::main'");
      assert.equal(spanText(src, fault.span), 'r7');
      const r = ok(src, { faults: { 'uninitialized-read': false } });
      assert.deepEqual(read(r.machine, 'y'), [1]);
    });

    it('Load of a never-written element names the operand and the element', () => {
      const src = program('dram y : f32[3, 3] output', `
  Load r1 <- y[2, 1]`);
      const { fault } = fails(src, 'uninitialized-read');
      assert.equal(fault.message, "the source 'y[2, 1]' reads element [] of the view, which was never written (y is entirely unwritten)");
      assert.equal(spanText(src, fault.span), 'y[2, 1]');
    });

    it('out-of-bounds with a register index names the register value', () => {
      const src = program('dram x : f32[4, 8] = iota', `
  Set r2 = 9
  Load r1 <- x[r2 - 5, 0]`);
      const { fault } = fails(src, 'out-of-bounds');
      assert.equal(fault.message, "'x[r2 - 5, 0]': index 4 is out of bounds for dimension 0 of 'x' (size 4) (r2 = 9)");
      assert.equal(spanText(src, fault.span), 'x[r2 - 5, 0]');
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('Print', () => {
    it('formats strings, numbers, registers and tensors (shortest f32 digits, elision, ? for never written)', () => {
      const r = ok(program(`
dram x : f32[8, 8] = iota
dram s : f32[1, 8] input
dram n : i32[2, 3] = iota`, `
  sbuf a : f32[1, 4]
  Memset a[0:1, 1:3] <- 0.1
  Set r0 = 3
  Set r1 = 2.5
  Print "text", 1.5, r0, r1
  Print "a =", a
  Print x[0, :]
  Print x
  Print s
  Print n, n[1, 2], x[1:3, 0:2]
  Print 0.1 + 0.2, 1 / 3, 2 ** 60, -0
  Print sum(n), mean(n), max(x), sum(x > 60), count(x)
  Print "unwritten register:", r9`), {
        inputs: { s: npy([1, 8], [NaN, Infinity, -Infinity, -0, 1e-7, 1 / 3, 123.456, 1e10]) },
      });
      assert.deepEqual(r.lines, [
        'text 1.5 3 2.5',
        'a = [[?, 0.1, 0.1, ?]]',
        '[0, 1, 2, ..., 5, 6, 7]',
        '[[0, 1, 2, ..., 5, 6, 7], [8, 9, 10, ..., 13, 14, 15], [16, 17, 18, ..., 21, 22, 23], ..., '
          + '[40, 41, 42, ..., 45, 46, 47], [48, 49, 50, ..., 53, 54, 55], [56, 57, 58, ..., 61, 62, 63]]',
        '[[nan, inf, -inf, ..., 0.33333334, 123.456, 10000000000]]',
        '[[0, 1, 2], [3, 4, 5]] 5 [[8, 9], [16, 17]]',
        '0.30000000000000004 0.3333333333333333 1.1529215e+18 -0',
        '15 2.5 63 3 64',
        'unwritten register: <uninit>',
      ]);
    });

    it('Print of a never-written tensor element prints ?, not a fault; reductions over it fault', () => {
      const src = program('dram x : f32[1, 3]', `
  Print x
  Print sum(x)`);
      const { fault, lines } = fails(src, 'uninitialized-read');
      assert.deepEqual(lines, ['[[?, ?, ?]]']);
      assert.match(fault.message, /^'sum\(x\)': /);
      const r = ok(src, { faults: { 'uninitialized-read': false } });
      assert.deepEqual(r.lines, ['[[?, ?, ?]]', '0']);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('Assert and Assert.close', () => {
    const decls = `
dram x : f32[2, 4] input
dram y : f32[2, 4] input`;
    const inputs = {
      x: npy([2, 4], [1, 2, 3, 4, 5, 6, 7, 8]),
      y: npy([2, 4], [1, 2.0001, 3, 4.5, 5, 6, 7.2, 8]),
    };

    it('pass silently when true', () => {
      const r = ok(program(decls, `
  Set r0 = 2
  Assert r0 < 4
  Assert all(x >= 1), "positive"
  Assert x > 0
  Assert.close x[0, 0:2], y[0, 0:2], atol = 1e-4
  Assert.close x, x
  Assert.close x[0, 2], 3
  Print "done"`), { inputs });
      assert.deepEqual(r.lines, ['done']);
    });

    it('Assert fails with its message, the condition text and the first false element', () => {
      let src = program(decls, `
  Set r0 = 5
  Assert r0 < 4, "too big"`);
      let f = fails(src, 'assert', { inputs }).fault;
      assert.equal(f.message, "too big (assertion 'r0 < 4' is false)");
      assert.equal(spanText(src, f.span), 'Assert r0 < 4, "too big"');
      src = program(decls, '  Assert x < 6');
      f = fails(src, 'assert', { inputs }).fault;
      assert.equal(f.message, "(assertion 'x < 6' is false: element 5 of 8 is false)");
      f = fails(program(decls, '  Assert all(x < 2), "small"'), 'assert', { inputs }).fault;
      assert.equal(f.message, "small (assertion 'all(x < 2)' is false)");
    });

    it('Assert.close fails naming the count of failing elements and the worst one (NumPy allclose)', () => {
      const src = program(decls, '  Assert.close x, y, atol = 0.01, rtol = 0.01, "compare"');
      const f = fails(src, 'assert', { inputs }).fault;
      // Reference: |x - y| > atol + rtol·|y| at 4.5 (excess 0.5 - 0.055) and 7.2 (excess 0.2 - 0.082).
      const xs = [1, 2, 3, 4, 5, 6, 7, 8].map(f32);
      const ys = [1, 2.0001, 3, 4.5, 5, 6, 7.2, 8].map(f32);
      const excess = xs.map((v, i) => Math.abs(v - ys[i]) - (0.01 + 0.01 * Math.abs(ys[i])));
      const failing = excess.filter((e) => e > 0).length;
      const worst = excess.indexOf(Math.max(...excess));
      assert.equal(failing, 2);
      assert.equal(worst, 3);
      assert.equal(f.message, `compare: Assert.close fails at ${failing} of 8 elements; worst at element ${worst}: 4 vs 4.5 (atol 0.01, rtol 0.01)`);
      assert.equal(spanText(src, f.span), 'Assert.close x, y, atol = 0.01, rtol = 0.01, "compare"');
      // Defaults atol 1e-8, rtol 1e-5: 2 vs 2.0001 fails; no message prefix.
      const g = fails(program(decls, '  Assert.close x[0, 0:2], y[0, 0:2]'), 'assert', { inputs }).fault;
      assert.equal(g.message, `Assert.close fails at 1 of 2 elements; worst at element 1: 2 vs 2.0001 (atol 1e-8, rtol 0.00001)`);
      // NaN against a number fails; NaN against NaN is close only where both are NaN.
      const h = fails(program(decls, '  Assert.close x[0, 0:2] / 0 * 0, x[0, 0:2]'), 'assert', { inputs }).fault;
      assert.match(h.message, /^Assert\.close fails at 2 of 2 elements/);
    });

    it('Assert.close compares a scalar with every element, as NumPy allclose does', () => {
      ok(program(decls, '  Assert.close x[0, 0:1] * 0 + 1, 1\n  Assert.close x[0, 0:2] - x[0, 0:2], 0'), { inputs });
      const f = fails(program(decls, '  Assert.close x, 1'), 'assert', { inputs }).fault;
      assert.equal(f.message, 'Assert.close fails at 7 of 8 elements; worst at element 7: 8 vs 1 (atol 1e-8, rtol 0.00001)');
    });

    it('Assert.close with different element counts is a shape-mismatch', () => {
      const f = fails(program(decls, '  Assert.close x, y[0, :]'), 'shape-mismatch', { inputs }).fault;
      assert.equal(f.message, "Assert.close: 'x' has 8 elements but 'y[0, :]' has 4");
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('faults', () => {
    describe('uninitialized-read', () => {
      const src = program(`
dram x : f32[4, 6]
dram y : f32[4, 6] output`, `
  sbuf a : f32[4, 6]
  sbuf b : f32[4, 6]
  Memset a[0:2, :] <- 1
  Memset b <- 2
  TensorTensor b <- b, a, op = add
  DmaCopy y <- b`);

      it('names the operand, the element of the view and how much of the tensor was written', () => {
        const { fault } = fails(src, 'uninitialized-read');
        assert.equal(fault.message, "the second operand 'a' reads element [2, 0] of the view, which was never written (a is 12 of 24 elements written)");
        assert.equal(spanText(src, fault.span), 'a');
        assert.equal(fault.span!.line, 10);
        const dma = fails(program('dram x : f32[4, 6]\ndram y : f32[4, 6] output', '  DmaCopy y[1:3, 0:4] <- x[1:3, 2:6]'), 'uninitialized-read').fault;
        assert.equal(dma.message, "the source 'x[1:3, 2:6]' reads element [0, 0] of the view, which was never written (x is entirely unwritten)");
      });

      it('with the fault off, never-written elements read as 0', () => {
        const r = ok(src, { faults: { 'uninitialized-read': false } });
        sameBits(read(r.machine, 'y'), [...new Array(12).fill(3), ...new Array(12).fill(2)], 'unwritten half reads 0');
        const m = ok(program('dram y : f32[2, 2] output', `
  sbuf a : f32[2, 2]
  sbuf b : f32[2, 2]
  psum p : f32[2, 2]
  Memset a[0:1, 0:1] <- 3
  Memset b <- 1
  MatMult p <- a, b
  DmaCopy y <- p`), { faults: { 'uninitialized-read': false } });
        sameBits(read(m.machine, 'y'), [3, 3, 0, 0], 'MatMult with an unwritten row');
      });

      it('a new activation\'s allocations start unwritten even when the memory is reused', () => {
        const body = program('dram y : f32[1, 2] output', `
  call f(0)
  call f(1)`, `
func f(r1) {
  sbuf a : f32[1, 2]
  if r1 == 0 {
    Memset a <- 5
  }
  DmaCopy y <- a
}`);
        const { fault } = fails(body, 'uninitialized-read');
        assert.match(fault.message, /the source 'a' reads element \[0, 0\]/);
      });
    });

    describe('nan (when enabled)', () => {
      it('is raised for NaN or inf made from finite inputs, naming the element', () => {
        const cases: [string, string][] = [
          ['TensorTensor o <- a, z, op = div', "the destination 'o' gets NaN at [0, 0] from finite inputs"],
          ['Activation o <- a, func = log', "the destination 'o' gets -Infinity at [0, 0] from finite inputs"],
          ['Activation o <- a, func = exp, scale = 100', "the destination 'o' gets Infinity at [0, 1] from finite inputs"],
          ['TensorScalar o <- a, op = mul, scalar = 1e30, op1 = mul, scalar1 = 1e30', "the destination 'o' gets Infinity at [0, 1] from finite inputs"],
          ['Memset h <- 65520', "the destination 'h' gets 65520, which overflows f16 to infinity at [0, 0] from finite inputs"],
          ['TensorCopy h <- big', "the destination 'h' gets 70000, which overflows f16 to infinity at [0, 1] from finite inputs"],
          ['TensorReduce o[0:2, 0:1] <- big, op = mul', "the destination 'o[0:2, 0:1]' gets Infinity at [1, 0] from finite inputs"],
        ];
        for (const [instr, message] of cases) {
          const src = program('', `
  sbuf a : f32[2, 2]
  sbuf z : f32[2, 2]
  sbuf o : f32[2, 2]
  sbuf h : f16[2, 2]
  sbuf big : f32[2, 2]
  Memset a <- 1
  Memset z <- 0
  Memset a[0:1, 0:1] <- 0
  Memset big <- 70000
  Memset big[0:1, 0:1] <- 1
  Memset big[1:2, :] <- 1e20
  ${instr}`);
          const { fault } = fails(src, 'nan', { faults: { nan: true } });
          assert.equal(fault.message, message, instr);
          ok(src);
        }
      });

      it('is not raised when the inputs already hold NaN or inf; the value is stored', () => {
        const src = program('dram y : f32[2, 2] output\ndram w : f16[2, 2] output\ndram v : f32[2, 2] output', `
  sbuf a : f32[2, 2]
  sbuf n : f32[2, 2]
  sbuf o : f32[2, 2]
  sbuf h : f16[2, 2]
  psum p : f32[2, 2]
  sbuf k : f32[2, 2]
  Memset a <- 1
  Memset n <- nan
  Memset n[0:1, :] <- inf
  TensorTensor o <- a, n, op = add
  DmaCopy y <- o
  DmaCopy y <- n
  TensorCopy h <- n
  DmaCopy w <- h
  Transpose p <- n
  Memset p <- inf
  Memset k <- 1
  MatMult p <- k, k, accumulate = 1
  DmaCopy v <- p
  Activation o <- n, func = exp
  Memset h <- 65510
  Iota o <- base = inf`);
        const r = ok(src, { faults: { nan: true } });
        sameBits(read(r.machine, 'y'), [Infinity, Infinity, NaN, NaN], 'NaN and inf copied');
        sameBits(read(r.machine, 'w'), [Infinity, Infinity, NaN, NaN], 'to f16');
        sameBits(read(r.machine, 'v'), [Infinity, Infinity, Infinity, Infinity], 'inf accumulated');
      });

      it('is off by default: NaN from finite inputs is stored', () => {
        const r = ok(program('dram y : f32[1, 2] output', `
  sbuf a : f32[1, 2]
  Memset a <- 0
  TensorTensor a <- a, a, op = div
  DmaCopy y <- a`));
        sameBits(read(r.machine, 'y'), [NaN, NaN], '0 / 0');
      });
    });

    it('out-of-bounds with register-dependent slices names the registers\' values', () => {
      const src = program(`
dram x : f32[8, 4] = iota
dram y : f32[8, 4] output`, `
  sbuf a : f32[4, 4]
  Set r5 = 4
  for r0 in 0..3 {
    DmaCopy a <- x[r0*r5 : r0*r5+4, :]
    DmaCopy y[r0*4 : r0*4+4, :] <- a
  }`);
      const { fault, machine } = fails(src, 'out-of-bounds');
      assert.equal(fault.message, "'x[r0*r5 : r0*r5+4, :]': slice 8:12 is out of bounds for dimension 0 of 'x' (size 8) (r0 = 2, r5 = 4)");
      assert.equal(spanText(src, fault.span), 'x[r0*r5 : r0*r5+4, :]');
      sameBits(read(machine, 'y'), Array.from({ length: 32 }, (_, i) => i), 'the first two iterations ran');
    });

    it('shape-mismatch when a call binds a register-dependent view to a parameter of another shape', () => {
      const src = program('dram x : f32[8, 4] = iota', `
  Set r1 = 3
  call f(x[0:r1, :])`, `
func f(t: f32[4, 4]) {
  Print t
}`);
      const { fault } = fails(src, 'shape-mismatch');
      assert.equal(fault.message, "'x[0:r1, :]' is [3, 4] here but parameter 't' of 't::f' is [4, 4]");
      assert.equal(spanText(src, fault.span), 'x[0:r1, :]');
    });

    it('memory-kind when a parameter without a memory is bound to a view the instruction cannot use', () => {
      const src = program('dram x : f32[4, 4] = iota\ndram y : f32[4, 4] output', `
  sbuf a : f32[4, 4]
  DmaCopy a <- x
  call g(a)
  DmaCopy y <- a
  call g(x)`, `
func g(t: f32[4, 4]) {
  Activation t <- t, func = square
}`);
      const { fault, machine } = fails(src, 'memory-kind');
      assert.equal(fault.message, "the destination 't' is in DRAM (through parameter 't') but must be in SBUF or PSUM");
      sameBits(read(machine, 'y'), Array.from({ length: 16 }, (_, i) => i * i), 'the SBUF call ran');
      const mm = fails(program('', `
  sbuf a : f32[2, 2]
  psum p : f32[2, 2]
  Memset a <- 1
  call h(p, a)`, `
func h(s: f32[2, 2], d: f32[2, 2]) {
  MatMult d <- s, s
}`), 'memory-kind').fault;
      assert.equal(mm.message, "the destination 'd' is in SBUF (through parameter 'd') but must be in PSUM");
    });

    it('recursion-depth when calls nest deeper than maxCallDepth', () => {
      const src = (n: number) => program('', `
  call f(${n})`, `
func f(r1) {
  if r1 > 0 {
    call f(r1 - 1)
  }
}`);
      ok(src(6), { maxCallDepth: 8 });
      const { fault } = fails(src(7), 'recursion-depth', { maxCallDepth: 8 });
      assert.equal(fault.message, "call to 't::f' would be nested 9 deep; the limit is 8");
      const deep = fails(src(1000), 'recursion-depth');
      assert.match(deep.fault.message, /nested 65 deep; the limit is 64/);
    });
  });
});

function roundHalfEven(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  return d > 0.5 ? f + 1 : d < 0.5 ? f : f % 2 === 0 ? f : f + 1;
}
