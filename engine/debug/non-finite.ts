/**
 * Where a NaN or an infinity was born. A stop of the `nan` filter says what the producing instruction computed, with
 * the operands that made it (`exp(89.2) overflows f32`, `0 / 0 is NaN`), read in the state before the instruction
 * (a fault leaves memory as it was). The inputs of a run that already hold non-finite values are named, since the
 * filter stops where one is made from finite values and never where one is only read. `:why` of a non-finite value
 * follows it back to its producer.
 */
import { InstrNode, Node, Program } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { DType, packedLayout } from '../base/dtype';
import { decode } from '../machine/dtypes';
import { unpackValues } from '../machine/packed';
import { Fault } from '../machine/fault';
import { Machine } from '../machine/machine';
import { unravel } from '../machine/view';
import { attrOperand } from '../kernels/common';
import { compileScalar } from '../kernels/compile-scalar';
import { Read, readsOf } from '../kernels/provenance';
import { formatNumber } from '../eval/format';
import { explain, Origin } from './origins';
import { Sample, SearchContext, WriteTarget } from './writes';

/** `exp(89.2) overflows f32`: what the instruction that faulted with `nan` computed at the element it made. */
export function producerText(m: Machine, core: Core, frame: Frame, node: Node, fault: Fault): string | undefined {
  const made = fault.made;
  if (!made || node.kind !== 'instr') return undefined;
  const instr = node.members && m.member >= 0 ? node.members[m.member] : node;
  const reads = readsOf(instr, { tensor: made.tensor, index: made.index }, frame, core, m) ?? [];
  const value = (role: string): number | undefined => {
    const r = reads.find((x) => x.role === role);
    if (r) return readValue(r, frame);
    const op = attrOperand(instr, role);
    return op?.kind === 'scalar' ? compileScalar(op.expr)(frame, core, m) : undefined;
  };
  // An infinity from finite, non-zero values is an overflow; from a zero it is a pole (1 / 0, log(0), rsqrt(0)).
  const fromZero = reads.some((r) => readValue(r, frame) === 0);
  const outcome = Number.isNaN(made.value) ? 'is NaN' : Number.isFinite(made.value) || !fromZero ? `overflows ${made.tensor.dtype}` : `is ${made.value > 0 ? '+inf' : '-inf'}`;
  return `${formula(instr, reads, value, frame)} ${outcome}`;
}

function formula(instr: InstrNode, reads: readonly Read[], value: (role: string) => number | undefined, frame: Frame): string {
  const f = (x: number | undefined): string => (x === undefined ? '?' : formatNumber(x));
  switch (instr.opcode) {
    case 'Activation': {
      const s = value('scale') ?? 1;
      const b = value('bias') ?? 0;
      const x = value('source');
      const arg = s === 1 && b === 0 ? f(x) : `${f(x)} · ${f(s)} + ${f(b)}`;
      return `${word(instr, 'func') ?? 'identity'}(${arg})`;
    }
    case 'TensorTensor':
      return binary(word(instr, 'op'), f(value('first operand')), f(value('second operand')));
    case 'TensorScalar': {
      const first = binary(word(instr, 'op'), f(value('operand')), f(value('scalar')));
      const op1 = word(instr, 'op1');
      return op1 ? binary(op1, `(${first})`, f(value('scalar1'))) : first;
    }
    default: {
      const values = reads.map((r) => f(readValue(r, frame)));
      const shown = values.length > 4 ? `${values.slice(0, 4).join(', ')}, … (${values.length} values)` : values.join(', ');
      return `${instr.opcode}${word(instr, 'op') ? ` ${word(instr, 'op')}` : ''} of ${shown || 'no values'}`;
    }
  }
}

const SYMBOLS: Readonly<Record<string, string>> = { add: '+', sub: '-', mul: '*', div: '/', pow: '**' };

function binary(op: string | undefined, a: string, b: string): string {
  const symbol = op && SYMBOLS[op];
  return symbol ? `${a} ${symbol} ${b}` : `${op ?? '?'}(${a}, ${b})`;
}

function word(instr: InstrNode, name: string): string | undefined {
  const a = instr.attrs.get(name);
  return a?.kind === 'word' ? a.word : undefined;
}

function readValue(r: Read, frame: Frame): number {
  return r.kind === 'register' ? frame.regs[r.index] : decode(r.tensor.dtype, r.tensor.data[r.index]);
}

/**
 * The inputs (DRAM tensors given by the launch or by their declaration) that hold NaN or infinities before the run:
 * `the input x holds NaN at [3, 4] (and 5 more non-finite elements)`.
 */
export function nonFiniteInputs(program: Program, m: Machine): string[] {
  const notes: string[] = [];
  for (const d of program.drams) {
    const t = m.drams[d.slot];
    if (t.writtenCount === 0) continue;
    let first = -1;
    let count = 0;
    for (let i = 0; i < t.size; i++) {
      if (t.written[i] === 0 || nonFiniteIn(t.dtype, decode(t.dtype, t.data[i])) === undefined) continue;
      if (first < 0) first = i;
      count++;
    }
    if (first < 0) continue;
    const v = nonFiniteIn(t.dtype, decode(t.dtype, t.data[first]))!;
    const more = count > 1 ? ` (and ${count - 1} more non-finite element${count === 2 ? '' : 's'})` : '';
    notes.push(`the input ${d.name} holds ${formatNumber(v)} at [${unravel(d.shape, first).join(', ')}]${more} before the run (${d.span.file}:${d.span.line}:${d.span.col}): the NaN / Inf filter stops where an instruction makes one from finite values, not where one is read`);
  }
  return notes;
}

/** Steps back at most, following a non-finite value to where it was made. */
const MAX_STEPS = 200;

/**
 * Where a non-finite value was made: its origin, then the origin of the first non-finite value that origin read,
 * and so on, to the write whose inputs were all finite (the producer) or to a value no instruction wrote (an input).
 */
export function nonFiniteBirth(ctx: SearchContext, target: WriteTarget, value: Sample, first: Origin): string | undefined {
  if (!value.written || Number.isFinite(value.value)) return undefined;
  let origin = first;
  let name = target.text;
  let made = value.value;
  for (let step = 0; step < MAX_STEPS; step++) {
    const input = origin.inputs.find((i) => i.value.written && nonFiniteIn(dtypeOfTarget(i.target), i.value.value) !== undefined);
    if (!input) {
      const what = label(made) === label(value.value) ? `the ${label(made)}` : `the ${label(value.value)} comes from the ${label(made)} that`;
      return origin.by ? `${what} was made by ${origin.text} from finite values${readList(origin)}${name === target.text ? '' : `, as ${name}`}` : `${what} was read from ${name}: ${origin.text}`;
    }
    origin = explain(ctx, input.target, input.before, input.value, input.within);
    name = input.name;
    made = nonFiniteIn(dtypeOfTarget(input.target), input.value.value)!;
  }
  return undefined;
}

/**
 * The non-finite value an element holds, or undefined: the element's value, or for a packed MX element (read as its
 * bits) the first of its values that is NaN or infinite, which is what an MX matmul reads.
 */
function nonFiniteIn(dtype: DType | undefined, value: number): number | undefined {
  if (dtype && packedLayout(dtype)) return unpackValues(dtype, value).find((v) => !Number.isFinite(v));
  return Number.isFinite(value) ? undefined : value;
}

function dtypeOfTarget(target: WriteTarget): DType | undefined {
  return target.kind === 'memory' ? target.view.tensor.dtype : undefined;
}

function label(x: number): string {
  return Number.isNaN(x) ? 'NaN' : x > 0 ? '+inf' : '-inf';
}

function readList(o: Origin): string {
  if (o.inputs.length === 0) return '';
  const shown = o.inputs.slice(0, 4).map((i) => `${i.operand}: ${i.name} = ${formatNumber(i.value.value)}`);
  return ` (${shown.join(', ')}${o.inputs.length > 4 ? `, … ${o.inputs.length} values` : ''})`;
}
