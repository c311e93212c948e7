/**
 * `unroll`: a loop with constant bounds and few iterations becomes its body repeated, each copy preceded by a
 * `Set` of the loop register (placed on the loop's line). One line then has several nodes; a breakpoint binds them all.
 * A loop whose body allocates is kept.
 */
import { ForNode, InstrNode, Node, Program, Region } from '../ir/program';
import { ArrayNodes } from '../ir/node-list';
import { numberNodes } from '../ir/numbering';
import { evalScalarConst } from '../ir/scalar';
import { cloneNode, cloneProgram } from './clone';
import { newIds, noChanges, PassOutcome, regionSize } from './pass';
import { RewriteCounter, RewriteLimits } from './rewrite-counter';
import { pushAll } from '../base/arrays';

/** Loops of at most this many iterations, whose unrolled copies stay at most MAX_NODES nodes, are unrolled. */
const MAX_TRIPS = 8;
const MAX_NODES = 64;

/** Its rewrites: each loop unrolled, inner loops before the loops around them. */
export function unrollPass(program: Program, limits?: RewriteLimits): PassOutcome {
  const copy = cloneProgram(program);
  const counter = new RewriteCounter(limits);
  const changes = noChanges();
  const reasons = new Map<string, string>();
  for (const fn of copy.functions.values()) {
    const visit = (region: Region): void => {
      region.nodes = new ArrayNodes(region.nodes.toArray().flatMap((node) => {
        if (node.kind === 'if') {
          visit(node.then);
          if (node.else) visit(node.else);
          return [node];
        }
        if (node.kind !== 'for') return [node];
        visit(node.body);
        const trips = constantTrips(node);
        // A body with allocations of its own stays a loop: each iteration's start unwritten is the loop's to give.
        if (!trips || trips.length > MAX_TRIPS || trips.length * (regionSize(node.body) + 1) > MAX_NODES || hasReturn(node.body) || node.body.allocs) return [node];
        if (!counter.allow(node, () => `unrolled the loop of r${node.register} (${trips.length} iteration${trips.length === 1 ? '' : 's'})`)) return [node];
        changes.removed.push(node.id);
        reasons.set(node.id, `the loop was unrolled: its ${trips.length} iterations are copies of its body`);
        return counter.placed(trips.flatMap((value, k) => [setRegister(node, value, k, region), ...node.body.nodes.toArray().map((n) => renamed(cloneNode(n, fn, region), `~i${k}`))]), [node]);
      }));
    };
    visit(fn.body);
  }
  numberNodes(copy);
  pushAll(changes.added, newIds(program, copy));
  return { program: copy, changes, reasons, rewrites: counter.tally() };
}

/** A copy's id says which iteration it is (and so do the ids of the nodes in its regions). */
function renamed(node: Node, suffix: string): Node {
  node.id = `${node.id}${suffix}`;
  if (node.kind === 'for') for (const n of node.body.nodes) renamed(n, suffix);
  if (node.kind === 'if') for (const r of [node.then, ...(node.else ? [node.else] : [])]) for (const n of r.nodes) renamed(n, suffix);
  return node;
}

/** The values the loop register takes, when the bounds are constants. */
function constantTrips(node: ForNode): number[] | undefined {
  const from = evalScalarConst(node.from);
  const to = evalScalarConst(node.to);
  const step = evalScalarConst(node.step);
  if (from === undefined || to === undefined || step === undefined || step === 0 || !Number.isFinite(from + to + step)) return undefined;
  const count = Math.max(0, Math.ceil((to - from) / step));
  if (count > MAX_TRIPS) return undefined;
  return Array.from({ length: count }, (_, k) => from + k * step);
}

function hasReturn(region: Region): boolean {
  let found = false;
  const walk = (r: Region): void => {
    for (const n of r.nodes) {
      if (n.kind === 'return') found = true;
      if (n.kind === 'for') walk(n.body);
      if (n.kind === 'if') {
        walk(n.then);
        if (n.else) walk(n.else);
      }
    }
  };
  walk(region);
  return found;
}

function setRegister(loop: ForNode, value: number, k: number, region: Region): Node {
  const set: InstrNode = {
    kind: 'instr', opcode: 'Set', engine: 'SP', id: `${loop.id}~${k}`, index: -1, span: loop.span, fn: loop.fn, region,
    dst: { kind: 'register', index: loop.register, span: loop.span },
    srcs: [{ kind: 'scalar', expr: { kind: 'const', value }, text: String(value), span: loop.span }], attrs: new Map(),
    inlined: loop.inlined,
  };
  return set;
}
