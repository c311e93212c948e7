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
import type { GraphNode, GraphRegion } from '../../contract/graph';
import { NODE_FOR, NODE_IF } from '../ir/code';
import { CodeNodes } from '../ir/node-list';
import { AttrValue, CallArg, ForNode, FunctionIR, IfNode, InstrNode, Node, Operand, Program, ProgramCode, Region } from '../ir/program';
import { evalScalarConst } from '../ir/scalar';
import { SourceText } from '../ir/source-text';
import { CompactGraph, EdgeRows, NodeSource } from './compact-graph';
import { Access, Effects } from './effects';
import { RowEffects } from './row-effects';
import { covers, Footprint, footprintLabel, isExact, overlap, scalarText } from './footprint';

export interface GraphOptions {
  /** Source texts (for the headers of loops and branches), DRAM names and constants of Print/Assert expressions. */
  readonly program?: Program;
  /** Shares callee summaries between the graphs of one program. */
  readonly effects?: Effects;
}

/** Longest node label; longer ones are cut with `…`. */
export const MAX_LABEL = 96;

export function buildGraph(fn: FunctionIR, options: GraphOptions = {}): CompactGraph {
  return new GraphBuilder(fn, options.program, options.effects ?? new Effects(options.program)).build();
}

/** The graph of every function of the program, in the program's order of functions. */
export function buildProgramGraphs(program: Program): CompactGraph[] {
  const effects = new Effects(program);
  return [...program.functions.values()].map((fn) => buildGraph(fn, { program, effects }));
}

/** The code a function's nodes are in: the program's, or (for a function given alone) its body's. */
function codeOf(fn: FunctionIR, program: Program | undefined): ProgramCode {
  if (program) return program.code;
  const nodes = fn.body.nodes;
  if (nodes instanceof CodeNodes) return nodes.code;
  throw new Error(`the graph of ${fn.fullName} needs its program: its nodes are not numbered`);
}

/** One SourceText per program's sources: a file's line starts are found once, whatever the graphs drawn. */
const sourceTexts = new WeakMap<ReadonlyMap<string, string>, SourceText>();

function sourceTextOf(program: Program | undefined): SourceText | undefined {
  if (!program) return undefined;
  let t = sourceTexts.get(program.sources);
  if (!t) sourceTexts.set(program.sources, (t = new SourceText(program.sources)));
  return t;
}

// ---- regions ----

interface RegionInfo {
  readonly region: Region;
  /** The graph region's number (an index into the graph's regions); -1 for the function body. */
  readonly num: number;
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
  return ca.region.owner !== undefined && cb.region.owner !== undefined && ca.region.owner.index === cb.region.owner.index && ca.region.owner.kind === 'if';
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

/** Above this many edges of one visit of a node, duplicates are found through a map instead of a scan. */
const SCAN_UP_TO = 16;

class GraphBuilder {
  private readonly code: ProgramCode;
  private readonly rows: RowEffects;
  /** By ordinal: the node's code index and its region's number. */
  private readonly indices: number[] = [];
  private readonly regionNums: number[] = [];
  private readonly regions: GraphRegion[] = [];
  private readonly owners: number[] = [];
  private readonly regionInfo = new Map<Region, RegionInfo>();
  private readonly describer: NodeDescriber;
  /** Edges as they are found (by reader visit; the walks of loop bodies again add some out of order). */
  private readonly edgeFrom: number[] = [];
  private readonly edgeTo: number[] = [];
  private readonly edgeKind: number[] = [];
  private readonly edgeLabel: number[] = [];
  /** Further distinct labels of an edge found again in one visit, by edge row. */
  private readonly edgeMore = new Map<number, string[]>();
  /** The first edge row of the node being visited, and (for a node with many) its edges by (from, kind). */
  private visitStart = 0;
  private readonly visitEdges = new Map<number, number>();
  private readonly labels: string[] = [];
  private readonly labelIndex = new Map<string, number>();
  private readonly footprintLabels = new Map<Footprint, number>();
  private readonly hiding: Footprint[] = [];
  private counter = 0;

  constructor(
    private readonly fn: FunctionIR,
    program: Program | undefined,
    analysis: Effects,
  ) {
    this.code = codeOf(fn, program);
    this.rows = new RowEffects(this.code, analysis);
    this.describer = new NodeDescriber(this.code, program, sourceTextOf(program), this.regions);
  }

  build(): CompactGraph {
    const root = this.describeRegion(this.fn.body, undefined, -1);
    this.describer.set(Int32Array.from(this.indices), Int32Array.from(this.regionNums));
    this.walkRegion(root, new Map(), false);
    return new CompactGraph(this.fn.fullName, this.regions, Int32Array.from(this.owners), this.describer.regionOf, this.sortedEdges(), this.describer);
  }

  // ---- nodes and regions, in program order ----

  private describeRegion(region: Region, parent: RegionInfo | undefined, num: number): RegionInfo {
    const info: RegionInfo = {
      region, num, parent, enter: this.counter++, exit: 0, effective: undefined as unknown as RegionInfo, first: this.indices.length, last: -1,
    };
    const owner = region.owner;
    info.effective = region.kind === 'loop' && owner?.kind === 'for' && parent && surelyRuns(owner) ? parent.effective : info;
    this.regionInfo.set(region, info);
    const list = region.nodes;
    for (let p = 0; p < list.length; p++) {
      const index = list.indexAt(p);
      const ord = this.indices.length;
      this.indices.push(index);
      this.regionNums.push(num);
      const kind = this.code.kindAt(index);
      if (kind !== NODE_FOR && kind !== NODE_IF) continue;
      const node = this.code.node(index) as ForNode | IfNode;
      if (node.kind === 'for') this.childRegion(node, ord, node.body, 'loop', info);
      else {
        this.childRegion(node, ord, node.then, 'then', info);
        if (node.else) this.childRegion(node, ord, node.else, 'else', info);
      }
    }
    info.exit = this.counter++;
    info.last = this.indices.length - 1;
    return info;
  }

  private childRegion(owner: ForNode | IfNode, ord: number, region: Region, kind: 'loop' | 'then' | 'else', parent: RegionInfo): void {
    const id = `${owner.id}/${kind}`;
    const header = this.describer.describe(owner, parent.num).label;
    const label = kind === 'loop' ? header : `${header} [${kind}]`;
    const num = this.regions.length;
    this.regions.push({ id, kind, label, owner: owner.id, ...(parent.num >= 0 ? { parent: this.regions[parent.num].id } : {}) });
    this.owners.push(ord);
    this.describeRegion(region, parent, num);
  }

  // ---- edges ----

  /**
   * Walks a region's nodes in program order. `replay` is the second walk of a loop body: only edges from
   * carried writes are added, and nested loops are walked once.
   */
  private walkRegion(info: RegionInfo, state: State, replay: boolean): void {
    const list = info.region.nodes;
    let ord = info.first;
    for (let p = 0; p < list.length; p++) {
      const index = list.indexAt(p);
      const eff = this.rows.of(index);
      this.visitStart = this.edgeTo.length;
      this.visitEdges.clear();
      for (const r of eff.reads) this.read(state, r, ord, info, replay);
      for (const w of eff.writes) this.write(state, w, ord, info);
      const kind = this.code.kindAt(index);
      if (kind === NODE_FOR) {
        const body = this.regionInfo.get((this.code.node(index) as ForNode).body)!;
        this.walkLoop(body, state, replay);
        ord = body.last + 1;
      } else if (kind === NODE_IF) {
        const node = this.code.node(index) as IfNode;
        const then = this.regionInfo.get(node.then)!;
        this.walkRegion(then, state, replay);
        let last = then.last;
        if (node.else) {
          const otherwise = this.regionInfo.get(node.else)!;
          this.walkRegion(otherwise, state, replay);
          last = otherwise.last;
        }
        ord = last + 1;
      } else {
        ord++;
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

  /** An edge into the node being visited; found again in the same visit, it gains the label if it is another. */
  private edge(from: number, to: number, kind: 'memory' | 'register', what: Footprint): void {
    const k = kind === 'memory' ? 0 : 1;
    const label = this.labelOf(what);
    const row = this.visitRow(from, k);
    if (row === undefined) {
      const i = this.edgeTo.length;
      this.edgeFrom.push(from);
      this.edgeTo.push(to);
      this.edgeKind.push(k);
      this.edgeLabel.push(label);
      if (i - this.visitStart >= SCAN_UP_TO) this.visitEdges.set(from * 2 + k, i);
      return;
    }
    if (this.edgeLabel[row] === label) return;
    const text = this.labels[label];
    const more = this.edgeMore.get(row);
    if (!more) this.edgeMore.set(row, [text]);
    else if (!more.includes(text)) more.push(text);
  }

  /** The row of this visit's edge from `from` of a kind, if there is one. */
  private visitRow(from: number, kind: number): number | undefined {
    const n = this.edgeTo.length;
    if (n - this.visitStart <= SCAN_UP_TO) {
      for (let i = this.visitStart; i < n; i++) if (this.edgeFrom[i] === from && this.edgeKind[i] === kind) return i;
      return undefined;
    }
    if (this.visitEdges.size === 0) {
      for (let i = this.visitStart; i < n; i++) this.visitEdges.set(this.edgeFrom[i] * 2 + this.edgeKind[i], i);
    }
    return this.visitEdges.get(from * 2 + kind);
  }

  private labelOf(fp: Footprint): number {
    let i = this.footprintLabels.get(fp);
    if (i === undefined) {
      i = this.intern(footprintLabel(fp));
      // Footprints an instruction's effects hold are shared by every instruction of its signature: worth keeping.
      if (this.footprintLabels.size < 65_536) this.footprintLabels.set(fp, i);
    }
    return i;
  }

  private intern(label: string): number {
    let i = this.labelIndex.get(label);
    if (i === undefined) {
      i = this.labels.push(label) - 1;
      this.labelIndex.set(label, i);
    }
    return i;
  }

  /**
   * The edges in order of the reader, then of the writer, memory before registers; one per (writer, reader, kind),
   * its labels those of every finding, in the order found. Readers are counted out (one pass), each reader's few
   * edges sorted in place.
   */
  private sortedEdges(): EdgeRows {
    const n = this.indices.length;
    const count = this.edgeTo.length;
    const starts = new Int32Array(n + 1);
    for (let i = 0; i < count; i++) starts[this.edgeTo[i] + 1]++;
    for (let r = 0; r < n; r++) starts[r + 1] += starts[r];
    const order = new Int32Array(count);
    const fill = starts.slice(0, n);
    for (let i = 0; i < count; i++) order[fill[this.edgeTo[i]]++] = i;
    const from = new Int32Array(count);
    const to = new Int32Array(count);
    const kind = new Uint8Array(count);
    const label = new Int32Array(count);
    let out = 0;
    for (let r = 0; r < n; r++) {
      const lo = starts[r];
      const hi = starts[r + 1];
      // Insertion sort by (writer, kind, the order found): a reader has few edges.
      for (let i = lo + 1; i < hi; i++) {
        const x = order[i];
        let j = i - 1;
        while (j >= lo && this.before(x, order[j])) {
          order[j + 1] = order[j];
          j--;
        }
        order[j + 1] = x;
      }
      for (let i = lo; i < hi;) {
        const first = order[i];
        let texts: string[] | undefined = this.edgeMore.has(first) ? [this.labels[this.edgeLabel[first]], ...this.edgeMore.get(first)!] : undefined;
        let j = i + 1;
        for (; j < hi && this.edgeFrom[order[j]] === this.edgeFrom[first] && this.edgeKind[order[j]] === this.edgeKind[first]; j++) {
          texts ??= [this.labels[this.edgeLabel[first]]];
          for (const t of [this.labels[this.edgeLabel[order[j]]], ...this.edgeMore.get(order[j]) ?? []]) if (!texts.includes(t)) texts.push(t);
        }
        from[out] = this.edgeFrom[first];
        to[out] = r;
        kind[out] = this.edgeKind[first];
        label[out] = texts && texts.length > 1 ? this.intern(texts.join(', ')) : this.edgeLabel[first];
        out++;
        i = j;
      }
    }
    return { from: from.slice(0, out), to: to.slice(0, out), kind: kind.slice(0, out), label: label.slice(0, out), labels: this.labels };
  }

  /** Edge row a goes before row b of the same reader. */
  private before(a: number, b: number): boolean {
    const fa = this.edgeFrom[a];
    const fb = this.edgeFrom[b];
    if (fa !== fb) return fa < fb;
    const ka = this.edgeKind[a];
    const kb = this.edgeKind[b];
    return ka !== kb ? ka < kb : a < b;
  }
}

/**
 * The GraphNodes of one function's graph, made one at a time from the program's code: id, label (the source text of
 * a loop's or a branch's header, a call's), span and region.
 */
class NodeDescriber implements NodeSource {
  private indices: Int32Array = new Int32Array(0);
  regionOf: Int32Array = new Int32Array(0);

  constructor(
    private readonly code: ProgramCode,
    private readonly program: Program | undefined,
    private readonly text: SourceText | undefined,
    private readonly regions: readonly GraphRegion[],
  ) {}

  /** The nodes' code indices and regions, by ordinal, once they are all known. */
  set(indices: Int32Array, regionOf: Int32Array): void {
    this.indices = indices;
    this.regionOf = regionOf;
  }

  node(ord: number): GraphNode {
    return this.describe(this.code.node(this.indices[ord]), this.regionOf[ord]);
  }

  idOf(ord: number): string {
    return this.code.idOf(this.indices[ord]);
  }

  lineOf(ord: number): number {
    return this.code.lineOf(this.indices[ord]);
  }

  describe(node: Node, regionNum: number): GraphNode {
    let out: { -readonly [K in keyof GraphNode]: GraphNode[K] };
    switch (node.kind) {
      case 'instr':
        if (node.members) {
          // A group the fuse pass made: its box lists what it computes.
          const label = `${node.group}: ${node.members.map((m) => m.opcode).join(' → ')}`;
          out = { id: node.id, kind: 'fused', opcode: 'Fused', engine: node.engine, label: cut(label), span: node.span, members: node.members.map((m) => m.id) };
        } else {
          out = { id: node.id, kind: 'instr', opcode: node.opcode, engine: node.engine, label: cut(instructionLabel(node)), span: node.span };
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
    if (regionNum >= 0) out.region = this.regions[regionNum].id;
    if (node.inlined) out.inlinedFrom = node.inlined.from.fullName;
    if (node.kind === 'instr') {
      // A fused group's result is what its last member writes.
      const dst = (node.members ? node.members[node.members.length - 1] : node).dst;
      if (dst?.kind === 'tensor') out.destination = dst.ap.text;
    }
    return out;
  }

  private argText(a: CallArg): string {
    return a.kind === 'tensor' ? a.ap.text : this.sourceOf(a.span) ?? scalarText(a.expr);
  }

  /** The source text of a node's span (the header of `for` and `if`, the whole `call`), one line. */
  private source(node: Node): string | undefined {
    return this.sourceOf(node.span);
  }

  private sourceOf(span: Node['span']): string | undefined {
    if (!this.text || this.program?.sources.get(span.file) === undefined) return undefined;
    const out = this.text.of(span).replace(/\s+/g, ' ').trim();
    return out.length > 0 ? out : undefined;
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
