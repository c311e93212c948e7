/**
 * Data breakpoints in the debug core: the overlap of boxes against brute force, then programs whose hits are known by
 * construction (every kind of region: a tensor, a row, an element, a strided slice, a parameter's view, DRAM, a
 * register; reads, writes, both; conditions with old and new; hit conditions), several cores, after passes (fused
 * groups and inlined code), reverseContinue, and data ids that do or do not resolve in another program.
 */
import * as assert from 'assert';
import { DebugCore } from '../../engine/debug/debug-core';
import { DebugOutcome } from '../../engine/debug/replay';
import { Box, boxOfView, forEachBoxIndex, intersect, overlaps, overlapsFlat } from '../../engine/debug/data-region';
import { Tensor } from '../../engine/machine/tensor';
import { forEachIndex, View } from '../../engine/machine/view';
import { npyMachineOptions } from '../../engine/run/simulate';
import { runPipeline } from '../../engine/passes/pipeline';
import { PassName } from '../../engine/passes/registry';
import { PipelineHistory } from '../../engine/debug/history';
import { Program } from '../../engine/ir/program';
import { programOf } from '../helpers/virtual-host';
import { random } from '../helpers/generated-programs';
import { allNodes } from '../../engine/passes/pass';

const ONE = `module dbp
const P = 8
const F = 16
dram x : f32[P, F] input = iota
dram y : f32[P, F] output

func main() {
  sbuf acc : f32[P, F]
  DmaCopy acc <- x
  for r0 in 0..4 {
    TensorScalar acc[r0, 0:4] <- acc[r0, 0:4], op = add, scalar = 1.0
  }
  TensorScalar acc[0:8:2, 8:16] <- acc[0:8:2, 8:16], op = mul, scalar = 2.0
  Set r1 = 7
  call scale(acc[4:8, 0:16], r1)
  DmaCopy y <- acc
}

func scale(t: sbuf f32[4, 16], r3) {
  TensorScalar t[0:4, 0:2] <- t[0:4, 0:2], op = mul, scalar = r3
}
`;

const CORES = `module mc
dram part : f32[2, 8]

func main() {
  sbuf s : f32[1, 8]
  Memset s <- 1.0
  Set r0 = core + 1
  TensorScalar s <- s, op = mul, scalar = r0
  DmaCopy part[core, 0:8] <- s
  Barrier
}
`;

const FUSED = `module fz
dram x : f32[4, 8] input = iota
dram y : f32[4, 8] output

func main() {
  sbuf a : f32[4, 8]
  sbuf b : f32[4, 8]
  sbuf c : f32[4, 8]
  sbuf d : f32[4, 8]
  DmaCopy a <- x
  TensorScalar b <- a, op = add, scalar = 1.0
  TensorScalar c <- b, op = mul, scalar = 2.0
  TensorScalar d <- c, op = add, scalar = 3.0
  DmaCopy y <- d
}
`;

function settle(core: DebugCore, outcome: DebugOutcome): DebugOutcome {
  let o = outcome;
  while (o.kind === 'yield') o = core.run();
  return o;
}

function compiled(text: string, passes: PassName[] = []): { program: Program; history: PipelineHistory } {
  const snapshots = runPipeline(programOf(text), passes);
  return { program: snapshots[snapshots.length - 1].program, history: new PipelineHistory(snapshots) };
}

/** A debug core stopped at the program's entry. */
function atEntry(text: string, cores = 1, passes: PassName[] = []): DebugCore {
  const { program, history } = compiled(text, passes);
  const core = new DebugCore(program, npyMachineOptions({ cores }), { stopOnEntry: true, history }, new Int32Array(2));
  assert.strictEqual(settle(core, core.run()).kind, 'stopped');
  return core;
}

function dataId(core: DebugCore, expression: string, thread = 1): string {
  const frameId = core.stackTrace(thread).frames[0].id;
  const info = core.dataBreakpointInfo(undefined, expression, frameId);
  assert.ok(info.dataId, info.description);
  assert.deepStrictEqual(info.accessTypes, ['read', 'write', 'readWrite']);
  return info.dataId;
}

interface Stop {
  readonly thread: number;
  readonly text: string;
  readonly ids: readonly number[];
  readonly instructions: number;
}

/** Continues to the end; every stop on the way. */
function stopsToEnd(core: DebugCore): Stop[] {
  const out: Stop[] = [];
  for (;;) {
    core.continue();
    const o = settle(core, core.run());
    if (o.kind !== 'stopped') return out;
    assert.strictEqual(o.info.reason, 'data breakpoint');
    out.push({ thread: o.info.threadId, text: o.info.text!, ids: o.info.hitBreakpointIds ?? [], instructions: o.info.instructions! });
  }
}

/** The descriptions of the stops of one data breakpoint on `expression`, from the entry to the end. */
function hits(text: string, expression: string, accessType: string, more: { condition?: string; hitCondition?: string } = {}): string[] {
  const core = atEntry(text);
  const [info] = core.setDataBreakpoints([{ dataId: dataId(core, expression), accessType, ...more }]);
  assert.strictEqual(info.verified, true, info.message);
  return stopsToEnd(core).map((s) => {
    assert.deepStrictEqual(s.ids, [info.id]);
    return s.text;
  });
}

describe('data breakpoints: regions', () => {
  /** A view of a tensor from random items: slices with steps, indices, a transpose. */
  function randomView(t: Tensor, rnd: () => number): View {
    let offset = 0;
    const shape: number[] = [];
    const strides: number[] = [];
    t.shape.forEach((n, d) => {
      const step = 1 + Math.floor(rnd() * 3);
      const start = Math.floor(rnd() * n);
      const count = rnd() < 0.25 ? 0 : 1 + Math.floor(rnd() * Math.floor((n - 1 - start) / step + 1));
      offset += start * t.strides[d];
      if (count === 0) return; // an index: the dimension goes
      shape.push(count);
      strides.push(step * t.strides[d]);
    });
    if (shape.length === 2 && rnd() < 0.3) {
      shape.reverse();
      strides.reverse();
    }
    return { tensor: t, offset, shape, strides };
  }

  function elements(v: View): Set<number> {
    const out = new Set<number>();
    forEachIndex(v, (index) => out.add(index));
    return out;
  }

  function boxElements(b: Box, t: Tensor): Set<number> {
    const out = new Set<number>();
    forEachBoxIndex(b, t, (index) => out.add(index));
    return out;
  }

  it('a view\'s box holds exactly its elements; overlap and intersection agree with the elements of both', () => {
    const rnd = random(11);
    const t = new Tensor('t', 'sbuf', 'f32', [12, 30], 0);
    for (let k = 0; k < 3000; k++) {
      const a = randomView(t, rnd);
      const b = randomView(t, rnd);
      const ba = boxOfView(a)!;
      const bb = boxOfView(b)!;
      assert.deepStrictEqual([...boxElements(ba, t)].sort((x, y) => x - y), [...elements(a)].sort((x, y) => x - y));
      const common = [...elements(a)].filter((i) => elements(b).has(i)).sort((x, y) => x - y);
      assert.strictEqual(overlaps(ba, bb), common.length > 0, JSON.stringify([ba, bb]));
      const flat = ba.flatMap((d) => [d.start, d.count, d.count === 1 ? 1 : d.step]);
      assert.strictEqual(overlapsFlat(flat, bb), common.length > 0, JSON.stringify([flat, bb]));
      const both = intersect(ba, bb);
      assert.deepStrictEqual(both ? [...boxElements(both, t)].sort((x, y) => x - y) : [], common);
    }
  });
});

describe('data breakpoints: hits known by construction', () => {
  it('a row, written by the whole-tensor copy and by one iteration of the loop', () => {
    assert.deepStrictEqual(hits(ONE, 'acc[1, 0:8]', 'write'), [
      'DmaCopy at line 9 wrote acc[1, 0:8]: <uninit> → 16 (first of 8 elements changed)',
      'TensorScalar at line 11 wrote acc[1, 0:4]: 16 → 17 (first of 4 elements changed)',
    ]);
  });

  it('an element inside a strided slice is hit; a row between its steps is not', () => {
    assert.deepStrictEqual(hits(ONE, 'acc[2, 9]', 'write'), [
      'DmaCopy at line 9 wrote acc[2, 9]: <uninit> → 41',
      'TensorScalar at line 13 wrote acc[2, 9]: 41 → 82',
    ]);
    assert.deepStrictEqual(hits(ONE, 'acc[3, 8:16]', 'write'), ['DmaCopy at line 9 wrote acc[3, 8:16]: <uninit> → 56 (first of 8 elements changed)']);
  });

  it('a write through a parameter\'s view of the caller\'s tensor hits the caller\'s region', () => {
    assert.deepStrictEqual(hits(ONE, 'acc[5, 1]', 'write'), [
      'DmaCopy at line 9 wrote acc[5, 1]: <uninit> → 81',
      'TensorScalar at line 20 wrote acc[5, 1]: 81 → 567',
    ]);
  });

  it('reads: the instructions that read the region, the last instruction of the program included', () => {
    assert.deepStrictEqual(hits(ONE, 'acc[5, 1]', 'read'), [
      'TensorScalar at line 20 read acc[5, 1]: 81',
      'DmaCopy at line 16 read acc[5, 1]: 567',
    ]);
  });

  it('readWrite: writes and reads, an instruction that does both said as the write', () => {
    assert.deepStrictEqual(hits(ONE, 'acc[1, 0:8]', 'readWrite'), [
      'DmaCopy at line 9 wrote acc[1, 0:8]: <uninit> → 16 (first of 8 elements changed)',
      'TensorScalar at line 11 wrote acc[1, 0:4]: 16 → 17 (first of 4 elements changed)',
      'DmaCopy at line 16 read acc[1, 0:8]: 17 at acc[1, 0] (8 elements)',
    ]);
  });

  it('a DRAM tensor, whole', () => {
    assert.deepStrictEqual(hits(ONE, 'y', 'write'), ['DmaCopy at line 16 wrote y: <uninit> → 1 (first of 128 elements changed)']);
  });

  it('registers: a loop register written at each iteration; a register written then read by a call', () => {
    assert.deepStrictEqual(hits(ONE, 'r0', 'write'), [
      'for at line 10 wrote r0: <uninit> → 0',
      'for at line 10 wrote r0: 0 → 1',
      'for at line 10 wrote r0: 1 → 2',
      'for at line 10 wrote r0: 2 → 3',
    ]);
    assert.deepStrictEqual(hits(ONE, 'r1', 'readWrite'), ['Set at line 14 wrote r1: <uninit> → 7', 'call at line 15 read r1: 7']);
  });

  it('conditions name the old and new values of the element; hit conditions count the hits', () => {
    // Only the loop adds 1 to these elements; the copy's old values were never written (old is NaN).
    assert.deepStrictEqual(hits(ONE, 'acc[0:4, 0:4]', 'write', { condition: 'new == old + 1' }), [0, 1, 2, 3].map((r) => `TensorScalar at line 11 wrote acc[${r}, 0:4]: ${16 * r} → ${16 * r + 1} (first of 4 elements changed)`));
    // An element other than the first chosen by the condition is named.
    assert.deepStrictEqual(hits(ONE, 'acc[2, 0:4]', 'write', { condition: 'new == 35 && old == 34' }), ['TensorScalar at line 11 wrote acc[2, 0:4]: 34 → 35 at acc[2, 2] (one of 4 elements changed)']);
    assert.deepStrictEqual(hits(ONE, 'acc[0:4, 0:4]', 'write', { hitCondition: '3' }), ['TensorScalar at line 11 wrote acc[1, 0:4]: 16 → 17 (first of 4 elements changed)']);
    assert.deepStrictEqual(hits(ONE, 'acc[0:4, 0:4]', 'write', { condition: 'new > 1000' }), []);
  });

  it('a data id from the Variables view: a partition row of a local tensor, a register', () => {
    const core = atEntry(ONE);
    const frameId = core.stackTrace(1).frames[0].id;
    const locals = core.scopes(frameId).find((s) => s.name === 'Locals')!;
    const acc = core.variables(locals.reference).find((v) => v.name === 'acc')!;
    const row = core.dataBreakpointInfo(acc.reference, '[3]', undefined);
    assert.strictEqual(row.description, 'acc[3, 0:16] (main)');
    const registers = core.scopes(frameId).find((s) => s.name === 'Registers')!;
    const r1 = core.dataBreakpointInfo(registers.reference, 'r1', undefined);
    assert.strictEqual(r1.description, 'r1 (main)');
    assert.strictEqual(core.dataBreakpointInfo(registers.reference, 'pc', undefined).dataId, null);
    // The Node scope's operands of the instruction about to run (DmaCopy acc <- x).
    const node = core.scopes(frameId).find((s) => s.name === 'Node')!;
    const names = core.variables(node.reference).map((v) => v.name);
    assert.ok(names.includes('dst acc') && names.includes('src x'), names.join(', '));
    assert.deepStrictEqual(['dst acc', 'src x', 'opcode'].map((n) => core.dataBreakpointInfo(node.reference, n, undefined).description), ['acc (main)', 'x', '\'opcode\' is a fact of the instruction, not memory nor a register']);
    const [a, b] = core.setDataBreakpoints([{ dataId: row.dataId! }, { dataId: r1.dataId!, accessType: 'read' }]);
    const stops = stopsToEnd(core);
    assert.deepStrictEqual(stops.map((s) => [s.ids, s.text]), [
      [[a.id], 'DmaCopy at line 9 wrote acc[3, 0:16]: <uninit> → 48 (first of 16 elements changed)'],
      [[a.id], 'TensorScalar at line 11 wrote acc[3, 0:4]: 48 → 49 (first of 4 elements changed)'],
      [[b.id], 'call at line 15 read r1: 7'],
    ]);
  });

  it('breakpoints set again at a stop see the instruction the stop is before, once: after a data stop, when it runs', () => {
    const core = atEntry(ONE);
    const region = dataId(core, 'acc[0:4, 0:4]');
    core.setDataBreakpoints([{ dataId: region }]);
    const texts: string[] = [];
    for (let i = 0; i < 4; i++) {
      core.continue();
      const o = settle(core, core.run());
      assert.ok(o.kind === 'stopped');
      if (o.kind === 'stopped') texts.push(o.info.text!);
      // VS Code sends the data breakpoints again whenever one changes: nothing is seen twice, nothing before it runs.
      core.setDataBreakpoints([{ dataId: region }]);
    }
    assert.deepStrictEqual(texts, [
      'DmaCopy at line 9 wrote acc[0:4, 0:4]: <uninit> → 0 (first of 16 elements changed)',
      'TensorScalar at line 11 wrote acc[0, 0:4]: 0 → 1 (first of 4 elements changed)',
      'TensorScalar at line 11 wrote acc[1, 0:4]: 16 → 17 (first of 4 elements changed)',
      'TensorScalar at line 11 wrote acc[2, 0:4]: 32 → 33 (first of 4 elements changed)',
    ]);
  });

  it('what is not memory has no data id, with the reason', () => {
    const core = atEntry(ONE);
    const frameId = core.stackTrace(1).frames[0].id;
    assert.match(core.dataBreakpointInfo(undefined, 'acc * 2', frameId).description, /is a computed value, not memory/);
    assert.match(core.dataBreakpointInfo(undefined, '3', frameId).description, /is a number, not memory/);
    assert.throws(() => core.dataBreakpointInfo(undefined, 'acc[', frameId), /column/);
    assert.throws(() => core.dataBreakpointInfo(undefined, 'acx', frameId), /unknown name 'acx'; did you mean 'acc'/);
  });
});

describe('data breakpoints: several cores and passes', () => {
  it('DRAM shared by the cores stops on the core that wrote; an on-chip tensor only on its own core', () => {
    const core = atEntry(CORES, 2);
    const [dram, own] = core.setDataBreakpoints([{ dataId: dataId(core, 'part[1, 0:8]') }, { dataId: dataId(core, 's', 2) }]);
    assert.strictEqual(own.message, 'stops after writes of s (main, core 1)');
    const stops = stopsToEnd(core);
    assert.deepStrictEqual(stops.map((s) => [s.thread, s.ids, s.text]), [
      [2, [own.id], 'Memset at line 6 wrote s: <uninit> → 1 (first of 8 elements changed)'],
      [2, [own.id], 'TensorScalar at line 8 wrote s: 1 → 2 (first of 8 elements changed)'],
      [2, [dram.id], 'DmaCopy at line 9 wrote part[1, 0:8]: <uninit> → 2 (first of 8 elements changed)'],
    ]);
  });

  it('fused groups hit where their members access the region, named by the member', () => {
    const core = atEntry(FUSED, 1, ['fuse']);
    const [w, r] = core.setDataBreakpoints([{ dataId: dataId(core, 'c[1, 2]') }, { dataId: dataId(core, 'c[1, 2]'), accessType: 'read' }]);
    assert.deepStrictEqual(stopsToEnd(core).map((s) => [s.ids, s.text]), [
      // One run of the group: the write by its second member and the read by its third, one stop.
      [[w.id, r.id], 'TensorScalar at line 12 (fused into g1) wrote c[1, 2]: <uninit> → 22'],
    ]);
  });

  it('inlined code hits where its instructions access the region, at the lines of the inlined function', () => {
    const core = atEntry(ONE, 1, ['inline']);
    assert.ok(allNodes(core.program).some((n) => n.inlined && n.span.line === 20), 'scale is inlined into main');
    const [bp] = core.setDataBreakpoints([{ dataId: dataId(core, 'acc[5, 1]') }]);
    assert.ok(bp.verified, bp.message);
    assert.deepStrictEqual(stopsToEnd(core).map((s) => s.text), [
      'DmaCopy at line 9 wrote acc[5, 1]: <uninit> → 81',
      'TensorScalar at line 20 wrote acc[5, 1]: 81 → 567',
    ]);
  });
});

describe('data breakpoints: time travel and new runs', () => {
  it('reverseContinue goes back to the previous access, where the forward run stopped', () => {
    const core = atEntry(ONE);
    core.setDataBreakpoints([{ dataId: dataId(core, 'acc[1, 0:8]') }]);
    const forward: Stop[] = [];
    for (let i = 0; i < 2; i++) {
      core.continue();
      const o = settle(core, core.run());
      assert.strictEqual(o.kind, 'stopped');
      if (o.kind === 'stopped') forward.push({ thread: o.info.threadId, text: o.info.text!, ids: o.info.hitBreakpointIds!, instructions: o.info.instructions! });
    }
    core.setBreakpoints(programOf(ONE).entry.file, [{ line: 16 }]);
    core.continue();
    const atEnd = settle(core, core.run());
    assert.ok(atEnd.kind === 'stopped' && atEnd.info.reason === 'breakpoint');
    for (const expected of [forward[1], forward[0]]) {
      const o = core.travel.reverseContinue('reverseContinue')();
      assert.ok(o.kind === 'stopped');
      if (o.kind !== 'stopped') return;
      assert.deepStrictEqual([o.info.reason, o.info.text, o.info.instructions], ['data breakpoint', expected.text, expected.instructions]);
    }
    const start = core.travel.reverseContinue('reverseContinue')();
    assert.ok(start.kind === 'stopped' && start.info.reason === 'entry');
  });

  it('a data id resolves again in a changed program while its region exists; otherwise unverified with the reason', () => {
    const core = atEntry(ONE);
    const row = dataId(core, 'acc[1, 0:8]');
    const register = dataId(core, 'r1');
    const dram = dataId(core, 'x[7, 15]');
    const moved = atEntry(ONE.replace('  sbuf acc : f32[P, F]\n', '  sbuf pad : f32[P, 4]\n  sbuf acc : f32[P, F]\n'));
    assert.deepStrictEqual(moved.setDataBreakpoints([{ dataId: row }, { dataId: register }, { dataId: dram }]).map((b) => b.verified), [true, true, true]);
    const renamed = atEntry(ONE.replace(/acc/g, 'total'));
    assert.strictEqual(renamed.setDataBreakpoints([{ dataId: row }])[0].message, '\'acc\' is not an allocation of dbp::main: the data breakpoint watches nothing');
    const smaller = atEntry(ONE.replace('const P = 8', 'const P = 4').replace('for r0 in 0..4', 'for r0 in 0..2').replace('acc[0:8:2, 8:16] <- acc[0:8:2, 8:16]', 'acc[0:4:2, 8:16] <- acc[0:4:2, 8:16]').replace('acc[4:8, 0:16]', 'acc[0:4, 0:16]'));
    assert.strictEqual(smaller.setDataBreakpoints([{ dataId: dram }])[0].message, '7..7 is out of bounds for dimension 0 of \'dbp::x\' (size 4): the data breakpoint watches nothing');
  });

  it('refuses what it cannot watch, each breakpoint with its reason', () => {
    const core = atEntry(ONE);
    const infos = core.setDataBreakpoints([
      { dataId: 'acc' },
      { dataId: dataId(core, 'acc'), accessType: 'execute' },
      { dataId: dataId(core, 'acc'), condition: 'old >' },
      { dataId: dataId(core, 'acc'), hitCondition: 'often' },
      { dataId: JSON.stringify({ kind: 'alloc', fn: 'dbp::main', name: 'acc', core: 3, box: [{ start: 0, count: 1, step: 1 }, { start: 0, count: 1, step: 1 }] }) },
    ]);
    assert.deepStrictEqual(infos.map((b) => b.verified), [false, false, false, false, false]);
    assert.deepStrictEqual(infos.map((b) => b.message), [
      '\'acc\' is not a data id of the BIR debugger (ask dataBreakpointInfo for one)',
      'unknown access type \'execute\' (read, write or readWrite)',
      'the condition \'old >\' does not parse: column 6: expected an expression, found the end of the line',
      'hit condition \'often\' is not understood: write N, == N, >= N, > N, <= N, < N or % N',
      'core 3 does not run (the run has 1 core): the data breakpoint watches nothing',
    ]);
  });
});
