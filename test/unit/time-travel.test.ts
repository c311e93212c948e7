/**
 * Time travel, as an invariant: on every example and on generated programs, a random walk of forward steps,
 * continues, steps back (over, in, out; by line and by instruction), reverse continues and gotos, where the whole
 * machine's state at each stop is compared with a plain forward run stopped at the same tick. Zero differences.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DebugCore } from '../../engine/debug/debug-core';
import { DebugOutcome } from '../../engine/debug/replay';
import { CONTROL_INTERRUPT, CONTROL_SLOTS, Interpreter } from '../../engine/run/interpreter';
import { Machine } from '../../engine/machine/machine';
import { checkProgram } from '../../engine/lang/check/checker';
import { Program } from '../../engine/ir/program';
import { npyMachineOptions } from '../../engine/run/simulate';
import { machineHash } from '../helpers/machine-hash';
import { programOf } from '../helpers/virtual-host';
import { CHECKPOINT_MS, CHECKPOINT_TICKS, SAVED_BYTES_PER_MS } from '../../engine/debug/timeline';
import { generated, random } from '../helpers/generated-programs';
import { EveryNode } from '../helpers/every-node';
import { allNodes } from '../../engine/passes/pass';

const EXAMPLES = path.resolve(__dirname, '..', '..', 'examples');

/** The machine's hash at each of the given ticks of a plain forward run. */
function referenceHashes(program: Program, cores: number, ticks: ReadonlySet<number>): Map<number, string> {
  const machine = new Machine(program, npyMachineOptions({ cores }));
  const interpreter = new Interpreter(machine);
  const hooks = new EveryNode();
  const out = new Map<number, string>();
  const last = Math.max(...ticks);
  for (let outcome = interpreter.runDebug(hooks); outcome.kind === 'stopped' && interpreter.ticks <= last; outcome = interpreter.runDebug(hooks)) {
    if (ticks.has(interpreter.ticks)) out.set(interpreter.ticks, machineHash(machine));
  }
  return out;
}

function settle(core: DebugCore, outcome: DebugOutcome): DebugOutcome {
  let o = outcome;
  while (o.kind === 'yield') o = core.run();
  return o;
}

interface Walk {
  readonly stops: { tick: number; hash: string; op: string }[];
}

/** A random walk through time; the machine's hash at every stop. */
function walk(program: Program, cores: number, seed: number, moves: number, historyMiB?: number): Walk & { core: DebugCore } {
  const rnd = random(seed);
  const core = new DebugCore(program, npyMachineOptions({ cores }), { stopOnEntry: true, historyMiB }, new Int32Array(2));
  const stops: Walk['stops'] = [];
  const lines = [...new Set(allNodes(program).filter((n) => n.span.file === program.entry.file).map((n) => n.span.line))];
  const record = (op: string, o: DebugOutcome): boolean => {
    if (o.kind !== 'stopped') return false;
    stops.push({ tick: core.interpreter.ticks, hash: machineHash(core.machine), op });
    return true;
  };
  if (!record('entry', settle(core, core.run()))) return { stops, core };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
  for (let i = 0; i < moves; i++) {
    const thread = 1 + Math.floor(rnd() * cores);
    const granularity = pick(['line', 'instruction'] as const);
    const t = core.travel.timeline!;
    const atStart = core.interpreter.ticks <= t.start;
    const op = pick(['continue', 'next', 'in', 'out', 'back', 'backIn', 'backOut', 'reverse', 'goto', 'goto']);
    let outcome: DebugOutcome;
    try {
      switch (op) {
        case 'continue':
          core.setBreakpoints(program.entry.file, [pick(lines), pick(lines)].map((line) => ({ line })));
          core.continue();
          outcome = settle(core, core.run());
          break;
        case 'next':
        case 'in':
        case 'out':
          core.step(op === 'next' ? 'over' : op, thread, granularity);
          outcome = settle(core, core.run());
          break;
        case 'back':
        case 'backIn':
        case 'backOut':
          if (atStart) continue;
          outcome = core.travel.stepBack('stepBack', op === 'back' ? 'over' : op === 'backIn' ? 'in' : 'out', thread, granularity)();
          break;
        case 'reverse':
          if (atStart) continue;
          core.setBreakpoints(program.entry.file, [pick(lines)].map((line) => ({ line })));
          outcome = core.travel.reverseContinue('reverseContinue')();
          break;
        default: {
          const target = Math.floor(t.startInstructions + rnd() * (t.frontierInstructions - t.startInstructions + 1));
          const r = core.travel.goTo(':goto', target)();
          outcome = r === 'run' ? settle(core, core.run()) : r;
        }
      }
    } catch (e) {
      // A step on a core that has finished is refused: the walk goes on.
      if (/has finished/.test((e as Error).message)) continue;
      throw e;
    }
    if (!record(`${op} ${granularity} t${thread}`, outcome)) break;
  }
  return { stops, core };
}

/** Walks (new ones while a walk ends with the program) until `wanted` stops were compared; returns how many. */
function check(program: Program, cores: number, seed: number, wanted: number, historyMiB?: number): number {
  let compared = 0;
  for (let w = 0; w < 20 && compared < wanted; w++) {
    const { stops } = walk(program, cores, seed + 1000 * w, wanted - compared, historyMiB);
    const reference = referenceHashes(program, cores, new Set(stops.map((s) => s.tick)));
    const differences = stops.filter((s) => reference.get(s.tick) !== s.hash).map((s) => `${s.op} at tick ${s.tick}`);
    assert.deepStrictEqual(differences, [], `seed ${seed + 1000 * w}`);
    compared += stops.length;
  }
  return compared;
}

describe('time travel: the state at every stop is the forward run\'s', function () {
  this.timeout(300_000);
  const examples = fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.bir')).sort();

  for (const file of examples) {
    it(`${file}: a random walk forward and back`, () => {
      const program = checkProgram(path.join(EXAMPLES, file)).program!;
      const cores = file === 'two_cores.bir' ? 2 : 1;
      assert.ok(check(program, cores, 1, 100) >= 100);
    });
  }

  for (const seed of [11, 12, 13, 14]) {
    it(`generated program ${seed}: a walk across checkpoints`, () => {
      const program = programOf(generated(seed));
      assert.ok(check(program, 1, seed, 60) >= 60);
    });
  }

  it('a small history limit thins and cuts the history; every position it still reaches is exact', () => {
    const program = programOf(generated(21));
    // Enough for a few intervals of this program: the oldest are merged, then dropped.
    const limit = 0.001;
    assert.ok(check(program, 1, 21, 60, limit) >= 60);
    const { core } = walk(program, 1, 21, 0, limit);
    core.continue();
    settle(core, core.run());
    const t = core.travel.timeline!;
    assert.ok(t.journal.bytes <= 2 * limit * 1024 * 1024, `the history takes ${t.journal.bytes} bytes`);
    assert.ok(t.start > 0, 'the oldest history was dropped');
    assert.match(t.notices.join('\n'), /stepping back now reaches instruction \d+ at the earliest/);
    // The user is told once that the history is thinned and once that it is cut, with how far back it reaches.
    const told = core.notices.map((n) => n.text);
    assert.ok(told.filter((x) => /older history is kept more coarsely/.test(x)).length <= 1, told.join('\n'));
    assert.strictEqual(told.filter((x) => /stepping back now reaches instruction \d+ at the earliest\. The earliest point moves on/.test(x)).length, 1, told.join('\n'));
    // At the earliest point left, going back further is refused with how far back the history reaches.
    const stopped = new DebugCore(program, npyMachineOptions({}), { historyMiB: limit }, new Int32Array(2));
    const last = generated(21).split('\n').findIndex((l) => l.includes('DmaCopy out <- b')) + 1;
    stopped.setBreakpoints(program.entry.file, [{ line: last }]);
    assert.strictEqual(settle(stopped, stopped.run()).kind, 'stopped');
    const earliest = stopped.travel.timeline!.startInstructions;
    assert.ok(earliest > 0);
    const at = stopped.travel.goTo(':goto', earliest)();
    assert.ok(at !== 'run' && at.kind === 'stopped');
    assert.throws(() => stopped.travel.stepBack('stepBack', 'over', 1), new RegExp(`there is no history before this point \\(instruction ${earliest}\\) \\(the history, bounded by the launch attribute historyMiB, reaches back to instruction ${earliest}\\)`));
  });

  it('a history limit first thins the older history (said once), before it cuts any', () => {
    const program = programOf(generated(22));
    // A clock that moves a millisecond at each reading: checkpoints fall at the same nodes on any machine.
    let ms = 0;
    const core = new DebugCore(program, npyMachineOptions({}), { historyMiB: 0.05, clock: () => ms++ }, new Int32Array(2));
    settle(core, core.run());
    const told = core.notices.map((n) => n.text);
    assert.deepStrictEqual(told.filter((x) => /older history is kept more coarsely, so going back there replays longer/.test(x)).length, 1, told.join('\n'));
    assert.ok(core.travel.timeline!.journal.bytes <= 2 * 0.05 * 2 ** 20);
  });

  it('an interval that saves many pages runs longer before its checkpoint, and travel through it stays exact', () => {
    // Each iteration writes a column of a wide DRAM tensor: 64 rows, each on a page of its own (a row is 4,096
    // elements), saved again in every interval; the narrow program writes one small tile.
    const loop = (body: string) => `module w
dram out : f32[64, 4096] output
func main() {
  sbuf t : f32[64, 8]
  Memset t <- 0
  for r0 in 0..3000 {
    TensorScalar t <- t, op = add, scalar = 1
${body}
  }
  Print "done"
}
`;
    const spacing = (text: string) => {
      const program = programOf(text);
      // A clock that moves a millisecond at each reading: checkpoints fall at the same nodes on any machine.
      let ms = 0;
      const core = new DebugCore(program, npyMachineOptions({}), { clock: () => ms++ }, new Int32Array(2));
      settle(core, core.run());
      const checkpoints = core.travel.timeline!.checkpoints;
      const ticks = checkpoints.map((c) => c.tick);
      return { program, core, ticks, instructions: checkpoints.map((c) => c.instructions), mean: (ticks[ticks.length - 1] - ticks[0]) / (ticks.length - 1) };
    };
    const narrow = spacing(loop('    TensorScalar t <- t, op = mul, scalar = 1'));
    const wide = spacing(loop('    DmaCopy out[0:64, (r0 % 512) * 8 : (r0 % 512) * 8 + 8] <- t'));
    // 64 pages of 4,096 f32 elements and their written flags: about 1.3 MB saved per interval, 20 ms of its run.
    const perInterval = 64 * 4096 * 5;
    assert.ok(narrow.mean <= 2 * 64 * CHECKPOINT_MS, `narrow: ${narrow.mean} ticks between checkpoints`);
    assert.ok(wide.mean >= 0.5 * 64 * (perInterval / SAVED_BYTES_PER_MS), `wide: ${wide.mean} ticks between checkpoints (narrow: ${narrow.mean})`);
    // Going back into the longer intervals puts the machine as the run had it.
    const at = [wide.instructions[1] + 7, wide.instructions[2] - 1, Math.floor((wide.instructions[3] + wide.instructions[4]) / 2)];
    for (const instructions of at) {
      const moved = wide.core.travel.goTo(':goto', instructions)();
      assert.ok(moved !== 'run' && moved.kind === 'stopped');
      const tick = wide.core.interpreter.ticks;
      assert.strictEqual(machineHash(wide.core.machine), referenceHashes(wide.program, 1, new Set([tick])).get(tick), `at instruction ${instructions}`);
    }
  });

  it('a step back over a long call replays only the intervals where the stepping frame ran, and lands on the call', () => {
    const text = `module c
func long(t: sbuf f32[1, 4]) {
  for r0 in 0..4000 {
    TensorScalar t <- t, op = add, scalar = 1
  }
}
func main() {
  sbuf t : f32[1, 4]
  Memset t <- 0
  call long(t)
  TensorScalar t <- t, op = mul, scalar = 2
}
`;
    const program = programOf(text);
    // A clock that moves a millisecond at each reading: checkpoints a few hundred nodes apart, the call spans many.
    let ms = 0;
    const core = new DebugCore(program, npyMachineOptions({}), { clock: () => ms++ }, new Int32Array(2));
    core.setBreakpoints(program.entry.file, [{ line: 11 }]);
    assert.strictEqual(settle(core, core.run()).kind, 'stopped');
    const ticks = core.travel.timeline!.checkpoints.map((c) => c.tick);
    assert.ok(ticks.length > 10, `${ticks.length} checkpoints`);
    const longest = Math.max(...ticks.slice(1).map((k, i) => k - ticks[i]), core.interpreter.ticks - ticks[ticks.length - 1]);
    let replayed = 0;
    const beforeNode = core.beforeNode.bind(core);
    core.beforeNode = (...args: Parameters<DebugCore['beforeNode']>) => (replayed++, beforeNode(...args));
    const back = core.travel.stepBack('stepBack', 'over', 1)();
    assert.strictEqual(back.kind, 'stopped');
    assert.strictEqual(core.machine.cores[0].frame!.current!.span.line, 10, 'at the call');
    const tick = core.interpreter.ticks;
    assert.strictEqual(machineHash(core.machine), referenceHashes(program, 1, new Set([tick])).get(tick));
    // The call ran 8,000 nodes; the search replays the interval of the stop and that of the call's start, then the
    // landing replays to the call: three intervals at most.
    assert.ok(replayed <= 3 * longest, `${replayed} nodes replayed (intervals of ${longest} nodes at most)`);
  });

  it('the generated programs are long enough to have checkpoints', () => {
    const program = programOf(generated(11));
    const core = new DebugCore(program, npyMachineOptions({}), {}, new Int32Array(2));
    settle(core, core.run());
    assert.ok(core.interpreter.ticks > 3 * CHECKPOINT_TICKS);
  });

  it('a pause asked for while a move replays the past stops the move where its replay is, and the run goes on from there', () => {
    const program = programOf(generated(23));
    const control = new Int32Array(CONTROL_SLOTS);
    const core = new DebugCore(program, npyMachineOptions({}), {}, control);
    const last = generated(23).split('\n').findIndex((l) => l.includes('DmaCopy out <- b')) + 1;
    core.setBreakpoints(program.entry.file, [{ line: last }]);
    assert.strictEqual(settle(core, core.run()).kind, 'stopped');
    const end = core.interpreter.ticks;
    // The pause comes as the move starts: the first node the replay meets stops it.
    const move = core.travel.goTo(':goto', 10);
    Atomics.store(control, CONTROL_INTERRUPT, 1);
    const paused = move();
    assert.ok(paused !== 'run' && paused.kind === 'stopped');
    assert.strictEqual(paused.info.reason, 'pause');
    assert.match(paused.info.text!, /^paused during ':goto', at instruction [\d,]+$/);
    assert.strictEqual(control[CONTROL_INTERRUPT], 0, 'the pause is spent');
    assert.ok(core.interpreter.ticks < end && core.machine.instructionsExecuted !== 10, 'stopped in the past, short of the goto');
    assert.strictEqual(referenceHashes(program, 1, new Set([core.interpreter.ticks])).get(core.interpreter.ticks), machineHash(core.machine), 'at a state the run had');
    // Going on from there reaches the breakpoint again, in the state the run first had there.
    const atEnd = referenceHashes(program, 1, new Set([end])).get(end);
    core.continue();
    assert.strictEqual(settle(core, core.run()).kind, 'stopped');
    assert.strictEqual(core.interpreter.ticks, end);
    assert.strictEqual(machineHash(core.machine), atEnd);
    // A search of the past that a pause interrupts is refused, and the stop stays where it is.
    Atomics.store(control, CONTROL_INTERRUPT, 1);
    assert.throws(() => core.evaluate(':history b[0, 0]', undefined, 'repl'), /':history' was paused before its search of the past ended/);
    assert.strictEqual(core.interpreter.ticks, end);
    assert.strictEqual(machineHash(core.machine), atEnd);
    // A step back is a move: it stops where its search was.
    Atomics.store(control, CONTROL_INTERRUPT, 1);
    const back = core.travel.stepBack('stepBack', 'over', 1)();
    assert.strictEqual(back.kind === 'stopped' && back.info.reason, 'pause');
  });

  it('a pause stops a search of the past however close together the checkpoints fell (a slow machine takes one every few dozen nodes)', () => {
    const program = programOf(generated(23));
    const control = new Int32Array(CONTROL_SLOTS);
    // A clock that moves 4 ms at each reading: a checkpoint at each look at the clock, far less than a replay's check interval.
    let ms = 0;
    const core = new DebugCore(program, npyMachineOptions({}), { clock: () => (ms += 4) }, control);
    const last = generated(23).split('\n').findIndex((l) => l.includes('DmaCopy out <- b')) + 1;
    core.setBreakpoints(program.entry.file, [{ line: last }]);
    assert.strictEqual(settle(core, core.run()).kind, 'stopped');
    const end = core.interpreter.ticks;
    const atEnd = machineHash(core.machine);
    Atomics.store(control, CONTROL_INTERRUPT, 1);
    assert.throws(() => core.evaluate(':history b[0, 0]', undefined, 'repl'), /':history' was paused before its search of the past ended/);
    assert.strictEqual(control[CONTROL_INTERRUPT], 0, 'the pause is spent');
    assert.strictEqual(core.interpreter.ticks, end);
    assert.strictEqual(machineHash(core.machine), atEnd);
  });

  it('on several cores a step by instruction, forward or back, stops before a node of the core it names; back then forward comes back', () => {
    for (const cores of [2, 3]) {
      const program = programOf(`module mc\ncores ${cores}\nfunc main() {\n${Array.from({ length: 60 }, (_, i) => `  Set r${i % 16} = ${i}`).join('\n')}\n}\n`);
      const core = new DebugCore(program, npyMachineOptions({ cores }), { stopOnEntry: true }, new Int32Array(2));
      settle(core, core.run());
      const rnd = random(cores);
      /** Before a node of core c: the cores before it in the round have run one more node than those after. */
      const isBefore = (c: number): boolean => core.machine.cores.every((other, i) => other.executed === core.machine.cores[c].executed + (i < c ? 1 : 0));
      for (let k = 0; k < 6; k++) {
        const thread = 1 + Math.floor(rnd() * cores);
        core.step('over', thread, 'instruction');
        const forward = settle(core, core.run());
        assert.ok(forward.kind === 'stopped' && forward.info.threadId === thread && isBefore(thread - 1), `forward on thread ${thread}`);
      }
      // Back then forward on the thread stopped at: the same instant, every time.
      for (let k = 0; k < 4; k++) {
        const t = 1 + (k % cores);
        core.step('over', t, 'instruction');
        settle(core, core.run());
        const at = core.interpreter.ticks;
        const back = core.travel.stepBack('stepBack', 'over', t, 'instruction')();
        assert.ok(back.kind === 'stopped' && back.info.threadId === t && isBefore(t - 1), `back on thread ${t}`);
        assert.ok(core.interpreter.ticks < at);
        core.step('over', t, 'instruction');
        settle(core, core.run());
        assert.strictEqual(core.interpreter.ticks, at, `back then forward on thread ${t} comes back`);
      }
    }
  });
});
