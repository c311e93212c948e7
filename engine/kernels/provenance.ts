/**
 * Provenance: which values an instruction read to make one element of its result (or the register it set). The
 * kernels' data flow, element by element: elementwise instructions read the same position of each operand and the
 * partition's scalar; MatMult reads a column of the stationary and of the moving operand (and the old value when it
 * accumulates); a reduction reads its partition's row; a transpose the mirrored element. Asked in the state just
 * before the instruction runs, so the views are those it used.
 */
import { CallNode, InstrNode, Operand, ScalarExpr } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { decode } from '../machine/dtypes';
import { Machine } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { elementIndex, View, viewPosition } from '../machine/view';
import { attrOperand } from './common';
import { compileAccess, ViewFn } from './compile-access';
import { compileScalar } from './compile-scalar';
import { plane2d } from './operands';

/** A value read: an element of memory, or a register of the frame the instruction ran in. */
export type Read =
  | { readonly kind: 'element'; readonly role: string; readonly operand: string; readonly tensor: Tensor; readonly index: number }
  | { readonly kind: 'register'; readonly role: string; readonly index: number };

/** What was written: an element of a tensor, or a register. */
export type Written = { readonly tensor: Tensor; readonly index: number } | { readonly register: number };

const views = new WeakMap<Operand, ViewFn>();

function viewOfOperand(op: Operand, f: Frame, c: Core, m: Machine): View | undefined {
  if (op.kind !== 'tensor') return undefined;
  let fn = views.get(op);
  if (!fn) views.set(op, (fn = compileAccess(op.ap)));
  return fn(f, c, m);
}

/**
 * The reads behind one written element or register of an instruction (not a fused group: ask its members), or
 * undefined when the instruction does not write it.
 */
export function readsOf(node: InstrNode, written: Written, f: Frame, c: Core, m: Machine): Read[] | undefined {
  if ('register' in written) return registerReads(node, written.register, f, c, m);
  const dst = node.dst && viewOfOperand(node.dst, f, c, m);
  if (!dst || dst.tensor !== written.tensor) return undefined;
  const i = viewPosition(dst, written.index);
  if (i < 0) return undefined;
  const reads = new ReadList(f, c, m);
  const [, cols] = plane2d(dst);
  const p = Math.floor(i / Math.max(cols, 1));
  switch (node.opcode) {
    case 'DmaCopy':
    case 'TensorCopy':
      reads.at(node.srcs[0], 'source', i);
      break;
    case 'Memset':
      reads.scalar(node.srcs[0], 'value');
      break;
    case 'Iota':
      for (const name of ['base', 'pstep', 'fstep']) reads.scalar(attrOperand(node, name), name);
      break;
    case 'TensorTensor':
      reads.at(node.srcs[0], 'first operand', i);
      reads.at(node.srcs[1], 'second operand', i);
      break;
    case 'TensorScalar':
      reads.at(node.srcs[0], 'operand', i);
      reads.column(attrOperand(node, 'scalar'), 'scalar', p);
      reads.column(attrOperand(node, 'scalar1'), 'scalar1', p);
      break;
    case 'Activation':
      reads.at(node.srcs[0], 'source', i);
      reads.column(attrOperand(node, 'scale'), 'scale', p);
      reads.column(attrOperand(node, 'bias'), 'bias', p);
      break;
    case 'Select': {
      reads.at(node.srcs[0], 'condition', i);
      const cond = reads.last();
      const taken = cond && cond.kind === 'element' && cond.tensor.written[cond.index] !== 0 && valueAt(cond.tensor, cond.index) !== 0;
      reads.at(node.srcs[taken ? 1 : 2], taken ? 'first choice' : 'second choice', i);
      break;
    }
    case 'TensorReduce':
      reads.row(node.srcs[0], 'source', p);
      break;
    case 'Transpose': {
      // dst[q, p'] = src[p', q]: the destination's rows are the source's columns.
      const rows = plane2d(dst)[0];
      const q = Math.floor(i / cols);
      reads.at(node.srcs[0], 'source', (i % cols) * rows + q);
      break;
    }
    case 'MatMult':
      matMultReads(node, dst, i, reads);
      break;
    default:
      return undefined;
  }
  return reads.list;
}

/** dst[m, n] (+)= Σ_k stationary[k, m] · moving[k, n]. */
function matMultReads(node: InstrNode, dst: View, i: number, reads: ReadList): void {
  const [, N] = plane2d(dst);
  const row = Math.floor(i / N);
  const col = i % N;
  const st = reads.view(node.srcs[0]);
  const mv = reads.view(node.srcs[1]);
  if (!st || !mv) return;
  const [K, M] = plane2d(st);
  for (let k = 0; k < K; k++) {
    reads.element(st, 'stationary', node.srcs[0], k * M + row);
    reads.element(mv, 'moving', node.srcs[1], k * N + col);
  }
  const accumulate = attrOperand(node, 'accumulate');
  if (accumulate?.kind === 'scalar' && compileScalar(accumulate.expr)(reads.f, reads.c, reads.m) !== 0) {
    reads.element(dst, 'accumulated', node.dst!, i);
  }
}

function registerReads(node: InstrNode, register: number, f: Frame, c: Core, m: Machine): Read[] | undefined {
  if (node.dst?.kind !== 'register' || node.dst.index !== register) return undefined;
  const reads = new ReadList(f, c, m);
  if (node.opcode === 'Set') reads.scalar(node.srcs[0], 'value');
  else if (node.opcode === 'Load') reads.at(node.srcs[0], 'source', 0);
  else return undefined;
  return reads.list;
}

/** The registers of the caller that a call's argument for a register parameter read. */
export function callArgumentReads(call: CallNode, register: number): Read[] | undefined {
  const k = call.callee.params.findIndex((p) => p.kind === 'register' && p.index === register);
  const arg = call.args[k];
  if (k < 0 || arg?.kind !== 'scalar') return undefined;
  return registersOf(arg.expr).map((index) => ({ kind: 'register', role: `argument ${k + 1}`, index }));
}

class ReadList {
  readonly list: Read[] = [];

  constructor(
    readonly f: Frame,
    readonly c: Core,
    readonly m: Machine,
  ) {}

  view(op: Operand | undefined): View | undefined {
    return op && viewOfOperand(op, this.f, this.c, this.m);
  }

  last(): Read | undefined {
    return this.list[this.list.length - 1];
  }

  /** The element at a row-major position of a tensor operand; a scalar operand's registers. */
  at(op: Operand | undefined, role: string, position: number): void {
    if (!op) return;
    const v = this.view(op);
    if (v) this.element(v, role, op, position);
    else this.scalar(op, role);
  }

  element(v: View, role: string, op: Operand, position: number): void {
    this.list.push({ kind: 'element', role, operand: op.kind === 'tensor' ? op.ap.text : role, tensor: v.tensor, index: elementIndex(v, position) });
  }

  /** A value per partition: element p of a [P, 1] tensor, or a scalar's registers. */
  column(op: Operand | undefined, role: string, p: number): void {
    if (op) this.at(op, role, op.kind === 'tensor' ? p : 0);
  }

  row(op: Operand | undefined, role: string, p: number): void {
    const v = this.view(op);
    if (!v || !op) return;
    const [, cols] = plane2d(v);
    for (let q = 0; q < cols; q++) this.element(v, role, op, p * cols + q);
  }

  scalar(op: Operand | undefined, role: string): void {
    if (op?.kind !== 'scalar') return;
    for (const index of registersOf(op.expr)) this.list.push({ kind: 'register', role, index });
  }
}

/** The registers an expression reads, each once. */
export function registersOf(e: ScalarExpr): number[] {
  const out = new Set<number>();
  const walk = (x: ScalarExpr): void => {
    switch (x.kind) {
      case 'reg': out.add(x.index); break;
      case 'unary': walk(x.operand); break;
      case 'binary': walk(x.left); walk(x.right); break;
      case 'fn': x.args.forEach(walk); break;
      default: break;
    }
  };
  walk(e);
  return [...out];
}

function valueAt(t: Tensor, index: number): number {
  return decode(t.dtype, t.data[index]);
}
