/**
 * A pipeline's snapshots without a copy of the program per pass: only the first, the last and a few recent programs
 * are held; the others are made again when asked for, and each one made again is the program the pass made, node
 * for node and line for line, asked for in any order. A pass with nothing to do shares the program before it.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { forEachNode } from '../../engine/ir/numbering';
import { Node, Program } from '../../engine/ir/program';
import { checkProgram } from '../../engine/lang/check/checker';
import { printProgramText } from '../../engine/passes/program-text';
import { PASS_NAMES, runPipeline } from '../../engine/passes/pipeline';
import { PassName, passNamed } from '../../engine/passes/registry';
import { SnapshotPrograms } from '../../engine/passes/snapshot-programs';
import { programOf } from '../helpers/virtual-host';

const EXAMPLES = path.resolve(__dirname, '../../examples');

function examples(dir = EXAMPLES): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? examples(full) : e.name.endsWith('.bir') ? [full] : [];
  });
}

function describeNode(n: Node): string {
  const members = n.kind === 'instr' && n.members ? ` [${n.members.map(describeNode).join('; ')}]` : '';
  const what = n.kind === 'instr' ? n.opcode : n.kind;
  return `${n.index} ${n.id} ${what} ${n.span.file}:${n.span.line}:${n.span.col}-${n.span.endLine}:${n.span.endCol}${members}`;
}

/** Everything a consumer can see of a program: its nodes in order, and its text. */
function fingerprint(written: Program, program: Program): string {
  const nodes: string[] = [];
  for (const fn of program.functions.values()) forEachNode(fn.body, (n) => nodes.push(`${fn.fullName} ${describeNode(n)}`));
  return `${nodes.join('\n')}\n${printProgramText(written, program).text}`;
}

/** The passes run one after the other, every program kept: the plain way the pipeline used to work. */
function everyProgram(program: Program, passes: readonly PassName[]): Program[] {
  const out = [program];
  for (const p of passes) out.push(passNamed(p).run(out[out.length - 1]).program);
  return out;
}

function shuffled(n: number, seed: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let s = seed;
  for (let i = n - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) >>> 0;
    const j = s % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

describe('snapshot programs', () => {
  for (const file of examples()) {
    it(`every snapshot of ${path.relative(EXAMPLES, file)} is the program its pass made, in any order`, function () {
      this.timeout(120_000);
      const checked = checkProgram(file);
      assert.ok(checked.program, `${file} checks`);
      const written = checked.program;
      const passes = [...PASS_NAMES, 'dce', 'fuse'] as PassName[];
      const expected = everyProgram(written, passes).map((p) => fingerprint(written, p));
      const snapshots = runPipeline(written, passes);
      for (const i of [...shuffled(snapshots.length, 7), snapshots.length - 2, 1, snapshots.length - 2]) {
        assert.strictEqual(fingerprint(written, snapshots[i].program), expected[i], `snapshot ${i} (${snapshots[i].pass})`);
        assert.strictEqual(snapshots[i].nodeCount, snapshots[i].program.code.length, `snapshot ${i}'s node count`);
      }
    });
  }

  it('holds the first, the last and the two asked for most recently, whatever is asked', () => {
    const written = programOf(`module m\nfunc main() {\n  sbuf t : f32[4, 8]\n  sbuf u : f32[4, 8]\n  Memset t <- 1\n  TensorScalar u <- t, op = add, scalar = 1\n  TensorScalar u <- u, op = mul, scalar = 2\n  Memset t <- 3\n  TensorScalar t <- t, op = add, scalar = 1\n}\n`);
    const passes: PassName[] = ['dce', 'fuse', 'schedule', 'dce'];
    const programs = new SnapshotPrograms(written, passes);
    let previous = written;
    passes.forEach((p, k) => {
      previous = passNamed(p).run(previous).program;
      programs.record(k + 1, previous);
      assert.deepStrictEqual(programs.held(), k === 0 ? [0, 1] : [0, k + 1], `while pass ${k + 1} runs, only the first and the newest are held`);
    });
    programs.program(2);
    programs.program(1);
    assert.deepStrictEqual(programs.held(), [0, 1, 2, 4]);
    programs.program(3);
    assert.deepStrictEqual(programs.held(), [0, 1, 3, 4], 'the least recent of the two is let go');
    programs.program(4);
    programs.program(0);
    assert.deepStrictEqual(programs.held(), [0, 1, 3, 4], 'the first and the last do not count as recent');
  });

  it('a pass with nothing to do shares the program before it, and the pipeline says it changed nothing', () => {
    const written = programOf(`module m\nfunc main() {\n  sbuf t : f32[4, 8]\n  Memset t <- 1\n  TensorScalar t <- t, op = add, scalar = 1\n  TensorScalar t <- t, op = mul, scalar = 2\n}\n`);
    assert.strictEqual(passNamed('inline').applies(written), false, 'no call: inline does not apply');
    assert.strictEqual(passNamed('unroll').applies(written), false, 'no loop: unroll does not apply');
    const snapshots = runPipeline(written, ['inline', 'unroll', 'fuse', 'schedule']);
    assert.strictEqual(snapshots[1].program, written);
    assert.strictEqual(snapshots[2].program, written);
    assert.deepStrictEqual(snapshots.map((s) => s.unchanged), [false, true, true, false, true]);
    assert.notStrictEqual(snapshots[3].program, written, 'fuse made a group');
    assert.strictEqual(snapshots[4].program, snapshots[3].program, 'schedule found nothing to move');
  });

  it('a pass that applies but changes nothing also shares: its copy is dropped', () => {
    const written = programOf(`module m\nfunc f(t: sbuf f32[4, 8]) {\n  Memset t <- 1\n}\nfunc main() {\n  sbuf t : f32[4, 8]\n  for r0 in 0..100 {\n    call f(t)\n  }\n}\n`);
    assert.strictEqual(passNamed('unroll').applies(written), true);
    const snapshots = runPipeline(written, ['unroll']);
    assert.strictEqual(snapshots[1].unchanged, true, 'a loop of 100 iterations is not unrolled');
    assert.strictEqual(snapshots[1].program, written);
  });
});
