/**
 * The attribute `engine = ...`: the engine an instruction runs on, where its opcode allows more than one (the opcode
 * record's `engines`, after the NKI ISA calls that take an `engine`). The words are NKI's (`tensor`, `vector`,
 * `scalar`, `gpsimd`); the arithmetic is the same on every engine, the cost model runs the instruction on the lane
 * and at the clock of the one chosen. What the ISA reference forbids on an engine is refused here, for the checker
 * (at the attribute's word) and for the timeline's "Move to engine" (which offers only the engines allowed).
 */
import { AluOp, BIT_ALU_OPS, ENGINE_WORDS, OPCODES } from '../../ir/opcodes';
import { AttrValue, Engine, Operand } from '../../ir/program';
import { dtypeInfo } from '../../base/dtype';

/** The largest tile the vector engine transposes (nki.isa.nc_transpose: "[32, 32] or smaller"). */
export const VECTOR_TRANSPOSE_MAX = 32;

/** The attribute's rule for an opcode whose record allows several engines. */
export function engineAttribute(opcode: string): { readonly kind: 'word'; readonly words: readonly string[] } {
  const engines = OPCODES.get(opcode)?.engines ?? [];
  return { kind: 'word', words: engines.map((e) => ENGINE_WORDS[e]!) };
}

/** Why an instruction written without `engine` cannot take one: its opcode runs on one engine only. */
export function singleEngineMessage(opcode: string): string {
  const info = OPCODES.get(opcode);
  return `${opcode} runs on ${info?.engine ?? 'one engine'} only: it takes no attribute 'engine' (the instructions that choose their engine: ${[...OPCODES.values()].filter((o) => o.engines).map((o) => o.name).join(', ')})`;
}

/** The refusal of an engine its opcode's record does not list. */
export function notAnEngineOf(opcode: string, engine: Engine): string {
  const info = OPCODES.get(opcode);
  const engines = info?.engines ?? (info ? [info.engine] : []);
  return `${opcode} cannot run on ${engine} (engine = ${ENGINE_WORDS[engine] ?? engine}); it runs on ${engines.map((e) => `${e} (${ENGINE_WORDS[e]})`).join(', ')}`;
}

/** The operands an engine choice is checked against: a checked instruction's, or an IR node's. */
export interface EngineOperands {
  readonly opcode: string;
  readonly dst?: Operand;
  readonly srcs: readonly Operand[];
  readonly attrs: ReadonlyMap<string, AttrValue>;
}

/** Why `engine` cannot run the instruction, or undefined when it can (its opcode's own engine always can). */
export function engineProblem(i: EngineOperands, engine: Engine): string | undefined {
  const info = OPCODES.get(i.opcode);
  if (!info || engine === info.engine) return undefined;
  const word = ENGINE_WORDS[engine] ?? engine;
  if (!info.engines?.includes(engine)) return notAnEngineOf(i.opcode, engine);
  if (engine === 'POOL') {
    const inPsum = tensorsOf(i).find((o) => o.ap.memory === 'psum');
    if (inPsum) return `GpSimd (engine = gpsimd) cannot access PSUM, and '${inPsum.ap.text}' is in PSUM (NKI ISA: tensor_copy, tensor_tensor): choose vector`;
  }
  if (i.opcode === 'TensorScalar') return tensorScalarProblem(i, engine, word);
  if (i.opcode === 'Transpose' && engine === 'DVE') {
    const src = i.srcs[0]?.kind === 'tensor' ? i.srcs[0].ap : undefined;
    const [p, f] = src ? [src.shape[0] ?? 0, src.shape.slice(1).reduce<number>((a, d) => a * (d ?? 0), 1)] : [0, 0];
    if (p > VECTOR_TRANSPOSE_MAX || f > VECTOR_TRANSPOSE_MAX) return `the vector engine transposes tiles of at most [${VECTOR_TRANSPOSE_MAX}, ${VECTOR_TRANSPOSE_MAX}], and '${src?.text}' is [${p}, ${f}] (NKI ISA: nc_transpose)`;
  }
  return undefined;
}

/**
 * NKI's tensor_scalar: bit operators and the reduction (tensor_scalar_reduce) run on the vector engine only, and
 * GpSimd takes only rsqrt.
 */
function tensorScalarProblem(i: EngineOperands, engine: Engine, word: string): string | undefined {
  const ops = ['op', 'op1'].map((n) => i.attrs.get(n)).flatMap((v) => (v?.kind === 'word' ? [v.word] : []));
  const data = i.srcs[0]?.kind === 'tensor' ? i.srcs[0].ap : undefined;
  const integer = data !== undefined && dtypeInfo(data.dtype).isInteger;
  const bit = ops.find((op) => BIT_ALU_OPS.has(op as AluOp) || (integer && ['and', 'or', 'xor'].includes(op)));
  if (bit) return `the bit operator '${bit}' runs on the vector engine only (NKI ISA: tensor_scalar), not on ${engine} (engine = ${word})`;
  if (i.attrs.has('reduce_res')) return `a TensorScalar with reduce_res runs on the vector engine only (NKI ISA: tensor_scalar_reduce), not on ${engine} (engine = ${word})`;
  if (engine === 'POOL' && (ops.length !== 1 || ops[0] !== 'rsqrt')) return `GpSimd (engine = gpsimd) runs TensorScalar only as op = rsqrt alone (NKI ISA: tensor_scalar); this one is ${ops.join(', ')}`;
  return undefined;
}

/** The engines an instruction may move to: its opcode's, less those its operands rule out. */
export function allowedEngines(i: EngineOperands): Engine[] {
  const info = OPCODES.get(i.opcode);
  return (info?.engines ?? (info ? [info.engine] : [])).filter((e) => engineProblem(i, e) === undefined);
}

function tensorsOf(i: EngineOperands): { ap: Extract<Operand, { kind: 'tensor' }>['ap'] }[] {
  const attrOperands = [...i.attrs.values()].flatMap((v) => (v.kind === 'operand' ? [v.operand] : []));
  return [i.dst, ...i.srcs, ...attrOperands].flatMap((o) => (o?.kind === 'tensor' ? [o] : []));
}
