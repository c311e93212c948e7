// The schedule pass across the iterations of a loop declared `independent` (engine/passes/interleave.ts): unrolled by
// two with second buffers for the body's tiles, the two iterations interleaved, only where declared, bit for bit
// the same results (a kernel, every example, random programs), and the debugger still steps the reordered loop.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { mainModule, programOf } from '../helpers/virtual-host';
import { checkProgram } from '../../engine/lang/check/checker';
import { runProgram, npyMachineOptions } from '../../engine/run/simulate';
import { ForNode, Program } from '../../engine/ir/program';
import { forEachNode } from '../../engine/ir/numbering';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { PassName } from '../../engine/passes/registry';
import { DebugCore } from '../../engine/debug/debug-core';
import { random } from '../helpers/generated-programs';

function bits(program: Program): string {
  const { outcome, machine } = runProgram(program, { output: () => undefined });
  const drams = machine.drams.map((t) => `${t.name}:${Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex')}/${Buffer.from(t.written).toString('hex')}`);
  return `${outcome.kind === 'failed' ? `failed: ${outcome.fault.code}` : outcome.kind} ${drams.join(' ')}`;
}

function scheduled(program: Program): Program {
  const snaps = runPipeline(program, ['schedule']);
  return snaps[snaps.length - 1].program;
}

function loops(program: Program): ForNode[] {
  const out: ForNode[] = [];
  forEachNode(program.main.body, (n) => void (n.kind === 'for' && out.push(n)));
  return out;
}

/** Load a row block, exp, scale, store: each iteration's tiles its own. */
const KERNEL = (independent: string, trips = 4) => mainModule([`dram x : f32[${trips * 8}, 16] input = random(seed=4, low=-1, high=1)`, `dram y : f32[${trips * 8}, 16] output`], [
  `for r0 in 0..${trips} ${independent}{`,
  '  sbuf t : f32[8, 16]',
  '  sbuf u : f32[8, 16]',
  '  DmaCopy t <- x[r0*8 : r0*8+8, :]',
  '  Activation u <- t, func = exp',
  '  TensorScalar t <- u, op = mul, scalar = 2',
  '  DmaCopy y[r0*8 : r0*8+8, :] <- t',
  '}',
  'Set r1 = r0',
]);

describe('schedule across independent iterations', function () {
  this.timeout(120_000);

  it('unrolls an independent loop by two and interleaves the iterations, each with its own tiles; the same bits', () => {
    const program = programOf(KERNEL('independent '));
    const after = scheduled(program);
    const [loop] = loops(after);
    assert.equal(loop.step.kind === 'const' && loop.step.value, 2);
    const body = loop.body.nodes.toArray().map((n) => (n.kind === 'instr' ? `${n.opcode} ${n.dst?.kind === 'tensor' ? n.dst.ap.text : ''}` : n.kind));
    assert.deepEqual(body, [
      'DmaCopy t', 'Activation u', 'DmaCopy t__2', 'TensorScalar t', 'Activation u__2', 'DmaCopy y[r0*8 : r0*8+8, :]', 'TensorScalar t__2', 'DmaCopy y[(r0 + 1)*8:(r0 + 1)*8 + 8, 0:16]',
    ]);
    assert.deepEqual(after.main.allocs.map((a) => `${a.name}@${a.placement.offset}`), ['t@0', 'u@64', 't__2@128', 'u__2@192']);
    assert.equal(bits(after), bits(program));
  });

  it('leaves a loop alone unless it is declared independent, and an odd number of iterations', () => {
    for (const text of [KERNEL(''), KERNEL('independent ', 3)]) {
      const program = programOf(text);
      const after = scheduled(program);
      const [loop] = loops(after);
      assert.equal(loop.step.kind === 'const' && loop.step.value, 1);
      assert.equal(after.main.allocs.length, 2);
      assert.equal(bits(after), bits(program));
    }
  });

  it('every example, through schedule and the whole pipeline, computes the same bits', () => {
    const root = path.resolve(__dirname, '..', '..', 'examples');
    const files = fs.readdirSync(root).filter((f) => f.endsWith('.bir')).map((f) => path.join(root, f));
    for (const file of files) {
      const program = checkProgram(file).program;
      if (!program) continue;
      const want = bits(program);
      for (const passes of [['schedule'], [...PASS_NAMES]] as PassName[][]) {
        const snaps = runPipeline(program, passes);
        assert.equal(bits(snaps[snaps.length - 1].program), want, `${file} ${passes.join(',')}`);
      }
    }
  });

  it('random programs of independent loops compute the same bits after schedule (and some do interleave)', () => {
    const rnd = random(77);
    let interleavedLoops = 0;
    for (let seed = 0; seed < 40; seed++) {
      const text = randomKernel(rnd);
      const program = programOf(text);
      const after = scheduled(program);
      if (loops(after).some((l) => l.step.kind === 'const' && l.step.value === 2)) interleavedLoops++;
      assert.equal(bits(after), bits(program), text);
    }
    assert.ok(interleavedLoops >= 10, `${interleavedLoops} of 40 random programs were interleaved`);
  });

  it('the debugger steps the reordered loop line by line, in the order it runs, to the same end', () => {
    const after = scheduled(programOf(KERNEL('independent ')));
    const core = new DebugCore(after, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
    core.setBreakpoints(after.entry.file, [{ line: 8 }]);
    const lines: number[] = [];
    let r0AfterLoop = '';
    let o = core.run();
    while (o.kind === 'yield') o = core.run();
    core.setBreakpoints(after.entry.file, []);
    while (o.kind === 'stopped' && lines.length < 100) {
      lines.push(core.stackTrace(1).frames[0].line);
      if (lines[lines.length - 1] === 13) r0AfterLoop = core.evaluate('r0', undefined, 'repl').result;
      core.step('over', 1, 'line');
      o = core.run();
      while (o.kind === 'yield') o = core.run();
    }
    assert.equal(o.kind, 'ended');
    // Each pair of iterations: its body lines as the schedule runs them (8 9 8 10 9 11 10 11); after the loop, its
    // line (the Set that leaves r0 at its last value), then the next line.
    const pair = [8, 9, 8, 10, 9, 11, 10, 11];
    assert.deepEqual(lines, [...pair, ...pair, 5, 13]);
    assert.equal(r0AfterLoop, '3');
  });
});

/** A loop of 2, 4 or 6 independent iterations over tiles of its own, with elementwise steps on several engines. */
function randomKernel(rnd: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const trips = pick([2, 4, 6]);
  const tiles = ['a', 'b', 'c'];
  const body: string[] = ['  sbuf a : f32[4, 8]', '  sbuf b : f32[4, 8]', '  sbuf c : f32[4, 8]', '  DmaCopy a <- x[r0*4 : r0*4+4, :]', '  DmaCopy b <- w'];
  const written = new Set(['a', 'b']);
  for (let k = 0; k < 2 + Math.floor(rnd() * 5); k++) {
    const dst = pick(tiles);
    const src = pick([...written]);
    const other = pick([...written]);
    body.push(pick([
      `  TensorScalar ${dst} <- ${src}, op = ${pick(['add', 'mul', 'max'])}, scalar = ${pick(['0.5', '2', 'r0'])}`,
      `  Activation ${dst} <- ${src}, func = ${pick(['exp', 'tanh', 'relu'])}`,
      `  TensorTensor ${dst} <- ${src}, ${other}, op = ${pick(['add', 'mul', 'sub'])}`,
      `  TensorCopy ${dst} <- ${src}`,
    ]));
    written.add(dst);
  }
  body.push(`  DmaCopy y[r0*4 : r0*4+4, :] <- ${pick([...written])}`);
  // Sometimes a write every iteration makes alike (the checker warns; the scheduler keeps its order).
  if (rnd() < 0.3) body.push(`  DmaCopy z <- ${pick([...written])}`);
  return mainModule([`dram x : f32[${trips * 4}, 8] input = random(seed=${Math.floor(rnd() * 100)}, low=-2, high=2)`, 'dram w : f32[4, 8] input = random(seed=9)', `dram y : f32[${trips * 4}, 8] output`, 'dram z : f32[4, 8] output'], [
    `for r0 in 0..${trips} independent {`, ...body, '}',
  ]);
}
