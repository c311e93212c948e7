// The attribute `engine = ...` (engine/lang/check/engine-choice.ts): the engines an opcode allows (its record's
// `engines`, after the NKI ISA), refused with file:line:col where the ISA forbids them, kept by the printer and the
// passes, the same arithmetic on every engine, and the cost model's lane and clock of the engine chosen.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkProgram } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { allowedEngines } from '../../engine/lang/check/engine-choice';
import { InstrNode, Program } from '../../engine/ir/program';
import { allNodes } from '../../engine/passes/pass';
import { runPipeline } from '../../engine/passes/pipeline';
import { printProgramText } from '../../engine/passes/program-text';
import { instructionCost } from '../../engine/perf/cost';
import { PROFILES } from '../../engine/perf/profile';
import { ENGINE_CODE } from '../../engine/perf/stream';
import { compile, lineOf, onLine, scheduled } from '../helpers/perf-programs';

const FILE = path.resolve('/virtual/perf/t.bir');

function errors(src: string): string[] {
  const r = checkProgram(FILE, { host: { readText: (f) => (f === FILE ? src : undefined), exists: (f) => f === FILE } });
  return r.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d).replace(FILE, 't.bir'));
}

const program = (body: string): string => `module t
dram a : f32[128, 512] input = random(seed=1)
dram b : f32[128, 512] output
func main() {
  sbuf x : f32[128, 512]
  sbuf y : f32[128, 512]
  psum acc : f32[128, 512]
  DmaCopy x <- a
${body}
  DmaCopy b <- y
}
`;

function instructionsOn(p: Program, line: number): InstrNode[] {
  return allNodes(p).filter((n): n is InstrNode => n.kind === 'instr' && n.span.line === line);
}

describe('the attribute engine', () => {
  it('puts an instruction on the engine it names, where the opcode allows it', () => {
    const src = program(`  TensorScalar y <- x, op = mul, scalar = 2, engine = scalar   # act
  TensorCopy x <- y, engine = gpsimd   # pool
  Memset y <- 0, engine = vector   # dve
  TensorTensor y <- x, y, op = add, engine = gpsimd   # pool2`);
    const p = compile(src);
    const engines = ['# act', '# pool', '# dve', '# pool2'].map((m) => instructionsOn(p, lineOf(src, m))[0].engine);
    assert.deepEqual(engines, ['ACT', 'POOL', 'DVE', 'POOL']);
  });

  it('refuses an engine the opcode does not run on, or one its operands rule out, at the attribute (file:line:col)', () => {
    assert.deepEqual(errors(program('  Activation y <- x, func = relu, engine = vector')), [
      "t.bir:9:35: error: Activation runs on ACT only: it takes no attribute 'engine' (the instructions that choose their engine: TensorCopy, Memset, Transpose, TensorTensor, TensorScalar)",
    ]);
    assert.deepEqual(errors(program('  TensorCopy y <- x, engine = tensor')), [
      "t.bir:9:31: error: TensorCopy cannot run on PE (engine = tensor); it runs on DVE (vector), ACT (scalar), POOL (gpsimd)",
    ]);
    assert.deepEqual(errors(program('  TensorCopy y <- x, engine = fast')), [
      "t.bir:9:31: error: 'fast' is not a valid engine for TensorCopy (one of vector, scalar, gpsimd)",
    ]);
    assert.deepEqual(errors(program('  TensorCopy acc <- x, engine = gpsimd')), [
      "t.bir:9:33: error: GpSimd (engine = gpsimd) cannot access PSUM, and 'acc' is in PSUM (NKI ISA: tensor_copy, tensor_tensor): choose vector",
    ]);
    assert.deepEqual(errors(program('  TensorScalar y <- x, op = add, scalar = 1, engine = gpsimd')), [
      't.bir:9:55: error: GpSimd (engine = gpsimd) runs TensorScalar only as op = rsqrt alone (NKI ISA: tensor_scalar); this one is add',
    ]);
    const transpose = `module t
func main() {
  sbuf s : bf16[64, 64]
  psum d : bf16[64, 64]
  Memset s <- 1
  Transpose d <- s, engine = vector
}
`;
    assert.deepEqual(errors(transpose), [
      "t.bir:6:30: error: the vector engine transposes tiles of at most [32, 32], and 's' is [64, 64] (NKI ISA: nc_transpose)",
    ]);
  });

  it('lists the engines an instruction may move to, its operands considered', () => {
    const src = program(`  TensorScalar y <- x, op = rsqrt   # rsqrt
  TensorScalar y <- x, op = add, scalar = 1   # add
  TensorCopy acc <- x   # psum
  Activation y <- x, func = relu   # act`);
    const p = compile(src);
    const allowed = (m: string): string[] => allowedEngines(instructionsOn(p, lineOf(src, m))[0]);
    assert.deepEqual(allowed('# rsqrt'), ['DVE', 'ACT', 'POOL']);
    assert.deepEqual(allowed('# add'), ['DVE', 'ACT']);
    assert.deepEqual(allowed('# psum'), ['DVE', 'ACT']);
    assert.deepEqual(allowed('# act'), ['ACT']);
  });

  it('is printed with the program and kept by the passes', () => {
    const src = program('  TensorScalar y <- x, op = mul, scalar = 2, engine = gpsimd'.replace('op = mul, scalar = 2', 'op = rsqrt'));
    const p = compile(src);
    const snaps = runPipeline(p, ['inline', 'dce', 'fuse', 'unroll', 'schedule']);
    const after = snaps.at(-1)!.program;
    const line = lineOf(src, 'engine = gpsimd');
    assert.deepEqual(instructionsOn(after, line).map((n) => n.engine), ['POOL']);
    const printed = printProgramText(p, after).text;
    assert.match(printed, /TensorScalar y <- x, op = rsqrt, engine = gpsimd/);
  });

  it('computes the same results on every engine', () => {
    const outputOf = (body: string): number[] => {
      const s = scheduled(program(body));
      return [...s.recording.machine.drams.find((t) => t.name === 'b')!.data];
    };
    const on = (engine: string): string => `  TensorScalar y <- x, op = mul, scalar = 3${engine}
  TensorTensor y <- y, x, op = sub${engine === ', engine = scalar' ? '' : engine}
  TensorCopy y <- y${engine}`;
    const vector = outputOf(on(''));
    assert.deepEqual(outputOf(on(', engine = scalar')), vector);
    assert.deepEqual(outputOf(on(', engine = gpsimd').replace('op = mul, scalar = 3, engine = gpsimd', 'op = mul, scalar = 3')), vector);
  });

  it('the cost model runs the instruction on the lane and at the clock of the engine chosen', () => {
    const src = program(`  TensorScalar y <- x, op = mul, scalar = 2   # dve
  TensorScalar x <- y, op = mul, scalar = 2, engine = scalar   # act`);
    for (const machine of ['trn1', 'trn2']) {
      const profile = PROFILES.get(machine)!;
      const s = scheduled(src, profile);
      const st = s.recording.stream;
      const [dve] = onLine(s, lineOf(src, '# dve'));
      const [act] = onLine(s, lineOf(src, '# act'));
      assert.deepEqual([st.engine[dve], st.engine[act]], [ENGINE_CODE.DVE, ENGINE_CODE.ACT]);
      const cost = (i: number): number => instructionCost(profile, st, i, { busy: 0, exposed: 0 }).busy;
      // 512 elements of one input: 512 cycles on each, at the vector clock and at the scalar clock.
      assert.equal(cost(dve), 512 / profile.vectorGHz);
      assert.equal(cost(act), 512 / profile.scalarGHz);
    }
  });

  it('a Transpose on the vector engine is timed as a vector instruction, not as a pass through the PE array', () => {
    const src = `module t
func main() {
  sbuf s : bf16[32, 32]
  psum d : bf16[32, 32]
  psum e : bf16[32, 32]
  Memset s <- 1
  Transpose d <- s   # pe
  Transpose e <- s, engine = vector   # dve
}
`;
    const profile = PROFILES.get('trn2')!;
    const s = scheduled(src, profile);
    const st = s.recording.stream;
    const [pe] = onLine(s, lineOf(src, '# pe'));
    const [dve] = onLine(s, lineOf(src, '# dve'));
    assert.deepEqual([st.engine[pe], st.engine[dve]], [ENGINE_CODE.PE, ENGINE_CODE.DVE]);
    assert.equal(instructionCost(profile, st, pe, { busy: 0, exposed: 0 }).busy, profile.matmulMinCycles / profile.tensorGHz);
    // 32 elements per partition: the minimum instruction, and the static overhead of a small one.
    assert.equal(instructionCost(profile, st, dve, { busy: 0, exposed: 0 }).busy, (profile.minInstructionCycles + profile.staticOverheadCycles) / profile.vectorGHz);
  });
});
