/**
 * Changing a stopped program, in the engine: the address space (addresses, reads with unreadable bytes, writes into
 * elements), completions, and values set while stopped as part of the history: at every stop of a walk through time
 * after two changes (one made in the past), the machine's state is that of a plain forward run with the same changes
 * made at the same ticks.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DebugCore } from '../../engine/debug/debug-core';
import { DebugOutcome } from '../../engine/debug/replay';
import { Interpreter } from '../../engine/run/interpreter';
import { Machine } from '../../engine/machine/machine';
import { checkProgram } from '../../engine/lang/check/checker';
import { Program } from '../../engine/ir/program';
import { npyMachineOptions } from '../../engine/run/simulate';
import { View, writeView } from '../../engine/machine/view';
import { AddressSpace, DRAM_BASE, ONCHIP_BASE, CORE_SPAN, PARTITION_SPAN, PSUM_OFFSET, describeAddress, parseAddress } from '../../engine/debug/address-space';
import { completions, CompletionScope } from '../../engine/debug/completions';
import { machineHash } from '../helpers/machine-hash';
import { programOf } from '../helpers/virtual-host';
import { EveryNode } from '../helpers/every-node';
import { random } from '../helpers/generated-programs';

const SMALL = `module small
dram a : f32[2, 3] input = random(seed=1, low=0, high=1)
dram b : bf16[5] output
func main() {
  sbuf s : f32[4, 2]
  psum p : f32[2, 2]
  Memset s <- 1
  Print "s", s
}
`;

function settle(core: DebugCore, outcome: DebugOutcome): DebugOutcome {
  let o = outcome;
  while (o.kind === 'yield') o = core.run();
  return o;
}

/** A debug core of SMALL stopped before its Print (s written, p not). */
function smallStopped(): DebugCore {
  const program = programOf(SMALL);
  const core = new DebugCore(program, npyMachineOptions({ cores: 2 }), { stopOnEntry: true }, new Int32Array(2));
  settle(core, core.run());
  core.step('over', 1, 'line');
  settle(core, core.run());
  return core;
}

describe('the address space', () => {
  it('puts DRAM tensors at 4 KiB boundaries from 0x1000, and SBUF and PSUM of each core by partition', () => {
    const core = smallStopped();
    const space = new AddressSpace(core.machine);
    const [a, b] = core.machine.drams;
    assert.strictEqual(space.addressOf(a, 0), DRAM_BASE);
    assert.strictEqual(space.addressOf(a, 4), DRAM_BASE + 16);
    assert.strictEqual(space.addressOf(b, 0), DRAM_BASE + 0x1000);
    const frame = core.machine.cores[1].frames[0];
    const s = frame.tensors[frame.fn.allocs[0].slot].tensor;
    const p = frame.tensors[frame.fn.allocs[1].slot].tensor;
    const sBase = s.placement!.frameBase + s.placement!.offset;
    assert.strictEqual(space.addressOf(s, 5), ONCHIP_BASE + CORE_SPAN + 2 * PARTITION_SPAN + sBase + 4);
    assert.strictEqual(space.addressOf(p, 2), ONCHIP_BASE + CORE_SPAN + PSUM_OFFSET + PARTITION_SPAN + p.placement!.frameBase + p.placement!.offset);
    assert.strictEqual(describeAddress(ONCHIP_BASE + CORE_SPAN + PSUM_OFFSET + 3 * PARTITION_SPAN + 17), 'PSUM of core 1, partition 3, byte 17');
    assert.match(describeAddress(ONCHIP_BASE + 130 * PARTITION_SPAN), /partition 130, byte 0 \(outside the memory\)/);
  });

  it('reads written bytes, then counts the unreadable ones (never written, between tensors, past a partition row)', () => {
    const core = smallStopped();
    const space = new AddressSpace(core.machine);
    const a = core.machine.drams[0];
    const whole = space.read(DRAM_BASE - 4, 40);
    assert.deepStrictEqual([whole.data.length, whole.unreadable], [0, 4], 'before the first tensor');
    const r = space.read(DRAM_BASE, 40);
    assert.strictEqual(r.data.length, 24);
    assert.strictEqual(Buffer.from(r.data).readFloatLE(8), a.data[2]);
    assert.strictEqual(r.unreadable, 16, 'to the end of the range, past the tensor');
    // b is never written: all of it unreadable, up to the end of the range.
    assert.deepStrictEqual([space.read(DRAM_BASE + 0x1000, 10).data.length, space.read(DRAM_BASE + 0x1000, 10).unreadable], [0, 10]);
    const frame = core.machine.cores[0].frames[0];
    const s = frame.tensors[frame.fn.allocs[0].slot].tensor;
    const row1 = space.addressOf(s, 2)!;
    const row = space.read(row1, 12);
    assert.deepStrictEqual([row.data.length, row.unreadable], [8, 4], 'a partition row of s is 8 bytes');
    assert.strictEqual(Buffer.from(row.data).readFloatLE(4), 1);
  });

  it('writes bytes into elements: partly written elements keep their other bytes, NaN is made canonical, gaps refuse', () => {
    const core = smallStopped();
    const space = new AddressSpace(core.machine);
    const b = core.machine.drams[1];
    const at = space.addressOf(b, 1)!;
    // One byte of a bf16 element never written: the other byte is zero.
    const one = space.write(at + 1, new Uint8Array([0x3f]), false);
    assert.strictEqual(one.written, 1);
    assert.strictEqual(b.data[1], 0x3f00);
    assert.strictEqual(b.written[1], 1);
    assert.strictEqual(b.written[0], 0);
    // A NaN spelled with a payload is stored as the quiet NaN.
    space.write(at, new Uint8Array([0x81, 0xff]), false);
    assert.strictEqual(b.data[1], 0x7fc0);
    assert.strictEqual(space.coveredFrom(space.addressOf(b, 4)!, space.addressOf(b, 4)! + 4), 2, 'the tensor ends after 2 bytes');
    assert.deepStrictEqual(space.write(space.addressOf(b, 4)!, new Uint8Array([1, 2, 3, 4]), true).written, 2);
  });

  it('parses references: 0x and hex digits, an offset that stays in the space', () => {
    assert.strictEqual(parseAddress('0x1000', -16), 0x1000 - 16);
    assert.throws(() => parseAddress('4096'), /not an address/);
    assert.throws(() => parseAddress('0x10', -17), /outside the address space/);
  });
});

describe('completions', () => {
  const scope: CompletionScope = {
    tensors: [{ name: 'acc', dtype: 'f32', shape: [128, 64], memory: 'sbuf' }, { name: 'x', dtype: 'bf16', shape: [4, 5, 6], memory: 'dram' }],
    registers: [{ name: 'r0', detail: 'register = 2' }, { name: 'core', detail: 'the core' }],
    constants: [{ name: 'ALPHA', value: 0.5 }],
  };

  it('offers names that start with the word before the cursor, with their types', () => {
    const items = completions('sum(a', 5, scope);
    assert.deepStrictEqual(items.map((c) => c.label), ['acc', 'ALPHA', 'any', 'all', 'allclose', 'abs']);
    assert.strictEqual(items[0].detail, 'f32[128, 64] in sbuf');
    assert.deepStrictEqual([items[0].start, items[0].length], [4, 1]);
    assert.strictEqual(completions('AL', 2, scope)[0].detail, 'constant = 0.5');
    assert.strictEqual(completions('1 + r', 5, scope)[0].detail, 'register = 2');
  });

  it('offers the commands at the start of a console line', () => {
    const items = completions(':w', 2, scope);
    assert.ok(items.some((c) => c.label === ':why' && c.detail === ':why EXPR: where a value came from, step by step'));
    assert.deepStrictEqual([items[0].start, items[0].length], [0, 2]);
    assert.ok(!completions('acc :', 5, scope).some((c) => c.label.startsWith(':')), 'only at the start');
  });

  it('offers the size of the dimension being indexed after t[', () => {
    assert.deepStrictEqual(completions('x[', 2, scope).slice(0, 2).map((c) => c.label), ['0:4', '3']);
    assert.deepStrictEqual(completions('x[0, 1:2, ', 10, scope).slice(0, 2).map((c) => c.label), ['0:6', '5']);
    assert.strictEqual(completions('x[max(1, 2), ', 13, scope)[0].label, '0:5', 'commas inside a call do not count');
    assert.strictEqual(completions('acc[x[0, 0, 0], ', 16, scope)[0].label, '0:64', 'an index closed before the cursor does not count');
    assert.strictEqual(completions('x[0, 1, 2, ', 11, scope)[0].label, 'acc', 'past the last dimension: names only');
    assert.strictEqual(completions('nosuch[', 7, scope)[0].label, 'acc', 'not a tensor: names only');
  });
});

describe('setting values without history and on several cores', () => {
  it('with historyMiB 0 a value is stored at once, with nothing to discard', () => {
    const program = programOf(SMALL);
    const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), { stopOnEntry: true, historyMiB: 0 }, new Int32Array(2));
    settle(core, core.run());
    core.step('over', 1, 'line');
    settle(core, core.run());
    const r = core.changes.setExpression('s[1, 0:2]', '1/3', undefined);
    assert.strictEqual(r.notice, undefined);
    assert.strictEqual(r.changed.length, 1);
    assert.strictEqual(core.evaluate('s[1, 1]', undefined, 'watch').result, '0.33333334', 'rounded to f32');
    assert.throws(() => core.changes.setExpression('s[0:4, 0:1].bcast(2)', '1', undefined), /repeats elements \(a broadcast\)/);
    core.changes.setExpression('s.T[1, 0:4]', '7', undefined);
    assert.strictEqual(core.evaluate('all(s[0:4, 1] == 7) && s[0, 0] == 1', undefined, 'watch').result, '1', 'through a transpose: column 1');
  });

  it('each core has its own SBUF: a set through core 2\'s frame changes core 2\'s tensor only', () => {
    const core = smallStopped();
    const frames = core.stackTrace(2, 0, 1).frames;
    const r = core.changes.setExpression('s[0, 0]', '5', frames[0].id);
    assert.ok(r.memoryReference && parseInt(r.memoryReference, 16) >= ONCHIP_BASE + CORE_SPAN, `core 1's SBUF: ${r.memoryReference}`);
    assert.strictEqual(core.evaluate('s[0, 0]', frames[0].id, 'watch').result, '5');
    assert.strictEqual(core.evaluate('s[0, 0]', core.stackTrace(1, 0, 1).frames[0].id, 'watch').result, '1');
    assert.strictEqual(core.changes.readMemory(r.memoryReference!, 0, 4).data, Buffer.from(new Float32Array([5]).buffer).toString('base64'));
  });
});

describe('values set while stopped are part of the history', function () {
  this.timeout(300_000);

  /** The machine's hash at each tick of a forward run, with the changes made at their ticks. */
  function referenceHashes(program: Program, ticks: ReadonlySet<number>, changes: ReadonlyMap<number, (m: Machine) => void>): Map<number, string> {
    const machine = new Machine(program, npyMachineOptions({ cores: 1 }));
    const interpreter = new Interpreter(machine);
    const hooks = new EveryNode();
    const out = new Map<number, string>();
    const last = Math.max(...ticks);
    for (let o = interpreter.runDebug(hooks); o.kind === 'stopped' && interpreter.ticks <= last; o = interpreter.runDebug(hooks)) {
      changes.get(interpreter.ticks)?.(machine);
      if (ticks.has(interpreter.ticks)) out.set(interpreter.ticks, machineHash(machine));
    }
    return out;
  }

  const fill = (row: number, cols: number, value: number) => (m: Machine): void => {
    const x = m.dramViews[m.program.drams.find((d) => d.name === 'x')!.slot];
    const view: View = { tensor: x.tensor, offset: row * x.shape[1], shape: [cols], strides: [1] };
    writeView(view, new Float64Array(cols).fill(value));
  };

  for (const seed of [5, 6, 7, 8]) it(`calls_loops.bir: a change, then one in the past; a random walk (seed ${seed}) matches the forward run with both`, () => {
    const program = checkProgram(path.resolve(__dirname, '..', '..', 'examples', 'calls_loops.bir')).program!;
    const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), { stopOnEntry: true }, new Int32Array(2));
    settle(core, core.run());
    const step = (n: number): void => {
      for (let i = 0; i < n; i++) {
        core.step('in', 1, 'instruction');
        assert.strictEqual(settle(core, core.run()).kind, 'stopped');
      }
    };
    step(3);
    const t1 = core.interpreter.ticks;
    assert.strictEqual(core.changes.setExpression('x[200, 0:4]', '9', undefined).notice, undefined, 'at the frontier nothing is discarded');
    step(40);
    for (let i = 0; i < 10; i++) core.travel.stepBack('stepBack', 'in', 1, 'instruction')();
    const t2 = core.interpreter.ticks;
    assert.ok(t2 > t1);
    assert.match(core.changes.setExpression('x[201, 0:2]', 'x[200, 0:2] * 2', undefined).notice ?? '', /set in the past/);
    const changes = new Map([[t1, fill(200, 4, 9)], [t2, fill(201, 2, 18)]]);
    const stops: { tick: number; hash: string; op: string }[] = [{ tick: t2, hash: machineHash(core.machine), op: 'edit' }];
    const edgeLine = fs.readFileSync(program.entry.file, 'utf8').split('\n').findIndex((l) => l.includes('call edge_tile')) + 1;
    const rnd = random(seed);
    for (let i = 0; i < 80; i++) {
      const op = ['next', 'next', 'back', 'goto', 'continue'][Math.floor(rnd() * 5)];
      let outcome: DebugOutcome;
      if (op === 'next') {
        core.step(rnd() < 0.5 ? 'in' : 'over', 1, rnd() < 0.5 ? 'instruction' : 'line');
        outcome = settle(core, core.run());
      } else if (op === 'back') {
        if (core.interpreter.ticks <= core.travel.timeline!.start) continue;
        outcome = core.travel.stepBack('stepBack', 'over', 1, rnd() < 0.5 ? 'instruction' : 'line')();
      } else if (op === 'continue') {
        core.setBreakpoints(program.entry.file, [{ line: edgeLine }]);
        core.continue();
        outcome = settle(core, core.run());
      } else {
        const r = core.travel.goTo(':goto', Math.floor(rnd() * (core.travel.timeline!.frontierInstructions + 1)))();
        outcome = r === 'run' ? settle(core, core.run()) : r;
      }
      if (outcome.kind !== 'stopped') break;
      stops.push({ tick: core.interpreter.ticks, hash: machineHash(core.machine), op });
    }
    assert.ok(stops.some((s) => s.tick < t1) || stops.some((s) => s.tick < t2), 'the walk went before a change');
    assert.ok(stops.some((s) => s.tick > t2), 'and after it');
    const reference = referenceHashes(program, new Set(stops.map((s) => s.tick)), changes);
    const differences = stops.filter((s) => reference.get(s.tick) !== s.hash).map((s) => `${s.op} at tick ${s.tick}`);
    assert.deepStrictEqual(differences, []);
  });
});
