/**
 * Masks: `mask = p < r1 && f >= 8`, a predicate over the indices of an instruction's destination (NKI's `mask=`, a
 * conjunction of comparisons of affine index expressions). The checker keeps the predicate as written, a scalar
 * expression whose `index` leaves are the destination's indices; this file reads it as comparisons
 * `Σ coef[d]·index[d]  op  rhs`, the coefficients numbers and the right side an expression of registers and constants.
 */
import { BinaryOp } from '../base/expr';
import { Span } from '../base/span';
import { evalScalarConst, fold } from './scalar';
import { IndexName, ScalarExpr } from './program';

export type CompareOp = '<' | '<=' | '>' | '>=' | '==' | '!=';
export const COMPARE_OPS: readonly string[] = ['<', '<=', '>', '>=', '==', '!='];

/** One comparison of a mask: `Σ coef[d]·index[d]  op  rhs`, dimension d of the destination view. */
export interface MaskTerm {
  readonly coef: readonly number[];
  readonly op: CompareOp;
  readonly rhs: ScalarExpr;
}

/** The dimension of the destination view an index names: `p` the first, `f` and `f0` the second, `f1` the third, ... */
export function indexDim(name: IndexName): number {
  return name === 'p' ? 0 : name === 'f' ? 1 : Number(name.slice(1)) + 1;
}

/** The names of the indices of a destination of `rank` dimensions: p, then f0.. (and f when there is one free dimension). */
export function indexNames(rank: number): IndexName[] {
  const free = Array.from({ length: rank - 1 }, (_, d) => `f${d}` as IndexName);
  return ['p', ...(rank === 2 ? ['f' as IndexName] : []), ...free];
}

/** The comparisons joined by `&&`, in the order written. */
export function conjuncts(e: ScalarExpr): ScalarExpr[] {
  return e.kind === 'binary' && e.op === '&&' ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** An expression as Σ coef[d]·index[d] + rest, or undefined when it is not affine in the indices (p*f, p/2, min(p, 4)). */
export interface Affine {
  readonly coef: number[];
  readonly rest: ScalarExpr;
}

const ZERO: ScalarExpr = { kind: 'const', value: 0 };

export function affine(e: ScalarExpr, rank: number): Affine | undefined {
  if (!hasIndex(e)) return { coef: new Array<number>(rank).fill(0), rest: e };
  switch (e.kind) {
    case 'index': {
      const coef = new Array<number>(rank).fill(0);
      coef[indexDim(e.name)] = 1;
      return { coef, rest: ZERO };
    }
    case 'unary': {
      const a = e.op === '-' ? affine(e.operand, rank) : undefined;
      return a && scaled(a, -1);
    }
    case 'binary': {
      const a = affine(e.left, rank);
      const b = affine(e.right, rank);
      if (!a || !b) return undefined;
      if (e.op === '+' || e.op === '-') return combined(a, b, e.op);
      if (e.op !== '*') return undefined;
      // A coefficient is a number: one side of the product has no index and no register.
      const ka = hasIndex(e.left) ? undefined : evalScalarConst(e.left);
      const kb = hasIndex(e.right) ? undefined : evalScalarConst(e.right);
      return ka !== undefined ? scaled(b, ka) : kb !== undefined ? scaled(a, kb) : undefined;
    }
    default: return undefined;
  }
}

export function hasIndex(e: ScalarExpr): boolean {
  switch (e.kind) {
    case 'index': return true;
    case 'unary': return hasIndex(e.operand);
    case 'binary': return hasIndex(e.left) || hasIndex(e.right);
    case 'fn': return e.args.some(hasIndex);
    default: return false;
  }
}

function scaled(a: Affine, k: number): Affine {
  return { coef: a.coef.map((c) => c * k), rest: fold({ kind: 'binary', op: '*', left: { kind: 'const', value: k }, right: a.rest, span: spanOf(a.rest) }) };
}

function combined(a: Affine, b: Affine, op: '+' | '-'): Affine {
  const sign = op === '+' ? 1 : -1;
  return { coef: a.coef.map((c, d) => c + sign * b.coef[d]), rest: fold({ kind: 'binary', op, left: a.rest, right: b.rest, span: spanOf(a.rest) }) };
}

/** A span for a generated expression (binary nodes carry one): the operand's, or none that points anywhere. */
function spanOf(e: ScalarExpr): Span {
  return e.kind === 'binary' ? e.span : NOWHERE;
}

const NOWHERE: Span = { file: '', line: 0, col: 0, endLine: 0, endCol: 0 };

/** One comparison `left op right` as a term: the indices to the left, the rest to the right. */
export function termOf(e: ScalarExpr, rank: number): MaskTerm | undefined {
  if (e.kind !== 'binary' || !COMPARE_OPS.includes(e.op)) return undefined;
  const l = affine(e.left, rank);
  const r = affine(e.right, rank);
  if (!l || !r) return undefined;
  const rhs = fold({ kind: 'binary', op: '-' as BinaryOp, left: r.rest, right: l.rest, span: e.span });
  return { coef: l.coef.map((c, d) => c - r.coef[d]), op: e.op as CompareOp, rhs };
}

/** The terms of a checked mask for a destination of `rank` dimensions. */
export function maskTerms(mask: ScalarExpr, rank: number): MaskTerm[] {
  return conjuncts(mask).map((e) => {
    const t = termOf(e, rank);
    if (!t) throw new Error('a mask that the checker did not accept');
    return t;
  });
}
