/** Operand, attribute, memory-kind, dtype and shape rules of every opcode. */
import * as ast from '../ast';
import { Span } from '../../base/span';
import { AccessPattern, AttrValue, MemoryKind, Operand, ScalarExpr } from '../../ir/program';
import {
  ACTIVATION_FUNCTIONS, ALU_OPS, AluOp, BIT_ALU_OPS, engineOfWord, InstructionOpcode, isInstructionOpcode, OPCODES, REDUCE_OPS, UNARY_ALU_OPS, writtenAttribute,
} from '../../ir/opcodes';
import { dtypeInfo } from '../../base/dtype';
import { MATMUL_MAX_K, MATMUL_MAX_M, MATMUL_MAX_N, PARTITIONS, PSUM_BANK_BYTES, registerIndex } from '../../machine/limits';
import { isTensorExpr, partitionMove, resolveAccess } from './access';
import { checkEvalExpr } from './eval-names';
import { packedCopyProblem, packedOperandProblem } from './packed-operands';
import { mxDtypeProblem, mxShapeProblem, quantizeMxProblem } from './mx-operands';
import { doubleRowDtypeProblem, doubleRowShape, mixedE4M3Problem, PERF_MODES } from './double-row';
import { FunctionScope, ModuleScope, Resolver } from './scope';
import { boxOnly, checkMask, MASKED_OPCODES, maskedShapeProblem, maskSpaceRole, noMask } from './mask';
import { suggest } from '../../base/suggest';
import { engineAttribute, engineProblem, notAnEngineOf, singleEngineMessage } from './engine-choice';

/** The operands of a checked instruction; `dst` is absent (not undefined) for an instruction without a destination. */
export interface CheckedInstruction {
  readonly dst?: Operand;
  readonly srcs: Operand[];
  readonly attrs: ReadonlyMap<string, AttrValue>;
}

/**
 * The attributes of every instruction written without any: one map for all of them (a node's attributes are read, never
 * changed), where a map each would be most of the memory of a `Set`.
 */
export const NO_ATTRIBUTES: ReadonlyMap<string, AttrValue> = new Map();

const ON_CHIP: readonly MemoryKind[] = ['sbuf', 'psum'];
const ANY_MEMORY: readonly MemoryKind[] = ['dram', 'sbuf', 'psum'];

/** `column`: a [P, 1] on-chip tensor the instruction writes (Activation's reduce_res). */
/** `mask`: a predicate over the destination's indices (lang/check/mask.ts), checked once the destination is known. */
/** `tile`: an on-chip tensor of any shape the instruction writes (QuantizeMX's dst_scale), its shape the rule's to check. */
type AttrKind = 'scalar' | 'scalar-or-column' | 'column' | 'tile' | 'word' | 'mask';
export interface AttrSpec { readonly kind: AttrKind; readonly words?: readonly string[]; readonly required?: boolean }

/** Checks one instruction statement in the context of its function. */
export class InstructionChecker {
  constructor(
    readonly resolver: Resolver,
    readonly module: ModuleScope,
    readonly scope: FunctionScope,
  ) {}

  /** The operands of an instruction statement, or undefined when it has a mistake (reported). */
  check(s: ast.InstructionStmt): CheckedInstruction | undefined {
    const opcode = s.opcode;
    if (!isInstructionOpcode(opcode)) {
      const hint = suggest(opcode, [...OPCODES.keys()]);
      this.error(s.opcodeSpan, `unknown opcode '${opcode}'${hint ? `; did you mean '${hint}'?` : ''}`);
      return undefined;
    }
    const checked = RULES[opcode].call(this, s);
    const mask = s.attrs.find((a) => a.name === 'mask');
    const masked = checked && mask && MASKED_OPCODES.has(opcode) ? this.withMask(s, opcode, mask, checked) : checked;
    return masked && this.engineFits(opcode, masked) ? masked : undefined;
  }

  /** The engine an `engine = ...` attribute chose can run the instruction as written (lang/check/engine-choice.ts). */
  private engineFits(opcode: string, checked: CheckedInstruction): boolean {
    const chosen = checked.attrs.get('engine');
    const engine = chosen?.kind === 'word' ? engineOfWord(chosen.word) : undefined;
    const problem = engine && engineProblem({ opcode, ...checked }, engine);
    if (problem && chosen?.kind === 'word') this.error(chosen.span, problem);
    return !problem;
  }

  /**
   * The instruction with its mask, whose indices are those of the destination (of the source, for a reduction); its
   * other tensor operands have that shape or are [P, 1] columns.
   */
  private withMask(s: ast.InstructionStmt, opcode: InstructionOpcode, mask: ast.Attribute, checked: CheckedInstruction): CheckedInstruction | undefined {
    const role = maskSpaceRole(opcode);
    const space = role === 'source' ? checked.srcs[0] : checked.dst;
    if (space?.kind !== 'tensor') return undefined;
    const value = checkMask(mask, opcode, space.ap, this.resolver, this.module, this.scope, boxOnly(opcode, checked.attrs));
    if (!value) return undefined;
    if (opcode === 'MatMult') return this.maskedMatMult(mask, checked, value);
    const operands = [checked.dst, ...checked.srcs, ...[...checked.attrs.values()].flatMap((v) => (v.kind === 'operand' ? [v.operand] : []))];
    for (const o of operands) {
      const problem = o?.kind === 'tensor' && o !== space ? maskedShapeProblem(space.ap, o.ap, role) : undefined;
      if (problem) {
        this.error(o?.kind === 'tensor' ? o.ap.span : s.span, problem);
        return undefined;
      }
    }
    return { ...checked, attrs: new Map([...checked.attrs, ['mask', value]]) };
  }

  /**
   * A MatMult's mask names the indices of its destination [M, N]: the kept elements are computed from the stationary
   * operand's columns M and the moving operand's columns N (kernels/restriction.ts), so those are [K, M] and [K, N].
   */
  private maskedMatMult(mask: ast.Attribute, checked: CheckedInstruction, value: AttrValue): CheckedInstruction | undefined {
    const refuse = (span: Span, message: string): undefined => {
      this.error(span, message);
      return undefined;
    };
    const perf = checked.attrs.get('perf_mode');
    if (perf?.kind === 'word' && perf.word === 'double_row') return refuse(mask.nameSpan, 'MatMult with perf_mode = double_row takes no mask: mask the instruction that reads its result');
    const dst = checked.dst?.kind === 'tensor' ? checked.dst.ap : undefined;
    const [st, mv] = checked.srcs.map((o) => (o.kind === 'tensor' ? o.ap : undefined));
    if (dst && st && st.shape.length !== 2) return refuse(st.span, `under a mask, the stationary operand '${st.text}' is [K, M] (its columns are the destination's partitions); it is [${st.shape.join(', ')}]`);
    if (dst && mv && mv.shape.length !== dst.shape.length) return refuse(mv.span, `under a mask, the moving operand '${mv.text}' is [K, ...] with the destination's free dimensions [${dst.shape.slice(1).join(', ')}]; it is [${mv.shape.join(', ')}]`);
    return { ...checked, attrs: new Map([...checked.attrs, ['mask', value]]) };
  }

  // ---- helpers the rules use ----

  error(span: Span, message: string): void {
    this.resolver.diagnostics.error(span, message);
  }

  /** Exactly `count` positional operands and, when `dst` is true, a destination. */
  arity(s: ast.InstructionStmt, dst: boolean, count: number, form: string): boolean {
    if (dst && !s.dst) {
      this.error(s.span, `${s.opcode} needs a destination: ${form}`);
      return false;
    }
    if (!dst && s.dst) {
      this.error(s.dst.span, `${s.opcode} has no destination: ${form}`);
      return false;
    }
    if (s.operands.length !== count) {
      this.error(s.span, `${s.opcode} takes ${count} operand${count === 1 ? '' : 's'}, found ${s.operands.length}: ${form}`);
      return false;
    }
    return true;
  }

  tensor(e: ast.Expr, opcode: string, role: string, memories: readonly MemoryKind[]): AccessPattern | undefined {
    const ap = resolveAccess(e, this.resolver, this.module, this.scope);
    if (!ap) return undefined;
    const packed = packedOperandProblem(opcode, role, ap.dtype);
    if (packed) {
      this.error(e.span, packed);
      return undefined;
    }
    if (ap.memory && !memories.includes(ap.memory)) {
      const why = memories.length === 1 ? `must be in ${memories[0].toUpperCase()}` : `must be in ${memories.map((m) => m.toUpperCase()).join(' or ')}`;
      const hint = ap.memory === 'dram' ? ' (engines read on-chip memory; copy it with DmaCopy first)' : '';
      this.error(e.span, `the ${role} of ${opcode} ${why}, but '${ap.tensor.name}' is in ${ap.memory.toUpperCase()}${hint}`);
      return undefined;
    }
    if (ap.transpose && opcode !== 'DmaCopy') {
      this.error(e.span, `'.T' is a strided view only DmaCopy can read; use Transpose on the tensor engine to transpose on chip`);
      return undefined;
    }
    if (ap.memory && ap.memory !== 'dram' && opcode !== 'DmaCopy' && ap.shape.length > MAX_ON_CHIP_RANK) {
      this.error(e.span, `on-chip views have at most ${MAX_ON_CHIP_RANK} dimensions [partitions, and up to 4 free dimensions], this one has ${ap.shape.length}`);
      return undefined;
    }
    if ((role === 'destination' || role === writtenAttribute(opcode)) && repeats(ap)) {
      this.error(e.span, `the ${role} of ${opcode} '${ap.text}' repeats elements (a broadcast view reads one element at several positions): an instruction cannot write through it; write the tensor itself`);
      return undefined;
    }
    const move = opcode === 'DmaCopy' ? undefined : partitionMove(ap);
    if (move) {
      this.error(e.span, `${move}: engines read a partition per row of a view, so only DmaCopy can read '${ap.text}'; keep the first dimension and reshape or permute the free ones`);
      return undefined;
    }
    return ap;
  }

  tensorOperand(e: ast.Expr, opcode: string, role: string, memories: readonly MemoryKind[]): Operand | undefined {
    const ap = this.tensor(e, opcode, role, memories);
    return ap && { kind: 'tensor', ap };
  }

  scalarOperand(e: ast.Expr, what: string): Operand | undefined {
    const expr = this.resolver.scalar(e, this.module, this.scope, what);
    return expr && { kind: 'scalar', expr, text: this.module.textOf(e.span), span: e.span };
  }

  /** A number, a register or a [P, 1] tensor (one value per partition). */
  scalarOrColumn(e: ast.Expr, opcode: string, what: string): Operand | undefined {
    if (!isTensorExpr(e, this.resolver, this.module, this.scope)) return this.scalarOperand(e, what);
    const ap = this.tensor(e, opcode, what, ON_CHIP);
    if (!ap) return undefined;
    const [, f] = shape2d(ap);
    if (f !== undefined && f !== 1) {
      this.error(e.span, `${what} of ${opcode} must be a number, a register or a [P, 1] tensor; '${ap.text}' has ${f} columns`);
      return undefined;
    }
    return { kind: 'tensor', ap };
  }

  attributes(s: ast.InstructionStmt, specs: Record<string, AttrSpec>): ReadonlyMap<string, AttrValue> | undefined {
    if (s.attrs.length === 0 && !Object.values(specs).some((spec) => spec.required)) return NO_ATTRIBUTES;
    const out = new Map<string, AttrValue>();
    let ok = true;
    for (const a of s.attrs) {
      const spec = specs[a.name];
      if (!spec && (a.name === 'mask' || a.name === 'engine')) {
        this.error(a.nameSpan, a.name === 'mask' ? noMask(s.opcode) : singleEngineMessage(s.opcode));
        ok = false;
        continue;
      }
      if (!spec) {
        const names = Object.keys(specs);
        const hint = suggest(a.name, names);
        this.error(a.nameSpan, `${s.opcode} has no attribute '${a.name}'${hint ? `; did you mean '${hint}'?` : names.length ? ` (its attributes: ${names.join(', ')})` : ''}`);
        ok = false;
        continue;
      }
      if (out.has(a.name)) {
        this.error(a.nameSpan, `attribute '${a.name}' is given twice`);
        ok = false;
        continue;
      }
      // The mask names the destination's indices: checked once the destination is (check, withMask).
      if (spec.kind === 'mask') continue;
      const value = this.attribute(s.opcode, a, spec);
      if (value) out.set(a.name, value);
      else ok = false;
    }
    for (const name in specs) {
      const spec = specs[name];
      if (spec.required && !out.has(name) && ok) {
        this.error(s.span, `${s.opcode} needs the attribute '${name} = ...'${spec.words ? ` (one of ${spec.words.join(', ')})` : ''}`);
        ok = false;
      }
    }
    return ok ? out : undefined;
  }

  private attribute(opcode: string, a: ast.Attribute, spec: AttrSpec): AttrValue | undefined {
    if (spec.kind === 'word') {
      const word = a.value.kind === 'name' ? a.value.name : undefined;
      const engine = a.name === 'engine' && word ? engineOfWord(word) : undefined;
      if (engine && !spec.words?.includes(word!)) {
        this.error(a.value.span, notAnEngineOf(opcode, engine));
        return undefined;
      }
      if (!word || !spec.words?.includes(word)) {
        const written = this.module.textOf(a.value.span);
        const hint = suggest(written, spec.words ?? []);
        this.error(a.value.span, `'${written}' is not a valid ${a.name} for ${opcode}${hint ? `; did you mean '${hint}'?` : ''} (one of ${spec.words?.join(', ')})`);
        return undefined;
      }
      return { kind: 'word', word, span: a.value.span };
    }
    if (spec.kind === 'column') return this.columnAttribute(opcode, a);
    if (spec.kind === 'tile') return this.tileAttribute(opcode, a);
    const operand = spec.kind === 'scalar'
      ? this.scalarOperand(a.value, `the attribute '${a.name}'`)
      : this.scalarOrColumn(a.value, opcode, `the attribute '${a.name}'`);
    return operand && { kind: 'operand', operand };
  }

  private tileAttribute(opcode: string, a: ast.Attribute): AttrValue | undefined {
    const what = `the attribute '${a.name}' of ${opcode}`;
    if (!isTensorExpr(a.value, this.resolver, this.module, this.scope)) {
      this.error(a.value.span, `${what} must be a tensor in SBUF, which ${opcode} writes`);
      return undefined;
    }
    const ap = this.tensor(a.value, opcode, what, ['sbuf']);
    return ap && { kind: 'operand', operand: { kind: 'tensor', ap } };
  }

  private columnAttribute(opcode: string, a: ast.Attribute): AttrValue | undefined {
    const what = `the attribute '${a.name}' of ${opcode}`;
    if (!isTensorExpr(a.value, this.resolver, this.module, this.scope)) {
      this.error(a.value.span, `${what} must be a [P, 1] tensor in SBUF or PSUM: it receives a value per partition`);
      return undefined;
    }
    const ap = this.tensor(a.value, opcode, what, ON_CHIP);
    if (!ap) return undefined;
    const [, f] = shape2d(ap);
    if (f !== undefined && f !== 1) {
      this.error(a.value.span, `${what} must be a [P, 1] tensor: it receives a value per partition, but '${ap.text}' has ${f} columns`);
      return undefined;
    }
    return { kind: 'operand', operand: { kind: 'tensor', ap } };
  }

  /** Two shapes that must be equal; compares the dimensions known before the run. */
  sameShape(a: AccessPattern, b: AccessPattern, opcode: string, span: Span): boolean {
    const [ap, af] = shape2d(a);
    const [bp, bf] = shape2d(b);
    if ((ap !== undefined && bp !== undefined && ap !== bp) || (af !== undefined && bf !== undefined && af !== bf)) {
      const free = a.shape.length > 2 || b.shape.length > 2 ? ' (free dimensions count together: the same partitions and elements per partition)' : '';
      this.error(span, `${opcode}: '${a.text}' is ${showShape(a)} but '${b.text}' is ${showShape(b)}; the shapes must be equal${free}`);
      return false;
    }
    return true;
  }

  /** An expression of the evaluate language; a string only where one is allowed (Print, the message of Assert). */
  evalOperand(e: ast.Expr, allowString = false): Operand | undefined {
    if (e.kind === 'string' && allowString) return { kind: 'string', value: e.value, span: e.span };
    if (!checkEvalExpr(e, this.resolver, this.module, this.scope)) return undefined;
    return { kind: 'eval', expr: e, text: this.module.textOf(e.span), span: e.span };
  }

  registerDst(e: ast.Expr, opcode: string): Operand | undefined {
    const index = e.kind === 'name' ? registerIndex(e.name) : undefined;
    if (index === undefined) {
      this.error(e.span, `the destination of ${opcode} must be a register r0..r15`);
      return undefined;
    }
    return { kind: 'register', index, span: e.span };
  }

  /** A copy into or out of a packed dtype moves bits: from or to its own dtype or the unsigned integer of its width. */
  copiesPackedBits(s: ast.InstructionStmt, dst: AccessPattern, src: AccessPattern): boolean {
    const problem = packedCopyProblem(s.opcode, dst.dtype, src.dtype);
    if (problem) this.error(s.span, problem);
    return problem === undefined;
  }

  /**
   * The ALU operators of an instruction fit it: `binary` names the attributes whose operator combines two values
   * (a unary one there is refused), and the bit operators need integer data.
   */
  aluOpsFit(s: ast.InstructionStmt, attrs: ReadonlyMap<string, AttrValue>, binary: readonly string[], data: AccessPattern): boolean {
    for (const [name, v] of attrs) {
      if (v.kind !== 'word' || !(ALU_OPS as readonly string[]).includes(v.word)) continue;
      const op = v.word as AluOp;
      if (binary.includes(name) && UNARY_ALU_OPS.has(op)) {
        this.error(v.span, `'${op}' takes one operand, but ${name} of ${s.opcode} combines two; apply it with TensorScalar dst <- a, op = ${op}`);
        return false;
      }
      if (BIT_ALU_OPS.has(op) && !dtypeInfo(data.dtype).isInteger) {
        this.error(v.span, `'${op}' works on the bits of integers, but '${data.text}' is ${data.dtype}; bit operators need integer data`);
        return false;
      }
    }
    return true;
  }

  /**
   * TensorScalar's steps: each operator with its scalar, a unary one without; a step's scalar or reversal without
   * its operator is refused.
   */
  scalarsFitOps(s: ast.InstructionStmt, attrs: ReadonlyMap<string, AttrValue>, steps: readonly [string, string, string][]): boolean {
    for (const [opName, scalarName, reverseName] of steps) {
      const op = attrs.get(opName);
      const word = op?.kind === 'word' ? (op.word as AluOp) : undefined;
      const unary = word !== undefined && UNARY_ALU_OPS.has(word);
      if (word === undefined && (attrs.has(scalarName) || attrs.has(reverseName))) {
        this.error(s.span, `${s.opcode}: '${scalarName}' and '${reverseName}' belong to '${opName}', which is not given`);
        return false;
      }
      if (word !== undefined && unary && attrs.has(scalarName)) {
        this.error(s.span, `${s.opcode}: '${word}' takes one operand, so '${opName} = ${word}' has no '${scalarName}'`);
        return false;
      }
      if (word !== undefined && !unary && !attrs.has(scalarName)) {
        this.error(s.span, `${s.opcode}: '${opName} = ${word}' needs its operand '${scalarName} = ...' (a number, a register or a [P, 1] tensor)`);
        return false;
      }
    }
    return true;
  }

  /**
   * [K, M] of the stationary and [K, N] of the moving operand of a MatMult: the partitions and the free elements, or
   * (free dimensions together), or in double-row mode the partitions and the size after the pair ([K, 2, M]).
   */
  matMultShapes(s: ast.InstructionStmt, st: AccessPattern, mv: AccessPattern, attrs: ReadonlyMap<string, AttrValue>): [Shape2, Shape2] | undefined {
    const mode = attrs.get('perf_mode');
    if (mode?.kind !== 'word' || mode.word !== 'double_row') return [shape2d(st), shape2d(mv)];
    const problem = doubleRowDtypeProblem('stationary operand', st) ?? doubleRowDtypeProblem('moving operand', mv) ?? mixedE4M3Problem(st, mv);
    if (problem) {
      this.error(s.span, problem);
      return undefined;
    }
    const a = doubleRowShape('stationary operand', st);
    const b = doubleRowShape('moving operand', mv);
    for (const [shape, ap] of [[a, st], [b, mv]] as const) {
      if (typeof shape === 'string') {
        this.error(ap.span, shape);
        return undefined;
      }
    }
    return [a as Shape2, b as Shape2];
  }

  /**
   * A MatMult's destination within one PSUM bank of each partition, where its columns are known before the run (an
   * allocation of this function, constant column bounds): the run would fault with `bank-crossing`.
   */
  withinOneBank(dst: AccessPattern): boolean {
    const t = dst.tensor;
    if (t.kind !== 'alloc' || t.shape.length !== 2) return true;
    const cols = dst.shape[dst.shape.length - 1];
    const item = dst.items[1];
    const start = !item ? 0 : item.kind === 'at' ? constantOf(item.index) : constantOf(item.lo);
    const step = item?.kind === 'slice' ? constantOf(item.step) : 1;
    if (start === undefined || step === undefined || cols === undefined || cols === 0) return true;
    const bytes = dtypeInfo(t.dtype).bytes;
    const first = t.placement.offset + start * bytes;
    const last = t.placement.offset + (start + (cols - 1) * step) * bytes + bytes - 1;
    const [b0, b1] = [Math.floor(first / PSUM_BANK_BYTES), Math.floor(last / PSUM_BANK_BYTES)];
    if (b0 === b1) return true;
    this.error(dst.span, `MatMult writes '${dst.text}' across PSUM banks ${b0} and ${b1} (bytes ${first}..${last} of each partition of its function's PSUM; a bank holds ${PSUM_BANK_BYTES} bytes, ${PSUM_BANK_BYTES / bytes} ${t.dtype} values): a matmul writes within one bank, so split it at column ${(b0 + 1) * PSUM_BANK_BYTES / bytes - t.placement.offset / bytes} of '${t.name}'`);
    return false;
  }

  /**
   * TensorScalar's reduction (NKI tensor_scalar_reduce): `reduce_op` and `reduce_res` together, after one arithmetic
   * operator ("only one operator is supported in this API ... op0 can only be arithmetic").
   */
  scalarReduceFits(s: ast.InstructionStmt, attrs: ReadonlyMap<string, AttrValue>): boolean {
    const [op, res] = [attrs.has('reduce_op'), attrs.has('reduce_res')];
    if (!op && !res) return true;
    const refuse = (message: string): boolean => {
      this.error(s.span, `TensorScalar: ${message} (NKI tensor_scalar_reduce)`);
      return false;
    };
    if (!res) return refuse("'reduce_op' reduces each row into 'reduce_res = t', a [P, 1] tensor, which is not given");
    if (!op) return refuse("'reduce_res' needs the reduction: 'reduce_op = add', 'mul', 'max' or 'min'");
    if (attrs.has('op1')) return refuse('a reduction follows one operator: op1 cannot be given with reduce_res');
    const first = attrs.get('op');
    if (first?.kind === 'word' && BIT_ALU_OPS.has(first.word as AluOp)) return refuse(`a reduction follows an arithmetic operator, not the bit operator '${first.word}'`);
    return true;
  }

  /** TensorTensor with a [P, 1] operand beside wider data: what the user meant is TensorScalar or a broadcast. */
  notAColumn(s: ast.InstructionStmt, a: AccessPattern, b: AccessPattern, attrs: ReadonlyMap<string, AttrValue>): boolean {
    const [ap, af] = shape2d(a);
    const [bp, bf] = shape2d(b);
    if (af === undefined || bf === undefined || af === bf || (af !== 1 && bf !== 1) || (ap !== undefined && bp !== undefined && ap !== bp)) return true;
    const [col, data, cols] = bf === 1 ? [b, a, af] : [a, b, bf];
    const op = attrs.get('op');
    const word = op?.kind === 'word' ? op.word : 'add';
    const reverse = col === a ? ', reverse = true' : '';
    this.error(s.span, `${s.opcode}: '${col.text}' is ${showShape(col)}, one value per partition, but '${data.text}' is ${showShape(data)}; to apply it along the free dimension use TensorScalar dst <- ${data.text}, op = ${word}, scalar = ${col.text}${reverse}, or broadcast it: ${col.text}.bcast(${cols})`);
    return false;
  }

  /** A [P, 1] attribute must have the partitions of the data it scales. */
  columnsMatch(src: AccessPattern, attrs: ReadonlyMap<string, AttrValue>, names: readonly string[], s: ast.InstructionStmt): boolean {
    const [p] = shape2d(src);
    for (const name of names) {
      const v = attrs.get(name);
      if (v?.kind === 'operand' && v.operand.kind === 'tensor') {
        const [cp] = shape2d(v.operand.ap);
        if (p !== undefined && cp !== undefined && p !== cp) {
          this.error(s.span, `${s.opcode}: '${name}' '${v.operand.ap.text}' has ${cp} partitions but the data has ${p}`);
          return false;
        }
      }
    }
    return true;
  }
}

/**
 * [partitions, free] of an on-chip view: a view that dropped the partition dimension is one partition; the free
 * dimensions count together (an engine streams them in row-major order, as the hardware's access patterns do).
 */
type Shape2 = [number | undefined, number | undefined];

export function shape2d(ap: AccessPattern): Shape2 {
  const s = ap.shape;
  if (s.length === 0) return [1, 1];
  if (s.length === 1) return [1, s[0]];
  let free: number | undefined = 1;
  for (let d = 1; d < s.length; d++) free = free === undefined || s[d] === undefined ? undefined : free * s[d]!;
  return [s[0], free];
}

/**
 * The free elements a TensorReduce may keep of a view: the product of its leading free dimensions, for each count of
 * them (reducing the last free dimensions, as NKI's tensor_reduce requires of its axes); undefined when unknown.
 */
function keptByReduce(src: AccessPattern): number[] | undefined {
  const s = src.shape;
  const out = [1];
  let n = 1;
  for (let d = 1; d < s.length - 1; d++) {
    if (s[d] === undefined) return undefined;
    n *= s[d]!;
    out.push(n);
  }
  return out;
}

/** A partition dimension and up to 4 free dimensions: what the hardware's access patterns address. */
export const MAX_ON_CHIP_RANK = 5;

export function showShape(ap: AccessPattern): string {
  return `[${ap.shape.map((d) => d ?? '?').join(', ')}]`;
}

type Rule = (this: InstructionChecker, s: ast.InstructionStmt) => CheckedInstruction | undefined;

// The attributes of each opcode, made once rather than at every instruction.
const NONE: Record<string, AttrSpec> = {};
const MASK: AttrSpec = { kind: 'mask' };
const MASK_ONLY: Record<string, AttrSpec> = { mask: MASK };
const IOTA: Record<string, AttrSpec> = { base: { kind: 'scalar' }, pstep: { kind: 'scalar' }, fstep: { kind: 'scalar' }, mask: MASK };
const MATMULT: Record<string, AttrSpec> = { accumulate: { kind: 'scalar' }, perf_mode: { kind: 'word', words: PERF_MODES }, mask: MASK };
const MATMULT_MX: Record<string, AttrSpec> = { accumulate: { kind: 'scalar' } };
const QUANTIZE_MX: Record<string, AttrSpec> = { dst_scale: { kind: 'tile', required: true } };
const ACTIVATION: Record<string, AttrSpec> = {
  func: { kind: 'word', words: ACTIVATION_FUNCTIONS },
  scale: { kind: 'scalar-or-column' },
  bias: { kind: 'scalar-or-column' },
  reduce_op: { kind: 'word', words: ['add'] },
  reduce_res: { kind: 'column' },
  mask: MASK,
};
const TENSOR_COPY: Record<string, AttrSpec> = { mask: MASK, engine: engineAttribute('TensorCopy') };
const MEMSET: Record<string, AttrSpec> = { mask: MASK, engine: engineAttribute('Memset') };
const TRANSPOSE: Record<string, AttrSpec> = { engine: engineAttribute('Transpose') };
const TENSOR_TENSOR: Record<string, AttrSpec> = { op: { kind: 'word', words: ALU_OPS, required: true }, mask: MASK, engine: engineAttribute('TensorTensor') };
const TENSOR_SCALAR: Record<string, AttrSpec> = {
  op: { kind: 'word', words: ALU_OPS, required: true },
  scalar: { kind: 'scalar-or-column' },
  reverse: { kind: 'scalar' },
  op1: { kind: 'word', words: ALU_OPS },
  scalar1: { kind: 'scalar-or-column' },
  reverse1: { kind: 'scalar' },
  reduce_op: { kind: 'word', words: REDUCE_OPS },
  reduce_res: { kind: 'column' },
  mask: MASK,
  engine: engineAttribute('TensorScalar'),
};
const SCALAR_TENSOR_TENSOR: Record<string, AttrSpec> = {
  op: { kind: 'word', words: ALU_OPS, required: true },
  scalar: { kind: 'scalar-or-column', required: true },
  reverse: { kind: 'scalar' },
  op1: { kind: 'word', words: ALU_OPS, required: true },
  reverse1: { kind: 'scalar' },
  mask: MASK,
};
const TENSOR_TENSOR_SCAN: Record<string, AttrSpec> = {
  initial: { kind: 'scalar-or-column', required: true },
  op: { kind: 'word', words: ALU_OPS, required: true },
  op1: { kind: 'word', words: ALU_OPS, required: true },
  reverse: { kind: 'scalar' },
  reverse1: { kind: 'scalar' },
  mask: MASK,
};
const TENSOR_REDUCE: Record<string, AttrSpec> = { op: { kind: 'word', words: REDUCE_OPS, required: true }, negate: { kind: 'scalar' }, mask: MASK };
const SCAN_COLUMNS = ['initial'];
const STT_COLUMNS = ['scalar'];
const ASSERT_CLOSE: Record<string, AttrSpec> = { atol: { kind: 'scalar' }, rtol: { kind: 'scalar' } };
const ACTIVATION_COLUMNS = ['scale', 'bias', 'reduce_res'];
const TENSOR_SCALAR_COLUMNS = ['scalar', 'scalar1', 'reduce_res'];

const RULES: Record<InstructionOpcode, Rule> = {
  DmaCopy(s) {
    if (!this.arity(s, true, 1, 'DmaCopy dst <- src')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ANY_MEMORY);
    const src = this.tensor(s.operands[0], s.opcode, 'source', ANY_MEMORY);
    const attrs = this.attributes(s, MASK_ONLY);
    if (!dst || !src || !attrs || !this.copiesPackedBits(s, dst, src)) return undefined;
    const a = squeezed(dst);
    const b = squeezed(src);
    if (a.every((d) => d !== undefined) && b.every((d) => d !== undefined) && a.join(',') !== b.join(',')) {
      this.error(s.span, `DmaCopy: the destination '${dst.text}' is ${showShape(dst)} but the source '${src.text}' is ${showShape(src)}; they must have the same shape (dimensions of size 1 aside)`);
      return undefined;
    }
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: src }], attrs };
  },

  TensorCopy(s) {
    if (!this.arity(s, true, 1, 'TensorCopy dst <- src')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ON_CHIP);
    const src = this.tensor(s.operands[0], s.opcode, 'source', ON_CHIP);
    const attrs = this.attributes(s, TENSOR_COPY);
    if (!dst || !src || !attrs || !this.sameShape(dst, src, s.opcode, s.span) || !this.copiesPackedBits(s, dst, src)) return undefined;
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: src }], attrs };
  },

  Memset(s) {
    if (!this.arity(s, true, 1, 'Memset dst <- value')) return undefined;
    const dst = this.tensorOperand(s.dst!, s.opcode, 'destination', ON_CHIP);
    const value = this.scalarOperand(s.operands[0], 'the value of Memset');
    const attrs = this.attributes(s, MEMSET);
    return dst && value && attrs && { dst, srcs: [value], attrs };
  },

  Iota(s) {
    if (!this.arity(s, true, 0, 'Iota dst <- base = 0, pstep = 0, fstep = 1')) return undefined;
    const dst = this.tensorOperand(s.dst!, s.opcode, 'destination', ON_CHIP);
    const attrs = this.attributes(s, IOTA);
    return dst && attrs && { dst, srcs: [], attrs };
  },

  MatMult(s) {
    if (!this.arity(s, true, 2, 'MatMult dst <- stationary, moving, accumulate = false')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ['psum']);
    const st = this.tensor(s.operands[0], s.opcode, 'stationary operand', ['sbuf']);
    const mv = this.tensor(s.operands[1], s.opcode, 'moving operand', ['sbuf']);
    const attrs = this.attributes(s, MATMULT);
    if (!dst || !st || !mv || !attrs) return undefined;
    if (dst.dtype !== 'f32') {
      this.error(s.dst!.span, `MatMult accumulates in f32: the destination '${dst.text}' must be f32, not ${dst.dtype}`);
      return undefined;
    }
    const shapes = this.matMultShapes(s, st, mv, attrs);
    if (!shapes) return undefined;
    const [[k1, m], [k2, n]] = shapes;
    const [dm, dn] = shape2d(dst);
    const checks: [number | undefined, number | undefined, string][] = [
      [k1, k2, `the contraction sizes differ: stationary '${st.text}' has K = ${k1} partitions, moving '${mv.text}' has K = ${k2}`],
      [dm, m, `the destination '${dst.text}' has ${dm} partitions but the stationary operand has M = ${m} columns`],
      [dn, n, `the destination '${dst.text}' has ${dn} columns but the moving operand has N = ${n} columns`],
    ];
    for (const [a, b, msg] of checks) {
      if (a !== undefined && b !== undefined && a !== b) {
        this.error(s.span, `MatMult: ${msg}`);
        return undefined;
      }
    }
    const limits: [number | undefined, number, string][] = [[k1, MATMUL_MAX_K, 'K'], [m, MATMUL_MAX_M, 'M'], [n, MATMUL_MAX_N, 'N']];
    for (const [v, max, name] of limits) {
      if (v !== undefined && v > max) {
        this.error(s.span, `MatMult: ${name} = ${v} exceeds the tensor engine's limit of ${max}`);
        return undefined;
      }
    }
    if (!this.withinOneBank(dst)) return undefined;
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: st }, { kind: 'tensor', ap: mv }], attrs };
  },

  MatMultMX(s) {
    if (!this.arity(s, true, 4, 'MatMultMX dst <- stationary, moving, stationary_scale, moving_scale, accumulate = false')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ['psum']);
    const st = this.tensor(s.operands[0], s.opcode, 'stationary operand', ['sbuf']);
    const mv = this.tensor(s.operands[1], s.opcode, 'moving operand', ['sbuf']);
    const ss = this.tensor(s.operands[2], s.opcode, 'stationary scale', ['sbuf']);
    const ms = this.tensor(s.operands[3], s.opcode, 'moving scale', ['sbuf']);
    const attrs = this.attributes(s, MATMULT_MX);
    if (!dst || !st || !mv || !ss || !ms || !attrs) return undefined;
    const problem = mxDtypeProblem(dst, st, mv, ss, ms) ?? mxShapeProblem(dst, st, mv, ss, ms);
    if (problem) {
      this.error(s.span, problem);
      return undefined;
    }
    return { dst: { kind: 'tensor', ap: dst }, srcs: [st, mv, ss, ms].map((ap) => ({ kind: 'tensor', ap }) satisfies Operand), attrs };
  },

  QuantizeMX(s) {
    if (!this.arity(s, true, 1, 'QuantizeMX dst <- src, dst_scale = scales')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ['sbuf']);
    const src = this.tensor(s.operands[0], s.opcode, 'source', ['sbuf']);
    const attrs = this.attributes(s, QUANTIZE_MX);
    const scale = attrs?.get('dst_scale');
    if (!dst || !src || scale?.kind !== 'operand' || scale.operand.kind !== 'tensor') return undefined;
    const problem = quantizeMxProblem(dst, src, scale.operand.ap);
    if (problem) {
      this.error(s.span, problem);
      return undefined;
    }
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: src }], attrs: attrs! };
  },

  Transpose(s) {
    if (!this.arity(s, true, 1, 'Transpose dst <- src')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ['psum']);
    const src = this.tensor(s.operands[0], s.opcode, 'source', ['sbuf']);
    const attrs = this.attributes(s, TRANSPOSE);
    if (!dst || !src || !attrs) return undefined;
    const [p, f] = shape2d(src);
    const [dp, df] = shape2d(dst);
    if ((dp !== undefined && f !== undefined && dp !== f) || (df !== undefined && p !== undefined && df !== p)) {
      this.error(s.span, `Transpose: the source '${src.text}' is ${showShape(src)}, so the destination must be [${f ?? '?'}, ${p ?? '?'}], but '${dst.text}' is ${showShape(dst)}`);
      return undefined;
    }
    if (f !== undefined && f > PARTITIONS) {
      this.error(s.span, `Transpose: the source has ${f} columns; they become partitions, at most ${PARTITIONS}`);
      return undefined;
    }
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: src }], attrs };
  },

  Activation(s) {
    if (!this.arity(s, true, 1, 'Activation dst <- src, func = relu, scale = 1, bias = 0, reduce_res = sums')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ON_CHIP);
    const src = this.tensor(s.operands[0], s.opcode, 'source', ON_CHIP);
    const attrs = this.attributes(s, ACTIVATION);
    if (!dst || !src || !attrs || !this.sameShape(dst, src, s.opcode, s.span)) return undefined;
    if (!this.columnsMatch(src, attrs, ACTIVATION_COLUMNS, s)) return undefined;
    if (attrs.has('reduce_op') && !attrs.has('reduce_res')) {
      this.error(s.span, "Activation: 'reduce_op' reduces into 'reduce_res = t', a [P, 1] tensor for the row sums, which is not given");
      return undefined;
    }
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: src }], attrs };
  },

  TensorTensor(s) {
    if (!this.arity(s, true, 2, 'TensorTensor dst <- a, b, op = add')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ON_CHIP);
    const a = this.tensor(s.operands[0], s.opcode, 'first operand', ON_CHIP);
    const b = this.tensor(s.operands[1], s.opcode, 'second operand', ON_CHIP);
    const attrs = this.attributes(s, TENSOR_TENSOR);
    if (!dst || !a || !b || !attrs || !this.aluOpsFit(s, attrs, ['op'], a) || !this.notAColumn(s, a, b, attrs)) return undefined;
    if (!this.sameShape(dst, a, s.opcode, s.span) || !this.sameShape(a, b, s.opcode, s.span)) return undefined;
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: a }, { kind: 'tensor', ap: b }], attrs };
  },

  TensorScalar(s) {
    if (!this.arity(s, true, 1, 'TensorScalar dst <- a, op = mul, scalar = 2')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ON_CHIP);
    const a = this.tensor(s.operands[0], s.opcode, 'operand', ON_CHIP);
    const attrs = this.attributes(s, TENSOR_SCALAR);
    if (!dst || !a || !attrs || !this.sameShape(dst, a, s.opcode, s.span) || !this.aluOpsFit(s, attrs, [], a)) return undefined;
    if (!this.scalarsFitOps(s, attrs, [['op', 'scalar', 'reverse'], ['op1', 'scalar1', 'reverse1']])) return undefined;
    if (!this.columnsMatch(a, attrs, TENSOR_SCALAR_COLUMNS, s) || !this.scalarReduceFits(s, attrs)) return undefined;
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: a }], attrs };
  },

  ScalarTensorTensor(s) {
    if (!this.arity(s, true, 2, 'ScalarTensorTensor dst <- a, b, op = mul, scalar = 2, op1 = add')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ON_CHIP);
    const a = this.tensor(s.operands[0], s.opcode, 'data', ON_CHIP);
    const b = this.tensor(s.operands[1], s.opcode, 'second operand', ON_CHIP);
    const attrs = this.attributes(s, SCALAR_TENSOR_TENSOR);
    if (!dst || !a || !b || !attrs || !this.aluOpsFit(s, attrs, ['op', 'op1'], a)) return undefined;
    if (!this.sameShape(dst, a, s.opcode, s.span) || !this.sameShape(a, b, s.opcode, s.span)) return undefined;
    if (!this.columnsMatch(a, attrs, STT_COLUMNS, s)) return undefined;
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: a }, { kind: 'tensor', ap: b }], attrs };
  },

  TensorReduce(s) {
    if (!this.arity(s, true, 1, 'TensorReduce dst <- src, op = add')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ON_CHIP);
    const src = this.tensor(s.operands[0], s.opcode, 'source', ON_CHIP);
    const attrs = this.attributes(s, TENSOR_REDUCE);
    if (!dst || !src || !attrs) return undefined;
    const [dp, df] = shape2d(dst);
    const [p] = shape2d(src);
    const kept = keptByReduce(src);
    if ((df !== undefined && kept !== undefined && !kept.includes(df)) || (dp !== undefined && p !== undefined && dp !== p)) {
      const shapes = (kept ?? [1]).map((n) => `[${p ?? '?'}, ${n}]`).join(' or ');
      const along = (kept ?? [1]).length > 1 ? 'the last free dimensions' : 'the free dimension';
      this.error(s.span, `TensorReduce reduces along ${along}: for '${src.text}' ${showShape(src)} the destination must be ${shapes}, but '${dst.text}' is ${showShape(dst)}`);
      return undefined;
    }
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: src }], attrs };
  },

  TensorTensorScan(s) {
    if (!this.arity(s, true, 2, 'TensorTensorScan dst <- a, b, initial = 0, op = mul, op1 = add')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ON_CHIP);
    const a = this.tensor(s.operands[0], s.opcode, 'first operand', ON_CHIP);
    const b = this.tensor(s.operands[1], s.opcode, 'second operand', ON_CHIP);
    const attrs = this.attributes(s, TENSOR_TENSOR_SCAN);
    if (!dst || !a || !b || !attrs || !this.aluOpsFit(s, attrs, ['op', 'op1'], a)) return undefined;
    if (!this.sameShape(dst, a, s.opcode, s.span) || !this.sameShape(a, b, s.opcode, s.span)) return undefined;
    if (!this.columnsMatch(a, attrs, SCAN_COLUMNS, s)) return undefined;
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: a }, { kind: 'tensor', ap: b }], attrs };
  },

  Select(s) {
    if (!this.arity(s, true, 3, 'Select dst <- cond, a, b')) return undefined;
    const dst = this.tensor(s.dst!, s.opcode, 'destination', ON_CHIP);
    const cond = this.tensor(s.operands[0], s.opcode, 'condition', ON_CHIP);
    const attrs = this.attributes(s, MASK_ONLY);
    if (!dst || !cond || !attrs || !this.sameShape(dst, cond, s.opcode, s.span)) return undefined;
    const picks: Operand[] = [];
    for (const e of s.operands.slice(1)) {
      const o = isTensorExpr(e, this.resolver, this.module, this.scope)
        ? this.tensorOperand(e, s.opcode, 'choice', ON_CHIP)
        : this.scalarOperand(e, 'a choice of Select');
      if (!o || (o.kind === 'tensor' && !this.sameShape(dst, o.ap, s.opcode, s.span))) return undefined;
      picks.push(o);
    }
    return { dst: { kind: 'tensor', ap: dst }, srcs: [{ kind: 'tensor', ap: cond }, ...picks], attrs };
  },

  Load(s) {
    if (!this.arity(s, true, 1, 'Load r1 <- t[3, 7]')) return undefined;
    const dst = this.registerDst(s.dst!, s.opcode);
    const src = this.tensor(s.operands[0], s.opcode, 'source', ANY_MEMORY);
    const attrs = this.attributes(s, NONE);
    if (!dst || !src || !attrs) return undefined;
    if (src.shape.some((d) => d !== undefined && d !== 1)) {
      this.error(s.operands[0].span, `Load reads one element, but '${src.text}' is ${showShape(src)}`);
      return undefined;
    }
    return { dst, srcs: [{ kind: 'tensor', ap: src }], attrs };
  },

  Barrier(s) {
    if (!this.arity(s, false, 0, 'Barrier')) return undefined;
    const attrs = this.attributes(s, NONE);
    return attrs && { srcs: [], attrs };
  },

  Print(s) {
    if (s.dst) {
      this.error(s.dst.span, 'Print has no destination: Print "text", operands...');
      return undefined;
    }
    const attrs = this.attributes(s, NONE);
    const srcs = s.operands.map((e) => this.evalOperand(e, true));
    if (!attrs || srcs.some((o) => !o)) return undefined;
    return { srcs: srcs as Operand[], attrs };
  },

  Assert(s) {
    if (s.dst || s.operands.length < 1 || s.operands.length > 2 || (s.operands.length === 2 && s.operands[1].kind !== 'string')) {
      this.error(s.span, 'Assert takes a condition and an optional message: Assert r0 < 4, "message"');
      return undefined;
    }
    const cond = this.evalOperand(s.operands[0]);
    const attrs = this.attributes(s, NONE);
    const message = s.operands[1] && this.evalOperand(s.operands[1], true);
    if (!cond || !attrs) return undefined;
    return { srcs: message ? [cond, message] : [cond], attrs };
  },

  'Assert.close'(s) {
    if (s.dst || s.operands.length < 2 || s.operands.length > 3 || (s.operands.length === 3 && s.operands[2].kind !== 'string')) {
      this.error(s.span, 'Assert.close takes two tensors and an optional message: Assert.close a, b, atol = 1e-5, rtol = 1e-3, "message"');
      return undefined;
    }
    const attrs = this.attributes(s, ASSERT_CLOSE);
    const srcs = s.operands.map((e, i) => this.evalOperand(e, i === 2));
    if (!attrs || srcs.some((o) => !o)) return undefined;
    return { srcs: srcs as Operand[], attrs };
  },
};

function constantOf(e: ScalarExpr): number | undefined {
  return e.kind === 'const' ? e.value : undefined;
}

/** The known dimensions other than 1; undefined where a dimension depends on registers. */
function squeezed(ap: AccessPattern): (number | undefined)[] {
  return ap.shape.filter((d) => d !== 1);
}

/** Every instruction opcode's attributes, as the checker reads them: what the editor completes and documents. */
export const ATTRIBUTES: Readonly<Record<InstructionOpcode, Readonly<Record<string, AttrSpec>>>> = {
  DmaCopy: MASK_ONLY, TensorCopy: TENSOR_COPY, Memset: MEMSET, Iota: IOTA, MatMult: MATMULT, MatMultMX: MATMULT_MX, Transpose: TRANSPOSE, Activation: ACTIVATION,
  TensorTensor: TENSOR_TENSOR, TensorScalar: TENSOR_SCALAR, ScalarTensorTensor: SCALAR_TENSOR_TENSOR, TensorReduce: TENSOR_REDUCE,
  TensorTensorScan: TENSOR_TENSOR_SCAN, Select: MASK_ONLY, QuantizeMX: QUANTIZE_MX, Load: NONE, Barrier: NONE, Print: NONE, Assert: NONE, 'Assert.close': ASSERT_CLOSE,
};

/** Whether a view gives several of its positions one element: `.bcast(n)` or `.broadcast(dim, size)`. */
function repeats(ap: AccessPattern): boolean {
  return ap.bcast !== undefined || (ap.steps?.some((s) => s.kind === 'broadcast' && s.size > 1) ?? false);
}
