/**
 * Two runs of two programs on the same inputs, compared write by write on the DRAM tensors they share: the first
 * write (in the order of run A) that gives an element other bits than the same write of it (the element's k-th)
 * in run B. Run B goes first and its writes are recorded; run A is then compared with them as it goes and stops at
 * the first difference. Writes are matched per element and in order, not by time: B may be another schedule of the
 * same work (a pass moved, fused, inlined or unrolled it) and its writes still pair with A's.
 */
import { Program } from '../ir/program';
import { createElementArray, decode } from '../machine/dtypes';
import { Machine, MachineOptions } from '../machine/machine';
import { CONTROL_TERMINATE, Interpreter, RunOutcome } from '../run/interpreter';
import { bitsOf, watchDramWrites, Writer } from './dram-writes';
import { DramMatch, DramPair } from './dram-match';
import { WriteStream } from './write-stream';

/** One side of a difference: the bits the element got (or has, for an initial value) and who wrote them. */
export interface WriteSide {
  readonly value: number;
  readonly bits: number;
  readonly writer?: Writer;
}

/**
 * The first difference of the two runs' DRAM: an element's `ordinal`-th write (from 0) with other bits on the two
 * sides, or made on one side only (the other side undefined), or, when every write agrees, an element's value that
 * no write made (an initializer or an input that differ: `initial`).
 */
export interface DramDifference {
  readonly pair: DramPair;
  readonly index: number;
  readonly ordinal: number;
  readonly a?: WriteSide;
  readonly b?: WriteSide;
  readonly initial?: boolean;
}

export interface LockstepResult {
  readonly difference?: DramDifference;
  /** How each run ended; A's is undefined when it was stopped at the difference. */
  readonly outcomeA?: RunOutcome;
  readonly outcomeB: RunOutcome;
  /** Element writes compared. */
  readonly writes: number;
}

export function lockstep(a: Program, b: Program, match: DramMatch, optionsA: MachineOptions, optionsB: MachineOptions): LockstepResult {
  const recorded = recordRun(b, optionsB);
  const machine = new Machine(a, optionsA);
  const control = new Int32Array(2);
  const interpreter = new Interpreter(machine, control);
  const countsA = a.drams.map((d) => (match.ofA[d.slot] ? new Uint32Array(d.shape.reduce((x, y) => x * y, 1)) : undefined));
  const stream = recorded.stream;
  let difference: DramDifference | undefined;
  let writes = 0;
  const watch = watchDramWrites(machine, interpreter, (slot, index, bits, writer) => {
    const counts = countsA[slot];
    if (!counts || difference) return;
    writes++;
    const pair = match.ofA[slot]!;
    const k = counts[index]++;
    const theirs = k < stream.countOf(pair.b.slot, index) ? stream.position(pair.b.slot, index, k) : -1;
    if (theirs >= 0 && stream.bits(theirs) === bits) return;
    const mine = { value: valueOfBits(pair.a.dtype, bits), bits, writer };
    difference = { pair, index, ordinal: k, a: mine, b: theirs >= 0 ? sideOf(pair, theirs, stream) : undefined };
    control[CONTROL_TERMINATE] = 1;
  });
  let outcomeA: RunOutcome | undefined;
  try {
    outcomeA = interpreter.runFast();
  } finally {
    watch.stop();
  }
  if (difference) return { difference, outcomeB: recorded.outcome, writes };
  difference = missingInA(match, countsA, stream) ?? initialDifference(match, machine, recorded.machine);
  return { difference, outcomeA, outcomeB: recorded.outcome, writes };
}

/** Run B with every DRAM write recorded. */
function recordRun(program: Program, options: MachineOptions): { stream: WriteStream; outcome: RunOutcome; machine: Machine } {
  const machine = new Machine(program, options);
  const interpreter = new Interpreter(machine);
  const stream = new WriteStream(machine.drams.map((t) => t.size));
  const watch = watchDramWrites(machine, interpreter, (slot, index, bits, writer) => stream.record(slot, index, bits, writer));
  let outcome: RunOutcome;
  try {
    outcome = interpreter.runFast();
  } finally {
    watch.stop();
  }
  stream.seal();
  return { stream, outcome, machine };
}

function sideOf(pair: DramPair, position: number, stream: WriteStream): WriteSide {
  const bits = stream.bits(position);
  return { value: valueOfBits(pair.b.dtype, bits), bits, writer: stream.writer(position) };
}

/** The earliest write of B (in B's order) that A never made: an element A writes fewer times than B. */
function missingInA(match: DramMatch, countsA: readonly (Uint32Array | undefined)[], stream: WriteStream): DramDifference | undefined {
  let best: { pair: DramPair; index: number; ordinal: number; position: number } | undefined;
  for (const pair of match.pairs) {
    const mine = countsA[pair.a.slot]!;
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

/** With every write the same, an element that still differs was never written: it started different. */
function initialDifference(match: DramMatch, a: Machine, b: Machine): DramDifference | undefined {
  for (const pair of match.pairs) {
    const ta = a.drams[pair.a.slot];
    const tb = b.drams[pair.b.slot];
    const ba = bitsOf(ta);
    const bb = bitsOf(tb);
    for (let i = 0; i < ba.length; i++) {
      if (ba[i] === bb[i] && ta.written[i] === tb.written[i]) continue;
      return { pair, index: i, ordinal: 0, initial: true, a: { value: valueOfBits(pair.a.dtype, ba[i]), bits: ba[i] }, b: { value: valueOfBits(pair.b.dtype, bb[i]), bits: bb[i] } };
    }
  }
  return undefined;
}

const F32_SCRATCH = new Float32Array(1);
const BITS_SCRATCH = new Int32Array(F32_SCRATCH.buffer);

/** The value of an element from the bits `bitsOf` reads. */
export function valueOfBits(dtype: Parameters<typeof decode>[0], bits: number): number {
  if (createElementArray(dtype, 0) instanceof Float32Array) {
    BITS_SCRATCH[0] = bits;
    return F32_SCRATCH[0];
  }
  return decode(dtype, bits);
}
