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
const KERNEL_LOOP = (independent: string, trips = 4): string[] => [
  `for r0 in 0..${trips} ${independent}{`,
  '  sbuf t : f32[8, 16]',
  '  sbuf u : f32[8, 16]',
  '  DmaCopy t <- x[r0*8 : r0*8+8, :]',
  '  Activation u <- t, func = exp',
  '  TensorScalar t <- u, op = mul, scalar = 2',
  '  DmaCopy y[r0*8 : r0*8+8, :] <- t',
  '}',
  'Set r1 = r0',
  'Set r2 = r1',
];
const KERNEL_BODY = KERNEL_LOOP('independent ');
const KERNEL = (independent: string, trips = 4) => mainModule([`dram x : f32[${trips * 8}, 16] input = random(seed=4, low=-1, high=1)`, `dram y : f32[${trips * 8}, 16] output`], KERNEL_LOOP(independent, trips));

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

  it('leaves a loop alone unless it is declared independent', () => {
    const program = programOf(KERNEL(''));
    const after = scheduled(program);
    const [loop] = loops(after);
    assert.equal(loop.step.kind === 'const' && loop.step.value, 1);
    assert.equal(after.main.allocs.length, 2);
    assert.equal(bits(after), bits(program));
  });

  it('with an odd number of iterations, interleaves the pairs and runs the last one as written; the same bits and r0', () => {
    const program = programOf(KERNEL('independent ', 5));
    const after = scheduled(program);
    const [pairs, last] = loops(after);
    assert.deepEqual([pairs.from, pairs.to, pairs.step].map((e) => e.kind === 'const' && e.value), [0, 4, 2], 'iterations 0..3 in pairs');
    assert.deepEqual([last.from, last.to, last.step].map((e) => e.kind === 'const' && e.value), [4, 5, 1], 'iteration 4 alone');
    assert.deepEqual(last.body.nodes.toArray().map((n) => n.kind === 'instr' && n.opcode), ['DmaCopy', 'Activation', 'TensorScalar', 'DmaCopy'], 'the body as written');
    assert.equal(bits(after), bits(program));
    const r1 = (p: Program): string => {
      const core = new DebugCore(p, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
      core.setBreakpoints(p.entry.file, [{ line: 14 }]);
      let o = core.run();
      while (o.kind === 'yield') o = core.run();
      return core.evaluate('r1', undefined, 'repl').result;
    };
    assert.equal(r1(after), r1(program), 'r0 left at its last value (4), as the loop leaves it');
    assert.equal(r1(after), '4');
  });

  it('interleaves iterations that share a tile declared outside the loop when their index expressions keep them apart', () => {
    // Each iteration works on its own 16 columns of `acc`: the footprints say "some columns of acc" for both copies,
    // so without looking at r0*16 and (r0 + 1)*16 (16 apart) the next iteration's Activation waits for this one's
    // last TensorScalar, nothing of it moves ahead, and the loop is not unrolled.
    const shared = (width: number, set = false): string => {
      const cols = set ? `r2 : r2+${width}` : `r0*16 : r0*16+${width}`;
      return mainModule(['dram x : f32[8, 80] input = random(seed=5, low=-1, high=1)', 'dram y : f32[8, 80] output'], [
        'sbuf src : f32[8, 80]',
        'sbuf acc : f32[8, 80]',
        'DmaCopy src <- x',
        'Memset acc <- 0',
        'for r0 in 0..4 independent {',
        ...(set ? ['  Set r2 = r0*16'] : []),
        `  Activation acc[0:8, ${cols}] <- src[0:8, ${cols}], func = exp`,
        `  TensorScalar acc[0:8, ${cols}] <- acc[0:8, ${cols}], op = mul, scalar = 3`,
        `  TensorScalar acc[0:8, ${cols}] <- acc[0:8, ${cols}], op = add, scalar = 1`,
        '}',
        'DmaCopy y <- acc',
      ]);
    };
    const schedule = (text: string): { unrolled: boolean; lines: string[]; same: boolean } => {
      const program = programOf(text);
      const after = scheduled(program);
      const [loop] = loops(after);
      const lines = loop.body.nodes.toArray().map((n) => (n.kind === 'instr' ? `${n.id.endsWith('~next') ? 'next ' : ''}${n.opcode}` : n.kind));
      return { unrolled: loop.step.kind === 'const' && loop.step.value === 2, lines, same: bits(after) === bits(program) };
    };
    const apart = schedule(shared(16));
    assert.deepEqual(apart.lines, ['Activation', 'TensorScalar', 'next Activation', 'TensorScalar', 'next TensorScalar', 'next TensorScalar'], 'the next Activation ahead of this iteration\'s second TensorScalar');
    assert.ok(apart.same, 'the same bits');
    for (const [text, why] of [[shared(24), 'columns 24 wide, 16 apart: they overlap'], [shared(16, true), 'r2, which the body sets, in the bounds']] as const) {
      const kept = schedule(text);
      assert.ok(!kept.unrolled, `${why}: not unrolled (${kept.lines.join(', ')})`);
      assert.ok(kept.same, `${why}: the same bits`);
    }
  });

  it('interleaves an independent loop in a called function, unless the grown frame would not fit under its caller', () => {
    // `work` is called from main, whose frame holds `big`: the second buffers of work's tiles (2 x 64 bytes a
    // partition) sit on top of main's frame at run time; with `big` filling all but 192 bytes, they do not fit.
    const program = (bigBytes: number): string => ['module m', 'dram x : f32[32, 16] input = random(seed=4, low=-1, high=1)', 'dram y : f32[32, 16] output',
      'func main() {', `  sbuf big : u8[128, ${bigBytes}]`, '  Memset big <- 0', '  call work()', '}',
      'func work() {', ...KERNEL_BODY.map((l) => `  ${l}`), '}', ''].join('\n');
    const loopOf = (after: Program): ForNode => {
      const out: ForNode[] = [];
      forEachNode(after.functions.get('m::work')!.body, (n) => void (n.kind === 'for' && out.push(n)));
      return out[0];
    };
    const roomy = programOf(program(1024));
    const after = scheduled(roomy);
    const loop = loopOf(after);
    assert.equal(loop.step.kind === 'const' && loop.step.value, 2, 'unrolled in work');
    assert.deepEqual(after.functions.get('m::work')!.allocs.map((a) => a.name), ['t', 'u', 't__2', 'u__2']);
    assert.equal(bits(after), bits(roomy));
    const full = 192 * 1024 - 192;
    const tight = programOf(program(full));
    const left = scheduled(tight);
    const step = loopOf(left).step;
    assert.equal(step.kind === 'const' && step.value, 1, 'not unrolled: main\'s frame and work\'s grown frame would overflow SBUF');
    assert.equal(bits(left), bits(tight));
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

  it('random loops over columns of a shared tile, apart or overlapping, compute the same bits after schedule', () => {
    const rnd = random(31);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    let unrolled = 0;
    for (let seed = 0; seed < 40; seed++) {
      const [stride, width, trips] = [pick([4, 8]), pick([2, 4, 8]), pick([2, 3, 4])];
      const size = stride * trips + width;
      const cols = (shift: number): string => `0:4, r0*${stride}+${shift} : r0*${stride}+${shift + width}`;
      const body: string[] = [];
      for (let k = 0; k < 3 + Math.floor(rnd() * 3); k++) {
        body.push(pick([
          `  Activation acc[${cols(0)}] <- src[${cols(pick([0, stride]))}], func = ${pick(['exp', 'tanh'])}`,
          `  TensorScalar acc[${cols(0)}] <- acc[${cols(pick([0, stride]))}], op = ${pick(['add', 'mul'])}, scalar = ${pick(['0.5', 'r0'])}`,
          `  TensorTensor src[${cols(0)}] <- acc[${cols(0)}], src[${cols(0)}], op = sub`,
          `  TensorCopy acc[${cols(pick([0, stride]))}] <- src[${cols(0)}]`,
        ]));
      }
      const text = mainModule([`dram x : f32[4, ${size + stride}] input = random(seed=${seed}, low=-1, high=1)`, `dram y : f32[4, ${size + stride}] output`], [
        `sbuf src : f32[4, ${size + stride}]`, `sbuf acc : f32[4, ${size + stride}]`, 'DmaCopy src <- x', 'Memset acc <- 1',
        `for r0 in 0..${trips} independent {`, ...body, '}',
        'TensorTensor acc <- acc, src, op = add', 'DmaCopy y <- acc',
      ]);
      const program = programOf(text);
      const after = scheduled(program);
      if (loops(after).some((l) => l.step.kind === 'const' && l.step.value === 2)) unrolled++;
      assert.equal(bits(after), bits(program), text);
    }
    assert.ok(unrolled >= 5, `${unrolled} of 40 were interleaved`);
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
    assert.deepEqual(lines, [...pair, ...pair, 5, 13, 14]);
    assert.equal(r0AfterLoop, '3');
  });
});

/** A loop of 2 to 6 independent iterations over tiles of its own, with elementwise steps on several engines. */
function randomKernel(rnd: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  const trips = pick([2, 3, 4, 5, 6]);
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
