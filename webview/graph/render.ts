/**
 * SVG drawing of a laid-out graph. Everything is built with createElementNS, textContent and setAttribute:
 * no text from the graph is ever parsed as markup. Colours are CSS classes (style.css) that use VS Code's theme
 * variables; a node's engine picks one of a fixed set of classes.
 *
 * The whole drawing sits in one <svg> that pan and zoom transform (interaction.ts); a stop that keeps the
 * graph's structure only restyles nodes (decorate), it never redraws.
 */
import { diffClasses } from './diff';
import { itemText } from './items';
import { Layout, Point } from './layout';
import { Lod, shortFontPx, COVER_MAX_PX, LABEL_PX, MIN_TEXT_PX } from './lod';
import { DiffNote, engineClass, nodeAriaLabel } from './text';
import type { VisibleGraph } from './tree';
import type { GraphNode, NodeBreakpoint } from '../../contract/graph';

const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}, parent?: Element): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent?.appendChild(e);
  return e;
}

function text(parent: Element, attrs: Record<string, string | number>, content: string): SVGTextElement {
  const t = el('text', attrs, parent);
  t.textContent = content;
  return t;
}

export interface Scene {
  readonly layout: Layout;
  /** The node elements by index into the view's nodes (undefined for nodes without a box). */
  readonly nodeEls: readonly (SVGGElement | undefined)[];
  readonly edgeEls: readonly { readonly path: SVGPathElement; readonly label?: SVGGElement; readonly from: number; readonly to: number }[];
  /** The marks of each node, made when first needed (most nodes never need most of them). */
  readonly marks: (NodeMarks | undefined)[];
  /** Per placed node (parallel to layout.nodes): its short text (the opcode), drawn when the title would not read. */
  readonly shortEls: readonly SVGTextElement[];
  /** Per cluster (parallel to layout.clusters): its frame, and its cover (one labelled box, when its contents would not read). */
  readonly clusterEls: readonly SVGGElement[];
  readonly coverEls: readonly { readonly g: SVGGElement; readonly label: SVGTextElement; readonly sub: SVGTextElement }[];
  /** The whole graph as one box (when nothing else would read). */
  readonly rootCover: { readonly g: SVGGElement; readonly label: SVGTextElement; readonly sub: SVGTextElement };
  /** The LOD last applied. */
  lod?: Lod;
}

interface NodeMarks {
  width: number;
  height: number;
  run?: SVGTextElement;
  arrow?: SVGPathElement;
  bp?: SVGCircleElement;
  badge?: SVGTextElement;
  ring?: SVGRectElement;
}

/** The page's <svg> (the surface pan and zoom move): markers, and the <g> the drawing goes in. */
export function createSvg(host: HTMLElement): { svg: SVGSVGElement; viewport: SVGGElement } {
  const svg = el('svg', { class: 'graph', role: 'group', 'aria-roledescription': 'dataflow graph', width: 1, height: 1 });
  const defs = el('defs', {}, svg);
  for (const kind of ['memory', 'register']) {
    const m = el('marker', { id: `arrow-${kind}`, class: `arrow arrow-${kind}`, viewBox: '0 0 10 10', refX: 9, refY: 5, markerUnits: 'userSpaceOnUse', markerWidth: 9, markerHeight: 9, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z' }, m);
  }
  const viewport = el('g', { class: 'viewport' }, svg);
  host.appendChild(svg);
  return { svg, viewport };
}

function pathOf(e: { readonly points: readonly Point[]; readonly curve?: boolean }): string {
  const p = e.points;
  if (e.curve && p.length === 4) return `M${round(p[0].x)} ${round(p[0].y)} C${round(p[1].x)} ${round(p[1].y)} ${round(p[2].x)} ${round(p[2].y)} ${round(p[3].x)} ${round(p[3].y)}`;
  return p.map((q, i) => `${i === 0 ? 'M' : 'L'}${round(q.x)} ${round(q.y)}`).join(' ');
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}

function cover(parent: Element, cls: string, box: { x: number; y: number; width: number; height: number }, label: string, sub: string): { g: SVGGElement; label: SVGTextElement; sub: SVGTextElement } {
  const g = el('g', { class: cls }, parent);
  el('rect', { x: round(box.x), y: round(box.y), width: round(box.width), height: round(box.height), rx: 8 }, g);
  const cx = round(box.x + box.width / 2);
  const cy = round(box.y + box.height / 2);
  return { g, label: text(g, { class: 'cover-label', x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, label), sub: text(g, { class: 'cover-sub', x: cx, y: cy, 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, sub) };
}

/** Draws the graph into the viewport (replacing what was there). */
export function drawScene(viewport: SVGGElement, view: VisibleGraph, layout: Layout): Scene {
  viewport.replaceChildren();
  const svg = viewport.ownerSVGElement;
  svg?.setAttribute('width', String(Math.ceil(layout.width + 32)));
  svg?.setAttribute('height', String(Math.ceil(layout.height + 32)));
  const clusters = el('g', { class: 'clusters' }, viewport);
  const edges = el('g', { class: 'edges' }, viewport);
  const labels = el('g', { class: 'edge-labels' }, viewport);
  const nodes = el('g', { class: 'nodes' }, viewport);
  const covers = el('g', { class: 'covers' }, viewport);

  const clusterEls: SVGGElement[] = [];
  const coverEls: { g: SVGGElement; label: SVGTextElement; sub: SVGTextElement }[] = [];
  layout.clusters.forEach((c, ci) => {
    const region = view.regions[c.index];
    const kind = region.kind === 'loop' ? 'loop' : region.kind === 'then' || region.kind === 'else' ? 'branch' : region.kind === 'chunk' ? 'chunk' : region.kind === 'inline' ? 'inline' : 'block';
    const g = el('g', { class: `cluster cluster-${kind} depth-${Math.min(c.depth, 4)}`, 'data-cluster': ci }, clusters);
    el('rect', { x: round(c.x), y: round(c.y), width: round(c.width), height: round(c.height), rx: 8 }, g);
    const header = text(g, { class: 'cluster-label', x: round(c.x + 10), y: round(c.y + 17) }, c.label);
    header.setAttribute('data-toggle', String(ci));
    clusterEls.push(g);
    const cv = cover(covers, 'cover', c, c.label, `${(region.size ?? 0).toLocaleString('en-US')} nodes`);
    cv.g.setAttribute('data-cluster', String(ci));
    coverEls.push(cv);
  });
  const rootCover = cover(covers, 'cover root-cover', { x: 0, y: 0, width: layout.width, height: layout.height }, view.function,
    `${(view.tree.levels.get('#root')?.size ?? view.nodes.length).toLocaleString('en-US')} nodes`);

  const edgeEls: { path: SVGPathElement; label?: SVGGElement; from: number; to: number }[] = [];
  for (const e of layout.edges) {
    if (e.points.length < 2) continue;
    const kind = e.index === undefined ? 'structural' : view.edges[e.index].kind;
    const path = el('path', { class: `edge edge-${kind}${(e.count ?? 1) > 1 ? ' bundled' : ''}`, d: pathOf(e), ...(kind === 'structural' ? {} : { 'marker-end': `url(#arrow-${kind})` }) }, edges);
    if ((e.count ?? 1) > 1) path.style.strokeWidth = String(1.2 + Math.min(4, Math.log2(e.count!)));
    let label: SVGGElement | undefined;
    if (e.label && e.labelBox) {
      const b = e.labelBox;
      label = el('g', { class: `edge-label edge-label-${kind}` }, labels);
      el('rect', { x: round(b.x - 1), y: round(b.y), width: round(b.width + 2), height: round(b.height), rx: 3 }, label);
      text(label, { x: round(b.x + 2), y: round(b.y + b.height - 3.5) }, e.label);
    }
    edgeEls.push({ path, label, from: e.from, to: e.to });
  }

  const nodeEls: (SVGGElement | undefined)[] = new Array(view.nodes.length);
  const marks: (NodeMarks | undefined)[] = new Array(view.nodes.length);
  const shortEls: SVGTextElement[] = [];
  for (const p of layout.nodes) {
    const n = view.nodes[p.index];
    const item = view.items[p.index];
    const w = round(p.width);
    const h = round(p.height);
    const g = el('g', { transform: `translate(${round(p.x)} ${round(p.y)})`, tabindex: -1, role: 'button', 'aria-roledescription': item?.kind === 'group' ? 'group of nodes' : 'graph node', 'data-index': p.index }, nodes);
    g.setAttribute('data-node-id', n.id);
    el('rect', { class: 'box', width: w, height: h, rx: 6 }, g);
    if (item?.kind === 'group') el('rect', { class: 'inner', x: 3, y: 3, width: Math.max(0, w - 6), height: Math.max(0, h - 6), rx: 11 }, g);
    else el('rect', { class: 'stripe', x: 0.5, y: 6, width: 4, height: h - 12, rx: 2 }, g);
    const t = itemText(view, p.index);
    text(g, { class: 'title', x: 12, y: 17 }, t.title);
    text(g, { class: 'sub', x: 12, y: 32 }, t.sub);
    shortEls.push(text(g, { class: 'short', x: round(w / 2), y: round(h / 2), 'text-anchor': 'middle', 'dominant-baseline': 'middle' }, t.short));
    nodeEls[p.index] = g;
    marks[p.index] = { width: w, height: h };
  }
  return { layout, nodeEls, edgeEls, marks, shortEls, clusterEls, coverEls, rootCover };
}

/**
 * Shows each box as the zoom reads it: full text, the short text (sized to stay at least 8 px on screen), or hidden
 * inside a covered level; covers for levels whose contents would not read; edges of hidden nodes hidden.
 */
export function applyLod(scene: Scene, view: VisibleGraph, lod: Lod): void {
  const before = scene.lod;
  scene.lod = lod;
  const k = lod.k;
  scene.layout.nodes.forEach((p, pi) => {
    const g = scene.nodeEls[p.index];
    if (!g) return;
    const tier = lod.node[pi];
    if (before?.node[pi] !== tier) {
      g.classList.toggle('lod-full', tier === 'full');
      g.classList.toggle('lod-short', tier === 'short');
      g.classList.toggle('lod-hidden', tier === 'hidden');
    }
    if (tier === 'short') {
      const t = scene.shortEls[pi];
      // A style (the stylesheet's font size of texts would win over an attribute).
      t.style.fontSize = `${(shortFontPx(t.textContent ?? '', p.width, p.height, k) / k).toFixed(2)}px`;
    }
  });
  scene.layout.clusters.forEach((c, ci) => {
    const state = lod.cluster[ci];
    const cv = scene.coverEls[ci];
    if (before?.cluster[ci] !== state) {
      scene.clusterEls[ci].classList.toggle('lod-hidden', state !== 'open');
      cv.g.classList.toggle('shown', state === 'covered');
    }
    // A level's header (11 px in the drawing's units) only where it reads, as the canvas draws it.
    scene.clusterEls[ci].classList.toggle('label-hidden', LABEL_PX * k < MIN_TEXT_PX);
    if (state === 'covered') sizeCover(cv, c, k);
  });
  scene.rootCover.g.classList.toggle('shown', lod.rootCovered);
  if (lod.rootCovered) sizeCover(scene.rootCover, { x: 0, y: 0, width: scene.layout.width, height: scene.layout.height }, k);
  const pos = new Map(scene.layout.nodes.map((p, pi) => [p.index, pi]));
  const hidden = (i: number): boolean => i >= 0 && lod.node[pos.get(i) ?? -1] === 'hidden';
  for (const e of scene.edgeEls) {
    const off = lod.rootCovered || hidden(e.from) || hidden(e.to);
    e.path.classList.toggle('lod-hidden', off);
    e.label?.classList.toggle('lod-hidden', off || LABEL_PX * k < MIN_TEXT_PX);
  }
  void view;
}

function sizeCover(cv: { label: SVGTextElement; sub: SVGTextElement }, b: { x: number; y: number; width: number; height: number }, k: number): void {
  const label = cv.label.textContent ?? '';
  const size = Math.max(MIN_TEXT_PX, Math.min(COVER_MAX_PX, (b.width * k - 8) / (Math.min(label.length, 14) * 0.6), b.height * k * 0.45));
  const twoLines = b.height * k >= size * 2.6 + 4;
  const cy = b.y + b.height / 2;
  cv.label.style.fontSize = `${(size / k).toFixed(2)}px`;
  cv.label.setAttribute('y', String(round(twoLines ? cy - (size * 0.6) / k : cy)));
  cv.sub.style.fontSize = `${(Math.max(MIN_TEXT_PX, size * 0.85) / k).toFixed(2)}px`;
  cv.sub.setAttribute('y', String(round(cy + (size * 0.7) / k)));
  cv.sub.style.display = twoLines ? '' : 'none';
}

/** Makes the marks a node's classes show (the check, the arrow, the breakpoint dot, the badge, the ring). */
function ensureMarks(g: SVGGElement, m: NodeMarks, n: GraphNode, note: DiffNote | undefined, bp: unknown): void {
  const { width: w, height: h } = m;
  if (n.state === 'run' && !m.run) m.run = text(g, { class: 'mark-run', x: w - 16, y: 17 }, '✓');
  if (n.state === 'current' && !m.arrow) m.arrow = el('path', { class: 'current-arrow', d: `M -15 ${h / 2 - 7} L -5 ${h / 2} L -15 ${h / 2 + 7} z` }, g);
  if (bp && !m.bp) m.bp = el('circle', { class: 'bp', cx: w - 2, cy: 2, r: 5 }, g);
  if (note?.fusedMembers && !m.ring) m.ring = g.insertBefore(el('rect', { class: 'fused-ring', x: -4, y: -4, width: w + 8, height: h + 8, rx: 9 }), g.firstChild);
  const b = badgeOf(note);
  if (b && !m.badge) m.badge = text(g, { class: 'badge', x: w - 18, y: 33 }, b);
  if (m.badge && m.badge.textContent !== b) m.badge.textContent = b;
}

function badgeOf(note: DiffNote | undefined): string {
  if (!note) return '';
  if (note.fusedMembers) return '⊕';
  if (note.added) return '+';
  if (note.moved) return '⇅';
  if (note.ghost) return '−';
  return '';
}

export function nodeClass(n: GraphNode, note: DiffNote | undefined, bp: NodeBreakpoint | 'pending' | undefined): string {
  const classes = ['node', engineClass(n.engine), `kind-${['instr', 'call', 'for', 'if', 'return', 'fused'].includes(n.kind) ? n.kind : 'instr'}`];
  if (n.state === 'current' || n.state === 'run' || n.state === 'not-run') classes.push(`state-${n.state}`);
  classes.push(...diffClasses(note));
  if (bp) classes.push(bp !== 'pending' && !bp.verified ? 'has-bp bp-unverified' : 'has-bp');
  return classes.join(' ');
}

/**
 * Restyles the nodes for the view's states, diff notes and breakpoints (the structure must be the one drawn),
 * and marks the edges into and out of the current node. Returns the current node's index.
 */
export function decorate(scene: Scene, view: VisibleGraph, breakpoints: ReadonlyMap<string, NodeBreakpoint | 'pending'>): number | undefined {
  let current: number | undefined;
  view.nodes.forEach((n, i) => {
    const g = scene.nodeEls[i];
    if (!g) return;
    const note = view.notes.get(n.id);
    const bp = breakpoints.get(n.id);
    const item = view.items[i];
    const tier = scene.lod ? ['lod-full', 'lod-short', 'lod-hidden'].find((c) => g.classList.contains(c)) : undefined;
    const cls = `${nodeClass(n, note, bp)}${item?.kind === 'group' ? ' group-box' : ''}${item?.kind === 'node' && item.collapsed !== undefined ? ' collapsed-owner' : ''}${tier ? ` ${tier}` : ''}`;
    if (g.getAttribute('class') !== cls) g.setAttribute('class', cls);
    const label = item?.kind === 'group' ? groupAriaLabel(view, i) : nodeAriaLabel(n, note, bp) + (item?.kind === 'node' && item.collapsed !== undefined ? `, collapsed ${view.tree.groups.get(item.collapsed)?.kind ?? 'group'} of ${(view.tree.groups.get(item.collapsed)?.size ?? 0)} nodes` : '');
    if (g.getAttribute('aria-label') !== label) g.setAttribute('aria-label', label);
    ensureMarks(g, scene.marks[i]!, n, note, bp);
    if (n.state === 'current') {
      current = i;
      g.setAttribute('aria-current', 'step');
    } else if (g.hasAttribute('aria-current')) g.removeAttribute('aria-current');
  });
  for (const e of scene.edgeEls) {
    const active = current !== undefined && (e.from === current || e.to === current);
    e.path.classList.toggle('active', active);
  }
  return current;
}

/** The accessible name of a collapsed group's box: `lines 40–80, collapsed chunk of 35 nodes` (`, holds the current node`). */
export function groupAriaLabel(view: VisibleGraph, i: number): string {
  const item = view.items[i];
  if (item?.kind !== 'group') return view.nodes[i].label;
  const g = view.tree.groups.get(item.group)!;
  return `${itemText(view, i).title}, collapsed ${g.kind} of ${g.size} nodes${view.nodes[i].state === 'current' ? ', holds the current node' : ''}`;
}

/** The node index of an event target inside the drawing, if it is in a node. */
export function nodeIndexOf(target: EventTarget | null): number | undefined {
  const e = target instanceof Element ? target.closest('[data-index]') : null;
  const v = e?.getAttribute('data-index');
  return v === null || v === undefined ? undefined : Number(v);
}
