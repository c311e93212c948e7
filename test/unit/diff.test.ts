/**
 * Differential debugging: two programs run on the same inputs, divergences planted by construction (one operand, a
 * rounding, the order of a reduction, an extra step; across a call, a loop, two cores, fused and inlined code), and
 * the first divergent DRAM write and the instruction where the difference was born are the planted ones. Programs
 * that do not differ (a program and itself after every pass) are said to agree. bir-sim diff's exit status: 0, 1, 2.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { diffRuns, RunDiff } from '../../engine/diff/diff-runs';
import { UnmatchedPrograms } from '../../engine/diff/dram-match';
import { Program } from '../../engine/ir/program';
import { runPipeline } from '../../engine/passes/pipeline';
import { PassName } from '../../engine/passes/registry';
import { main } from '../../engine/cli/bir-sim';
import { NpyArray } from '../../engine/io/npy';
import { programOf } from '../helpers/virtual-host';
import { changed, LOOPS_AND_CALLS } from '../helpers/diff-programs';

function lineOf(text: string, needle: string): number {
  const line = text.split('\n').findIndex((l) => l.includes(needle)) + 1;
  assert.ok(line > 0, `'${needle}' in the program`);
  return line;
}

function side(text: string, name: string, passes: PassName[] = [], cores = 1): { program: Program; label: string; cores: number } {
  const snapshots = runPipeline(programOf(text, name), passes);
  return { program: snapshots[snapshots.length - 1].program, label: name, cores };
}

function diff(a: string, b: string, passesB: PassName[] = [], cores = 1, inputs: Record<string, NpyArray> = {}): RunDiff {
  return diffRuns(side(a, 'a.bir', [], cores), side(b, 'b.bir', passesB, cores), { inputs });
}

/** The instruction where the difference was born, on each side: its line and the element it wrote. */
function born(d: RunDiff): { a: { line?: number; name: string; value: number }; b: { line?: number; name: string; value: number }; extra?: string } {
  assert.ok(d.steps && d.steps.length > 0, 'the walk has steps');
  const last = d.steps[d.steps.length - 1];
  const of = (s: typeof last.a): { line?: number; name: string; value: number } => ({ line: (s.origin.by?.member ?? s.origin.by?.node)?.span.line, name: s.name, value: s.value.value });
  return { a: of(last.a), b: of(last.b), extra: last.extra };
}

describe('differential runs', () => {
  it('a program and itself do not differ, nor do they after every pass (the passes are bit-exact)', () => {
    const same = diff(LOOPS_AND_CALLS, LOOPS_AND_CALLS);
    assert.strictEqual(same.differ, false);
    assert.strictEqual(same.dram, undefined);
    assert.strictEqual(same.writes, 32, 'every element of b written once');
    const passed = diff(LOOPS_AND_CALLS, LOOPS_AND_CALLS, ['inline', 'unroll', 'fuse', 'dce', 'schedule']);
    assert.strictEqual(passed.differ, false);
  });

  it('one operand changed in a loop: the first write of b differs, born at the first iteration, through the call', () => {
    const b = changed(LOOPS_AND_CALLS, 'scalar = 1', 'scalar = 1.5');
    const d = diff(LOOPS_AND_CALLS, b);
    assert.ok(d.differ);
    assert.strictEqual(d.dram?.element, 'b[0, 0]');
    assert.strictEqual(d.dram?.ordinal, 0);
    // a[0, 0] = 0: A adds 1 three times then doubles, B adds 1.5.
    assert.strictEqual(d.dram?.a?.value, 6);
    assert.strictEqual(d.dram?.b?.value, 9);
    assert.strictEqual(d.dram?.a?.writer?.node.span.line, lineOf(LOOPS_AND_CALLS, 'DmaCopy b <- u'));
    const o = born(d);
    assert.deepStrictEqual(o.a, { line: lineOf(LOOPS_AND_CALLS, 'TensorScalar'), name: 't[0, 0]', value: 1 });
    assert.deepStrictEqual(o.b, { line: lineOf(b, 'TensorScalar'), name: 't[0, 0]', value: 1.5 });
    // The walk went back through the DMA, the callee's Activation and three iterations of the loop.
    assert.deepStrictEqual(d.steps!.map((s) => s.a.name), ['b[0, 0]', 'u[0, 0]', 't[0, 0]', 't[0, 0]', 't[0, 0]']);
    assert.match(d.steps![1].a.origin.text, /^Activation at instruction 5 .*a\.bir:18:/);
  });

  it('an operand changed in the callee is born in the callee', () => {
    const b = changed(LOOPS_AND_CALLS, 'func = identity, scale = r3', 'func = identity, scale = r3, bias = 0.25');
    const o = born(diff(LOOPS_AND_CALLS, b));
    assert.strictEqual(o.a.line, lineOf(LOOPS_AND_CALLS, 'Activation'));
    assert.strictEqual(o.b.line, lineOf(b, 'Activation'));
    assert.deepStrictEqual([o.a.value, o.b.value], [6, 6.25]);
  });

  it('a rounding: an intermediate kept in bf16 is born at the copy that rounds', () => {
    const a = `module r
dram x : f32[2, 8] input = random(seed=7, low=-1, high=1)
dram y : f32[2, 8] output
func main() {
  sbuf t : f32[2, 8]
  DmaCopy t <- x
  TensorScalar t <- t, op = mul, scalar = 3
  DmaCopy y <- t
}
`;
    const b = changed(a, 'sbuf t : f32[2, 8]', 'sbuf t : bf16[2, 8]');
    const d = diff(a, b);
    assert.strictEqual(d.dram?.element, 'y[0, 0]');
    const o = born(d);
    assert.strictEqual(o.a.line, lineOf(a, 'DmaCopy t <- x'));
    assert.strictEqual(o.b.line, lineOf(b, 'DmaCopy t <- x'));
    assert.notStrictEqual(o.a.value, o.b.value);
    assert.strictEqual(o.b.value, bf16(o.a.value));
  });

  it('the order of a reduction: one fold against two partial sums, born at the reductions', () => {
    const a = `module s
dram x : f32[4, 8] input
dram y : f32[4, 1] output
func main() {
  sbuf t : f32[4, 8]
  sbuf s : f32[4, 1]
  DmaCopy t <- x
  TensorReduce s <- t, op = add
  DmaCopy y <- s
}
`;
    const b = `module s
dram x : f32[4, 8] input
dram y : f32[4, 1] output
func main() {
  sbuf t : f32[4, 8]
  sbuf h : f32[4, 1]
  sbuf k : f32[4, 1]
  sbuf s : f32[4, 1]
  DmaCopy t <- x
  TensorReduce h <- t[0:4, 4:8], op = add
  TensorReduce k <- t[0:4, 0:4], op = add
  TensorTensor s <- h, k, op = add
  DmaCopy y <- s
}
`;
    // Rows 0 and 1 sum alike in both orders; rows 2 and 3 do not (big and small terms meet in another order).
    const rows = [[1, 2, 3, 4, 5, 6, 7, 8], [0.5, 0.25, 0, 0, 1, 2, 4, 8], [1e8, 1, 1, 1, 2, 2, 2, 2], [3, 1e8, 3, 3, -1e8, 3, 3, 3]];
    const x: NpyArray = { dtype: 'f32', shape: [4, 8], data: Float32Array.from(rows.flat()) };
    const d = diff(a, b, [], 1, { x });
    const fold = (r: number[]): number => foldF32(r);
    const halves = (r: number[]): number => Math.fround(foldF32(r.slice(4)) + foldF32(r.slice(0, 4)));
    const first = rows.findIndex((r) => fold(r) !== halves(r));
    assert.strictEqual(first, 2, 'the test plants its first difference in row 2');
    assert.strictEqual(d.dram?.element, 'y[2, 0]');
    assert.strictEqual(d.dram!.a!.value, fold(rows[2]));
    assert.strictEqual(d.dram!.b!.value, halves(rows[2]));
    const o = born(d);
    assert.strictEqual(o.a.line, lineOf(a, 'TensorReduce'));
    assert.strictEqual(o.b.line, lineOf(b, 'TensorTensor'));
  });

  it('two cores: a step only core 1 takes in B is born there, on core 1', () => {
    const a = `module q
dram x : f32[2, 4] input = iota
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[1, 4]
  Set r0 = core
  DmaCopy s <- x[r0:r0+1, 0:4]
  TensorScalar s <- s, op = mul, scalar = 10
  DmaCopy y[r0:r0+1, 0:4] <- s
  Barrier
}
`;
    const b = changed(a, '  DmaCopy y[r0', '  TensorScalar s <- s, op = add, scalar = r0\n  DmaCopy y[r0');
    const d = diff(a, b, [], 2);
    assert.strictEqual(d.dram?.element, 'y[1, 0]', 'core 0 adds 0: the same bits');
    assert.strictEqual(d.dram?.a?.writer?.core, 1);
    const o = born(d);
    assert.strictEqual(o.extra, 'b');
    assert.strictEqual(o.b.line, lineOf(b, 'op = add'));
    assert.strictEqual(o.a.line, lineOf(a, 'op = mul'));
    assert.deepStrictEqual([o.a.value, o.b.value], [40, 41]);
    assert.strictEqual(d.steps![d.steps!.length - 1].b.origin.by?.core, 1);
  });

  it('in fused and inlined code: the member of the group B runs, on the line of the callee', () => {
    const program = `module f
dram x : f32[2, 4] input = iota
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[2, 4]
  sbuf u : f32[2, 4]
  DmaCopy s <- x
  call step(u, s)
  DmaCopy y <- u
}
func step(dst: sbuf f32[2, 4], src: sbuf f32[2, 4]) {
  TensorScalar dst <- src, op = add, scalar = 1
  TensorScalar dst <- dst, op = mul, scalar = 2
  Activation dst <- dst, func = relu
}
`;
    const b = changed(program, 'op = mul, scalar = 2', 'op = mul, scalar = 3');
    const d = diff(program, b, ['inline', 'fuse']);
    assert.strictEqual(d.dram?.element, 'y[0, 0]');
    const last = d.steps![d.steps!.length - 1];
    assert.ok(last.b.origin.by?.member, 'B wrote through a member of a fused group');
    assert.match(last.b.origin.by.node.id, /\+g1$/, 'the group of the inlined code');
    assert.strictEqual(last.b.origin.by.member.span.line, lineOf(b, 'op = mul'));
    assert.strictEqual(last.a.origin.by?.node.span.line, lineOf(program, 'op = mul'));
    assert.deepStrictEqual([last.a.value.value, last.b.value.value], [2, 3]);
  });

  it('a write only one side makes, and a value no write made', () => {
    const a = `module w
dram x : f32[1, 4] input = iota
dram y : f32[1, 4] output = zeros
func main() {
  sbuf s : f32[1, 4]
  DmaCopy s <- x
  DmaCopy y[0:1, 0:2] <- s[0:1, 0:2]
}
`;
    const b = changed(a, 'y[0:1, 0:2] <- s[0:1, 0:2]', 'y <- s');
    const d = diff(a, b);
    assert.strictEqual(d.dram?.element, 'y[0, 2]');
    assert.strictEqual(d.dram?.a, undefined, 'A never writes y[0, 2]');
    assert.strictEqual(d.dram?.b?.value, 2);
    assert.strictEqual(d.lone?.side, 'b');
    const init = diff(a, changed(a, 'output = zeros', 'output = const(5)'));
    assert.strictEqual(init.dram?.element, 'y[0, 2]');
    assert.strictEqual(init.dram?.initial, true);
    assert.deepStrictEqual([init.dram?.a?.value, init.dram?.b?.value], [0, 5]);
  });

  it('writes made in another order pair element by element; a write only B makes after the rows A shares', () => {
    const a = `module o
dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output
func main() {
  sbuf s : f32[4, 8]
  DmaCopy s <- x
  TensorScalar s <- s, op = mul, scalar = 2
  for r1 in 0..4 {
    DmaCopy y[r1 : r1+1, 0:8] <- s[r1 : r1+1, 0:8]
  }
}
`;
    const reversed = changed(a, 'DmaCopy y[r1 : r1+1, 0:8] <- s[r1 : r1+1, 0:8]', 'DmaCopy y[3-r1 : 4-r1, 0:8] <- s[3-r1 : 4-r1, 0:8]');
    const same = diff(a, reversed);
    assert.strictEqual(same.differ, false, 'the same writes in another order');
    assert.strictEqual(same.writes, 32);
    const d = diff(a, changed(reversed, 'scalar = 2', 'scalar = 3'));
    // y[0, 0] is 0 on both sides (0 · 2 = 0 · 3): y[0, 1] is the first element whose bits differ.
    assert.strictEqual(d.dram?.element, 'y[0, 1]', "the first in A's order, though B writes its row last");
    assert.deepStrictEqual([d.dram?.a?.value, d.dram?.b?.value], [2, 3]);
    assert.ok((d.dram?.b?.writer?.tick ?? 0) > (d.dram?.a?.writer?.tick ?? 0), 'B wrote it later in its run');
    assert.strictEqual(born(d).b.line, lineOf(a, 'TensorScalar'));
    const twice = diff(a, a.replace(/\n}\n$/, '\n  DmaCopy y[1:2, 0:8] <- s[1:2, 0:8]\n}\n'));
    assert.strictEqual(twice.dram?.element, 'y[1, 0]');
    assert.strictEqual(twice.dram?.ordinal, 1, 'its second write');
    assert.strictEqual(twice.dram?.a, undefined, 'which A never makes');
    assert.strictEqual(twice.dram?.b?.value, 16);
  });

  it('maxCallDepth holds in both runs: a call nested beyond it faults, naming the setting', () => {
    const nested = `module d
dram x : f32[1, 4] input = iota
dram y : f32[1, 4] output
func main() {
  sbuf s : f32[1, 4]
  DmaCopy s <- x
  call outer(s)
  DmaCopy y <- s
}
func outer(t: sbuf f32[1, 4]) {
  call inner(t)
}
func inner(t: sbuf f32[1, 4]) {
  TensorScalar t <- t, op = add, scalar = 1
}
`;
    const flat = changed(nested, '  call outer(s)', '  call inner(s)');
    assert.strictEqual(diff(nested, flat).differ, false, 'without a limit the runs agree');
    const limited = diffRuns(side(nested, 'a.bir'), side(flat, 'b.bir'), { maxCallDepth: 2, settingNames: { maxCallDepth: '--max-call-depth' } });
    assert.strictEqual(limited.differ, true);
    assert.strictEqual(limited.dram?.element, 'y[0, 0]');
    assert.strictEqual(limited.dram?.a, undefined, 'A faults before its write');
    const a = limited.outcomes.a;
    assert.ok(a?.kind === 'failed' && a.fault.code === 'recursion-depth', 'A faults at the call nested 3 deep');
    assert.match(a.fault.message, /the limit is 2 \(--max-call-depth\)/);
    assert.strictEqual(limited.outcomes.b.kind, 'exited');
  });

  it('programs whose DRAM tensors cannot be put side by side are refused, naming the tensor', () => {
    const other = changed(LOOPS_AND_CALLS, 'dram b : f32[4, 8] output', 'dram b : bf16[4, 8] output');
    assert.throws(() => diff(LOOPS_AND_CALLS, other), (e: Error) => e instanceof UnmatchedPrograms && /dram b is f32\[4, 8\] in a\.bir .* but bf16\[4, 8\] in b\.bir/.test(e.message));
  });
});

describe('bir-sim diff', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-diff-'));
    fs.writeFileSync(path.join(dir, 'a.bir'), LOOPS_AND_CALLS);
    fs.writeFileSync(path.join(dir, 'b.bir'), changed(LOOPS_AND_CALLS, 'scalar = 1', 'scalar = 1.5'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function cli(...argv: string[]): { status: number; out: string; err: string } {
    const out: string[] = [];
    const err: string[] = [];
    const status = main(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { status, out: out.join('\n'), err: err.join('\n') };
  }

  it('exits 1 when the runs differ, printing both sides as file:line:col and :why of each', () => {
    const r = cli('diff', path.join(dir, 'a.bir'), path.join(dir, 'b.bir'));
    assert.strictEqual(r.status, 1, r.err);
    assert.match(r.out, /first divergence at b\[0, 0\], its 1st write/);
    assert.match(r.out, /A: 6 \(bits 0x40c00000\) written by DmaCopy at instruction 6 \(core 0\) \S*a\.bir:14:3/);
    assert.match(r.out, /B: 9 \(bits 0x41100000\) written by DmaCopy/);
    assert.match(r.out, /A: t\[0, 0\] = 1 ← TensorScalar at instruction 1 \(core 0\) \S*a\.bir:10:5/);
    assert.match(r.out, /B: t\[0, 0\] = 1\.5 ← TensorScalar/);
    assert.match(r.out, /:why of A:\n {2}b\[0, 0\] = 6 ← DmaCopy/);
    assert.match(r.out, /:why of B:/);
  });

  it('exits 0 when they do not: a program against itself after passes', () => {
    const r = cli('diff', path.join(dir, 'a.bir'), path.join(dir, 'a.bir'), '--passes-b', 'inline,fuse,unroll');
    assert.strictEqual(r.status, 0, r.err);
    assert.match(r.out, /B = \S*a\.bir after inline, fuse, unroll/);
    assert.match(r.out, /the runs do not differ/);
  });

  it('exits 2 on bad input, saying what is wrong', () => {
    const a = path.join(dir, 'a.bir');
    assert.match(cli('diff', a).err, /'diff' takes two programs, A\.bir and B\.bir, found 1/);
    assert.strictEqual(cli('diff', a).status, 2);
    assert.match(cli('diff', a, path.join(dir, 'none.bir')).err, /no such file: .*none\.bir/);
    const npy = path.join(dir, 'z.npy');
    fs.writeFileSync(npy, '');
    const unknown = cli('diff', a, a, '--input', `z=${npy}`);
    assert.strictEqual(unknown.status, 2);
    assert.match(unknown.err, /--input z: neither .*a\.bir nor .*a\.bir has a dram tensor of that name/);
    assert.match(cli('diff', a, a, '--passes-b', 'nope').err, /--passes: unknown pass 'nope'/);
  });
});

/** A float32 rounded to bf16 (nearest, ties to even), as the machine stores it. */
function bf16(v: number): number {
  const f = new Float32Array([v]);
  const u = new Uint32Array(f.buffer);
  u[0] = (u[0] + 0x7fff + ((u[0] >> 16) & 1)) & 0xffff0000;
  return f[0];
}

/** A left fold in f32, each step rounded. */
function foldF32(xs: readonly number[]): number {
  return xs.reduce((s, x) => Math.fround(s + x), 0);
}
