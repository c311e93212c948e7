/** The instruction set: which engine runs each opcode. Operand rules live in the checker, semantics in kernels/. */
import { Engine } from './program';

export interface OpcodeInfo {
  readonly name: string;
  readonly engine: Engine;
  /** One line for hovers, the graph view and the language reference. */
  readonly summary: string;
}

const TABLE: readonly OpcodeInfo[] = [
  { name: 'DmaCopy', engine: 'DMA', summary: 'copy between any memories, with a cast' },
  { name: 'TensorCopy', engine: 'DVE', summary: 'on-chip copy with a cast' },
  { name: 'Memset', engine: 'POOL', summary: 'fill with a value' },
  { name: 'Iota', engine: 'POOL', summary: 'dst[p, f] = base + p*pstep + f*fstep' },
  { name: 'MatMult', engine: 'PE', summary: 'dst[M, N] (+)= stationary[K, M]ᵀ · moving[K, N]' },
  { name: 'Transpose', engine: 'PE', summary: 'dst[F, P] = src[P, F]ᵀ' },
  { name: 'Activation', engine: 'ACT', summary: 'dst = func(src * scale + bias)' },
  { name: 'TensorTensor', engine: 'DVE', summary: 'dst = a op b, elementwise' },
  { name: 'TensorScalar', engine: 'DVE', summary: 'dst = (a op scalar) op1 scalar1' },
  { name: 'TensorReduce', engine: 'DVE', summary: 'dst[P, 1] = reduction of src along the free dimension' },
  { name: 'Select', engine: 'DVE', summary: 'dst = cond ? a : b, elementwise' },
  { name: 'Set', engine: 'SP', summary: 'set a register' },
  { name: 'Load', engine: 'SP', summary: 'read one element into a register' },
  { name: 'Barrier', engine: 'SP', summary: 'all cores wait for each other' },
  { name: 'Print', engine: 'SP', summary: 'program output' },
  { name: 'Assert', engine: 'SP', summary: 'fault when the condition is false' },
  { name: 'Assert.close', engine: 'SP', summary: 'fault when two tensors are not close' },
];

export const OPCODES: ReadonlyMap<string, OpcodeInfo> = new Map(TABLE.map((o) => [o.name, o]));

export const ACTIVATION_FUNCTIONS = [
  'identity', 'relu', 'gelu', 'sigmoid', 'tanh', 'exp', 'log', 'sqrt', 'rsqrt', 'square',
  'silu', 'softplus', 'abs', 'sign', 'reciprocal', 'sin', 'cos',
] as const;
export type ActivationFunction = (typeof ACTIVATION_FUNCTIONS)[number];

export const ALU_OPS = [
  'add', 'sub', 'mul', 'div', 'max', 'min', 'pow', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'and', 'or', 'xor',
] as const;
export type AluOp = (typeof ALU_OPS)[number];

export const REDUCE_OPS = ['add', 'max', 'min', 'mul'] as const;
export type ReduceOp = (typeof REDUCE_OPS)[number];

export const ENGINES: readonly Engine[] = ['PE', 'ACT', 'DVE', 'POOL', 'DMA', 'SP'];
