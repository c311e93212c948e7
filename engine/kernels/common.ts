/** What compiled instructions share: the executor type and the compilation of attributes and operands. */
import { AttrValue, InstrNode, MemoryKind, Operand } from '../ir/program';
import { dtypeInfo } from '../base/dtype';
import { Core, Frame } from '../machine/core';
import { Fault } from '../machine/fault';
import { Machine } from '../machine/machine';
import { compileScalar, ScalarFn } from './compile-scalar';
import { plane2d, readOperand, TensorOperand, tensorOperand, viewOf } from './operands';
import { floatRounding } from './precision';

export type Executor = (f: Frame, c: Core, m: Machine) => void;

export const ON_CHIP: readonly MemoryKind[] = ['sbuf', 'psum'];
export const ANY_MEMORY: readonly MemoryKind[] = ['dram', 'sbuf', 'psum'];

export function tensorOf(op: Operand | undefined, role: string, memories: readonly MemoryKind[]): TensorOperand {
  if (op?.kind !== 'tensor') throw new Error(`expected a tensor ${role}`);
  return tensorOperand(op.ap, role, memories);
}

export function scalarOf(op: Operand | undefined): ScalarFn {
  if (op?.kind !== 'scalar') throw new Error('expected a scalar operand');
  return compileScalar(op.expr);
}

export function word(node: InstrNode, name: string, fallback: string): string {
  const v = node.attrs.get(name);
  return v?.kind === 'word' ? v.word : fallback;
}

export function attrOperand(node: InstrNode, name: string): Operand | undefined {
  const v: AttrValue | undefined = node.attrs.get(name);
  return v?.kind === 'operand' ? v.operand : undefined;
}

export function attrScalar(node: InstrNode, name: string, fallback: number): ScalarFn {
  const op = attrOperand(node, name);
  return op ? scalarOf(op) : () => fallback;
}

/** A value per partition: a scalar repeated, or a [P, 1] tensor. Rounded to f32 unless integer. */
export type ColumnFn = (f: Frame, c: Core, m: Machine, rows: number, slot: number) => { values: Float64Array; integral: boolean };

export function compileColumn(op: Operand | undefined, role: string, fallback: number): ColumnFn {
  if (!op) {
    const v = new Float64Array(0);
    return (_f, _c, _m, rows) => ({ values: fillTo(v, rows, fallback), integral: Number.isInteger(fallback) });
  }
  if (op.kind === 'scalar') {
    const s = compileScalar(op.expr);
    const round = floatRounding();
    let buffer: Float64Array = new Float64Array(0);
    return (f, c, m, rows) => {
      const x = s(f, c, m);
      buffer = fillTo(buffer, rows, Number.isInteger(x) ? x : round(x));
      return { values: buffer, integral: Number.isInteger(x) };
    };
  }
  const t = tensorOf(op, role, ON_CHIP);
  const integral = dtypeInfo(t.ap.dtype).isInteger;
  return (f, c, m, rows, slot) => {
    const v = viewOf(t, f, c, m);
    const [p] = plane2d(v);
    if (p !== rows) throw new Fault('shape-mismatch', `the ${role} '${t.ap.text}' has ${p} partitions but the data has ${rows}`, t.ap.span);
    return { values: readOperand(t, v, m, slot), integral };
  };
}

function fillTo(buffer: Float64Array, n: number, value: number): Float64Array {
  const b = buffer.length >= n ? buffer : new Float64Array(n);
  b.fill(value, 0, n);
  return b;
}

export function isIntegerDType(op: TensorOperand): boolean {
  return dtypeInfo(op.ap.dtype).isInteger;
}
