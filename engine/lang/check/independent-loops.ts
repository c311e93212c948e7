/**
 * `for rN in a..b independent { }` declares that no iteration reads what another one wrote (NKI's `affine_range`,
 * associative reductions aside: matmuls accumulating into one tile). The checker warns where the body plainly
 * contradicts the claim, in the two cases it can see without solving index equations:
 * - a register the body reads before it writes it: each iteration reads what the previous one left;
 * - a tensor the body reads (elements the iteration has not written before) and later writes at elements that do
 *   not depend on the loop register (every iteration writes the same ones): an iteration reads what the previous
 *   one wrote there.
 * Tensors allocated in the body are fresh in each iteration and never carry anything. Calls are not looked into.
 */
import { DiagnosticBag } from '../diagnostics';
import { AccessPattern, AllocInfo, ForNode, Node, Operand, Region, ScalarExpr, TensorDecl } from '../../ir/program';
import { evalScalarConst } from '../../ir/scalar';

interface TensorRead { readonly ap: AccessPattern; readonly line: number }

/** What one walk of the body has seen, in the order of the text. */
interface Walk {
  /** Registers written so far in the iteration. */
  readonly written: Set<number>;
  /** Registers read before the body wrote them, with the line of the first read. */
  readonly readFirst: Map<number, number>;
  /** Reads of tensors that live outside the body, by tensor, of elements the iteration had not written before. */
  readonly reads: Map<TensorDecl, TensorRead[]>;
  /** Writes of those tensors so far in the iteration: a read they cover reads this iteration's values. */
  readonly writes: Map<TensorDecl, AccessPattern[]>;
  /** The allocations of the body's blocks: fresh in each iteration. */
  readonly fresh: Set<AllocInfo>;
  readonly reported: Set<string>;
}

export function checkIndependentLoop(loop: ForNode, diagnostics: DiagnosticBag): void {
  const walk: Walk = { written: new Set([loop.register]), readFirst: new Map(), reads: new Map(), writes: new Map(), fresh: new Set(), reported: new Set() };
  const warn = (key: string, message: string): void => {
    if (walk.reported.has(key)) return;
    walk.reported.add(key);
    diagnostics.warning(loop.span, `the loop over r${loop.register} is declared independent, but ${message} (a loop-carried dependency): remove 'independent', or ${key.startsWith('r') ? 'set the register before reading it in the body' : 'allocate the tensor inside the loop'}`);
  };
  visitRegion(loop.body, loop, walk, warn);
}

function visitRegion(region: Region, loop: ForNode, walk: Walk, warn: (key: string, message: string) => void): void {
  for (const a of region.allocs ?? []) walk.fresh.add(a);
  for (let i = 0; i < region.nodes.length; i++) visitNode(region.nodes.at(i), loop, walk, warn);
}

function visitNode(node: Node, loop: ForNode, walk: Walk, warn: (key: string, message: string) => void): void {
  const line = node.span.line;
  const readRegister = (r: number): void => {
    if (!walk.written.has(r) && !walk.readFirst.has(r)) walk.readFirst.set(r, line);
  };
  const writeRegister = (r: number): void => {
    const first = walk.readFirst.get(r);
    if (first !== undefined) warn(`r${r}`, `line ${first} reads r${r} before line ${line} writes it: each iteration reads what the one before left`);
    walk.written.add(r);
  };
  switch (node.kind) {
    case 'for':
      for (const e of [node.from, node.to, node.step]) registersIn(e).forEach(readRegister);
      writeRegister(node.register);
      visitRegion(node.body, loop, walk, warn);
      return;
    case 'if':
      registersIn(node.cond).forEach(readRegister);
      visitRegion(node.then, loop, walk, warn);
      if (node.else) visitRegion(node.else, loop, walk, warn);
      return;
    case 'call':
      for (const a of node.args) (a.kind === 'tensor' ? apRegisters(a.ap) : registersIn(a.expr)).forEach(readRegister);
      return;
    case 'return':
      return;
    case 'instr': {
      const operands = [...node.srcs, ...[...node.attrs.values()].flatMap((v) => (v.kind === 'operand' ? [v.operand] : []))];
      for (const o of operands) {
        operandRegisters(o).forEach(readRegister);
        if (o.kind === 'tensor') noteRead(o.ap, line, walk);
      }
      const members = node.members ?? [];
      for (const m of members) for (const o of m.srcs) if (o.kind === 'tensor') noteRead(o.ap, line, walk);
      const dsts = [node.dst, ...members.map((m) => m.dst)];
      for (const dst of dsts) {
        if (dst?.kind === 'register') writeRegister(dst.index);
        if (dst?.kind === 'tensor') {
          apRegisters(dst.ap).forEach(readRegister);
          checkWrite(dst.ap, line, loop, walk, warn);
        }
      }
    }
  }
}

function noteRead(ap: AccessPattern, line: number, walk: Walk): void {
  if (ap.tensor.kind === 'alloc' && walk.fresh.has(ap.tensor)) return;
  if (walk.writes.get(ap.tensor)?.some((w) => covers(w, ap))) return;
  let list = walk.reads.get(ap.tensor);
  if (!list) walk.reads.set(ap.tensor, (list = []));
  list.push({ ap, line });
}

/** A write of the same elements in every iteration, after a read of them in the body: what the next iteration reads. */
function checkWrite(ap: AccessPattern, line: number, loop: ForNode, walk: Walk, warn: (key: string, message: string) => void): void {
  if (ap.tensor.kind === 'alloc' && walk.fresh.has(ap.tensor)) return;
  let writes = walk.writes.get(ap.tensor);
  if (!writes) walk.writes.set(ap.tensor, (writes = []));
  writes.push(ap);
  if (apRegisters(ap).has(loop.register)) return;
  const read = walk.reads.get(ap.tensor)?.find((r) => mayOverlap(r.ap, ap));
  if (!read) return;
  warn(`t:${ap.tensor.name}`, `line ${read.line} reads '${read.ap.text}' and line ${line} writes '${ap.text}', the same elements in every iteration: each iteration reads what the one before wrote`);
}

/** Whether a write surely covers a read of the same tensor: the same text, or constant boxes, one inside the other. */
function covers(write: AccessPattern, read: AccessPattern): boolean {
  if (write.text === read.text && !write.bitcast && !read.bitcast) return true;
  const w = constantBox(write);
  const r = constantBox(read);
  return !!w && !!r && r.every(([lo, hi], i) => w[i][0] <= lo && hi <= w[i][1]);
}

/** Whether two views of one tensor may share elements: only plain constant boxes are told apart. */
function mayOverlap(a: AccessPattern, b: AccessPattern): boolean {
  const ba = constantBox(a);
  const bb = constantBox(b);
  if (!ba || !bb) return true;
  return ba.every(([lo, hi], i) => lo < bb[i][1] && bb[i][0] < hi);
}

function constantBox(ap: AccessPattern): [number, number][] | undefined {
  if (ap.bitcast || ap.steps?.length || ap.transpose || ap.bcast) return undefined;
  const box: [number, number][] = [];
  const shape = ap.tensor.shape;
  for (let d = 0; d < shape.length; d++) {
    const item = ap.items[d];
    if (!item) {
      box.push([0, shape[d]]);
      continue;
    }
    const lo = evalScalarConst(item.kind === 'at' ? item.index : item.lo);
    const hi = item.kind === 'at' ? (lo === undefined ? undefined : lo + 1) : evalScalarConst(item.hi);
    if (lo === undefined || hi === undefined) return undefined;
    box.push([lo, hi]);
  }
  return box;
}

function operandRegisters(o: Operand): Set<number> {
  switch (o.kind) {
    case 'tensor': return apRegisters(o.ap);
    case 'scalar': return registersIn(o.expr);
    case 'register': return new Set([o.index]);
    default: return new Set();
  }
}

function apRegisters(ap: AccessPattern): Set<number> {
  const out = new Set<number>();
  for (const item of ap.items) {
    if (item.kind === 'at') registersIn(item.index, out);
    else for (const e of [item.lo, item.hi, item.step]) registersIn(e, out);
  }
  if (ap.bcast) registersIn(ap.bcast, out);
  return out;
}

function registersIn(e: ScalarExpr, out = new Set<number>()): Set<number> {
  switch (e.kind) {
    case 'reg': out.add(e.index); break;
    case 'unary': registersIn(e.operand, out); break;
    case 'binary': registersIn(e.left, out); registersIn(e.right, out); break;
    case 'fn': for (const a of e.args) registersIn(a, out); break;
    default: break;
  }
  return out;
}
