/**
 * Whether an instruction of one iteration of a loop unrolled by two (interleave.ts) and an instruction of the next
 * iteration touch disjoint elements, proven from their index expressions. The dependency footprints of the graph
 * take a slice whose bounds read a register as its whole dimension (one node stands for every run of it), so
 * `y[r0*4 : r0*4+4]` and the next iteration's `y[(r0+1)*4 : (r0+1)*4+4]` look alike there; side by side in one
 * body, both read the same registers at the same moment, and the difference of their bounds is a number.
 *
 * The proof: for every tensor both touch, some dimension where each pair of their ranges lies apart (the start of
 * one at or past the end of the other, both ranges of constant length, the distance between them constant). A
 * register in the difference that the body writes is not the same value in the two copies: no proof then.
 */
import { AccessItem, AccessPattern, InstrNode, ScalarExpr } from '../ir/program';
import { constantDifference } from '../ir/scalar';
import { Access, accessPatterns, NodeEffects } from '../graph/effects';
import { overlap, tensorKey } from '../graph/footprint';

/**
 * Proves two instructions of the two copies disjoint: every pair of their accesses that the footprints say may
 * overlap is a pair of views of one tensor that lie apart. `written`: the registers the loop body writes.
 */
export function iterationsDisjoint(a: InstrNode, b: InstrNode, ea: NodeEffects, eb: NodeEffects, written: ReadonlySet<number>): boolean {
  const pairs: [Access, Access][] = [];
  for (const x of ea.writes) for (const y of [...eb.reads, ...eb.writes]) pairs.push([x, y]);
  for (const x of ea.reads) for (const y of eb.writes) pairs.push([x, y]);
  let views: [AccessPattern[], AccessPattern[]] | undefined;
  for (const [x, y] of pairs) {
    if (overlap(x.fp, y.fp) === undefined) continue;
    if (x.fp.kind === 'register' || x.fp.key !== y.fp.key) return false;
    views ??= [accessPatterns(a), accessPatterns(b)];
    if (!viewsApart(views[0], views[1], x.fp.key, written)) return false;
  }
  return true;
}

/** Each view of the tensor `key` in one instruction lies apart from each in the other. */
function viewsApart(xs: readonly AccessPattern[], ys: readonly AccessPattern[], key: string, written: ReadonlySet<number>): boolean {
  const of = (list: readonly AccessPattern[]): AccessPattern[] => list.filter((ap) => tensorKey(ap.tensor) === key);
  const mine = of(xs);
  const theirs = of(ys);
  return mine.length > 0 && theirs.length > 0 && mine.every((x) => theirs.every((y) => apart(x, y, written)));
}

/** Some leading dimension where the two views' ranges lie apart by a constant distance. */
function apart(x: AccessPattern, y: AccessPattern, written: ReadonlySet<number>): boolean {
  const last = x.tensor.shape.length - 1;
  const dims = Math.min(x.items.length, y.items.length);
  for (let d = 0; d < dims; d++) {
    // A bitcast's indices count elements of another dtype in the last dimension (footprint.ts): not compared.
    if ((x.bitcast || y.bitcast) && d === last) continue;
    if (rangesApart(range(x.items[d]), range(y.items[d]), written)) return true;
  }
  return false;
}

/** Where a range starts, and its length when that is a number. */
interface Range { readonly lo: ScalarExpr; readonly length?: number; readonly registers: readonly ScalarExpr[] }

function range(item: AccessItem): Range {
  if (item.kind === 'at') return { lo: item.index, length: 1, registers: [item.index] };
  return { lo: item.lo, length: constantDifference(item.hi, item.lo), registers: [item.lo, item.hi] };
}

function rangesApart(a: Range, b: Range, written: ReadonlySet<number>): boolean {
  if ([...a.registers, ...b.registers].some((e) => readsAny(e, written))) return false;
  const distance = constantDifference(b.lo, a.lo);
  if (a.length === undefined || b.length === undefined || distance === undefined) return false;
  return distance >= a.length || -distance >= b.length;
}

function readsAny(e: ScalarExpr, registers: ReadonlySet<number>): boolean {
  switch (e.kind) {
    case 'reg': return registers.has(e.index);
    case 'unary': return readsAny(e.operand, registers);
    case 'binary': return readsAny(e.left, registers) || readsAny(e.right, registers);
    case 'fn': return e.args.some((x) => readsAny(x, registers));
    default: return false;
  }
}
