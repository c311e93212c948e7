// `for rN in a..b independent { }` (NKI's affine_range): the checker keeps the claim and warns where the body plainly
// contradicts it (a register or a tensor's same elements carried from one iteration to the next); the run, every pass
// and the debugger treat the loop as any other (iterations in order, bit for bit).
import * as assert from 'node:assert/strict';
import { checkText, mainModule, programOf } from '../helpers/virtual-host';
import { runProgram, npyMachineOptions } from '../../engine/run/simulate';
import { ForNode, Program } from '../../engine/ir/program';
import { forEachNode } from '../../engine/ir/numbering';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { DebugCore } from '../../engine/debug/debug-core';
import { buildGraph } from '../../engine/graph/build';

const DECLS = ['dram x : f32[4, 64] input = random(seed=9)', 'dram y : f32[4, 64] output', 'dram s : f32[4, 16] output'];

/** A body with no carried dependency but the PSUM accumulation, which NKI allows in affine_range. */
const CLEAN = mainModule(DECLS, [
  'sbuf ones : f32[4, 4]',
  'psum ps : f32[4, 16]',
  'sbuf out : f32[4, 16]',
  'Memset ones <- 1',
  'for r0 in 0..4 independent {',
  '  sbuf t : f32[4, 16]',
  '  Set r2 = r0 * 16',
  '  DmaCopy t <- x[0:4, r2 : r2+16]',
  '  TensorScalar t <- t, op = mul, scalar = 3',
  '  MatMult ps <- ones, t, accumulate = r0 > 0',
  '  DmaCopy y[0:4, r2 : r2+16] <- t',
  '}',
  'TensorCopy out <- ps',
  'DmaCopy s <- out',
]);

function warnings(text: string): string[] {
  return checkText(text).diagnostics.map((d) => `${d.severity} ${d.span.line}:${d.span.col}: ${d.message}`);
}

function loops(program: Program): ForNode[] {
  const out: ForNode[] = [];
  for (const fn of program.functions.values()) forEachNode(fn.body, (n) => void (n.kind === 'for' && out.push(n)));
  return out;
}

function dramBytes(program: Program): string[] {
  const { outcome, machine } = runProgram(program, {});
  assert.equal(outcome.kind, 'exited');
  return machine.drams.map((t) => Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex'));
}

describe('independent loops', function () {
  this.timeout(30_000);
  describe('the checker', () => {
    it('keeps the claim on the loop; a body whose only carry is a matmul accumulation gets no warning', () => {
      assert.deepEqual(warnings(CLEAN), []);
      assert.deepEqual(loops(programOf(CLEAN)).map((l) => l.independent), [true]);
      assert.deepEqual(loops(programOf(CLEAN.replace(' independent {', ' {'))).map((l) => l.independent), [undefined]);
    });

    it('warns at the loop when the body reads a register before writing it, naming both lines', () => {
      const text = mainModule([], ['Set r2 = 0', 'for r0 in 0..4 independent {', '  Set r3 = r2 + 1', '  Set r2 = r3', '}']);
      assert.deepEqual(warnings(text), [
        "warning 4:3: the loop over r0 is declared independent, but line 5 reads r2 before line 6 writes it: each iteration reads what the one before left (a loop-carried dependency): remove 'independent', or set the register before reading it in the body",
      ]);
    });

    it('warns when the body reads elements that every iteration writes alike; not for disjoint boxes nor a block\'s own tiles', () => {
      const text = mainModule(DECLS, [
        'sbuf acc : f32[4, 16]',
        'Memset acc <- 0',
        'for r0 in 0..4 independent {',
        '  sbuf t : f32[4, 16]',
        '  DmaCopy t <- x[0:4, r0*16 : r0*16+16]',
        '  TensorTensor acc <- acc, t, op = add',
        '}',
        'for r1 in 0..4 independent {',
        '  sbuf u : f32[4, 16]',
        '  TensorCopy u <- acc',
        '  TensorCopy acc[0:2, 0:16] <- u[2:4, 0:16]',
        '  TensorCopy u[0:2, 0:16] <- acc[2:4, 0:16]',
        '  TensorCopy u <- u',
        '  DmaCopy y[0:4, r1*16 : r1*16+16] <- u',
        '}',
      ]);
      assert.deepEqual(warnings(text), [
        "warning 8:3: the loop over r0 is declared independent, but line 11 reads 'acc' and line 11 writes 'acc', the same elements in every iteration: each iteration reads what the one before wrote (a loop-carried dependency): remove 'independent', or allocate the tensor inside the loop",
        "warning 13:3: the loop over r1 is declared independent, but line 15 reads 'acc' and line 16 writes 'acc[0:2, 0:16]', the same elements in every iteration: each iteration reads what the one before wrote (a loop-carried dependency): remove 'independent', or allocate the tensor inside the loop",
      ]);
    });
  });

  describe('the simulator and the passes', () => {
    it('a tile of the function written before it is read in each iteration carries nothing, and computes the same through every pass', () => {
      const outer = mainModule(DECLS, [
        'sbuf t : f32[4, 16]',
        'for r0 in 0..4 independent {',
        '  DmaCopy t <- x[0:4, r0*16 : r0*16+16]',
        '  TensorScalar t <- t, op = mul, scalar = 3',
        '  TensorScalar t[0:2, 0:16] <- t[0:2, 0:16], op = add, scalar = 1',
        '  DmaCopy y[0:4, r0*16 : r0*16+16] <- t',
        '}',
      ]);
      assert.deepEqual(warnings(outer), []);
      const plain = dramBytes(programOf(outer.replace(' independent {', ' {')));
      for (const passes of PASS_NAMES.map((p) => [p])) assert.deepEqual(dramBytes(runPipeline(programOf(outer), passes).at(-1)!.program), plain, passes.join(','));
    });

    it('computes what the loop without the claim computes, through every pass, and every pass keeps the claim', () => {
      const plain = dramBytes(programOf(CLEAN.replace(' independent {', ' {')));
      const program = programOf(CLEAN);
      assert.deepEqual(dramBytes(program), plain);
      for (const passes of [...PASS_NAMES.map((p) => [p]), [...PASS_NAMES]]) {
        const last = runPipeline(program, passes).at(-1)!.program;
        assert.deepEqual(dramBytes(last), plain, passes.join(','));
        for (const l of loops(last)) assert.equal(l.independent, true, `${passes.join(',')} keeps 'independent'`);
      }
    });
  });

  describe('the graph and the debugger', () => {
    it('the graph\'s region says independent; the debugger stops in each iteration in order', () => {
      const program = programOf(CLEAN);
      const graph = buildGraph(program.main, { program });
      assert.deepEqual(graph.regions.filter((r) => r.kind === 'loop').map((r) => r.label), ['for r0 in 0..4 independent']);
      const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      core.setBreakpoints(program.entry.file, [{ line: 15 }]);
      const seen: string[] = [];
      for (;;) {
        let o = core.run();
        while (o.kind === 'yield') o = core.run();
        if (o.kind !== 'stopped') break;
        seen.push(core.evaluate('r0', undefined, 'repl').result);
        core.continue();
      }
      assert.deepEqual(seen, ['0', '1', '2', '3']);
    });
  });
});
