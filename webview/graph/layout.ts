/**
 * The graph as an ELK layout model, and ELK's answer as positioned boxes. Pure (no DOM, no ELK): the runner
 * (elk-runner.ts) hands the model to ELK in a Web Worker.
 *
 * - Nodes are boxes sized from their text (the view draws in the editor's monospace font, so a character's
 *   width is known); regions (loop bodies, branch arms) are compound nodes, nested as the regions nest, each
 *   labelled at its top; every node is a child of its region's compound node.
 * - Edges carry their label (what flows) and sit in the lowest compound node that holds both ends, as ELK
 *   wants for hierarchical layouts.
 * - ELK ids are made from positions (`n12`, `c3`, `e40`), never from the graph's ids: any id the adapter sends
 *   (quotes, spaces, markup) is only ever data. Coordinates come back absolute (`elk.json.*Coords: ROOT`).
 */
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import { shorten } from './text';
import type { GraphEdge, GraphNode } from '../../contract/graph';

/** What a layout needs of a graph (the view's graph, or the part of it on show). */
export interface LayoutGraph {
  readonly function: string;
  readonly nodes: readonly GraphNode[];
  readonly regions: readonly { readonly id: string; readonly label: string; readonly parent?: string; readonly owner?: string }[];
  readonly edges: readonly GraphEdge[];
}

/** The size of each node's box (by default from its label, engine and line). */
export type SizeOf = (index: number) => { width: number; height: number };

export const NODE_FONT_PX = 12;
export const EDGE_FONT_PX = 11;
/** Width of a character of the monospace font, as a fraction of its size. */
export const CHAR_EM = 0.6;
export const NODE_LABEL_MAX = 44;
export const EDGE_LABEL_MAX = 28;
export const NODE_HEIGHT = 40;
const NODE_PAD_X = 10;
/** Room at the left for the engine stripe and at the right for the marks (run, breakpoint). */
const NODE_DECOR_X = 26;
const CLUSTER_LABEL_H = 16;
const CLUSTER_PAD = 12;
const CLUSTER_LABEL_MAX = 48;

/** The text a node's box shows: its label, shortened, and a second line `ACT · L71`. */
export function nodeBoxText(label: string, engine: string, line: number): { title: string; sub: string } {
  return { title: shorten(label, NODE_LABEL_MAX), sub: `${shorten(engine, 8)} · L${line}` };
}

export function textWidth(text: string, fontPx: number): number {
  return Math.ceil([...text].length * fontPx * CHAR_EM);
}

export function nodeSize(label: string, engine: string, line: number): { width: number; height: number } {
  const t = nodeBoxText(label, engine, line);
  const w = Math.max(textWidth(t.title, NODE_FONT_PX), textWidth(t.sub, NODE_FONT_PX - 1));
  return { width: Math.max(96, w + 2 * NODE_PAD_X + NODE_DECOR_X), height: NODE_HEIGHT };
}

export function edgeLabelText(e: GraphEdge): string {
  return shorten(e.label, EDGE_LABEL_MAX);
}

export function clusterLabelText(label: string): string {
  return shorten(label, CLUSTER_LABEL_MAX);
}

/** The ELK model and how its ids map back to the graph. */
export interface LayoutModel {
  readonly elk: ElkNode;
  /** ELK id → index into view.nodes. */
  readonly nodeIndex: ReadonlyMap<string, number>;
  /** ELK id → index into view.regions. */
  readonly clusterIndex: ReadonlyMap<string, number>;
  /** ELK id → index into view.edges, or -1 - k for the k-th structural edge (owner → its region). */
  readonly edgeIndex: ReadonlyMap<string, number>;
  /** The structural edges: owner node index → region index. */
  readonly structural: readonly { readonly from: number; readonly region: number }[];
  /** Nesting depth of each region (0 at the top level). */
  readonly depth: readonly number[];
  /** Edges ELK does not route (between regions, in the separate mode): the view draws them straight. */
  readonly crossing: readonly number[];
  readonly mode: LayoutMode;
}

/** Top to bottom, orthogonal edges, and the spacing of every layout of the view. */
const LAYERED: Readonly<Record<string, string>> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.spacing.nodeNode': '24',
  'elk.layered.spacing.nodeNodeBetweenLayers': '32',
  'elk.spacing.edgeLabel': '3',
  'elk.spacing.edgeNode': '12',
  'elk.layered.spacing.edgeNodeBetweenLayers': '12',
};

export const LAYOUT_OPTIONS: Readonly<Record<string, string>> = {
  ...LAYERED,
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.thoroughness': '4',
  'elk.padding': '[top=16,left=16,bottom=16,right=16]',
};

/** What every region's compound node repeats in the separate mode (each is a layout of its own). */
const CLUSTER_OPTIONS: Readonly<Record<string, string>> = {
  ...LAYERED,
  'elk.layered.considerModelOrder.strategy': 'NONE',
  'elk.layered.thoroughness': '1',
  'elk.separateConnectedComponents': 'false',
};

/** For large graphs: regions one by one, and the cheaper settings of ELK layered. */
export const SEPARATE_OPTIONS: Readonly<Record<string, string>> = {
  'elk.hierarchyHandling': 'SEPARATE_CHILDREN',
  'elk.layered.thoroughness': '1',
  'elk.layered.considerModelOrder.strategy': 'NONE',
  'elk.separateConnectedComponents': 'false',
};

/**
 * Above this many nodes the layout lays out each region on its own (ELK's SEPARATE_CHILDREN): ELK's
 * hierarchical mode takes tens of seconds on thousands of nodes. Edges between regions then shape the layout
 * through stand-ins between the regions that hold their ends, and are drawn straight by the view.
 */
export const HIERARCHICAL_MAX_NODES = 250;

export type LayoutMode = 'hierarchical' | 'separate';

export function layoutModeFor(nodeCount: number): LayoutMode {
  return nodeCount <= HIERARCHICAL_MAX_NODES ? 'hierarchical' : 'separate';
}

/**
 * The layout model of a graph. `structuralEdges` adds an unlabelled edge from each `for`/`if` to its regions;
 * `mode` picks how regions are laid out (by default from the graph's size).
 */
export function toLayoutModel(view: LayoutGraph, opts: { structuralEdges?: boolean; mode?: LayoutMode; sizeOf?: SizeOf } = {}): LayoutModel {
  const structuralEdges = opts.structuralEdges ?? true;
  const sizeOf: SizeOf = opts.sizeOf ?? ((i) => nodeSize(view.nodes[i].label, view.nodes[i].engine, view.nodes[i].span.line));
  const mode = opts.mode ?? layoutModeFor(view.nodes.length);
  const regionIx = new Map<string, number>();
  view.regions.forEach((r, i) => {
    if (!regionIx.has(r.id)) regionIx.set(r.id, i);
  });

  // The parent region of each region, when it exists and nesting has no cycle.
  const parentOf = view.regions.map((r) => (r.parent !== undefined ? regionIx.get(r.parent) : undefined));
  const depth: number[] = view.regions.map(() => 0);
  for (let i = 0; i < view.regions.length; i++) {
    const seen = new Set<number>([i]);
    let d = 0;
    for (let p = parentOf[i]; p !== undefined; p = parentOf[p]) {
      if (seen.has(p)) {
        parentOf[i] = undefined; // a cycle: put the region at the top level
        d = 0;
        break;
      }
      seen.add(p);
      d++;
    }
    depth[i] = d;
  }

  const root: ElkNode = {
    id: 'root',
    layoutOptions: { ...LAYOUT_OPTIONS, ...(mode === 'separate' ? SEPARATE_OPTIONS : {}) },
    children: [],
    edges: [],
  };
  const clusters: ElkNode[] = view.regions.map((r, i) => ({
    id: `c${i}`,
    labels: [label(clusterLabelText(r.label), NODE_FONT_PX - 1, CLUSTER_LABEL_H)],
    layoutOptions: {
      ...(mode === 'separate' ? CLUSTER_OPTIONS : {}),
      'elk.padding': `[top=${CLUSTER_LABEL_H + CLUSTER_PAD + 4},left=${CLUSTER_PAD},bottom=${CLUSTER_PAD},right=${CLUSTER_PAD}]`,
      'elk.nodeLabels.placement': 'INSIDE V_TOP H_LEFT',
      'elk.nodeSize.constraints': 'NODE_LABELS MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${textWidth(clusterLabelText(r.label), NODE_FONT_PX - 1) + 2 * CLUSTER_PAD}, 40)`,
    },
    children: [],
    edges: [],
  }));
  const clusterIndex = new Map(clusters.map((c, i) => [c.id, i]));
  // The ELK node holding each region's compound node, and each compound node's container chain.
  const containerOfCluster = (i: number): ElkNode => (parentOf[i] !== undefined ? clusters[parentOf[i]!] : root);
  clusters.forEach((c, i) => containerOfCluster(i).children!.push(c));

  const nodeIndex = new Map<string, number>();
  const nodeContainer: (number | undefined)[] = [];
  const idIx = new Map<string, number>();
  view.nodes.forEach((n, i) => {
    if (idIx.has(n.id)) return; // a repeated id: the first one is drawn
    idIx.set(n.id, i);
    const size = sizeOf(i);
    const elkId = `n${i}`;
    nodeIndex.set(elkId, i);
    const region = n.region !== undefined ? regionIx.get(n.region) : undefined;
    nodeContainer[i] = region;
    (region !== undefined ? clusters[region] : root).children!.push({ id: elkId, width: size.width, height: size.height });
  });

  // Children in program order (a region's compound node right after the `for`/`if` that owns it): ELK keeps
  // the model order where it can.
  const orderKey = new Map<string, number>();
  nodeIndex.forEach((i, elkId) => orderKey.set(elkId, i));
  view.regions.forEach((r, i) => orderKey.set(`c${i}`, (r.owner !== undefined ? idIx.get(r.owner) ?? view.nodes.length : view.nodes.length) + 0.5));
  for (const c of [root, ...clusters]) c.children!.sort((a, b) => (orderKey.get(a.id) ?? 0) - (orderKey.get(b.id) ?? 0));

  /** Chain of region indices from a container up to the top (undefined = root). */
  const chain = (region: number | undefined): (number | undefined)[] => {
    const out: (number | undefined)[] = [];
    for (let r = region; r !== undefined; r = parentOf[r]) out.push(r);
    out.push(undefined);
    return out;
  };
  const lowestCommon = (a: number | undefined, b: number | undefined): number | undefined => {
    const up = new Set(chain(a));
    for (const r of chain(b)) if (up.has(r)) return r;
    return undefined;
  };
  const holder = (region: number | undefined): ElkNode => (region !== undefined ? clusters[region] : root);

  /** The child of `container` (a node or a region's compound node) that holds node `a`. */
  const childOf = (a: number, container: number | undefined): string => {
    let r = nodeContainer[a];
    if (r === container) return `n${a}`;
    while (r !== undefined && parentOf[r] !== container) r = parentOf[r];
    return r !== undefined ? `c${r}` : `n${a}`;
  };

  const edgeIndex = new Map<string, number>();
  const crossing: number[] = [];
  const proxies = new Set<string>();
  view.edges.forEach((e, i) => {
    const a = idIx.get(e.from);
    const b = idIx.get(e.to);
    if (a === undefined || b === undefined) return;
    const lca = lowestCommon(nodeContainer[a], nodeContainer[b]);
    if (mode === 'separate' && (nodeContainer[a] !== lca || nodeContainer[b] !== lca)) {
      // Laid out through a stand-in between the children of the common container that hold the ends.
      crossing.push(i);
      const from = childOf(a, lca);
      const to = childOf(b, lca);
      const key = `${from}>${to}`;
      if (from !== to && !proxies.has(key)) {
        proxies.add(key);
        holder(lca).edges!.push({ id: `p${proxies.size - 1}`, sources: [from], targets: [to] });
      }
      return;
    }
    const text = edgeLabelText(e);
    const edge: ElkExtendedEdge = { id: `e${i}`, sources: [`n${a}`], targets: [`n${b}`] };
    if (text) edge.labels = [label(text, EDGE_FONT_PX, 14)];
    edgeIndex.set(edge.id, i);
    holder(lca).edges!.push(edge);
  });

  if (mode === 'separate') {
    // Each region is laid out alone, so a child whose inputs come from outside would start a row of its own:
    // chain such children to the child before them in program order (an invisible edge).
    let order = 0;
    for (const container of [root, ...clusters]) {
      const kids = container.children ?? [];
      const fed = new Set<string>();
      for (const e of container.edges ?? []) for (const t of e.targets) fed.add(t);
      for (let k = 1; k < kids.length; k++) {
        if (!fed.has(kids[k].id)) container.edges!.push({ id: `o${order++}`, sources: [kids[k - 1].id], targets: [kids[k].id] });
      }
    }
  }

  const structural: { from: number; region: number }[] = [];
  if (structuralEdges) {
    view.regions.forEach((r, ri) => {
      const owner = r.owner !== undefined ? idIx.get(r.owner) : undefined;
      if (owner === undefined || regionIx.get(r.id) !== ri) return;
      // The owner sits beside the region it owns (in the region's container).
      const ownerRegion = nodeContainer[owner];
      if (ownerRegion === ri || chain(ownerRegion).includes(ri)) return;
      const k = structural.length;
      structural.push({ from: owner, region: ri });
      const edge: ElkExtendedEdge = { id: `s${k}`, sources: [`n${owner}`], targets: [`c${ri}`] };
      edgeIndex.set(edge.id, -1 - k);
      holder(lowestCommon(ownerRegion, parentOf[ri])).edges!.push(edge);
    });
  }
  return { elk: root, nodeIndex, clusterIndex, edgeIndex, structural, depth, crossing, mode };
}

function label(text: string, fontPx: number, height: number): ElkLabel {
  return { text, width: textWidth(text, fontPx) + 4, height };
}

// ---- ELK's answer → boxes ----

export interface Point {
  readonly x: number;
  readonly y: number;
}

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PlacedNode extends Box {
  /** Index into view.nodes. */
  readonly index: number;
}

export interface PlacedCluster extends Box {
  /** Index into view.regions. */
  readonly index: number;
  readonly depth: number;
  readonly label: string;
}

export interface PlacedEdge {
  /** Index into view.edges; undefined for a structural edge (owner → region). */
  readonly index?: number;
  readonly from: number;
  /** The target node's index, or for a structural edge -1. */
  readonly to: number;
  readonly points: readonly Point[];
  /** The points are a cubic Bézier curve (start, two controls, end), not a polyline. */
  readonly curve?: boolean;
  /** A bundled edge: how many edges it stands for. */
  readonly count?: number;
  readonly label?: string;
  readonly labelBox?: Box;
}

export interface Layout {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly PlacedNode[];
  readonly clusters: readonly PlacedCluster[];
  readonly edges: readonly PlacedEdge[];
}

/** Reads ELK's laid-out graph (absolute coordinates) into boxes and polylines. */
export function fromElk(view: LayoutGraph, model: LayoutModel, result: ElkNode): Layout {
  const nodes: PlacedNode[] = [];
  const clusters: PlacedCluster[] = [];
  const edges: PlacedEdge[] = [];
  const idIx = new Map<string, number>();
  view.nodes.forEach((n, i) => {
    if (!idIx.has(n.id)) idIx.set(n.id, i);
  });
  const visit = (n: ElkNode): void => {
    for (const c of n.children ?? []) {
      const ni = model.nodeIndex.get(c.id);
      const ci = model.clusterIndex.get(c.id);
      const box = { x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? 0, height: c.height ?? 0 };
      if (ni !== undefined) nodes.push({ ...box, index: ni });
      else if (ci !== undefined) {
        clusters.push({ ...box, index: ci, depth: model.depth[ci] ?? 0, label: clusterLabelText(view.regions[ci].label) });
        visit(c);
      }
    }
    for (const e of n.edges ?? []) {
      const k = model.edgeIndex.get(e.id);
      if (k === undefined) continue;
      const points: Point[] = [];
      for (const s of e.sections ?? []) {
        if (points.length === 0) points.push(pt(s.startPoint));
        for (const b of s.bendPoints ?? []) points.push(pt(b));
        points.push(pt(s.endPoint));
      }
      if (k >= 0) {
        const ge = view.edges[k];
        const l = e.labels?.[0];
        edges.push({
          index: k, from: idIx.get(ge.from) ?? -1, to: idIx.get(ge.to) ?? -1, points,
          ...(l?.text ? { label: l.text, labelBox: { x: l.x ?? 0, y: l.y ?? 0, width: l.width ?? 0, height: l.height ?? 0 } } : {}),
        });
      } else {
        edges.push({ from: model.structural[-1 - k].from, to: -1, points });
      }
    }
  };
  visit(result);
  const at = new Map(nodes.map((p) => [p.index, p]));
  for (const k of model.crossing) {
    const ge = view.edges[k];
    const pa = at.get(idIx.get(ge.from) ?? -1);
    const pb = at.get(idIx.get(ge.to) ?? -1);
    if (!pa || !pb) continue;
    const text = edgeLabelText(ge);
    const start = { x: pa.x + pa.width / 2, y: pa.y + pa.height };
    const end = { x: pb.x + pb.width / 2, y: pb.y };
    const w = textWidth(text, EDGE_FONT_PX) + 4;
    edges.push({
      index: k, from: pa.index, to: pb.index, points: [start, end],
      ...(text ? { label: text, labelBox: { x: (start.x + end.x) / 2 - w / 2, y: (start.y + end.y) / 2 - 7, width: w, height: 14 } } : {}),
    });
  }
  clusters.sort((a, b) => a.depth - b.depth);
  return { width: result.width ?? 0, height: result.height ?? 0, nodes, clusters, edges };
}

function pt(p: { x: number; y: number }): Point {
  return { x: p.x, y: p.y };
}

/**
 * A layout without ELK, for when it cannot run: nodes one under another in program order, indented by region
 * depth, each region a box around its nodes. Always available, instant for any size.
 */
export function fallbackLayout(view: LayoutGraph, sizeOf?: SizeOf): Layout {
  const model = toLayoutModel(view, { structuralEdges: false, sizeOf });
  const size = sizeOf ?? ((i: number) => nodeSize(view.nodes[i].label, view.nodes[i].engine, view.nodes[i].span.line));
  const regionIx = new Map(view.regions.map((r, i) => [r.id, i]));
  const nodes: PlacedNode[] = [];
  const seen = new Set<string>();
  let y = 16;
  let width = 0;
  view.nodes.forEach((n, i) => {
    if (seen.has(n.id)) return;
    seen.add(n.id);
    const r = n.region !== undefined ? regionIx.get(n.region) : undefined;
    const d = r !== undefined ? (model.depth[r] ?? 0) + 1 : 0;
    const box = size(i);
    const x = 16 + d * CLUSTER_PAD;
    nodes.push({ index: i, x, y: y + d * 0, width: box.width, height: box.height });
    width = Math.max(width, x + box.width + 16 + d * CLUSTER_PAD);
    y += box.height + 12;
  });
  // A region's box: around its nodes and its sub-regions' boxes.
  const boxes = new Map<number, { x0: number; y0: number; x1: number; y1: number }>();
  const grow = (r: number, b: { x0: number; y0: number; x1: number; y1: number }): void => {
    const cur = boxes.get(r);
    boxes.set(r, cur ? { x0: Math.min(cur.x0, b.x0), y0: Math.min(cur.y0, b.y0), x1: Math.max(cur.x1, b.x1), y1: Math.max(cur.y1, b.y1) } : b);
  };
  for (const p of nodes) {
    const region = view.nodes[p.index].region;
    for (let r = region !== undefined ? regionIx.get(region) : undefined, k = 0; r !== undefined && k < view.regions.length; k++) {
      grow(r, { x0: p.x - 6, y0: p.y - 6, x1: p.x + p.width + 6, y1: p.y + p.height + 6 });
      const parent = view.regions[r].parent;
      r = parent !== undefined ? regionIx.get(parent) : undefined;
    }
  }
  const clusters: PlacedCluster[] = [...boxes].map(([i, b]) => ({
    index: i, depth: model.depth[i] ?? 0, label: clusterLabelText(view.regions[i].label), x: b.x0, y: b.y0, width: b.x1 - b.x0, height: b.y1 - b.y0,
  })).sort((a, b) => a.depth - b.depth);
  const at = new Map(nodes.map((p) => [p.index, p]));
  const idIx = new Map<string, number>();
  view.nodes.forEach((n, i) => {
    if (!idIx.has(n.id)) idIx.set(n.id, i);
  });
  const edges: PlacedEdge[] = [];
  view.edges.forEach((e, k) => {
    const a = idIx.get(e.from);
    const b = idIx.get(e.to);
    if (a === undefined || b === undefined) return;
    const pa = at.get(a)!;
    const pb = at.get(b)!;
    // Down the right-hand side: out of the source's right edge, into the target's.
    const bend = Math.max(pa.x + pa.width, pb.x + pb.width) + 12 + (k % 6) * 6;
    const points = [
      { x: pa.x + pa.width, y: pa.y + pa.height / 2 }, { x: bend, y: pa.y + pa.height / 2 },
      { x: bend, y: pb.y + pb.height / 2 }, { x: pb.x + pb.width, y: pb.y + pb.height / 2 },
    ];
    edges.push({ index: k, from: a, to: b, points });
    width = Math.max(width, bend + 16);
  });
  return { width, height: y + 4, nodes, clusters, edges };
}
