/**
 * Pass bisection (issue 27): passes count their rewrites and make only the first K under a budget; the bisection finds
 * the first rewrite after which the outputs differ. The project's passes are bit-exact, so wrong rewrites are planted
 * (test/helpers/wrong-rewrite.ts): rewrite k of pass P is corrupted, for every rewrite of every pass of the pipeline,
 * and the culprit must be (P, k) every time. A pipeline where nothing differs says so; a reference folder is compared
 * bit for bit or within a tolerance; bir-sim bisect's exit status is 0, 1 or 2 with errors that name what is wrong.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { bisectPasses, BisectResult } from '../../engine/diff/bisect';
import { folderReference } from '../../engine/diff/output-reference';
import { main } from '../../engine/cli/bir-sim';
import { Program } from '../../engine/ir/program';
import { forEachNode } from '../../engine/ir/numbering';
import { writeNpyFile } from '../../engine/io/npy';
import { tensorToNpy } from '../../engine/io/tensor-files';
import { PassInfo, passNamed, PASS_NAMES, PassName } from '../../engine/passes/registry';
import { Rewrite } from '../../engine/passes/rewrite-counter';
import { runProgram } from '../../engine/run/simulate';
import { programOf } from '../helpers/virtual-host';
import { withWrongRewrite } from '../helpers/wrong-rewrite';

/** Rewrites for every pass: two calls to inline, three dead stores, two chains to fuse, two short loops, moves. */
const PROGRAM = `module m
dram a : f32[4, 8] input = iota
dram b : f32[4, 8] output
dram c : f32[4, 8] output

func main() {
  sbuf t : f32[4, 8]
  sbuf u : f32[4, 8]
  sbuf v : f32[4, 8]
  sbuf junk : f32[4, 8]
  DmaCopy t <- a
  DmaCopy v <- a
  TensorScalar junk <- t, op = add, scalar = 3
  TensorScalar t <- t, op = add, scalar = 1
  TensorScalar t <- t, op = mul, scalar = 2
  Activation v <- v, func = identity, scale = 3
  for r1 in 0..3 {
    TensorScalar t <- t, op = add, scalar = r1
  }
  call bump(u, t)
  TensorScalar junk <- u, op = mul, scalar = 5
  TensorScalar u <- u, op = add, scalar = 4
  TensorScalar u <- u, op = mul, scalar = 3
  Activation v <- v, func = identity, scale = 2
  for r2 in 0..2 {
    TensorScalar u <- u, op = add, scalar = r2
  }
  call bump(v, v)
  TensorScalar junk <- v, op = add, scalar = 7
  TensorScalar t <- t, op = mul, scalar = 0.5
  Activation v <- v, func = identity, scale = 5
  TensorScalar u <- u, op = add, scalar = 6
  DmaCopy b <- t
  DmaCopy c <- u
  DmaCopy b[0:1, 0:8] <- v[0:1, 0:8]
}

func bump(dst: sbuf f32[4, 8], src: sbuf f32[4, 8]) {
  TensorScalar dst <- src, op = add, scalar = 10
}
`;

const PIPELINE: readonly PassName[] = ['inline', 'dce', 'fuse', 'unroll', 'schedule'];

function lineOf(piece: string): number {
  const i = PROGRAM.split('\n').findIndex((l) => l.includes(piece));
  assert.ok(i >= 0, `'${piece}' is in the program`);
  return i + 1;
}

/** Each pass's rewrites in the whole pipeline, recorded. */
function recorded(program: Program, passes: readonly PassName[]): Map<PassName, readonly Rewrite[]> {
  const out = new Map<PassName, readonly Rewrite[]>();
  let p = program;
  for (const name of passes) {
    const outcome = passNamed(name).run(p, { record: true });
    out.set(name, outcome.rewrites.rewrites!);
    p = outcome.program;
  }
  return out;
}

function ids(program: Program): string[] {
  const out: string[] = [];
  for (const fn of program.functions.values()) forEachNode(fn.body, (n) => out.push(n.id));
  return out;
}

function dram(program: Program): string[] {
  return runProgram(program).machine.drams.map((t) => Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength).toString('hex'));
}

function bisect(program: Program, passes: readonly PassInfo[], reference?: ReturnType<typeof folderReference>): BisectResult {
  return bisectPasses(program, { passes, label: 'test.bir', cores: 1, reference });
}

function cli(args: string[]): { status: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const status = main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

describe('rewrite counters', () => {
  it('every pass counts and records its rewrites, in its order, with what each was and where', () => {
    const r = recorded(programOf(PROGRAM), PIPELINE);
    const shown = (name: PassName) => r.get(name)!.map((w) => `${w.index} ${w.span.line}: ${w.what}`);
    assert.deepStrictEqual(shown('inline'), [`0 ${lineOf('call bump(u, t)')}: inlined the call of 'm::bump'`, `1 ${lineOf('call bump(v, v)')}: inlined the call of 'm::bump'`]);
    // Liveness runs backwards: the last dead store is the first removed.
    assert.deepStrictEqual(shown('dce'), [lineOf('scalar = 7'), lineOf('scalar = 5'), lineOf('scalar = 3')].map((l, i) => `${i} ${l}: removed TensorScalar: nothing reads 'junk' after it is written`));
    assert.deepStrictEqual(shown('fuse').map((s) => s.replace(/^\d+ \d+: /, '')), ['fused 2 instructions (TensorScalar, TensorScalar) into group g1', 'fused 3 instructions (TensorScalar, TensorScalar, TensorScalar) into group g2']);
    assert.deepStrictEqual(shown('unroll'), [`0 ${lineOf('for r1')}: unrolled the loop of r1 (3 iterations)`, `1 ${lineOf('for r2')}: unrolled the loop of r2 (2 iterations)`]);
    assert.ok(r.get('schedule')!.length >= 2, 'schedule moves instructions');
    assert.match(r.get('schedule')![0].what, /^moved group g1 \(DVE\) ahead of DmaCopy at line \d+, so that it follows DMA on another engine$/);
  });

  it('a budget makes only the first K rewrites (those the whole pass makes first); all of them make what no budget makes; none leaves the program as it was', () => {
    let input = programOf(PROGRAM);
    for (const name of PIPELINE) {
      const pass = passNamed(name);
      const whole = pass.run(input);
      const count = whole.rewrites.made;
      assert.ok(count > 0, `${name} rewrites something`);
      assert.strictEqual(whole.rewrites.rewrites, undefined, `${name}: nothing is recorded unless asked`);
      assert.deepStrictEqual(ids(pass.run(input, { budget: count }).program), ids(whole.program), `${name}: a budget of all its rewrites`);
      assert.deepStrictEqual(ids(pass.run(input, { budget: 0 }).program), ids(input), `${name}: a budget of none`);
      for (let k = 1; k < count; k++) {
        const part = pass.run(input, { budget: k, record: true });
        assert.strictEqual(part.rewrites.made, k, `${name} with budget ${k}`);
        assert.deepStrictEqual(part.rewrites.rewrites!.map((w) => w.what), pass.run(input, { record: true }).rewrites.rewrites!.slice(0, k).map((w) => w.what), `${name}: the first ${k} rewrites are the first ${k} of the whole pass`);
        assert.deepStrictEqual(dram(part.program), dram(input), `${name} with budget ${k} computes what its input computes`);
      }
      input = whole.program;
    }
  });

  it('the project\'s passes do not always run (a bisection may leave any of them out)', () => {
    assert.deepStrictEqual(PASS_NAMES.filter((n) => passNamed(n).alwaysRuns), []);
  });
});

describe('pass bisection', () => {
  it('a wrong rewrite planted at every index of every pass of the pipeline is the culprit found, in O(log rewrites) runs', () => {
    const program = programOf(PROGRAM);
    const rewrites = recorded(program, PIPELINE);
    const total = [...rewrites.values()].reduce((n, r) => n + r.length, 0);
    let planted = 0;
    for (const [p, name] of PIPELINE.entries()) {
      for (const rewrite of rewrites.get(name)!) {
        const passes = PIPELINE.map((n, i) => (i === p ? withWrongRewrite(passNamed(n), rewrite.index) : passNamed(n)));
        const r = bisect(program, passes);
        const where = `rewrite ${rewrite.index} of ${name}`;
        assert.strictEqual(r.verdict, 'culprit', where);
        assert.deepStrictEqual({ pass: r.culprit!.pass, passIndex: r.culprit!.passIndex, index: r.culprit!.rewrite.index }, { pass: name, passIndex: p, index: rewrite.index }, where);
        assert.deepStrictEqual({ what: r.culprit!.rewrite.what, line: r.culprit!.rewrite.span.line }, { what: rewrite.what, line: rewrite.span.line }, where);
        assert.strictEqual(r.mismatch?.kind, 'element', `${where}: an output element differs`);
        assert.ok(r.divergence?.dram, `${where}: the lockstep diff of before and after the rewrite finds the first differing write`);
        assert.ok(r.runs <= 3 + Math.ceil(Math.log2(total)), `${where}: ${r.runs} runs for ${total} rewrites`);
        planted++;
      }
    }
    assert.strictEqual(planted, total);
    assert.ok(total >= 12, `every pass has rewrites: ${total}`);
  });

  it('reports the first differing write between the program before and after the culprit: the fused member whose operand was changed', () => {
    const program = programOf(PROGRAM);
    const r = bisect(program, PIPELINE.map((n) => (n === 'fuse' ? withWrongRewrite(passNamed(n), 1) : passNamed(n))));
    assert.strictEqual(r.culprit?.pass, 'fuse');
    const d = r.divergence!.dram!;
    assert.strictEqual(d.element, 'c[0, 0]');
    // The corrupted member: the inlined `+ 10` of bump became `+ 11`, one more in every element of c.
    assert.strictEqual(d.a!.value - d.b!.value, 3, 'after (u + 11) * 3 against (u + 10) * 3');
    assert.deepStrictEqual(r.mismatch, { kind: 'element', tensor: 'c', element: 'c[0, 0]', index: 0, value: d.a!.value, expected: d.b!.value });
  });

  it('a pipeline where nothing differs says so, in two runs', () => {
    const r = bisect(programOf(PROGRAM), PIPELINE.map(passNamed));
    assert.strictEqual(r.verdict, 'nothing differs');
    assert.strictEqual(r.runs, 2, 'the program without passes and the program after them');
    assert.ok(r.rewrites >= 12);
  });

  it('a wrong rewrite that makes a loop run far longer is found: runs end at the instruction limit, which differs', () => {
    const program = programOf(PROGRAM);
    const unroll = passNamed('unroll');
    // Rewrite 0 of unroll leaves its loop in place, with a million iterations instead of three.
    const endless: PassInfo = {
      ...unroll,
      run: (p, limits) => unroll.run(p, { ...limits, tamper: (rewrite, placed, rewritten) => {
        if (rewrite.index !== 0) return placed;
        (rewritten[0] as { to: unknown }).to = { kind: 'const', value: 1e6 };
        return rewritten;
      } }),
    };
    const r = bisectPasses(program, { passes: [passNamed('inline'), endless], label: 'test.bir', cores: 1, maxInstructions: 2000 });
    assert.deepStrictEqual([r.verdict, r.culprit?.pass, r.culprit?.rewrite.index], ['culprit', 'unroll', 0]);
    assert.strictEqual(r.mismatch?.kind, 'ending');
    assert.match(r.mismatch?.kind === 'ending' ? r.mismatch.ending : '', /^faulted \(instruction-limit/);
  });

  it('maxCallDepth holds in every run: the call nested too deep faults before inline, not after', () => {
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
    const program = programOf(nested);
    assert.strictEqual(bisectPasses(program, { passes: [passNamed('inline')], label: 'test.bir', cores: 1 }).verdict, 'nothing differs', 'without a limit inline is bit-exact');
    const r = bisectPasses(program, { passes: [passNamed('inline')], label: 'test.bir', cores: 1, maxCallDepth: 2 });
    assert.deepStrictEqual([r.verdict, r.culprit?.pass], ['culprit', 'inline'], 'the program as written faults, its inlined form does not');
    assert.strictEqual(r.divergence?.outcomes.b.kind, 'failed', 'the lockstep run of the program before the rewrite faults too');
  });

  it('a pass that must always run is never blamed: it runs whole in every trial', () => {
    const program = programOf(PROGRAM);
    const always = { ...withWrongRewrite(passNamed('inline'), 0), alwaysRuns: true };
    const alone = bisect(program, [always, passNamed('dce')]);
    assert.strictEqual(alone.verdict, 'as written', 'the difference is there before any rewrite that may be left out');
    assert.strictEqual(alone.rewrites, 3, 'only dce\'s rewrites are searched');
    const withAnother = bisect(program, [passNamed('inline'), withWrongRewrite(passNamed('dce'), 1), { ...passNamed('fuse'), alwaysRuns: true }]);
    assert.deepStrictEqual([withAnother.culprit?.pass, withAnother.culprit?.rewrite.index], ['dce', 1]);
  });

  describe('against a reference folder', () => {
    let dir: string;
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bisect-'));
    });
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

    /** The outputs of the program without passes as NAME.npy, with `nudge` added to b[1, 2]. */
    function writeReference(program: Program, nudge = 0): void {
      const { machine } = runProgram(program);
      for (const { info, tensor } of machine.outputs()) {
        const npy = tensorToNpy(tensor);
        if (info.name === 'b') npy.data[1 * 8 + 2] += nudge;
        writeNpyFile(path.join(dir, `${info.name}.npy`), npy);
      }
    }

    it('bit for bit by default, within --rtol/--atol when given; a culprit beyond the tolerance is found', () => {
      const program = programOf(PROGRAM);
      writeReference(program, 1e-3);
      const exact = bisect(program, PIPELINE.map(passNamed), folderReference(program, dir, 'ref'));
      assert.strictEqual(exact.verdict, 'as written');
      assert.strictEqual(exact.mismatch?.kind === 'element' && exact.mismatch.element, 'b[1, 2]');
      const tolerant = folderReference(program, dir, 'ref', { rtol: 1e-3, atol: 0 });
      assert.strictEqual(bisect(program, PIPELINE.map(passNamed), tolerant).verdict, 'nothing differs');
      const planted = bisect(program, PIPELINE.map((n) => (n === 'unroll' ? withWrongRewrite(passNamed(n), 1) : passNamed(n))), tolerant);
      assert.deepStrictEqual([planted.verdict, planted.culprit?.pass, planted.culprit?.rewrite.index, planted.against], ['culprit', 'unroll', 1, 'ref']);
    });

    it('bir-sim bisect --reference: exit 1 beyond the tolerance, 0 within it, 2 for a reference of the wrong shape or dtype, or missing', () => {
      const file = path.join(dir, 'k.bir');
      fs.writeFileSync(file, PROGRAM);
      const ref = path.join(dir, 'ref');
      fs.mkdirSync(ref);
      dir = ref;
      writeReference(programOf(PROGRAM), 0.5);
      dir = path.dirname(ref);
      const beyond = cli(['bisect', file, '--passes', 'inline,fuse', '--reference', ref, '--atol', '0.1']);
      assert.strictEqual(beyond.status, 1, beyond.err);
      assert.match(beyond.out, /the program differs from .*ref before any rewrite: no pass is to blame/);
      assert.match(beyond.out, /first output element that differs: b\[1, 2\]/);
      const within = cli(['bisect', file, '--passes', 'inline,fuse', '--reference', ref, '--atol', '0.5']);
      assert.strictEqual(within.status, 0, within.err);
      assert.match(within.out, /nothing differs after inline, fuse/);

      writeNpyFile(path.join(ref, 'c.npy'), { dtype: 'f32', shape: [8, 4], data: new Float32Array(32) });
      const shape = cli(['bisect', file, '--passes', 'inline', '--reference', ref]);
      assert.strictEqual(shape.status, 2);
      assert.match(shape.err, /c\.npy holds an array of shape \(8, 4\) but the output 'c' is f32\[4, 8\]/);
      writeNpyFile(path.join(ref, 'c.npy'), { dtype: 'u8', shape: [4, 8], data: new Uint8Array(32) });
      const dtype = cli(['bisect', file, '--passes', 'inline', '--reference', ref]);
      assert.strictEqual(dtype.status, 2);
      assert.match(dtype.err, /c\.npy holds u8 but the output 'c' is f32: its reference holds f32 or f64 or f16/);
      fs.rmSync(path.join(ref, 'c.npy'));
      const missing = cli(['bisect', file, '--passes', 'inline', '--reference', ref]);
      assert.strictEqual(missing.status, 2);
      assert.match(missing.err, /ref has no c\.npy: a reference holds NAME\.npy for every output dram tensor \(b, c\)/);
    });
  });

  describe('bir-sim bisect', () => {
    let dir: string;
    let file: string;
    before(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bisect-cli-'));
      file = path.join(dir, 'k.bir');
      fs.writeFileSync(file, PROGRAM);
    });
    after(() => fs.rmSync(dir, { recursive: true, force: true }));

    it('exit 0 and "nothing differs after LIST" against the program without passes; --json for machines', () => {
      const r = cli(['bisect', file, '--passes', PIPELINE.join(',')]);
      assert.strictEqual(r.status, 0, r.err);
      assert.match(r.out, /nothing differs after inline, dce, fuse, unroll, schedule: the outputs agree with the program without passes/);
      const json = cli(['bisect', file, '--passes', 'inline,dce', '--json']);
      assert.strictEqual(json.status, 0, json.err);
      const answer = JSON.parse(json.out);
      assert.deepStrictEqual([answer.verdict, answer.against, answer.passes], ['nothing differs', 'the program without passes', [{ pass: 'inline', rewrites: 2, alwaysRuns: false }, { pass: 'dce', rewrites: 3, alwaysRuns: false }]]);
    });

    it('exit 2 with a clear error: no --passes, an unknown pass, a missing file, --rtol without a reference, an unknown or misshapen input', () => {
      const cases: [string[], RegExp][] = [
        [['bisect', file], /'bisect' needs --passes LIST/],
        [['bisect', file, '--passes', 'inline,fusion'], /--passes: unknown pass 'fusion' \(passes: inline, dce, fuse, unroll, schedule\)/],
        [['bisect', path.join(dir, 'nope.bir'), '--passes', 'inline'], /no such file: .*nope\.bir/],
        [['bisect', file, '--passes', 'inline', '--reference', path.join(dir, 'none')], /--reference .*none: no such folder/],
        [['bisect', file, '--passes', 'inline', '--rtol', '1e-3'], /--rtol and --atol compare with a reference: they need --reference DIR/],
        [['bisect', file, '--passes', 'inline', '--input', `x=${file}`], /--input x: .*k\.bir/],
      ];
      for (const [args, message] of cases) {
        const r = cli(args);
        assert.strictEqual(r.status, 2, args.join(' '));
        assert.match(r.err, message, args.join(' '));
      }
      const npy = path.join(dir, 'a.npy');
      writeNpyFile(npy, { dtype: 'f32', shape: [2, 2], data: new Float32Array(4) });
      const misshapen = cli(['bisect', file, '--passes', 'inline', '--input', `a=${npy}`]);
      assert.strictEqual(misshapen.status, 2);
      assert.match(misshapen.err, /\ba\b.*shape \(2, 2\).*\[4, 8\]/);
      const unknown = cli(['bisect', file, '--passes', 'inline', '--input', `zz=${npy}`]);
      assert.strictEqual(unknown.status, 2);
      assert.match(unknown.err, /--input zz: .*k\.bir has no dram tensor of that name \(it has a, b, c\)/);
    });
  });
});
