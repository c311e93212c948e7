/** The meaning of scalar expressions over registers (64-bit floats), shared by constant folding and the run loops. */
import { BinaryOp } from '../base/expr';
import { pow } from '../base/math';
import { ScalarExpr, ScalarFunction } from './program';

/** `%` takes the sign of the divisor (as in Python), so `r0 % 4` is never negative for a positive 4. */
export function applyBinary(op: BinaryOp, a: number, b: number): number {
  switch (op) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': return a / b;
    case '%': return a - b * Math.floor(a / b);
    // base/math's pow, not `**`: the same bits on every host.
    case '**': return pow(a, b);
    case '==': return a === b ? 1 : 0;
    case '!=': return a !== b ? 1 : 0;
    case '<': return a < b ? 1 : 0;
    case '<=': return a <= b ? 1 : 0;
    case '>': return a > b ? 1 : 0;
    case '>=': return a >= b ? 1 : 0;
    case '&&': return a !== 0 && b !== 0 ? 1 : 0;
    case '||': return a !== 0 || b !== 0 ? 1 : 0;
  }
}

export function applyUnary(op: '-' | '!', a: number): number {
  return op === '-' ? -a : a === 0 ? 1 : 0;
}

export function applyFunction(name: ScalarFunction, args: readonly number[]): number {
  switch (name) {
    case 'min': return Math.min(args[0], args[1]);
    case 'max': return Math.max(args[0], args[1]);
    case 'abs': return Math.abs(args[0]);
    case 'floor': return Math.floor(args[0]);
    case 'ceil': return Math.ceil(args[0]);
    case 'sqrt': return Math.sqrt(args[0]);
  }
}

/** The value of an expression that reads no register, or undefined when it reads one. */
export function evalScalarConst(e: ScalarExpr): number | undefined {
  switch (e.kind) {
    case 'const': return e.value;
    case 'reg':
    case 'core':
    case 'ncores':
    case 'index': return undefined;
    case 'unary': {
      const a = evalScalarConst(e.operand);
      return a === undefined ? undefined : applyUnary(e.op, a);
    }
    case 'binary': {
      const a = evalScalarConst(e.left);
      const b = evalScalarConst(e.right);
      return a === undefined || b === undefined ? undefined : applyBinary(e.op, a, b);
    }
    case 'fn': {
      const args = e.args.map(evalScalarConst);
      return args.some((a) => a === undefined) ? undefined : applyFunction(e.name, args as number[]);
    }
  }
}

/** Folds an expression whose operands are all constants. */
export function fold(e: ScalarExpr): ScalarExpr {
  const value = evalScalarConst(e);
  return value === undefined ? e : { kind: 'const', value };
}

/** `c + Σ kᵢ·xᵢ` over registers and `core`; lets the checker see that `r0*8+8 - r0*8` is 8. */
export interface LinearForm {
  readonly constant: number;
  readonly terms: ReadonlyMap<string, number>;
}

export function linearForm(e: ScalarExpr): LinearForm | undefined {
  switch (e.kind) {
    case 'const': return { constant: e.value, terms: new Map() };
    case 'reg': return { constant: 0, terms: new Map([[`r${e.index}`, 1]]) };
    case 'core':
    case 'ncores': return { constant: 0, terms: new Map([[e.kind, 1]]) };
    case 'index': return { constant: 0, terms: new Map([[`#${e.name}`, 1]]) };
    case 'unary': {
      const a = linearForm(e.operand);
      return e.op === '-' && a ? scale(a, -1) : undefined;
    }
    case 'binary': return linearBinary(e.op, linearForm(e.left), linearForm(e.right));
    case 'fn': return undefined;
  }
}

function linearBinary(op: BinaryOp, a: LinearForm | undefined, b: LinearForm | undefined): LinearForm | undefined {
  if (!a || !b) return undefined;
  if (op === '+') return add(a, b, 1);
  if (op === '-') return add(a, b, -1);
  if (op === '*' && a.terms.size === 0) return scale(b, a.constant);
  if (op === '*' && b.terms.size === 0) return scale(a, b.constant);
  return undefined;
}

function add(a: LinearForm, b: LinearForm, sign: number): LinearForm {
  const terms = new Map(a.terms);
  for (const [k, v] of b.terms) {
    const sum = (terms.get(k) ?? 0) + sign * v;
    if (sum === 0) terms.delete(k);
    else terms.set(k, sum);
  }
  return { constant: a.constant + sign * b.constant, terms };
}

function scale(a: LinearForm, k: number): LinearForm {
  if (k === 0) return { constant: 0, terms: new Map() };
  return { constant: a.constant * k, terms: new Map([...a.terms].map(([n, v]) => [n, v * k])) };
}

/** hi - lo when it does not depend on registers. */
export function constantDifference(hi: ScalarExpr, lo: ScalarExpr): number | undefined {
  // Two constants, as most slices are: their difference, without the linear forms (the same number: h + -l is h - l).
  if (hi.kind === 'const' && lo.kind === 'const') return hi.value - lo.value;
  const h = linearForm(hi);
  const l = linearForm(lo);
  if (!h || !l) return undefined;
  const d = add(h, l, -1);
  return d.terms.size === 0 ? d.constant : undefined;
}
