/**
 * The Debug Console's questions about the past (:history, :why, :last, :goto) on programs whose answers are known by
 * construction: loops, calls (register arguments), two cores, fused groups and inlined code. The questions leave the
 * run exactly where it was (the machine's hash, the stop's references); bad questions are refused with the reason.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DebugCore } from '../../engine/debug/debug-core';
import { DebugOutcome } from '../../engine/debug/replay';
import { Program } from '../../engine/ir/program';
import { runPipeline } from '../../engine/passes/pipeline';
import { npyMachineOptions } from '../../engine/run/simulate';
import { VariableInfo } from '../../engine/protocol/types';
import { machineHash } from '../helpers/machine-hash';
import { programOf } from '../helpers/virtual-host';
import { EveryNode } from '../helpers/every-node';
import { generated, random } from '../helpers/generated-programs';
import { checkProgram } from '../../engine/lang/check/checker';
import { Interpreter } from '../../engine/run/interpreter';
import { Machine } from '../../engine/machine/machine';
import { decode } from '../../engine/machine/dtypes';
import { unravel } from '../../engine/machine/view';
import { formatNumber } from '../../engine/eval/format';
import { allNodes } from '../../engine/passes/pass';

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');

const LOOPS_AND_CALLS = `module p
dram a : f32[4, 8] input = iota
dram b : f32[4, 8] output

func main() {
  sbuf t : f32[4, 8]
  sbuf u : f32[4, 8]
  DmaCopy t <- a
  for r1 in 0..3 {
    TensorScalar t <- t, op = add, scalar = 1
  }
  Set r2 = 2
  call scale(u, t, r2)
  DmaCopy b <- u
  Print "done"
}

func scale(dst: sbuf f32[4, 8], src: sbuf f32[4, 8], r3) {
  Activation dst <- src, func = identity, scale = r3
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
  Print "done"
}
`;

const CHAIN = `module f
dram x : f32[2, 4] input = iota
dram y : f32[2, 4] output

func main() {
  sbuf s : f32[2, 4]
  sbuf a : f32[2, 4]
  sbuf b : f32[2, 4]
  DmaCopy s <- x
  TensorScalar a <- s, op = add, scalar = 1
  TensorScalar b <- a, op = mul, scalar = 3
  DmaCopy y <- b
  Print "done"
}
`;

function settle(core: DebugCore, outcome: DebugOutcome): DebugOutcome {
  let o = outcome;
  while (o.kind === 'yield') o = core.run();
  return o;
}

/** A debug core stopped at the first node of `line` (of the entry file). */
function stoppedAt(program: Program, line: number, cores = 1, thread = 1): DebugCore {
  const core = new DebugCore(program, npyMachineOptions({ cores }), {}, new Int32Array(2));
  core.setBreakpoints(program.entry.file, [{ line }]);
  let o = settle(core, core.run());
  while (o.kind === 'stopped' && o.info.threadId !== thread) {
    core.continue();
    o = settle(core, core.run());
  }
  assert.strictEqual(o.kind, 'stopped', `the run stops at line ${line}`);
  return core;
}

function repl(core: DebugCore, text: string, frameId?: number): { result: string; rows: VariableInfo[] } {
  const r = core.evaluate(text, frameId, 'repl');
  return { result: r.result, rows: r.reference ? core.variables(r.reference) : [] };
}

function rowsOf(core: DebugCore, row: VariableInfo): VariableInfo[] {
  assert.ok(row.reference > 0, `'${row.name}' opens`);
  return core.variables(row.reference);
}

/** The row whose name starts with `prefix`. */
function row(rows: readonly VariableInfo[], prefix: string): VariableInfo {
  const found = rows.find((r) => r.name.startsWith(prefix));
  assert.ok(found, `a row '${prefix}…' among ${rows.map((r) => r.name).join(' | ')}`);
  return found;
}

function lineOf(text: string, needle: string): number {
  return text.split('\n').findIndex((l) => l.includes(needle)) + 1;
}

describe('questions about the past', () => {
  const program = programOf(LOOPS_AND_CALLS);
  const printLine = lineOf(LOOPS_AND_CALLS, 'Print');

  it(':history lists every write of an element with the values before and after, in order', () => {
    const core = stoppedAt(program, printLine);
    const h = repl(core, ':history t[1, 2]');
    assert.match(h.result, /^t\[1, 2\]: 4 writes \(instructions 0 to 3\)$/);
    assert.deepStrictEqual(h.rows.map((r) => r.value.replace(/ \(core 0\) .*$/, '')), [
      '<uninit> → 10: DmaCopy at instruction 0',
      '10 → 11: TensorScalar at instruction 1',
      '11 → 12: TensorScalar at instruction 2',
      '12 → 13: TensorScalar at instruction 3',
    ]);
    assert.ok(h.rows.every((r) => r.value.includes(`test.bir:${r.value.includes('DmaCopy') ? 8 : 10}:`)), 'each write names its line');
    const b = repl(core, ':history b');
    assert.match(b.result, /^b: 1 write \(instructions 6 to 6\)$/);
    assert.match(b.rows[0].value, /^\[0\] <uninit> → 6 \(and 31 more elements\): DmaCopy at instruction 6/);
    assert.match(repl(core, ':history r2').rows[0].value, /^<uninit> → 2: Set at instruction 4/);
  });

  it(':why follows an element back through a call, its register argument, a loop and a copy to the input', () => {
    const core = stoppedAt(program, printLine);
    const w = repl(core, ':why b[1, 2]');
    assert.match(w.result, /^b\[1, 2\] = 26 ← DmaCopy at instruction 6 \(core 0\) .*test\.bir:14:/);
    const u = row(w.rows, 'source u');
    assert.strictEqual(u.value, '26');
    const activation = rowsOf(core, u);
    assert.match(row(activation, '← from').value, /^Activation at instruction 5 .*test\.bir:19:/);
    assert.strictEqual(row(activation, 'source src: t[1, 2]').value, '13');
    const r3 = row(activation, 'scale: r3');
    assert.strictEqual(r3.value, '2');
    const call = rowsOf(core, r3);
    assert.match(row(call, '← from').value, /^the call of scale at instruction 5 .*test\.bir:13:/);
    const set = rowsOf(core, row(call, 'argument 3: r2'));
    assert.match(row(set, '← from').value, /^Set at instruction 4 .*test\.bir:12:/);
    assert.strictEqual(set.length, 1, 'a constant reads nothing');
    // Back through the loop: 13 ← 12 ← 11 ← 10 ← a[1, 2] = 10, set by its declaration.
    let step = rowsOf(core, row(activation, 'source src: t[1, 2]'));
    for (const value of ['12', '11', '10']) {
      assert.match(row(step, '← from').value, /^TensorScalar/);
      const operand = row(step, 'operand t: t[1, 2]');
      assert.strictEqual(operand.value, value);
      step = rowsOf(core, operand);
    }
    assert.match(row(step, '← from').value, /^DmaCopy at instruction 0/);
    const input = rowsOf(core, row(step, 'source a: a[1, 2]'));
    assert.match(row(input, '← from').value, /^set before the run by its declaration \(iota\)/);
  });

  it('leaves the run where it was: the same machine, the same references', () => {
    const core = stoppedAt(program, printLine);
    const before = machineHash(core.machine);
    const frames = core.stackTrace(1).frames;
    const scopes = core.scopes(frames[0].id);
    repl(core, ':history t');
    const w = repl(core, ':why b[3, 7]');
    rowsOf(core, w.rows[0]);
    assert.strictEqual(machineHash(core.machine), before);
    const locals = core.variables(scopes[0].reference);
    assert.match(row(locals, 't').value, /min 3 max 34/);
    // The run goes on from here as it would have.
    core.continue();
    const end = settle(core, core.run());
    assert.strictEqual(end.kind, 'ended');
  });

  it(':last goes back to the write, stopped before it with the value it overwrites', () => {
    const core = stoppedAt(program, printLine);
    const move = core.replMove(':last t[1, 2]', undefined, 'repl');
    assert.ok(move);
    assert.match(move.text, /^going back to the last write of t\[1, 2\]: TensorScalar at instruction 3/);
    const o = move.move();
    assert.ok(o !== 'run' && o.kind === 'stopped');
    assert.strictEqual(o.info.reason, 'goto');
    assert.strictEqual(o.info.instructions, 3);
    assert.strictEqual(o.info.node?.span.line, lineOf(LOOPS_AND_CALLS, 'TensorScalar'));
    assert.strictEqual(repl(core, 't[1, 2]').result, '12');
    assert.strictEqual(repl(core, 'r1').result, '2');
  });

  it(':goto moves back and forward by instruction count', () => {
    const core = stoppedAt(program, printLine);
    const back = core.replMove(':goto 2', undefined, 'repl')!.move();
    assert.ok(back !== 'run' && back.kind === 'stopped' && back.info.instructions === 2);
    assert.strictEqual(repl(core, 't[0, 0]').result, '1');
    const forward = core.replMove(':goto 5', undefined, 'repl')!.move();
    assert.ok(forward !== 'run' && forward.kind === 'stopped' && forward.info.instructions === 5);
  });

  it('refuses bad questions with the reason, and nothing changes', () => {
    const core = stoppedAt(program, printLine);
    const before = machineHash(core.machine);
    const refusals: [string, RegExp][] = [
      [':why t', /:why explains one element; 't' has 32 elements \(name one, as in :why t\[0, 0\]\)/],
      [':why t[0:2, 1]', /has 2 elements/],
      [':history 1 + 2', /:history needs a tensor, an access pattern, an element or a register; '1 \+ 2' is a number/],
      [':history t + 1', /is a computed value/],
      [':why', /:why takes one element or a register/],
      [':history nope', /unknown name 'nope'/],
    ];
    for (const [text, reason] of refusals) assert.throws(() => core.evaluate(text, undefined, 'repl'), reason, text);
    for (const [text, reason] of [[':last r9', /r9 was never written \(it is <uninit>\)/], [':last', /:last takes an expression/], [':goto abc', /:goto takes an instruction count \(a whole number, as in :goto 1200\), found 'abc'/], [':goto -3', /found '-3'/], [':goto', /found ''/]] as const) {
      assert.throws(() => core.replMove(text, undefined, 'repl'), reason, text);
    }
    assert.strictEqual(machineHash(core.machine), before);
  });

  it('without history, the questions say what turns it on', () => {
    const core = new DebugCore(program, npyMachineOptions({}), { historyMiB: 0, stopOnEntry: true }, new Int32Array(2));
    settle(core, core.run());
    assert.throws(() => core.evaluate(':history t', undefined, 'repl'), /needs the history of the run, which is off \(launch attribute historyMiB is 0\)/);
    assert.throws(() => core.replMove(':goto 1', undefined, 'repl'), /historyMiB is 0/);
  });
});

describe('questions about the past: cores, fusion, inlining', () => {
  it('two cores: a write by the other core, followed back on that core', () => {
    const program = programOf(TWO_CORES);
    const core = stoppedAt(program, lineOf(TWO_CORES, 'Print'), 2, 1);
    const h = repl(core, ':history y[1, 2]');
    assert.match(h.rows[0].value, /^<uninit> → 60: DmaCopy at instruction \d+ \(core 1\)/);
    const w = repl(core, ':why y[1, 2]');
    assert.match(w.result, /= 60 ← DmaCopy .*\(core 1\)/);
    const s = rowsOf(core, row(w.rows, 'source s: s[0, 2]'));
    assert.match(row(s, '← from').value, /^TensorScalar .*\(core 1\)/);
    const copied = rowsOf(core, row(s, 'operand s: s[0, 2]'));
    assert.strictEqual(row(copied, 'source x').value, '6');
    assert.match(row(copied, '← from').value, /^DmaCopy .*\(core 1\)/);
  });

  it('a fused group: the member that wrote, and what an earlier member of the group left', () => {
    const program = runPipeline(programOf(CHAIN), ['fuse']).at(-1)!.program;
    assert.ok(allNodes(program).some((n) => n.kind === 'instr' && n.opcode === 'Fused'), 'the two TensorScalars are fused');
    const core = stoppedAt(program, lineOf(CHAIN, 'Print'));
    const w = repl(core, ':why b[1, 3]');
    assert.match(w.result, /^b\[1, 3\] = 24 ← TensorScalar \(in fusion group g1\) .*test\.bir:11:/);
    const a = row(w.rows, 'operand a: a[1, 3]');
    assert.strictEqual(a.value, '8');
    const first = rowsOf(core, a);
    assert.match(row(first, '← from').value, /^TensorScalar \(in fusion group g1\) .*test\.bir:10:/);
    assert.strictEqual(row(first, 'operand s: s[1, 3]').value, '7');
    const h = repl(core, ':history a[1, 3]');
    assert.match(h.rows[0].value, /^<uninit> → 8: TensorScalar \(in fusion group g1\)/);
  });

  it('a fused group among more groups than its code keeps made: the member that wrote is still found', () => {
    // A group's members are made as objects again once 1,024 other groups were asked for: found by index, not identity.
    const pair = (t: string): string => `  TensorScalar ${t} <- ${t}, op = add, scalar = 1\n  TensorScalar ${t} <- ${t}, op = mul, scalar = 1\n`;
    const more = (pair('c') + pair('d')).repeat(550);
    const text = CHAIN.replace('  sbuf b : f32[2, 4]\n', '  sbuf b : f32[2, 4]\n  sbuf c : f32[2, 4]\n  sbuf d : f32[2, 4]\n').replace('  Print "done"\n', `${more}  Print "done"\n`);
    const program = runPipeline(programOf(text), ['fuse']).at(-1)!.program;
    assert.ok(allNodes(program).filter((n) => n.kind === 'instr' && n.opcode === 'Fused').length > 1024, 'more than 1,024 groups');
    const core = stoppedAt(program, lineOf(text, 'Print'));
    const w = repl(core, ':why b[1, 3]');
    assert.match(w.result, /^b\[1, 3\] = 24 ← TensorScalar \(in fusion group g1\) .*test\.bir:13:/);
    const first = rowsOf(core, row(w.rows, 'operand a: a[1, 3]'));
    assert.match(row(first, '← from').value, /^TensorScalar \(in fusion group g1\) .*test\.bir:12:/);
  });

  it('a MatMult: a column of each operand, listed under one row per operand', () => {
    const text = `module m
dram x : f32[16, 2] input = iota
dram w : f32[16, 3] input = iota
func main() {
  sbuf xs : f32[16, 2]
  sbuf ws : f32[16, 3]
  psum acc : f32[2, 3]
  DmaCopy xs <- x
  DmaCopy ws <- w
  MatMult acc <- xs, ws
  Print "done"
}
`;
    const core = stoppedAt(programOf(text), lineOf(text, 'Print'));
    const w = repl(core, ':why acc[1, 2]');
    // Σ_k x[k, 1] · w[k, 2] = Σ (2k + 1)(3k + 2) over k < 16.
    let expected = 0;
    for (let k = 0; k < 16; k++) expected += (2 * k + 1) * (3 * k + 2);
    assert.match(w.result, new RegExp(`^acc\\[1, 2\\] = ${expected} ← MatMult`));
    assert.deepStrictEqual(w.rows.map((r) => [r.name, r.value]), [
      ['stationary xs', '16 values: xs[0, 1] … xs[15, 1]'],
      ['moving ws', '16 values: ws[0, 2] … ws[15, 2]'],
    ]);
    const column = rowsOf(core, w.rows[0]);
    assert.strictEqual(column.length, 16);
    assert.deepStrictEqual([column[3].name, column[3].value], ['stationary xs: xs[3, 1]', '7']);
    assert.match(row(rowsOf(core, column[3]), '← from').value, /^DmaCopy/);
  });

  it('a double-row MatMult: both rows of each pair of the 2·K contraction, partition by partition', () => {
    const text = `module m
dram x : f32[4, 2, 2] input = iota
dram w : f32[4, 2, 3] input = iota
func main() {
  sbuf x32 : f32[4, 2, 2]
  sbuf w32 : f32[4, 2, 3]
  sbuf xs : fp8e5m2[4, 2, 2]
  sbuf ws : fp8e5m2[4, 2, 3]
  psum acc : f32[2, 3]
  DmaCopy x32 <- x
  DmaCopy w32 <- w
  TensorCopy xs <- x32
  TensorCopy ws <- w32
  MatMult acc <- xs, ws, perf_mode = double_row
  Print "done"
}
`;
    const core = stoppedAt(programOf(text), lineOf(text, 'Print'));
    const w = repl(core, ':why acc[1, 2]');
    assert.match(w.result, /^acc\[1, 2\] = [0-9.e+]+ ← MatMult/);
    // Eight values of each operand (few enough to be listed one by one): x[p, j, 1] and w[p, j, 2], pair after pair.
    const names = w.rows.map((r) => r.name);
    const pairs = [0, 1, 2, 3].flatMap((p) => [0, 1].map((j) => `${p}, ${j}`));
    assert.deepStrictEqual(names, [...pairs.map((pj) => `stationary xs: xs[${pj}, 1]`), ...pairs.map((pj) => `moving ws: ws[${pj}, 2]`)]);
    assert.deepStrictEqual(w.rows.slice(0, 3).map((r) => r.value), ['1', '3', '5']);
  });

  it('a MatMultMX: a column of each data operand over every partition, and the scales of its blocks in each quadrant', () => {
    const text = `module m
dram x : u32[64, 2] input = random(seed=1, low=0, high=100)
dram w : u32[64, 3] input = random(seed=2, low=0, high=100)
dram s : u8[36, 3] input = const(127)
func main() {
  sbuf xs : fp8e5m2_x4[64, 2]
  sbuf ws : fp8e5m2_x4[64, 3]
  sbuf xsc : u8[36, 2]
  sbuf wsc : e8m0[36, 3]
  psum acc : f32[2, 3]
  DmaCopy xs <- x.view(fp8e5m2_x4)
  DmaCopy ws <- w.view(fp8e5m2_x4)
  DmaCopy xsc <- s[:, 0:2]
  DmaCopy wsc <- s.view(e8m0)
  MatMultMX acc <- xs, ws, xsc, wsc
  Print "done"
}
`;
    const core = stoppedAt(programOf(text), lineOf(text, 'Print'));
    const w = repl(core, ':why acc[1, 2]');
    assert.match(w.result, /^acc\[1, 2\] = [0-9.e+-]+ ← MatMultMX/);
    // The data's columns summarized (64 values each), the 8 scales of each listed: blocks 0..3 have theirs in
    // partitions 0..3, blocks 4..7 in 32..35 (the second quadrant).
    const quadrants = [0, 1, 2, 3, 32, 33, 34, 35];
    assert.deepStrictEqual(w.rows.map((r) => [r.name, r.value]), [
      ['stationary xs', '64 values: xs[0, 1] … xs[63, 1]'],
      ['moving ws', '64 values: ws[0, 2] … ws[63, 2]'],
      ...quadrants.map((p) => [`stationary scale xsc: xsc[${p}, 1]`, '127']),
      ...quadrants.map((p) => [`moving scale wsc: wsc[${p}, 2]`, '1']),
    ]);
  });

  it('a MatMultMX whose packed input holds a NaN value: :why follows it to the input, not to a "NaN from finite values"', () => {
    // x's elements are their indices: the first fp8e5m2 of element 125 (0x7d) is a NaN, as the input note says.
    const text = `module m
dram x : u32[32, 4] input = iota
dram s : u8[4, 4] input = const(127)
func main() {
  sbuf xs : fp8e5m2_x4[32, 4]
  sbuf sc : u8[4, 4]
  psum acc : f32[4, 4]
  DmaCopy xs <- x.view(fp8e5m2_x4)
  DmaCopy sc <- s
  MatMultMX acc <- xs, xs, sc, sc
  Print "done"
}
`;
    const core = stoppedAt(programOf(text), lineOf(text, 'Print'));
    const w = repl(core, ':why acc[1, 1]');
    assert.match(w.result, /^acc\[1, 1\] = nan ← MatMultMX/);
    assert.doesNotMatch(w.result, /from finite values/);
    assert.match(w.result, /the NaN was read from x\[31, 1\]/);
  });

  it('a QuantizeMX: a value and a scale, each from the 32 values of its block (8 partitions × 4), the scale in its quadrant', () => {
    const text = `module m
dram x : bf16[64, 8] input = iota
func main() {
  sbuf xs : bf16[64, 8]
  sbuf q : fp8e5m2_x4[64, 2]
  sbuf s : u8[36, 2]
  DmaCopy xs <- x
  QuantizeMX q <- xs, dst_scale = s
  Print "done"
}
`;
    const core = stoppedAt(programOf(text), lineOf(text, 'Print'));
    // Row 33 of s holds the scale of block 5 (partitions 40..47); column 1 is the values 4..7 of each.
    const scale = repl(core, ':why s[33, 1]');
    assert.match(scale.result, /^s\[33, 1\] = \d+ ← QuantizeMX/);
    assert.deepStrictEqual(scale.rows.map((r) => [r.name, r.value]), [['source xs', '32 values: xs[40, 4] … xs[47, 7]']]);
    const value = repl(core, ':why q[42, 0]');
    assert.deepStrictEqual(value.rows.map((r) => [r.name, r.value]), [['source xs', '32 values: xs[40, 0] … xs[47, 3]']]);
  });

  it('inlined code: the callee\'s instruction on its own line, its register argument followed into the caller', () => {
    const program = runPipeline(programOf(LOOPS_AND_CALLS), ['inline']).at(-1)!.program;
    const core = stoppedAt(program, lineOf(LOOPS_AND_CALLS, 'Print'));
    const w = repl(core, ':why u[2, 5]');
    assert.match(w.result, /^u\[2, 5\] = 48 ← Activation .*test\.bir:19:/);
    // The inlined instruction reads the caller's operands: t, and the register the argument was renamed to.
    assert.strictEqual(row(w.rows, 'source t: t[2, 5]').value, '24');
    const scale = row(w.rows, 'scale: r');
    assert.strictEqual(scale.value, '2');
    assert.match(row(rowsOf(core, scale), '← from').value, /^Set .*test\.bir:(12|13):/);
  });
});

/** An element of a DRAM tensor, as a plain run sees it before each node. */
interface Probe {
  readonly slot: number;
  readonly index: number;
  readonly name: string;
}

/**
 * The changes of each probed element in a plain forward run up to `ticks` nodes: per probe, the instruction count
 * before the node that changed it and the values before and after, as the console formats them.
 */
function plainChanges(program: Program, cores: number, probes: readonly Probe[], ticks: number): string[][] {
  const machine = new Machine(program, npyMachineOptions({ cores }));
  const interpreter = new Interpreter(machine);
  const hooks = new EveryNode();
  const show = (p: Probe): string => {
    const t = machine.drams[p.slot];
    return t.written[p.index] ? formatNumber(decode(t.dtype, t.data[p.index])) : '<uninit>';
  };
  const changes = probes.map((): string[] => []);
  let before = probes.map(show);
  let instructions = 0;
  for (let o = interpreter.runDebug(hooks); interpreter.ticks <= ticks; o = interpreter.runDebug(hooks)) {
    const now = probes.map(show);
    now.forEach((v, k) => {
      if (v !== before[k]) changes[k].push(`#${instructions.toLocaleString('en-US')} ${before[k]} → ${v}`);
    });
    before = now;
    instructions = machine.instructionsExecuted;
    if (o.kind !== 'stopped') break;
  }
  return changes;
}

/** The rows of a :history with the pages before them opened (a first row '…' opens the page before). */
function everyPage(core: DebugCore, rows: VariableInfo[]): VariableInfo[] {
  if (rows[0]?.name !== '…') return rows;
  return [...everyPage(core, rowsOf(core, rows[0])), ...rows.slice(1)];
}

describe(':history agrees with a plain forward run', function () {
  this.timeout(300_000);
  const cases = [
    ...fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.bir')).sort().map((f) => ({ name: f, program: () => checkProgram(path.join(EXAMPLES, f)).program!, cores: f === 'two_cores.bir' ? 2 : 1 })),
    ...[31, 32].map((seed) => ({ name: `generated program ${seed}`, program: () => programOf(generated(seed)), cores: 1 })),
  ];
  for (const c of cases) {
    it(`${c.name}: every change of sampled DRAM elements is a listed write with the same values`, () => {
      const program = c.program();
      const rnd = random(c.name.length);
      const core = new DebugCore(program, npyMachineOptions({ cores: c.cores }), { stopOnEntry: true }, new Int32Array(2));
      settle(core, core.run());
      core.continue();
      // How long the program runs, to stop it a little before its end.
      const whole = new Machine(program, npyMachineOptions({ cores: c.cores }));
      const total = new Interpreter(whole).runFast();
      assert.strictEqual(total.kind, 'exited');
      const goal = Math.floor(whole.instructionsExecuted * 0.9);
      const to = core.travel.goTo(':goto', goal)();
      const stop = to === 'run' ? settle(core, core.run()) : to;
      assert.strictEqual(stop.kind, 'stopped');
      const probes: Probe[] = [];
      // Outputs are written; inputs mostly only read.
      const drams = program.drams.filter((d) => d.module === program.entry.name);
      const outputs = drams.filter((d) => d.role === 'output');
      for (let k = 0; k < 6; k++) {
        const from = k < 4 && outputs.length ? outputs : drams;
        const d = from[Math.floor(rnd() * from.length)];
        const t = core.machine.drams[d.slot];
        const index = Math.floor(rnd() * t.size);
        probes.push({ slot: d.slot, index, name: `${d.name}[${unravel(t.shape, index).join(', ')}]` });
      }
      const expected = plainChanges(program, c.cores, probes, core.interpreter.ticks);
      assert.ok(expected.some((e) => e.length > 0), 'some sampled element changes');
      probes.forEach((p, k) => {
        const rows = everyPage(core, repl(core, `:history ${p.name}`).rows).map((r) => `${r.name} ${r.value.replace(/: .*$/, '')}`);
        for (const change of expected[k]) assert.ok(rows.includes(change), `${p.name}: '${change}' among ${rows.slice(0, 20).join(' | ')}`);
        // A write that is not a change wrote the value that was there.
        for (const r of rows.filter((x) => !expected[k].includes(x))) assert.match(r, /^#[\d,]+ (\S+) → \1$/, `${p.name}: ${r}`);
      });
    });
  }
});
