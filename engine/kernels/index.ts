/** From an instruction to the closure that executes it. */
import { InstrNode } from '../ir/program';
import { KernelOpcode } from '../ir/opcodes';
import { Executor } from './common';
import { assert, assertClose, load, print, set } from './control';
import { dmaCopy } from './dma';
import { masked } from './masked';
import { shadowed } from './shadowed';
import { matMult, transpose } from './tensor-engine';
import { matMultMX } from './mx-matmul';
import { quantizeMX } from './quantize-mx';
import {
  activate, iota, memset, scalarTensorTensor, select, tensorCopy, tensorReduce, tensorScalar, tensorTensor, tensorTensorScan,
} from './vector';

export type { Executor } from './common';

type Compile = (node: InstrNode) => Executor;

/** Keyed by the opcodes a kernel executes, so that the compiler rejects one missing or unknown. */
const COMPILERS: Record<KernelOpcode, Compile> = {
  DmaCopy: dmaCopy,
  TensorCopy: tensorCopy,
  Memset: memset,
  Iota: iota,
  MatMult: matMult,
  MatMultMX: matMultMX,
  QuantizeMX: quantizeMX,
  Transpose: transpose,
  Activation: activate,
  TensorTensor: tensorTensor,
  TensorScalar: tensorScalar,
  ScalarTensorTensor: scalarTensorTensor,
  TensorReduce: tensorReduce,
  TensorTensorScan: tensorTensorScan,
  Select: select,
  Set: set,
  Load: load,
  Print: print,
  Assert: assert,
  'Assert.close': assertClose,
};

/** A node's opcode is any string (`Fused`, or Barrier): looked up in a map, not by indexing the record. */
const BY_OPCODE: ReadonlyMap<string, Compile> = new Map(Object.entries(COMPILERS));

/**
 * Barrier has no executor: the scheduler of cores implements it. `shadow`: for a shadow run, each kernel also runs in
 * float64 (kernels/shadowed.ts), a member of a fused group or a box of a mask at a time.
 */
export function compileInstruction(node: InstrNode, shadow = false): Executor | undefined {
  if (node.opcode === 'Fused') return fused(node, shadow);
  const kernel = (n: InstrNode) => compileKernel(n, shadow);
  if (node.attrs.has('mask')) return masked(node, kernel);
  return kernel(node);
}

function compileKernel(node: InstrNode, shadow: boolean): Executor | undefined {
  const compile = BY_OPCODE.get(node.opcode);
  if (!compile) return undefined;
  return shadow ? shadowed(node, compile) : compile(node);
}

/**
 * A group the `fuse` pass made: its members in order. When a member faults, the group resumes at that member
 * (a continuable fault completes it on resume), so no member runs twice.
 */
function fused(node: InstrNode, shadow: boolean): Executor {
  const members = (node.members ?? []).map((m) => compileInstruction(m, shadow)!);
  const resumeAt = new Map<number, number>();
  return (f, c, m) => {
    for (let i = resumeAt.get(c.index) ?? 0; i < members.length; i++) {
      resumeAt.set(c.index, i);
      m.member = i;
      members[i](f, c, m);
    }
    m.member = -1;
    resumeAt.delete(c.index);
  };
}
