/**
 * The part of `schedule` that reorders across iterations: a loop declared `independent` (NKI's affine_range) is
 * unrolled by two, so that the scheduler may interleave an iteration with the next one, as a compiler software-
 * pipelines such a loop. The second copy of the body reads the loop register plus the step, and has its own copy
 * of the body's tiles (`t__2`, a second buffer: each iteration's tiles are fresh, so the two copies never share
 * one), so that only what the iterations really share orders them. The scheduler still moves an instruction only
 * past instructions it does not depend on, so results are the same bits; the declaration is what allows trying.
 *
 * Only where it is plain that nothing else changes: constant bounds with two iterations or more, a body of
 * instructions alone (no loop, branch, call, Print, Assert or Barrier in it), when the second buffers fit in the
 * function's frame and the deepest chain of frames through it still fits (the frame grows, and the frames of the
 * calls it makes sit on it); and only when the scheduler then does move an instruction of one iteration ahead of
 * one of the other.
 */
import { AccessPattern, AllocInfo, ForNode, FunctionIR, InstrNode, Node, Program, Region, ScalarExpr } from '../ir/program';
import { OPCODES } from '../ir/opcodes';
import { evalScalarConst, fold } from '../ir/scalar';
import { printAccess } from '../ir/print';
import { ArrayNodes } from '../ir/node-list';
import { DiagnosticBag } from '../lang/diagnostics';
import { frameBytes, MemoryPlan, newPlans, place } from '../lang/check/placement';
import { cloneNode } from './clone';
import { rewriteNodeFields, Rewriter } from './rewrite';
import { RewriteCounter } from './rewrite-counter';
import { frameNeeds, FrameBytes } from './frame-needs';
import { PSUM_BYTES_PER_PARTITION, SBUF_BYTES_PER_PARTITION } from '../machine/limits';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The order the scheduler gives the two copies of a body, preferring to alternate them (without counting rewrites):
 * what decides whether unrolling pays.
 */
export type TrialSchedule = (run: InstrNode[], second: ReadonlySet<InstrNode>) => readonly InstrNode[];

/** The loop bodies unrolled here, each with its second copy: the scheduler alternates their iterations. */
export const interleaved = new WeakMap<Region, ReadonlySet<InstrNode>>();

/** Unrolls by two the independent loops whose iterations the scheduler would then interleave; the ids it adds. */
export function interleaveIndependentLoops(program: Program, counter: RewriteCounter, trial: TrialSchedule): string[] {
  const added: string[] = [];
  for (const fn of program.functions.values()) {
    const visit = (region: Region): void => {
      const out: Node[] = [];
      for (const node of region.nodes) {
        out.push(node);
        if (node.kind === 'if') {
          visit(node.then);
          if (node.else) visit(node.else);
        }
        if (node.kind !== 'for') continue;
        visit(node.body);
        const last = unrollByTwo(node, { program, fn: fn as Mutable<FunctionIR>, region }, counter, trial);
        if (last) {
          out.push(last.after);
          added.push(...last.added);
        }
      }
      region.nodes = new ArrayNodes(out);
    };
    visit(fn.body);
  }
  return added;
}

/** Where a loop is: its program (whose deepest chain of frames must still fit), its function, its region. */
interface LoopPlace {
  readonly program: Program;
  readonly fn: Mutable<FunctionIR>;
  readonly region: Region;
}

/** The body's instructions when the loop may be unrolled: independent, a constant trip count of two or more, no control. */
function eligibleBody(loop: ForNode): InstrNode[] | undefined {
  if (!loop.independent) return undefined;
  const [from, to, step] = [evalScalarConst(loop.from), evalScalarConst(loop.to), evalScalarConst(loop.step)];
  if (from === undefined || to === undefined || step === undefined || step === 0) return undefined;
  const trips = Math.ceil((to - from) / step);
  if (!(trips >= 2)) return undefined;
  const body = loop.body.nodes.toArray();
  if (body.length === 0 || body.some((n) => n.kind !== 'instr' || OPCODES.get(n.opcode)?.ordered === true)) return undefined;
  return body as InstrNode[];
}

/**
 * The loop unrolled by two, in place (its step doubled, its body twice), when the scheduler interleaves the two
 * copies; after it, what leaves the loop register at its last value, as the loop did: a `Set`, or with an odd
 * number of iterations the last one, as a loop of one iteration over the body as written.
 */
function unrollByTwo(loop: ForNode, { program, fn, region }: LoopPlace, counter: RewriteCounter, trial: TrialSchedule): { after: Node; added: string[] } | undefined {
  const body = eligibleBody(loop);
  if (!body || counter.exhausted) return undefined;
  const twins = secondBuffers(loop.body.allocs ?? [], fn);
  if (!twins || !chainsFit(program, fn, twins.frames)) return undefined;
  const step = evalScalarConst(loop.step)!;
  const from = evalScalarConst(loop.from)!;
  const trips = Math.ceil((evalScalarConst(loop.to)! - from) / step);
  const pairs = trips - (trips % 2);
  const next = body.map((n) => nextIteration(n, loop, step, twins.map, fn));
  const second = new Set(next);
  const order = trial([...body, ...next], second);
  const lastFirst = Math.max(...body.map((n) => order.indexOf(n)));
  if (!next.some((n) => order.indexOf(n) < lastFirst)) return undefined;
  if (!counter.allow(loop, () => `unrolled the independent loop of r${loop.register} by 2, so that its iterations interleave`)) return undefined;
  const lastValue = from + (trips - 1) * step;
  const after = pairs < trips ? lastIteration(loop, fn, region, lastValue) : { node: lastValueSet(loop, fn, region, lastValue), ids: [`${loop.id}~last`] };
  twins.commit(loop.body);
  const l = loop as Mutable<ForNode>;
  l.step = { kind: 'const', value: 2 * step };
  l.to = { kind: 'const', value: from + pairs * step };
  loop.body.nodes = new ArrayNodes([...body, ...next]);
  interleaved.set(loop.body, second);
  return { after: after.node, added: [...next.map((n) => n.id), ...after.ids] };
}

function lastValueSet(loop: ForNode, fn: FunctionIR, region: Region, value: number): InstrNode {
  return {
    kind: 'instr', opcode: 'Set', engine: 'SP', id: `${loop.id}~last`, index: -1, span: loop.span, fn, region,
    dst: { kind: 'register', index: loop.register, span: loop.span },
    srcs: [{ kind: 'scalar', expr: { kind: 'const', value }, text: String(value), span: loop.span }], attrs: new Map(),
    inlined: loop.inlined,
  };
}

/** The odd iteration left after the pairs: the loop as written, from its last value (its body copied, ids `~tail`). */
function lastIteration(loop: ForNode, fn: FunctionIR, region: Region, value: number): { node: ForNode; ids: string[] } {
  const tail = cloneNode(loop, fn, region) as Mutable<ForNode>;
  tail.id = `${loop.id}~tail`;
  tail.from = { kind: 'const', value };
  const nodes = tail.body.nodes.toArray();
  for (const n of nodes) (n as Mutable<Node>).id = `${n.id}~tail`;
  return { node: tail, ids: [tail.id, ...nodes.map((n) => n.id)] };
}

/** With `fn`'s frame grown to `frames`, the deepest chain of frames from main still fits (a callee's sits on its caller's). */
function chainsFit(program: Program, fn: FunctionIR, frames: FrameBytes): boolean {
  const need = frameNeeds(program, (f) => (f === fn ? frames : { sbuf: f.sbufFrameBytes, psum: f.psumFrameBytes })).get(program.main);
  return need !== undefined && need.sbuf <= SBUF_BYTES_PER_PARTITION && need.psum <= PSUM_BYTES_PER_PARTITION;
}

/** A copy of a body instruction for the next iteration: the loop register plus the step, the body's tiles their second buffers. */
function nextIteration(node: InstrNode, loop: ForNode, step: number, twins: ReadonlyMap<AllocInfo, AllocInfo>, fn: FunctionIR): InstrNode {
  const plusStep = (e: ScalarExpr & { kind: 'reg' }): ScalarExpr => fold({ kind: 'binary', op: '+', left: e, right: { kind: 'const', value: step }, span: e.span });
  const r: Rewriter = {
    register: (i, e) => (i === loop.register ? plusStep(e) : e),
    writtenRegister: (i) => i,
    access: (ap: AccessPattern) => {
      const twin = ap.tensor.kind === 'alloc' ? twins.get(ap.tensor) : undefined;
      return twin ? { ...ap, tensor: twin, text: printAccess(twin.name, ap.items, ap.transpose, ap.bcast, ap.steps, ap.bitcast, twin) } : ap;
    },
    name: () => undefined,
  };
  const copy = { ...cloneNode(node, fn, loop.body), ...rewriteNodeFields(node, r) } as Mutable<InstrNode>;
  copy.id = `${node.id}~next`;
  return copy;
}

/**
 * The second buffer of each tile the body allocates, placed after the frame (which grows), or undefined when one
 * does not fit; `commit` makes them the function's.
 */
function secondBuffers(allocs: readonly AllocInfo[], fn: Mutable<FunctionIR>): { map: Map<AllocInfo, AllocInfo>; frames: FrameBytes; commit: (body: Region) => void } | undefined {
  const plans = newPlans();
  const start = (plan: MemoryPlan, bytes: number): void => {
    plan.used = bytes;
    plan.peak = bytes;
  };
  start(plans.sbuf, fn.sbufFrameBytes);
  start(plans.psum, fn.psumFrameBytes);
  const taken = new Set(fn.allocs.map((a) => a.name));
  const map = new Map<AllocInfo, AllocInfo>();
  const quiet = new DiagnosticBag();
  for (const [k, a] of allocs.entries()) {
    let name = `${a.name}__2`;
    for (let i = 3; taken.has(name); i++) name = `${a.name}__${i}`;
    taken.add(name);
    const placement = place(plans[a.memory], { name, dtype: a.dtype, shape: a.shape, span: a.span, where: fn.fullName, ...(a.array ? { array: a.array } : {}) }, quiet);
    if (!placement) return undefined;
    map.set(a, { ...a, name, placement, slot: fn.tensorSlots + k });
  }
  const frames = { sbuf: frameBytes(plans.sbuf), psum: frameBytes(plans.psum) };
  return {
    map,
    frames,
    commit: (body) => {
      if (map.size === 0) return;
      fn.allocs = [...fn.allocs, ...map.values()];
      fn.tensorSlots += map.size;
      fn.sbufFrameBytes = frames.sbuf;
      fn.psumFrameBytes = frames.psum;
      (body as Mutable<Region>).allocs = [...(body.allocs ?? []), ...map.values()];
    },
  };
}
