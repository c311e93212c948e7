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
import { int32s, uint8s } from '../ir/columns';
import { CodeNodes } from '../ir/node-list';
import { AttrValue, CallArg, ForNode, FunctionIR, IfNode, InstrNode, Node, Operand, Program, ProgramCode, Region } from '../ir/program';
import { evalScalarConst } from '../ir/scalar';
import { SourceText } from '../ir/source-text';
import { CompactGraph, EdgeRows, NodeSource } from './compact-graph';
import { ChunkMemo, ChunkTemplate, ChunkWrites, Chunking, CHUNKING, chunkHash, cutsAt, ExposedRead, rollHash } from './chunk-memo';
import { Access, Effects } from './effects';
import { RowEffects } from './row-effects';
import { covers, Footprint, footprintLabel, isExact, overlap, scalarText } from './footprint';

export interface GraphOptions {
  /** Source texts (for the headers of loops and branches), DRAM names and constants of Print/Assert expressions. */
  readonly program?: Program;
  /** Shares callee summaries between the graphs of one program. */
  readonly effects?: Effects;
  /** How runs of repeated straight-line code are cut and replayed (chunk-memo.ts); false walks every node. */
  readonly chunking?: Chunking | false;
  /** Counts the nodes whose walk was replayed (for tests and benchmarks). */
  readonly stats?: { replayed: number };
}

/** Longest node label; longer ones are cut with `…`. */
export const MAX_LABEL = 96;

export function buildGraph(fn: FunctionIR, options: GraphOptions = {}): CompactGraph {
  const chunking = options.chunking === undefined ? CHUNKING : options.chunking;
  return new GraphBuilder(fn, options.program, options.effects ?? new Effects(options.program), chunking, options.stats).build();
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

/** What the walk of a chunk being recorded notes beside its edges. */
interface Recording {
  /** The chunk's first ordinal. */
  readonly start: number;
  readonly exposed: ExposedRead[];
  readonly kills: Map<string, Footprint[]>;
  /** Locations the chunk writes. */
  readonly keys: Set<string>;
}

/** Above this many edges of one visit of a node, duplicates are found through a map instead of a scan. */
const SCAN_UP_TO = 16;

class GraphBuilder {
  private readonly code: ProgramCode;
  private readonly rows: RowEffects;
  /** By ordinal: the node's code index and its region's number. */
  private readonly indices = int32s();
  private readonly regionNums = int32s();
  private readonly regions: GraphRegion[] = [];
  private readonly owners: number[] = [];
  private readonly regionInfo = new Map<Region, RegionInfo>();
  private readonly describer: NodeDescriber;
  /** Edges as they are found (by reader visit; the walks of loop bodies again add some out of order). */
  private readonly edgeFrom = int32s();
  private readonly edgeTo = int32s();
  private readonly edgeKind = uint8s();
  private readonly edgeLabel = int32s();
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
  private readonly memo = new ChunkMemo();
  private recording: Recording | undefined;
  /** The copyOf of the chunk being walked (chunkAt). */
  private copies: Int32Array | undefined;

  constructor(
    private readonly fn: FunctionIR,
    program: Program | undefined,
    analysis: Effects,
    private readonly chunking: Chunking | false,
    private readonly stats: { replayed: number } | undefined,
  ) {
    this.code = codeOf(fn, program);
    this.rows = new RowEffects(this.code, analysis);
    this.describer = new NodeDescriber(this.code, program, sourceTextOf(program), this.regions);
  }

  build(): CompactGraph {
    const root = this.describeRegion(this.fn.body, undefined, -1);
    this.describer.set(this.indices.seal(), this.regionNums.seal());
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
    const label = kind === 'loop' ? header : owner.kind === 'if' && owner.block ? `block @${owner.span.line}` : `${header} [${kind}]`;
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
    // The function's own level is where a compiled model's straight-line code is: walked in chunks there.
    const chunked = this.chunking !== false && !replay && info.parent === undefined;
    let ord = info.first;
    for (let p = 0; p < list.length;) {
      const index = list.indexAt(p);
      if (chunked && !this.code.isObject(index)) {
        const n = this.chunkAt(list, p);
        this.walkChunk(info, state, list, p, ord, n);
        p += n;
        ord += n;
        continue;
      }
      ord = this.visit(info, state, replay, index, ord);
      p++;
    }
  }

  /** Walks one node (and the regions it owns); the ordinal after it and its regions. */
  private visit(info: RegionInfo, state: State, replay: boolean, index: number, ord: number): number {
    const eff = this.rows.of(index);
    this.visitStart = this.edgeTo.length;
    this.visitEdges.clear();
    for (const r of eff.reads) this.read(state, r, ord, info, replay);
    for (const w of eff.writes) this.write(state, w, ord, info);
    const kind = this.code.kindAt(index);
    if (kind === NODE_FOR) {
      const body = this.regionInfo.get((this.code.node(index) as ForNode).body)!;
      this.walkLoop(body, state, replay);
      return body.last + 1;
    }
    if (kind === NODE_IF) {
      const node = this.code.node(index) as IfNode;
      const then = this.regionInfo.get(node.then)!;
      this.walkRegion(then, state, replay);
      let last = then.last;
      if (node.else) {
        const otherwise = this.regionInfo.get(node.else)!;
        this.walkRegion(otherwise, state, replay);
        last = otherwise.last;
      }
      return last + 1;
    }
    return ord + 1;
  }

  // ---- chunks of straight-line code (chunk-memo.ts) ----

  /** The chunk of plain instructions from position p: its length; its nodes' copyOf in `copies`. */
  private chunkAt(list: Region['nodes'], p: number): number {
    const { min, mask, max } = this.chunking as Chunking;
    const copies = (this.copies ??= new Int32Array(max));
    let n = 0;
    let h = 0;
    for (let q = p; q < list.length && n < max; q++) {
      const index = list.indexAt(q);
      if (this.code.isObject(index)) break;
      const copy = this.code.copyOf(index);
      copies[n++] = copy;
      h = rollHash(h, copy);
      // Past 32 nodes the hash no longer depends on where the chunk began (min is larger).
      if (n >= min && cutsAt(h, mask)) break;
    }
    return n;
  }

  /** A chunk of n nodes replayed from its template, or walked (and recorded when it is seen again). */
  private walkChunk(info: RegionInfo, state: State, list: Region['nodes'], p: number, ord: number, n: number): void {
    const copies = this.copies!.subarray(0, n);
    const hash = chunkHash(copies);
    const template = this.memo.find(hash, copies);
    if (template) {
      if (this.stats) this.stats.replayed += n;
      this.replayChunk(template, info, state, ord);
      return;
    }
    const record = this.memo.worthRecording(hash);
    if (record) this.recording = { start: ord, exposed: [], kills: new Map(), keys: new Set() };
    const firstRow = this.edgeTo.length;
    for (let i = 0; i < n; i++) this.visit(info, state, false, list.indexAt(p + i), ord + i);
    if (record) {
      this.memo.add(hash, this.templateOf(copies.slice(), firstRow, state));
      this.recording = undefined;
    }
  }

  /** The recorded chunk as a template: its own edges, exposed reads, and the writes it leaves. */
  private templateOf(copies: Int32Array, firstRow: number, state: State): ChunkTemplate {
    const rec = this.recording!;
    const start = rec.start;
    const from: number[] = [];
    const to: number[] = [];
    const kind: number[] = [];
    const label: number[] = [];
    const more = new Map<number, string[]>();
    for (let row = firstRow; row < this.edgeTo.length; row++) {
      if (this.edgeFrom.get(row) < start) continue;
      const extra = this.edgeMore.get(row);
      if (extra) more.set(from.length, extra);
      from.push(this.edgeFrom.get(row) - start);
      to.push(this.edgeTo.get(row) - start);
      kind.push(this.edgeKind.get(row));
      label.push(this.edgeLabel.get(row));
    }
    const writes = new Map<string, ChunkWrites>();
    for (const key of rec.keys) {
      const list = state.get(key)!;
      let i = list.length;
      while (i > 0 && list[i - 1].ord >= start) i--;
      const survivors = list.slice(i).map((e) => ({ rel: e.ord - start, fp: e.fp, may: e.may }));
      writes.set(key, new ChunkWrites(rec.kills.get(key) ?? [], survivors));
    }
    return {
      copies, from: Int32Array.from(from), to: Int32Array.from(to), kind: Uint8Array.from(kind), label: Int32Array.from(label),
      more, exposed: rec.exposed, writes,
    };
  }

  /**
   * A repeat of a recorded chunk at ordinal `start`: its own edges copied, its exposed reads walked back over the
   * writes before it (none of the chunk's are in the state yet), then its writes applied as write() would have.
   */
  private replayChunk(t: ChunkTemplate, info: RegionInfo, state: State, start: number): void {
    // Edges in order of their reader, as a walk finds them: the chunk's own edges into a reader, then its exposed reads'.
    let copied = 0;
    const exposed = t.exposed;
    for (let x = 0; x < exposed.length;) {
      const reader = exposed[x].rel;
      copied = this.copyEdges(t, start, copied, reader + 1);
      this.visitStart = this.edgeTo.length;
      this.visitEdges.clear();
      for (; x < exposed.length && exposed[x].rel === reader; x++) this.read(state, exposed[x].access, start + reader, info, false, exposed[x].hiding);
    }
    this.copyEdges(t, start, copied, Infinity);
    const eff = info.effective;
    for (const [key, w] of t.writes) {
      let list = state.get(key);
      if (!list) state.set(key, (list = []));
      if (w.kills.length > 0) {
        let keep = 0;
        for (let i = 0; i < list.length; i++) {
          const e = list[i];
          if (!(!e.carried && encloses(eff, e.region) && w.kill(e.fp))) list[keep++] = e;
        }
        list.length = keep;
      }
      for (const s of w.survivors) list.push({ ord: start + s.rel, fp: s.fp, region: info, may: s.may, carried: false });
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

  /** `hidden`: writes of a replayed chunk that hide what they cover (their walk was recorded). */
  private read(state: State, access: Access, ord: number, region: RegionInfo, replay: boolean, hidden?: readonly Footprint[]): void {
    const list = state.get(access.fp.key);
    // A chunk being recorded notes where its walk leaves it, with the chunk's writes it passed.
    const rec = this.recording;
    if (!list) {
      if (rec) rec.exposed.push({ rel: ord - rec.start, access, hiding: [] });
      return;
    }
    const kind = access.fp.kind;
    // Writes passed in the walk that surely ran between the earlier ones and this read.
    const hiding = this.hiding;
    hiding.length = 0;
    if (hidden) for (const h of hidden) hiding.push(h);
    let inside = rec !== undefined;
    for (let i = list.length - 1; i >= 0; i--) {
      const e = list[i];
      if (inside && e.ord < rec!.start) {
        rec!.exposed.push({ rel: ord - rec!.start, access, hiding: hiding.slice() });
        inside = false;
      }
      if (!e.carried && exclusive(e.region, region)) continue;
      const o = overlap(e.fp, access.fp);
      if (!o) continue;
      if (!replay || e.carried) {
        let hidden = false;
        for (let h = 0; h < hiding.length && !hidden; h++) hidden = covers(hiding[h], o);
        if (!hidden) this.edge(e.ord, ord, kind, o);
      }
      if (e.carried || e.may || !encloses(e.region.effective, region)) continue;
      if (covers(e.fp, access.fp)) return;
      if (isExact(e.fp)) hiding.push(e.fp);
    }
    // The walk ran out inside the chunk: a repeat may find earlier writes where this one found none.
    if (inside) rec!.exposed.push({ rel: ord - rec!.start, access, hiding: hiding.slice() });
  }

  private write(state: State, access: Access, ord: number, region: RegionInfo): void {
    let list = state.get(access.fp.key);
    if (!list) {
      list = [];
      state.set(access.fp.key, list);
    }
    const may = access.may === true;
    const rec = this.recording;
    if (rec) {
      rec.keys.add(access.fp.key);
      if (!may && isExact(access.fp)) {
        const kills = rec.kills.get(access.fp.key);
        if (!kills) rec.kills.set(access.fp.key, [access.fp]);
        else if (!kills.includes(access.fp)) kills.push(access.fp);
      }
    }
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

  /** Copies a template's edges from row `from` on whose readers come before `before`; the row it stopped at. */
  private copyEdges(t: ChunkTemplate, start: number, from: number, before: number): number {
    let end = from;
    while (end < t.to.length && t.to[end] < before) end++;
    if (end === from) return end;
    const base = this.edgeTo.length - from;
    this.edgeFrom.pushRange(t.from, from, end, start);
    this.edgeTo.pushRange(t.to, from, end, start);
    this.edgeKind.pushRange(t.kind, from, end);
    this.edgeLabel.pushRange(t.label, from, end);
    if (t.more.size > 0) {
      for (let i = from; i < end; i++) {
        const extra = t.more.get(i);
        if (extra) this.edgeMore.set(base + i, extra);
      }
    }
    return end;
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
    if (this.edgeLabel.get(row) === label) return;
    const text = this.labels[label];
    const more = this.edgeMore.get(row);
    if (!more) this.edgeMore.set(row, [text]);
    else if (!more.includes(text)) more.push(text);
  }

  /** The row of this visit's edge from `from` of a kind, if there is one. */
  private visitRow(from: number, kind: number): number | undefined {
    const n = this.edgeTo.length;
    if (n - this.visitStart <= SCAN_UP_TO) {
      for (let i = this.visitStart; i < n; i++) if (this.edgeFrom.get(i) === from && this.edgeKind.get(i) === kind) return i;
      return undefined;
    }
    if (this.visitEdges.size === 0) {
      for (let i = this.visitStart; i < n; i++) this.visitEdges.set(this.edgeFrom.get(i) * 2 + this.edgeKind.get(i), i);
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
    const edgeFrom = this.edgeFrom.view();
    const edgeTo = this.edgeTo.view();
    const edgeKind = this.edgeKind.view();
    const edgeLabel = this.edgeLabel.view();
    const starts = new Int32Array(n + 1);
    let byReader = true;
    for (let i = 0; i < count; i++) {
      starts[edgeTo[i] + 1]++;
      if (i > 0 && edgeTo[i] < edgeTo[i - 1]) byReader = false;
    }
    for (let r = 0; r < n; r++) starts[r + 1] += starts[r];
    // Found in order of their readers (no loop walked again): the order is the rows'.
    const order = new Int32Array(count);
    if (byReader) for (let i = 0; i < count; i++) order[i] = i;
    else {
      const fill = starts.slice(0, n);
      for (let i = 0; i < count; i++) order[fill[edgeTo[i]]++] = i;
    }
    const from = new Int32Array(count);
    const to = new Int32Array(count);
    const kind = new Uint8Array(count);
    const label = new Int32Array(count);
    // Rows with further labels, as flags: few rows have them, and every row is asked.
    const hasMore = new Uint8Array(count);
    for (const row of this.edgeMore.keys()) hasMore[row] = 1;
    // Edge row a goes before row b of the same reader.
    const before = (a: number, b: number): boolean => {
      const fa = edgeFrom[a];
      const fb = edgeFrom[b];
      if (fa !== fb) return fa < fb;
      const ka = edgeKind[a];
      const kb = edgeKind[b];
      return ka !== kb ? ka < kb : a < b;
    };
    let out = 0;
    for (let r = 0; r < n; r++) {
      const lo = starts[r];
      const hi = starts[r + 1];
      // Insertion sort by (writer, kind, the order found): a reader has few edges.
      for (let i = lo + 1; i < hi; i++) {
        const x = order[i];
        let j = i - 1;
        while (j >= lo && before(x, order[j])) {
          order[j + 1] = order[j];
          j--;
        }
        order[j + 1] = x;
      }
      for (let i = lo; i < hi;) {
        const first = order[i];
        let texts: string[] | undefined = hasMore[first] ? [this.labels[edgeLabel[first]], ...this.edgeMore.get(first)!] : undefined;
        let j = i + 1;
        for (; j < hi && edgeFrom[order[j]] === edgeFrom[first] && edgeKind[order[j]] === edgeKind[first]; j++) {
          texts ??= [this.labels[edgeLabel[first]]];
          for (const t of [this.labels[edgeLabel[order[j]]], ...(hasMore[order[j]] ? this.edgeMore.get(order[j])! : [])]) if (!texts.includes(t)) texts.push(t);
        }
        from[out] = edgeFrom[first];
        to[out] = r;
        kind[out] = edgeKind[first];
        label[out] = texts && texts.length > 1 ? this.intern(texts.join(', ')) : edgeLabel[first];
        out++;
        i = j;
      }
    }
    if (out === count) return { from, to, kind, label, labels: this.labels };
    return { from: from.slice(0, out), to: to.slice(0, out), kind: kind.slice(0, out), label: label.slice(0, out), labels: this.labels };
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
