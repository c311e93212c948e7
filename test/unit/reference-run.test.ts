/**
 * A run compared with a reference folder as it goes (issue 27, item 2): the first write of an output out of tolerance
 * ends the run, named with its element, both values, its instruction and `:why`. The references are the outputs of the
 * program itself (bir-sim run --out), nudged at a known element, or of a program that differs in one operand.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main } from '../../engine/cli/bir-sim';
import { ReferenceFolder } from '../../engine/diff/output-reference';
import { runAgainstReference } from '../../engine/diff/reference-run';
import { readNpyFile, writeNpyFile } from '../../engine/io/npy';
import { npyMachineOptions } from '../../engine/run/simulate';
import { programOf } from '../helpers/virtual-host';

const PROGRAM = `module m
dram a : f32[4, 8] input = iota
dram b : f32[4, 8] output
dram c : f32[4, 8] output

func main() {
  sbuf t : f32[4, 8]
  DmaCopy t <- a
  TensorScalar t <- t, op = add, scalar = 1
  DmaCopy b <- t
  for r1 in 0..4 {
    TensorScalar t[r1 : r1+1, 0:8] <- t[r1 : r1+1, 0:8], op = mul, scalar = 2
    DmaCopy c[r1 : r1+1, 0:8] <- t[r1 : r1+1, 0:8]
  }
}
`;

function lineOf(text: string, piece: string): number {
  return text.split('\n').findIndex((l) => l.includes(piece)) + 1;
}

function cli(args: string[]): { status: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const status = main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('a run against a reference', () => {
  let dir: string;
  let file: string;
  let ref: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reference-run-'));
    file = path.join(dir, 'k.bir');
    ref = path.join(dir, 'ref');
    fs.writeFileSync(file, PROGRAM);
    const made = cli(['run', file, '--out', ref, '--quiet']);
    assert.strictEqual(made.status, 0, made.err);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function nudge(name: string, index: number, by: number): void {
    const npy = readNpyFile(path.join(ref, `${name}.npy`));
    npy.data[index] += by;
    writeNpyFile(path.join(ref, `${name}.npy`), npy);
  }

  it('every write agrees with the program\'s own outputs: exit 0', () => {
    const r = cli(['run', file, '--reference', ref]);
    assert.strictEqual(r.status, 0, r.err);
    assert.match(r.out, /every write agrees: 64 element writes of b, c against .*ref bit for bit/);
  });

  it('an element of the reference nudged: the run ends at its write (exit 1), named with both values, the instruction and :why; within --atol it agrees', () => {
    nudge('c', 2 * 8 + 5, 1e-3);
    const r = cli(['run', file, '--reference', ref]);
    assert.strictEqual(r.status, 1);
    assert.match(r.err, new RegExp(`c\\[2, 5\\] = 44 differs from .*c\\.npy \\(44\\.00\\d*\\), written by DmaCopy at instruction \\d+ \\(core 0\\) .*k\\.bir:${lineOf(PROGRAM, 'DmaCopy c[')}:5`));
    assert.match(r.err, new RegExp(`:why c\\[2, 5\\] = 44 ← DmaCopy .*k\\.bir:${lineOf(PROGRAM, 'DmaCopy c[')}:5`));
    assert.match(r.err, /the run was ended there, after \d+ element writes/);
    const within = cli(['run', file, '--reference', ref, '--atol', '0.01']);
    assert.strictEqual(within.status, 0, within.err);
    assert.match(within.out, /every write agrees: .*\(rtol 0, atol 0\.01\)/);
  });

  it('a program that differs in one operand is stopped at its first write out of tolerance, and :why reaches the instruction', () => {
    const changed = programOf(PROGRAM.replace('op = mul, scalar = 2', 'op = mul, scalar = 2.001'), 'k.bir');
    const folder = new ReferenceFolder(changed, ref, 'ref', { rtol: 1e-5, atol: 0 });
    const r = runAgainstReference(changed, npyMachineOptions({}), folder);
    assert.strictEqual(r.outcome, undefined, 'the run was ended at the write');
    assert.strictEqual(r.first?.mismatch.element, 'c[0, 0]');
    assert.strictEqual(r.writes, 32 + 1, 'b agrees, then the first element of c');
    assert.strictEqual((r.first!.writer.member ?? r.first!.writer.node).span.line, lineOf(PROGRAM, 'DmaCopy c['));
    const read = r.first!.origin!.inputs[0];
    assert.strictEqual(read.name, 't[0, 0]');
    assert.ok(Math.abs(read.value.value - 2.001) < 1e-6, `the DmaCopy read t[0, 0] = ${read.value.value}`);
  });

  it('exit 2: a reference of another shape names the tensor; --rtol without --reference; no such folder', () => {
    writeNpyFile(path.join(ref, 'b.npy'), { dtype: 'f32', shape: [4], data: new Float32Array(4) });
    const shape = cli(['run', file, '--reference', ref]);
    assert.strictEqual(shape.status, 2);
    assert.match(shape.err, /b\.npy holds an array of shape \(4\) but the output 'b' is f32\[4, 8\]/);
    const tol = cli(['run', file, '--rtol', '1e-3']);
    assert.strictEqual(tol.status, 2);
    assert.match(tol.err, /--rtol and --atol compare with a reference: they need --reference DIR/);
    const none = cli(['run', file, '--reference', path.join(dir, 'none')]);
    assert.strictEqual(none.status, 2);
    assert.match(none.err, /--reference .*none: no such folder/);
    const bad = cli(['run', file, '--reference', ref, '--atol', '-1']);
    assert.strictEqual(bad.status, 2);
    assert.match(bad.err, /--atol must be a number from 0, found '-1'/);
  });
});
