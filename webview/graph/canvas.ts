/**
 * The drawing of large graphs on a canvas: only what is in view, at the level of detail its zoom reads at (lod.ts),
 * drawn again at each frame of a pan or zoom. Colours are VS Code's theme colours, read from the page's CSS
 * variables (again when the theme changes). Text from the graph is only ever drawn as text (fillText).
 *
 * What the last frame drew is summed up on the canvas element (`data-labels`, `data-blank`, `data-min-font`,
 * `data-covered`, `data-zoom`): the browser tests read it.
 */
import { curveBetween } from './compose';
import { addClippedCubic, addClippedPolyline, inRect } from './clip';
import { BoxText, itemText } from './items';
import { Box, CHAR_EM, Layout, PlacedEdge, Point } from './layout';
import { COVER_MAX_PX, FULL_MIN_PX, Lod, lodAt, LodThresholds, lodThresholds, MIN_TEXT_PX, shortFontPx } from './lod';
import { engineClass } from './text';
import type { VisibleGraph } from './tree';
import type { NodeBreakpoint } from '../../contract/graph';

interface Palette {
  background: string;
  foreground: string;
  description: string;
  lines: string;
  focus: string;
  currentFill: string;
  currentStroke: string;
  breakpoint: string;
  breakpointUnverified: string;
  passed: string;
  added: string;
  modified: string;
  deleted: string;
  purple: string;
  engines: Record<string, string>;
  font: string;
  highContrast: boolean;
}

function cssVar(style: CSSStyleDeclaration, names: string[], fallback: string): string {
  for (const n of names) {
    const v = style.getPropertyValue(n).trim();
    if (v) return v;
  }
  return fallback;
}

/** The theme's colours, as VS Code sets them on the page. */
export function readPalette(): Palette {
  const s = getComputedStyle(document.documentElement);
  const b = getComputedStyle(document.body);
  const get = (names: string[], fallback: string): string => cssVar(s, names, cssVar(b, names, fallback));
  const fg = get(['--vscode-editor-foreground', '--vscode-foreground'], '#cccccc');
  const desc = get(['--vscode-descriptionForeground'], fg);
  return {
    background: get(['--vscode-editor-background'], '#1e1e1e'),
    foreground: fg,
    description: desc,
    lines: get(['--vscode-charts-lines', '--vscode-descriptionForeground'], desc),
    focus: get(['--vscode-focusBorder'], '#0078d4'),
    currentFill: get(['--vscode-editor-stackFrameHighlightBackground'], 'rgba(255, 255, 0, 0.2)'),
    currentStroke: get(['--vscode-debugIcon-breakpointCurrentStackframeForeground', '--vscode-charts-yellow'], '#ffcc00'),
    breakpoint: get(['--vscode-debugIcon-breakpointForeground', '--vscode-charts-red'], '#e51400'),
    breakpointUnverified: get(['--vscode-debugIcon-breakpointUnverifiedForeground', '--vscode-descriptionForeground'], desc),
    passed: get(['--vscode-testing-iconPassed', '--vscode-charts-green'], '#89d185'),
    added: get(['--vscode-gitDecoration-addedResourceForeground', '--vscode-charts-green'], '#81b88b'),
    modified: get(['--vscode-gitDecoration-modifiedResourceForeground', '--vscode-charts-yellow'], '#e2c08d'),
    deleted: get(['--vscode-gitDecoration-deletedResourceForeground', '--vscode-charts-red'], '#c74e39'),
    purple: get(['--vscode-charts-purple'], '#b180d7'),
    engines: {
      'engine-pe': get(['--vscode-charts-blue'], '#3794ff'),
      'engine-act': get(['--vscode-charts-orange'], '#d18616'),
      'engine-dve': get(['--vscode-charts-green'], '#89d185'),
      'engine-pool': get(['--vscode-charts-purple'], '#b180d7'),
      'engine-dma': get(['--vscode-charts-yellow'], '#cca700'),
      'engine-sp': get(['--vscode-charts-foreground', '--vscode-descriptionForeground'], desc),
      'engine-other': get(['--vscode-charts-lines', '--vscode-descriptionForeground'], desc),
    },
    font: get(['--vscode-editor-font-family'], 'monospace'),
    highContrast: document.body.classList.contains('vscode-high-contrast') || document.body.classList.contains('vscode-high-contrast-light'),
  };
}

/** What a point of the canvas is on. */
export type CanvasHit =
  | { readonly kind: 'node'; readonly index: number }
  | { readonly kind: 'cluster'; readonly cluster: number; readonly header: boolean; readonly covered: boolean };

export interface FrameStats {
  /** Boxes drawn with a label (nodes, group boxes, covers). */
  labels: number;
  /** Boxes drawn without one (should stay 0). */
  blank: number;
  /** The smallest text drawn, in screen px. */
  minFont: number;
  covered: number;
  nodes: number;
  /** Edges drawn (each bundle once). */
  edges: number;
}

export class CanvasView {
  readonly canvas: HTMLCanvasElement;
  private readonly ctx: CanvasRenderingContext2D;
  private palette: Palette;
  private v?: VisibleGraph;
  private layout?: Layout;
  private t?: LodThresholds;
  private texts: BoxText[] = [];
  /** The placed box of each visible node. */
  private boxOf = new Map<number, Box>();
  /** The cluster (index into layout.clusters) holding each placed node directly, -1 at the top level. */
  private nodeLevel: number[] = [];
  private clusterParent: number[] = [];
  private lod?: Lod;
  private edgeCache?: { sig: string; edges: { a: Box; b: Box; e?: PlacedEdge; count: number; active: boolean; kind: string }[] };
  private current?: number;
  private focus?: number;
  private bps: ReadonlyMap<string, NodeBreakpoint | 'pending'> = new Map();
  private view = { x: 0, y: 0, k: 1 };
  lastStats: FrameStats = { labels: 0, blank: 0, minFont: Infinity, covered: 0, nodes: 0, edges: 0 };

  constructor(private readonly host: HTMLElement) {
    this.canvas = document.createElement('canvas');
    this.canvas.className = 'graph-canvas';
    this.canvas.setAttribute('aria-hidden', 'true');
    host.appendChild(this.canvas);
    this.ctx = this.canvas.getContext('2d', { alpha: false })!;
    this.palette = readPalette();
    // VS Code changes the theme's variables on <html> and its class on <body>.
    const again = (): void => {
      this.palette = readPalette();
      this.redraw();
    };
    new MutationObserver(again).observe(document.documentElement, { attributes: true, attributeFilter: ['style', 'class'] });
    new MutationObserver(again).observe(document.body, { attributes: true, attributeFilter: ['class'] });
  }

  dispose(): void {
    this.canvas.remove();
  }

  setScene(v: VisibleGraph, layout: Layout): void {
    this.v = v;
    this.layout = layout;
    this.texts = v.nodes.map((_, i) => itemText(v, i));
    this.boxOf = new Map(layout.nodes.map((p) => [p.index, p]));
    const clusterOfRegion = new Map(layout.clusters.map((c, i) => [v.regions[c.index].id, i]));
    this.nodeLevel = layout.nodes.map((p) => {
      const r = v.nodes[p.index].region;
      return r !== undefined ? clusterOfRegion.get(r) ?? -1 : -1;
    });
    this.clusterParent = layout.clusters.map((c) => {
      const p = v.regions[c.index].parent;
      return p !== undefined ? clusterOfRegion.get(p) ?? -1 : -1;
    });
    this.t = lodThresholds(layout, (i) => this.texts[layout.nodes[i].index].short, (i) => this.nodeLevel[i], (c) => this.clusterParent[c]);
    this.lod = undefined;
    this.edgeCache = undefined;
  }

  /** The states, notes and breakpoints of the nodes (a stop restyles without a new scene). */
  setDecor(v: VisibleGraph, bps: ReadonlyMap<string, NodeBreakpoint | 'pending'>, focus: number | undefined): number | undefined {
    this.v = v;
    this.bps = bps;
    this.focus = focus;
    const current = v.nodes.findIndex((n) => n.state === 'current');
    this.current = current >= 0 ? current : undefined;
    this.edgeCache = undefined;
    this.redraw();
    return this.current;
  }

  setFocus(focus: number | undefined): void {
    if (this.focus === focus) return;
    this.focus = focus;
    this.redraw();
  }

  /** The LOD of the last frame. */
  lodOf(): Lod | undefined {
    return this.lod;
  }

  draw(x: number, y: number, k: number): void {
    this.view = { x, y, k };
    this.redraw();
  }

  private redraw(): void {
    const { canvas, ctx, host, palette: pal } = this;
    const dpr = window.devicePixelRatio || 1;
    const W = Math.max(1, host.clientWidth);
    const H = Math.max(1, host.clientHeight);
    if (canvas.width !== Math.round(W * dpr) || canvas.height !== Math.round(H * dpr)) {
      canvas.width = Math.round(W * dpr);
      canvas.height = Math.round(H * dpr);
      canvas.style.width = `${W}px`;
      canvas.style.height = `${H}px`;
    }
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = pal.background;
    ctx.fillRect(0, 0, W, H);
    const stats: FrameStats = { labels: 0, blank: 0, minFont: Infinity, covered: 0, nodes: 0, edges: 0 };
    const { v, layout, t } = this;
    if (!v || !layout || !t) return this.report(stats);
    const { x, y, k } = this.view;
    const lod = this.lod && this.lod.k === k ? this.lod : lodAt(t, k, (i) => this.nodeLevel[i], (c) => this.clusterParent[c]);
    this.lod = lod;
    ctx.setTransform(dpr * k, 0, 0, dpr * k, dpr * x, dpr * y);
    const view = { x0: -x / k, y0: -y / k, x1: (W - x) / k, y1: (H - y) / k };
    const inView = (b: Box): boolean => b.x < view.x1 && b.x + b.width > view.x0 && b.y < view.y1 && b.y + b.height > view.y0;
    const px = (screen: number): number => screen / k;
    const text = (s: string, tx: number, ty: number, screenPx: number, color: string, opts: { weight?: string; align?: CanvasTextAlign; maxWidth?: number; italic?: boolean; min?: number } = {}): boolean => {
      const fitted = fit(s, (opts.maxWidth ?? Infinity) * k, screenPx);
      if (!fitted || screenPx < (opts.min ?? MIN_TEXT_PX) - 0.01) return false;
      ctx.font = `${opts.italic ? 'italic ' : ''}${opts.weight ?? ''} ${px(screenPx)}px ${pal.font}`;
      ctx.fillStyle = color;
      ctx.textAlign = opts.align ?? 'left';
      ctx.textBaseline = 'middle';
      ctx.fillText(fitted, tx, ty);
      stats.minFont = Math.min(stats.minFont, screenPx);
      return true;
    };

    if (lod.rootCovered) {
      const box = { x: 0, y: 0, width: layout.width, height: layout.height };
      this.cover(box, v.function, `${v.tree.levels.get('#root')?.size.toLocaleString('en-US') ?? v.nodes.length} nodes`, stats, text, 0);
      return this.report(stats);
    }

    // Levels: frames of open ones, covers of covered ones.
    layout.clusters.forEach((c, ci) => {
      const state = lod.cluster[ci];
      if (state === 'hidden' || !inView(c)) return;
      const region = v.regions[c.index];
      if (state === 'covered') {
        stats.covered++;
        this.cover(c, c.label, `${(region.size ?? 0).toLocaleString('en-US')} nodes`, stats, text, c.depth);
        return;
      }
      ctx.globalAlpha = 1;
      roundRect(ctx, c.x, c.y, c.width, c.height, 8);
      ctx.fillStyle = withAlpha(pal.foreground, region.kind === 'then' || region.kind === 'else' ? 0.07 : 0.04);
      ctx.fill();
      ctx.lineWidth = px(pal.highContrast ? 2 : 1);
      ctx.strokeStyle = withAlpha(pal.description, region.kind === 'chunk' ? 0.35 : 0.6);
      if (region.kind === 'chunk') ctx.setLineDash([px(4), px(3)]);
      ctx.stroke();
      ctx.setLineDash([]);
      const header = Math.min(11, 20 * k);
      text(`⊟ ${c.label}`, c.x + 8, c.y + 13, Math.max(header, 0), pal.description, { maxWidth: c.width - 16 });
    });

    // Edges between what is drawn (an end inside a covered level goes to its cover), stroked in batches of one style:
    // thousands of edges then cost a few strokes a frame.
    const batches = new Map<string, { path: Path2D; heads: Path2D; color: string; width: number; alpha: number }>();
    const labels: { e: PlacedEdge; register: boolean }[] = [];
    const head = px(8);
    // Only the part of an edge inside the view (and a margin for widths and heads) is stroked: see clip.ts.
    const margin = px(16);
    const clip = { x0: view.x0 - margin, y0: view.y0 - margin, x1: view.x1 + margin, y1: view.y1 + margin };
    for (const d of this.drawnEdges(lod)) {
      if (!inView(union(d.a, d.b))) continue;
      const points = d.e ? d.e.points : curveBetween(d.a, d.b);
      const curved = d.e ? d.e.curve === true : true;
      // An edge passing through (both ends off screen) is drawn thin: its bundle's size shows at its ends, and
      // hundreds of wide strokes across the screen cost a software-rendered frame most of its time.
      const through = !inView(d.a) && !inView(d.b);
      const width = through ? 1 : (d.kind === 'register' ? 0.9 : 1.2) + (d.count > 1 ? Math.min(4, Math.round(Math.log2(d.count))) : 0) + (d.active ? 1 : 0);
      const key = `${d.kind}|${d.active}|${width}`;
      let b = batches.get(key);
      if (!b) batches.set(key, (b = { path: new Path2D(), heads: new Path2D(), color: d.active ? pal.focus : pal.lines, width, alpha: d.kind === 'register' ? 0.65 : 1 }));
      const drawn = curved && points.length === 4
        ? addClippedCubic(b.path, [points[0], points[1], points[2], points[3]], clip)
        : addClippedPolyline(b.path, points, clip);
      if (!drawn) continue;
      stats.edges++;
      if (head * k >= 3 && inRect(points[points.length - 1], clip)) arrow(b.heads, points[points.length - 2], points[points.length - 1], head);
      if (d.e?.label && d.e.labelBox && k >= 0.6 && !d.covered && inView(d.e.labelBox)) labels.push({ e: d.e, register: d.kind === 'register' });
    }
    for (const b of batches.values()) {
      ctx.globalAlpha = b.alpha;
      ctx.strokeStyle = b.color;
      ctx.lineWidth = px(pal.highContrast ? b.width + 0.8 : b.width);
      ctx.stroke(b.path);
      ctx.fillStyle = b.color;
      ctx.fill(b.heads);
    }
    ctx.globalAlpha = 1;
    for (const { e, register } of labels) {
      const b = e.labelBox!;
      ctx.fillStyle = withAlpha(pal.background, 0.85);
      ctx.fillRect(b.x - 1, b.y, b.width + 2, b.height);
      text(e.label!, b.x + 2, b.y + b.height / 2, 11 * k, pal.description, { italic: register });
    }

    // Nodes.
    layout.nodes.forEach((p, pi) => {
      const tier = lod.node[pi];
      if (tier === 'hidden' || !inView(p)) return;
      stats.nodes++;
      this.node(p, tier, stats, text);
    });
    this.report(stats);
  }

  /** A covered level (or the whole graph): one box with its label and size. */
  private cover(b: Box, label: string, sub: string, stats: FrameStats, text: TextFn, depth: number): void {
    const { ctx, palette: pal } = this;
    const k = this.view.k;
    roundRect(ctx, b.x, b.y, b.width, b.height, 8);
    ctx.fillStyle = withAlpha(pal.foreground, 0.1 + Math.min(depth, 4) * 0.03);
    ctx.fill();
    ctx.lineWidth = 1.5 / k;
    ctx.strokeStyle = pal.description;
    ctx.stroke();
    const size = Math.min(COVER_MAX_PX, (b.width * k - 8) / (Math.min(label.length, 14) * CHAR_EM), b.height * k * 0.45);
    const cx = b.x + b.width / 2;
    const cy = b.y + b.height / 2;
    const twoLines = b.height * k >= size * 2.6 + 4;
    const drawn = text(label, cx, twoLines ? cy - size * 0.6 / k : cy, size, pal.foreground, { weight: '600', align: 'center', maxWidth: b.width - 8 / k });
    if (twoLines && drawn) text(sub, cx, cy + size * 0.7 / k, Math.max(MIN_TEXT_PX, size * 0.85), pal.description, { align: 'center', maxWidth: b.width - 8 / k });
    if (drawn) stats.labels++;
    else stats.blank++;
  }

  private node(p: Box & { index: number }, tier: 'full' | 'short', stats: FrameStats, text: TextFn): void {
    const { ctx, palette: pal, v } = this;
    const k = this.view.k;
    const i = p.index;
    const n = v!.nodes[i];
    const item = v!.items[i];
    const note = v!.notes.get(n.id);
    const bp = this.bps.get(n.id);
    const isGroup = item.kind === 'group';
    const engine = isGroup ? pal.description : pal.engines[engineClass(n.engine)];
    const current = n.state === 'current';
    const dim = n.state === 'not-run' ? 0.5 : note?.ghost ? 0.45 : 1;
    ctx.globalAlpha = dim;
    // The box.
    roundRect(ctx, p.x, p.y, p.width, p.height, n.kind === 'for' || n.kind === 'if' || n.kind === 'call' || isGroup ? 14 : 6);
    ctx.fillStyle = current ? pal.currentFill : isGroup ? withAlpha(pal.foreground, 0.08) : pal.background;
    if (current) {
      ctx.fillStyle = pal.background;
      ctx.fill();
      ctx.fillStyle = pal.currentFill;
    }
    if (!note?.ghost) ctx.fill();
    const stroke = current ? pal.currentStroke : note?.fusedInto ? pal.purple : engine;
    const width = current ? 3.5 : n.state === 'run' || note?.added ? 2.5 : isGroup ? 2 : 1.5;
    ctx.lineWidth = Math.max(width, 1 / k) + (pal.highContrast ? 0.5 : 0);
    ctx.strokeStyle = this.focus === i ? pal.focus : stroke;
    if (note?.ghost) ctx.setLineDash([5, 3]);
    ctx.stroke();
    ctx.setLineDash([]);
    if (isGroup) {
      // A second border: a box that holds more.
      roundRect(ctx, p.x + 3, p.y + 3, p.width - 6, p.height - 6, 11);
      ctx.lineWidth = Math.max(0.8, 0.6 / k);
      ctx.strokeStyle = withAlpha(engine, 0.6);
      ctx.stroke();
    }
    // The engine's stripe.
    if (!isGroup) {
      ctx.fillStyle = engine;
      roundRect(ctx, p.x + 0.5, p.y + 6, 4, p.height - 12, 2);
      ctx.fill();
    }
    if (note?.fusedMembers) {
      roundRect(ctx, p.x - 4, p.y - 4, p.width + 8, p.height + 8, 9);
      ctx.lineWidth = Math.max(2, 1 / k);
      ctx.strokeStyle = pal.purple;
      ctx.setLineDash([3, 2]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    if (this.focus === i) {
      roundRect(ctx, p.x - 3, p.y - 3, p.width + 6, p.height + 6, 9);
      ctx.lineWidth = Math.max(2, 2 / k);
      ctx.strokeStyle = pal.focus;
      ctx.stroke();
    }
    // Text.
    const t = this.texts[i];
    let drawn: boolean;
    if (tier === 'full') {
      // A node's full text from FULL_MIN_PX (lod.ts).
      drawn = text(t.title, p.x + 12, p.y + 13, 12 * k, pal.foreground, { weight: current || n.state === 'run' ? '600' : '', maxWidth: p.width - 36, min: FULL_MIN_PX });
      if (drawn && note?.ghost) {
        ctx.fillRect(p.x + 12, p.y + 13, Math.min(p.width - 36, t.title.length * 12 * CHAR_EM), Math.max(1, 0.8 / k));
      }
      text(t.sub, p.x + 12, p.y + 29, 11 * k, pal.description, { maxWidth: p.width - 20 });
    } else {
      const size = shortFontPx(t.short, p.width, p.height, k);
      drawn = text(t.short, p.x + p.width / 2, p.y + p.height / 2, size, pal.foreground, { weight: '600', align: 'center', maxWidth: p.width - 8 });
    }
    if (drawn) stats.labels++;
    else stats.blank++;
    ctx.globalAlpha = 1;
    // Marks: the current node's arrow, the check of executed nodes, the pass's badge, a breakpoint's dot.
    if (current) {
      ctx.fillStyle = pal.currentStroke;
      ctx.beginPath();
      ctx.moveTo(p.x - 15, p.y + p.height / 2 - 7);
      ctx.lineTo(p.x - 5, p.y + p.height / 2);
      ctx.lineTo(p.x - 15, p.y + p.height / 2 + 7);
      ctx.fill();
    }
    if (tier === 'full') {
      if (n.state === 'run') text('✓', p.x + p.width - 16, p.y + 13, 12 * k, pal.passed, { weight: 'bold' });
      const badge = note?.fusedMembers ? ['⊕', pal.purple] : note?.added ? ['+', pal.added] : note?.moved ? ['⇅', pal.modified] : note?.ghost ? ['−', pal.deleted] : undefined;
      if (badge) text(badge[0], p.x + p.width - 18, p.y + 29, 13 * k, badge[1], { weight: 'bold' });
    }
    if (bp) {
      ctx.beginPath();
      ctx.arc(p.x + p.width - 2, p.y + 2, 5, 0, Math.PI * 2);
      const verified = bp === 'pending' || bp.verified;
      ctx.fillStyle = verified ? pal.breakpoint : pal.background;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = verified ? pal.background : pal.breakpointUnverified;
      ctx.stroke();
    }
  }

  /** The edges to draw at this LOD: ends inside covered levels moved to their covers, the same pair once. */
  private drawnEdges(lod: Lod): { a: Box; b: Box; e?: PlacedEdge; count: number; active: boolean; kind: string; covered?: boolean }[] {
    const sig = lod.cluster.join('') + (lod.rootCovered ? '!' : '');
    if (this.edgeCache?.sig === sig) return this.edgeCache.edges;
    const layout = this.layout!;
    const v = this.v!;
    const posOf = new Map(layout.nodes.map((p, pi) => [p.index, pi]));
    const standIn = (node: number): { key: string; box: Box } | undefined => {
      const pi = posOf.get(node);
      if (pi === undefined) return undefined;
      if (lod.node[pi] !== 'hidden') return { key: `n${node}`, box: layout.nodes[pi] };
      // The outermost covered level around it.
      let found: number | undefined;
      for (let c = this.nodeLevel[pi]; c >= 0; c = this.clusterParent[c]) if (lod.cluster[c] === 'covered') found = c;
      return found !== undefined ? { key: `c${found}`, box: layout.clusters[found] } : undefined;
    };
    const out = new Map<string, { a: Box; b: Box; e?: PlacedEdge; count: number; active: boolean; kind: string; covered?: boolean }>();
    for (const e of layout.edges) {
      if (e.to < 0 || e.index === undefined) continue;
      const a = standIn(e.from);
      const b = standIn(e.to);
      if (!a || !b || a.key === b.key) continue;
      const kind = v.edges[e.index].kind;
      const active = this.current !== undefined && (e.from === this.current || e.to === this.current);
      const direct = a.key === `n${e.from}` && b.key === `n${e.to}`;
      const key = `${a.key}>${b.key}>${kind}`;
      const seen = out.get(key);
      if (seen) {
        seen.count += e.count ?? 1;
        seen.active ||= active;
        if (!direct) seen.e = undefined;
      } else out.set(key, { a: a.box, b: b.box, e: direct ? e : undefined, count: e.count ?? 1, active, kind, covered: !direct });
    }
    const edges = [...out.values()];
    this.edgeCache = { sig, edges };
    return edges;
  }

  private report(stats: FrameStats): void {
    this.lastStats = stats;
    const d = this.canvas.dataset;
    d.labels = String(stats.labels);
    d.blank = String(stats.blank);
    d.minFont = Number.isFinite(stats.minFont) ? stats.minFont.toFixed(1) : '';
    d.covered = String(stats.covered);
    d.nodes = String(stats.nodes);
    d.edges = String(stats.edges);
    d.zoom = this.view.k.toFixed(4);
  }

  /** What a point (client coordinates) is on: a drawn node, or a level (its header, or its cover). */
  hit(clientX: number, clientY: number): CanvasHit | undefined {
    const { layout, lod } = this;
    if (!layout || !lod || lod.rootCovered) return undefined;
    const r = this.canvas.getBoundingClientRect();
    const { x, y, k } = this.view;
    const gx = (clientX - r.left - x) / k;
    const gy = (clientY - r.top - y) / k;
    for (let pi = layout.nodes.length - 1; pi >= 0; pi--) {
      const p = layout.nodes[pi];
      if (lod.node[pi] !== 'hidden' && gx >= p.x && gx <= p.x + p.width && gy >= p.y && gy <= p.y + p.height) return { kind: 'node', index: p.index };
    }
    for (let ci = layout.clusters.length - 1; ci >= 0; ci--) {
      const c = layout.clusters[ci];
      const state = lod.cluster[ci];
      if (state === 'hidden' || gx < c.x || gx > c.x + c.width || gy < c.y || gy > c.y + c.height) continue;
      return { kind: 'cluster', cluster: ci, header: state === 'covered' || gy <= c.y + 26, covered: state === 'covered' };
    }
    return undefined;
  }
}

type TextFn = (s: string, x: number, y: number, screenPx: number, color: string, opts?: { weight?: string; align?: CanvasTextAlign; maxWidth?: number; italic?: boolean; min?: number }) => boolean;

/** The text shortened to `maxScreenWidth` at that font size (… at the end), or nothing when not one character fits. */
function fit(s: string, maxScreenWidth: number, screenPx: number): string {
  const chars = [...s];
  const per = screenPx * CHAR_EM;
  if (chars.length * per <= maxScreenWidth) return s;
  const n = Math.floor(maxScreenWidth / per) - 1;
  return n >= 2 ? `${chars.slice(0, n).join('')}…` : '';
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.arcTo(x + w, y, x + w, y + h, rr);
  ctx.arcTo(x + w, y + h, x, y + h, rr);
  ctx.arcTo(x, y + h, x, y, rr);
  ctx.arcTo(x, y, x + w, y, rr);
  ctx.closePath();
}

/** An arrowhead at `to`, pointing away from `from`, added to a path (filled with the others of its batch). */
function arrow(path: Path2D, from: Point, to: Point, size: number): void {
  const a = Math.atan2(to.y - from.y, to.x - from.x);
  path.moveTo(to.x, to.y);
  path.lineTo(to.x - size * Math.cos(a - 0.45), to.y - size * Math.sin(a - 0.45));
  path.lineTo(to.x - size * Math.cos(a + 0.45), to.y - size * Math.sin(a + 0.45));
  path.closePath();
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

const parsed = new Map<string, [number, number, number, number]>();
let probe: CanvasRenderingContext2D | null | undefined;

/** A colour with an alpha: any CSS colour, read through a canvas's own parser, as rgba(). */
function withAlpha(color: string, alpha: number): string {
  let c = parsed.get(color);
  if (!c) {
    probe ??= document.createElement('canvas').getContext('2d');
    c = [128, 128, 128, 1];
    if (probe) {
      probe.fillStyle = '#808080';
      probe.fillStyle = color;
      const v = String(probe.fillStyle);
      const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(v);
      const rgba = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(v);
      if (hex) c = [parseInt(hex[1], 16), parseInt(hex[2], 16), parseInt(hex[3], 16), 1];
      else if (rgba) c = [Number(rgba[1]), Number(rgba[2]), Number(rgba[3]), rgba[4] !== undefined ? Number(rgba[4]) : 1];
    }
    parsed.set(color, c);
  }
  return `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${(c[3] * alpha).toFixed(3)})`;
}
