/**
 * A large graph shown through its hierarchy: loop bodies and branch arms are regions, and a region (or the top
 * level) with more than MAX_DIRECT nodes of its own is cut into blocks of BLOCK_SIZE consecutive nodes; when that
 * makes more than MAX_DIRECT blocks (a compiled model of millions of instructions), the blocks are grouped into
 * sections of BLOCK_SIZE blocks, so that no level shows more than MAX_DIRECT boxes. An answer
 * holds the contents of the expanded regions only; a collapsed region stands for everything in it, and the edges
 * that reach into it end at the region, bundled with a count. So an answer stays small however large the function,
 * and a client expands what the user opens.
 */
import type { FunctionGraph, GraphEdge, GraphNode, GraphRegion } from '../../contract/graph';
import { nodeMatcher } from '../../contract/node-match';
import { CompactGraph } from './compact-graph';

/** Graphs up to this many nodes are answered whole unless regions are named. */
export const WHOLE_UP_TO = 10_000;
/** A level with more nodes of its own than this is cut into blocks. */
export const MAX_DIRECT = 2_000;
export const BLOCK_SIZE = 1_000;

/** The sizes above, as one value (tests give smaller ones). */
export interface HierarchyLimits {
  readonly maxDirect: number;
  readonly blockSize: number;
}

const LIMITS: HierarchyLimits = { maxDirect: MAX_DIRECT, blockSize: BLOCK_SIZE };

/**
 * Which regions' contents to include: 'all', or ids (the top level always is). An id is a region's (its contents are
 * included) or a node's (every region that holds it is, so the node is in the answer).
 */
export type Expansion = 'all' | readonly string[];

/** The graph with its blocks: every node's container is its innermost region, blocks included. */
interface Hierarchy {
  /** The graph's regions, then the blocks. */
  readonly regions: GraphRegion[];
  readonly regionIndex: ReadonlyMap<string, number>;
  /** Each region's enclosing region (an index into regions), -1 at the top level. */
  readonly parent: Int32Array;
  /** Nodes inside each region, nested ones included. */
  readonly sizes: Int32Array;
  /** Each node's innermost container (blocks included), -1 at the top level; by ordinal. */
  readonly containerOf: Int32Array;
  readonly limits: HierarchyLimits;
}

const hierarchies = new WeakMap<CompactGraph, Hierarchy>();

/** The part of a graph an expansion shows. A graph answered whole is the graph itself. */
export function expandGraph(
  g: CompactGraph,
  expand: Expansion | undefined,
  limits: HierarchyLimits = LIMITS,
): FunctionGraph & { readonly total: number; readonly complete: boolean } {
  const total = g.size;
  if (expand === 'all' || (expand === undefined && total <= WHOLE_UP_TO)) {
    return { function: g.function, nodes: g.nodes, regions: g.regions, edges: g.edges, total, complete: true };
  }
  const h = hierarchyOf(g, limits);
  const regionCount = h.regions.length;
  const open = new Uint8Array(regionCount);
  for (const id of expand ?? []) {
    const r = h.regionIndex.get(id);
    if (r !== undefined) open[r] = 1;
    // A node's id opens every region around it.
    else {
      const ord = g.ordOf(id);
      if (ord >= 0) for (let c = h.containerOf[ord]; c >= 0; c = h.parent[c]) open[c] = 1;
    }
  }
  // What stands for a region in the answer: itself when every region around it is open, else the outermost
  // closed region around it (which holds it, collapsed).
  const standIns = new Int32Array(regionCount).fill(-1);
  const regionStandIn = (r: number): number => {
    let s = standIns[r];
    if (s < 0) {
      const parent = h.parent[r];
      if (parent < 0) s = r;
      else {
        const p = regionStandIn(parent);
        s = p !== parent ? p : open[parent] ? r : parent;
      }
      standIns[r] = s;
    }
    return s;
  };
  // Each node's element in the answer: the node itself (its ordinal) or a collapsed region (size + its number).
  const stand = new Int32Array(total);
  const nodes: GraphNode[] = [];
  for (let ord = 0; ord < total; ord++) {
    const c = h.containerOf[ord];
    const r = c < 0 ? -1 : regionStandIn(c);
    if (c < 0 || (r === c && open[c])) {
      stand[ord] = ord;
      const n = g.node(ord);
      const region = c < 0 ? undefined : h.regions[c].id;
      nodes.push(n.region === region ? n : { ...n, region });
    } else {
      stand[ord] = total + r;
    }
  }
  const regions = h.regions
    .map((r, i) => ({ r, i }))
    .filter(({ i }) => regionStandIn(i) === i)
    .map(({ r, i }) => ({ ...r, size: h.sizes[i], collapsed: !open[i] }));
  return { function: g.function, nodes, regions, edges: bundle(g, h, stand), total, complete: false };
}

/**
 * Edges between shown elements: ends inside collapsed regions move to them; the same pair (and kind) once, with a count,
 * in the order of their first edge. Numbers, not strings, per edge: a graph may have millions.
 */
function bundle(g: CompactGraph, h: Hierarchy, stand: Int32Array): GraphEdge[] {
  const total = g.size;
  // A slot per element of the answer (a shown node or a collapsed region), in order of the nodes they hold.
  const slotOf = new Int32Array(total + h.regions.length).fill(-1);
  const elements: number[] = [];
  for (let ord = 0; ord < total; ord++) {
    const e = stand[ord];
    if (slotOf[e] < 0) slotOf[e] = elements.push(e) - 1;
  }
  const name = (slot: number): string => {
    const e = elements[slot];
    return e < total ? g.idOf(e) : h.regions[e - total].id;
  };
  const out = new Map<number, { first: number; from: number; to: number; count: number }>();
  const { from, to, kind } = g.edgeRows;
  for (let i = 0; i < from.length; i++) {
    const ea = stand[from[i]];
    const eb = stand[to[i]];
    // An edge inside a collapsed region is not shown (a node's edge to itself is).
    if (ea === eb && ea >= total) continue;
    const a = slotOf[ea];
    const b = slotOf[eb];
    const key = (a * elements.length + b) * 2 + kind[i];
    const seen = out.get(key);
    if (seen) seen.count++;
    else out.set(key, { first: i, from: a, to: b, count: 1 });
  }
  return [...out.values()].map((x) => {
    const e = g.edge(x.first);
    const edge = { from: name(x.from), to: name(x.to), kind: e.kind, label: e.label };
    return x.count === 1 ? edge : { ...edge, count: x.count };
  });
}

function hierarchyOf(g: CompactGraph, limits: HierarchyLimits): Hierarchy {
  let h = hierarchies.get(g);
  if (!h || h.limits !== limits) hierarchies.set(g, (h = buildHierarchy(g, limits)));
  return h;
}

/** Cuts crowded levels into blocks, then counts the nodes inside every region. */
function buildHierarchy(g: CompactGraph, limits: HierarchyLimits): Hierarchy {
  const { maxDirect, blockSize } = limits;
  const total = g.size;
  const own = g.regions.length;
  // Nodes of each container's own (the top level at `own`), and the containers in order of their first node.
  const direct = new Int32Array(own + 1);
  const containers: number[] = [];
  for (let ord = 0; ord < total; ord++) {
    const c = g.regionOf[ord] < 0 ? own : g.regionOf[ord];
    if (direct[c]++ === 0) containers.push(c);
  }
  const regions: GraphRegion[] = g.regions.slice();
  const parentIds: (string | undefined)[] = g.regions.map((r) => r.parent);
  // The first block of each crowded container; blocks (and sections) follow the graph's regions, container by container.
  const firstBlock = new Int32Array(own + 1).fill(-1);
  // The first and the last node of each block and section (by ordinal), for its label.
  const blockEnds: number[] = [];
  // Each section's region and the first and last of its blocks.
  const sections: [number, number, number][] = [];
  const add = (id: string, parentId: string | undefined): number => {
    regions.push({ id, kind: 'block', label: '', parent: parentId });
    parentIds.push(parentId);
    blockEnds.push(0, 0);
    return regions.length - 1;
  };
  for (const c of containers) {
    if (direct[c] <= maxDirect) continue;
    const container = c === own ? undefined : g.regions[c].id;
    const prefix = container ?? g.function;
    const blocks = Math.ceil(direct[c] / blockSize);
    // Too many blocks for one level: they go into sections, made first (a section before what it holds).
    const sectionIds: string[] = [];
    if (blocks > maxDirect) {
      for (let k = 0; k * blockSize < blocks; k++) {
        sectionIds.push(`${prefix}/section${k + 1}`);
        sections.push([add(sectionIds[k], container), 0, 0]);
      }
    }
    firstBlock[c] = regions.length;
    for (let k = 0; k < blocks; k++) {
      const block = add(`${prefix}/block${k + 1}`, sectionIds.length > 0 ? sectionIds[Math.floor(k / blockSize)] : container);
      if (sectionIds.length > 0) {
        const section = sections[sections.length - sectionIds.length + Math.floor(k / blockSize)];
        if (k % blockSize === 0) section[1] = block;
        section[2] = block;
      }
    }
  }
  const containerOf = Int32Array.from(g.regionOf);
  const seen = new Int32Array(own + 1);
  for (let ord = 0; ord < total; ord++) {
    const c = g.regionOf[ord] < 0 ? own : g.regionOf[ord];
    if (firstBlock[c] < 0) continue;
    const position = seen[c]++;
    const block = firstBlock[c] + Math.floor(position / blockSize);
    containerOf[ord] = block;
    if (position % blockSize === 0) blockEnds[(block - own) * 2] = ord;
    blockEnds[(block - own) * 2 + 1] = ord;
  }
  for (const [section, first, last] of sections) {
    blockEnds[(section - own) * 2] = blockEnds[(first - own) * 2];
    blockEnds[(section - own) * 2 + 1] = blockEnds[(last - own) * 2 + 1];
  }
  for (let b = own; b < regions.length; b++) {
    regions[b] = { ...regions[b], label: `lines ${g.lineOf(blockEnds[(b - own) * 2])}–${g.lineOf(blockEnds[(b - own) * 2 + 1])}` };
  }
  const regionIndex = new Map(regions.map((r, i) => [r.id, i]));
  // Regions owned by a node that moved into a block now sit in that block.
  for (let r = 0; r < own; r++) {
    const ownerIn = containerOf[g.ownerOf[r]];
    const ownerRegion = ownerIn < 0 ? undefined : regions[ownerIn].id;
    if (ownerRegion !== parentIds[r]) {
      regions[r] = { ...regions[r], parent: ownerRegion };
      parentIds[r] = ownerRegion;
    }
  }
  const parent = Int32Array.from(parentIds, (p) => (p === undefined ? -1 : regionIndex.get(p) ?? -1));
  return { regions, regionIndex, parent, sizes: regionSizes(containerOf, parent), containerOf, limits };
}

/** Nodes inside each region, nested ones included: each node counted in its container, then counts carried up. */
function regionSizes(containerOf: Int32Array, parent: Int32Array): Int32Array {
  const sizes = new Int32Array(parent.length);
  for (let ord = 0; ord < containerOf.length; ord++) if (containerOf[ord] >= 0) sizes[containerOf[ord]]++;
  const depth = new Int32Array(parent.length);
  for (let r = 0; r < parent.length; r++) for (let p = parent[r]; p >= 0; p = parent[p]) depth[r]++;
  // Deepest first: a region's count is complete before it is added to its parent's.
  const order = Array.from(parent.keys()).sort((a, b) => depth[b] - depth[a]);
  for (const r of order) if (parent[r] >= 0) sizes[parent[r]] += sizes[r];
  return sizes;
}

/** At most this many ids in an answer to `find`. */
export const FIND_LIMIT = 1_000;

/**
 * The nodes a search names, in program order, by the rule the graph view's search box follows too
 * (contract/node-match.ts: a line, a name, or part of a label or id).
 */
export function findNodes(g: CompactGraph | FunctionGraph, query: string, limit = FIND_LIMIT): { ids: string[]; total: number } {
  const match = nodeMatcher(query);
  const ids: string[] = [];
  let total = 0;
  if (!match) return { ids, total };
  // Node by node, none kept: a search of a large graph makes each node once and lets it go.
  const size = g instanceof CompactGraph ? g.size : g.nodes.length;
  for (let ord = 0; ord < size; ord++) {
    const n = g instanceof CompactGraph ? g.node(ord) : g.nodes[ord];
    if (!match(n)) continue;
    total++;
    if (ids.length < limit) ids.push(n.id);
  }
  return { ids, total };
}

