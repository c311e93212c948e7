/**
 * Access patterns: `t`, `t[a:b, i]`, `t[a:b:s]`, `.reshape(...)`, `.permute(...)`, `.T`, `.bcast(n)`, resolved against
 * the tensor's declaration.
 */
import * as ast from '../ast';
import { AccessItem, AccessPattern, ScalarExpr, TensorDecl, ViewStep } from '../../ir/program';
import { permuted, reshapeStrides } from '../../machine/view';
import { rowMajorStrides } from '../../machine/tensor';
import { constantDifference, evalScalarConst } from '../../ir/scalar';
import { FunctionScope, ModuleScope, Resolver } from './scope';

/** The parts of an access-pattern expression, peeled from the outside in. */
interface Peeled {
  readonly name: ast.NameExpr;
  readonly items?: readonly ast.IndexItem[];
  /** `.reshape(...)` and `.permute(...)`, innermost first. */
  readonly steps: readonly ast.MemberExpr[];
  readonly transpose: boolean;
  readonly bcast?: ast.Expr;
}

/** True when the expression has the form of an access pattern of a tensor in scope (not a scalar expression). */
export function isTensorExpr(e: ast.Expr, resolver: Resolver, module: ModuleScope, scope: FunctionScope | undefined): boolean {
  const p = peel(e);
  return p !== undefined && resolver.tensor(p.name.name, scope, module) !== undefined;
}

/** The views that reshape a view or reorder its dimensions. */
const STEPS: ReadonlySet<string> = new Set(['reshape', 'permute']);

function peel(e: ast.Expr): Peeled | undefined {
  let node = e;
  let bcast: ast.Expr | undefined;
  let transpose = false;
  if (node.kind === 'member' && node.member === 'bcast' && node.args?.length === 1) {
    bcast = node.args[0];
    node = node.base;
  }
  if (node.kind === 'member' && node.member === 'T' && !node.args) {
    transpose = true;
    node = node.base;
  }
  const steps: ast.MemberExpr[] = [];
  while (node.kind === 'member' && STEPS.has(node.member) && node.args) {
    steps.unshift(node);
    node = node.base;
  }
  let items: readonly ast.IndexItem[] | undefined;
  if (node.kind === 'index') {
    items = node.items;
    node = node.base;
  }
  return node.kind === 'name' ? { name: node, items, steps, transpose, bcast } : undefined;
}

export function resolveAccess(
  e: ast.Expr,
  resolver: Resolver,
  module: ModuleScope,
  scope: FunctionScope | undefined,
): AccessPattern | undefined {
  const d = resolver.diagnostics;
  const p = peel(e);
  if (!p) {
    reportShape(e, resolver);
    return undefined;
  }
  const tensor = resolver.tensor(p.name.name, scope, module);
  if (!tensor) {
    resolver.unknownName(p.name.name, p.name.span, module, scope);
    return undefined;
  }
  const rank = tensor.shape.length;
  const given = p.items ?? NO_INDICES;
  if (given.length > rank) {
    d.error(e.span, `'${tensor.name}' has ${rank} dimension${rank === 1 ? '' : 's'} but ${given.length} indices are given`);
    return undefined;
  }
  // Arrays made at their length (see exact); a view of the whole tensor has the tensor's own shape, as nothing changes
  // either (the program holds several views per instruction).
  const whole = given.length === 0 && !p.transpose && !p.bcast && p.steps.length === 0;
  const items = given.length === 0 ? NO_ITEMS : new Array<AccessItem>(given.length);
  let shape: (number | undefined)[] = whole ? (tensor.shape as number[]) : new Array<number | undefined>(viewRank(rank, given));
  let dim = 0;
  for (let i = 0; i < given.length; i++) {
    const item = resolveItem(given[i], tensor, i, resolver, module, scope);
    if (!item) return undefined;
    (items as AccessItem[])[i] = item.item;
    if (item.size !== null) shape[dim++] = item.size;
  }
  if (!whole) for (let i = given.length; i < rank; i++) shape[dim++] = tensor.shape[i];
  let steps: ViewStep[] | undefined;
  if (p.steps.length) {
    const resolved = resolveSteps(p, tensor, items, shape, resolver, module);
    if (!resolved) return undefined;
    steps = resolved.steps;
    shape = resolved.shape;
  }
  if (p.transpose) {
    if (shape.length < 2) {
      d.error(e.span, `'.T' swaps the last two dimensions, but this view of '${tensor.name}' has ${shape.length}`);
      return undefined;
    }
    [shape[shape.length - 2], shape[shape.length - 1]] = [shape[shape.length - 1], shape[shape.length - 2]];
  }
  let bcast: ScalarExpr | undefined;
  if (p.bcast) {
    const n = resolver.integer(p.bcast, module, 'the size of .bcast(n)', 1);
    if (n === undefined) return undefined;
    const last = shape[shape.length - 1];
    if (shape.length === 0 || (last !== undefined && last !== 1)) {
      d.error(e.span, `'.bcast(${n})' repeats a [P, 1] view along its last dimension, but the view's last dimension is ${last ?? 'missing'}`);
      return undefined;
    }
    shape[shape.length - 1] = n;
    bcast = resolver.constantExpr(n);
  }
  const made: AccessPattern = {
    tensor, items, ...(steps && { steps }), transpose: p.transpose, bcast, shape, dtype: tensor.dtype,
    memory: tensor.kind === 'dram' ? 'dram' : tensor.memory,
    text: module.textOf(e.span),
    span: e.span,
  };
  const move = movesPartitions.get(p.name);
  if (move) movesPartitions.set(made, move);
  return made;
}

/**
 * `.reshape(d0, ...)` and `.permute(a0, ...)`: constant arguments, a reshape keeping the count of elements, a permutation
 * of the view's dimensions; and, where the layout is known before the run (a tensor declared here, constant bounds),
 * a reshape that the view's elements can take without moving (else it is checked when the instruction runs).
 */
function resolveSteps(
  p: Peeled,
  tensor: TensorDecl,
  items: readonly AccessItem[],
  start: (number | undefined)[],
  resolver: Resolver,
  module: ModuleScope,
): { steps: ViewStep[]; shape: (number | undefined)[] } | undefined {
  const d = resolver.diagnostics;
  let shape = start;
  let strides = tensor.kind === 'param' ? undefined : staticStrides(tensor, items);
  const steps: ViewStep[] = [];
  for (const m of p.steps) {
    const args: number[] = [];
    for (const a of m.args!) {
      const n = resolver.integer(a, module, `an argument of .${m.member}(...)`, m.member === 'reshape' ? 1 : 0);
      if (n === undefined) return undefined;
      args.push(n);
    }
    if (m.member === 'reshape' && shape[0] !== undefined && args[0] !== shape[0]) {
      movesPartitions.set(ap0(p), `'.reshape(${args.join(', ')})' changes the first dimension (${shape[0]} to ${args[0]})`);
    }
    if (m.member === 'permute' && args[0] !== 0) movesPartitions.set(ap0(p), `'.permute(${args.join(', ')})' moves dimension ${args[0]} first`);
    if (m.member === 'reshape') {
      const known = shape.every((n) => n !== undefined);
      const count = (s: readonly (number | undefined)[]) => s.reduce<number>((x, y) => x * (y ?? 1), 1);
      if (args.length === 0 || args.length > 5) return fail(d, m, `'.reshape(...)' takes 1 to 5 dimensions, found ${args.length}`);
      if (known && count(shape) !== count(args)) {
        return fail(d, m, `'.reshape(${args.join(', ')})' has ${count(args)} elements but the view [${shape.join(', ')}] has ${count(shape)}`);
      }
      if (strides && known) {
        strides = reshapeStrides(shape as number[], strides, args);
        if (!strides) return fail(d, m, `'.reshape(${args.join(', ')})' cannot view [${shape.join(', ')}] of '${tensor.name}' without moving elements: its dimensions do not follow each other in memory (reshape a contiguous view)`);
      } else strides = undefined;
      shape = args;
      steps.push({ kind: 'reshape', dims: args });
    } else {
      const sorted = [...args].sort((x, y) => x - y);
      if (args.length !== shape.length || sorted.some((a, i) => a !== i)) {
        return fail(d, m, `'.permute(${args.join(', ')})' must list each of the view's ${shape.length} dimensions once (0 to ${shape.length - 1})`);
      }
      shape = permuted(shape, args);
      if (strides) strides = permuted(strides, args);
      steps.push({ kind: 'permute', axes: args });
    }
  }
  return { steps, shape };
}

/**
 * Patterns whose reshape or permute moves elements across the first dimension, with what does it: engines read a
 * partition per row of the view, so only DmaCopy may read them. Keyed by the pattern's name node until the pattern
 * is made (see resolveAccess).
 */
const movesPartitions = new WeakMap<object, string>();

function ap0(p: Peeled): object {
  return p.name;
}

/** Why the pattern's views move elements across partitions, or undefined: what the checker of an engine asks. */
export function partitionMove(ap: AccessPattern): string | undefined {
  return movesPartitions.get(ap);
}

function fail(d: Resolver['diagnostics'], m: ast.MemberExpr, message: string): undefined {
  d.error(m.span, message);
  return undefined;
}

/** The strides of a view of a declared tensor whose bounds are constants; undefined when a bound needs registers. */
function staticStrides(tensor: TensorDecl, items: readonly AccessItem[]): number[] | undefined {
  const base = rowMajorStrides(tensor.shape);
  const out: number[] = [];
  for (let dim = 0; dim < base.length; dim++) {
    const item = items[dim];
    if (!item) out.push(base[dim]);
    else if (item.kind === 'slice') {
      const step = evalScalarConst(item.step);
      if (step === undefined) return undefined;
      out.push(base[dim] * step);
    }
  }
  return out;
}

/** The items of a view without indices: one empty array for all of them, which nothing changes. */
const NO_ITEMS: readonly AccessItem[] = Object.freeze([]);
const NO_INDICES: readonly ast.IndexItem[] = Object.freeze([]);

/** The dimensions of a view: those of the tensor, less one for each single index (`t[i, ...]`). */
function viewRank(rank: number, given: readonly ast.IndexItem[]): number {
  let n = rank;
  for (const item of given) if (item.kind === 'at') n--;
  return n;
}

/** An array of exactly its length: one grown by push keeps room for 16 more elements, and a program holds several per operand. */
export function exact<T>(a: T[]): T[] {
  return a.slice();
}

function reportShape(e: ast.Expr, resolver: Resolver): void {
  if (e.kind === 'member' && e.member !== 'T' && e.member !== 'bcast' && !STEPS.has(e.member)) {
    resolver.diagnostics.error(e.span, `unknown view '.${e.member}' (known: .reshape(d, ...), .permute(a, ...), .T, .bcast(n))`);
  } else {
    resolver.diagnostics.error(e.span, 'expected a tensor access pattern, like t, t[0:128, 0:64], t.T or t[0:128, 0:1].bcast(64)');
  }
}

/** One index item; size null means the dimension is dropped (`t[i, ...]`), undefined that it depends on registers. */
function resolveItem(
  item: ast.IndexItem,
  tensor: TensorDecl,
  dim: number,
  resolver: Resolver,
  module: ModuleScope,
  scope: FunctionScope | undefined,
): { item: AccessItem; size: number | null | undefined } | undefined {
  const size = tensor.shape[dim];
  const where = `dimension ${dim} of '${tensor.name}'`;
  if (item.kind === 'at') {
    const index = resolver.scalar(item.index, module, scope, `an index of ${where}`);
    if (!index) return undefined;
    const v = evalScalarConst(index);
    if (v !== undefined && !(Number.isInteger(v) && v >= 0 && v < size)) {
      resolver.diagnostics.error(item.span, `index ${v} is out of bounds for ${where}${boundsDetail(v, size)}`);
      return undefined;
    }
    return { item: { kind: 'at', index }, size: null };
  }
  const lo = item.lo ? resolver.scalar(item.lo, module, scope, `the start of a slice of ${where}`) : resolver.constantExpr(0);
  const hi = item.hi ? resolver.scalar(item.hi, module, scope, `the end of a slice of ${where}`) : resolver.constantExpr(size);
  const step = item.step ? resolver.integer(item.step, module, `the step of a slice of ${where}`, 1) : 1;
  if (!lo || !hi || step === undefined) return undefined;
  const loV = evalScalarConst(lo);
  const hiV = evalScalarConst(hi);
  const extent = constantDifference(hi, lo);
  // The rule of ir/bounds.ts: a bound must be an integer, then a written slice must not be empty (whatever its start),
  // then each end must be inside the dimension. A bound left out (`64:`) is the dimension's edge, never "empty".
  const fraction = (loV !== undefined && !Number.isInteger(loV)) || (hiV !== undefined && !Number.isInteger(hiV));
  if (!fraction && item.lo && item.hi && extent !== undefined && extent <= 0) return emptySlice(item, where, extent, resolver);
  if (loV !== undefined && !(Number.isInteger(loV) && loV >= 0 && loV < size)) {
    resolver.diagnostics.error(item.lo?.span ?? item.span, `slice start ${loV} is out of bounds for ${where}${boundsDetail(loV, size)}`);
    return undefined;
  }
  if (hiV !== undefined && !(Number.isInteger(hiV) && hiV <= size)) {
    resolver.diagnostics.error(item.hi?.span ?? item.span, `slice end ${hiV} is out of bounds for ${where}${boundsDetail(hiV, size)}`);
    return undefined;
  }
  if (extent !== undefined && extent <= 0) return emptySlice(item, where, extent, resolver);
  const length = extent === undefined ? undefined : Math.ceil(extent / step);
  // A slice whose start depends on registers but whose length is known cannot be longer than its dimension.
  if (extent !== undefined && extent > size) {
    resolver.diagnostics.error(item.span, `slice of length ${extent} is longer than ${where} (size ${size}), whatever the registers hold`);
    return undefined;
  }
  return { item: { kind: 'slice', lo, hi, step: resolver.constantExpr(step) }, size: length };
}

function emptySlice(item: ast.IndexItem, where: string, extent: number, resolver: Resolver): undefined {
  resolver.diagnostics.error(item.span, `empty slice of ${where}: the end must be greater than the start (length ${extent})`);
  return undefined;
}

/** Why a bound outside its dimension is: not an integer, or past an edge. */
function boundsDetail(v: number, size: number): string {
  return Number.isInteger(v) ? ` (size ${size})` : ': a bound must be an integer';
}
