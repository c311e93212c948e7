/**
 * The lockstep diff's fast path: the two runs interleaved, a bounded number of nodes at a time, their DRAM rows paired
 * as they come while both sides write the same rows in the same order (a program and itself, or after passes that
 * keep the order of DRAM writes: every example). Only the rows one side wrote ahead of the other are held
 * (row-queue.ts), not a record of a whole run; matched rows leave the row itself (three numbers, for the ordinal of
 * a write) and nothing else. The answer is the recorded path's (lockstep.ts), element for element: the first write in
 * A's order whose bits differ from B's same write, a write one side made that the other did not, or an initial value
 * that differs. When the rows part ways (a pass moved a DRAM write), the fast path gives up and says so: writes are
 * then matched per element, which needs all of B's writes (the recorded path).
 */
import { int32s } from '../ir/columns';
import { Program } from '../ir/program';
import { Machine, MachineOptions } from '../machine/machine';
import { Interpreter, RunOutcome } from '../run/interpreter';
import { ElementBits, watchDramWrites, Writer } from './dram-writes';
import { DramMatch } from './dram-match';
import { DramDifference, initialDifference, LockstepResult, valueOfBits } from './dram-difference';
import { RowQueue } from './row-queue';

/** Nodes a side runs before the other has its turn: the most one side gets ahead (with the rows it wrote). */
export const INTERLEAVE_TICKS = 4096;

/**
 * The interleaved runs' answer, or undefined when their rows part ways and writes must be matched per element.
 * `ticks`: the nodes of a side's turn (tests take a few, so that either side gets ahead within small programs).
 */
export function interleavedLockstep(a: Program, b: Program, match: DramMatch, optionsA: MachineOptions, optionsB: MachineOptions, ticks = INTERLEAVE_TICKS): LockstepResult | undefined {
  const sides = { a: new Side(a, optionsA, ticks), b: new Side(b, optionsB, ticks) };
  const pairing = new Pairing(match);
  sides.a.watch((slot, from, to, bits, writer) => pairing.fromA(slot, from, to, bits, writer));
  sides.b.watch((slot, from, to, bits, writer) => pairing.fromB(slot, from, to, bits, writer));
  try {
    let last: 'a' | 'b' = 'a';
    while (!pairing.settled && !(sides.a.outcome && sides.b.outcome)) {
      last = nextSide(pairing.queue.side, sides.a.outcome !== undefined, sides.b.outcome !== undefined, last);
      sides[last].runChunk();
      if (sides[last].outcome) pairing.ended(last);
    }
  } finally {
    sides.a.unwatch();
    sides.b.unwatch();
  }
  if (pairing.apart) return undefined;
  const difference = pairing.difference ?? pairing.unmatched() ?? initialDifference(match, sides.a.machine, sides.b.machine);
  // B runs to its end, as the recorded path's B does: its outcome and count are the whole run's.
  const outcomeB = sides.b.outcome ?? sides.b.interpreter.runFast();
  const instructions = { a: sides.a.machine.instructionsExecuted, b: sides.b.machine.instructionsExecuted };
  // As on the recorded path, A's outcome is not told when A was stopped at a write of its own that differs.
  const stoppedA = difference && !difference.initial && difference.a;
  return { difference, outcomeA: stoppedA ? undefined : sides.a.outcome, outcomeB, writes: pairing.writes, instructions };
}

/**
 * Which side runs next: the one behind (the queue holds the other's rows), else the other one than last; a side
 * that has ended runs no more.
 */
function nextSide(ahead: 'a' | 'b' | undefined, aEnded: boolean, bEnded: boolean, last: 'a' | 'b'): 'a' | 'b' {
  if (aEnded) return 'b';
  if (bEnded) return 'a';
  if (ahead) return ahead === 'a' ? 'b' : 'a';
  return last === 'a' ? 'b' : 'a';
}

/** One run: its machine, run a chunk of nodes at a time with its DRAM writes watched. */
class Side {
  readonly machine: Machine;
  readonly interpreter: Interpreter;
  outcome?: RunOutcome;
  private watcher?: { flush(): void; stop(): void };

  constructor(program: Program, options: MachineOptions, private readonly ticks: number) {
    this.machine = new Machine(program, options);
    this.interpreter = new Interpreter(this.machine);
  }

  watch(sink: Parameters<typeof watchDramWrites>[2]): void {
    this.watcher = watchDramWrites(this.machine, this.interpreter, sink);
  }

  unwatch(): void {
    this.watcher?.stop();
    this.watcher = undefined;
  }

  /** Runs a turn's nodes; the rows of the last node written are told before it returns. */
  runChunk(): void {
    this.outcome = this.interpreter.runFast(Infinity, this.interpreter.ticks + this.ticks);
    if (this.outcome) this.unwatch();
    else this.watcher!.flush();
  }
}

/** The rows of both runs paired as they come. */
class Pairing {
  readonly queue = new RowQueue();
  difference?: DramDifference;
  /** Set when a row is not the other side's next one: the fast path cannot answer. */
  apart = false;
  writes = 0;
  /** The sides that have ended: a row the other writes then has no counterpart. */
  private readonly over = { a: false, b: false };
  /** The rows paired so far: pair, from, to (for the ordinal of an element's write). */
  private readonly paired = int32s();
  /** Pair index by slot of each side (-1: not compared). */
  private readonly ofA: Int32Array;
  private readonly ofB: Int32Array;

  constructor(private readonly match: DramMatch) {
    const index = new Map(match.pairs.map((p, i) => [p, i]));
    this.ofA = Int32Array.from(match.ofA, (p) => (p ? index.get(p)! : -1));
    const bySlotB = new Int32Array(Math.max(0, ...match.pairs.map((p) => p.b.slot + 1))).fill(-1);
    match.pairs.forEach((p, i) => (bySlotB[p.b.slot] = i));
    this.ofB = bySlotB;
  }

  /** Nothing more to learn from the runs: they differ, or their rows parted ways. */
  get settled(): boolean {
    return this.apart || this.difference !== undefined;
  }

  fromA(slot: number, from: number, to: number, bits: ElementBits, writer: Writer): void {
    const pair = slot < this.ofA.length ? this.ofA[slot] : -1;
    if (pair < 0 || this.settled) return;
    if (this.queue.side !== 'b') return this.ahead('a', pair, from, to, bits, writer);
    if (!this.queue.headIs(pair, from, to)) return void (this.apart = true);
    const index = this.queue.headMismatch(bits);
    if (index < 0) return this.matched(pair, from, to);
    this.writes += index - from + 1;
    this.differ(pair, index, { bits: bits[index], writer }, { bits: this.queue.headBits(index), writer: this.queue.headWriter() });
  }

  fromB(slot: number, from: number, to: number, bits: ElementBits, writer: Writer): void {
    const pair = slot < this.ofB.length ? this.ofB[slot] : -1;
    if (pair < 0 || this.settled) return;
    if (this.queue.side !== 'a') return this.ahead('b', pair, from, to, bits, writer);
    if (!this.queue.headIs(pair, from, to)) return void (this.apart = true);
    const index = this.queue.headMismatch(bits);
    if (index < 0) return this.matched(pair, from, to);
    this.writes += index - from + 1;
    this.differ(pair, index, { bits: this.queue.headBits(index), writer: this.queue.headWriter() }, { bits: bits[index], writer });
  }

  /** A side's row the other has not written (yet): queued, and the first row only one side wrote if the other has ended. */
  private ahead(side: 'a' | 'b', pair: number, from: number, to: number, bits: ElementBits, writer: Writer): void {
    this.queue.push(side, pair, from, to, bits, writer);
    if (this.over[side === 'a' ? 'b' : 'a']) this.unmatched();
  }

  /** A side ended: the other side's rows still queued were never written by it. */
  ended(side: 'a' | 'b'): void {
    this.over[side] = true;
    if (!this.settled && !this.queue.empty && this.queue.side !== side) this.unmatched();
  }

  /** The queue's first row was paired with the same row of the other side, bit for bit. */
  private matched(pair: number, from: number, to: number): void {
    this.writes += to - from;
    this.paired.push(pair);
    this.paired.push(from);
    this.paired.push(to);
    this.queue.pop();
  }

  /**
   * With one run ended and every paired row the same: the first row only the other side wrote. The recorded path finds
   * the same: A's rows in step with B's up to there, so A's extra row is a write B never made, and B's extra row (A
   * having ended) is B's earliest write A never made.
   */
  unmatched(): DramDifference | undefined {
    const q = this.queue;
    if (q.empty) return undefined;
    const pair = q.headPair();
    const index = q.headFrom();
    const side = { bits: q.headBits(index), writer: q.headWriter() };
    if (q.side === 'b') return this.difference = this.differenceAt(pair, index, undefined, side);
    this.writes++;
    return this.difference = this.differenceAt(pair, index, side, undefined);
  }

  private differ(pair: number, index: number, a: RawSide, b: RawSide): void {
    this.difference = this.differenceAt(pair, index, a, b);
  }

  private differenceAt(pairIndex: number, index: number, a: RawSide | undefined, b: RawSide | undefined): DramDifference {
    const pair = this.match.pairs[pairIndex];
    return {
      pair,
      index,
      ordinal: this.ordinal(pairIndex, index),
      a: a && { value: valueOfBits(pair.a.dtype, a.bits), bits: a.bits | 0, writer: a.writer },
      b: b && { value: valueOfBits(pair.b.dtype, b.bits), bits: b.bits | 0, writer: b.writer },
    };
  }

  /** How many paired rows wrote the element: the ordinal of its next write. */
  private ordinal(pair: number, index: number): number {
    const rows = this.paired.view();
    let k = 0;
    for (let at = 0; at < this.paired.length; at += 3) if (rows[at] === pair && rows[at + 1] <= index && index < rows[at + 2]) k++;
    return k;
  }
}

interface RawSide {
  readonly bits: number;
  readonly writer: Writer;
}
