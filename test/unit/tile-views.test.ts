// Multi-dimensional on-chip tiles and the views `.reshape(...)` and `.permute(...)` (docs/bir-language.md, "Access
// patterns"): what the checker accepts and refuses (with file:line:col), what the simulator computes against plain
// loops written here, and the same bits through every pass.
import * as assert from 'node:assert/strict';
import { checkText, diagnosticsAt, mainModule, programOf } from '../helpers/virtual-host';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { runProgram } from '../../engine/run/simulate';
import { Program } from '../../engine/ir/program';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { reshapeStrides } from '../../engine/machine/view';
import { decode } from '../../engine/machine/dtypes';
import { DebugCore } from '../../engine/debug/debug-core';
import { npyMachineOptions } from '../../engine/run/simulate';

/** The diagnostics of a program as `line:col: message`. */
/** Runs a program; the values of each DRAM tensor (decoded), the outcome and the Print lines. */
function run(program: Program): { outcome: string; drams: Map<string, number[]>; prints: string[] } {
  const prints: string[] = [];
  const { outcome, machine } = runProgram(program, { output: (text) => prints.push(text) });
  const drams = new Map(machine.drams.map((t) => [t.name, Array.from(t.data, (x) => decode(t.dtype, x))]));
  return { outcome: outcome.kind === 'failed' ? `failed: ${outcome.fault.code}: ${outcome.fault.message}` : outcome.kind, drams, prints };
}

describe('tiles of several free dimensions and reshape/permute views', () => {
  describe('the checker', () => {
    it('accepts tiles of a partition and up to 4 free dimensions, and views that keep the partitions', () => {
      const text = mainModule(['dram x : f32[2, 6, 6] input = iota', 'dram y : f32[2, 3, 3] output'], [
        'sbuf t : f32[2, 6, 6]',
        'sbuf u : f32[2, 3, 2, 3, 2]',
        'sbuf s : f32[2, 3, 3]',
        'DmaCopy t <- x',
        'TensorCopy u <- t.reshape(2, 3, 2, 3, 2)',
        'TensorReduce s <- u.permute(0, 1, 3, 2, 4), op = add',
        'TensorTensor s <- s, s.reshape(2, 9), op = add',
        'DmaCopy y <- s',
      ]);
      assert.deepEqual(diagnosticsAt(text), []);
    });

    it('refuses a tile of 5 free dimensions, naming the rule', () => {
      const text = mainModule([], ['sbuf t : f32[2, 2, 2, 2, 2, 2]']);
      assert.deepEqual(diagnosticsAt(text), ["3:12: sbuf tensors have a partition dimension and at most 4 free dimensions, as the hardware's access patterns; 't' is f32[2, 2, 2, 2, 2, 2]"]);
    });

    it('refuses a reshape that changes the count of elements, or that cannot be a view', () => {
      const text = mainModule([], [
        'sbuf t : f32[4, 12]',
        'sbuf u : f32[4, 3, 4]',
        'TensorCopy u <- t.reshape(4, 3, 5)',
        'TensorCopy u <- t[0:4, 0:12:2].reshape(4, 2, 3).permute(0, 2, 1).reshape(4, 6)',
      ]);
      assert.deepEqual(diagnosticsAt(text), [
        "5:19: '.reshape(4, 3, 5)' has 60 elements but the view [4, 12] has 48",
        "6:19: '.reshape(4, 6)' cannot view [4, 3, 2] of 't' without moving elements: its dimensions do not follow each other in memory (reshape a contiguous view)",
      ]);
    });

    it('refuses a permutation that is not one, and views that move elements across partitions for engines', () => {
      const text = mainModule(['dram d : f32[4, 12]'], [
        'sbuf t : f32[4, 12]',
        'sbuf u : f32[12, 4]',
        'TensorCopy t <- t.reshape(4, 3, 4).permute(0, 2, 2)',
        'TensorCopy u <- t.permute(1, 0)',
        'TensorCopy u <- t.reshape(12, 4)',
        'DmaCopy d.reshape(12, 4) <- t.reshape(12, 4)',
      ]);
      assert.deepEqual(diagnosticsAt(text), [
        "6:19: '.permute(0, 2, 2)' must list each of the view's 3 dimensions once (0 to 2)",
        "7:19: '.permute(1, 0)' moves dimension 1 first: engines read a partition per row of a view, so only DmaCopy can read 't.permute(1, 0)'; keep the first dimension and reshape or permute the free ones",
        "8:19: '.reshape(12, 4)' changes the first dimension (4 to 12): engines read a partition per row of a view, so only DmaCopy can read 't.reshape(12, 4)'; keep the first dimension and reshape or permute the free ones",
      ]);
    });

    it('says which destinations a TensorReduce of several free dimensions may have', () => {
      const text = mainModule([], ['sbuf t : f32[4, 3, 5]', 'sbuf s : f32[4, 5]', 'TensorReduce s <- t, op = max']);
      assert.deepEqual(diagnosticsAt(text), ["5:3: TensorReduce reduces along the last free dimensions: for 't' [4, 3, 5] the destination must be [4, 1] or [4, 3], but 's' is [4, 5]"]);
    });
  });

  describe('the views', () => {
    it('reshape strides as NumPy views them, and refuse what would move elements', () => {
      assert.deepEqual(reshapeStrides([4, 12], [12, 1], [4, 3, 4]), [12, 4, 1]);
      assert.deepEqual(reshapeStrides([4, 3, 4], [12, 4, 1], [4, 12]), [12, 1]);
      assert.deepEqual(reshapeStrides([4, 6], [24, 2], [4, 2, 3]), [24, 6, 2]); // a strided row splits
      assert.deepEqual(reshapeStrides([4, 6], [24, 1], [4, 1, 6, 1]), [24, 6, 1, 1]);
      assert.equal(reshapeStrides([4, 3, 2], [12, 1, 3], [4, 6]), undefined); // transposed free dimensions
      assert.equal(reshapeStrides([4, 6], [12, 1], [24]), undefined); // rows that do not follow each other
    });
  });

  describe('the simulator, against plain loops', () => {
    it('transposes the 2-D matrices of each partition in one TensorCopy', () => {
      const [P, X, Y] = [5, 3, 4];
      const program = programOf(mainModule([`dram a : i8[${P}, ${X * Y}] input = iota`, `dram b : i8[${P}, ${X * Y}] output`], [
        `sbuf t : i8[${P}, ${X * Y}]`,
        `sbuf u : i8[${P}, ${X * Y}]`,
        'DmaCopy t <- a',
        `TensorCopy u.reshape(${P}, ${Y}, ${X}) <- t.reshape(${P}, ${X}, ${Y}).permute(0, 2, 1)`,
        'DmaCopy b <- u',
      ]));
      const r = run(program);
      assert.equal(r.outcome, 'exited');
      const expected: number[] = [];
      for (let p = 0; p < P; p++) for (let f2 = 0; f2 < Y; f2++) for (let f1 = 0; f1 < X; f1++) expected.push(p * X * Y + f1 * Y + f2);
      assert.deepEqual(r.drams.get('b'), expected);
    });

    it('reduces the last free dimensions of a 5-dimensional view: a 2-D average pool', () => {
      const [C, H, W, K] = [3, 8, 6, 2];
      const program = programOf(mainModule([`dram a : f32[${C}, ${H}, ${W}] input = random(seed=3)`, `dram o : f32[${C}, ${H / K}, ${W / K}] output`], [
        `sbuf t : f32[${C}, ${H}, ${W}]`,
        `sbuf s : f32[${C}, ${H / K}, ${W / K}]`,
        'DmaCopy t <- a',
        `TensorReduce s <- t.reshape(${C}, ${H / K}, ${K}, ${W / K}, ${K}).permute(0, 1, 3, 2, 4), op = add`,
        'DmaCopy o <- s',
      ]));
      const r = run(program);
      assert.equal(r.outcome, 'exited');
      const a = r.drams.get('a')!;
      const expected: number[] = [];
      for (let c = 0; c < C; c++) {
        for (let i = 0; i < H / K; i++) {
          for (let j = 0; j < W / K; j++) {
            // The fold from the left, each sum rounded to f32, in the order of the view: window row, then column.
            let acc = 0;
            for (let di = 0; di < K; di++) for (let dj = 0; dj < K; dj++) acc = Math.fround(acc + a[c * H * W + (i * K + di) * W + j * K + dj]);
            expected.push(acc);
          }
        }
      }
      assert.deepEqual(r.drams.get('o'), expected);
    });

    it('computes elementwise on tiles of several free dimensions as on their rows, with register bounds', () => {
      const program = programOf(mainModule(['dram a : f32[4, 2, 3, 4] input = iota', 'dram o : f32[4, 24] output'], [
        'sbuf t : f32[4, 2, 3, 4]',
        'sbuf u : f32[4, 24]',
        'DmaCopy t <- a',
        'Memset u <- 0',
        'for r1 in 0..2 {',
        '  TensorTensor u[0:4, r1*12 : r1*12+12].reshape(4, 3, 4) <- t[0:4, r1], u[0:4, r1*12 : r1*12+12].reshape(4, 3, 4), op = add',
        '}',
        'TensorScalar u <- u, op = mul, scalar = 2',
        'DmaCopy o <- u',
      ]));
      const r = run(program);
      assert.equal(r.outcome, 'exited');
      assert.deepEqual(r.drams.get('o'), Array.from({ length: 96 }, (_, i) => 2 * i));
    });

    it('reshapes a parameter bound to a strided view when it runs, and faults where that would move elements', () => {
      const program = programOf([
        'module m',
        'dram o : f32[4, 6] output',
        'func main() {',
        '  sbuf t : f32[4, 12]',
        '  Iota t <- pstep = 12',
        '  call f(t[0:4, 0:12:2], t[0:4, 0:6].reshape(4, 2, 3))',
        '}',
        'func f(v: f32[4, 6], w: f32[4, 2, 3]) {',
        '  sbuf u : f32[4, 6]',
        '  TensorCopy u.reshape(4, 2, 3) <- v.reshape(4, 2, 3)',
        '  DmaCopy o <- u',
        '  TensorCopy u <- w.permute(0, 2, 1).reshape(4, 6)',
        '}',
        '',
      ].join('\n'));
      const r = run(program);
      assert.deepEqual(r.drams.get('o'), Array.from({ length: 24 }, (_, i) => Math.floor(i / 6) * 12 + (i % 6) * 2));
      assert.equal(r.outcome, "failed: shape-mismatch: 'w.permute(0, 2, 1).reshape(4, 6)': .reshape(4, 6) cannot view [4, 3, 2] (strides [12, 1, 3]) without moving elements");
    });
  });

  describe('the evaluate language (Print, watch, hover)', () => {
    it('reads reshaped and permuted views of tensors and of computed values', () => {
      const program = programOf(mainModule([], [
        'sbuf t : f32[2, 6]',
        'Iota t <- pstep = 6',
        'Print t.reshape(2, 3, 2).permute(0, 2, 1)',
        'Print (t * 10).reshape(2, 2, 3).permute(0, 2, 1)[1]',
        'Print t[0:2, 0:6:2].reshape(2, 3)',
      ]));
      const r = run(program);
      assert.equal(r.outcome, 'exited');
      assert.deepEqual(r.prints, [
        '[[[0, 2, 4], [1, 3, 5]], [[6, 8, 10], [7, 9, 11]]]',
        '[[60, 90], [70, 100], [80, 110]]',
        '[[0, 2, 4], [6, 8, 10]]',
      ]);
    });
  });

  describe('the debugger', () => {
    it(':why names the window a pooled element was reduced from', () => {
      const text = mainModule(['dram a : f32[2, 4, 4] input = iota', 'dram o : f32[2, 2, 2] output'], [
        'sbuf t : f32[2, 4, 4]',
        'sbuf s : f32[2, 2, 2]',
        'DmaCopy t <- a',
        'TensorReduce s <- t.reshape(2, 2, 2, 2, 2).permute(0, 1, 3, 2, 4), op = add',
        'DmaCopy o <- s',
      ]);
      const program = programOf(text);
      const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      core.setBreakpoints(program.entry.file, [{ line: 9 }]);
      let o = core.run();
      while (o.kind === 'yield') o = core.run();
      assert.equal(o.kind, 'stopped');
      const w = core.evaluate(':why s[1, 0, 1]', undefined, 'repl');
      // s[1, 0, 1] sums the window t[1, 0:2, 2:4]: 18 + 19 + 22 + 23.
      assert.match(w.result, /^s\[1, 0, 1\] = 82 ← TensorReduce /);
      const rows = core.variables(w.reference!).map((r) => `${r.name} = ${r.value}`);
      assert.deepEqual(rows.filter((r) => r.startsWith('source')), [
        'source t.reshape(2, 2, 2, 2, 2).permute(0, 1, 3, 2, 4): t[1, 0, 2] = 18',
        'source t.reshape(2, 2, 2, 2, 2).permute(0, 1, 3, 2, 4): t[1, 0, 3] = 19',
        'source t.reshape(2, 2, 2, 2, 2).permute(0, 1, 3, 2, 4): t[1, 1, 2] = 22',
        'source t.reshape(2, 2, 2, 2, 2).permute(0, 1, 3, 2, 4): t[1, 1, 3] = 23',
      ]);
    });
  });

  describe('the passes', () => {
    it('compute the same bits through every pass, views through inlined calls included', () => {
      const text = [
        'module m',
        'dram a : f32[4, 24] input = random(seed=7)',
        'dram o : f32[4, 24] output',
        'func main() {',
        '  sbuf t : f32[4, 24]',
        '  sbuf u : f32[4, 24]',
        '  DmaCopy t <- a',
        '  for r1 in 0..2 {',
        '    call swap(u[0:4, r1*12 : r1*12+12], t[0:4, r1*12 : r1*12+12])',
        '  }',
        '  TensorScalar u <- u, op = add, scalar = 1',
        '  DmaCopy o <- u',
        '  Print u[0:1, 0:6]',
        '}',
        'func swap(dst: f32[4, 12], src: f32[4, 12]) {',
        '  TensorCopy dst.reshape(4, 4, 3) <- src.reshape(4, 3, 4).permute(0, 2, 1)',
        '  TensorTensor dst.reshape(4, 2, 6) <- dst.reshape(4, 2, 6), src, op = mul',
        '}',
        '',
      ].join('\n');
      const checked = checkText(text);
      assert.ok(checked.program, checked.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
      const expected = run(checked.program);
      assert.equal(expected.outcome, 'exited');
      for (const passes of [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES]]) {
        const snaps = runPipeline(checked.program, passes);
        const got = run(snaps[snaps.length - 1].program);
        assert.deepEqual(got, expected, passes.join(','));
      }
      // inline composed the views with the arguments: the printed pattern keeps the reshape.
      const inlined = runPipeline(checked.program, ['inline']);
      assert.ok(inlined[1].changes.added.length > 0, 'inline changed the program');
    });
  });
});
