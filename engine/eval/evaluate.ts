/**
 * The evaluate language, evaluated against a scope (the selected frame, or a running instruction's frame):
 * registers, constants, tensors and access patterns, arithmetic in double precision with NumPy broadcasting,
 * comparisons, logic, reductions. It reads memory and never writes it.
 */
import * as ast from '../base/expr';
import { Span } from '../base/span';
import { suggest } from '../base/suggest';
import { describeIndex, describeSlice, indexProblem, sliceProblem } from '../ir/bounds';
import { registerIndex } from '../machine/limits';
import { permuted, reshapeStrides, unravel, View } from '../machine/view';
import { bitcastProblem, bitcastView } from '../machine/bitcast';
import { DType, isDType } from '../base/dtype';
import { EVAL_FUNCTIONS } from '../base/eval-functions';
import { DenseValue, EvalError, forEachBlock, LazyValue, materialize, readBlock, scalar, ScalarValue, shapeOf, sizeOfValue, TensorValue, unwrittenCount, Value } from './value';

export { EvalError } from './value';
export type { EvalErrorKind } from './value';

export interface EvalScope {
  /** A register of the frame; undefined when there are no registers here (a compiler stop). */
  register(index: number): ScalarValue | undefined;
  core(): number | undefined;
  ncores(): number | undefined;
  constant(name: string): number | undefined;
  tensor(name: string): View | undefined;
  /** Names to suggest when a name is unknown. */
  names(): string[];
}

export class Evaluator {
  constructor(
    private readonly scope: EvalScope,
    /** The source of the expression, to quote sub-expressions in results and messages. */
    private readonly text: (span: Span) => string,
    /** Never-written elements read as zero instead of failing a reduction (the uninitialized-read fault is off). */
    private readonly lenient = false,
  ) {}

  evaluate(e: ast.Expr): Value {
    switch (e.kind) {
      case 'number': return scalar(e.value);
      case 'string': throw new EvalError('type', 'a string is not a value', e.span);
      case 'name': return this.name(e);
      case 'unary': return this.unary(e);
      case 'binary': return this.binary(e);
      case 'call': return this.call(e);
      case 'index': return this.index(e);
      case 'member': return this.member(e);
    }
  }

  private name(e: ast.NameExpr): Value {
    const reg = registerIndex(e.name);
    if (reg !== undefined) {
      const r = this.scope.register(reg);
      if (!r) throw new EvalError('unavailable', `there are no registers here: '${e.name}' exists only in a frame of a running function`, e.span);
      return r;
    }
    if (e.name === 'core' || e.name === 'ncores') {
      const v = e.name === 'core' ? this.scope.core() : this.scope.ncores();
      if (v === undefined) throw new EvalError('unavailable', `'${e.name}' is known only while the program runs`, e.span);
      return scalar(v);
    }
    const c = this.scope.constant(e.name);
    if (c !== undefined) return scalar(c);
    const view = this.scope.tensor(e.name);
    if (view) return { kind: 'view', view, text: e.name };
    throw new EvalError('name', `unknown name '${e.name}'${hint(e.name, this.scope.names())}`, e.span);
  }

  private unary(e: ast.UnaryExpr): Value {
    const v = this.evaluate(e.operand);
    if (e.op === '+') return v;
    const f = e.op === '-' ? (x: number) => -x : (x: number) => (x === 0 ? 1 : 0);
    return map1(v, f, this.text(e.span));
  }

  private binary(e: ast.BinaryExpr): Value {
    const a = this.evaluate(e.left);
    if ((e.op === '&&' || e.op === '||') && a.kind === 'scalar' && a.written) {
      if (e.op === '&&' && a.value === 0) return scalar(0);
      if (e.op === '||' && a.value !== 0) return scalar(1);
    }
    const b = this.evaluate(e.right);
    return map2(a, b, BINARY[e.op], this.text(e.span), e.span, IN_PLACE[e.op]);
  }

  private call(e: ast.CallExpr): Value {
    const info = EVAL_FUNCTIONS.get(e.callee);
    if (!info) throw new EvalError('name', `unknown function '${e.callee}'${hint(e.callee, [...EVAL_FUNCTIONS.keys()])}`, e.calleeSpan);
    const count = e.args.length + e.named.length;
    if (e.args.length < info.minArgs || count > info.maxArgs) {
      throw new EvalError('type', `'${e.callee}' takes ${info.minArgs === info.maxArgs ? info.minArgs : `${info.minArgs} to ${info.maxArgs}`} arguments, found ${count}`, e.span);
    }
    const args = e.args.map((a) => this.evaluate(a));
    const named = new Map<string, Value>();
    for (const n of e.named) {
      if (!info.named?.includes(n.name)) throw new EvalError('name', `'${e.callee}' has no argument '${n.name}'`, n.span);
      named.set(n.name, this.evaluate(n.value));
    }
    return callBuiltin(e.callee, args, named, this.text(e.span), e.span, this.lenient);
  }

  private index(e: ast.IndexExpr): Value {
    const base = this.evaluate(e.base);
    if (base.kind === 'scalar') throw new EvalError('type', `'${this.text(e.base.span)}' is a number and cannot be indexed`, e.span);
    const shape = shapeOf(base);
    if (e.items.length > shape.length) {
      throw new EvalError('bounds', `'${this.text(e.base.span)}' has ${shape.length} dimensions but ${e.items.length} indices are given`, e.span);
    }
    const items = e.items.map((item, d) => this.indexItem(item, shape[d], d, this.text(e.base.span)));
    return sliceValue(base, items, this.text(e.span));
  }

  private indexItem(item: ast.IndexItem, size: number, dim: number, base: string): IndexSpec {
    const int = (x: ast.Expr | undefined, fallback: number, what: string): number => {
      if (!x) return fallback;
      const v = this.evaluate(x);
      if (v.kind !== 'scalar') throw new EvalError('type', `${what} must be a number, not a tensor`, x.span);
      if (!v.written && !this.lenient) throw new EvalError('uninitialized', `${what} reads a register that was never written`, x.span);
      if (!Number.isInteger(v.value)) throw new EvalError('type', `${what} must be an integer, found ${v.value}`, x.span);
      return v.value;
    };
    const where = `dimension ${dim} of '${base}'`;
    if (item.kind === 'at') {
      const i = int(item.index, 0, 'an index');
      const problem = indexProblem(i, size);
      if (problem) throw new EvalError('bounds', describeIndex(problem, i, where, size), item.span);
      return { at: i };
    }
    const lo = int(item.lo, 0, 'a slice start');
    const hi = int(item.hi, size, 'a slice end');
    const step = int(item.step, 1, 'a slice step');
    if (step < 1) throw new EvalError('bounds', `the step of a slice must be at least 1, found ${step}`, item.span);
    const problem = sliceProblem(lo, hi, size);
    if (problem) throw new EvalError('bounds', describeSlice(problem, lo, hi, where, size), item.span);
    return { lo, hi, step };
  }

  private member(e: ast.MemberExpr): Value {
    const base = this.evaluate(e.base);
    if (base.kind === 'scalar') throw new EvalError('type', `'.${e.member}' applies to tensors; '${this.text(e.base.span)}' is a number`, e.span);
    const text = this.text(e.span);
    if (e.member === 'T' && !e.args) return transposeValue(base, text, e.span);
    if (e.member === 'bcast' && e.args?.length === 1) {
      const n = this.evaluate(e.args[0]);
      if (n.kind !== 'scalar' || !Number.isInteger(n.value) || n.value < 1) throw new EvalError('type', '.bcast(n) needs a positive integer n', e.span);
      return bcastValue(base, n.value, text, e.span);
    }
    if ((e.member === 'reshape' || e.member === 'permute') && e.args?.length) {
      const ints = e.args.map((a) => {
        const v = this.evaluate(a);
        if (v.kind !== 'scalar' || !Number.isInteger(v.value) || v.value < 0) throw new EvalError('type', `.${e.member}(...) needs integers ≥ 0`, a.span);
        return v.value;
      });
      return e.member === 'reshape' ? reshapeValue(base, ints, text, e.span) : permuteValue(base, ints, text, e.span);
    }
    if (e.member === 'broadcast' && e.args?.length === 2) {
      const [dim, size] = e.args.map((a) => {
        const v = this.evaluate(a);
        if (v.kind !== 'scalar' || !Number.isInteger(v.value) || v.value < 0) throw new EvalError('type', '.broadcast(dim, size) needs integers ≥ 0', a.span);
        return v.value;
      });
      return broadcastValue(base, dim, size, text, e.span);
    }
    if (e.member === 'view' && e.args?.length === 1 && e.args[0].kind === 'name' && isDType(e.args[0].name)) return bitcastValue(base, e.args[0].name, text, e.span);
    throw new EvalError('name', `unknown view '.${e.member}' (known: .view(dtype), .reshape(d, ...), .permute(a, ...), .broadcast(dim, size), .T, .bcast(n))`, e.span);
  }
}

type IndexSpec = { at: number } | { lo: number; hi: number; step: number };

function sliceValue(base: TensorValue, items: IndexSpec[], text: string): TensorValue {
  if (base.kind === 'view') {
    const v = base.view;
    let offset = v.offset;
    const shape: number[] = [];
    const strides: number[] = [];
    items.forEach((it, d) => {
      if ('at' in it) {
        offset += it.at * v.strides[d];
      } else {
        offset += it.lo * v.strides[d];
        shape.push(Math.ceil((it.hi - it.lo) / it.step));
        strides.push(v.strides[d] * it.step);
      }
    });
    for (let d = items.length; d < v.shape.length; d++) {
      shape.push(v.shape[d]);
      strides.push(v.strides[d]);
    }
    return { kind: 'view', view: { tensor: v.tensor, offset, shape, strides }, text };
  }
  return sliceDense(materialize(base), items, text);
}

function sliceDense(base: DenseValue, items: IndexSpec[], text: string): DenseValue {
  const strides = rowMajor(base.shape);
  const ranges = base.shape.map((size, d) => {
    const it = items[d];
    if (!it) return { start: 0, count: size, step: 1, keep: true };
    if ('at' in it) return { start: it.at, count: 1, step: 1, keep: false };
    return { start: it.lo, count: Math.ceil((it.hi - it.lo) / it.step), step: it.step, keep: true };
  });
  const shape = ranges.filter((r) => r.keep).map((r) => r.count);
  const n = shape.reduce((a, b) => a * b, 1);
  const data = new Float64Array(n);
  const written = base.written ? new Uint8Array(n) : undefined;
  const counter = ranges.map(() => 0);
  for (let i = 0; i < n; i++) {
    let src = 0;
    ranges.forEach((r, d) => (src += (r.start + counter[d] * r.step) * strides[d]));
    data[i] = base.data[src];
    if (written) written[i] = base.written![src];
    for (let d = ranges.length - 1; d >= 0; d--) {
      if (++counter[d] < ranges[d].count) break;
      counter[d] = 0;
    }
  }
  return { kind: 'dense', shape, data, written, dtype: base.dtype, text };
}

function transposeValue(base: TensorValue, text: string, span: Span): TensorValue {
  const shape = shapeOf(base);
  if (shape.length < 2) throw new EvalError('type', `'.T' needs at least 2 dimensions, '${base.text}' has ${shape.length}`, span);
  if (base.kind === 'view') {
    const v = base.view;
    const s = [...v.shape];
    const t = [...v.strides];
    const n = s.length;
    [s[n - 2], s[n - 1]] = [s[n - 1], s[n - 2]];
    [t[n - 2], t[n - 1]] = [t[n - 1], t[n - 2]];
    return { kind: 'view', view: { tensor: v.tensor, offset: v.offset, shape: s, strides: t }, text };
  }
  const d = materialize(base, span);
  const n = shape.length;
  const rows = shape[n - 2];
  const cols = shape[n - 1];
  const batch = d.data.length / (rows * cols);
  const data = new Float64Array(d.data.length);
  const written = d.written ? new Uint8Array(d.data.length) : undefined;
  for (let b = 0; b < batch; b++) {
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const from = b * rows * cols + r * cols + c;
        const to = b * rows * cols + c * rows + r;
        data[to] = d.data[from];
        if (written) written[to] = d.written![from];
      }
    }
  }
  const out = [...shape];
  [out[n - 2], out[n - 1]] = [cols, rows];
  return { kind: 'dense', shape: out, data, written, dtype: d.dtype, text };
}

/** The same elements in another shape: a view when they can keep their places (see reshapeStrides), else a copy. */
function reshapeValue(base: TensorValue, dims: number[], text: string, span: Span): TensorValue {
  const shape = shapeOf(base);
  const count = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
  if (dims.some((n) => n < 1) || count(dims) !== count(shape)) {
    throw new EvalError('type', `.reshape(${dims.join(', ')}) has ${count(dims)} elements but '${base.text}' [${shape.join(', ')}] has ${count(shape)}`, span);
  }
  if (base.kind === 'view') {
    const strides = reshapeStrides(base.view.shape, base.view.strides, dims);
    if (strides) return { kind: 'view', view: { ...base.view, shape: dims, strides }, text };
  }
  const d = materialize(base, span);
  return { ...d, shape: dims, text };
}

/** Dimension i of the result is dimension axes[i] of the value. */
function permuteValue(base: TensorValue, axes: number[], text: string, span: Span): TensorValue {
  const shape = shapeOf(base);
  if (axes.length !== shape.length || [...axes].sort((a, b) => a - b).some((a, i) => a !== i)) {
    throw new EvalError('type', `.permute(${axes.join(', ')}) must list each of the ${shape.length} dimensions of '${base.text}' once`, span);
  }
  if (base.kind === 'view') {
    const v = base.view;
    return { kind: 'view', view: { tensor: v.tensor, offset: v.offset, shape: permuted(v.shape, axes), strides: permuted(v.strides, axes) }, text };
  }
  const d = materialize(base, span);
  const out = permuted(shape, axes);
  const strides = permuted(rowMajor(shape), axes);
  const n = d.data.length;
  const data = new Float64Array(n);
  const written = d.written ? new Uint8Array(n) : undefined;
  for (let i = 0; i < n; i++) {
    const at = unravel(out, i).reduce((sum, k, dim) => sum + k * strides[dim], 0);
    data[i] = d.data[at];
    if (written) written[i] = d.written![at];
  }
  return { kind: 'dense', shape: out, data, written, dtype: d.dtype, text };
}

/** `.broadcast(dim, size)`: a dimension of size 1 repeated (stride 0 on a view of memory). */
function broadcastValue(base: TensorValue, dim: number, size: number, text: string, span: Span): TensorValue {
  const shape = shapeOf(base);
  if (dim >= shape.length || shape[dim] !== 1) throw new EvalError('type', `.broadcast(${dim}, ${size}) needs a dimension ${dim} of size 1, '${base.text}' is [${shape.join(', ')}]`, span);
  if (size < 1) throw new EvalError('type', `.broadcast(${dim}, ${size}) needs a size of at least 1`, span);
  const out = shape.map((n, d) => (d === dim ? size : n));
  if (base.kind === 'view') {
    const v = base.view;
    return { kind: 'view', view: { tensor: v.tensor, offset: v.offset, shape: out, strides: v.strides.map((x, d) => (d === dim ? 0 : x)) }, text };
  }
  return broadcast(base, out, text, span);
}

/** `.view(dtype)`: the bytes of a view of memory read as another dtype (a computed value has no bytes). */
function bitcastValue(base: TensorValue, to: DType, text: string, span: Span): TensorValue {
  if (base.kind !== 'view') throw new EvalError('type', `.view(${to}) reads the bytes of a tensor in memory; '${base.text}' is a computed value`, span);
  const problem = bitcastProblem(to) ?? bitcastProblem(base.view.tensor.dtype);
  const made = problem ?? bitcastView(base.view, to);
  if (typeof made === 'string') throw new EvalError('type', `'${base.text}' cannot be viewed as ${to}: ${made}`, span);
  return { kind: 'view', view: made, text };
}

function bcastValue(base: TensorValue, n: number, text: string, span: Span): TensorValue {
  const shape = shapeOf(base);
  if (shape[shape.length - 1] !== 1) throw new EvalError('type', `.bcast(${n}) needs a last dimension of 1, '${base.text}' has ${shape[shape.length - 1]}`, span);
  if (base.kind === 'view') {
    const v = base.view;
    return { kind: 'view', view: { tensor: v.tensor, offset: v.offset, shape: [...v.shape.slice(0, -1), n], strides: [...v.strides.slice(0, -1), 0] }, text };
  }
  return broadcast(base, [...shape.slice(0, -1), n], text, span);
}

// ---- elementwise arithmetic with broadcasting, computed when read ----

type Fn2 = (a: number, b: number) => number;
type Reader = LazyValue['read'];

export const BINARY: Record<ast.BinaryOp, Fn2> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a - b * Math.floor(a / b),
  '**': (a, b) => a ** b,
  '==': (a, b) => (a === b ? 1 : 0),
  '!=': (a, b) => (a !== b ? 1 : 0),
  '<': (a, b) => (a < b ? 1 : 0),
  '<=': (a, b) => (a <= b ? 1 : 0),
  '>': (a, b) => (a > b ? 1 : 0),
  '>=': (a, b) => (a >= b ? 1 : 0),
  '&&': (a, b) => (a !== 0 && b !== 0 ? 1 : 0),
  '||': (a, b) => (a !== 0 || b !== 0 ? 1 : 0),
};

export function map1(v: Value, f: (x: number) => number, text: string): Value {
  if (v.kind === 'scalar') return scalar(f(v.value), v.written);
  const read: Reader = (start, count, data, written) => {
    readBlock(v, start, count, data, written);
    for (let i = 0; i < count; i++) data[i] = f(data[i]);
  };
  return { kind: 'lazy', shape: shapeOf(v), text, read };
}

/** The arithmetic operators as loops over blocks (a ← a op b): the same results as BINARY, at the speed of a loop. */
const IN_PLACE: Partial<Record<ast.BinaryOp, (a: Float64Array, b: Float64Array, n: number) => void>> = {
  '+': (a, b, n) => {
    for (let i = 0; i < n; i++) a[i] += b[i];
  },
  '-': (a, b, n) => {
    for (let i = 0; i < n; i++) a[i] -= b[i];
  },
  '*': (a, b, n) => {
    for (let i = 0; i < n; i++) a[i] *= b[i];
  },
  '/': (a, b, n) => {
    for (let i = 0; i < n; i++) a[i] /= b[i];
  },
};

export function map2(a: Value, b: Value, f: Fn2, text: string, span?: Span, inPlace?: (a: Float64Array, b: Float64Array, n: number) => void): Value {
  if (a.kind === 'scalar' && b.kind === 'scalar') return scalar(f(a.value, b.value), a.written && b.written);
  const shape = broadcastShape(a.kind === 'scalar' ? [] : shapeOf(a), b.kind === 'scalar' ? [] : shapeOf(b), span);
  const ra = readerOf(a, shape, text, span);
  const rb = readerOf(b, shape, text, span);
  const read: Reader = (start, count, data, written) => {
    const xb = new Float64Array(count);
    const wb = new Uint8Array(count);
    ra(start, count, data, written);
    rb(start, count, xb, wb);
    if (inPlace) inPlace(data, xb, count);
    else for (let i = 0; i < count; i++) data[i] = f(data[i], xb[i]);
    for (let i = 0; i < count; i++) written[i] &= wb[i];
  };
  return { kind: 'lazy', shape, text, read };
}

/** Reads an operand of an elementwise operation as a tensor of the result's shape. */
function readerOf(v: Value, shape: readonly number[], text: string, span?: Span): Reader {
  if (v.kind === 'scalar') {
    const w = v.written ? 1 : 0;
    return (_start, count, data, written) => {
      data.fill(v.value, 0, count);
      written.fill(w, 0, count);
    };
  }
  const own = shapeOf(v);
  if (own.length === shape.length && own.every((x, i) => x === shape[i])) return (start, count, data, written) => readBlock(v, start, count, data, written);
  return broadcast(v, shape, text, span).read;
}

function broadcastShape(a: readonly number[], b: readonly number[], span?: Span): number[] {
  const n = Math.max(a.length, b.length);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = a[a.length - n + i] ?? 1;
    const y = b[b.length - n + i] ?? 1;
    if (x !== y && x !== 1 && y !== 1) throw new EvalError('type', `shapes [${a.join(', ')}] and [${b.join(', ')}] do not broadcast`, span);
    out.push(Math.max(x, y));
  }
  return out;
}

/** A tensor repeated along its dimensions of size 1 (and new leading ones): the source is held, the result is not. */
function broadcast(v: TensorValue, shape: readonly number[], text: string, span?: Span): LazyValue {
  const d = materialize(v, span);
  const src = rowMajor(d.shape);
  const pad = shape.length - d.shape.length;
  // The source's step for each dimension of the result: 0 where it repeats.
  const steps = shape.map((_, k) => (k < pad || d.shape[k - pad] === 1 ? 0 : src[k - pad]));
  const read: Reader = (start, count, data, written) => {
    const counter = unravel(shape, start);
    let from = counter.reduce((acc, c, k) => acc + c * steps[k], 0);
    for (let i = 0; i < count; i++) {
      data[i] = d.data[from];
      written[i] = d.written ? d.written[from] : 1;
      for (let k = shape.length - 1; k >= 0; k--) {
        counter[k]++;
        from += steps[k];
        if (counter[k] < shape[k]) break;
        from -= counter[k] * steps[k];
        counter[k] = 0;
      }
    }
  };
  return { kind: 'lazy', shape, dtype: d.dtype, text, read };
}

function rowMajor(shape: readonly number[]): number[] {
  const out = new Array<number>(shape.length);
  let s = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    out[i] = s;
    s *= shape[i];
  }
  return out;
}

// ---- built-in functions ----

const ELEMENTWISE: Record<string, (x: number) => number> = {
  abs: Math.abs, sqrt: Math.sqrt, exp: Math.exp, log: Math.log, floor: Math.floor, ceil: Math.ceil,
  isnan: (x) => (Number.isNaN(x) ? 1 : 0), isinf: (x) => (x === Infinity || x === -Infinity ? 1 : 0),
};

function callBuiltin(name: string, args: Value[], named: Map<string, Value>, text: string, span: Span, lenient: boolean): Value {
  if (name in ELEMENTWISE) return map1(args[0], ELEMENTWISE[name], text);
  if ((name === 'max' || name === 'min') && args.length === 2) return map2(args[0], args[1], name === 'max' ? Math.max : Math.min, text, span);
  if (name === 'allclose') return allclose(args, named, span, lenient);
  const v = args[0];
  if (v.kind === 'scalar') {
    if (!v.written && !lenient) throw new EvalError('uninitialized', `${name}() reads a register that was never written`, span);
    return scalar(reduceScalar(name, v.value));
  }
  if (name === 'count') {
    requireWritten(unwrittenCount(v), name, v.text, span, lenient);
    return scalar(sizeOfValue(v));
  }
  const r = reduce(v, REDUCTIONS[name], name, span, lenient);
  return scalar(name === 'mean' ? (r.count ? r.value / r.count : NaN) : r.value);
}

function reduceScalar(name: string, x: number): number {
  switch (name) {
    case 'count': return 1;
    case 'any': return x !== 0 ? 1 : 0;
    case 'all': return x !== 0 ? 1 : 0;
    default: return x;
  }
}

/**
 * A reduction: its start value and how it folds a block into it. Each is its own tight loop (a shared loop that
 * called one of several functions per element would be several times slower on the tensors this is for).
 */
interface Reduction {
  readonly start: number;
  readonly fold: (acc: number, data: Float64Array, count: number) => number;
}

const REDUCTIONS: Record<string, Reduction> = {
  // Left to right in double precision, as a plain loop adds.
  sum: { start: 0, fold: (acc, d, n) => {
    for (let i = 0; i < n; i++) acc += d[i];
    return acc;
  } },
  // Math.max and Math.min give NaN once a NaN is seen, and order -0 below 0.
  max: { start: -Infinity, fold: (acc, d, n) => {
    for (let i = 0; i < n; i++) acc = Math.max(acc, d[i]);
    return acc;
  } },
  min: { start: Infinity, fold: (acc, d, n) => {
    for (let i = 0; i < n; i++) acc = Math.min(acc, d[i]);
    return acc;
  } },
  // Counts of elements that are not zero (NaN is not zero).
  any: { start: 0, fold: (acc, d, n) => {
    for (let i = 0; i < n; i++) if (d[i] !== 0) return 1;
    return acc;
  } },
  all: { start: 1, fold: (acc, d, n) => {
    for (let i = 0; i < n; i++) if (d[i] === 0) return 0;
    return acc;
  } },
};
REDUCTIONS.mean = REDUCTIONS.sum;

/**
 * A reduction of a tensor in one pass over its elements, block by block: any size is read without holding it.
 * Never-written elements make it fail rather than guess (they count as 0 when the uninitialized-read fault is off).
 */
function reduce(v: TensorValue, r: Reduction, fn: string, span: Span, lenient: boolean): { value: number; count: number } {
  let value = r.start;
  let missing = 0;
  let count = 0;
  forEachBlock(v, (data, written, n) => {
    value = r.fold(value, data, n);
    count += n;
    if (!lenient) for (let i = 0; i < n; i++) missing += 1 - written[i];
  });
  requireWritten(missing, fn, v.text, span, lenient);
  return { value, count };
}

function requireWritten(missing: number, fn: string, text: string, span: Span, lenient: boolean): void {
  if (missing > 0 && !lenient) throw new EvalError('uninitialized', `${fn}(${text}) reads ${missing} never-written element${missing === 1 ? '' : 's'}`, span);
}

function allclose(args: Value[], named: Map<string, Value>, span: Span, lenient: boolean): Value {
  const number = (v: Value | undefined, fallback: number, what: string): number => {
    if (!v) return fallback;
    if (v.kind !== 'scalar') throw new EvalError('type', `${what} of allclose must be a number`, span);
    return v.value;
  };
  const atol = number(named.get('atol') ?? args[2], 1e-8, 'atol');
  const rtol = number(named.get('rtol') ?? args[3], 1e-5, 'rtol');
  const close = map2(args[0], args[1], (a, b) => (Math.abs(a - b) <= atol + rtol * Math.abs(b) || (Number.isNaN(a) && Number.isNaN(b)) || a === b ? 1 : 0), 'allclose', span);
  if (close.kind === 'scalar') {
    if (!close.written && !lenient) throw new EvalError('uninitialized', 'allclose() reads a register that was never written', span);
    return close;
  }
  return scalar(reduce(close, REDUCTIONS.all, 'allclose', span, lenient).value);
}

function hint(name: string, known: string[]): string {
  const close = suggest(name, known);
  return close ? `; did you mean '${close}'?` : '';
}
