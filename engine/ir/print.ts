/**
 * IR back to BIR: to text, for what passes build (labels, messages); and to the syntax of the evaluate language,
 * for passes that substitute IR into the expressions of `Print` and `Assert`.
 */
import * as ast from '../base/expr';
import { Span } from '../base/span';
import { DType } from '../base/dtype';
import { AccessItem, AccessPattern, AllocInfo, arrayRank, ScalarExpr, TensorDecl, tileShape, ViewStep } from './program';

const PRECEDENCE: Record<string, number> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 3, '<=': 3, '>': 3, '>=': 3, '+': 4, '-': 4, '*': 5, '/': 5, '%': 5, '**': 7 };

export function printScalar(e: ScalarExpr, outer = 0): string {
  switch (e.kind) {
    case 'const': return Number.isInteger(e.value) || !Number.isFinite(e.value) ? formatConst(e.value) : String(e.value);
    case 'reg': return `r${e.index}`;
    case 'core':
    case 'ncores': return e.kind;
    case 'index': return e.name;
    case 'unary': return `${e.op}${printScalar(e.operand, 6)}`;
    case 'fn': return `${e.name}(${e.args.map((a) => printScalar(a)).join(', ')})`;
    case 'binary': {
      const p = PRECEDENCE[e.op];
      const text = `${printScalar(e.left, p)}${e.op === '*' || e.op === '**' ? e.op : ` ${e.op} `}${printScalar(e.right, p + 1)}`;
      return p < outer ? `(${text})` : text;
    }
  }
}

function formatConst(v: number): string {
  if (Number.isNaN(v)) return 'nan';
  if (v === Infinity) return 'inf';
  if (v === -Infinity) return '-inf';
  return String(v);
}

export function printItem(item: AccessItem): string {
  if (item.kind === 'at') return printScalar(item.index);
  const step = item.step.kind === 'const' && item.step.value === 1 ? '' : `:${printScalar(item.step)}`;
  return `${printScalar(item.lo)}:${printScalar(item.hi)}${step}`;
}

export function printAccess(name: string, items: readonly AccessItem[], transpose: boolean, bcast?: ScalarExpr, steps?: readonly ViewStep[], bitcast?: DType, tensor?: TensorDecl): string {
  const arrays = tensor ? arrayRank(tensor) : 0;
  const index = arrays ? tileIndex(items, arrays, tensor!.shape[0]) : items.length ? `[${items.map(printItem).join(', ')}]` : '';
  const views = (steps ?? []).map((s) => `.${s.kind}(${stepInts(s).join(', ')})`).join('');
  return `${name}${bitcast ? `.view(${bitcast})` : ''}${index}${views}${transpose ? '.T' : ''}${bcast ? `.bcast(${printScalar(bcast)})` : ''}`;
}

/**
 * The brackets of a tile of an array of tiles: one per array dimension, then the tile's own items (the partition item
 * and those after the array's), left out when they are the whole partition dimension alone (`acc[r1][0]`).
 */
function tileIndex(items: readonly AccessItem[], arrays: number, partitions: number): string {
  const picks = items.slice(1, 1 + arrays).map((i) => `[${printItem(i)}]`).join('');
  const tile = [items[0], ...items.slice(1 + arrays)];
  const plain = tile.length === 1 && isWhole(items[0], partitions);
  return `${picks}${plain ? '' : `[${tile.map(printItem).join(', ')}]`}`;
}

/** Whether an item is `0:n` with step 1, the whole of a dimension of size n (what the checker makes for `acc[i]`). */
function isWhole(item: AccessItem, n: number): boolean {
  return item.kind === 'slice' && item.lo.kind === 'const' && item.lo.value === 0 && item.step.kind === 'const' && item.step.value === 1 && item.hi.kind === 'const' && item.hi.value === n;
}

/** An allocation's declaration without its place: `sbuf t : f32[128, 512]`, `psum acc[4][2] : f32[128, 512]`. */
export function printAllocation(a: AllocInfo): string {
  return `${a.memory} ${a.name}${(a.array ?? []).map((n) => `[${n}]`).join('')} : ${a.dtype}[${tileShape(a).join(', ')}]`;
}

/** The integer arguments of a view step as written. */
export function stepInts(s: ViewStep): readonly number[] {
  return s.kind === 'reshape' ? s.dims : s.kind === 'permute' ? s.axes : [s.dim, s.size];
}

/**
 * A scalar expression as evaluate-language syntax. Generated syntax has no text of its own: every node takes
 * `span`, the place in the source it stands for, so that messages point there.
 */
export function scalarSyntax(e: ScalarExpr, span: Span): ast.Expr {
  switch (e.kind) {
    case 'const': return { kind: 'number', value: e.value, span };
    case 'reg': return { kind: 'name', name: `r${e.index}`, span };
    case 'core':
    case 'ncores': return { kind: 'name', name: e.kind, span };
    case 'index': return { kind: 'name', name: e.name, span };
    case 'unary': return { kind: 'unary', op: e.op, operand: scalarSyntax(e.operand, span), span };
    case 'binary': return { kind: 'binary', op: e.op, left: scalarSyntax(e.left, span), right: scalarSyntax(e.right, span), span };
    case 'fn': return { kind: 'call', callee: e.name, calleeSpan: span, args: e.args.map((a) => scalarSyntax(a, span)), named: [], span };
  }
}

function itemSyntax(item: AccessItem, span: Span): ast.IndexItem {
  if (item.kind === 'at') return { kind: 'at', index: scalarSyntax(item.index, span), span };
  return { kind: 'slice', lo: scalarSyntax(item.lo, span), hi: scalarSyntax(item.hi, span), step: scalarSyntax(item.step, span), span };
}

/** An access pattern as evaluate-language syntax: the expression that denotes the same view (see scalarSyntax). */
export function accessSyntax(ap: AccessPattern, span: Span): ast.Expr {
  let e: ast.Expr = { kind: 'name', name: ap.tensor.name, span };
  if (ap.bitcast) e = { kind: 'member', base: e, member: 'view', args: [{ kind: 'name', name: ap.bitcast, span }], span };
  const arrays = arrayRank(ap.tensor);
  // An array of tiles reads, in the evaluate language, as its tiles first (`acc[i][j]`), then the tile's dimensions.
  if (arrays) {
    for (const pick of ap.items.slice(1, 1 + arrays)) e = { kind: 'index', base: e, items: [itemSyntax(pick, span)], span };
    e = { kind: 'index', base: e, items: [ap.items[0], ...ap.items.slice(1 + arrays)].map((i) => itemSyntax(i, span)), span };
  } else if (ap.items.length) e = { kind: 'index', base: e, items: ap.items.map((i) => itemSyntax(i, span)), span };
  for (const s of ap.steps ?? []) {
    e = { kind: 'member', base: e, member: s.kind, args: stepInts(s).map((value) => ({ kind: 'number' as const, value, span })), span };
  }
  if (ap.transpose) e = { kind: 'member', base: e, member: 'T', span };
  if (ap.bcast) e = { kind: 'member', base: e, member: 'bcast', args: [scalarSyntax(ap.bcast, span)], span };
  return e;
}
