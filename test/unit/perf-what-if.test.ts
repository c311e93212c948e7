// What-if on programs whose change is known: a pass (fuse) and an edit (four small transfers made one), compared
// before and after; and "why is this instruction waiting".
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main as cli } from '../../engine/cli/bir-sim';
import { runPipeline } from '../../engine/passes/pipeline';
import { PROFILES } from '../../engine/perf/profile';
import { summarize } from '../../engine/perf/summary';
import { compareSchedules } from '../../engine/perf/what-if';
import { whyWaiting } from '../../engine/perf/why-waiting';
import { compile, lineOf, onLine, scheduled } from '../helpers/perf-programs';

const trn2 = PROFILES.get('trn2')!;

function close(actual: number, expected: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${what}: ${actual}, expected ${expected}`);
}

function run(argv: string[]): { status: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const status = cli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

const CHAIN = `module t
func main() {
  sbuf t : f32[128, 512]
  Memset t <- 1
  TensorScalar t <- t, op = mul, scalar = 2
  TensorScalar t <- t, op = add, scalar = 3
  TensorScalar t <- t, op = max, scalar = 0
}
`;

/** Four transfers of 64 bytes per partition, then the same data as one of 256. */
const FOUR = `module t
dram a : f32[128, 64] input = random(seed=1)
func main() {
  sbuf x : f32[128, 64]
  DmaCopy x[0:128, 0:16] <- a[0:128, 0:16]
  DmaCopy x[0:128, 16:32] <- a[0:128, 16:32]
  DmaCopy x[0:128, 32:48] <- a[0:128, 32:48]
  DmaCopy x[0:128, 48:64] <- a[0:128, 48:64]
}
`;
const ONE = `module t
dram a : f32[128, 64] input = random(seed=1)
func main() {
  sbuf x : f32[128, 64]
  DmaCopy x <- a
}
`;

/** A transfer of b bytes per partition over 128 partitions (16 queues) on trn2. */
function transferNs(bytesPerPartition: number): number {
  const efficiency = bytesPerPartition / (bytesPerPartition + trn2.dmaHalfEfficiencyBytes);
  return trn2.dmaFixedNs + (bytesPerPartition * 128) / 16 / (trn2.dmaBytesPerNs * efficiency);
}

describe('perf: what-if', () => {
  it("a fused group is costed by its own members' operands, whatever the program's other instructions are", () => {
    // The members are rows of a code of their own: their indices are not the program's nodes (the first of them
    // shared index 0 with the Memset, whose [128, 2048] views it was costed with).
    const groupOf = (first: string): number => {
      const src = CHAIN.replace('  Memset t <- 1\n', `  sbuf big : f32[128, 2048]\n  ${first}\n  Memset t <- 1\n`);
      const fused = runPipeline(compile(src), ['fuse']).at(-1)!.program;
      const s = scheduled(fused);
      const [group] = onLine(s, lineOf(src, 'op = max'));
      return s.schedule.end[group] - s.schedule.start[group];
    };
    const small = groupOf('Memset big[0:128, 0:8] <- 0');
    close(groupOf('Memset big <- 0'), small, 'the group after a large Memset');
    close(small, (3 * 512 + 100 + 6 * 60) / trn2.vectorGHz, 'the group: three inputs of 512 columns, one wait, six accesses');
  });

  it('fusing a dependent chain of three Vector instructions saves what the model says: 200 Vector cycles', () => {
    const program = compile(CHAIN);
    const fused = runPipeline(program, ['fuse']).at(-1)!.program;
    const before = scheduled(program);
    const after = scheduled(fused);
    const d = compareSchedules(summarize(before.schedule, program), summarize(after.schedule, fused));
    const dve = d.engines.find((e) => e.engine === 'DVE')!;
    assert.equal(dve.instructionsBefore, 3);
    assert.equal(dve.instructionsAfter, 1);
    // Before: three instructions, each waiting on its producer: 512 + 100 + 2·60 cycles.
    close(dve.before, (3 * (512 + 100 + 2 * 60)) / trn2.vectorGHz, 'DVE before');
    // After: one group reading three inputs (3·512) that waits once: 100 + 60 for each of its members' six accesses.
    close(dve.after, (3 * 512 + 100 + 6 * 60) / trn2.vectorGHz, 'DVE after');
    close(dve.delta, -200 / trn2.vectorGHz, 'DVE change');
    close(d.delta, -200 / trn2.vectorGHz, 'total change');
    assert.deepEqual(d.before.criticalPath.map((p) => p.line), [4, 5, 6, 7]);
    assert.deepEqual(d.after.criticalPath.map((p) => p.opcode), ['Memset', 'Fused']);
  });

  it('four small transfers against one of the same bytes: the difference the DMA model gives, from the CLI', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-what-if-'));
    try {
      fs.writeFileSync(path.join(dir, 'four.bir'), FOUR);
      fs.writeFileSync(path.join(dir, 'one.bir'), ONE);
      const r = run(['profile', path.join(dir, 'one.bir'), '--against', path.join(dir, 'four.bir'), '--json']);
      assert.equal(r.status, 0, r.err);
      const d = (JSON.parse(r.out) as { whatIf: { before: { total: number }; after: { total: number }; delta: number; against: string } }).whatIf;
      close(d.before.total, 4 * transferNs(64), 'four transfers, one after the other on the same queues');
      close(d.after.total, transferNs(256), 'one transfer');
      close(d.delta, transferNs(256) - 4 * transferNs(64), 'the difference');
      assert.match(d.against, /four\.bir$/);
      const text = run(['profile', path.join(dir, 'one.bir'), '--against', path.join(dir, 'four.bir')]);
      assert.match(text.out, /--- what-if: against .*four\.bir ---\ntotal: [\d.]+ µs → [\d.]+ µs \(-[\d.]+ µs, 0\.\d+×\)/);
      assert.match(text.out, /critical path before: 4 instructions in .*four\.bir, lines 5 → 6 → 7 → 8/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--what-if runs passes on the program and compares; bad combinations are refused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-what-if-'));
    try {
      const file = path.join(dir, 'chain.bir');
      fs.writeFileSync(file, CHAIN);
      const r = run(['profile', file, '--what-if', 'fuse', '--json']);
      assert.equal(r.status, 0, r.err);
      const d = (JSON.parse(r.out) as { whatIf: { delta: number; against: string } }).whatIf;
      close(d.delta, -200 / trn2.vectorGHz, 'fuse');
      assert.equal(d.against, 'the program as written');
      assert.match(run(['profile', file, '--what-if', 'fuse', '--against', file]).err, /--against and --what-if .* choose one/);
      assert.match(run(['profile', file, '--what-if', 'nosuch']).err, /--passes: unknown pass 'nosuch'|unknown pass 'nosuch'/);
      assert.match(run(['profile', file, '--why', 'x']).err, /--why takes a line number, found 'x'/);
      assert.match(run(['profile', file, '--why', '2']).err, /--why: no instruction of line 2 ran/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('why is this instruction waiting: each incoming dependency with the wait it alone caused', () => {
    const src = `module t
dram a : f32[128, 512] input = random(seed=1)
func main() {
  sbuf x : f32[128, 512]
  sbuf y : f32[128, 512]
  Memset x <- 1                                # init
  TensorScalar y <- x, op = mul, scalar = 2    # read
  DmaCopy x <- a                               # overwrite
}
`;
    const s = scheduled(src);
    const [init] = onLine(s, lineOf(src, '# init'));
    const [read] = onLine(s, lineOf(src, '# read'));
    const [overwrite] = onLine(s, lineOf(src, '# overwrite'));
    const why = whyWaiting(s.schedule, s.program, overwrite);
    assert.equal(why.setBy, 'WAR');
    assert.equal(why.setByInstruction, read);
    assert.deepEqual(why.dependencies.map((d) => [d.instruction, d.kind]), [[read, 'WAR'], [init, 'WAW']]);
    close(why.dependencies[0].wait, s.schedule.end[read], 'the read held it back until it ended (its queues were free at 0)');
    close(why.dependencies[1].wait, s.schedule.end[init], 'the Memset ended earlier: its own wait is shorter');
  });
});
