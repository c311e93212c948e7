/**
 * A large graph shown through its hierarchy: loop bodies and branch arms are regions, and a region (or the top
 * level) with more than MAX_DIRECT nodes of its own is cut into blocks of BLOCK_SIZE consecutive nodes. An answer
 * holds the contents of the expanded regions only; a collapsed region stands for everything in it, and the edges
 * that reach into it end at the region, bundled with a count. So an answer stays small however large the function,
 * and a client expands what the user opens.
 */
import type { FunctionGraph, GraphEdge, GraphNode, GraphRegion } from '../../contract/graph';
import { nodeMatcher } from '../../contract/node-match';

/** Graphs up to this many nodes are answered whole unless regions are named. */
export const WHOLE_UP_TO = 10_000;
/** A level with more nodes of its own than this is cut into blocks. */
export const MAX_DIRECT = 2_000;
export const BLOCK_SIZE = 1_000;

/**
 * Which regions' contents to include: 'all', or ids (the top level always is). An id is a region's (its contents are
 * included) or a node's (every region that holds it is, so the node is in the answer).
 */
export type Expansion = 'all' | readonly string[];

/** The graph with its blocks: every node's region is its innermost container, blocks included. */
interface Hierarchy {
  readonly nodes: readonly GraphNode[];
  readonly regions: ReadonlyMap<string, GraphRegion>;
  /** Nodes inside each region, nested ones included. */
  readonly sizes: ReadonlyMap<string, number>;
  /** Each node by id (with its innermost container, blocks included). */
  readonly byId: ReadonlyMap<string, GraphNode>;
}

const hierarchies = new WeakMap<FunctionGraph, Hierarchy>();

/** The part of a graph an expansion shows. A graph answered whole is the graph itself. */
export function expandGraph(g: FunctionGraph, expand: Expansion | undefined): FunctionGraph & { readonly total: number; readonly complete: boolean } {
  const total = g.nodes.length;
  if (expand === 'all' || (expand === undefined && total <= WHOLE_UP_TO)) return { ...g, total, complete: true };
  const h = hierarchyOf(g);
  const open = new Set(expand ?? []);
  // A node's id opens every region around it.
  for (const id of expand ?? []) {
    for (let r = h.byId.get(id)?.region; r !== undefined; r = h.regions.get(r)?.parent) open.add(r);
  }
  // What stands for a region in the answer: itself when every region around it is open, else the outermost
  // closed region around it (which holds it, collapsed).
  const standIns = new Map<string, string>();
  const regionStandIn = (id: string): string => {
    let s = standIns.get(id);
    if (s === undefined) {
      const parent = h.regions.get(id)!.parent;
      if (parent === undefined) s = id;
      else {
        const p = regionStandIn(parent);
        s = p !== parent ? p : open.has(parent) ? id : parent;
      }
      standIns.set(id, s);
    }
    return s;
  };
  const standIn = (n: GraphNode): string => {
    if (n.region === undefined) return n.id;
    const r = regionStandIn(n.region);
    return r === n.region && open.has(r) ? n.id : r;
  };
  const nodes = h.nodes.filter((n) => standIn(n) === n.id);
  const regions = [...h.regions.values()]
    .filter((r) => regionStandIn(r.id) === r.id)
    .map((r) => ({ ...r, size: h.sizes.get(r.id), collapsed: !open.has(r.id) }));
  return { function: g.function, nodes, regions, edges: bundle(g, h, h.nodes.map(standIn)), total, complete: false };
}

/** Each edge's ends as indices into the hierarchy's nodes (-1: not a node of the graph), made once per graph. */
const edgeEnds = new WeakMap<Hierarchy, { from: Int32Array; to: Int32Array }>();

/**
 * Edges between shown elements: ends inside collapsed regions move to them; the same pair (and kind) once, with a count,
 * in the order of their first edge. Numbers, not strings, per edge: a graph may have millions.
 */
function bundle(g: FunctionGraph, h: Hierarchy, standOf: readonly string[]): GraphEdge[] {
  let ends = edgeEnds.get(h);
  if (!ends) {
    const index = new Map(h.nodes.map((n, i) => [n.id, i]));
    ends = { from: new Int32Array(g.edges.length), to: new Int32Array(g.edges.length) };
    g.edges.forEach((e, i) => {
      ends!.from[i] = index.get(e.from) ?? -1;
      ends!.to[i] = index.get(e.to) ?? -1;
    });
    edgeEnds.set(h, ends);
  }
  // A slot per element of the answer (a shown node or a collapsed region).
  const slotOf = new Map<string, number>();
  const names: string[] = [];
  const slot = (name: string): number => {
    let s = slotOf.get(name);
    if (s === undefined) {
      slotOf.set(name, (s = names.length));
      names.push(name);
    }
    return s;
  };
  const nodeSlot = Int32Array.from(standOf, (name) => slot(name));
  const out = new Map<number, { first: number; from: number; to: number; count: number }>();
  const edges = g.edges;
  for (let i = 0; i < edges.length; i++) {
    const fi = ends.from[i];
    const ti = ends.to[i];
    const a = fi >= 0 ? nodeSlot[fi] : slot(edges[i].from);
    const b = ti >= 0 ? nodeSlot[ti] : slot(edges[i].to);
    // An edge inside a collapsed region is not shown (a node's edge to itself is).
    if (a === b && ((fi >= 0 && names[a] !== h.nodes[fi].id) || (ti >= 0 && names[b] !== h.nodes[ti].id))) continue;
    const key = (a * names.length + b) * 2 + (edges[i].kind === 'register' ? 1 : 0);
    const seen = out.get(key);
    if (seen) seen.count++;
    else out.set(key, { first: i, from: a, to: b, count: 1 });
  }
  return [...out.values()].map((x) => {
    const e = edges[x.first];
    const edge = { from: names[x.from], to: names[x.to], kind: e.kind, label: e.label };
    return x.count === 1 ? edge : { ...edge, count: x.count };
  });
}

function hierarchyOf(g: FunctionGraph): Hierarchy {
  let h = hierarchies.get(g);
  if (!h) hierarchies.set(g, (h = buildHierarchy(g)));
  return h;
}

/** Cuts crowded levels into blocks, then counts the nodes inside every region. */
function buildHierarchy(g: FunctionGraph): Hierarchy {
  const regions = new Map<string, GraphRegion>(g.regions.map((r) => [r.id, r]));
  const direct = new Map<string | undefined, GraphNode[]>();
  for (const n of g.nodes) {
    let list = direct.get(n.region);
    if (!list) direct.set(n.region, (list = []));
    list.push(n);
  }
  const regionOf = new Map<string, string | undefined>(g.nodes.map((n) => [n.id, n.region]));
  for (const [container, list] of direct) {
    if (list.length <= MAX_DIRECT) continue;
    for (let k = 0; k * BLOCK_SIZE < list.length; k++) {
      const members = list.slice(k * BLOCK_SIZE, (k + 1) * BLOCK_SIZE);
      const id = `${container ?? g.function}/block${k + 1}`;
      const first = members[0].span.line;
      const last = members[members.length - 1].span.line;
      regions.set(id, { id, kind: 'block', label: `lines ${first}–${last}`, parent: container });
      for (const m of members) regionOf.set(m.id, id);
    }
  }
  // Regions owned by a node that moved into a block now sit in that block.
  const byId = new Map(g.nodes.map((n) => [n.id, n]));
  for (const r of regions.values()) {
    if (r.kind === 'block' || r.owner === undefined) continue;
    const ownerRegion = regionOf.get(r.owner);
    if (ownerRegion !== r.parent && byId.has(r.owner)) regions.set(r.id, { ...r, parent: ownerRegion });
  }
  const nodes = g.nodes.map((n) => (regionOf.get(n.id) === n.region ? n : { ...n, region: regionOf.get(n.id) }));
  const sizes = new Map<string, number>();
  for (const n of nodes) {
    for (let r = n.region; r !== undefined; r = regions.get(r)?.parent) sizes.set(r, (sizes.get(r) ?? 0) + 1);
  }
  return { nodes, regions, sizes, byId: new Map(nodes.map((n) => [n.id, n])) };
}

/** At most this many ids in an answer to `find`. */
export const FIND_LIMIT = 1_000;

/**
 * The nodes a search names, in program order, by the rule the graph view's search box follows too
 * (contract/node-match.ts: a line, a name, or part of a label or id).
 */
export function findNodes(g: FunctionGraph, query: string, limit = FIND_LIMIT): { ids: string[]; total: number } {
  const match = nodeMatcher(query);
  const ids: string[] = [];
  let total = 0;
  if (!match) return { ids, total };
  for (const n of g.nodes) {
    if (!match(n)) continue;
    total++;
    if (ids.length < limit) ids.push(n.id);
  }
  return { ids, total };
}

