/**
 * Provenance: which values an instruction read to make one element of its result (or the register it set). The
 * kernels' data flow, element by element: elementwise instructions read the same position of each operand and the
 * partition's scalar; MatMult reads a column of the stationary and of the moving operand (and the old value when it
 * accumulates); a reduction reads its partition's row; a transpose the mirrored element. Asked in the state just
 * before the instruction runs, so the views are those it used.
 */
import { accumulatorAttribute, KernelOpcode, writtenAttribute } from '../ir/opcodes';
import { CallNode, InstrNode, Operand, ScalarExpr } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { decode } from '../machine/dtypes';
import { Machine } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { elementIndex, View, viewPosition, viewSize } from '../machine/view';
import { attrOperand, word } from './common';
import { compileAccess, ViewFn } from './compile-access';
import { compileScalar } from './compile-scalar';
import { maskTerms } from '../ir/mask';
import { maskBoxes } from './mask-boxes';
import { plane2d } from './operands';
import { MX_BLOCK_PARTITIONS, MX_QUADRANT, mxScalePartition } from '../machine/mx-blocks';

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
  // As a masked instruction made it: a tail tile's slice may leave its tensor (kernels/restriction.ts), and the
  // element asked about is one the instruction wrote, so inside; any other view is the same either way.
  if (!fn) views.set(op, (fn = compileAccess(op.ap, true)));
  return fn(f, c, m);
}

/** Where an instruction wrote: position `i` (row-major) of its destination, in partition `p` (0 for a register). */
interface WrittenAt {
  readonly dst?: View;
  readonly i: number;
  readonly p: number;
}

/** What one written element (or register) of an instruction was made from. */
type Provenance = (node: InstrNode, at: WrittenAt, reads: ReadList) => void;

const copied: Provenance = (node, { i }, reads) => reads.at(node.srcs[0], 'source', i);

/**
 * Keyed by the opcodes a kernel executes, so that the compiler asks a new opcode for its provenance; `no result` for
 * those that write neither memory nor a register.
 */
const PROVENANCE: Record<KernelOpcode, Provenance | 'no result'> = {
  DmaCopy: copied,
  TensorCopy: copied,
  Memset: (node, _at, reads) => reads.scalar(node.srcs[0], 'value'),
  Iota: (node, _at, reads) => {
    for (const name of ['base', 'pstep', 'fstep']) reads.scalar(attrOperand(node, name), name);
  },
  TensorTensor: (node, { i }, reads) => {
    reads.at(node.srcs[0], 'first operand', i);
    reads.at(node.srcs[1], 'second operand', i);
  },
  TensorScalar: (node, { i, p }, reads) => {
    reads.at(node.srcs[0], 'operand', i);
    reads.column(attrOperand(node, 'scalar'), 'scalar', p);
    reads.column(attrOperand(node, 'scalar1'), 'scalar1', p);
  },
  Activation: (node, { i, p }, reads) => {
    reads.at(node.srcs[0], 'source', i);
    reads.column(attrOperand(node, 'scale'), 'scale', p);
    reads.column(attrOperand(node, 'bias'), 'bias', p);
  },
  Select: (node, { i }, reads) => {
    reads.at(node.srcs[0], 'condition', i);
    const cond = reads.last();
    const taken = cond && cond.kind === 'element' && cond.tensor.written[cond.index] !== 0 && valueAt(cond.tensor, cond.index) !== 0;
    reads.at(node.srcs[taken ? 1 : 2], taken ? 'first choice' : 'second choice', i);
  },
  ScalarTensorTensor: (node, { i, p }, reads) => {
    reads.at(node.srcs[0], 'data', i);
    reads.column(attrOperand(node, 'scalar'), 'scalar', p);
    reads.at(node.srcs[1], 'second operand', i);
  },
  // Element i of the destination reduces the i-th run of the source's elements (its partition's row, when it is [P, 1]).
  TensorReduce: (node, { dst, i, p }, reads) => (node.attrs.has('mask') ? reads.keptRow(node, 'source', p) : reads.run(node.srcs[0], 'source', i, viewSize(dst!))),
  // Element i of a partition is made from the elements 0..i of both operands of that partition and the initial value.
  TensorTensorScan: (node, { i, p, dst }, reads) => {
    const [, cols] = plane2d(dst!);
    const upTo = i - p * cols;
    reads.column(attrOperand(node, 'initial'), 'initial', p);
    reads.row(node.srcs[0], 'first operand', p, upTo + 1);
    reads.row(node.srcs[1], 'second operand', p, upTo + 1);
  },
  Transpose: (node, { dst, i }, reads) => {
    // dst[q, p'] = src[p', q]: the destination's rows are the source's columns.
    const [rows, cols] = plane2d(dst!);
    const q = Math.floor(i / cols);
    reads.at(node.srcs[0], 'source', (i % cols) * rows + q);
  },
  MatMult: (node, { dst, i }, reads) => matMultReads(node, dst!, i, reads),
  MatMultMX: (node, { dst, i }, reads) => mxMatMultReads(node, dst!, i, reads),
  // Element [p, c] is made from its block: the 8 partitions of p's block × the 4 values of column c.
  QuantizeMX: (node, { dst, p, i }, reads) => quantizeMxBlockReads(node, Math.floor(p / MX_BLOCK_PARTITIONS), i - p * plane2d(dst!)[1], reads),
  Set: (node, _at, reads) => reads.scalar(node.srcs[0], 'value'),
  Load: (node, _at, reads) => reads.at(node.srcs[0], 'source', 0),
  Print: 'no result',
  Assert: 'no result',
  'Assert.close': 'no result',
};

/** A node's opcode is any string (`Fused`): looked up in a map, not by indexing the record. */
const BY_OPCODE: ReadonlyMap<string, Provenance | 'no result'> = new Map(Object.entries(PROVENANCE));

/**
 * The reads behind one written element or register of an instruction (not a fused group: ask its members), or
 * undefined when the instruction does not write it.
 */
export function readsOf(node: InstrNode, written: Written, f: Frame, c: Core, m: Machine): Read[] | undefined {
  const provenance = BY_OPCODE.get(node.opcode);
  if (provenance === undefined || provenance === 'no result') return undefined;
  const reads = new ReadList(f, c, m);
  if ('register' in written) {
    if (node.dst?.kind !== 'register' || node.dst.index !== written.register) return undefined;
    provenance(node, { i: 0, p: 0 }, reads);
    return reads.list;
  }
  const dst = node.dst && viewOfOperand(node.dst, f, c, m);
  if (!dst || dst.tensor !== written.tensor) return attributeReads(node, written, reads);
  const i = viewPosition(dst, written.index);
  if (i < 0) return undefined;
  const [, cols] = plane2d(dst);
  provenance(node, { dst, i, p: Math.floor(i / Math.max(cols, 1)) }, reads);
  return reads.list;
}

/**
 * The reads behind an element of the tensor an attribute names that the instruction writes (reduce_res[p] of
 * Activation and TensorScalar: the row p of the source, with its scale and bias, or its scalar).
 */
function attributeReads(node: InstrNode, written: { tensor: Tensor; index: number }, reads: ReadList): Read[] | undefined {
  const name = writtenAttribute(node.opcode);
  const op = name === undefined ? undefined : attrOperand(node, name);
  const view = reads.view(op);
  if (!view || view.tensor !== written.tensor) return undefined;
  const p = viewPosition(view, written.index);
  if (p < 0) return undefined;
  if (node.opcode === 'QuantizeMX') return quantizeMxScaleReads(node, view, p, reads);
  if (node.attrs.has('mask')) reads.keptRow(node, 'source', p);
  else reads.row(node.srcs[0], 'source', p);
  reads.column(attrOperand(node, 'scale'), 'scale', p);
  reads.column(attrOperand(node, 'bias'), 'bias', p);
  reads.column(attrOperand(node, 'scalar'), 'scalar', p);
  return reads.list;
}

/** The 32 values of block g (partitions 8g..8g+7) in column c of a QuantizeMX's source: 4 per partition. */
function quantizeMxBlockReads(node: InstrNode, g: number, c: number, reads: ReadList): Read[] {
  const src = reads.view(node.srcs[0]);
  if (!src) return reads.list;
  const [, F] = plane2d(src);
  for (let p = MX_BLOCK_PARTITIONS * g; p < MX_BLOCK_PARTITIONS * (g + 1); p++) {
    for (let q = 0; q < 4; q++) reads.element(src, 'source', node.srcs[0], p * F + 4 * c + q);
  }
  return reads.list;
}

/** A QuantizeMX's scale at position i of dst_scale: the block whose scale that row holds (the quadrant rule). */
function quantizeMxScaleReads(node: InstrNode, scale: View, i: number, reads: ReadList): Read[] | undefined {
  const [, cols] = plane2d(scale);
  const row = Math.floor(i / cols);
  const inQuadrant = row % MX_QUADRANT;
  if (inQuadrant >= MX_QUADRANT / MX_BLOCK_PARTITIONS) return undefined;
  return quantizeMxBlockReads(node, (Math.floor(row / MX_QUADRANT) * MX_QUADRANT) / MX_BLOCK_PARTITIONS + inQuadrant, i % cols, reads);
}

/** dst[m, n] (+)= Σ_k stationary[k, m] · moving[k, n]. */
function matMultReads(node: InstrNode, dst: View, i: number, reads: ReadList): void {
  const [, N] = plane2d(dst);
  const row = Math.floor(i / N);
  const col = i % N;
  const st = reads.view(node.srcs[0]);
  const mv = reads.view(node.srcs[1]);
  if (!st || !mv) return;
  if (word(node, 'perf_mode', 'none') === 'double_row') {
    // [K, 2, M] and [K, 2, N]: each partition holds a pair of the contraction, read together.
    const [K, , M] = st.shape;
    for (let k = 0; k < 2 * K; k++) {
      reads.element(st, 'stationary', node.srcs[0], k * M + row);
      reads.element(mv, 'moving', node.srcs[1], k * N + col);
    }
  } else {
    const [K, M] = plane2d(st);
    for (let k = 0; k < K; k++) {
      reads.element(st, 'stationary', node.srcs[0], k * M + row);
      reads.element(mv, 'moving', node.srcs[1], k * N + col);
    }
  }
  accumulatedRead(node, dst, i, reads);
}

/**
 * An MX matmul's element [m, n] reads column m of the stationary and column n of the moving data over every partition
 * (each element holds 4 values of the contraction), and the scales of those columns' blocks (machine/mx-blocks.ts).
 */
function mxMatMultReads(node: InstrNode, dst: View, i: number, reads: ReadList): void {
  const [, N] = plane2d(dst);
  const row = Math.floor(i / N);
  const col = i % N;
  const [st, mv, ss, ms] = node.srcs.map((op) => reads.view(op));
  if (!st || !mv || !ss || !ms) return;
  const [K, M] = plane2d(st);
  for (let k = 0; k < K; k++) {
    reads.element(st, 'stationary', node.srcs[0], k * M + row);
    reads.element(mv, 'moving', node.srcs[1], k * N + col);
  }
  for (let k = 0; k < K; k += MX_BLOCK_PARTITIONS) {
    const s = mxScalePartition(k);
    reads.element(ss, 'stationary scale', node.srcs[2], s * M + row);
    reads.element(ms, 'moving scale', node.srcs[3], s * N + col);
  }
  accumulatedRead(node, dst, i, reads);
}

function accumulatedRead(node: InstrNode, dst: View, i: number, reads: ReadList): void {
  const accumulate = attrOperand(node, accumulatorAttribute(node.opcode)!);
  if (accumulate?.kind === 'scalar' && compileScalar(accumulate.expr)(reads.f, reads.c, reads.m) !== 0) {
    reads.element(dst, 'accumulated', node.dst!, i);
  }
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

  /** The elements of partition p (the first `count` of them when given). */
  row(op: Operand | undefined, role: string, p: number, count?: number): void {
    const v = this.view(op);
    if (!v || !op) return;
    const [, cols] = plane2d(v);
    for (let q = 0, n = Math.min(count ?? cols, cols); q < n; q++) this.element(v, role, op, p * cols + q);
  }

  /**
   * The elements of partition p of a masked instruction's source that its mask keeps: a reduction under a mask reads
   * the box of each row the mask keeps (one box: lang/check/mask.ts requires it of reductions), with the registers
   * of the moment.
   */
  keptRow(node: InstrNode, role: string, p: number): void {
    const op = node.srcs[0];
    const v = this.view(op);
    const mask = attrOperand(node, 'mask');
    if (!v || op?.kind !== 'tensor' || mask?.kind !== 'scalar') return;
    const terms = maskTerms(mask.expr, v.shape.length);
    const [box] = maskBoxes(v.shape, terms, terms.map((t) => compileScalar(t.rhs)(this.f, this.c, this.m)));
    if (!box || p < box.lo[0] || p >= box.hi[0]) return;
    const free = v.shape.slice(1);
    const at = box.lo.slice(1);
    if (free.length === 0) return;
    for (;;) {
      let position = p;
      for (let d = 0; d < free.length; d++) position = position * free[d] + at[d];
      this.element(v, role, op, position);
      let d = free.length - 1;
      while (d >= 0 && ++at[d] >= box.hi[d + 1]) {
        at[d] = box.lo[d + 1];
        d--;
      }
      if (d < 0) return;
    }
  }

  /** The i-th of `runs` equal runs of the operand's elements, in row-major order. */
  run(op: Operand | undefined, role: string, i: number, runs: number): void {
    const v = this.view(op);
    if (!v || !op) return;
    const length = viewSize(v) / runs;
    for (let q = i * length; q < (i + 1) * length; q++) this.element(v, role, op, q);
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
