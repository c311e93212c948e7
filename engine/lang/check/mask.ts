/**
 * The attribute `mask = PRED` (ir/mask.ts): a conjunction (`&&`) of comparisons (`< <= > >= == !=`) between affine
 * expressions of the destination's indices (`p`, `f` or `f0`..`f3`) and scalar expressions (numbers, constants,
 * registers), as NKI builds masks from comparisons of its affine index expressions joined by `&`.
 */
import * as ast from '../ast';
import { AccessPattern, AttrValue, INDEX_NAMES, ScalarExpr } from '../../ir/program';
import { affine, COMPARE_OPS, indexNames } from '../../ir/mask';
import { InstructionOpcode } from '../../ir/opcodes';
import { FunctionScope, ModuleScope, Resolver } from './scope';

/**
 * The instructions a mask applies to: elementwise ones, whose destination element depends on the elements at its own
 * index, Iota (whose values are the indices of the whole destination, masked or not), and TensorReduce, whose mask
 * names the indices of its source, and MatMult, whose mask names the indices of its destination [M, N] (its operands
 * are cut to the kept columns), and TensorTensorScan, which scans each row over the elements the mask keeps (a box:
 * NKI lowers a masked instruction to the smaller tile it keeps, so the recurrence starts at the first kept element).
 */
export const MASKED_OPCODES: ReadonlySet<InstructionOpcode> = new Set<InstructionOpcode>([
  'TensorTensor', 'TensorScalar', 'ScalarTensorTensor', 'Select', 'TensorCopy', 'Memset', 'Iota', 'Activation', 'DmaCopy', 'TensorReduce', 'MatMult', 'TensorTensorScan',
]);

/** What an instruction that takes no mask is told. */
export function noMask(opcode: string): string {
  const names = [...MASKED_OPCODES];
  return `${opcode} takes no mask: a mask applies to ${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The operand whose indices a mask names: the source of a reduction (NKI: the input tile's axes), else the destination. */
export function maskSpaceRole(opcode: string): 'source' | 'destination' {
  return opcode === 'TensorReduce' ? 'source' : 'destination';
}

/**
 * Why an instruction needs a box mask (each comparison bounding one index), or undefined: a sum per row is of the
 * elements one run of the kernel sees, so the elements a row keeps must be one interval.
 */
export function boxOnly(opcode: string, attrs: ReadonlyMap<string, AttrValue>): string | undefined {
  if (opcode === 'TensorReduce') return 'TensorReduce reduces each row over the elements the mask keeps';
  if (opcode === 'TensorTensorScan') return 'TensorTensorScan scans each row from the first element the mask keeps';
  if (opcode === 'Activation' && attrs.has('reduce_res')) return "Activation with reduce_res sums each row over the elements the mask keeps";
  if (opcode === 'TensorScalar' && attrs.has('reduce_res')) return 'TensorScalar with reduce_res reduces each row over the elements the mask keeps';
  return undefined;
}

const FORM = 'a mask is comparisons of the destination\'s indices joined by &&, as `mask = p < r1 && f >= 8`';

/** The checked mask of an instruction whose destination is `dst`, or undefined when it has a mistake (reported). */
export function checkMask(
  a: ast.Attribute, opcode: InstructionOpcode, dst: AccessPattern, resolver: Resolver, module: ModuleScope, scope: FunctionScope, box?: string,
): AttrValue | undefined {
  const role = maskSpaceRole(opcode);
  const error = (span: ast.Expr['span'], message: string): undefined => {
    resolver.diagnostics.error(span, message);
    return undefined;
  };
  if (!MASKED_OPCODES.has(opcode)) {
    return error(a.nameSpan, noMask(opcode));
  }
  const rank = dst.shape.length;
  if (rank < 2) return error(a.nameSpan, `the ${role} '${dst.text}' has no partition dimension: a mask names the indices of [partitions, free...]; write the destination with its partition dimension`);
  const names = indexNames(rank);
  const valid = new Set<string>(names);
  const parts: ScalarExpr[] = [];
  for (const part of conjunctsOf(a.value)) {
    if (part.kind !== 'binary' || !COMPARE_OPS.includes(part.op)) return error(part.span, `'${module.textOf(part.span)}' is not a comparison: ${FORM}`);
    const unknown = foreignIndex(part, valid);
    if (unknown) return error(unknown.span, `'${unknown.name}' is not an index of the ${role} '${dst.text}' [${dst.shape.map((d) => d ?? '?').join(', ')}]: its indices are ${names.join(', ')}`);
    const left = resolver.scalar(part.left, module, scope, 'a mask', valid);
    const right = resolver.scalar(part.right, module, scope, 'a mask', valid);
    if (!left || !right) return undefined;
    for (const [side, e] of [[left, part.left], [right, part.right]] as const) {
      if (!affine(side, rank)) return error(e.span, `'${module.textOf(e.span)}' is not affine in the indices: a mask compares sums of indices times numbers (p + f, 2*f0 - p) with numbers and registers`);
    }
    const l = affine(left, rank)!;
    const r = affine(right, rank)!;
    if (l.coef.every((c, d) => c === r.coef[d])) return error(part.span, `'${module.textOf(part.span)}' compares no index: each comparison of a mask names the ${role}'s indices (${names.join(', ')}); use 'if' for a condition on registers`);
    const indices = l.coef.filter((c, d) => c !== r.coef[d]).length;
    if (box && (indices > 1 || part.op === '!=')) return error(part.span, `'${module.textOf(part.span)}' does not bound one index: ${box}, so each comparison of its mask bounds one index (<, <=, >, >=, ==), as p < r1 && f >= 8`);
    parts.push({ kind: 'binary', op: part.op, left, right, span: part.span });
  }
  const expr = parts.reduce((x, y) => ({ kind: 'binary', op: '&&', left: x, right: y, span: a.value.span }));
  return { kind: 'operand', operand: { kind: 'scalar', expr, text: module.textOf(a.value.span), span: a.value.span } };
}

/** The parts of `x && y && ...` (the whole when it is no conjunction). */
function conjunctsOf(e: ast.Expr): ast.Expr[] {
  return e.kind === 'binary' && e.op === '&&' ? [...conjunctsOf(e.left), ...conjunctsOf(e.right)] : [e];
}

/** An index name this destination does not have (`f1` of a [P, F] view, `f` of [P, F0, F1]). */
function foreignIndex(e: ast.Expr, valid: ReadonlySet<string>): ast.NameExpr | undefined {
  switch (e.kind) {
    case 'name': return (INDEX_NAMES as readonly string[]).includes(e.name) && !valid.has(e.name) ? e : undefined;
    case 'unary': return foreignIndex(e.operand, valid);
    case 'binary': return foreignIndex(e.left, valid) ?? foreignIndex(e.right, valid);
    case 'call': return e.args.map((x) => foreignIndex(x, valid)).find((x) => x);
    default: return undefined;
  }
}

/**
 * Under a mask an operand is read at the destination's indices: each tensor operand has the destination's shape (or is a
 * [P, 1] column, read at its partitions). The message when one is known to differ, else undefined.
 */
export function maskedShapeProblem(dst: AccessPattern, src: AccessPattern, role = 'destination'): string | undefined {
  const known = (ap: AccessPattern): boolean => ap.shape.every((d) => d !== undefined);
  if (!known(dst) || !known(src)) return undefined;
  const same = src.shape.length === dst.shape.length && src.shape.every((d, i) => d === dst.shape[i]);
  const column = src.shape.length >= 2 && src.shape.slice(1).every((d) => d === 1) && src.shape[0] === dst.shape[0];
  if (same || column) return undefined;
  const show = (ap: AccessPattern): string => `[${ap.shape.join(', ')}]`;
  return `under a mask, '${src.text}' ${show(src)} must have the shape of the ${role} '${dst.text}' ${show(dst)}, whose indices the mask names (reshape it: .reshape(${dst.shape.join(', ')}))`;
}
