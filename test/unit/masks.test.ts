// Masks on instructions, `mask = p < r1 && f >= 8` (docs/bir-language.md, "Masks"): what the checker accepts and
// refuses (line:col), what the simulator computes against plain references written here (masked-out elements keep
// their old value, masked-out sources are not read), the boxes a mask is cut into, the printer, and the same bits
// through every pass.
import * as assert from 'node:assert/strict';
import { checkText, diagnosticsAt, mainModule, programOf } from '../helpers/virtual-host';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram } from '../../engine/run/simulate';
import { Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { decode } from '../../engine/machine/dtypes';
import { printScalar } from '../../engine/ir/print';
import { forEachNode } from '../../engine/ir/numbering';
import { maskBoxes } from '../../engine/kernels/mask-boxes';
import { maskTerms } from '../../engine/ir/mask';
import { DebugCore } from '../../engine/debug/debug-core';
import { npyMachineOptions } from '../../engine/run/simulate';
import { lineOf, onLine, scheduled } from '../helpers/perf-programs';

/** Runs a program: the outcome and each DRAM tensor's values (f32 outputs decoded), with which elements were written. */
function run(program: Program, faults?: Record<string, boolean>): { outcome: string; values: Map<string, number[]>; written: Map<string, number[]> } {
  const { outcome, machine } = runProgram(program, { output: () => undefined, ...(faults && { faults }) });
  const values = new Map(machine.drams.map((t) => [t.name, Array.from(t.bits).map((b) => decode(t.dtype, new Float32Array(new Uint32Array([b]).buffer)[0]))]));
  const written = new Map(machine.drams.map((t) => [t.name, Array.from(t.written)]));
  return { outcome: outcome.kind === 'failed' ? `failed: ${outcome.fault.code}: ${outcome.fault.message}` : outcome.kind, values, written };
}

/** A debugger of `text`'s program, stopped at its (first) `Print`. */
function stoppedAtPrint(text: string): DebugCore {
  const program = programOf(text);
  const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
  core.setBreakpoints(program.entry.file, [{ line: text.split('\n').findIndex((l) => l.includes('Print')) + 1 }]);
  let o = core.run();
  while (o.kind === 'yield') o = core.run();
  assert.equal(o.kind, 'stopped');
  return core;
}

/** The stop texts of a data breakpoint on `element` (an expression of main's frame), from the entry to the end. */
function dataBreakpointStops(program: Program, element: string, access: 'write' | 'readWrite' = 'write'): string[] {
  const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), { stopOnEntry: true }, new Int32Array(2));
  const settle = (): ReturnType<DebugCore['run']> => {
    let o = core.run();
    while (o.kind === 'yield') o = core.run();
    return o;
  };
  assert.equal(settle().kind, 'stopped');
  const info = core.dataBreakpointInfo(undefined, element, core.stackTrace(1).frames[0].id);
  assert.ok(info.dataId, info.description);
  const [bp] = core.setDataBreakpoints([{ dataId: info.dataId, accessType: access }]);
  assert.equal(bp.verified, true, bp.message);
  const stops: string[] = [];
  for (;;) {
    core.continue();
    const o = settle();
    if (o.kind !== 'stopped') return stops;
    stops.push(o.info.text ?? '');
  }
}

const P = 8;
const F = 12;

describe('masks', () => {
  describe('the checker', () => {
    it('accepts comparisons of affine index expressions with numbers, constants and registers, joined by &&', () => {
      const text = mainModule(['const N = 5'], [
        'sbuf a : f32[8, 12]',
        'sbuf c : f32[8, 2, 6]',
        'sbuf s : f32[8, 1]',
        'Set r1 = 3',
        'Memset a <- 0, mask = p < r1',
        'Memset a <- 1, mask = p >= N && f < 2*r1 + 1',
        'TensorCopy a <- a, mask = p + f < 8 && f != 3 && -p <= 2*f - 4',
        'TensorScalar a <- a, op = add, scalar = s, mask = f == p',
        'Memset s <- 1',
        'TensorTensor a <- a, a, op = mul, mask = 0 < p',
        'Memset c <- 2, mask = f0 < 1 && f1 + p > 3',
      ]);
      assert.deepEqual(diagnosticsAt(text), []);
    });

    it('refuses masks on other instructions, unknown indices, what is not affine or not a comparison, and other shapes', () => {
      const text = mainModule([], [
        'sbuf a : f32[8, 12]',
        'sbuf b : f32[8, 2, 6]',
        'psum q : f32[8, 12]',
        'Set r1 = 3',
        'MatMult q <- a[0:8, 0:8], a, mask = p < 4',
        'Memset a <- 0, mask = f1 < 4',
        'Memset b <- 0, mask = f < 4',
        'Memset a <- 0, mask = p*f < 4',
        'Memset a <- 0, mask = r1*p < 4',
        'Memset a <- 0, mask = p < 4 || f < 2',
        'Memset a <- 0, mask = p',
        'Memset a <- 0, mask = r1 < 4',
        'TensorCopy a <- b, mask = p < 4',
        'Memset a[0, 0:12] <- 0, mask = f < 4',
        'Memset a <- 0, mask = min(p, 2) < 4',
      ]);
      assert.deepEqual(diagnosticsAt(text), [
        "8:25: 'f1' is not an index of the destination 'a' [8, 12]: its indices are p, f, f0",
        "9:25: 'f' is not an index of the destination 'b' [8, 2, 6]: its indices are p, f0, f1",
        "10:25: 'p*f' is not affine in the indices: a mask compares sums of indices times numbers (p + f, 2*f0 - p) with numbers and registers",
        "11:25: 'r1*p' is not affine in the indices: a mask compares sums of indices times numbers (p + f, 2*f0 - p) with numbers and registers",
        "12:25: 'p < 4 || f < 2' is not a comparison: a mask is comparisons of the destination's indices joined by &&, as `mask = p < r1 && f >= 8`",
        "13:25: 'p' is not a comparison: a mask is comparisons of the destination's indices joined by &&, as `mask = p < r1 && f >= 8`",
        "14:25: 'r1 < 4' compares no index: each comparison of a mask names the destination's indices (p, f, f0); use 'if' for a condition on registers",
        "15:19: under a mask, 'b' [8, 2, 6] must have the shape of the destination 'a' [8, 12], whose indices the mask names (reshape it: .reshape(8, 12))",
        "16:27: the destination 'a[0, 0:12]' has no partition dimension: a mask names the indices of [partitions, free...]; write the destination with its partition dimension",
        "17:25: 'min(p, 2)' is not affine in the indices: a mask compares sums of indices times numbers (p + f, 2*f0 - p) with numbers and registers",
      ]);
    });

    it('takes masks on DmaCopy, Activation, TensorReduce, Select and ScalarTensorTensor; a box only where a row is summed', () => {
      const text = mainModule(['dram x : f32[8, 12] input = iota'], [
        'sbuf a : f32[8, 12]',
        'sbuf s : f32[8, 1]',
        'psum t : f32[8, 8]',
        'Set r1 = 3',
        'DmaCopy a <- x, mask = p < r1',
        'Activation a <- a, func = exp, mask = f <= p',
        'Activation a <- a, func = exp, reduce_res = s, mask = f < r1 && p > 1',
        'TensorReduce s <- a, op = max, mask = f >= 2 && f < 10',
        'Select a <- a, a, 0, mask = p != f',
        'ScalarTensorTensor a <- a, a, op = mul, scalar = s, op1 = add, mask = p + f == 7',
        'TensorReduce s <- a, op = add, mask = p + f < 8',
        'Activation a <- a, func = exp, reduce_res = s, mask = f != 3',
        'Iota a <- base = 0, mask = p < 2',
        'TensorTensorScan a <- a, a, initial = 0, op = mul, op1 = add, mask = f < 4',
        'TensorTensorScan a <- a, a, initial = 0, op = mul, op1 = add, mask = f <= p',
        'Transpose t <- a[0:8, 0:8], mask = p < 4',
      ]);
      assert.deepEqual(diagnosticsAt(text), [
        "14:41: 'p + f < 8' does not bound one index: TensorReduce reduces each row over the elements the mask keeps, so each comparison of its mask bounds one index (<, <=, >, >=, ==), as p < r1 && f >= 8",
        "15:57: 'f != 3' does not bound one index: Activation with reduce_res sums each row over the elements the mask keeps, so each comparison of its mask bounds one index (<, <=, >, >=, ==), as p < r1 && f >= 8",
        "18:72: 'f <= p' does not bound one index: TensorTensorScan scans each row from the first element the mask keeps, so each comparison of its mask bounds one index (<, <=, >, >=, ==), as p < r1 && f >= 8",
        "19:31: Transpose takes no mask: a mask applies to TensorTensor, TensorScalar, ScalarTensorTensor, Select, TensorCopy, Memset, Iota, Activation, DmaCopy, TensorReduce, MatMult and TensorTensorScan",
      ]);
    });

    it('takes a mask on MatMult over its destination, whose stationary operand is then [K, M]', () => {
      const text = mainModule([], [
        'sbuf a : f32[8, 12]',
        'sbuf c : f32[8, 2, 6]',
        'psum q : f32[12, 12]',
        'MatMult q <- c, a, mask = p < 4',
        'MatMult q[0:8, 0:12] <- a[0:8, 0:8], a, mask = f <= p',
      ]);
      assert.deepEqual(diagnosticsAt(text), ["6:16: under a mask, the stationary operand 'c' is [K, M] (its columns are the destination's partitions); it is [8, 2, 6]"]);
    });

    it('takes p and f as the indices inside a mask even where a constant has that name', () => {
      const text = mainModule(['const p = 100', 'dram y : f32[8, 12] output'], [
        'sbuf a : f32[8, 12]',
        'Memset a <- 0',
        'Memset a <- p, mask = p < 2',
        'DmaCopy y <- a',
      ]);
      const r = run(programOf(text));
      assert.equal(r.outcome, 'exited');
      assert.deepEqual(r.values.get('y'), Array.from({ length: P * F }, (_, i) => (Math.floor(i / F) < 2 ? 100 : 0)));
    });
  });

  describe('the simulator', () => {
    it('computes a MatMult only at the destination elements the mask keeps, accumulating or not', () => {
      // st[k, m] = k + m - 3 and mv[k, n] = k - n + 2: integers, so every sum is exact whatever its order.
      const K = 6;
      const M = 8;
      const N = 12;
      for (const [mask, keep] of [['f <= p', (m: number, n: number) => n <= m], ['p >= 2 && f < 5', (m: number, n: number) => m >= 2 && n < 5]] as const) {
        const text = mainModule(['dram y : f32[2, 8, 12] output'], [
          'sbuf st : f32[6, 8]', 'sbuf mv : f32[6, 12]', 'psum acc : f32[8, 12]', 'sbuf o : f32[8, 12]',
          'Iota st <- base = -3, pstep = 1, fstep = 1', 'Iota mv <- base = 2, pstep = 1, fstep = -1',
          'MatMult acc <- st, mv', `MatMult acc <- st, mv, accumulate = 1, mask = ${mask}`, 'TensorCopy o <- acc', 'DmaCopy y[0] <- o',
          'Memset o <- -7', 'TensorCopy acc <- o', `MatMult acc <- st, mv, mask = ${mask}`, 'TensorCopy o <- acc', 'DmaCopy y[1] <- o',
        ]);
        const r = run(programOf(text));
        assert.equal(r.outcome, 'exited');
        const dot = (m: number, n: number): number => {
          let sum = 0;
          for (let k = 0; k < K; k++) sum += (k + m - 3) * (k - n + 2);
          return sum;
        };
        const expected: number[] = [];
        for (let m = 0; m < M; m++) for (let n = 0; n < N; n++) expected.push(keep(m, n) ? 2 * dot(m, n) : dot(m, n));
        for (let m = 0; m < M; m++) for (let n = 0; n < N; n++) expected.push(keep(m, n) ? dot(m, n) : -7);
        assert.deepStrictEqual(r.values.get('y'), expected, mask);
      }
    });

    it('writes Iota\'s values of the whole destination\'s indices where the mask keeps them, one box or many', () => {
      // [4, 2, 3]: p, f0, f1, and f = f0*3 + f1 the flat free index Iota counts in.
      const masks: [string, (p: number, f0: number, f1: number) => boolean][] = [
        ['f0 >= 1 && p < 3', (p, f0) => f0 >= 1 && p < 3],
        ['p + f1 < 2', (p, _f0, f1) => p + f1 < 2],
      ];
      for (const [mask, keep] of masks) {
        const text = mainModule(['dram y : f32[4, 2, 3] output'], [
          'sbuf t : f32[4, 2, 3]', 'Set r1 = 2', 'Memset t <- -1', `Iota t <- base = 5, pstep = 100, fstep = r1, mask = ${mask}`, 'DmaCopy y <- t',
        ]);
        const r = run(programOf(text));
        assert.equal(r.outcome, 'exited');
        const expected: number[] = [];
        for (let p = 0; p < 4; p++) for (let f0 = 0; f0 < 2; f0++) for (let f1 = 0; f1 < 3; f1++) expected.push(keep(p, f0, f1) ? 5 + 100 * p + 2 * (f0 * 3 + f1) : -1);
        assert.deepStrictEqual(r.values.get('y'), expected, mask);
      }
    });

    // Each case: the mask as written, and the same predicate in JavaScript over (p, f) with r1 = 5, r2 = 7.
    const cases: [string, (p: number, f: number) => boolean][] = [
      ['p < r1', (p) => p < 5],
      ['p < r1 && f >= 3 && f < r2 + 2', (p, f) => p < 5 && f >= 3 && f < 9],
      ['2 < p && p <= 6 && f > 1 && f <= r2', (p, f) => p > 2 && p <= 6 && f > 1 && f <= 7],
      ['f == 4 && p != 3', (p, f) => f === 4 && p !== 3],
      ['p + f < 8', (p, f) => p + f < 8],
      ['f <= p', (p, f) => f <= p],
      ['2*f - 3*p >= -1 && f != r1 && p >= 1', (p, f) => 2 * f - 3 * p >= -1 && f !== 5 && p >= 1],
      ['p > 100', () => false],
    ];
    for (const [mask, keep] of cases) {
      it(`computes only where '${mask}' holds; elsewhere the destination keeps its old value`, () => {
        const seed = mask.length;
        const text = mainModule([`dram a : f32[8, 12] input = random(seed=${seed}, low=-4, high=4)`, `dram b : f32[8, 12] input = random(seed=${seed + 1}, low=-4, high=4)`,
          `dram s : f32[8, 1] input = random(seed=${seed + 2}, low=0, high=2)`, 'dram y : f32[4, 8, 12] output'], [
          'sbuf ta : f32[8, 12]', 'sbuf tb : f32[8, 12]', 'sbuf ts : f32[8, 1]', 'sbuf o : f32[8, 12]',
          'Set r1 = 5', 'Set r2 = 7',
          'DmaCopy ta <- a', 'DmaCopy tb <- b', 'DmaCopy ts <- s',
          'TensorCopy o <- tb',
          `TensorTensor o <- ta, tb, op = mul, mask = ${mask}`,
          'DmaCopy y[0] <- o',
          'TensorCopy o <- tb',
          `TensorScalar o <- ta, op = add, scalar = ts, op1 = max, scalar1 = 0.5, mask = ${mask}`,
          'DmaCopy y[1] <- o',
          'TensorCopy o <- tb',
          `TensorCopy o <- ta, mask = ${mask}`,
          'DmaCopy y[2] <- o',
          'TensorCopy o <- tb',
          `Memset o <- 9, mask = ${mask}`,
          'DmaCopy y[3] <- o',
        ]);
        const r = run(programOf(text));
        assert.equal(r.outcome, 'exited');
        const [a, b, s, got] = ['a', 'b', 's', 'y'].map((n) => r.values.get(n)!);
        const want: number[] = [];
        const ops = [
          (i: number) => Math.fround(a[i] * b[i]),
          (i: number, p: number) => Math.max(Math.fround(a[i] + s[p]), 0.5),
          (i: number) => a[i],
          () => 9,
        ];
        for (const op of ops) for (let p = 0; p < P; p++) for (let f = 0; f < F; f++) want.push(keep(p, f) ? op(p * F + f, p) : b[p * F + f]);
        assert.deepEqual(got, want);
      });
    }

    it('masks DmaCopy, Select, ScalarTensorTensor and Activation elementwise, and sums or reduces a row over the kept box', () => {
      const text = mainModule(['dram a : f32[8, 12] input = random(seed=11, low=-2, high=2)', 'dram y : f32[3, 8, 12] output', 'dram z : f32[8, 2] output'], [
        'sbuf t : f32[8, 12]', 'sbuf o : f32[8, 12]', 'sbuf s : f32[8, 1]', 'sbuf q : f32[8, 1]',
        'Set r1 = 5',
        'DmaCopy t <- a',
        'Memset o <- 7',
        'DmaCopy o <- a, mask = p + 2*f < 14',
        'DmaCopy y[0] <- o',
        'Memset s <- -1',
        'Memset q <- -1',
        'Memset o <- 7',
        'Activation o <- t, func = square, reduce_res = s, mask = p >= 1 && p < r1 && f >= 2 && f < 9',
        'DmaCopy y[1] <- o',
        'TensorReduce q <- t, op = add, mask = p < 6 && f > 3',
        'DmaCopy z[:, 0:1] <- s',
        'DmaCopy z[:, 1:2] <- q',
        'Memset o <- 7',
        'Select o <- t, t, 0, mask = f > p',
        'ScalarTensorTensor o <- t, t, op = mul, scalar = 2, op1 = add, mask = f <= p && f != 2',
        'DmaCopy y[2] <- o',
      ]);
      const r = run(programOf(text));
      assert.equal(r.outcome, 'exited');
      const a = r.values.get('a')!;
      const y = r.values.get('y')!;
      const z = r.values.get('z')!;
      const at = (p: number, f: number): number => a[p * F + f];
      const want: number[] = [];
      for (let p = 0; p < P; p++) for (let f = 0; f < F; f++) want.push(p + 2 * f < 14 ? at(p, f) : 7);
      const sums: number[] = [];
      for (let p = 0; p < P; p++) {
        let sum = 0;
        for (let f = 0; f < F; f++) {
          const keep = p >= 1 && p < 5 && f >= 2 && f < 9;
          if (keep) sum = Math.fround(sum + Math.fround(at(p, f) * at(p, f)));
          want.push(keep ? Math.fround(at(p, f) * at(p, f)) : 7);
        }
        sums.push(p >= 1 && p < 5 ? sum : -1);
      }
      for (let p = 0; p < P; p++) for (let f = 0; f < F; f++) {
        const x = at(p, f);
        want.push(f > p ? x : f <= p && f !== 2 ? Math.fround(Math.fround(x * 2) + x) : 7);
      }
      assert.deepEqual(y, want);
      const reduced = Array.from({ length: P }, (_, p) => {
        if (p >= 6) return -1;
        let sum = 0;
        for (let f = 4; f < F; f++) sum = Math.fround(sum + at(p, f));
        return sum;
      });
      assert.deepEqual(z, Array.from({ length: 2 * P }, (_, i) => (i % 2 === 0 ? sums[i >> 1] : reduced[i >> 1])));
    });

    it('lets the slices of a tail tile leave the tensor where the mask leaves the rows out, and faults where it keeps them', () => {
      const text = (mask: string): string => mainModule(['dram x : f32[10, 3] input = iota', 'dram y : f32[10, 3] output'], [
        'sbuf t : f32[4, 3]',
        'for r0 in 0..3 {',
        '  Set r1 = min(4, 10 - r0*4)',
        `  DmaCopy t <- x[r0*4 : r0*4+4, :], mask = ${mask}`,
        '  TensorScalar t <- t, op = mul, scalar = 2, mask = p < r1',
        '  DmaCopy y[r0*4 : r0*4+4, :] <- t, mask = p < r1',
        '}',
      ]);
      const ok = run(programOf(text('p < r1')));
      assert.equal(ok.outcome, 'exited');
      assert.deepEqual(ok.values.get('y'), Array.from({ length: 30 }, (_, i) => 2 * i));
      const bad = run(programOf(text('p < r1 + 1')));
      assert.equal(bad.outcome, "failed: out-of-bounds: 'x[r0*4 : r0*4+4, :]': slice 8:12 is out of bounds for dimension 0 of 'x' (size 10) (r0 = 2), and the mask keeps its indices 0..2, elements 8..10");
    });

    it('neither reads nor faults on never-written source elements that the mask leaves out', () => {
      const text = mainModule(['dram y : f32[8, 12] output'], [
        'sbuf a : f32[8, 12]',
        'sbuf o : f32[8, 12]',
        'Memset a[0:3, 0:12] <- 2',
        'Memset o <- 0',
        'TensorScalar o <- a, op = mul, scalar = 3, mask = p < 3',
        'DmaCopy y <- o',
        'TensorCopy o <- a, mask = p < 4',
      ]);
      const r = run(programOf(text));
      assert.match(r.outcome, /^failed: uninitialized-read: the source 'a' reads element \[3, 0\] of the view, which was never written/);
      assert.deepEqual(r.values.get('y'), Array.from({ length: P * F }, (_, i) => (i < 3 * F ? 6 : 0)));
    });

    it('names an element a fault is about by its indices in the operand, not in the box the mask keeps', () => {
      const text = mainModule([], [
        'sbuf a : f32[8, 12]',
        'sbuf o : f32[8, 12]',
        'Memset a <- 1, mask = p != 2',
        'Memset a[2:3, 0:5] <- 1',
        'TensorCopy o <- a, mask = p >= 2 && f >= 3',
      ]);
      const r = run(programOf(text));
      assert.match(r.outcome, /^failed: uninitialized-read: the source 'a' reads element \[2, 5\] of the view, which was never written/);
    });

    it('writes only the elements the mask keeps: the others stay never written', () => {
      const text = mainModule(['dram y : f32[8, 12] output'], [
        'sbuf o : f32[8, 12]',
        'Memset o <- 1, mask = f < p',
        'DmaCopy y <- o',
      ]);
      const r = run(programOf(text), { 'uninitialized-read': false });
      assert.equal(r.outcome, 'exited');
      assert.deepEqual(r.written.get('y'), Array.from({ length: P * F }, () => 1));
      assert.deepEqual(r.values.get('y'), Array.from({ length: P * F }, (_, i) => (i % F < Math.floor(i / F) ? 1 : 0)));
    });

    it('masks a parameter bound to a view, with its indices those of the view', () => {
      const text = [
        'module m',
        'dram y : f32[8, 12] output',
        'func main() {',
        '  sbuf o : f32[8, 12]',
        '  Memset o <- 0',
        '  call fill(o[2:6, 4:10], 3)',
        '  DmaCopy y <- o',
        '}',
        'func fill(t: sbuf f32[4, 6], r1) {',
        '  Memset t <- 7, mask = p + f < r1',
        '}',
        '',
      ].join('\n');
      const r = run(programOf(text));
      assert.equal(r.outcome, 'exited');
      const want = Array.from({ length: P * F }, (_, i) => {
        const [p, f] = [Math.floor(i / F) - 2, (i % F) - 4];
        return p >= 0 && p < 4 && f >= 0 && f < 6 && p + f < 3 ? 7 : 0;
      });
      assert.deepEqual(r.values.get('y'), want);
    });
  });

  describe('the debugger', () => {
    it(':why follows an element of a tail tile back through masked instructions to the input; a masked-out one to its writer', () => {
      const text = mainModule(['dram x : f32[10, 3] input = iota', 'dram y : f32[10, 3] output'], [
        'sbuf t : f32[4, 3]',
        'for r0 in 0..3 {',
        '  Set r1 = min(4, 10 - r0*4)',
        '  DmaCopy t <- x[r0*4 : r0*4+4, :], mask = p < r1',
        '  TensorScalar t <- t, op = mul, scalar = 2, mask = p < r1',
        '  DmaCopy y[r0*4 : r0*4+4, :] <- t, mask = p < r1',
        '}',
        'Print "done"',
      ]);
      const core = stoppedAtPrint(text);
      const ask = (q: string): { result: string; rows: { name: string; value: string; reference: number }[] } => {
        const r = core.evaluate(q, undefined, 'repl');
        return { result: r.result, rows: r.reference ? core.variables(r.reference) : [] };
      };
      const y = ask(':why y[9, 1]');
      assert.match(y.result, /^y\[9, 1\] = 56 ← DmaCopy/);
      const t = y.rows.find((r) => r.name.startsWith('source t'))!;
      assert.equal(t.value, '56');
      const scaled = core.variables(t.reference);
      const operand = scaled.find((r) => r.name.startsWith('operand t: t[1, 1]'))!;
      assert.ok(scaled.some((r) => /^TensorScalar/.test(r.value)), scaled.map((r) => `${r.name} = ${r.value}`).join(' | '));
      const load = core.variables(operand.reference);
      assert.ok(load.some((r) => r.name.startsWith('source x[') && r.name.endsWith(': x[9, 1]') && r.value === '28'), load.map((r) => `${r.name} = ${r.value}`).join(' | '));
      // Row 3 of the tile was last written by the second tile (x's row 7): the last tile's mask left it out.
      const kept = ask(':why t[3, 0]');
      assert.match(kept.result, /^t\[3, 0\] = 42 ← TensorScalar/);
    });

    it('a data breakpoint on an element of a tail tile stops at the masked write, whose slice leaves the tensor', () => {
      const text = mainModule(['dram x : f32[10, 3] input = iota', 'dram y : f32[10, 3] output'], [
        'sbuf t : f32[4, 3]',
        'for r0 in 0..3 {',
        '  Set r1 = min(4, 10 - r0*4)',
        '  DmaCopy t <- x[r0*4 : r0*4+4, :], mask = p < r1',
        '  DmaCopy y[r0*4 : r0*4+4, :] <- t, mask = p < r1',
        '}',
      ]);
      assert.deepStrictEqual(dataBreakpointStops(programOf(text), 'y[9, 1]'), ['DmaCopy at line 9 wrote y[9, 1]: <uninit> → 28']);
    });

    it('a data breakpoint on an element a mask leaves out does not stop at the masked instruction', () => {
      const text = mainModule(['dram x : f32[3, 4] input = iota', 'dram y : f32[3, 4] output'], [
        'sbuf t : f32[3, 4]',
        'DmaCopy t <- x',
        'TensorScalar t <- t, op = add, scalar = 1, mask = f < 2',
        'TensorScalar t <- t, op = mul, scalar = 3, mask = f >= 2',
        'TensorScalar t <- t, op = sub, scalar = 1, mask = p + f < 3',
        'TensorCopy t <- t, mask = p + f >= 5',
        'DmaCopy y <- t',
      ]);
      const program = programOf(text);
      // t[0, 3] = 3: the first mask leaves f = 3 out, the second keeps it, the diagonal leaves it out (0 + 3 = 3).
      assert.deepStrictEqual(dataBreakpointStops(program, 't[0, 3]'), ['DmaCopy at line 6 wrote t[0, 3]: <uninit> → 3', 'TensorScalar at line 8 wrote t[0, 3]: 3 → 9']);
      // t[1, 1] = 5: kept by the first mask and the diagonal (1 + 1 < 3); TensorCopy reads and writes only p + f >= 5.
      assert.deepStrictEqual(dataBreakpointStops(program, 't[1, 1]', 'readWrite'), [
        'DmaCopy at line 6 wrote t[1, 1]: <uninit> → 5', 'TensorScalar at line 7 wrote t[1, 1]: 5 → 6', 'TensorScalar at line 9 wrote t[1, 1]: 6 → 5', 'DmaCopy at line 11 read t[1, 1]: 5',
      ]);
      // t[2, 3] (2 + 3 = 5) is the one element TensorCopy copies onto itself.
      assert.ok(dataBreakpointStops(program, 't[2, 3]', 'readWrite').some((x) => x.startsWith('TensorCopy at line 10 wrote t[2, 3]')));
    });

    it('a data breakpoint on a PSUM element a MatMult mask leaves out does not stop at that MatMult', () => {
      const text = mainModule([], [
        'sbuf st : f32[4, 8]', 'sbuf mv : f32[4, 12]', 'psum acc : f32[8, 12]',
        'Iota st <- base = 1', 'Iota mv <- base = 2', 'Memset acc <- 0',
        'MatMult acc <- st, mv, mask = f <= p',
        'MatMult acc <- st, mv, mask = f > p',
        'Print "done"',
      ]);
      // Memset and the MatMult that keeps f > p; the one that keeps f <= p leaves [1, 5] out.
      assert.deepStrictEqual(dataBreakpointStops(programOf(text), 'acc[1, 5]').map((x) => x.split(' wrote')[0]), ['Memset at line 8', 'MatMult at line 10']);
    });

    it(':why lists the elements of the row a masked reduction kept, and only those', () => {
      const text = mainModule(['dram x : f32[4, 6] input = iota'], [
        'sbuf a : f32[4, 6]', 'sbuf s : f32[4, 1]', 'sbuf q : f32[4, 1]', 'sbuf o : f32[4, 6]',
        'DmaCopy a <- x',
        'TensorReduce s <- a, op = add, mask = f >= 2 && f < 5',
        'Activation o <- a, func = identity, reduce_res = q, mask = f < 2 && p >= 1',
        'Print "done"',
      ]);
      const core = stoppedAtPrint(text);
      const sources = (q: string): string[] => {
        const r = core.evaluate(q, undefined, 'repl');
        return core.variables(r.reference).filter((v) => v.name.startsWith('source')).map((v) => `${v.name} = ${v.value}`);
      };
      assert.deepEqual(sources(':why s[1, 0]'), ['source a: a[1, 2] = 8', 'source a: a[1, 3] = 9', 'source a: a[1, 4] = 10']);
      assert.deepEqual(sources(':why q[2, 0]'), ['source a: a[2, 0] = 12', 'source a: a[2, 1] = 13']);
    });
  });

  describe('the timeline', () => {
    it('costs a masked DmaCopy of a tail tile as its whole views, though its slice leaves the tensor', () => {
      const src = mainModule(['dram x : f32[10, 3] input = iota', 'dram y : f32[10, 3] output'], [
        'sbuf t : f32[4, 3]',
        'for r0 in 0..3 {',
        '  Set r1 = min(4, 10 - r0*4)',
        '  DmaCopy t <- x[r0*4 : r0*4+4, :], mask = p < r1  # load',
        '  DmaCopy y[r0*4 : r0*4+4, :] <- t, mask = p < r1',
        '}',
      ]);
      const s = scheduled(src);
      const loads = onLine(s, lineOf(src, '# load'));
      assert.deepEqual(loads.map((i) => s.recording.stream.work[i]), [48, 48, 48]);
    });
  });

  describe('the boxes of a mask', () => {
    it('are one box when every comparison bounds one index, and one per interval of the last index otherwise', () => {
      const program = programOf(mainModule([], [
        'sbuf a : f32[8, 12]',
        'Memset a <- 0, mask = p < 3 && f >= 2 && 2 <= p',
        'Memset a <- 0, mask = p + f < 3 && f != 1',
      ]));
      const masks: ReturnType<typeof maskTerms>[] = [];
      forEachNode(program.main.body, (n) => {
        const v = n.kind === 'instr' ? n.attrs.get('mask') : undefined;
        if (v?.kind === 'operand' && v.operand.kind === 'scalar') masks.push(maskTerms(v.operand.expr, 2));
      });
      const boxes = masks.map((terms) => maskBoxes([8, 12], terms, terms.map((t) => (t.rhs.kind === 'const' ? t.rhs.value : NaN))));
      assert.deepEqual(boxes[0], [{ lo: [2, 2], hi: [3, 12] }]);
      assert.deepEqual(boxes[1], [
        { lo: [0, 0], hi: [1, 1] }, { lo: [0, 2], hi: [1, 3] },
        { lo: [1, 0], hi: [2, 1] },
        { lo: [2, 0], hi: [3, 1] },
      ]);
    });
  });

  describe('the printer', () => {
    it('prints every mask back as it was written', () => {
      const masks = ['p < r1', 'p + f < 8 && f != 3', '-p <= 2*f - 4', 'f0 < 1 && f1 + p > 3', 'p >= N && f < 2*r1 + 1'];
      const program = programOf(mainModule(['const N = 5'], [
        'sbuf a : f32[8, 12]', 'sbuf c : f32[8, 2, 6]', 'Set r1 = 3',
        ...masks.map((m) => `Memset ${m.includes('f0') ? 'c' : 'a'} <- 0, mask = ${m}`),
      ]));
      const printed: string[] = [];
      forEachNode(program.main.body, (n) => {
        const v = n.kind === 'instr' ? n.attrs.get('mask') : undefined;
        if (v?.kind === 'operand' && v.operand.kind === 'scalar') printed.push(printScalar(v.operand.expr));
      });
      assert.deepEqual(printed, [...masks.slice(0, 4), 'p >= 5 && f < 2*r1 + 1']);
    });
  });

  describe('the passes', () => {
    it('compute the same bits through every pass, with masks in called functions and loops', () => {
      const text = [
        'module m',
        'dram a : f32[8, 12] input = random(seed=3)',
        'dram o : f32[8, 12] output',
        'func main() {',
        '  sbuf t : f32[8, 12]',
        '  sbuf u : f32[8, 12]',
        '  DmaCopy t <- a',
        '  Memset u <- 0',
        '  for r1 in 0..3 {',
        '    call step(u, t, r1)',
        '    TensorCopy u <- t, mask = p == r1 && f >= r1',
        '  }',
        '  TensorTensor u <- u, t, op = add, mask = p + f < 10',
        '  Activation u <- u, func = exp, mask = f > p',
        '  sbuf s : f32[8, 1]',
        '  Memset s <- 0',
        '  TensorReduce s <- u, op = add, mask = f < 6 && p > 2',
        '  Select u <- t, t, u, mask = f == 2*p',
        '  DmaCopy o <- u, mask = p < 4',
        '  DmaCopy o <- s.bcast(12), mask = p >= 4',
        '}',
        'func step(v: sbuf f32[8, 12], w: sbuf f32[8, 12], r2) {',
        '  TensorScalar v <- w, op = mul, scalar = 2, mask = f < r2 + 4 && p > r2',
        '}',
        '',
      ].join('\n');
      const checked = checkText(text);
      assert.ok(checked.program, checked.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
      const expected = run(checked.program);
      assert.equal(expected.outcome, 'exited');
      for (const passes of [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES]]) {
        const snaps = runPipeline(checked.program, passes);
        assert.deepEqual(run(snaps[snaps.length - 1].program), expected, passes.join(','));
      }
    });
  });
  describe('a masked scan', () => {
    it('scans each row of the kept box from its first element, as the same scan of the sub-tile; the rest keeps its values; through every pass', () => {
      const text = mainModule(['dram a : f32[8, 16] input = random(seed=1, low=0.5, high=1.5)', 'dram b : f32[8, 16] input = random(seed=2, low=-1, high=1)', 'dram y : f32[8, 16] output', 'dram z : f32[8, 16] output'], [
        'sbuf ta : f32[8, 16]',
        'sbuf tb : f32[8, 16]',
        'sbuf ini : f32[8, 1]',
        'sbuf o1 : f32[8, 16]',
        'sbuf o2 : f32[8, 16]',
        'DmaCopy ta <- a',
        'DmaCopy tb <- b',
        'Iota ini <- base = 1, pstep = 1, fstep = 0',
        'Memset o1 <- -7',
        'Memset o2 <- -7',
        'Set r1 = 5',
        'TensorTensorScan o1 <- ta, tb, initial = ini, op = mul, op1 = add, mask = p < r1 && f >= 3 && f < 12',
        'TensorTensorScan o2[0:5, 3:12] <- ta[0:5, 3:12], tb[0:5, 3:12], initial = ini[0:5, :], op = mul, op1 = add',
        'DmaCopy y <- o1',
        'DmaCopy z <- o2',
      ]);
      const program = programOf(text);
      const got = run(program);
      assert.equal(got.outcome, 'exited');
      assert.deepEqual(got.values.get('y'), got.values.get('z'));
      // Outside the box the destination keeps the Memset's value; row 0 at f = 3 is the scan's first step.
      const y = got.values.get('y')!;
      assert.equal(y[0], -7);
      assert.equal(y[5 * 16 + 4], -7);
      assert.notEqual(y[3], -7);
      for (const passes of [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES]]) {
        const snaps = runPipeline(program, passes);
        assert.deepEqual(run(snaps[snaps.length - 1].program), got, passes.join(','));
      }
    });
  });
});
