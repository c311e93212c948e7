/**
 * Showing the state: the title, the status line and the pass list; then the graph of the selection through its
 * hierarchy (tree.ts: what is open), laid out (layouts.ts) and drawn (render.ts: SVG for a small graph; canvas.ts: a
 * canvas for a large one), with the focus and the view placed for each new layout. A new stop of the same structure
 * only restyles the drawing.
 */
import type { GraphContext } from './context';
import type { ViewGraph } from './diff';
import type { Focus } from './focus';
import { firstNodeOf, Groups } from './groups';
import type { Viewport } from './interaction';
import type { Layout } from './layout';
import type { Layouts } from './layouts';
import { lodAt, lodThresholds } from './lod';
import { makeNavigator } from './navigation';
import type { PassList } from './pass-list';
import type { Placement } from './placement';
import type { Tooltip } from './popups';
import type { GoToNode } from './go-to-node';
import { applyLod, decorate, drawScene } from './render';
import { answerOf, boxOf, currentIndex, LayoutEngine, Shown } from './shown';
import { isCompilerStop, structureKey, titleOf, viewOf, ViewState } from './state';
import { allGroups, buildTree, groupsAround, initialExpansion, Tree, visibleGraph } from './tree';

/** Graphs up to this many nodes are shown whole, laid out nested by ELK and drawn as SVG; larger ones by level on a canvas. */
export const SMALL_MAX = 250;
/** A large graph first shows about this many boxes (groups open breadth first, and always around the current node). */
const BUDGET = 150;

/** The parts the display drives. */
export interface DisplayParts {
  readonly placement: Placement;
  readonly tooltip: Tooltip;
  readonly focus: Focus;
  readonly groups: Groups;
  readonly goTo: GoToNode;
  readonly layouts: Layouts;
  readonly passList: PassList;
}

export class Display {
  /** The current node's id at the last graph (a new stop is followed through collapsed groups). */
  private lastCurrent: string | undefined;
  /** The current node's id when the last layout was placed (a new one is brought into sight), and the graph's key. */
  private placedCurrent: string | undefined;
  private placedKey: string | undefined;
  /** The graph shown for a stop that moved the current node: each of its layouts (the first, ELK's) brings it into sight. */
  private following: Shown | undefined;

  constructor(private readonly ctx: GraphContext, private readonly parts: DisplayParts) {}

  show(): void {
    const { ctx } = this;
    const { title, svg } = ctx.page;
    const { goTo, placement, layouts } = this.parts;
    title.textContent = titleOf(ctx.state);
    title.title = title.textContent;
    this.showStatus();
    this.parts.passList.show(ctx.state);
    const v = viewOf(ctx.state);
    if (!v) return this.showNoGraph(ctx.state);
    ctx.page.empty.hidden = true;
    const key = `${String(ctx.state.selected)}|${v.function}`;
    const a = answerOf(ctx.state);
    const mode: 'small' | 'large' = a && !a.partial && v.nodes.length <= SMALL_MAX ? 'small' : 'large';
    performance.mark('bir:show');
    const tree = ctx.shown && ctx.shown.view === v ? ctx.shown.tree : buildTree(v);
    performance.measure('bir:tree', 'bir:show');
    const expanded = this.expansion(key, v, tree, mode);
    // A search result or a node asked for, now loaded.
    if (goTo.pending !== undefined && tree.nodeIndex.has(goTo.pending)) {
      for (const g of groupsAround(tree, tree.nodeIndex.get(goTo.pending)!)) expanded.add(g);
    }
    performance.measure('bir:expansion', 'bir:show');
    const visible = visibleGraph(tree, expanded);
    performance.measure('bir:visible', 'bir:show');
    svg.setAttribute('aria-label', `Dataflow graph of ${v.function}: ${visible.nodes.length} boxes shown of ${(a?.total ?? v.nodes.length).toLocaleString('en-US')} nodes, ${visible.edges.length} edges`);
    const structure = `${key}|${mode}|${structureKey(visible as unknown as ViewGraph)}|${[...expanded].sort().join(',').length}`;
    const before = ctx.shown;
    if (before && before.structure === structure && before.layout) {
      const previous = currentIndex(before.visible.nodes);
      before.visible = visible;
      this.redecorate(previous);
      goTo.showPending();
      return;
    }
    const s: Shown = { key, view: v, tree, mode, visible, structure, engine: 'instant' };
    ctx.shown = s;
    if (before?.key !== key) placement.reset();
    if (mode === 'small') void layouts.small(s);
    else layouts.large(s);
  }

  /** No graph to show: why (no session, an error, a snapshot on its way). */
  private showNoGraph(state: ViewState): void {
    const { page, minimap } = this.ctx;
    this.parts.layouts.cancel();
    this.ctx.shown = undefined;
    page.viewport.replaceChildren();
    page.canvasView.canvas.hidden = true;
    page.focusProxy.hidden = true;
    minimap.clear();
    page.svg.setAttribute('aria-label', 'No graph');
    page.empty.textContent = state.status === 'idle' ? state.idleMessage : state.error ?? `Loading snapshot ${String(state.selected)}…`;
    page.empty.hidden = false;
    document.body.dataset.layout = 'none';
  }

  /** The groups open in a graph: those of its key, and those around a new current node (the view follows a stop). */
  private expansion(key: string, v: ViewGraph, tree: Tree, mode: 'small' | 'large'): Set<string> {
    const { groups } = this.parts;
    let expanded = groups.of(key);
    const current = currentIndex(v.nodes);
    if (!expanded) {
      expanded = mode === 'small' ? allGroups(tree) : firstExpansion(this.ctx.view, tree, current >= 0 ? [current] : []);
      groups.begin(key, expanded);
    }
    const currentId = current >= 0 ? v.nodes[current].id : undefined;
    if (current >= 0 && currentId !== this.lastCurrent) for (const g of groupsAround(tree, current)) expanded.add(g);
    this.lastCurrent = currentId;
    return expanded;
  }

  showStatus(): void {
    const { state } = this.ctx;
    const { status } = this.ctx.page;
    const parts: string[] = [];
    if (state.status === 'running') parts.push('Running… (showing the last stop)');
    else if (state.status === 'stopped' && state.selected === 'running') parts.push(state.frameGraph && isCompilerStop(state.frameGraph) ? 'Stopped in the compiler' : 'Paused');
    if (state.error) parts.push(state.error);
    if (state.loading.length > 0) parts.push('Loading part of the graph…');
    if (this.parts.layouts.status) parts.push(this.parts.layouts.status);
    status.textContent = parts.join(' · ');
    status.classList.toggle('error', state.error !== undefined);
  }

  /** A layout of what is on screen: drawn, decorated, the focus and the view placed. */
  present(s: Shown, layout: Layout, engine: LayoutEngine, t0: number): void {
    if (this.ctx.shown !== s) return;
    const tLayout = performance.now();
    const v = s.visible;
    const before = s.layout;
    s.layout = layout;
    s.engine = engine;
    this.ctx.view.setDrawing(layout.width, layout.height);
    this.draw(s, layout);
    s.nav = makeNavigator(layout.nodes, layout.edges.filter((e) => e.to >= 0));
    this.ctx.minimap.setScene(v, layout);
    const current = this.restyle(s);
    this.placeFocus(s, layout, current);
    this.parts.placement.place(s, layout, current, before);
    // A new stop that changed the layout (a group opened around it; a new graph object, so `before` is unset): the
    // view is kept where the user looked, and then pans the least that brings the new current node into sight; again
    // when ELK's layout replaces the first one, which moves the nodes.
    const currentId = current !== undefined ? v.nodes[current]?.id : undefined;
    if (currentId !== undefined && s.key === this.placedKey && currentId !== this.placedCurrent) this.following = s;
    if (this.following === s) {
      const b = boxOf(s, current);
      if (b) this.ctx.view.reveal(b);
    }
    this.placedCurrent = currentId;
    this.placedKey = s.key;
    this.ctx.view.apply();
    const tRender = performance.now();
    document.body.dataset.layout = engine;
    document.body.dataset.mode = s.mode;
    document.dispatchEvent(new CustomEvent('bir-graph-rendered', {
      detail: { engine, mode: s.mode, nodes: layout.nodes.length, edges: layout.edges.length, total: answerOf(this.ctx.state)?.total ?? v.nodes.length, layoutMs: tLayout - t0, renderMs: tRender - tLayout, totalMs: tRender - t0 },
    }));
    this.parts.goTo.showPending();
  }

  /** Draws a layout: on the canvas (a large graph), or as SVG with its semantic zoom's thresholds. */
  private draw(s: Shown, layout: Layout): void {
    const { svg, viewport, canvasView, focusProxy } = this.ctx.page;
    const v = s.visible;
    const large = s.mode === 'large';
    svg.style.display = large ? 'none' : '';
    canvasView.canvas.hidden = !large;
    focusProxy.hidden = !large;
    if (large) {
      viewport.replaceChildren();
      s.scene = undefined;
      canvasView.setScene(v, layout);
      return;
    }
    s.scene = drawScene(viewport, v, layout);
    const clusterOfRegion = new Map(layout.clusters.map((c, i) => [v.regions[c.index].id, i]));
    const levelOfPos = layout.nodes.map((p) => clusterOfRegion.get(v.nodes[p.index].region ?? '') ?? -1);
    const parentOf = layout.clusters.map((c) => clusterOfRegion.get(v.regions[c.index].parent ?? '') ?? -1);
    s.levelOfPos = (i) => levelOfPos[i];
    s.parentOfCluster = (c) => parentOf[c];
    s.lodT = lodThresholds(layout, (i) => s.scene!.shortEls[i].textContent ?? '', s.levelOfPos, s.parentOfCluster);
  }

  /** The focus stays on its node if it is drawn, else goes to the current node (or the first); into a group just opened. */
  private placeFocus(s: Shown, layout: Layout, current: number | undefined): void {
    const { focus } = this.parts;
    if (focus.index === undefined || focus.index >= s.visible.nodes.length || !layout.nodes.some((p) => p.index === focus.index)) focus.index = current ?? s.nav!.order[0];
    const inside = focus.into !== undefined ? firstNodeOf(s, focus.into) : undefined;
    if (inside !== undefined) {
      focus.into = undefined;
      focus.index = inside;
    }
    focus.set(focus.index, false);
  }

  /**
   * Restyles the drawing for a new stop of the same structure, and keeps the current node in view when it moved
   * (`before`: the current node's index in the graph shown until now).
   */
  private redecorate(before: number): void {
    const s = this.ctx.shown;
    if (!s?.layout) return;
    const { view } = this.ctx;
    this.parts.tooltip.hide();
    const current = this.restyle(s);
    if (current !== undefined && current !== before) {
      const b = boxOf(s, current);
      if (b) view.reveal(b);
    }
    this.ctx.minimap.setScene(s.visible, s.layout);
    view.apply();
    document.dispatchEvent(new CustomEvent('bir-graph-decorated', { detail: { current } }));
  }

  /** The nodes' states and breakpoints on the drawing; the current node's visible index. */
  private restyle(s: Shown): number | undefined {
    const { nodeBreakpoints } = this.ctx.state;
    if (s.mode === 'large') {
      const current = this.ctx.page.canvasView.setDecor(s.visible, nodeBreakpoints, this.parts.focus.index);
      this.parts.focus.label();
      return current;
    }
    return s.scene ? decorate(s.scene, s.visible, nodeBreakpoints) : undefined;
  }

  /** Draws the view at its transform (the viewport's frames): the canvas draws what is in view, the SVG moves. */
  drawAt(v: Viewport): void {
    const s = this.ctx.shown;
    const { svg, canvasView } = this.ctx.page;
    this.parts.tooltip.hide();
    if (s?.mode === 'large') canvasView.draw(v.x, v.y, v.k);
    else {
      svg.style.transform = `translate(${v.x.toFixed(1)}px, ${v.y.toFixed(1)}px) scale(${v.k.toFixed(5)})`;
      if (s?.scene && s.lodT) applyLod(s.scene, s.visible, lodAt(s.lodT, v.k, s.levelOfPos!, s.parentOfCluster!));
    }
    const size = v.frameSize();
    this.ctx.minimap.setView(v.x, v.y, v.k, size.width, size.height);
    this.parts.focus.place();
    this.markCurrentInSight(s, v);
  }

  /** The body says which node is current and whether its box is wholly in the frame (what the browser tests read). */
  private markCurrentInSight(s: Shown | undefined, v: Viewport): void {
    const i = s ? currentIndex(s.visible.nodes) : -1;
    const b = s && i >= 0 ? boxOf(s, i) : undefined;
    document.body.dataset.current = b ? s!.visible.nodes[i].id : '';
    document.body.dataset.currentInSight = String(b !== undefined && v.shows(b));
  }
}

/**
 * A large graph's first expansion: groups open breadth first within a budget for the frame's size, always those around
 * the nodes that must show (the current node). Fit closes groups again when the whole would not read (fit.ts).
 */
function firstExpansion(view: Viewport, tree: Tree, mustShow: readonly number[]): Set<string> {
  const frame = view.frameSize();
  const budget = Math.max(40, Math.min(BUDGET, Math.round((frame.width * frame.height) / 5000)));
  return initialExpansion(tree, budget, mustShow);
}
