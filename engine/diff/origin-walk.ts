/**
 * Where a difference between two runs was born: `:why` asked on both sides at once. From the first DRAM write that
 * differs, each side's explanation (the write and the values it read) is taken a step back through the first input
 * whose values differ, until a step whose inputs all agree: that instruction made different bits out of the same
 * values (another operand, another rounding, another order of a reduction), and it is the origin. A step where one
 * side's instruction read a value equal to what the other side has there is an instruction only that side runs (an
 * added or changed step of the computation): it is the origin. A step back that reaches a value no instruction
 * wrote (an input, an initializer) ends the walk there: the runs started different.
 */
import { explain, explainWrite, Origin, OriginInput } from '../debug/origins';
import { Sample, SearchContext, Write, WriteTarget } from '../debug/writes';

/** One step of the walk: the value on each side and where it came from. */
export interface WalkStep {
  readonly a: SideStep;
  readonly b: SideStep;
  /** The side whose instruction here made its value out of one equal to the other side's value: its extra work. */
  readonly extra?: 'a' | 'b';
}

export interface SideStep {
  /** The element or register (`out[2, 5]`, `r3`). */
  readonly name: string;
  readonly value: Sample;
  readonly origin: Origin;
}

/** Where a walk starts on one side: the write the lockstep run saw, what it wrote, and the element. */
export interface WalkStart {
  readonly ctx: SearchContext;
  readonly target: WriteTarget;
  readonly write: Write;
  readonly value: Sample;
}

/** Steps back at most: a chain of values this long is a loop-carried one, shown up to here. */
export const MAX_WALK = 200;

export function walkDifference(a: WalkStart, b: WalkStart): WalkStep[] {
  const steps: WalkStep[] = [{
    a: { name: a.target.text, value: a.value, origin: explainWrite(a.ctx, a.target, a.write) },
    b: { name: b.target.text, value: b.value, origin: explainWrite(b.ctx, b.target, b.write) },
  }];
  for (let depth = 0; depth < MAX_WALK; depth++) {
    const last = steps[steps.length - 1];
    if (!last.a.origin.by || !last.b.origin.by) break;
    const extra = extraWork(a.ctx, b.ctx, last);
    if (extra) {
      steps[steps.length - 1] = { ...last, extra };
      break;
    }
    const pair = firstDifferingInput(last.a.origin.inputs, last.b.origin.inputs);
    if (!pair) break;
    const [ia, ib] = pair;
    steps.push({ a: stepBack(a.ctx, ia), b: stepBack(b.ctx, ib) });
  }
  return steps;
}

function stepBack(ctx: SearchContext, input: OriginInput): SideStep {
  return { name: input.name, value: input.value, origin: explain(ctx, input.target, input.before, input.value, input.within) };
}

/**
 * Whether one side's step is work the other side does not do: it read a value equal to the other side's, made by a
 * step that is the other side's step again (the same opcode, reading the same values). An iteration of a loop reads
 * the value the other side's same iteration made only by chance, and its step before is another iteration, reading
 * other values: the walk then goes on through both sides.
 */
function extraWork(ctxA: SearchContext, ctxB: SearchContext, step: WalkStep): 'a' | 'b' | undefined {
  if (extraOn(ctxB, step.b, step.a)) return 'b';
  if (extraOn(ctxA, step.a, step.b)) return 'a';
  return undefined;
}

function extraOn(ctx: SearchContext, mine: SideStep, theirs: SideStep): boolean {
  const input = mine.origin.inputs.find((i) => sameSample(i.value, theirs.value));
  if (!input) return false;
  const before = stepBack(ctx, input).origin;
  if (!before.by) return false;
  return opcodeOf(before) === opcodeOf(theirs.origin) && sameValues(before.inputs, theirs.origin.inputs);
}

function opcodeOf(o: Origin): string | undefined {
  const w = o.by;
  if (!w) return undefined;
  return w.member?.opcode ?? (w.node.kind === 'instr' ? w.node.opcode : w.node.kind);
}

function sameValues(x: readonly OriginInput[], y: readonly OriginInput[]): boolean {
  return x.length === y.length && x.every((input, i) => sameSample(input.value, y[i].value));
}

/**
 * The first input of A whose value differs from its counterpart in B: the input B reads through the same operand
 * and element (the same program, or one a pass rewrote), else, when both read as many values through the same
 * roles (renamed tensors), the one at the same place. Steps that read differently (a reduction against two
 * partial sums) have no counterparts: the difference was born there.
 */
function firstDifferingInput(as: readonly OriginInput[], bs: readonly OriginInput[]): [OriginInput, OriginInput] | undefined {
  const byLabel = new Map(bs.map((input) => [input.label, input]));
  const alike = as.length === bs.length && as.every((input, i) => roleOf(input) === roleOf(bs[i]));
  for (const [i, input] of as.entries()) {
    const other = byLabel.get(input.label) ?? (alike ? bs[i] : undefined);
    if (other && !sameSample(input.value, other.value)) return [input, other];
  }
  return undefined;
}

/** `source` of `source src`, `scale` of a register's `scale`. */
function roleOf(input: OriginInput): string {
  return input.operand.split(' ')[0];
}

/** Bit for bit as far as a value tells: -0 is not 0, NaN is NaN. */
export function sameSample(x: Sample, y: Sample): boolean {
  return x.written === y.written && (!x.written || Object.is(x.value, y.value));
}
