/**
 * SVG drawing of a laid-out graph. Everything is built with createElementNS, textContent and setAttribute:
 * no text from the graph is ever parsed as markup. Colours are CSS classes (style.css) that use VS Code's theme
 * variables; a node's engine picks one of a fixed set of classes.
 *
 * The whole drawing sits in one <svg> that pan and zoom transform (interaction.ts); a stop that keeps the
 * graph's structure only restyles nodes (decorate), it never redraws.
 */
import { diffClasses, ViewGraph } from './diff';
import { Layout, nodeBoxText, Point } from './layout';
import { DiffNote, engineClass, nodeAriaLabel } from './text';
import type { GraphNode, NodeBreakpoint } from '../contract/graph';

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
  readonly edgeEls: readonly { readonly path: SVGPathElement; readonly from: number; readonly to: number }[];
  /** The marks of each node, made when first needed (most nodes never need most of them). */
  readonly marks: (NodeMarks | undefined)[];
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

function pathOf(points: readonly Point[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`).join(' ');
}

function round(v: number): number {
  return Math.round(v * 10) / 10;
}

/** Draws the graph into the viewport (replacing what was there). */
export function drawScene(viewport: SVGGElement, view: ViewGraph, layout: Layout): Scene {
  viewport.replaceChildren();
  const svg = viewport.ownerSVGElement;
  svg?.setAttribute('width', String(Math.ceil(layout.width + 32)));
  svg?.setAttribute('height', String(Math.ceil(layout.height + 32)));
  const clusters = el('g', { class: 'clusters' }, viewport);
  const edges = el('g', { class: 'edges' }, viewport);
  const labels = el('g', { class: 'edge-labels' }, viewport);
  const nodes = el('g', { class: 'nodes' }, viewport);

  for (const c of layout.clusters) {
    const region = view.regions[c.index];
    const g = el('g', { class: `cluster cluster-${region.kind === 'loop' ? 'loop' : 'branch'} depth-${Math.min(c.depth, 4)}` }, clusters);
    el('rect', { x: round(c.x), y: round(c.y), width: round(c.width), height: round(c.height), rx: 8 }, g);
    text(g, { x: round(c.x + 10), y: round(c.y + 17) }, c.label);
  }

  const edgeEls: { path: SVGPathElement; from: number; to: number }[] = [];
  for (const e of layout.edges) {
    if (e.points.length < 2) continue;
    const kind = e.index === undefined ? 'structural' : view.edges[e.index].kind;
    const path = el('path', { class: `edge edge-${kind}`, d: pathOf(e.points), ...(kind === 'structural' ? {} : { 'marker-end': `url(#arrow-${kind})` }) }, edges);
    edgeEls.push({ path, from: e.from, to: e.to });
    if (e.label && e.labelBox) {
      const b = e.labelBox;
      const g = el('g', { class: `edge-label edge-label-${kind}` }, labels);
      el('rect', { x: round(b.x - 1), y: round(b.y), width: round(b.width + 2), height: round(b.height), rx: 3 }, g);
      text(g, { x: round(b.x + 2), y: round(b.y + b.height - 3.5) }, e.label);
    }
  }

  const nodeEls: (SVGGElement | undefined)[] = new Array(view.nodes.length);
  const marks: (NodeMarks | undefined)[] = new Array(view.nodes.length);
  for (const p of layout.nodes) {
    const n = view.nodes[p.index];
    const w = round(p.width);
    const h = round(p.height);
    const g = el('g', { transform: `translate(${round(p.x)} ${round(p.y)})`, tabindex: -1, role: 'button', 'aria-roledescription': 'graph node', 'data-index': p.index }, nodes);
    g.setAttribute('data-node-id', n.id);
    el('rect', { class: 'box', width: w, height: h, rx: 6 }, g);
    el('rect', { class: 'stripe', x: 0.5, y: 6, width: 4, height: h - 12, rx: 2 }, g);
    const t = nodeBoxText(n.label, n.engine, n.span.line);
    text(g, { class: 'title', x: 12, y: 17 }, t.title);
    text(g, { class: 'sub', x: 12, y: 32 }, t.sub);
    nodeEls[p.index] = g;
    marks[p.index] = { width: w, height: h };
  }
  return { layout, nodeEls, edgeEls, marks };
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
export function decorate(scene: Scene, view: ViewGraph, breakpoints: ReadonlyMap<string, NodeBreakpoint | 'pending'>): number | undefined {
  let current: number | undefined;
  view.nodes.forEach((n, i) => {
    const g = scene.nodeEls[i];
    if (!g) return;
    const note = view.notes.get(n.id);
    const bp = breakpoints.get(n.id);
    const cls = nodeClass(n, note, bp);
    if (g.getAttribute('class') !== cls) g.setAttribute('class', cls);
    const label = nodeAriaLabel(n, note, bp);
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

/** The node index of an event target inside the drawing, if it is in a node. */
export function nodeIndexOf(target: EventTarget | null): number | undefined {
  const e = target instanceof Element ? target.closest('[data-index]') : null;
  const v = e?.getAttribute('data-index');
  return v === null || v === undefined ? undefined : Number(v);
}
