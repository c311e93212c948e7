/**
 * The layout of a large graph, level by level (pure: no DOM; ELK runs elsewhere on the models it makes).
 *
 * Each open level (the top level, an open loop body, an open chunk...) is laid out on its own, its units as boxes:
 * nodes, collapsed groups' boxes, and the open levels inside at their size. A level's layout is kept: when a group
 * opens, only its levels are laid out, and the levels around it make room (what is below it moves down, what is
 * beside it moves right), so nothing the user has already seen moves otherwise. A new level is first placed at once
 * (rows by dependency, `instant`); ELK's layered layout of it (`job`, then `accept`) replaces that when it comes.
 * Edges are drawn as curves between their ends, whatever levels they cross.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { itemSize } from './items';
import { Box, clusterLabelText, EDGE_FONT_PX, edgeLabelText, Layout, NODE_FONT_PX, PlacedCluster, PlacedEdge, PlacedNode, Point, textWidth } from './layout';
import { ROOT, VisibleGraph } from './tree';

const PAD = 12;
const HEADER = 32;
const ROOT_PAD = 16;
const GAP_X = 20;
const GAP_Y = 32;
/** The width / height a level's layout aims at when it wraps (the top level: the frame's). */
export const LEVEL_ASPECT = 1.6;
/** Levels with more units than this wrap into columns. */
const WRAP_FROM = 8;

/** A level's layout: where each unit sits, relative to the level's box. */
interface LevelLayout {
  /** The units it was made for (their keys, sorted): another set means another layout. */
  readonly keys: string;
  readonly pos: Map<string, { x: number; y: number; width: number; height: number }>;
  width: number;
  height: number;
  /** ELK's (not the instant one). */
  exact: boolean;
}

interface Kid {
  readonly key: string;
  readonly node?: number;
  readonly level?: string;
  readonly width: number;
  readonly height: number;
}

/** Options of each level ELK lays out: top to bottom, program order kept, cheap settings. */
const LEVEL_OPTIONS: Readonly<Record<string, string>> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'POLYLINE',
  'elk.spacing.nodeNode': String(GAP_X),
  'elk.layered.spacing.nodeNodeBetweenLayers': String(GAP_Y),
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.thoroughness': '1',
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.separateConnectedComponents': 'false',
};

function pad(level: string): { top: number; left: number; right: number; bottom: number } {
  return level === ROOT ? { top: ROOT_PAD, left: ROOT_PAD, right: ROOT_PAD, bottom: ROOT_PAD } : { top: HEADER, left: PAD, right: PAD, bottom: PAD };
}

export interface Composed {
  readonly layout: Layout;
  /** Levels placed at once that ELK has not laid out yet. */
  readonly pending: readonly string[];
}

export class Composer {
  private readonly cache = new Map<string, LevelLayout>();

  /** Whether a level has a layout (ELK's or the instant one). */
  has(level: string): boolean {
    return this.cache.has(level);
  }

  /**
   * The layout of what is visible: kept levels (making room where units changed size), new ones placed at once.
   * `aspect`: the width / height the top level is laid out to fill (the frame's); levels inside aim at LEVEL_ASPECT.
   */
  compose(v: VisibleGraph, aspect = LEVEL_ASPECT): Composed {
    const pending: string[] = [];
    const size = new Map<string, { width: number; height: number }>();
    const edgesOf = levelEdges(v);
    const post = (level: string): void => {
      const kids: Kid[] = (v.contents.get(level) ?? []).map((u) => {
        if ('node' in u) return { key: `n:${v.nodes[u.node].id}`, node: u.node, ...itemSize(v, u.node) };
        post(u.level);
        return { key: `l:${u.level}`, level: u.level, ...size.get(u.level)! };
      });
      const keys = kids.map((k) => k.key).sort().join('\n');
      let lay = this.cache.get(level);
      if (lay && lay.keys !== keys) lay = adapt(lay, kids, keys, v) ? lay : undefined;
      if (!lay) {
        lay = instant(kids, edgesOf.get(level) ?? [], level, labelOf(v, level), level === ROOT ? aspect : LEVEL_ASPECT);
        this.cache.set(level, lay);
      } else {
        makeRoom(lay, kids, level, labelOf(v, level));
      }
      if (!lay.exact) pending.push(level);
      size.set(level, { width: lay.width, height: lay.height });
    };
    post(ROOT);
    return { layout: this.place(v), pending };
  }

  /**
   * An ELK model laying out these levels (each a compound node of the model's root; one inside another when both are
   * to be laid out), and how to read ELK's answer back into the kept layouts.
   */
  job(v: VisibleGraph, levels: readonly string[], aspect = LEVEL_ASPECT): { model: ElkNode; accept: (result: ElkNode) => void } {
    const todo = new Set(levels);
    const edgesOf = levelEdges(v);
    const ids: { level: string; keys: string; kids: Kid[] }[] = [];
    const compound = (level: string): ElkNode => {
      const kids: Kid[] = (v.contents.get(level) ?? []).map((u) => {
        if ('node' in u) return { key: `n:${v.nodes[u.node].id}`, node: u.node, ...itemSize(v, u.node) };
        const known = this.cache.get(u.level);
        return { key: `l:${u.level}`, level: u.level, width: known?.width ?? 100, height: known?.height ?? 60 };
      });
      const id = ids.length;
      ids.push({ level, keys: kids.map((k) => k.key).sort().join('\n'), kids });
      const p = pad(level);
      const children: ElkNode[] = kids.map((k, i) => (k.level !== undefined && todo.has(k.level) ? { ...compound(k.level), id: `c${id}_${i}` } : { id: `c${id}_${i}`, width: k.width, height: k.height }));
      const index = new Map(kids.map((k, i) => [k.key, i]));
      const edges: ElkExtendedEdge[] = [];
      const fed = new Set<number>();
      for (const [ia, ib] of reduced(kids.length, edgesOf.get(level) ?? [], index)) {
        fed.add(ib);
        edges.push({ id: `e${id}_${edges.length}`, sources: [`c${id}_${ia}`], targets: [`c${id}_${ib}`] });
      }
      // A unit fed only from outside the level would start a row of its own: after the one before it instead.
      for (let i = 1; i < kids.length; i++) if (!fed.has(i)) edges.push({ id: `e${id}_${edges.length}`, sources: [`c${id}_${i - 1}`], targets: [`c${id}_${i}`] });
      const minWidth = level === ROOT ? 0 : textWidth(clusterLabelText(labelOf(v, level)), NODE_FONT_PX - 1) + 2 * PAD;
      return {
        id: `L${id}`,
        layoutOptions: {
          ...LEVEL_OPTIONS,
          // A long level wraps into columns, to fill its box rather than run down in one.
          ...(kids.length > WRAP_FROM ? { 'elk.layered.wrapping.strategy': 'MULTI_EDGE', 'elk.aspectRatio': String(level === ROOT ? aspect : LEVEL_ASPECT) } : {}),
          'elk.padding': `[top=${p.top},left=${p.left},bottom=${p.bottom},right=${p.right}]`,
          'elk.nodeSize.constraints': 'MINIMUM_SIZE',
          'elk.nodeSize.minimum': `(${minWidth}, 40)`,
        },
        children,
        edges,
      };
    };
    // The levels whose parent is not laid out with them are the model's top compounds.
    const parentOf = new Map<string, string>();
    for (const r of v.regions) parentOf.set(r.id, r.parent ?? ROOT);
    const tops = levels.filter((l) => !(parentOf.has(l) && todo.has(parentOf.get(l)!)));
    const model: ElkNode = {
      id: 'job',
      layoutOptions: { 'elk.algorithm': 'fixed', 'elk.hierarchyHandling': 'SEPARATE_CHILDREN' },
      children: tops.map((l) => compound(l)),
      edges: [],
    };
    const order = new Map(ids.map((e, i) => [e.level, i]));
    const accept = (result: ElkNode): void => {
      // Each compound of the answer, by its level, with its children's places (relative to it).
      const read = (n: ElkNode, id: number): void => {
        const entry = ids[id];
        const current = this.cache.get(entry.level);
        if (current && current.keys !== entry.keys) return; // the level changed meanwhile: its next job will do
        const pos = new Map<string, { x: number; y: number; width: number; height: number }>();
        (n.children ?? []).forEach((c, i) => {
          const k = entry.kids[i];
          if (!k) return;
          pos.set(k.key, { x: c.x ?? 0, y: c.y ?? 0, width: c.width ?? k.width, height: c.height ?? k.height });
          if (k.level !== undefined && todo.has(k.level)) read(c, order.get(k.level)!);
        });
        this.cache.set(entry.level, { keys: entry.keys, pos, width: n.width ?? 0, height: n.height ?? 0, exact: true });
      };
      (result.children ?? []).forEach((c, i) => read(c, order.get(tops[i])!));
    };
    return { model, accept };
  }

  /** Absolute places, top-down from the root; edges as curves between their ends. */
  private place(v: VisibleGraph): Layout {
    const nodes: PlacedNode[] = [];
    const clusters: PlacedCluster[] = [];
    const regionIndex = new Map(v.regions.map((r, i) => [r.id, i]));
    const depthOf = new Map<string, number>([[ROOT, -1]]);
    const walk = (level: string, ox: number, oy: number): void => {
      const lay = this.cache.get(level)!;
      for (const u of v.contents.get(level) ?? []) {
        const key = 'node' in u ? `n:${v.nodes[u.node].id}` : `l:${u.level}`;
        const p = lay.pos.get(key);
        if (!p) continue;
        const box = { x: ox + p.x, y: oy + p.y, width: p.width, height: p.height };
        if ('node' in u) {
          nodes.push({ ...box, index: u.node });
          continue;
        }
        const ri = regionIndex.get(u.level);
        const depth = depthOf.get(level)! + 1;
        depthOf.set(u.level, depth);
        if (ri !== undefined) clusters.push({ ...box, index: ri, depth, label: clusterLabelText(v.regions[ri].label) });
        walk(u.level, box.x, box.y);
      }
    };
    walk(ROOT, 0, 0);
    const root = this.cache.get(ROOT)!;
    clusters.sort((a, b) => a.depth - b.depth);
    return { width: root.width, height: root.height, nodes, clusters, edges: curves(v, nodes, clusters) };
  }
}

function labelOf(v: VisibleGraph, level: string): string {
  return level === ROOT ? '' : v.regions.find((r) => r.id === level)?.label ?? '';
}

/**
 * The edges inside each level, between its units: an edge between two visible nodes is an edge between the units of
 * their lowest common level that hold them (as the layout of that level must see it); an owner comes before the
 * levels it owns.
 */
export function levelEdges(v: VisibleGraph): Map<string, [string, string][]> {
  const parentOf = new Map<string, string>();
  for (const r of v.regions) parentOf.set(r.id, r.parent ?? ROOT);
  const chain = (i: number): string[] => {
    const out: string[] = [];
    for (let l: string | undefined = v.nodes[i].region ?? ROOT; l !== undefined; l = l === ROOT ? undefined : parentOf.get(l) ?? ROOT) out.push(l);
    return out;
  };
  const index = new Map<string, number>();
  v.nodes.forEach((n, i) => index.set(n.id, i));
  const out = new Map<string, [string, string][]>();
  const add = (level: string, a: string, b: string): void => {
    let list = out.get(level);
    if (!list) out.set(level, (list = []));
    list.push([a, b]);
  };
  const unitIn = (i: number, up: string[], level: string): string => {
    const at = up.indexOf(level);
    return at === 0 ? `n:${v.nodes[i].id}` : `l:${up[at - 1]}`;
  };
  for (const e of v.edges) {
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a === undefined || b === undefined) continue;
    const ca = chain(a);
    const cb = new Set(chain(b));
    const lca = ca.find((l) => cb.has(l)) ?? ROOT;
    const ua = unitIn(a, ca, lca);
    const ub = unitIn(b, chain(b), lca);
    if (ua !== ub) add(lca, ua, ub);
  }
  for (const r of v.regions) {
    const owner = r.owner !== undefined ? index.get(r.owner) : undefined;
    if (owner !== undefined && (v.nodes[owner].region ?? ROOT) === (r.parent ?? ROOT)) add(r.parent ?? ROOT, `n:${v.nodes[owner].id}`, `l:${r.id}`);
  }
  return out;
}

/**
 * The edges that order a level's units (by index): forward ones only (from a unit to a later one), and of those only
 * the ones no longer path implies (a transitive reduction). The drawing shows every edge; the layout needs only the
 * order, and a level whose units all feed each other (a load read everywhere) would otherwise cost ELK seconds.
 */
export function reduced(n: number, edges: readonly [string, string][], index: ReadonlyMap<string, number>): [number, number][] {
  const succ: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  for (const [a, b] of edges) {
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia !== undefined && ib !== undefined && ia < ib) succ[ia].add(ib);
  }
  // What each unit reaches, from the last one back.
  const reach: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  for (let a = n - 1; a >= 0; a--) {
    for (const b of succ[a]) {
      reach[a].add(b);
      for (const c of reach[b]) reach[a].add(c);
    }
  }
  const out: [number, number][] = [];
  for (let a = 0; a < n; a++) {
    for (const b of succ[a]) {
      let implied = false;
      for (const c of succ[a]) {
        if (c !== b && reach[c].has(b)) {
          implied = true;
          break;
        }
      }
      if (!implied) out.push([a, b]);
    }
  }
  return out;
}

/**
 * Rows by dependency in program order (a unit without a predecessor in the level goes after the one before it); a
 * long level's rows wrap into columns, to come near the aspect asked for.
 */
function instant(kids: readonly Kid[], edges: readonly [string, string][], level: string, label: string, aspect: number): LevelLayout {
  const index = new Map(kids.map((k, i) => [k.key, i]));
  const preds = kids.map(() => [] as number[]);
  for (const [a, b] of edges) {
    const ia = index.get(a);
    const ib = index.get(b);
    if (ia !== undefined && ib !== undefined && ia < ib) preds[ib].push(ia);
  }
  const row: number[] = [];
  kids.forEach((_, i) => {
    row[i] = preds[i].length > 0 ? Math.max(...preds[i].map((p) => row[p] + 1)) : i > 0 ? row[i - 1] + 1 : 0;
  });
  const rows: number[][] = [];
  kids.forEach((_, i) => (rows[row[i]] ??= []).push(i));
  const dense = rows.filter((r) => r && r.length > 0);
  const widths = dense.map((r) => r.reduce((w, i) => w + kids[i].width, 0) + Math.max(0, r.length - 1) * GAP_X);
  const heights = dense.map((r) => Math.max(...r.map((i) => kids[i].height)));
  const inner = Math.max(0, ...widths);
  const total = heights.reduce((a, b) => a + b + GAP_Y, 0);
  const columns = kids.length > WRAP_FROM ? Math.max(1, Math.min(dense.length, Math.round(Math.sqrt((aspect * total) / (inner + 2 * GAP_X))))) : 1;
  const p = pad(level);
  const pos = new Map<string, { x: number; y: number; width: number; height: number }>();
  const perColumn = total / columns;
  let column = 0;
  let y = p.top;
  let used = 0;
  dense.forEach((r, k) => {
    if (used > 0 && used + heights[k] / 2 > perColumn && column < columns - 1) {
      column++;
      y = p.top;
      used = 0;
    }
    let x = p.left + column * (inner + 2 * GAP_X) + (inner - widths[k]) / 2;
    for (const i of r) {
      pos.set(kids[i].key, { x, y, width: kids[i].width, height: kids[i].height });
      x += kids[i].width + GAP_X;
    }
    y += heights[k] + GAP_Y;
    used += heights[k] + GAP_Y;
  });
  const lay: LevelLayout = { keys: kids.map((k) => k.key).sort().join('\n'), pos, width: 0, height: 0, exact: kids.length === 0 };
  fitBox(lay, level, label);
  return lay;
}

/**
 * A kept layout for units that changed by a group opening or closing in place: a collapsed group's box becomes the
 * level it opens (or back), and a level its `for` or `if` stood for comes in under it (or goes). Their new sizes
 * then make room (makeRoom). Anything else is a new layout (false).
 */
function adapt(lay: LevelLayout, kids: readonly Kid[], keys: string, v: VisibleGraph): boolean {
  const pos = new Map(lay.pos);
  const wanted = new Set(kids.map((k) => k.key));
  const groupOfLevel = (key: string): string | undefined => (key.startsWith('l:') ? v.tree.levels.get(key.slice(2))?.group : undefined);
  // A group's box and its level(s): the first takes the other's place.
  for (const k of kids) {
    if (pos.has(k.key)) continue;
    const g = k.key.startsWith('n:#group:') ? k.key.slice('n:#group:'.length) : groupOfLevel(k.key);
    if (g === undefined) continue;
    const group = v.tree.groups.get(g);
    const olds = [`n:#group:${g}`, ...(group?.levels ?? []).map((l) => `l:${l}`)].filter((o) => pos.has(o) && !wanted.has(o));
    if (olds.length > 0) {
      pos.set(k.key, pos.get(olds[0])!);
      for (const o of olds) pos.delete(o);
    }
  }
  // A level its owner stood for comes in under the owner (the owner's slot grows down); one going away closes up.
  for (const k of kids) {
    if (pos.has(k.key) || !k.key.startsWith('l:')) continue;
    const owner = v.tree.levels.get(k.key.slice(2))?.owner;
    const ownerKey = owner !== undefined ? `n:${v.tree.view.nodes[owner].id}` : undefined;
    const o = ownerKey !== undefined ? pos.get(ownerKey) : undefined;
    if (!o) return false;
    // Below the owner and anything else it owns already.
    let bottom = o.y + o.height;
    for (const [key, b] of pos) if (key !== ownerKey && groupOfLevel(key) === groupOfLevel(k.key) && b.y >= o.y) bottom = Math.max(bottom, b.y + b.height);
    const grow = GAP_Y + k.height;
    for (const b of pos.values()) if (b.y >= bottom - 0.5) b.y += grow;
    pos.set(k.key, { x: o.x, y: bottom + GAP_Y, width: k.width, height: k.height });
  }
  for (const key of [...pos.keys()]) {
    if (wanted.has(key)) continue;
    const b = pos.get(key)!;
    pos.delete(key);
    // Closing up: what is below it in its column moves up, as far as nothing else is in the way.
    const below = [...pos.values()].filter((x) => x.y >= b.y + b.height - 0.5 && x.x < b.x + b.width && b.x < x.x + x.width);
    const blockers = [...pos.values()].filter((x) => !below.includes(x) && x.y + x.height > b.y - GAP_Y && x.y < b.y + b.height && below.some((y) => y.x < x.x + x.width && x.x < y.x + y.width));
    if (blockers.length === 0) for (const x of below) x.y -= b.height + GAP_Y;
  }
  if ([...pos.keys()].sort().join('\n') !== keys) return false;
  lay.pos.clear();
  for (const [key, b] of pos) lay.pos.set(key, b);
  (lay as { keys: string }).keys = keys;
  return true;
}

/** The level's box around its units (and wide enough for its label). */
function fitBox(lay: LevelLayout, level: string, label: string): void {
  const p = pad(level);
  let right = 0;
  let bottom = 0;
  for (const b of lay.pos.values()) {
    right = Math.max(right, b.x + b.width);
    bottom = Math.max(bottom, b.y + b.height);
  }
  const minWidth = level === ROOT ? 0 : textWidth(clusterLabelText(label), NODE_FONT_PX - 1) + 2 * PAD;
  lay.width = Math.max(minWidth, right + p.right, p.left + p.right + 40);
  lay.height = Math.max(bottom + p.bottom, p.top + p.bottom + 20);
}

/**
 * Units whose size changed (a group opened or closed inside): what is below one moves down by its growth, what is
 * beside it on its row moves right by its widening; then overlaps left are pushed down. Nothing else moves.
 */
function makeRoom(lay: LevelLayout, kids: readonly Kid[], level: string, label: string): void {
  const changed = kids.filter((k) => {
    const p = lay.pos.get(k.key);
    return p && (p.width !== k.width || p.height !== k.height);
  }).sort((a, b) => lay.pos.get(a.key)!.y - lay.pos.get(b.key)!.y || lay.pos.get(a.key)!.x - lay.pos.get(b.key)!.x);
  if (changed.length === 0) return;
  for (const k of changed) {
    const c = lay.pos.get(k.key)!;
    const dx = k.width - c.width;
    const dy = k.height - c.height;
    for (const [key, s] of lay.pos) {
      if (key === k.key) continue;
      if (s.y >= c.y + c.height - 0.5) s.y += dy;
      else if (s.x >= c.x + c.width - 0.5 && s.y < c.y + c.height && s.y + s.height > c.y) s.x += dx;
    }
    c.width = k.width;
    c.height = k.height;
  }
  settle(lay);
  fitBox(lay, level, label);
}

/** Pushes down any unit that overlaps one above it (in the order of their tops). */
function settle(lay: LevelLayout): void {
  const boxes = [...lay.pos.values()].sort((a, b) => a.y - b.y || a.x - b.x);
  for (let i = 0; i < boxes.length; i++) {
    const b = boxes[i];
    for (let j = 0; j < i; j++) {
      const a = boxes[j];
      const overlapX = b.x < a.x + a.width + GAP_X / 2 && a.x < b.x + b.width + GAP_X / 2;
      if (overlapX && b.y < a.y + a.height + GAP_Y / 2 && a.y < b.y + b.height) b.y = a.y + a.height + GAP_Y / 2;
    }
  }
}

/**
 * Curves between boxes: down from the bottom of the source to the top of the target; an edge that goes up or sideways
 * (a loop-carried dependency) round the right of both. Bundled edges say how many they stand for.
 */
function curves(v: VisibleGraph, nodes: readonly PlacedNode[], clusters: readonly PlacedCluster[]): PlacedEdge[] {
  const at = new Map(nodes.map((p) => [p.index, p]));
  const index = new Map<string, number>();
  v.nodes.forEach((n, i) => index.set(n.id, i));
  const out: PlacedEdge[] = [];
  v.edges.forEach((e, k) => {
    const a = at.get(index.get(e.from) ?? -1);
    const b = at.get(index.get(e.to) ?? -1);
    if (!a || !b) return;
    const text = edgeLabelText(e) + ((e.count ?? 1) > 1 ? ` ×${e.count}` : '');
    const points = curveBetween(a, b);
    const mid = bezierAt(points, 0.5);
    const w = textWidth(text, EDGE_FONT_PX) + 4;
    out.push({
      index: k, from: a.index, to: b.index, points, curve: true, ...(e.count !== undefined ? { count: e.count } : {}),
      ...(text ? { label: text, labelBox: { x: mid.x - w / 2, y: mid.y - 7, width: w, height: 14 } } : {}),
    });
  });
  // An owner to the levels it owns.
  const clusterAt = new Map(clusters.map((c) => [v.regions[c.index].id, c]));
  for (const r of v.regions) {
    const owner = r.owner !== undefined ? at.get(index.get(r.owner) ?? -1) : undefined;
    const c = clusterAt.get(r.id);
    if (owner && c) out.push({ from: owner.index, to: -1, points: curveBetween(owner, c), curve: true });
  }
  return out;
}

export function curveBetween(a: Box, b: Box): Point[] {
  if (b.y >= a.y + a.height - 1) {
    const s = { x: a.x + a.width / 2, y: a.y + a.height };
    const e = { x: b.x + b.width / 2, y: b.y };
    const dy = Math.max(24, (e.y - s.y) / 2);
    return [s, { x: s.x, y: s.y + dy }, { x: e.x, y: e.y - dy }, e];
  }
  const s = { x: a.x + a.width, y: a.y + a.height / 2 };
  const e = { x: b.x + b.width, y: b.y + b.height / 2 };
  const out = Math.max(s.x, e.x) + 40 + Math.min(200, Math.abs(s.y - e.y) / 6);
  return [s, { x: out, y: s.y }, { x: out, y: e.y }, e];
}

/** A point of a cubic Bézier curve (points: start, two controls, end). */
export function bezierAt(p: readonly Point[], t: number): Point {
  const u = 1 - t;
  const x = u * u * u * p[0].x + 3 * u * u * t * p[1].x + 3 * u * t * t * p[2].x + t * t * t * p[3].x;
  const y = u * u * u * p[0].y + 3 * u * u * t * p[1].y + 3 * u * t * t * p[2].y + t * t * t * p[3].y;
  return { x, y };
}
