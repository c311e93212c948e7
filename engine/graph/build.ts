/**
 * The dataflow graph of a function: a node per IR node (nested regions included), a region per loop body and
 * branch arm, and read-after-write edges through memory and registers.
 *
 * Edges. For each read of a node, walking back over the earlier writes of the same location (most recent
 * first): every write whose footprint overlaps the read gives an edge labelled with the overlap, unless a write
 * already passed (later, and sure to have run before the read) covers that overlap; a write that covers the
 * whole read ends the walk. "Sure to have run before the read" means the write's region encloses the read's:
 * a write in a branch arm, or in a loop that may run no times, does not hide what was written before it from
 * reads after the `if` or the loop. A loop whose bounds are constants and that runs at least once counts as
 * sure. Branch arms of the same `if` never see each other's writes.
 *
 * Loop-carried edges. A read inside a loop body also sees the writes of the previous iteration: the writes of
 * the body that survive to its end. After the body is walked once, its surviving writes seed a second walk of
 * the body (one more walk per enclosing loop, so the cost is the program's size times its loop depth), which
 * adds only the edges from those carried writes, the ones an earlier write of the same iteration does not hide.
 * Such an edge may go back in program order, or from a node to itself (`TensorScalar a <- a` in a loop).
 *
 * Efficiency: per location, the list of writes that may still be seen; a write that surely covers an earlier
 * one (and surely runs after it) removes it, so lists stay short for the usual tiled code.
 */
import type { FunctionGraph, GraphEdge, GraphNode, GraphRegion } from '../../contract/graph';
import { AttrValue, CallArg, ForNode, FunctionIR, IfNode, InstrNode, Node, Operand, Program, Region } from '../ir/program';
import { evalScalarConst } from '../ir/scalar';
import { Access, Effects, NodeEffects } from './effects';
import { covers, Footprint, footprintLabel, isExact, overlap, scalarText } from './footprint';

export interface GraphOptions {
  /** Source texts (for the headers of loops and branches), DRAM names and constants of Print/Assert expressions. */
  readonly program?: Program;
  /** Shares callee summaries between the graphs of one program. */
  readonly effects?: Effects;
}

/** Longest node label; longer ones are cut with `…`. */
export const MAX_LABEL = 96;

export function buildGraph(fn: FunctionIR, options: GraphOptions = {}): FunctionGraph {
  return new GraphBuilder(fn, options.program, options.effects ?? new Effects(options.program)).build();
}

/** The graph of every function of the program, in the program's order of functions. */
export function buildProgramGraphs(program: Program): FunctionGraph[] {
  const effects = new Effects(program);
  return [...program.functions.values()].map((fn) => buildGraph(fn, { program, effects }));
}

// ---- regions ----

interface RegionInfo {
  readonly region: Region;
  /** The graph region's id; undefined for the function body. */
  readonly id?: string;
  readonly parent?: RegionInfo;
  /** Preorder numbering of the region tree: a encloses b when a.enter <= b.enter && b.exit <= a.exit. */
  readonly enter: number;
  exit: number;
  /** The outermost region whose every run runs this one: up through loops that surely run. */
  effective: RegionInfo;
  /** Ordinals (positions in the graph's node list) of the first and last node inside; empty when first > last. */
  first: number;
  last: number;
}

function encloses(a: RegionInfo, b: RegionInfo): boolean {
  return a.enter <= b.enter && b.exit <= a.exit;
}

/** True when a and b are inside the two arms of one `if`: one run never runs both. */
function exclusive(a: RegionInfo, b: RegionInfo): boolean {
  if (encloses(a, b) || encloses(b, a)) return false;
  let ca = a;
  while (ca.parent && !encloses(ca.parent, b)) ca = ca.parent;
  let cb = b;
  while (cb.parent && !encloses(cb.parent, a)) cb = cb.parent;
  return ca.region.owner !== undefined && ca.region.owner === cb.region.owner && ca.region.owner.kind === 'if';
}

/** A loop with constant bounds that runs at least once. */
function surelyRuns(node: ForNode): boolean {
  const from = evalScalarConst(node.from);
  const to = evalScalarConst(node.to);
  const step = evalScalarConst(node.step);
  if (from === undefined || to === undefined || step === undefined || !Number.isFinite(from) || !Number.isFinite(to)) return false;
  return step > 0 ? from < to : step < 0 ? from > to : false;
}

// ---- the walk ----

interface Entry {
  readonly ord: number;
  readonly fp: Footprint;
  readonly region: RegionInfo;
  readonly may: boolean;
  /** Seeded from the previous iteration of the loop being walked again. */
  readonly carried: boolean;
}

type State = Map<string, Entry[]>;

class GraphBuilder {
  private readonly nodes: GraphNode[] = [];
  private readonly regions: GraphRegion[] = [];
  /** Effects of nodes inside loops (walked again); others are computed when walked and dropped. */
  private readonly effects = new Map<number, NodeEffects>();
  private readonly ordOf = new Map<number, number>();
  private readonly regionInfo = new Map<Region, RegionInfo>();
  /** Edges as parallel arrays (a long function has tens of thousands), found by key = (from·n + to)·2 + kind. */
  private readonly edgeIndex = new Map<number, number>();
  private readonly edgeKeys: number[] = [];
  private readonly edgeLabels: string[] = [];
  private readonly edgeMore: (string[] | undefined)[] = [];
  private readonly lines = new Map<string, string[]>();
  private readonly hiding: Footprint[] = [];
  private counter = 0;

  constructor(
    private readonly fn: FunctionIR,
    private readonly program: Program | undefined,
    private readonly analysis: Effects,
  ) {}

  build(): FunctionGraph {
    const root = this.describeRegion(this.fn.body, undefined, undefined);
    this.walkRegion(root, new Map(), false);
    // In order of the reader, then of the writer, memory before registers.
    const n = this.nodes.length;
    const order = Float64Array.from(this.edgeKeys, (key) => {
      const kind = key % 2;
      const pair = (key - kind) / 2;
      const from = Math.floor(pair / n);
      return ((pair - from * n) * n + from) * 2 + kind;
    }).sort();
    const edges: GraphEdge[] = [];
    for (const sortKey of order) {
      const kind = sortKey % 2;
      const pair = (sortKey - kind) / 2;
      const to = Math.floor(pair / n);
      const from = pair - to * n;
      const i = this.edgeIndex.get((from * n + to) * 2 + kind)!;
      const more = this.edgeMore[i];
      edges.push({
        from: this.nodes[from].id, to: this.nodes[to].id, kind: kind === 0 ? 'memory' : 'register',
        label: more ? [this.edgeLabels[i], ...more].join(', ') : this.edgeLabels[i],
      });
    }
    return { function: this.fn.fullName, nodes: this.nodes, regions: this.regions, edges };
  }

  // ---- nodes and regions, in program order ----

  private describeRegion(region: Region, parent: RegionInfo | undefined, id: string | undefined): RegionInfo {
    const info: RegionInfo = {
      region, id, parent, enter: this.counter++, exit: 0, effective: undefined as unknown as RegionInfo, first: this.nodes.length, last: -1,
    };
    const owner = region.owner;
    info.effective = region.kind === 'loop' && owner?.kind === 'for' && parent && surelyRuns(owner) ? parent.effective : info;
    this.regionInfo.set(region, info);
    for (const node of region.nodes) {
      const ord = this.nodes.length;
      this.ordOf.set(node.index, ord);
      this.nodes.push(this.graphNode(node, id));
      if (node.kind === 'for') this.childRegion(node, node.body, 'loop', info);
      if (node.kind === 'if') {
        this.childRegion(node, node.then, 'then', info);
        if (node.else) this.childRegion(node, node.else, 'else', info);
      }
    }
    info.exit = this.counter++;
    info.last = this.nodes.length - 1;
    return info;
  }

  private childRegion(owner: ForNode | IfNode, region: Region, kind: 'loop' | 'then' | 'else', parent: RegionInfo): void {
    const id = `${owner.id}/${kind}`;
    const header = this.nodes[this.ordOf.get(owner.index)!].label;
    const label = kind === 'loop' ? header : `${header} [${kind}]`;
    this.regions.push({ id, kind, label, owner: owner.id, ...(parent.id !== undefined ? { parent: parent.id } : {}) });
    this.describeRegion(region, parent, id);
  }

  private graphNode(node: Node, region: string | undefined): GraphNode {
    let out: { -readonly [K in keyof GraphNode]: GraphNode[K] };
    switch (node.kind) {
      case 'instr':
        if (node.members) {
          // A group the fuse pass made: its box lists what it computes.
          const label = `${node.group}: ${node.members.map((m) => m.opcode).join(' → ')}`;
          out = { id: node.id, kind: 'fused', opcode: 'Fused', engine: node.engine, label: cut(label), span: node.span, members: node.members.map((m) => m.id) };
        } else {
          out = { id: node.id, kind: 'instr', opcode: node.opcode, engine: node.engine, label: cut(this.instrLabel(node)), span: node.span };
        }
        break;
      case 'for':
        out = { id: node.id, kind: 'for', opcode: 'for', engine: 'SP', label: cut(this.source(node) ?? forHeader(node)), span: node.span };
        break;
      case 'if':
        out = { id: node.id, kind: 'if', opcode: 'if', engine: 'SP', label: cut(this.source(node) ?? `if ${scalarText(node.cond)}`), span: node.span };
        break;
      case 'call': {
        const name = node.callee.module === node.fn.module ? node.callee.name : node.callee.fullName;
        const label = this.source(node) ?? `call ${name}(${node.args.map((a) => this.argText(a)).join(', ')})`;
        out = { id: node.id, kind: 'call', opcode: 'call', engine: 'SP', label: cut(label), span: node.span };
        out.callee = node.callee.fullName;
        break;
      }
      case 'return':
        out = { id: node.id, kind: 'return', opcode: 'return', engine: 'SP', label: 'return', span: node.span };
        break;
    }
    if (region !== undefined) out.region = region;
    if (node.inlined) out.inlinedFrom = node.inlined.from.fullName;
    if (node.kind === 'instr') {
      // A fused group's result is what its last member writes.
      const dst = (node.members ? node.members[node.members.length - 1] : node).dst;
      if (dst?.kind === 'tensor') out.destination = dst.ap.text;
    }
    return out;
  }

  private instrLabel(node: InstrNode): string {
    return instructionLabel(node);
  }

  private argText(a: CallArg): string {
    return a.kind === 'tensor' ? a.ap.text : this.sourceOf(a.span) ?? scalarText(a.expr);
  }

  /** The source text of a node's span (the header of `for` and `if`, the whole `call`), one line. */
  private source(node: Node): string | undefined {
    return this.sourceOf(node.span);
  }

  private sourceOf(span: Node['span']): string | undefined {
    const text = this.program?.sources.get(span.file);
    if (text === undefined) return undefined;
    let lines = this.lines.get(span.file);
    if (!lines) {
      lines = text.split(/\r?\n/);
      this.lines.set(span.file, lines);
    }
    const parts: string[] = [];
    for (let l = span.line; l <= span.endLine; l++) {
      const line = lines[l - 1];
      if (line === undefined) return undefined;
      const from = l === span.line ? span.col - 1 : 0;
      const to = l === span.endLine ? span.endCol - 1 : line.length;
      parts.push(line.slice(from, to));
    }
    const out = parts.join(' ').replace(/\s+/g, ' ').trim();
    return out.length > 0 ? out : undefined;
  }

  // ---- edges ----

  /**
   * Walks a region's nodes in program order. `replay` is the second walk of a loop body: only edges from
   * carried writes are added, and nested loops are walked once.
   */
  private walkRegion(info: RegionInfo, state: State, replay: boolean): void {
    for (const node of info.region.nodes) {
      const ord = this.ordOf.get(node.index)!;
      let eff = this.effects.get(ord);
      if (!eff) {
        eff = this.analysis.nodeEffects(node);
        if (info.region.kind !== 'body') this.effects.set(ord, eff);
      }
      for (const r of eff.reads) this.read(state, r, ord, info, replay);
      for (const w of eff.writes) this.write(state, w, ord, info);
      if (node.kind === 'for') this.walkLoop(this.regionInfo.get(node.body)!, state, replay);
      if (node.kind === 'if') {
        this.walkRegion(this.regionInfo.get(node.then)!, state, replay);
        if (node.else) this.walkRegion(this.regionInfo.get(node.else)!, state, replay);
      }
    }
  }

  private walkLoop(body: RegionInfo, state: State, replay: boolean): void {
    this.walkRegion(body, state, replay);
    if (replay) return;
    // The writes of the body still visible at its end (a suffix of each list: entries are in program order).
    const carried: State = new Map();
    for (const [key, list] of state) {
      let i = list.length;
      while (i > 0 && list[i - 1].ord >= body.first && list[i - 1].ord <= body.last) i--;
      if (i < list.length) carried.set(key, list.slice(i).map((e) => ({ ...e, carried: true })));
    }
    if (carried.size > 0) this.walkRegion(body, carried, true);
  }

  private read(state: State, access: Access, ord: number, region: RegionInfo, replay: boolean): void {
    const list = state.get(access.fp.key);
    if (!list) return;
    const kind = access.fp.kind;
    // Writes passed in the walk that surely ran between the earlier ones and this read.
    const hiding = this.hiding;
    hiding.length = 0;
    for (let i = list.length - 1; i >= 0; i--) {
      const e = list[i];
      if (!e.carried && exclusive(e.region, region)) continue;
      const o = overlap(e.fp, access.fp);
      if (!o) continue;
      if (!replay || e.carried) {
        let hidden = false;
        for (let h = 0; h < hiding.length && !hidden; h++) hidden = covers(hiding[h], o);
        if (!hidden) this.edge(e.ord, ord, kind, o);
      }
      if (e.carried || e.may || !encloses(e.region.effective, region)) continue;
      if (covers(e.fp, access.fp)) break;
      if (isExact(e.fp)) hiding.push(e.fp);
    }
  }

  private write(state: State, access: Access, ord: number, region: RegionInfo): void {
    let list = state.get(access.fp.key);
    if (!list) {
      list = [];
      state.set(access.fp.key, list);
    }
    const may = access.may === true;
    if (!may && isExact(access.fp)) {
      // Earlier writes this one surely follows and covers are never seen again.
      const eff = region.effective;
      let keep = 0;
      for (let i = 0; i < list.length; i++) {
        const e = list[i];
        if (!(!e.carried && encloses(eff, e.region) && covers(access.fp, e.fp))) list[keep++] = e;
      }
      list.length = keep;
    }
    list.push({ ord, fp: access.fp, region, may, carried: false });
  }

  private edge(from: number, to: number, kind: 'memory' | 'register', what: Footprint): void {
    const key = (from * this.nodes.length + to) * 2 + (kind === 'memory' ? 0 : 1);
    const label = footprintLabel(what);
    const i = this.edgeIndex.get(key);
    if (i === undefined) {
      this.edgeIndex.set(key, this.edgeKeys.length);
      this.edgeKeys.push(key);
      this.edgeLabels.push(label);
      this.edgeMore.push(undefined);
    } else if (this.edgeLabels[i] !== label && !this.edgeMore[i]?.includes(label)) {
      (this.edgeMore[i] ??= []).push(label);
    }
  }
}

/** An instruction as the graph view and the disassembly show it: `Activation out <- x, func = exp`. */
export function instructionLabel(node: InstrNode): string {
  const ops = node.srcs.map(operandText);
  for (const [name, v] of node.attrs) ops.push(`${name} = ${attrText(v)}`);
  if (node.opcode === 'Set' && node.dst) return `Set ${operandText(node.dst)} = ${ops.join(', ')}`;
  const head = node.dst ? `${node.opcode} ${operandText(node.dst)} <-` : node.opcode;
  return ops.length > 0 ? `${head} ${ops.join(', ')}` : head;
}

export function forHeader(node: ForNode): string {
  const step = evalScalarConst(node.step);
  return `for r${node.register} in ${scalarText(node.from)}..${scalarText(node.to)}${step === 1 ? '' : ` step ${scalarText(node.step)}`}`;
}

function operandText(o: Operand): string {
  switch (o.kind) {
    case 'tensor': return o.ap.text;
    case 'scalar': return o.text;
    case 'register': return `r${o.index}`;
    case 'string': return JSON.stringify(o.value);
    case 'eval': return o.text;
  }
}

function attrText(v: AttrValue): string {
  return v.kind === 'word' ? v.word : operandText(v.operand);
}

function cut(label: string): string {
  const one = label.includes('\n') ? label.replace(/\s*\n\s*/g, ' ') : label;
  return one.length <= MAX_LABEL ? one : `${one.slice(0, MAX_LABEL - 1)}…`;
}
