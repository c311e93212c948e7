/**
 * The instruction set: one record per opcode holding every fact about it that more than one layer needs. The
 * checker's operand rules and the kernels are keyed by the names derived here, so the compiler rejects an opcode
 * missing from either; the grammar, package.json and the language reference are compared with these records by
 * test/unit/records.test.ts.
 */
import { AttrValue, Engine } from './program';

export interface OpcodeInfo {
  readonly name: string;
  readonly engine: Engine;
  /** One line for hovers, the graph view and the language reference. */
  readonly summary: string;
  /** Element by element, in one engine: `fuse` may chain it with the instructions around it. */
  readonly elementwise?: true;
  /** An effect beyond its writes (output, a fault, cores meeting): passes neither remove nor reorder it. */
  readonly ordered?: true;
  /** Written as a statement of its own (`Set r = e`), not as `Opcode dst <- ...`: it has no operand rule. */
  readonly statement?: true;
  /** No executor: the interpreter's scheduler of cores implements it. */
  readonly byScheduler?: true;
  /**
   * The attribute that, when not 0, makes the instruction add to what its destination holds: it then reads the
   * destination too (the dataflow graph, data breakpoints on reads and `:why` see that read).
   */
  readonly accumulatesWith?: string;
  /**
   * An attribute whose tensor the instruction writes besides its destination (Activation's `reduce_res`): the
   * dataflow graph, data breakpoints, `:why` and the passes see that write, and not a read.
   */
  readonly writesAttribute?: string;
  /**
   * The positional operands after `dst <-`, by the names the checker's messages and the language reference give
   * them (the editor's signature help); absent for the statements and for Print and Assert, which take any number.
   */
  readonly operands?: readonly string[];
  /**
   * The engines the attribute `engine = ...` may put it on, its own engine first (the default): the NKI ISA's calls
   * that take an `engine` (tensor_copy, memset, nc_transpose, tensor_tensor, tensor_scalar). The arithmetic is the
   * same on each; the engine sets where the cost model runs it (its lane, its clock).
   */
  readonly engines?: readonly Engine[];
}

const RECORDS = [
  { name: 'DmaCopy', engine: 'DMA', summary: 'copy between any memories, with a cast', operands: ['src'] },
  { name: 'TensorCopy', engine: 'DVE', engines: ['DVE', 'ACT', 'POOL'], summary: 'on-chip copy with a cast', elementwise: true, operands: ['src'] },
  { name: 'Memset', engine: 'POOL', engines: ['POOL', 'DVE'], summary: 'fill with a value', operands: ['value'] },
  { name: 'Iota', engine: 'POOL', summary: 'dst[p, f] = base + p*pstep + f*fstep', operands: [] },
  { name: 'MatMult', engine: 'PE', summary: 'dst[M, N] (+)= stationary[K, M]ᵀ · moving[K, N]', accumulatesWith: 'accumulate', operands: ['stationary', 'moving'] },
  { name: 'MatMultMX', engine: 'PE', summary: 'dst[M, N] (+)= Σ over K partitions × 4 packed values of stationary · moving, each 8×4 block scaled by its e8m0 scales', accumulatesWith: 'accumulate', operands: ['stationary', 'moving', 'stationary_scale', 'moving_scale'] },
  { name: 'Transpose', engine: 'PE', engines: ['PE', 'DVE'], summary: 'dst[F, P] = src[P, F]ᵀ', operands: ['src'] },
  { name: 'Activation', engine: 'ACT', summary: 'dst = func(src * scale + bias) [, reduce_res = row sums]', elementwise: true, writesAttribute: 'reduce_res', operands: ['src'] },
  { name: 'TensorTensor', engine: 'DVE', engines: ['DVE', 'POOL'], summary: 'dst = a op b, elementwise', elementwise: true, operands: ['a', 'b'] },
  { name: 'TensorScalar', engine: 'DVE', engines: ['DVE', 'ACT', 'POOL'], summary: 'dst = (a op scalar) op1 scalar1 [, reduce_res = row reductions]', elementwise: true, writesAttribute: 'reduce_res', operands: ['a'] },
  { name: 'ScalarTensorTensor', engine: 'DVE', summary: 'dst = (a op scalar) op1 b, elementwise', elementwise: true, operands: ['a', 'b'] },
  { name: 'TensorReduce', engine: 'DVE', summary: 'dst[P, 1] = reduction of src along the free dimension', operands: ['src'] },
  { name: 'TensorTensorScan', engine: 'DVE', summary: 'dst[p, i] = (a[p, i] op dst[p, i-1]) op1 b[p, i], from initial', operands: ['a', 'b'] },
  { name: 'Select', engine: 'DVE', summary: 'dst = cond ? a : b, elementwise', elementwise: true, operands: ['cond', 'a', 'b'] },
  { name: 'QuantizeMX', engine: 'DVE', summary: 'dst = src quantized to packed MX fp8, a block of 8×4 values per e8m0 scale in dst_scale', writesAttribute: 'dst_scale', operands: ['src'] },
  { name: 'Set', engine: 'SP', summary: 'set a register', statement: true },
  { name: 'Load', engine: 'SP', summary: 'read one element into a register', operands: ['src'] },
  { name: 'Barrier', engine: 'SP', summary: 'all cores wait for each other', ordered: true, byScheduler: true, operands: [] },
  { name: 'Print', engine: 'SP', summary: 'program output', ordered: true },
  { name: 'Assert', engine: 'SP', summary: 'fault when the condition is false', ordered: true },
  { name: 'Assert.close', engine: 'SP', summary: 'fault when two tensors are not close', ordered: true },
] as const satisfies readonly OpcodeInfo[];

type OpcodeRecord = (typeof RECORDS)[number];
export type OpcodeName = OpcodeRecord['name'];
/** The opcodes written `Opcode dst <- ...`, each with an operand rule in the checker. */
export type InstructionOpcode = Exclude<OpcodeRecord, { statement: true }>['name'];
/** The opcodes a kernel executes. */
export type KernelOpcode = Exclude<OpcodeRecord, { byScheduler: true }>['name'];

/** In the order of the language reference. */
export const OPCODES: ReadonlyMap<string, OpcodeInfo> = new Map(RECORDS.map((o) => [o.name, o]));

/** The attribute of an opcode that makes it accumulate into its destination (see OpcodeInfo.accumulatesWith). */
export function accumulatorAttribute(opcode: string): string | undefined {
  return OPCODES.get(opcode)?.accumulatesWith;
}

/** The attribute of an opcode whose tensor it writes (see OpcodeInfo.writesAttribute). */
export function writtenAttribute(opcode: string): string | undefined {
  return OPCODES.get(opcode)?.writesAttribute;
}

/** The words of the attribute `engine`, NKI's names of the engines (`nki.isa.engine.vector`, ...). */
export const ENGINE_WORDS: Readonly<Partial<Record<Engine, string>>> = { PE: 'tensor', ACT: 'scalar', DVE: 'vector', POOL: 'gpsimd' };

/** The engine an `engine = ...` word names, or undefined. */
export function engineOfWord(word: string): Engine | undefined {
  return (Object.keys(ENGINE_WORDS) as Engine[]).find((e) => ENGINE_WORDS[e] === word);
}

/** The engine an instruction runs on: the one its attribute `engine` chose, else its opcode's. */
export function engineOf(opcode: string, attrs: ReadonlyMap<string, AttrValue>): Engine {
  const chosen = attrs.get('engine');
  return (chosen?.kind === 'word' ? engineOfWord(chosen.word) : undefined) ?? OPCODES.get(opcode)!.engine;
}

export function isInstructionOpcode(name: string): name is InstructionOpcode {
  const info = OPCODES.get(name);
  return info !== undefined && !info.statement;
}

export const ACTIVATION_FUNCTIONS = [
  'identity', 'relu', 'gelu', 'sigmoid', 'tanh', 'exp', 'log', 'sqrt', 'rsqrt', 'square',
  'silu', 'softplus', 'abs', 'sign', 'reciprocal', 'sin', 'cos',
] as const;
export type ActivationFunction = (typeof ACTIVATION_FUNCTIONS)[number];

/**
 * The operators of the vector engine's ALU (the NKI ISA's table of math operators, `nki.api.shared.rst`): binary
 * arithmetic, the bit operators (integer bit patterns only) and the unary ones, which take no operand.
 */
export const ALU_OPS = [
  'add', 'sub', 'mul', 'div', 'max', 'min', 'pow', 'eq', 'ne', 'lt', 'le', 'gt', 'ge', 'and', 'or', 'xor',
  'abs_max', 'abs_min', 'shl', 'shr', 'invert', 'abs', 'square', 'relu', 'rsqrt', 'reciprocal',
] as const;
export type AluOp = (typeof ALU_OPS)[number];

/** The ALU operators of one operand: in TensorScalar they take no scalar. */
export const UNARY_ALU_OPS: ReadonlySet<AluOp> = new Set<AluOp>(['invert', 'abs', 'square', 'relu', 'rsqrt', 'reciprocal']);
/** The operators on bit patterns, defined for integer data only. */
export const BIT_ALU_OPS: ReadonlySet<AluOp> = new Set<AluOp>(['shl', 'shr', 'invert']);

export const REDUCE_OPS = ['add', 'max', 'min', 'mul'] as const;
export type ReduceOp = (typeof REDUCE_OPS)[number];

export const ENGINES: readonly Engine[] = ['PE', 'ACT', 'DVE', 'POOL', 'DMA', 'SP'];
