/**
 * The hierarchy of a graph, and the part of it on show. Pure (no DOM), so it is tested without a page.
 *
 * A graph is read as nested **levels**: the function's top level, each region (a loop's body, a branch's arm, a block
 * of a graph answered in parts), each inlined call's copy of its callee (after the `inline` pass), and **chunks**: a
 * level with more than CHUNK_MAX units of its own is cut into runs of consecutive units, again and again, so that no
 * level holds more than CHUNK_MAX. A unit is a node, or a level inside (a `for` and its body, an `if` and its arms, stay
 * in the same chunk).
 *
 * Levels collapse by **groups**: a loop (its `for` and body), a branch (its `if` and arms), a block, a chunk, an
 * inlined call, and in a pass's diff a fused group with the members it replaced. A collapsed group is drawn as one
 * node: its `for`, `if` or fused node when it has one (marked with how many nodes it holds), a box of its own
 * otherwise. Edges reaching into it end there, bundled: one per pair of ends and kind, with a count.
 *
 * The expansion (the set of open groups) decides what is visible (`visibleGraph`); `initialExpansion` opens groups,
 * largest view first, until a budget of visible items is reached, always opening the way to the nodes that must show
 * (the current node). A level of a graph in parts whose contents the answer left out is `remote`: opening its group
 * asks the panel for it (`remoteRegions`).
 */
import type { ViewGraph } from './diff';
import type { GraphEdge, GraphNode, GraphRegion } from '../../contract/graph';

/** A level with more units of its own than this is cut into chunks. */
export const CHUNK_MAX = 24;
/** The level of the function's top level. */
export const ROOT = '#root';

export type LevelKind = 'root' | 'loop' | 'then' | 'else' | 'block' | 'chunk' | 'inline';
export type GroupKind = 'loop' | 'branch' | 'block' | 'chunk' | 'inline' | 'fused';

/** A node (index into the view's nodes) or a level inside. */
export type Unit = { readonly node: number } | { readonly level: string };

export interface Level {
  readonly id: string;
  readonly kind: LevelKind;
  readonly label: string;
  /** The level it is in (undefined for the root). */
  readonly parent?: string;
  /** The group that opens and closes it (undefined for the root). */
  readonly group?: string;
  /** Its contents in program order. */
  readonly units: readonly Unit[];
  /** Nodes inside, nested ones included (for a remote level, as the answer says). */
  readonly size: number;
  /** The answer left its contents out (a collapsed region of a graph in parts). */
  readonly remote: boolean;
  /** The `for` or `if` that owns it (index into the view's nodes). */
  readonly owner?: number;
}

export interface Group {
  readonly id: string;
  readonly kind: GroupKind;
  /** What its box or mark says: `for r0 in 0..4`, `lines 40–80`, `inlined epilogue (call at L55)`. */
  readonly label: string;
  /** The levels it opens. */
  readonly levels: readonly string[];
  /** The node that stands for it when collapsed (its `for`, `if` or fused node); otherwise a box does. */
  readonly owner?: number;
  /** A fused group's members (ghosts of the diff), hidden while it is collapsed. */
  readonly members: readonly number[];
  /** The level it sits in. */
  readonly parent: string;
  /** Nodes it holds. */
  readonly size: number;
  /** The first and last line of the nodes it holds (of the function's file), when known. */
  readonly lines?: readonly [number, number];
}

export interface Tree {
  readonly view: ViewGraph;
  readonly levels: ReadonlyMap<string, Level>;
  readonly groups: ReadonlyMap<string, Group>;
  /** The level of each node (index into the view's nodes). */
  readonly levelOf: readonly string[];
  /** The fused group a ghost member belongs to. */
  readonly memberOf: ReadonlyMap<number, string>;
  /** Groups whose owner is the node (a `for`, an `if`, a fused node). */
  readonly ownedBy: ReadonlyMap<number, string>;
  /** Node index by id (first occurrence). */
  readonly nodeIndex: ReadonlyMap<string, number>;
}

// ---- building ----

/** The calls a node's id says it was inlined through, innermost first: `x in C2 in C1` → [`C2 in C1`, `C1`]. */
export function inlineCalls(id: string): string[] {
  const out: string[] = [];
  let rest = id;
  // Copies made by passes keep the id they copied with a suffix; a register set for a call's parameter is `<call>~r<k>`.
  for (;;) {
    const m = /(~i\d+|~r\d+|\+g\d+)$/.exec(rest);
    if (!m) break;
    rest = rest.slice(0, m.index);
    if (m[1].startsWith('~r')) {
      out.push(rest);
      break;
    }
  }
  for (let at = rest.indexOf(' in '); at >= 0; at = rest.indexOf(' in ')) {
    rest = rest.slice(at + 4);
    out.push(rest);
  }
  return out;
}

/** `module::func@55:5 in ...` → `L55`. */
function callLine(call: string): string {
  const m = /@(\d+):\d+/.exec(call);
  return m ? `L${m[1]}` : call;
}

function shortName(fn: string): string {
  const at = fn.lastIndexOf('::');
  return at >= 0 ? fn.slice(at + 2) : fn;
}

export function buildTree(view: ViewGraph): Tree {
  const nodes = view.nodes;
  const nodeIndex = new Map<string, number>();
  nodes.forEach((n, i) => {
    if (!nodeIndex.has(n.id)) nodeIndex.set(n.id, i);
  });
  const regionById = new Map<string, GraphRegion>();
  for (const r of view.regions) if (!regionById.has(r.id)) regionById.set(r.id, r);
  const file = nodes.find((n) => !view.notes.get(n.id)?.ghost)?.span.file;

  // Region levels, and what is directly in each level (before inlined calls and chunks).
  const parentOf = (r: GraphRegion): string => (r.parent !== undefined && regionById.has(r.parent) && r.parent !== r.id ? r.parent : ROOT);
  // A region whose parents loop back on themselves sits at the top level.
  const safeParent = new Map<string, string>();
  for (const r of regionById.values()) {
    const seen = new Set([r.id]);
    let p = parentOf(r);
    while (p !== ROOT && !seen.has(p)) {
      seen.add(p);
      p = parentOf(regionById.get(p)!);
    }
    safeParent.set(r.id, p === ROOT ? parentOf(r) : ROOT);
  }
  const direct = new Map<string, { key: number; unit: Unit }[]>([[ROOT, []]]);
  for (const r of regionById.values()) direct.set(r.id, []);
  const put = (level: string, key: number, unit: Unit): void => {
    direct.get(level)!.push({ key, unit });
  };
  const levelOf: string[] = new Array(nodes.length);
  // Program order: a node's index; a ghost (a removed node, appended by the diff) right before the first node of its
  // level that comes after it in the same file.
  const order: number[] = nodes.map((_, i) => i);
  nodes.forEach((n, i) => {
    if (nodeIndex.get(n.id) !== i) return;
    const level = n.region !== undefined && regionById.has(n.region) ? n.region : ROOT;
    levelOf[i] = level;
  });
  // Per level and file, the nodes that are not ghosts, in program order (their lines rise, mostly).
  const plain = new Map<string, number[]>();
  nodes.forEach((n, i) => {
    if (levelOf[i] === undefined || view.notes.get(n.id)?.ghost) return;
    const key = `${levelOf[i]}\u0000${n.span.file}`;
    let list = plain.get(key);
    if (!list) plain.set(key, (list = []));
    list.push(i);
  });
  const after = (m: GraphNode, n: GraphNode): boolean => m.span.line > n.span.line || (m.span.line === n.span.line && m.span.col > n.span.col);
  const ghostOrder = (i: number): number => {
    const n = nodes[i];
    const list = plain.get(`${levelOf[i]}\u0000${n.span.file}`) ?? [];
    // The first of them after the ghost in the file (a binary search over rising lines).
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (after(nodes[list[mid]], n)) hi = mid;
      else lo = mid + 1;
    }
    return lo < list.length ? list[lo] - 0.5 + i / (nodes.length * 4) : nodes.length + i;
  };
  nodes.forEach((n, i) => {
    if (levelOf[i] === undefined) return;
    if (view.notes.get(n.id)?.ghost) order[i] = ghostOrder(i);
    put(levelOf[i], order[i], { node: i });
  });
  let regionOrder = 0;
  for (const r of regionById.values()) {
    const owner = r.owner !== undefined ? nodeIndex.get(r.owner) : undefined;
    const key = owner !== undefined && levelOf[owner] === safeParent.get(r.id) ? order[owner] + 0.25 + (r.kind === 'else' ? 0.1 : 0) : nodes.length * 2 + regionOrder++;
    put(safeParent.get(r.id)!, key, { level: r.id });
  }

  const levels = new Map<string, Level>();
  const groups = new Map<string, Group>();
  const ownedBy = new Map<number, string>();
  const memberOf = new Map<number, string>();

  // Inlined calls: at each level, the units inlined through the same (outermost) call become a level of their own.
  const callsOfUnit = (u: Unit): string[] => {
    if ('node' in u) return inlineCalls(nodes[u.node].id);
    const r = regionById.get(u.level);
    const owner = r?.owner !== undefined ? nodeIndex.get(r.owner) : undefined;
    return owner !== undefined ? inlineCalls(nodes[owner].id) : [];
  };
  const calleeOf = (units: readonly Unit[]): string | undefined => {
    for (const u of units) {
      const from = 'node' in u ? nodes[u.node].inlinedFrom : undefined;
      if (from) return from;
    }
    return undefined;
  };

  interface Draft {
    id: string;
    kind: LevelKind;
    label: string;
    parent?: string;
    group?: string;
    units: Unit[];
    remote: boolean;
    owner?: number;
    remoteSize?: number;
  }
  const drafts = new Map<string, Draft>();

  /** Makes the level `id` of `entries`, with its inlined calls (outside `context`) grouped. */
  const makeLevel = (draft: Draft, entries: { key: number; unit: Unit }[], context: readonly string[]): void => {
    entries.sort((a, b) => a.key - b.key);
    const units: Unit[] = [];
    const inlined = new Map<string, { key: number; unit: Unit }[]>();
    const placeOf = new Map<string, number>();
    for (const e of entries) {
      const calls = callsOfUnit(e.unit);
      // The outermost call this level is not already inside.
      const free = calls.filter((c) => !context.includes(c));
      const call = free[free.length - 1];
      if (call === undefined) {
        units.push(e.unit);
        continue;
      }
      let list = inlined.get(call);
      if (!list) {
        inlined.set(call, (list = []));
        placeOf.set(call, units.length);
        units.push({ level: `#inline:${call}` });
      }
      list.push(e);
    }
    draft.units = units;
    drafts.set(draft.id, draft);
    for (const [call, list] of inlined) {
      const id = `#inline:${call}`;
      const callee = calleeOf(list.map((e) => e.unit));
      const sub: Draft = { id, kind: 'inline', label: `inlined ${callee ? shortName(callee) : 'call'} (call at ${callLine(call)})`, parent: draft.id, group: id, units: [], remote: false };
      for (const e of list) if ('level' in e.unit) reparent.set(e.unit.level, id);
      makeLevel(sub, list, [...context, call]);
    }
  };
  const reparent = new Map<string, string>();
  const contextOf = (id: string): string[] => {
    const out: string[] = [];
    for (let d = drafts.get(id); d; d = d.parent !== undefined ? drafts.get(d.parent) : undefined) if (d.kind === 'inline') out.push(d.id.slice('#inline:'.length));
    return out;
  };

  // Levels top-down, so that an inlined call's context is known before its contents.
  const regionLevels = [...regionById.values()];
  makeLevel({ id: ROOT, kind: 'root', label: view.function, units: [], remote: false }, direct.get(ROOT)!, []);
  const pending = new Set(regionLevels.map((r) => r.id));
  while (pending.size > 0) {
    let progressed = false;
    for (const r of regionLevels) {
      if (!pending.has(r.id)) continue;
      const parent = reparent.get(r.id) ?? safeParent.get(r.id)!;
      if (!drafts.has(parent)) continue;
      pending.delete(r.id);
      progressed = true;
      const owner = r.owner !== undefined ? nodeIndex.get(r.owner) : undefined;
      const group = owner !== undefined ? `#group:${r.owner}` : r.id;
      makeLevel({
        id: r.id, kind: r.kind, label: r.label, parent, group, units: [], remote: r.collapsed === true, owner, remoteSize: r.size,
      }, direct.get(r.id)!, contextOf(parent));
    }
    if (!progressed) break;
  }

  // Chunks: a crowded level's units in runs (an owner and its regions stay together), until no level is crowded.
  const chunkLevel = (draft: Draft): void => {
    // Composites: a node with the levels it owns right after it.
    const composites: Unit[][] = [];
    for (const u of draft.units) {
      const last = composites[composites.length - 1];
      const d = 'level' in u ? drafts.get(u.level) : undefined;
      if (d && d.owner !== undefined && last && last.some((x) => 'node' in x && x.node === d.owner)) last.push(u);
      else composites.push([u]);
    }
    if (draft.units.length <= CHUNK_MAX) return;
    let parts = composites;
    let depth = 0;
    const made: Draft[] = [];
    while (parts.reduce((n, p) => n + p.length, 0) > CHUNK_MAX) {
      // Runs of about the same number of units, a composite never split.
      const total = parts.reduce((n, p) => n + p.length, 0);
      const per = Math.ceil(total / Math.ceil(total / CHUNK_MAX));
      const runs: Unit[][] = [];
      let run: Unit[] = [];
      for (const p of parts) {
        if (run.length > 0 && run.length + p.length > per) {
          runs.push(run);
          run = [];
        }
        run.push(...p);
      }
      if (run.length > 0) runs.push(run);
      const next: Unit[][] = [];
      runs.forEach((units, k) => {
        const id = `#chunk:${draft.id}:${depth}:${k}`;
        const chunk: Draft = { id, kind: 'chunk', label: '', parent: draft.id, group: id, units, remote: false };
        drafts.set(id, chunk);
        made.push(chunk);
        next.push([{ level: id }]);
      });
      parts = next;
      depth++;
    }
    draft.units = parts.flat();
    // Parents: each chunk's units now sit in it.
    for (const c of made) {
      for (const u of c.units) if ('level' in u) drafts.get(u.level)!.parent = c.id;
    }
  };
  for (const d of [...drafts.values()]) if (d.kind !== 'chunk') chunkLevel(d);

  // Each node's level, once chunks and inlined calls have taken theirs.
  for (const d of drafts.values()) for (const u of d.units) if ('node' in u) levelOf[u.node] = d.id;

  // Sizes and line ranges, bottom-up.
  const sizes = new Map<string, number>();
  const lines = new Map<string, [number, number] | undefined>();
  const measure = (id: string): number => {
    const known = sizes.get(id);
    if (known !== undefined) return known;
    const d = drafts.get(id)!;
    let size = 0;
    let range: [number, number] | undefined;
    const add = (r: readonly [number, number] | undefined): void => {
      if (!r) return;
      range = range ? [Math.min(range[0], r[0]), Math.max(range[1], r[1])] : [r[0], r[1]];
    };
    for (const u of d.units) {
      if ('node' in u) {
        const n = nodes[u.node];
        if (!view.notes.get(n.id)?.ghost) size++;
        if (n.span.file === file) add([n.span.line, n.span.line]);
      } else {
        size += measure(u.level);
        add(lines.get(u.level));
      }
    }
    if (d.remote) size = d.remoteSize ?? size;
    sizes.set(id, size);
    lines.set(id, range);
    return size;
  };
  for (const id of drafts.keys()) measure(id);

  for (const d of drafts.values()) {
    const range = lines.get(d.id);
    const label = d.kind === 'chunk' ? (range ? `lines ${range[0]}–${range[1]}` : 'nodes') : d.label;
    levels.set(d.id, { id: d.id, kind: d.kind, label, parent: d.parent, group: d.group, units: d.units, size: sizes.get(d.id)!, remote: d.remote, owner: d.owner });
  }

  // Groups.
  for (const l of levels.values()) {
    if (l.group === undefined) continue;
    const existing = groups.get(l.group);
    if (existing) {
      groups.set(l.group, { ...existing, levels: [...existing.levels, l.id], size: existing.size + l.size, lines: joinLines(existing.lines, lines.get(l.id)) });
      continue;
    }
    const kind: GroupKind = l.kind === 'loop' ? 'loop' : l.kind === 'then' || l.kind === 'else' ? 'branch' : l.kind === 'root' ? 'chunk' : l.kind;
    const ownerNode = l.owner !== undefined ? nodes[l.owner] : undefined;
    const label = ownerNode ? ownerNode.label : l.label;
    groups.set(l.group, { id: l.group, kind, label, levels: [l.id], owner: l.owner, members: [], parent: l.parent ?? ROOT, size: l.size, lines: lines.get(l.id) });
    if (l.owner !== undefined) ownedBy.set(l.owner, l.group);
  }
  // A branch's owner sits where its arms' level is: the owner's own level.
  for (const g of groups.values()) {
    if (g.owner !== undefined && levelOf[g.owner] !== undefined && levelOf[g.owner] !== g.parent) groups.set(g.id, { ...g, parent: levelOf[g.owner] });
  }

  // Fused groups of a diff: the group node and the ghosts of the members it replaced.
  const byGroup = new Map<string, number[]>();
  nodes.forEach((n, i) => {
    const into = view.notes.get(n.id)?.fusedInto;
    if (into !== undefined && levelOf[i] !== undefined) {
      let list = byGroup.get(into);
      if (!list) byGroup.set(into, (list = []));
      list.push(i);
    }
  });
  for (const [gid, members] of byGroup) {
    const owner = nodeIndex.get(gid);
    if (owner === undefined || ownedBy.has(owner) || levelOf[owner] === undefined) continue;
    const id = `#fused:${gid}`;
    groups.set(id, { id, kind: 'fused', label: nodes[owner].label, levels: [], owner, members, parent: levelOf[owner], size: members.length + 1 });
    ownedBy.set(owner, id);
    for (const m of members) memberOf.set(m, id);
  }
  return { view, levels, groups, levelOf, memberOf, ownedBy, nodeIndex };
}

function joinLines(a: readonly [number, number] | undefined, b: readonly [number, number] | undefined): [number, number] | undefined {
  if (!a) return b ? [b[0], b[1]] : undefined;
  if (!b) return [a[0], a[1]];
  return [Math.min(a[0], b[0]), Math.max(a[1], b[1])];
}

// ---- what is visible ----

/** What a visible item is: a node of the graph, or the box of a collapsed group without an owner. */
export type VisibleItem =
  | { readonly kind: 'node'; readonly index: number; /** The collapsed group this node stands for (its owner). */ readonly collapsed?: string }
  | { readonly kind: 'group'; readonly group: string };

/** A region of the drawing: an open level (not the root). */
export interface VisibleRegion extends Omit<GraphRegion, 'kind'> {
  readonly kind: LevelKind;
  /** The group that closes it. */
  readonly group: string;
}

/** The graph to lay out and draw: visible nodes (group boxes among them), open levels as regions, bundled edges. */
export interface VisibleGraph extends Omit<ViewGraph, 'regions'> {
  readonly regions: readonly VisibleRegion[];
  /** Parallel to `nodes`. */
  readonly items: readonly VisibleItem[];
  readonly tree: Tree;
  /** Visible index of each view node that is visible. */
  readonly visibleIndex: ReadonlyMap<number, number>;
  /** What each open level holds, in program order: visible nodes (by visible index) and open levels. */
  readonly contents: ReadonlyMap<string, readonly VisibleUnit[]>;
}

export type VisibleUnit = { readonly node: number } | { readonly level: string };

export const GROUP_ENGINE = 'GROUP';

/** Which groups are open: the expansion, minus what cannot open (a remote level stays closed until it arrives). */
export function isOpen(tree: Tree, level: string, expanded: ReadonlySet<string>): boolean {
  if (level === ROOT) return true;
  const l = tree.levels.get(level);
  return !!l && !l.remote && l.group !== undefined && expanded.has(l.group);
}

export function visibleGraph(tree: Tree, expanded: ReadonlySet<string>): VisibleGraph {
  const { view, levels, groups } = tree;
  const nodes: GraphNode[] = [];
  const items: VisibleItem[] = [];
  const regions: VisibleRegion[] = [];
  const visibleIndex = new Map<number, number>();
  const groupBox = new Map<string, number>();
  const contents = new Map<string, VisibleUnit[]>();
  const levelRegion = (l: Level): string | undefined => (l.id === ROOT ? undefined : l.id);

  const visit = (levelId: string): void => {
    const level = levels.get(levelId)!;
    const here: VisibleUnit[] = [];
    contents.set(levelId, here);
    for (const u of level.units) {
      if ('node' in u) {
        const member = tree.memberOf.get(u.node);
        if (member !== undefined && !expanded.has(member)) continue;
        const n = view.nodes[u.node];
        const owned = tree.ownedBy.get(u.node);
        const collapsed = owned !== undefined && !groupOpen(tree, owned, expanded) ? owned : undefined;
        visibleIndex.set(u.node, nodes.length);
        here.push({ node: nodes.length });
        nodes.push(n.region === levelRegion(level) ? n : { ...n, region: levelRegion(level) });
        items.push(collapsed !== undefined ? { kind: 'node', index: u.node, collapsed } : { kind: 'node', index: u.node });
        continue;
      }
      const sub = levels.get(u.level)!;
      if (isOpen(tree, sub.id, expanded)) {
        regions.push({
          id: sub.id, kind: sub.kind, label: sub.label, group: sub.group!, ...(level.id !== ROOT ? { parent: level.id } : {}),
          ...(sub.owner !== undefined ? { owner: view.nodes[sub.owner].id } : {}), size: sub.size,
        });
        here.push({ level: sub.id });
        visit(sub.id);
        continue;
      }
      const g = groups.get(sub.group!)!;
      if (g.owner !== undefined && view.nodes[g.owner] && tree.levelOf[g.owner] !== undefined) continue; // its owner stands for it
      if (groupBox.has(g.id)) continue;
      groupBox.set(g.id, nodes.length);
      here.push({ node: nodes.length });
      const first = firstNode(tree, sub.id);
      nodes.push({
        id: `#group:${g.id}`, kind: 'instr', opcode: g.kind, engine: GROUP_ENGINE, label: g.label,
        span: first !== undefined ? view.nodes[first].span : { file: '', line: g.lines?.[0] ?? 0, col: 1, endLine: g.lines?.[0] ?? 0, endCol: 1 },
        ...(level.id !== ROOT ? { region: level.id } : {}),
      });
      items.push({ kind: 'group', group: g.id });
    }
  };
  visit(ROOT);

  // Edges: each end goes to what stands for it; the same pair (and kind) once, with a count.
  const standIn = (id: string): number | undefined => {
    const ni = tree.nodeIndex.get(id);
    if (ni !== undefined) return representative(tree, ni, undefined, expanded, visibleIndex, groupBox);
    const l = levels.get(id);
    return l ? representative(tree, undefined, l.id, expanded, visibleIndex, groupBox) : undefined;
  };
  const bundled = new Map<string, GraphEdge & { count: number }>();
  for (const e of view.edges) {
    const a = standIn(e.from);
    const b = standIn(e.to);
    if (a === undefined || b === undefined || a === b) continue;
    const key = `${a}\u0000${b}\u0000${e.kind}`;
    const seen = bundled.get(key);
    if (seen) seen.count += e.count ?? 1;
    else bundled.set(key, { from: nodes[a].id, to: nodes[b].id, kind: e.kind, label: e.label, count: e.count ?? 1 });
  }
  const edges = [...bundled.values()].map((e) => (e.count === 1 ? { from: e.from, to: e.to, kind: e.kind, label: e.label } : e));
  // The current node inside closed groups: the box that stands for it shows as current (the view follows it there).
  const current = view.nodes.findIndex((n) => n.state === 'current');
  const standsFor = current >= 0 && !visibleIndex.has(current) ? standIn(view.nodes[current].id) : undefined;
  if (standsFor !== undefined) nodes[standsFor] = { ...nodes[standsFor], state: 'current' };
  return { function: view.function, nodes, regions, edges, notes: view.notes, items, tree, visibleIndex, contents };
}

function groupOpen(tree: Tree, group: string, expanded: ReadonlySet<string>): boolean {
  const g = tree.groups.get(group);
  if (!g || !expanded.has(group)) return false;
  return g.levels.every((l) => !tree.levels.get(l)!.remote);
}

/** The first node inside a level (for a group box's place in the source). */
function firstNode(tree: Tree, level: string): number | undefined {
  for (const u of tree.levels.get(level)?.units ?? []) {
    if ('node' in u) return u.node;
    const inner = firstNode(tree, u.level);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** The visible index standing for a node (or a level): itself, or the outermost closed group around it. */
function representative(tree: Tree, node: number | undefined, level: string | undefined, expanded: ReadonlySet<string>,
  visibleIndex: ReadonlyMap<number, number>, groupBox: ReadonlyMap<string, number>): number | undefined {
  // The chain of levels from the node's up to the root.
  const chain: string[] = [];
  for (let l: string | undefined = node !== undefined ? tree.levelOf[node] : level; l !== undefined; l = tree.levels.get(l)?.parent) chain.push(l);
  // The outermost level that is closed.
  let closed: string | undefined;
  for (const l of chain) if (!isOpen(tree, l, expanded)) closed = l;
  if (closed === undefined) {
    if (node === undefined) return undefined;
    const member = tree.memberOf.get(node);
    if (member !== undefined && !expanded.has(member)) return visibleIndex.get(tree.groups.get(member)!.owner!);
    return visibleIndex.get(node);
  }
  const g = tree.groups.get(tree.levels.get(closed)!.group!)!;
  if (g.owner !== undefined) return visibleIndex.get(g.owner);
  return groupBox.get(g.id);
}

// ---- expansion ----

/** The groups around a node, outermost first (the ones to open to show it). */
export function groupsAround(tree: Tree, node: number): string[] {
  const out: string[] = [];
  for (let l: string | undefined = tree.levelOf[node]; l !== undefined && l !== ROOT; l = tree.levels.get(l)?.parent) {
    const g = tree.levels.get(l)!.group;
    if (g !== undefined) out.unshift(g);
  }
  const member = tree.memberOf.get(node);
  if (member !== undefined) out.push(member);
  return out;
}

/** The items a group adds when it opens (its levels' units), minus the one that stood for it. */
function openCost(tree: Tree, g: Group): number {
  if (g.kind === 'fused') return g.members.length;
  const units = g.levels.reduce((n, l) => n + (tree.levels.get(l)?.units.length ?? 0), 0);
  return units - (g.owner !== undefined ? 0 : 1);
}

/**
 * The groups to open first: those around the nodes that must show, then, breadth first in program order, every
 * group whose opening keeps the visible items within the budget. Remote levels are not opened (their contents come
 * from the panel).
 */
export function initialExpansion(tree: Tree, budget: number, mustShow: readonly number[] = []): Set<string> {
  const expanded = new Set<string>();
  for (const n of mustShow) for (const g of groupsAround(tree, n)) expanded.add(g);
  let count = visibleGraph(tree, expanded).nodes.length;
  // Breadth first: the closed groups of each open level, in program order.
  const queue: string[] = [];
  const enqueueLevel = (levelId: string): void => {
    for (const u of tree.levels.get(levelId)?.units ?? []) {
      if ('node' in u) {
        const owned = tree.ownedBy.get(u.node);
        const g = owned !== undefined ? tree.groups.get(owned) : undefined;
        if (g?.kind === 'fused') queue.push(g.id);
        continue;
      }
      const g = tree.levels.get(u.level)?.group;
      if (g !== undefined && !queue.includes(g)) queue.push(g);
    }
  };
  enqueueLevel(ROOT);
  const seen = new Set<string>();
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const g = tree.groups.get(id);
    if (!g) continue;
    const remote = g.levels.some((l) => tree.levels.get(l)!.remote);
    if (!expanded.has(id)) {
      if (remote) continue;
      const cost = openCost(tree, g);
      if (count + cost > budget) continue;
      expanded.add(id);
      count += cost;
    }
    for (const l of g.levels) enqueueLevel(l);
  }
  return expanded;
}

/** Every group (a small graph shows everything). */
export function allGroups(tree: Tree): Set<string> {
  return new Set(tree.groups.keys());
}

/** The server regions to ask for to open a group: its remote levels' ids. */
export function remoteRegions(tree: Tree, group: string): string[] {
  const g = tree.groups.get(group);
  return g ? g.levels.filter((l) => tree.levels.get(l)!.remote) : [];
}
