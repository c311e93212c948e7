/**
 * Two runs of two programs on the same inputs, compared write by write on the DRAM tensors they share: the first
 * write (in the order of run A) that gives an element other bits than the same write of it (the element's k-th)
 * in run B. Run B goes first and its writes are recorded; run A is then compared with them as it goes and stops at
 * the first difference. Writes are matched per element and in order, not by time: B may be another schedule of the
 * same work (a pass moved, fused, inlined or unrolled it) and its writes still pair with A's. While A writes the
 * rows B wrote in B's order, rows are compared as blocks of bits; from the first row that is not B's next one, each
 * element's k-th write is looked up in B's index. While the rows keep step the runs need not be recorded at all:
 * they are interleaved (interleaved.ts), and the recorded path runs only when the rows part ways.
 */
import { Program } from '../ir/program';
import { Machine, MachineOptions } from '../machine/machine';
import { CONTROL_TERMINATE, Interpreter, RunOutcome } from '../run/interpreter';
import { ElementBits, watchDramWrites, Writer } from './dram-writes';
import { DramMatch, DramPair } from './dram-match';
import { WriteStream } from './write-stream';
import { interleavedLockstep } from './interleaved';
import { DramDifference, initialDifference, LockstepResult, valueOfBits, WriteSide } from './dram-difference';

export { DramDifference, initialDifference, LockstepResult, valueOfBits, WriteSide } from './dram-difference';

/**
 * The runs interleaved while their rows keep step (interleaved.ts: nothing recorded but the rows one side is
 * ahead), else B recorded and A compared with it per element (`recordedLockstep`); the two give the same answer.
 */
export function lockstep(a: Program, b: Program, match: DramMatch, optionsA: MachineOptions, optionsB: MachineOptions): LockstepResult {
  return interleavedLockstep(a, b, match, optionsA, optionsB) ?? recordedLockstep(a, b, match, optionsA, optionsB);
}

/** B's run recorded whole, then A's compared with it as it goes: writes matched per element, in any order. */
export function recordedLockstep(a: Program, b: Program, match: DramMatch, optionsA: MachineOptions, optionsB: MachineOptions): LockstepResult {
  const recorded = recordRun(b, optionsB, new Set(match.pairs.map((p) => p.b.slot)));
  const machine = new Machine(a, optionsA);
  const control = new Int32Array(2);
  const interpreter = new Interpreter(machine, control);
  const stream = recorded.stream;
  const compare = new Comparison(match, stream, () => (control[CONTROL_TERMINATE] = 1));
  const watch = watchDramWrites(machine, interpreter, (slot, from, to, bits, writer) => compare.row(slot, from, to, bits, writer));
  let outcomeA: RunOutcome | undefined;
  try {
    outcomeA = interpreter.runFast();
  } finally {
    watch.stop();
  }
  const instructions = { a: machine.instructionsExecuted, b: recorded.machine.instructionsExecuted };
  if (compare.difference) return { difference: compare.difference, outcomeB: recorded.outcome, writes: compare.writes, instructions };
  const difference = compare.missingInA() ?? initialDifference(match, machine, recorded.machine);
  return { difference, outcomeA, outcomeB: recorded.outcome, writes: compare.writes, instructions };
}

/** Run A's rows against run B's recorded writes. */
class Comparison {
  difference?: DramDifference;
  writes = 0;
  /** B's row that A's next row is while they keep step; -1 once they do not. */
  private next = 0;
  /** Per slot of A, how many times each element was written, once the rows no longer keep step. */
  private counts: (Uint32Array | undefined)[] = [];

  constructor(
    private readonly match: DramMatch,
    private readonly stream: WriteStream,
    private readonly stop: () => void,
  ) {}

  row(slot: number, from: number, to: number, bits: ElementBits, writer: Writer): void {
    const pair = this.match.ofA[slot];
    if (!pair || this.difference) return;
    if (this.next >= 0 && this.next < this.stream.rowCount && this.stream.rowIs(this.next, pair.b.slot, from, to)) return this.inStep(pair, from, to, bits, writer);
    if (this.next >= 0) this.leaveStep();
    const theirs = this.stream.counts[pair.b.slot];
    const counts = this.counts[slot]!;
    for (let index = from; index < to; index++) {
      const k = counts[index]++;
      const position = theirs && k < theirs[index] ? this.stream.positionAt(this.stream.startOf(pair.b.slot, index) + k) : -1;
      this.writes++;
      if (position >= 0 && this.stream.bits(position) === bits[index]) continue;
      return this.differ(pair, index, k, bits[index], writer, position);
    }
  }

  /** A's row is B's next row: the bits side by side. */
  private inStep(pair: DramPair, from: number, to: number, bits: ElementBits, writer: Writer): void {
    const start = this.stream.rowStart(this.next);
    for (let index = from, p = start; index < to; index++, p++) {
      if (this.stream.bits(p) === bits[index]) continue;
      this.writes += index - from + 1;
      return this.differ(pair, index, this.stream.ordinalBefore(this.next, pair.b.slot, index), bits[index], writer, p);
    }
    this.writes += to - from;
    this.next++;
  }

  /** The rows part ways: from here each element's writes are counted and looked up. */
  private leaveStep(): void {
    this.stream.seal();
    const before = this.stream.countsBefore(this.next);
    this.counts = this.match.ofA.map((pair) => pair && (before[pair.b.slot] ?? new Uint32Array(pair.b.shape.reduce((x, y) => x * y, 1))));
    this.next = -1;
  }

  private differ(pair: DramPair, index: number, ordinal: number, bits: number, writer: Writer, position: number): void {
    const mine = { value: valueOfBits(pair.a.dtype, bits), bits, writer };
    this.difference = { pair, index, ordinal, a: mine, b: position >= 0 ? sideOf(pair, position, this.stream) : undefined };
    this.stop();
  }

  /** The earliest write of B (in B's order) that A never made: an element A writes fewer times than B. */
  missingInA(): DramDifference | undefined {
    const stream = this.stream;
    if (this.next >= 0) {
      if (this.next >= stream.rowCount) return undefined;
      const { slot, from } = stream.rowElement(this.next);
      const pair = this.match.pairs.find((p) => p.b.slot === slot)!;
      return { pair, index: from, ordinal: stream.ordinalBefore(this.next, slot, from), b: sideOf(pair, stream.rowStart(this.next), stream) };
    }
    let best: { pair: DramPair; index: number; ordinal: number; position: number } | undefined;
    for (const pair of this.match.pairs) {
      const mine = this.counts[pair.a.slot]!;
      const theirs = stream.counts[pair.b.slot];
      if (!theirs) continue;
      for (let i = 0; i < theirs.length; i++) {
        if (theirs[i] <= mine[i]) continue;
        const position = stream.position(pair.b.slot, i, mine[i]);
        if (!best || position < best.position) best = { pair, index: i, ordinal: mine[i], position };
      }
    }
    return best && { pair: best.pair, index: best.index, ordinal: best.ordinal, b: sideOf(best.pair, best.position, stream) };
  }
}

/** Run B with every write of the DRAM slots compared recorded. */
function recordRun(program: Program, options: MachineOptions, slots: ReadonlySet<number>): { stream: WriteStream; outcome: RunOutcome; machine: Machine } {
  const machine = new Machine(program, options);
  const interpreter = new Interpreter(machine);
  const stream = new WriteStream(machine.drams.map((t) => t.size));
  const watch = watchDramWrites(machine, interpreter, (slot, from, to, bits, writer) => slots.has(slot) && stream.record(slot, from, to, bits, writer));
  let outcome: RunOutcome;
  try {
    outcome = interpreter.runFast();
  } finally {
    watch.stop();
  }
  return { stream, outcome, machine };
}

function sideOf(pair: DramPair, position: number, stream: WriteStream): WriteSide {
  const bits = stream.bits(position);
  return { value: valueOfBits(pair.b.dtype, bits), bits, writer: stream.writer(position) };
}
