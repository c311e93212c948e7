/** Instructions of the sequencer (SP): registers, output and assertions. */
import { InstrNode, Operand, Program } from '../ir/program';
import { Span, spanText } from '../base/span';
import { Core, Frame } from '../machine/core';
import { Fault } from '../machine/fault';
import { Machine } from '../machine/machine';
import { EvalError, Evaluator } from '../eval/evaluate';
import { formatNumber, formatValue } from '../eval/format';
import { frameScope } from '../eval/frame-scope';
import { BLOCK, firstZero, readBlock, sizeOfValue, Value } from '../eval/value';
import { ANY_MEMORY, attrScalar, Executor, scalarOf, tensorOf } from './common';
import { readOperand, viewOf } from './operands';

export function set(node: InstrNode): Executor {
  const index = registerOf(node.dst);
  const value = scalarOf(node.srcs[0]);
  return (f, c, m) => f.setRegister(index, value(f, c, m));
}

export function load(node: InstrNode): Executor {
  const index = registerOf(node.dst);
  const src = tensorOf(node.srcs[0], 'source', ANY_MEMORY);
  return (f, c, m) => {
    const v = viewOf(src, f, c, m);
    if (v.shape.some((d) => d !== 1)) throw new Fault('shape-mismatch', `Load reads one element, but '${src.ap.text}' is [${v.shape.join(', ')}] here`, src.ap.span);
    f.setRegister(index, readOperand(src, v, m, 0)[0]);
  };
}

function registerOf(op: Operand | undefined): number {
  if (op?.kind !== 'register') throw new Error('expected a register destination');
  return op.index;
}

/** Evaluates an operand of the evaluate language in the running frame; its errors become faults. */
function evaluateIn(op: Operand, f: Frame, c: Core, m: Machine): Value {
  if (op.kind !== 'eval') throw new Error('expected an expression operand');
  const program = m.program;
  const evaluator = new Evaluator(frameScope(m, c, f), (span) => sourceText(program, span), !m.raises('uninitialized-read'));
  try {
    return evaluator.evaluate(op.expr);
  } catch (e) {
    if (!(e instanceof EvalError)) throw e;
    const code = e.kind === 'bounds' ? 'out-of-bounds' : e.kind === 'uninitialized' ? 'uninitialized-read' : 'shape-mismatch';
    throw new Fault(code, `'${op.text}': ${e.message}`, e.span ?? op.span);
  }
}

export function sourceText(program: Program, span: Span): string {
  const text = program.sources.get(span.file);
  return text === undefined ? '' : spanText(text.split('\n'), span);
}

/** Prints its operands separated by spaces: strings as written, numbers and tensors formatted. */
export function print(node: InstrNode): Executor {
  return (f, c, m) => {
    const parts = node.srcs.map((op) => (op.kind === 'string' ? op.value : formatValue(evaluateIn(op, f, c, m))));
    m.output(parts.join(' '), c.index);
  };
}

export function assert(node: InstrNode): Executor {
  const [cond, message] = node.srcs;
  return (f, c, m) => {
    const v = evaluateIn(cond, f, c, m);
    if (truth(v)) return;
    const text = message?.kind === 'string' ? `${message.value} ` : '';
    throw new Fault('assert', `${text}(assertion '${cond.kind === 'eval' ? cond.text : ''}' is false${v.kind === 'scalar' ? '' : `: ${describeFalse(v)}`})`, node.span);
  };
}

function truth(v: Value): boolean {
  if (v.kind === 'scalar') return v.value !== 0;
  return firstZero(v) < 0;
}

function describeFalse(v: Value): string {
  const t = v as Exclude<Value, { kind: 'scalar' }>;
  return `element ${firstZero(t)} of ${sizeOfValue(t)} is false`;
}

/** An operand of Assert.close as a flat sequence of elements, read block by block. */
interface Flat {
  readonly size: number;
  readonly read: (start: number, count: number, data: Float64Array, written: Uint8Array) => void;
}

function flat(v: Value): Flat {
  if (v.kind !== 'scalar') return { size: sizeOfValue(v), read: (start, count, data, written) => readBlock(v, start, count, data, written) };
  return { size: 1, read: (_s, count, data, written) => (data.fill(v.value, 0, count), written.fill(1, 0, count)) };
}

/** A one-element side compared with every element of the other, as NumPy's allclose does. */
function repeated(x: Flat, size: number): Flat {
  if (x.size !== 1 || size <= 1) return x;
  const one = new Float64Array(1);
  const w = new Uint8Array(1);
  x.read(0, 1, one, w);
  return { size, read: (_s, count, data, written) => (data.fill(one[0], 0, count), written.fill(w[0], 0, count)) };
}

/** Fails when |a - b| > atol + rtol·|b| anywhere (NumPy's allclose), naming the worst element. */
export function assertClose(node: InstrNode): Executor {
  const [a, b, message] = node.srcs;
  const atol = attrScalar(node, 'atol', 1e-8);
  const rtol = attrScalar(node, 'rtol', 1e-5);
  return (f, c, m) => {
    const fa = flat(evaluateIn(a, f, c, m));
    const fb = flat(evaluateIn(b, f, c, m));
    const xa = repeated(fa, fb.size);
    const xb = repeated(fb, fa.size);
    if (xa.size !== xb.size) {
      throw new Fault('shape-mismatch', `Assert.close: '${textOf(a)}' has ${fa.size} elements but '${textOf(b)}' has ${fb.size}`, node.span);
    }
    const at = atol(f, c, m);
    const rt = rtol(f, c, m);
    const worst = { index: -1, excess: 0, x: 0, y: 0 };
    let failures = 0;
    const n = xa.size;
    const block = Math.min(BLOCK, n);
    const da = new Float64Array(block);
    const db = new Float64Array(block);
    const w = new Uint8Array(block);
    for (let start = 0; start < n; start += block) {
      const count = Math.min(block, n - start);
      xa.read(start, count, da, w);
      xb.read(start, count, db, w);
      for (let k = 0; k < count; k++) {
        const x = da[k];
        const y = db[k];
        const excess = Math.abs(x - y) - (at + rt * Math.abs(y));
        const bad = Number.isNaN(x) !== Number.isNaN(y) || excess > 0 || (Number.isNaN(excess) && x !== y);
        if (!bad) continue;
        failures++;
        if (worst.index < 0 || excess > worst.excess) Object.assign(worst, { index: start + k, excess, x, y });
      }
    }
    if (failures === 0) return;
    const prefix = message?.kind === 'string' ? `${message.value}: ` : '';
    throw new Fault('assert', `${prefix}Assert.close fails at ${failures} of ${n} elements; worst at element ${worst.index}: ${formatNumber(worst.x)} vs ${formatNumber(worst.y)} (atol ${at}, rtol ${rt})`, node.span);
  };
}

function textOf(op: Operand): string {
  return op.kind === 'eval' ? op.text : '';
}
