/** From an instruction to the closure that executes it. */
import { InstrNode } from '../ir/program';
import { Executor } from './common';
import { assert, assertClose, load, print, set } from './control';
import { dmaCopy } from './dma';
import { matMult, transpose } from './tensor-engine';
import { activate, iota, memset, select, tensorCopy, tensorReduce, tensorScalar, tensorTensor } from './vector';

export type { Executor } from './common';

const COMPILERS: Record<string, (node: InstrNode) => Executor> = {
  DmaCopy: dmaCopy,
  TensorCopy: tensorCopy,
  Memset: memset,
  Iota: iota,
  MatMult: matMult,
  Transpose: transpose,
  Activation: activate,
  TensorTensor: tensorTensor,
  TensorScalar: tensorScalar,
  TensorReduce: tensorReduce,
  Select: select,
  Set: set,
  Load: load,
  Print: print,
  Assert: assert,
  'Assert.close': assertClose,
};

/** Barrier has no executor: the scheduler of cores implements it. */
export function compileInstruction(node: InstrNode): Executor | undefined {
  const compile = COMPILERS[node.opcode];
  return compile ? compile(node) : undefined;
}
