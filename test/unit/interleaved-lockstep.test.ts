/**
 * The lockstep diff's fast path (the two runs interleaved, rows paired as they come) against the recorded path (B
 * recorded whole, A compared with it per element): on divergences planted across calls, loops, two cores, fused and
 * inlined code, late in a long run, on one side only, in initial values, and with a side that faults, both give the
 * same first divergence (element, its write, both values and writers), the same count of writes compared and the same
 * endings, whichever side gets ahead (turns of 1 to 4,096 nodes). Rows that part ways leave the answer to the
 * recorded path.
 */
import * as assert from 'assert';
import { Program } from '../../engine/ir/program';
import { MachineOptions } from '../../engine/machine/machine';
import { runPipeline } from '../../engine/passes/pipeline';
import { PassName } from '../../engine/passes/registry';
import { npyMachineOptions } from '../../engine/run/simulate';
import { matchDrams } from '../../engine/diff/dram-match';
import { lockstep, LockstepResult, recordedLockstep, WriteSide } from '../../engine/diff/lockstep';
import { interleavedLockstep } from '../../engine/diff/interleaved';
import { programOf } from '../helpers/virtual-host';
import { changed, LOOPS_AND_CALLS } from '../helpers/diff-programs';

/** Rows of DRAM written at every step of a long loop: the sides take many turns. */
const ROWS_IN_A_LOOP = `module r
dram y : f32[4, 8] output
dram z : f32[1, 8] output
func main() {
  sbuf t : f32[4, 8]
  Iota t <- base = 0, pstep = 8, fstep = 1
  for r0 in 0..12 {
    for r1 in 0..4 {
      DmaCopy y[r1 : r1+1, 0:8] <- t[r1 : r1+1, 0:8]
    }
    DmaCopy z <- t[2:3, 0:8]
    TensorScalar t <- t, op = add, scalar = 1
  }
}
`;

const TWO_CORES = `module q
dram x : f32[2, 4] input = iota
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[1, 4]
  Set r0 = core
  DmaCopy s <- x[r0:r0+1, 0:4]
  TensorScalar s <- s, op = mul, scalar = 10
  DmaCopy y[r0:r0+1, 0:4] <- s
  Barrier
  DmaCopy y[r0:r0+1, 0:4] <- s
}
`;

const FUSED = `module f
dram x : f32[2, 4] input = iota
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[2, 4]
  sbuf u : f32[2, 4]
  DmaCopy s <- x
  for r1 in 0..3 {
    call step(u, s)
    DmaCopy y <- u
  }
}
func step(dst: sbuf f32[2, 4], src: sbuf f32[2, 4]) {
  TensorScalar dst <- src, op = add, scalar = 1
  TensorScalar dst <- dst, op = mul, scalar = 2
  Activation dst <- dst, func = relu
}
`;

const PARTIAL = `module w
dram x : f32[1, 4] input = iota
dram y : f32[1, 4] output = zeros
dram only : f32[1, 4] output
func main() {
  sbuf s : f32[1, 4]
  DmaCopy s <- x
  DmaCopy only <- s
  DmaCopy y[0:1, 0:2] <- s[0:1, 0:2]
}
`;

function passed(text: string, name: string, passes: PassName[]): Program {
  const snapshots = runPipeline(programOf(text, name), passes);
  return snapshots[snapshots.length - 1].program;
}

interface Case {
  readonly a: string;
  readonly b: string;
  readonly passesB?: PassName[];
  readonly cores?: number;
  readonly options?: { readonly a?: Partial<MachineOptions>; readonly b?: Partial<MachineOptions> };
}

function prepared(c: Case): { a: Program; b: Program; optionsA: MachineOptions; optionsB: MachineOptions } {
  const a = passed(c.a, 'a.bir', []);
  const b = passed(c.b, 'b.bir', c.passesB ?? []);
  const base = npyMachineOptions({ cores: c.cores ?? 1 });
  return { a, b, optionsA: { ...base, ...c.options?.a }, optionsB: { ...base, ...c.options?.b } };
}

/** What a lockstep run answers, as plain data (nodes by index: two objects of one node may exist). */
function answer(r: LockstepResult): unknown {
  const side = (s: WriteSide | undefined): unknown => s && {
    value: s.value,
    bits: s.bits,
    writer: s.writer && { tick: s.writer.tick, instructions: s.writer.instructions, core: s.writer.core, node: s.writer.node.index, member: s.writer.member?.index },
  };
  const d = r.difference;
  return {
    difference: d && { tensor: d.pair.name, index: d.index, ordinal: d.ordinal, initial: d.initial, a: side(d.a), b: side(d.b) },
    writes: r.writes,
    outcomeA: r.outcomeA?.kind,
    outcomeB: r.outcomeB.kind,
    instructionsB: r.instructions.b,
    // A stops at a difference of its own at another moment on each path (a check between nodes): its count only then.
    instructionsA: d && !d.initial && d.a ? undefined : r.instructions.a,
  };
}

const TURNS = [1, 2, 3, 5, 8, 64, 4096];

/**
 * Both paths on a case, at every length of a turn; the recorded path's answer. With `apart`, the rows part ways: the
 * fast path must say it cannot answer, and lockstep then answers as the recorded path.
 */
function sameAnswers(c: Case, apart = false): LockstepResult {
  const { a, b, optionsA, optionsB } = prepared(c);
  const match = matchDrams(a, b, { a: 'a.bir', b: 'b.bir' });
  const recorded = recordedLockstep(a, b, match, optionsA, optionsB);
  for (const ticks of TURNS) {
    const fast = interleavedLockstep(a, b, match, optionsA, optionsB, ticks);
    if (apart) assert.strictEqual(fast, undefined, `the rows part ways (turns of ${ticks} nodes)`);
    else assert.deepStrictEqual(fast && answer(fast), answer(recorded), `turns of ${ticks} nodes`);
  }
  assert.deepStrictEqual(answer(lockstep(a, b, match, optionsA, optionsB)), answer(recorded), 'lockstep answers as the recorded path');
  return recorded;
}

describe('the interleaved lockstep run gives the recorded one\'s answer', () => {
  it('a program and itself, before and after every pass: no difference, every write compared', () => {
    assert.strictEqual(sameAnswers({ a: LOOPS_AND_CALLS, b: LOOPS_AND_CALLS }).difference, undefined);
    assert.strictEqual(sameAnswers({ a: ROWS_IN_A_LOOP, b: ROWS_IN_A_LOOP, passesB: ['inline', 'unroll', 'fuse', 'dce', 'schedule'] }).writes, 12 * 40);
    assert.strictEqual(sameAnswers({ a: FUSED, b: FUSED, passesB: ['inline', 'fuse'] }).difference, undefined);
  });

  it('an operand changed in a loop, through a call, and in the callee', () => {
    const loop = sameAnswers({ a: LOOPS_AND_CALLS, b: changed(LOOPS_AND_CALLS, 'scalar = 1', 'scalar = 1.5') });
    assert.deepStrictEqual([loop.difference?.pair.name, loop.difference?.index, loop.difference?.a?.value, loop.difference?.b?.value], ['b', 0, 6, 9]);
    const callee = sameAnswers({ a: LOOPS_AND_CALLS, b: changed(LOOPS_AND_CALLS, 'scale = r3', 'scale = r3, bias = 0.25') });
    assert.deepStrictEqual([callee.difference?.a?.value, callee.difference?.b?.value], [6, 6.25]);
  });

  it('a difference late in a long run of rows: the k-th write of an element, written many times before', () => {
    // t + k exceeds 40 first at element [3, 7] (31 + 10): the eleventh iteration's row 3.
    const r = sameAnswers({ a: ROWS_IN_A_LOOP, b: changed(ROWS_IN_A_LOOP, 'op = add, scalar = 1', 'op = add, scalar = 1\n    TensorScalar t <- t, op = min, scalar = 41') });
    assert.deepStrictEqual([r.difference?.pair.name, r.difference?.index, r.difference?.ordinal, r.difference?.a?.value, r.difference?.b?.value], ['y', 31, 11, 42, 41]);
    const z = sameAnswers({ a: ROWS_IN_A_LOOP, b: changed(ROWS_IN_A_LOOP, 'DmaCopy z <- t[2:3, 0:8]', 'DmaCopy z <- t[1:2, 0:8]') });
    assert.deepStrictEqual([z.difference?.pair.name, z.difference?.index, z.difference?.ordinal], ['z', 0, 0]);
  });

  it('two cores: the core 1 write that differs, before and after a barrier', () => {
    const r = sameAnswers({ a: TWO_CORES, b: changed(TWO_CORES, '  Barrier\n', '  Barrier\n  TensorScalar s <- s, op = add, scalar = r0\n'), cores: 2 });
    assert.deepStrictEqual([r.difference?.index, r.difference?.ordinal, r.difference?.a?.writer?.core, r.difference?.b?.value], [4, 1, 1, 41]);
    assert.strictEqual(sameAnswers({ a: TWO_CORES, b: TWO_CORES, cores: 2 }).difference, undefined);
  });

  it('fused and inlined code on B: the member of the group that wrote', () => {
    const r = sameAnswers({ a: FUSED, b: changed(FUSED, 'op = mul, scalar = 2', 'op = mul, scalar = 3'), passesB: ['inline', 'fuse'] });
    assert.ok(r.difference?.b?.writer, 'B wrote the element');
    assert.deepStrictEqual([r.difference?.a?.value, r.difference?.b?.value], [2, 3]);
  });

  it('a write only one side makes, a value no write made, a tensor only one side has', () => {
    const whole = changed(PARTIAL, 'y[0:1, 0:2] <- s[0:1, 0:2]', 'y <- s');
    const onlyB = sameAnswers({ a: PARTIAL, b: whole }, true);
    assert.deepStrictEqual([onlyB.difference?.index, onlyB.difference?.a, onlyB.difference?.b?.value, onlyB.outcomeA?.kind], [2, undefined, 2, 'exited']);
    // One more row on one side, after the rows both write: found by the fast path.
    const more = PARTIAL.replace(/\n}\n$/, '\n  DmaCopy y[0:1, 2:4] <- s[0:1, 2:4]\n}\n');
    const extraB = sameAnswers({ a: PARTIAL, b: more });
    assert.deepStrictEqual([extraB.difference?.index, extraB.difference?.a, extraB.difference?.b?.value, extraB.outcomeA?.kind], [2, undefined, 2, 'exited']);
    const extraA = sameAnswers({ a: more, b: PARTIAL });
    assert.deepStrictEqual([extraA.difference?.index, extraA.difference?.b, extraA.difference?.a?.value, extraA.outcomeA], [2, undefined, 2, undefined]);
    const initial = sameAnswers({ a: PARTIAL, b: changed(PARTIAL, 'output = zeros', 'output = const(5)') });
    assert.deepStrictEqual([initial.difference?.index, initial.difference?.initial], [2, true]);
    const other = changed(PARTIAL, 'dram only : f32[1, 4] output', 'dram other : f32[1, 4] output').replace('DmaCopy only', 'DmaCopy other');
    assert.strictEqual(sameAnswers({ a: PARTIAL, b: other }).difference, undefined);
  });

  it('a side that faults: the other side\'s rows beyond are writes it never made', () => {
    const bFaults = sameAnswers({ a: ROWS_IN_A_LOOP, b: ROWS_IN_A_LOOP, options: { b: { maxInstructions: 30 } } });
    assert.deepStrictEqual([bFaults.outcomeB.kind, bFaults.difference?.b, bFaults.outcomeA], ['failed', undefined, undefined]);
    const aFaults = sameAnswers({ a: ROWS_IN_A_LOOP, b: ROWS_IN_A_LOOP, options: { a: { maxInstructions: 30 } } });
    assert.deepStrictEqual([aFaults.outcomeA?.kind, aFaults.difference?.a, aFaults.outcomeB.kind], ['failed', undefined, 'exited']);
  });

  it('rows that part ways (the same writes in another order) are left to the recorded path', () => {
    const reversed = changed(ROWS_IN_A_LOOP, 'DmaCopy y[r1 : r1+1, 0:8] <- t[r1 : r1+1, 0:8]', 'DmaCopy y[3-r1 : 4-r1, 0:8] <- t[3-r1 : 4-r1, 0:8]');
    for (const b of [reversed, changed(reversed, 'scalar = 1', 'scalar = 2')]) {
      const { a, b: pb, optionsA, optionsB } = prepared({ a: ROWS_IN_A_LOOP, b });
      const match = matchDrams(a, pb, { a: 'a.bir', b: 'b.bir' });
      assert.strictEqual(interleavedLockstep(a, pb, match, optionsA, optionsB), undefined);
      assert.deepStrictEqual(answer(lockstep(a, pb, match, optionsA, optionsB)), answer(recordedLockstep(a, pb, match, optionsA, optionsB)));
    }
  });
});
