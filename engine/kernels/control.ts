/** Instructions of the sequencer (SP): registers, output and assertions. */
import { InstrNode, Operand, Program } from '../ir/program';
import { Span, spanText } from '../base/span';
import { Core, Frame } from '../machine/core';
import { Fault } from '../machine/fault';
import { Machine } from '../machine/machine';
import { EvalError, Evaluator } from '../eval/evaluate';
import { formatNumber, formatValue } from '../eval/format';
import { frameScope } from '../eval/frame-scope';
import { materialize, Value } from '../eval/value';
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
  const d = materialize(v);
  return d.data.every((x) => x !== 0);
}

function describeFalse(v: Value): string {
  const d = materialize(v as Exclude<Value, { kind: 'scalar' }>);
  const i = d.data.findIndex((x) => x === 0);
  return `element ${i} of ${d.data.length} is false`;
}

/** Fails when |a - b| > atol + rtol·|b| anywhere (NumPy's allclose), naming the worst element. */
export function assertClose(node: InstrNode): Executor {
  const [a, b, message] = node.srcs;
  const atol = attrScalar(node, 'atol', 1e-8);
  const rtol = attrScalar(node, 'rtol', 1e-5);
  return (f, c, m) => {
    const va = evaluateIn(a, f, c, m);
    const vb = evaluateIn(b, f, c, m);
    const da: { data: Float64Array; shape: readonly number[] } = va.kind === 'scalar' ? { data: new Float64Array([va.value]), shape: [] } : { ...materialize(va) };
    const db: { data: Float64Array; shape: readonly number[] } = vb.kind === 'scalar' ? { data: new Float64Array([vb.value]), shape: [] } : { ...materialize(vb) };
    // A scalar (or a one-element tensor) on either side is compared with every element, as NumPy's allclose does.
    if (da.data.length === 1 && db.data.length > 1) da.data = new Float64Array(db.data.length).fill(da.data[0]);
    if (db.data.length === 1 && da.data.length > 1) db.data = new Float64Array(da.data.length).fill(db.data[0]);
    if (da.data.length !== db.data.length) {
      throw new Fault('shape-mismatch', `Assert.close: '${textOf(a)}' has ${da.data.length} elements but '${textOf(b)}' has ${db.data.length}`, node.span);
    }
    const at = atol(f, c, m);
    const rt = rtol(f, c, m);
    let worst = -1;
    let worstExcess = 0;
    let failures = 0;
    for (let i = 0; i < da.data.length; i++) {
      const x = da.data[i];
      const y = db.data[i];
      const excess = Math.abs(x - y) - (at + rt * Math.abs(y));
      const bad = Number.isNaN(x) !== Number.isNaN(y) || excess > 0 || (Number.isNaN(excess) && x !== y);
      if (bad) {
        failures++;
        if (worst < 0 || excess > worstExcess) {
          worst = i;
          worstExcess = excess;
        }
      }
    }
    if (failures === 0) return;
    const prefix = message?.kind === 'string' ? `${message.value}: ` : '';
    throw new Fault('assert', `${prefix}Assert.close fails at ${failures} of ${da.data.length} elements; worst at element ${worst}: ${formatNumber(da.data[worst])} vs ${formatNumber(db.data[worst])} (atol ${at}, rtol ${rt})`, node.span);
  };
}

function textOf(op: Operand): string {
  return op.kind === 'eval' ? op.text : '';
}
