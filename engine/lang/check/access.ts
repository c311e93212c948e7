/**
 * Access patterns: `t`, `t[a:b, i]`, `t[a:b:s]`, `.reshape(...)`, `.permute(...)`, `.T`, `.bcast(n)`, resolved against
 * the tensor's declaration.
 */
import * as ast from '../ast';
import { AccessItem, AccessPattern, arrayRank, ScalarExpr, TensorDecl, tileShape, ViewStep } from '../../ir/program';
import { permuted, reshapeStrides } from '../../machine/view';
import { rowMajorStrides } from '../../machine/tensor';
import { constantDifference, evalScalarConst } from '../../ir/scalar';
import { DType, DTYPES, dtypeInfo, isDType } from '../../base/dtype';
import { bitcastLength, bitcastProblem } from '../../machine/bitcast';
import { FunctionScope, ModuleScope, Resolver } from './scope';

/** The parts of an access-pattern expression, peeled from the outside in. */
interface Peeled {
  readonly name: ast.NameExpr;
  /** `.view(dtype)` right after the name. */
  readonly bitcast?: ast.MemberExpr;
  readonly items?: readonly ast.IndexItem[];
  /**
   * Every `[...]` in order: one for a tensor, or one per dimension of an array of tiles then the tile's (`acc[r1][0][0:64]`).
   * Which it is, the tensor's declaration says (resolveAccess).
   */
  readonly indexed: readonly ast.IndexExpr[];
  /** `.reshape(...)`, `.permute(...)` and `.broadcast(...)`, innermost first. */
  readonly steps: readonly ast.MemberExpr[];
  readonly transpose: boolean;
  readonly bcast?: ast.Expr;
}

/** True when the expression has the form of an access pattern of a tensor in scope (not a scalar expression). */
export function isTensorExpr(e: ast.Expr, resolver: Resolver, module: ModuleScope, scope: FunctionScope | undefined): boolean {
  const p = peel(e);
  return p.peeled !== undefined && resolver.tensor(p.peeled.name.name, scope, module) !== undefined;
}

/** The views that reshape a view, reorder its dimensions or repeat one: applied in the order written. */
const STEPS: ReadonlySet<string> = new Set(['reshape', 'permute', 'broadcast']);

/** Every view suffix the language knows, for messages. */
export const KNOWN_VIEWS = '.view(dtype), .reshape(d, ...), .permute(a, ...), .broadcast(dim, size), .T, .bcast(n)';

/** The order views apply in, as messages state it. */
const VIEW_ORDER = "views apply in this order: '.view(dtype)' right after the name, then the indices '[...]', then any '.reshape(...)', '.permute(...)' and '.broadcast(dim, size)' in the order written, then one '.T', then one '.bcast(n)'";

/** One suffix of an access-pattern expression: its rank in the order views apply, and how it reads. */
interface Suffix {
  readonly node: ast.MemberExpr | ast.IndexExpr;
  readonly rank: number;
  readonly text: string;
}

function suffixOf(node: ast.MemberExpr | ast.IndexExpr): Suffix | undefined {
  if (node.kind === 'index') return { node, rank: 1, text: '[...]' };
  const args = node.args;
  if (node.member === 'view' && args?.length === 1 && args[0].kind === 'name') return { node, rank: 0, text: `.view(${args[0].name})` };
  if (STEPS.has(node.member) && args) return { node, rank: 2, text: `.${node.member}(...)` };
  if (node.member === 'T' && !args) return { node, rank: 3, text: '.T' };
  if (node.member === 'bcast' && args?.length === 1) return { node, rank: 4, text: '.bcast(...)' };
  return undefined;
}

/**
 * The parts of an access pattern, or why it is not one: an unknown view, or views out of their order (with what the
 * language allows instead); nothing when the expression is not a view of a name at all.
 */
function peel(e: ast.Expr): { peeled?: Peeled; problem?: { span: ast.Expr['span']; message: string } } {
  const suffixes: Suffix[] = [];
  let node = e;
  while (node.kind === 'member' || node.kind === 'index') {
    const s = suffixOf(node);
    if (!s) {
      if (node.kind === 'member') return { problem: { span: node.span, message: `unknown view '.${node.member}${node.args ? '(...)' : ''}' (known: ${KNOWN_VIEWS})` } };
      return {};
    }
    suffixes.unshift(s);
    node = node.base;
  }
  if (node.kind !== 'name') return {};
  for (let i = 1; i < suffixes.length; i++) {
    const [a, b] = [suffixes[i - 1], suffixes[i]];
    // Indices may follow indices: an array of tiles takes one bracket per dimension (a tensor is refused after peeling).
    if (b.rank > a.rank || (b.rank === 2 && a.rank === 2) || (b.rank === 1 && a.rank === 1)) continue;
    return { problem: { span: b.node.span, message: misorder(a, b) } };
  }
  let bitcast: ast.MemberExpr | undefined;
  let items: readonly ast.IndexItem[] | undefined;
  let transpose = false;
  let bcast: ast.Expr | undefined;
  const steps: ast.MemberExpr[] = [];
  const indexed: ast.IndexExpr[] = [];
  for (const s of suffixes) {
    const n = s.node;
    if (n.kind === 'index') {
      items = n.items;
      indexed.push(n);
    }
    else if (s.rank === 0) bitcast = n;
    else if (s.rank === 2) steps.push(n);
    else if (s.rank === 3) transpose = true;
    else bcast = n.args![0];
  }
  return { peeled: { name: node, bitcast, items, indexed, steps, transpose, bcast } };
}

/** Why `b` cannot follow `a`, and what to write instead. */
function misorder(a: Suffix, b: Suffix): string {
  const instead = b.rank >= 3 ? "; '.T' and '.bcast(n)' come last, once each: write a reordering before them as '.permute(...)' and a repeat as '.broadcast(dim, size)', which apply in the order written"
    : b.rank === 0 ? '; write the bitcast first (t.view(dtype)[...]): its indices count elements of the new dtype'
      : b.rank === 1 ? '; index the tensor once, first, then apply the views'
        : "; '.T' and '.bcast(n)' come last: write a step after them as '.permute(...)' or '.broadcast(dim, size)' before them";
  return `'${b.text}' cannot follow '${a.text}': ${VIEW_ORDER}${instead}`;
}

export function resolveAccess(
  e: ast.Expr,
  resolver: Resolver,
  module: ModuleScope,
  scope: FunctionScope | undefined,
): AccessPattern | undefined {
  const d = resolver.diagnostics;
  const { peeled: p, problem } = peel(e);
  if (!p) {
    if (problem) d.error(problem.span, problem.message);
    else reportShape(e, resolver);
    return undefined;
  }
  const tensor = resolver.tensor(p.name.name, scope, module);
  if (!tensor) {
    resolver.unknownName(p.name.name, p.name.span, module, scope);
    return undefined;
  }
  const bitcast = p.bitcast ? resolveBitcast(p.bitcast, tensor, resolver) : undefined;
  if (bitcast === null) return undefined;
  // The shape the indices address: the tensor's, or with a bitcast its last dimension counted in the new dtype.
  const tensorShape = bitcast?.shape ?? tensor.shape;
  const arrays = arrayRank(tensor);
  if (arrays === 0 && p.indexed.length > 1) {
    d.error(p.indexed[1].span, `'[...]' cannot follow '[...]': ${VIEW_ORDER}; index the tensor once, first, then apply the views${p.indexed.length === 2 ? ` ('${tensor.name}' is one tile, not an array of tiles)` : ''}`);
    return undefined;
  }
  const picked = arrays ? pickTile(p, tensor, arrays, resolver, module, scope) : undefined;
  if (arrays && !picked) return undefined;
  // The tile the indices address: the tensor, or the array's element (its items and messages name `acc[r1][0]`).
  const baseShape = arrays ? [tensorShape[0], ...tensorShape.slice(1 + arrays)] : tensorShape;
  const label = picked ? picked.label : tensor.name;
  const rank = baseShape.length;
  const given = (arrays ? picked!.items : p.items) ?? NO_INDICES;
  if (given.length > rank) {
    d.error(e.span, `'${label}' has ${rank} dimension${rank === 1 ? '' : 's'} but ${given.length} indices are given`);
    return undefined;
  }
  // Arrays made at their length (see exact); a view of the whole tensor has the tensor's own shape, as nothing changes
  // either (the program holds several views per instruction).
  const whole = given.length === 0 && !p.transpose && !p.bcast && p.steps.length === 0 && !bitcast && !arrays;
  let items = given.length === 0 ? NO_ITEMS : new Array<AccessItem>(given.length);
  let shape: (number | undefined)[] = whole ? (tensor.shape as number[]) : new Array<number | undefined>(viewRank(rank, given));
  let dim = 0;
  for (let i = 0; i < given.length; i++) {
    const item = resolveItem(given[i], label, baseShape, i, resolver, module, scope);
    if (!item) return undefined;
    (items as AccessItem[])[i] = item.item;
    if (item.size !== null) shape[dim++] = item.size;
  }
  if (!whole) for (let i = given.length; i < rank; i++) shape[dim++] = baseShape[i];
  // An array's tile as items of its tensor: the partition item, the array's indices, then the tile's free items.
  if (picked) items = [items[0] ?? wholeSlice(baseShape[0], resolver), ...picked.picks, ...items.slice(1)];
  let steps: ViewStep[] | undefined;
  if (p.steps.length) {
    const resolved = resolveSteps(p, tensor, tensorShape, items, shape, resolver, module);
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
  const memory = tensor.kind === 'dram' ? 'dram' : tensor.memory;
  const text = module.textOf(e.span);
  // The common pattern (no bitcast, no view steps) as a plain literal: spreading `undefined` into the literal cost
  // more than the rest of making it, and gave the patterns another shape of object than this one.
  const made: AccessPattern = !bitcast && !steps
    ? { tensor, items, transpose: p.transpose, bcast, shape, dtype: tensor.dtype, memory, text, span: e.span }
    : {
      tensor, ...(bitcast && { bitcast: bitcast.dtype }), items, ...(steps && { steps }), transpose: p.transpose, bcast, shape, dtype: bitcast?.dtype ?? tensor.dtype,
      memory, text, span: e.span,
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
  baseShape: readonly number[],
  items: readonly AccessItem[],
  start: (number | undefined)[],
  resolver: Resolver,
  module: ModuleScope,
): { steps: ViewStep[]; shape: (number | undefined)[] } | undefined {
  const d = resolver.diagnostics;
  let shape = start;
  let strides = tensor.kind === 'param' ? undefined : staticStrides(baseShape, items);
  const steps: ViewStep[] = [];
  for (const m of p.steps) {
    const args: number[] = [];
    for (const a of m.args!) {
      const n = resolver.integer(a, module, `an argument of .${m.member}(...)`, m.member === 'reshape' || (m.member === 'broadcast' && args.length === 1) ? 1 : 0);
      if (n === undefined) return undefined;
      args.push(n);
    }
    if (m.member === 'reshape' && shape[0] !== undefined && args[0] !== shape[0]) {
      movesPartitions.set(ap0(p), `'.reshape(${args.join(', ')})' changes the first dimension (${shape[0]} to ${args[0]})`);
    }
    if (m.member === 'permute' && args[0] !== 0) movesPartitions.set(ap0(p), `'.permute(${args.join(', ')})' moves dimension ${args[0]} first`);
    if (m.member === 'broadcast') {
      const made = broadcastStep(m, args, shape, tensor, d);
      if (!made) return undefined;
      shape = shape.map((n, i) => (i === made.dim ? made.size : n));
      if (strides) strides = strides.map((x, i) => (i === made.dim ? 0 : x));
      steps.push(made);
      continue;
    }
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
 * `.broadcast(dim, size)` (NKI `NkiTensor.broadcast`): dimension `dim`, of size 1, repeated `size` times without a
 * copy. NKI refuses the partition dimension of an on-chip tensor ("On-chip tensors: dim must not be 0"): engines read
 * a partition per row, and a row broadcast to partitions is a matmul against ones (or a DMA from DRAM, whose views
 * may repeat any dimension).
 */
function broadcastStep(m: ast.MemberExpr, args: readonly number[], shape: readonly (number | undefined)[], tensor: TensorDecl, d: Resolver['diagnostics']): Extract<ViewStep, { kind: 'broadcast' }> | undefined {
  if (args.length !== 2) return fail(d, m, `'.broadcast(dim, size)' takes a dimension and a size, found ${args.length} argument${args.length === 1 ? '' : 's'}`);
  const [dim, size] = args;
  if (dim >= shape.length) return fail(d, m, `'.broadcast(${dim}, ${size})': the view [${shape.map((n) => n ?? '?').join(', ')}] has no dimension ${dim}`);
  if (shape[dim] !== undefined && shape[dim] !== 1) return fail(d, m, `'.broadcast(${dim}, ${size})' repeats a dimension of size 1, but dimension ${dim} of the view [${shape.map((n) => n ?? '?').join(', ')}] is ${shape[dim]}`);
  const memory = tensor.kind === 'dram' ? 'dram' : tensor.memory;
  if (dim === 0 && memory !== undefined && memory !== 'dram') {
    return fail(d, m, `'.broadcast(0, ${size})' repeats the partition dimension of '${tensor.name}', which is in ${memory.toUpperCase()}: engines read a partition per row (NKI: on-chip tensors cannot broadcast dimension 0); broadcast a DRAM row with DmaCopy (DmaCopy t <- row.broadcast(0, ${size})), or multiply by a row of ones with MatMult`);
  }
  return { kind: 'broadcast', dim, size };
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
function staticStrides(shape: readonly number[], items: readonly AccessItem[]): number[] | undefined {
  const base = rowMajorStrides(shape);
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

/**
 * `.view(dtype)`: the tensor's bytes as another dtype (NKI `NkiTensor.view`): its last dimension scaled by the ratio of
 * the sizes, which must give whole elements; null (reported) when it cannot be.
 */
function resolveBitcast(m: ast.MemberExpr, tensor: TensorDecl, resolver: Resolver): { dtype: DType; shape: number[] } | null {
  const d = resolver.diagnostics;
  const arg = m.args![0] as ast.NameExpr;
  if (!isDType(arg.name)) {
    d.error(arg.span, `'.view(${arg.name})' needs a dtype (${DTYPES.join(', ')}), found '${arg.name}'`);
    return null;
  }
  const to = arg.name;
  const problem = bitcastProblem(to) ?? bitcastProblem(tensor.dtype);
  if (problem) {
    d.error(m.span, `'.view(${to})' of '${tensor.name}' (${tensor.dtype}): ${problem}`);
    return null;
  }
  const shape = [...tensor.shape];
  const last = shape.length - 1;
  const length = bitcastLength(shape[last], tensor.dtype, to);
  if (length === undefined) {
    const bytes = shape[last] * dtypeInfo(tensor.dtype).bytes;
    d.error(m.span, `'.view(${to})' of '${tensor.name}' (${tensor.dtype}[${tensor.shape.join(', ')}]): its last dimension holds ${bytes} bytes, not a whole number of ${to} elements of ${dtypeInfo(to).bytes} bytes`);
    return null;
  }
  shape[last] = length;
  return { dtype: to, shape };
}

/** A slice of a whole dimension, `0:n`. */
function wholeSlice(n: number, resolver: Resolver): AccessItem {
  return { kind: 'slice', lo: resolver.constantExpr(0), hi: resolver.constantExpr(n), step: resolver.constantExpr(1) };
}

/**
 * The tile an access pattern of an array of tiles names: one bracket per array dimension, each one index (a constant
 * checked against the array, or an expression of registers checked when the instruction runs), then at most one
 * bracket of the tile's own indices. Undefined when refused (reported).
 */
function pickTile(
  p: Peeled,
  tensor: TensorDecl,
  arrays: number,
  resolver: Resolver,
  module: ModuleScope,
  scope: FunctionScope | undefined,
): { picks: AccessItem[]; items?: readonly ast.IndexItem[]; label: string } | undefined {
  const d = resolver.diagnostics;
  const dims = tensor.shape.slice(1, 1 + arrays);
  const tile = `${tensor.dtype}[${tileShape(tensor).join(', ')}]`;
  const form = `${tensor.name}${dims.map((_, i) => `[${'ijkl'[i]}]`).join('')}`;
  const crowded = p.indexed.slice(0, arrays).find((b) => b.items.length > 1);
  if (crowded) {
    d.error(crowded.span, `'${tensor.name}' is an array of ${dims.join(' × ')} tiles, indexed with one index per bracket: ${form}, then the tile's indices in one more bracket (${form}[0:64, 0:128])`);
    return undefined;
  }
  if (p.indexed.length < arrays) {
    const at = p.indexed.length ? p.indexed[p.indexed.length - 1].span : p.name.span;
    d.error(at, `'${tensor.name}' is an array of ${dims.join(' × ')} tiles (${tile} each): name one tile with ${arrays} ${arrays === 1 ? 'index' : 'indices'}, as ${form}${p.indexed.length ? ` (found ${p.indexed.length})` : ''}`);
    return undefined;
  }
  if (p.indexed.length > arrays + 1) {
    d.error(p.indexed[arrays + 1].span, `'${module.textOf(spanTo(p.name, p.indexed[arrays]))}' already indexes a tile of '${tensor.name}': index the tile once, in one bracket (${form}[0:64, 0:128])`);
    return undefined;
  }
  const picks: AccessItem[] = [];
  for (let a = 0; a < arrays; a++) {
    const bracket = p.indexed[a];
    if (bracket.items.length !== 1 || bracket.items[0].kind !== 'at') {
      d.error(bracket.span, `'${tensor.name}' is an array of ${dims.join(' × ')} tiles, indexed one tile at a time (${form}): a slice of tiles is not a tile`);
      return undefined;
    }
    const item = bracket.items[0];
    const index = resolver.scalar(item.index, module, scope, `an index of the array of tiles '${tensor.name}'`);
    if (!index) return undefined;
    const v = evalScalarConst(index);
    if (v !== undefined && !(Number.isInteger(v) && v >= 0 && v < dims[a])) {
      d.error(item.span, `index ${v} is out of range for dimension ${a} of the array of tiles '${tensor.name}' (${dims[a]} tiles: 0 to ${dims[a] - 1})`);
      return undefined;
    }
    picks.push({ kind: 'at', index });
  }
  const label = module.textOf(spanTo(p.name, p.indexed[arrays - 1]));
  return { picks, items: p.indexed[arrays]?.items, label };
}

/** The span from a name to the end of one of its brackets. */
function spanTo(name: ast.NameExpr, end: ast.IndexExpr): ast.Expr['span'] {
  return { ...name.span, endLine: end.span.endLine, endCol: end.span.endCol };
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
  resolver.diagnostics.error(e.span, 'expected a tensor access pattern, like t, t[0:128, 0:64], t.T or t[0:128, 0:1].bcast(64)');
}

/** One index item; size null means the dimension is dropped (`t[i, ...]`), undefined that it depends on registers. */
function resolveItem(
  item: ast.IndexItem,
  name: string,
  shape: readonly number[],
  dim: number,
  resolver: Resolver,
  module: ModuleScope,
  scope: FunctionScope | undefined,
): { item: AccessItem; size: number | null | undefined } | undefined {
  const size = shape[dim];
  const where = `dimension ${dim} of '${name}'`;
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
