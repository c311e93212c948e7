/**
 * `inline`: copies small functions into their callers. A call becomes the callee's body: its parameters' access
 * patterns are composed with the arguments, its allocations become the caller's (placed after the caller's own),
 * its registers are renamed to registers the caller does not use, and register parameters become `Set`s.
 * Every copied node keeps its origin and records the function it was written in, so that the debugger shows
 * "inlined code of f" and steps through it as through a call.
 *
 * Not inlined: recursive functions, functions of more than MAX_NODES nodes, functions with a `return` before
 * the end of their body, calls whose arguments are transposed or broadcast views, and calls that would need more
 * registers or on-chip memory than the caller has free.
 */
import * as ast from '../base/expr';
import { Span } from '../base/span';
import { AccessPattern, AllocInfo, CallNode, FunctionIR, InlineOrigin, InstrNode, Node, Operand, Program, Region, TensorParamInfo } from '../ir/program';
import { ArrayNodes, NO_NODES } from '../ir/node-list';
import { forEachNode, numberNodes } from '../ir/numbering';
import { PSUM_BYTES_PER_PARTITION, REGISTERS, SBUF_BYTES_PER_PARTITION } from '../machine/limits';
import { accessSyntax, printAccess, printScalar } from '../ir/print';
import { cloneProgram } from './clone';
import { composable, compose } from './compose';
import { allNodes, newIds, noChanges, PassOutcome, regionSize } from './pass';
import { registersOfNode, rewriteNodeFields, Rewriter } from './rewrite';
import { RewriteCounter, RewriteLimits } from './rewrite-counter';
import { pushAll } from '../base/arrays';
import { frameNeeds } from './frame-needs';

const MAX_NODES = 24;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Its rewrites: each call inlined, in the order of the functions and of their code. */
export function inlinePass(program: Program, limits?: RewriteLimits): PassOutcome {
  const copy = cloneProgram(program);
  const counter = new RewriteCounter(limits);
  const changes = noChanges();
  const reasons = new Map<string, string>();
  const recursive = recursiveFunctions(copy);
  const need = frameNeeds(copy);
  // Sites stay unique in the program when the pass runs again.
  let site = allNodes(copy).reduce((m, n) => Math.max(m, n.inlined?.site ?? 0), 0);
  for (const caller of copy.functions.values()) {
    const free = freeRegisters(caller);
    // Inlined instances of one callee never run at the same time: they share one copy of its allocations.
    const adopted = new Map<FunctionIR, Map<AllocInfo, AllocInfo>>();
    const visit = (region: Region): void => {
      region.nodes = new ArrayNodes(region.nodes.toArray().flatMap((node) => {
        if (node.kind === 'for') visit(node.body);
        if (node.kind === 'if') {
          visit(node.then);
          if (node.else) visit(node.else);
        }
        if (node.kind !== 'call' || counter.exhausted || !inlinable(node, caller, recursive, free, adopted.has(node.callee), need)) return [node];
        if (!counter.allow(node, () => `inlined the call of '${node.callee.fullName}'`)) return [node];
        changes.removed.push(node.id);
        reasons.set(node.id, `the call of '${node.callee.fullName}' was inlined: its body runs here`);
        let allocs = adopted.get(node.callee);
        if (!allocs) adopted.set(node.callee, (allocs = adoptAllocations(caller, node.callee)));
        return counter.placed(expand(node, caller, region, free, () => ++site, allocs), [node]);
      }));
    };
    visit(caller.body);
  }
  numberNodes(copy);
  pushAll(changes.added, newIds(program, copy));
  return { program: copy, changes, reasons, rewrites: counter.tally() };
}

function inlinable(call: CallNode, caller: FunctionIR, recursive: ReadonlySet<FunctionIR>, free: readonly number[], alreadyAdopted: boolean, need: ReadonlyMap<FunctionIR, { sbuf: number; psum: number }>): boolean {
  const callee = call.callee;
  if (callee === caller || recursive.has(callee)) return false;
  if (regionSize(callee.body) > MAX_NODES) return false;
  const body = callee.body.nodes;
  let earlyReturn = false;
  forEachNode(callee.body, (n) => {
    if (n.kind === 'return' && n !== body.at(body.length - 1)) earlyReturn = true;
  });
  if (earlyReturn) return false;
  if (call.args.some((a) => a.kind === 'tensor' && !composable(a.ap))) return false;
  // A bitcast of a parameter counts the caller's elements in another dtype: compose does not translate that.
  if (bitcastsParameter(callee)) return false;
  if (calleeRegisters(callee).size > free.length) return false;
  if (alreadyAdopted) return true;
  // The caller's frame grows by the callee's; what the caller still calls must fit on top of it.
  let reserve = { sbuf: 0, psum: 0 };
  forEachNode(caller.body, (n) => {
    if (n.kind !== 'call') return;
    const nd = need.get(n.callee) ?? { sbuf: 0, psum: 0 };
    reserve = { sbuf: Math.max(reserve.sbuf, nd.sbuf), psum: Math.max(reserve.psum, nd.psum) };
  });
  return caller.sbufFrameBytes + callee.sbufFrameBytes + reserve.sbuf <= SBUF_BYTES_PER_PARTITION
    && caller.psumFrameBytes + callee.psumFrameBytes + reserve.psum <= PSUM_BYTES_PER_PARTITION;
}

/** The caller's registers that neither its own code nor code inlined before uses: the callee's are renamed to these. */
function freeRegisters(fn: FunctionIR): number[] {
  const used = calleeRegisters(fn);
  return Array.from({ length: REGISTERS }, (_, i) => i).filter((i) => !used.has(i));
}

function calleeRegisters(fn: FunctionIR): Set<number> {
  const used = new Set<number>();
  for (const p of fn.params) if (p.kind === 'register') used.add(p.index);
  forEachNode(fn.body, (n) => registersOfNode(n).forEach((r) => used.add(r)));
  return used;
}

/** The call replaced by: Sets of the register parameters, then a copy of the callee's body. */
function expand(call: CallNode, caller: Mutable<FunctionIR>, region: Region, free: number[], nextSite: () => number, allocs: Map<AllocInfo, AllocInfo>): Node[] {
  const callee = call.callee;
  // The callee's own code is one instance; code inlined into the callee before is an instance of its own in each copy.
  const site = nextSite();
  const nested = new Map<number, number>();
  const siteOf = (n: Node): number => {
    if (!n.inlined) return site;
    let s = nested.get(n.inlined.site);
    if (s === undefined) nested.set(n.inlined.site, (s = nextSite()));
    return s;
  };
  const registers = new Map<number, number>();
  [...calleeRegisters(callee)].sort((a, b) => a - b).forEach((r, k) => registers.set(r, free[k]));
  const bindings = new Map<TensorParamInfo, AccessPattern>();
  callee.params.forEach((p, i) => {
    const arg = call.args[i];
    if (p.kind === 'param' && arg.kind === 'tensor') bindings.set(p, arg.ap);
  });
  const rewriter = inlineRewriter(registers, bindings, allocs);
  const out: Node[] = [];
  callee.params.forEach((p, i) => {
    const arg = call.args[i];
    if (p.kind !== 'register' || arg.kind !== 'scalar') return;
    const set: InstrNode = {
      kind: 'instr', opcode: 'Set', engine: 'SP', id: `${call.id}~r${p.index}`, index: -1, span: call.span, fn: caller, region,
      dst: { kind: 'register', index: registers.get(p.index)!, span: p.span },
      srcs: [{ kind: 'scalar', expr: arg.expr, text: printScalar(arg.expr), span: arg.span }], attrs: new Map(),
      inlined: call.inlined,
    };
    out.push(set);
  });
  const body = callee.body.nodes;
  const last = body.at(body.length - 1);
  for (const node of body) {
    if (node === last && node.kind === 'return') continue;
    out.push(copyInto(node, caller, region, rewriter, siteOf, call, allocs));
  }
  return out;
}

/** The callee's allocations, renamed `callee__name` and placed after the caller's frame; the caller's frame grows. */
function adoptAllocations(caller: Mutable<FunctionIR>, callee: FunctionIR): Map<AllocInfo, AllocInfo> {
  const map = new Map<AllocInfo, AllocInfo>();
  const taken = new Set(caller.allocs.map((a) => a.name));
  const allocs = [...caller.allocs];
  for (const a of callee.allocs) {
    let name = `${callee.name}__${a.name}`;
    for (let k = 2; taken.has(name); k++) name = `${callee.name}__${a.name}_${k}`;
    taken.add(name);
    const base = a.memory === 'sbuf' ? caller.sbufFrameBytes : caller.psumFrameBytes;
    const adopted: AllocInfo = { ...a, name, slot: caller.tensorSlots + allocs.length - caller.allocs.length, placement: { ...a.placement, offset: base + a.placement.offset } };
    allocs.push(adopted);
    map.set(a, adopted);
  }
  caller.tensorSlots += callee.allocs.length;
  caller.allocs = allocs;
  caller.sbufFrameBytes += callee.sbufFrameBytes;
  caller.psumFrameBytes += callee.psumFrameBytes;
  return map;
}

function bitcastsParameter(fn: FunctionIR): boolean {
  let found = false;
  const look = (o: Operand | undefined): void => {
    if (o?.kind === 'tensor' && o.ap.bitcast && o.ap.tensor.kind === 'param') found = true;
  };
  forEachNode(fn.body, (n) => {
    if (n.kind !== 'instr') return;
    look(n.dst);
    n.srcs.forEach(look);
    for (const v of n.attrs.values()) if (v.kind === 'operand') look(v.operand);
  });
  return found;
}

function inlineRewriter(registers: Map<number, number>, bindings: Map<TensorParamInfo, AccessPattern>, allocs: Map<AllocInfo, AllocInfo>): Rewriter {
  return {
    register: (i, e) => {
      // Unchanged expressions stay the same objects: only what changed gets a printed text (rewrite.ts).
      const to = registers.get(i);
      return to === undefined || to === i ? e : { ...e, index: to };
    },
    writtenRegister: (i) => registers.get(i) ?? i,
    access: (ap) => {
      const t = ap.tensor;
      if (t.kind === 'param') {
        const arg = bindings.get(t);
        return arg ? compose(ap, arg) : ap;
      }
      if (t.kind === 'alloc') {
        const adopted = allocs.get(t);
        if (adopted) return { ...ap, tensor: adopted, text: printAccess(adopted.name, ap.items, ap.transpose, ap.bcast, ap.steps, ap.bitcast, adopted) };
      }
      return ap;
    },
    name: evalNames(registers, bindings, allocs),
  };
}

/**
 * What the callee's names become in its `Print` and `Assert` expressions: a parameter the argument's view, an
 * allocation its adopted name, a register its new one. Built from the IR (an argument's pattern is in the caller's
 * registers), placed where the name was written, so that messages point into the callee's source.
 */
function evalNames(registers: Map<number, number>, bindings: Map<TensorParamInfo, AccessPattern>, allocs: Map<AllocInfo, AllocInfo>): Rewriter['name'] {
  const names = new Map<string, (span: Span) => ast.Expr>();
  const named = (name: string) => (span: Span): ast.Expr => ({ kind: 'name', name, span });
  for (const [p, ap] of bindings) names.set(p.name, (span) => accessSyntax(ap, span));
  for (const [a, adopted] of allocs) names.set(a.name, named(adopted.name));
  for (const [r, to] of registers) names.set(`r${r}`, named(`r${to}`));
  return (name, span) => names.get(name)?.(span);
}

/** A copy of a callee node (and of its regions) in the caller, rewritten, marked as inlined code. */
function copyInto(node: Node, fn: FunctionIR, region: Region, r: Rewriter, siteOf: (n: Node) => number, call: CallNode, allocs: ReadonlyMap<AllocInfo, AllocInfo>): Node {
  // As deep as the call, plus the inlinings the node had in the callee, plus this one.
  const inlined: InlineOrigin = { from: node.inlined?.from ?? node.fn, site: siteOf(node), depth: (call.inlined?.depth ?? 0) + (node.inlined?.depth ?? 0) + 1 };
  // A copy's id says where it came from and which call it replaced: stable across runs of the pipeline.
  const id = `${node.id} in ${call.id}`;
  const copy = { ...node, ...rewriteNodeFields(node, r), id, fn, region, inlined } as Mutable<Node>;
  const sub = (from: Region, owner: Node): Region => {
    const fresh: Region = { kind: from.kind, nodes: NO_NODES, fn, owner: owner as Region['owner'], parent: region, end: from.end };
    // A block's allocations stay its own in the copy: the caller's adopted ones.
    if (from.allocs) fresh.allocs = from.allocs.map((a) => allocs.get(a)!);
    fresh.nodes = new ArrayNodes(from.nodes.toArray().map((n) => copyInto(n, fn, fresh, r, siteOf, call, allocs)));
    return fresh;
  };
  if (node.kind === 'for') (copy as { body: Region }).body = sub(node.body, copy as Node);
  if (node.kind === 'if') {
    (copy as { then: Region }).then = sub(node.then, copy as Node);
    if (node.else) (copy as { else?: Region }).else = sub(node.else, copy as Node);
  }
  return copy as Node;
}

/** Functions that can reach themselves through calls. */
function recursiveFunctions(program: Program): Set<FunctionIR> {
  const callees = new Map<FunctionIR, Set<FunctionIR>>();
  for (const fn of program.functions.values()) {
    const set = new Set<FunctionIR>();
    forEachNode(fn.body, (n) => {
      if (n.kind === 'call') set.add(n.callee);
    });
    callees.set(fn, set);
  }
  const out = new Set<FunctionIR>();
  for (const fn of program.functions.values()) {
    const seen = new Set<FunctionIR>();
    const stack = [...(callees.get(fn) ?? [])];
    while (stack.length) {
      const f = stack.pop()!;
      if (f === fn) {
        out.add(fn);
        break;
      }
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...(callees.get(f) ?? []));
    }
  }
  return out;
}
