/**
 * The graph view's page: wires the panel's messages (messages.ts) through the reducer (state.ts) to the hierarchy
 * (tree.ts: what is open), the layouts (layout.ts: a small graph whole, nested, by ELK; compose.ts: a large one level
 * by level), the drawing (render.ts: SVG for a small graph; canvas.ts: a canvas for a large one), the semantic zoom
 * (lod.ts), the search box (find.ts), the minimap and the interaction (interaction.ts, navigation.ts).
 */
import './style.css';
import { h } from '../shared/dom';
import { acquirePanelApi } from '../shared/vscode-api';
import { CanvasView } from './canvas';
import { Composer } from './compose';
import { changeSummary, ViewGraph } from './diff';
import { Cancelled, layoutInWorker, layoutQueued, warmUp } from './elk-runner';
import { findNodes } from './find';
import { itemSize, itemText } from './items';
import { Box, fallbackLayout, fromElk, Layout, toLayoutModel } from './layout';
import { lodAt, lodThresholds, LodThresholds } from './lod';
import { decodePosted, isToWebview, FromWebview, ToWebview } from './messages';
import { Minimap } from './minimap';
import { keyAction, makeNavigator, Navigator } from './navigation';
import { applyLod, createSvg, decorate, drawScene, groupAriaLabel, nodeIndexOf, Scene } from './render';
import { frameOf, initialState, isCompilerStop, reduce, Selection, structureKey, titleOf, ViewEvent, viewOf, ViewState } from './state';
import { ENGINES, engineClass, nodeAriaLabel, tooltipLines } from './text';
import { allGroups, buildTree, groupsAround, initialExpansion, remoteRegions, ROOT, Tree, visibleGraph, VisibleGraph } from './tree';
import { attachPointer, Viewport } from './interaction';

/** Graphs up to this many nodes are shown whole, laid out nested by ELK and drawn as SVG; larger ones by level on a canvas. */
export const SMALL_MAX = 250;
/** A large graph first shows about this many boxes (groups open breadth first, and always around the current node). */
const BUDGET = 150;
/** After this long without ELK's answer for a small graph, the list layout is shown until the answer comes. */
const FALLBACK_AFTER_MS = 300;
/** A new graph is shown whole when its text still reads that way (the full labels); otherwise around its current node. */
const FIT_READABLE = 0.67;
const FIRST_ZOOM = 0.8;

const vscode = acquirePanelApi<FromWebview>();

// ---- the page ----

const app = h('div', { class: 'app' });
const toolbar = h('header', { class: 'toolbar' });
const title = h('h1', { class: 'title', id: 'title' }, 'BIR graph');
const status = h('span', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
const findBox = h('div', { class: 'find', role: 'search' });
const findInput = h('input', { id: 'find', type: 'search', placeholder: 'Find: opcode, tensor, L53, id', 'aria-label': 'Find nodes by opcode, tensor name, line or id (Enter: next, Shift+Enter: previous)', spellcheck: 'false', autocomplete: 'off' });
const findCount = h('span', { id: 'find-count', class: 'find-count', 'aria-live': 'polite' });
const findPrev = h('button', { id: 'find-prev', type: 'button', title: 'Previous match (Shift+Enter)', 'aria-label': 'Previous match' }, '↑');
const findNext = h('button', { id: 'find-next', type: 'button', title: 'Next match (Enter)', 'aria-label': 'Next match' }, '↓');
findBox.append(findInput, findCount, findPrev, findNext);
const buttons = h('div', { class: 'buttons', role: 'toolbar', 'aria-label': 'Graph view' });
const button = (id: string, label: string, tip: string): HTMLButtonElement => {
  const b = h('button', { id, type: 'button', title: tip, 'aria-label': tip }, label);
  buttons.appendChild(b);
  return b;
};
const fitButton = button('fit', 'Fit', 'Fit the graph to the view (F)');
const zoomOutButton = button('zoom-out', '−', 'Zoom out (-)');
const zoomInButton = button('zoom-in', '+', 'Zoom in (+)');
const currentButton = button('go-current', 'Current', 'Show the current node (C)');
toolbar.append(title, status, findBox, buttons);

const body = h('div', { class: 'body' });
const passNav = h('nav', { class: 'passes', 'aria-label': 'Pass pipeline' });
passNav.appendChild(h('h2', {}, 'Program'));
const passList = h('ul', { id: 'pass-list', role: 'listbox', 'aria-label': 'Running program or a snapshot of the pass pipeline' });
passNav.appendChild(passList);
const canvas = h('main', { class: 'canvas', id: 'canvas' });
const empty = h('div', { class: 'empty', id: 'empty' });
canvas.appendChild(empty);
body.append(passNav, canvas);

const legend = h('footer', { class: 'legend', id: 'legend', 'aria-label': 'Legend' });
for (const e of ENGINES) {
  const item = h('span', { class: `legend-item ${engineClass(e.id)}` });
  item.append(h('span', { class: 'swatch', 'aria-hidden': 'true' }), document.createTextNode(e.name));
  legend.appendChild(item);
}
for (const [cls, mark, name] of [
  ['legend-current', '▶', 'current'], ['legend-run', '✓', 'executed'], ['legend-notrun', '▭', 'not run (dimmed)'], ['legend-bp', '●', 'node breakpoint'],
  ['legend-ghost', '┅', 'removed by the pass'], ['legend-added', '+', 'added'], ['legend-moved', '⇅', 'moved'], ['legend-fused', '⊕', 'fused group'],
  ['legend-group', '⊞', 'collapsed: click to open'],
]) {
  const item = h('span', { class: `legend-item ${cls}` });
  item.append(h('span', { class: 'mark', 'aria-hidden': 'true' }, mark), document.createTextNode(name));
  legend.appendChild(item);
}

const tooltip = h('div', { class: 'tooltip', id: 'tooltip', role: 'tooltip' });
tooltip.hidden = true;
const menu = h('div', { class: 'menu', id: 'node-menu', role: 'menu', 'aria-label': 'Node' });
menu.hidden = true;
const menuReveal = h('button', { type: 'button', role: 'menuitem', 'data-action': 'reveal' }, 'Go to Source');
const menuBreakpoint = h('button', { type: 'button', role: 'menuitem', 'data-action': 'breakpoint' }, 'Toggle Node Breakpoint');
const menuTensor = h('button', { type: 'button', role: 'menuitem', 'data-action': 'tensor' }, 'Show Destination in Tensor View');
const menuGroup = h('button', { type: 'button', role: 'menuitem', 'data-action': 'group' }, 'Expand');
menu.append(menuReveal, menuBreakpoint, menuTensor, menuGroup);

app.append(toolbar, body, legend, tooltip, menu);
document.body.appendChild(app);

const { svg, viewport } = createSvg(canvas);
const canvasView = new CanvasView(canvas);
canvasView.canvas.hidden = true;
/** In a large graph (drawn on the canvas), the focused node is this element, laid over the node's box. */
const focusProxy = h('div', { id: 'focus-node', class: 'focus-proxy', role: 'button', tabindex: '-1', 'aria-roledescription': 'graph node' });
focusProxy.hidden = true;
canvas.appendChild(focusProxy);
const minimap = new Minimap(canvas, (gx, gy) => {
  view.center({ x: gx, y: gy, width: 0, height: 0 });
  view.apply();
  userMoved = true;
});

const view = new Viewport(canvas, (v) => {
  hideTooltip();
  if (shown?.mode === 'large') canvasView.draw(v.x, v.y, v.k);
  else {
    svg.style.transform = `translate(${v.x.toFixed(1)}px, ${v.y.toFixed(1)}px) scale(${v.k.toFixed(5)})`;
    if (shown?.scene && shown.lodT) applyLod(shown.scene, shown.visible, lodAt(shown.lodT, v.k, shown.levelOfPos!, shown.parentOfCluster!));
  }
  const s = v.frameSize();
  minimap.setView(v.x, v.y, v.k, s.width, s.height);
  placeFocusProxy();
});
warmUp();

// ---- state ----

let state: ViewState = initialState();

/** What is on screen: a graph, what of it is open, its layout and drawing. */
interface Shown {
  /** The selection and function it is of: expansions and layouts are kept per key. */
  readonly key: string;
  readonly view: ViewGraph;
  readonly tree: Tree;
  readonly mode: 'small' | 'large';
  visible: VisibleGraph;
  /** What the layout was made for (the visible structure). */
  structure: string;
  layout?: Layout;
  scene?: Scene;
  nav?: Navigator;
  engine: 'elk' | 'fallback' | 'instant';
  /** The SVG's semantic zoom thresholds, and the maps they need. */
  lodT?: LodThresholds;
  levelOfPos?: (i: number) => number;
  parentOfCluster?: (c: number) => number;
}
let shown: Shown | undefined;
/** Open groups per view key. */
const expansions = new Map<string, Set<string>>();
/** Layouts of large graphs per view key (levels kept across expansions and stops). */
const composers = new Map<string, Composer>();
let layoutSeq = 0;
let focusIndex: number | undefined;
let menuIndex: number | undefined;
let menuGroupId: { id: string; open: boolean } | undefined;
/** The user panned or zoomed since the view was last placed. */
let userMoved = false;
/** The next layout is shown whole (Fit closed groups to make it read). */
let fitNext = false;
/** The anchor the view was last placed by (kept again when ELK's layout replaces the first one). */
let lastAnchor: string | undefined;
/** How many times Fit closed groups for the layout on its way (ELK's may still not read: once more). */
let fitAgain = 0;
/** How the view was placed for the layout on screen (`kept`: around a node the user was looking at). */
let placement: 'fit' | 'target' | 'kept' = 'kept';
/** The node whose place on screen to keep through the next layout (the focus, the current node or a group opened). */
let anchor: { id: string; sx: number; sy: number } | undefined;
/** A group just opened: the focus goes to its first node once it is drawn. */
let focusInto: string | undefined;
/** A node to go to once it arrives (a search result or the current node inside a part not loaded yet). */
let pendingReveal: string | undefined;
/** The current node's id at the last graph (a new stop is followed through collapsed groups). */
let lastCurrent: string | undefined;

function dispatch(event: ViewEvent): void {
  const r = reduce(state, event);
  state = r.state;
  for (const e of r.effects) vscode.postMessage(e);
  show();
}

window.addEventListener('message', (e: MessageEvent) => {
  performance.mark('bir:message');
  if (!isToWebview(e.data)) return;
  let m: ToWebview;
  try {
    m = decodePosted(e.data);
  } catch {
    return; // not a graph
  }
  if (m.type === 'graph' || m.type === 'passGraph' || m.type === 'idle') captureAnchor();
  dispatch(m);
  if (m.type === 'found') showFound();
});

// ---- showing the state ----

function keyOf(v: ViewGraph): string {
  return `${String(state.selected)}|${v.function}`;
}

/** The answer on screen: its total (a graph in parts has more nodes than it holds). */
function answer(): { total: number; partial: boolean } | undefined {
  const g = state.selected === 'running' ? state.frameGraph : state.passGraph;
  if (!g) return undefined;
  const total = g.total ?? g.nodes.length;
  return { total, partial: g.nodes.length < total || g.regions.some((r) => r.collapsed) };
}

function show(): void {
  title.textContent = titleOf(state);
  title.title = title.textContent;
  showStatus();
  showPasses();
  const v = viewOf(state);
  if (!v) {
    layoutSeq++;
    shown = undefined;
    viewport.replaceChildren();
    canvasView.canvas.hidden = true;
    focusProxy.hidden = true;
    minimap.clear();
    svg.setAttribute('aria-label', 'No graph');
    empty.textContent = state.status === 'idle' ? state.idleMessage : state.error ?? `Loading snapshot ${String(state.selected)}…`;
    empty.hidden = false;
    document.body.dataset.layout = 'none';
    return;
  }
  empty.hidden = true;
  const key = keyOf(v);
  const a = answer();
  const mode: 'small' | 'large' = a && !a.partial && v.nodes.length <= SMALL_MAX ? 'small' : 'large';
  performance.mark('bir:show');
  const tree = shown && shown.view === v ? shown.tree : buildTree(v);
  performance.measure('bir:tree', 'bir:show');
  let expanded = expansions.get(key);
  const current = v.nodes.findIndex((n) => n.state === 'current');
  if (!expanded) {
    expanded = mode === 'small' ? allGroups(tree) : firstExpansion(tree, current >= 0 ? [current] : []);
    expansions.set(key, expanded);
  }
  // The view follows a new current node through collapsed groups.
  const currentId = current >= 0 ? v.nodes[current].id : undefined;
  if (current >= 0 && currentId !== lastCurrent) for (const g of groupsAround(tree, current)) expanded.add(g);
  lastCurrent = currentId;
  // A search result or a node asked for, now loaded.
  if (pendingReveal !== undefined && tree.nodeIndex.has(pendingReveal)) {
    for (const g of groupsAround(tree, tree.nodeIndex.get(pendingReveal)!)) expanded.add(g);
  }
  performance.measure('bir:expansion', 'bir:show');
  const visible = visibleGraph(tree, expanded);
  performance.measure('bir:visible', 'bir:show');
  svg.setAttribute('aria-label', `Dataflow graph of ${v.function}: ${visible.nodes.length} boxes shown of ${(a?.total ?? v.nodes.length).toLocaleString('en-US')} nodes, ${visible.edges.length} edges`);
  const structure = `${key}|${mode}|${structureKey(visible as unknown as ViewGraph)}|${[...expanded].sort().join(',').length}`;
  if (shown && shown.structure === structure && shown.layout) {
    shown.visible = visible;
    redecorate(true);
    revealPending();
    return;
  }
  const sameKey = shown?.key === key;
  shown = { key, view: v, tree, mode, visible, structure, engine: 'instant' };
  if (!sameKey) {
    userMoved = false;
    placement = 'kept';
  }
  if (mode === 'small') void layOutSmall(shown);
  else layOutLarge(shown);
}

/**
 * A large graph's first expansion: groups open breadth first within a budget for the frame's size, always those around
 * the nodes that must show (the current node). Fit closes groups again when the whole would not read (fitView).
 */
function firstExpansion(tree: Tree, mustShow: readonly number[]): Set<string> {
  const frame = view.frameSize();
  const budget = Math.max(40, Math.min(BUDGET, Math.round((frame.width * frame.height) / 5000)));
  return initialExpansion(tree, budget, mustShow);
}

function showStatus(): void {
  const parts: string[] = [];
  if (state.status === 'running') parts.push('Running… (showing the last stop)');
  else if (state.status === 'stopped' && state.selected === 'running') parts.push(state.frameGraph && isCompilerStop(state.frameGraph) ? 'Stopped in the compiler' : 'Paused');
  if (state.error) parts.push(state.error);
  if (state.loading.length > 0) parts.push('Loading part of the graph…');
  if (pendingLayout) parts.push(pendingLayout);
  status.textContent = parts.join(' · ');
  status.classList.toggle('error', state.error !== undefined);
}

let pendingLayout = '';

function showPasses(): void {
  const entries: { selection: Selection; label: string; detail: string }[] = [{ selection: 'running', label: 'Running program', detail: frameOf(state.frameGraph) ? `frame ${frameOf(state.frameGraph)}` : '' }];
  for (const p of state.passes) entries.push({ selection: p.index, label: `${p.index} ${p.pass}`, detail: p.index === 0 ? `${p.nodeCount} nodes` : changeSummary(p.changed) });
  const sig = JSON.stringify([entries, state.selected, state.status]);
  if (passList.dataset.sig === sig) return;
  passList.dataset.sig = sig;
  const hadFocus = passList.contains(document.activeElement);
  passList.replaceChildren();
  passNav.hidden = state.status === 'idle';
  for (const e of entries) {
    const selected = e.selection === state.selected;
    const li = h('li', { role: 'option', 'aria-selected': String(selected), tabindex: selected ? '0' : '-1', 'data-selection': String(e.selection), class: selected ? 'selected' : '' });
    li.append(h('span', { class: 'pass-name' }, e.label), h('span', { class: 'pass-detail' }, e.detail));
    li.addEventListener('click', () => select(e.selection));
    passList.appendChild(li);
    if (selected && hadFocus) li.focus();
  }
}

/** Another entry of the pass list: the node in focus (or the current one) stays where it is on screen, if it is there. */
function select(selection: Selection): void {
  captureAnchor();
  dispatch({ type: 'ui/select', selection });
}

passList.addEventListener('keydown', (e) => {
  const items = [...passList.querySelectorAll<HTMLLIElement>('li')];
  const at = items.findIndex((li) => li === document.activeElement);
  let to: number | undefined;
  if (e.key === 'ArrowDown') to = Math.min(items.length - 1, at + 1);
  else if (e.key === 'ArrowUp') to = Math.max(0, at - 1);
  else if (e.key === 'Home') to = 0;
  else if (e.key === 'End') to = items.length - 1;
  else if (e.key === 'Enter' || e.key === ' ') to = at;
  if (to === undefined || to < 0) return;
  e.preventDefault();
  const sel = items[to].dataset.selection!;
  select(sel === 'running' ? 'running' : Number(sel));
});

// ---- layouts ----

/** A small graph: ELK's nested layout of what is open, the list layout meanwhile if ELK takes long. */
async function layOutSmall(s: Shown): Promise<void> {
  const seq = ++layoutSeq;
  const t0 = performance.now();
  const v = s.visible;
  const sizeOf = (i: number): { width: number; height: number } => itemSize(v, i);
  const model = toLayoutModel(v, { sizeOf });
  let fallbackShown = false;
  pendingLayout = `Laying out ${v.nodes.length} nodes…`;
  showStatus();
  const timer = setTimeout(() => {
    if (seq !== layoutSeq) return;
    fallbackShown = true;
    present(s, fallbackLayout(v, sizeOf), 'fallback', t0);
  }, FALLBACK_AFTER_MS);
  try {
    const result = await layoutInWorker(model.elk);
    clearTimeout(timer);
    if (seq !== layoutSeq) return;
    pendingLayout = '';
    if (fallbackShown) keepAnchor();
    const layout = fromElk(v, model, result);
    present(s, layout, 'elk', t0);
    fitFollowUp(s, layout);
  } catch (e) {
    clearTimeout(timer);
    if (e instanceof Cancelled || seq !== layoutSeq) return;
    pendingLayout = `ELK could not lay out the graph (${e instanceof Error ? e.message : String(e)}): showing it as a list`;
    present(s, fallbackLayout(v, sizeOf), 'fallback', t0);
  }
  showStatus();
}

/** A large graph: its levels as kept (new ones placed at once), then ELK's layout of the new levels when it comes. */
function layOutLarge(s: Shown): void {
  const seq = ++layoutSeq;
  const t0 = performance.now();
  let composer = composers.get(s.key);
  if (!composer) composers.set(s.key, (composer = new Composer()));
  const frame = view.frameSize();
  const aspect = Math.max(0.5, Math.min(4, frame.width / Math.max(1, frame.height)));
  const first = composer.compose(s.visible, aspect);
  performance.measure('bir:compose', 'bir:show');
  present(s, first.layout, first.pending.length > 0 ? 'instant' : 'elk', t0);
  performance.measure('bir:present', 'bir:show');
  if (first.pending.length === 0) return;
  pendingLayout = `Laying out ${first.pending.length} level${first.pending.length === 1 ? '' : 's'}…`;
  showStatus();
  const job = composer.job(s.visible, first.pending, aspect);
  const c = composer;
  layoutQueued(job.model).then((result) => {
    job.accept(result);
    if (seq !== layoutSeq || shown !== s) return;
    pendingLayout = '';
    keepAnchor();
    const next = c.compose(s.visible, aspect);
    present(s, next.layout, next.pending.length > 0 ? 'instant' : 'elk', t0);
    showStatus();
    if (next.pending.length > 0) layOutLarge(s);
    else fitFollowUp(s, next.layout);
  }, (e: unknown) => {
    if (seq !== layoutSeq) return;
    pendingLayout = `ELK could not lay out part of the graph (${e instanceof Error ? e.message : String(e)})`;
    showStatus();
  });
}

function present(s: Shown, layout: Layout, engine: 'elk' | 'fallback' | 'instant', t0: number): void {
  if (shown !== s) return;
  const tLayout = performance.now();
  const v = s.visible;
  const before = s.layout;
  s.layout = layout;
  s.engine = engine;
  const large = s.mode === 'large';
  svg.style.display = large ? 'none' : '';
  canvasView.canvas.hidden = !large;
  focusProxy.hidden = !large;
  if (large) {
    viewport.replaceChildren();
    s.scene = undefined;
    canvasView.setScene(v, layout);
  } else {
    s.scene = drawScene(viewport, v, layout);
    const clusterOfRegion = new Map(layout.clusters.map((c, i) => [v.regions[c.index].id, i]));
    const levelOfPos = layout.nodes.map((p) => clusterOfRegion.get(v.nodes[p.index].region ?? '') ?? -1);
    const parentOf = layout.clusters.map((c) => clusterOfRegion.get(v.regions[c.index].parent ?? '') ?? -1);
    s.levelOfPos = (i) => levelOfPos[i];
    s.parentOfCluster = (c) => parentOf[c];
    s.lodT = lodThresholds(layout, (i) => s.scene!.shortEls[i].textContent ?? '', s.levelOfPos, s.parentOfCluster);
  }
  s.nav = makeNavigator(layout.nodes, layout.edges.filter((e) => e.to >= 0));
  minimap.setScene(v, layout);
  const current = decorateNow(s);
  if (focusIndex === undefined || focusIndex >= v.nodes.length || !layout.nodes.some((p) => p.index === focusIndex)) focusIndex = current ?? s.nav.order[0];
  const inside = focusInto !== undefined ? firstNodeOf(s, focusInto) : undefined;
  if (inside !== undefined) {
    focusInto = undefined;
    focusIndex = inside;
  }
  setRovingFocus(focusIndex, false);
  placeView(s, layout, current, before);
  view.apply();
  const tRender = performance.now();
  document.body.dataset.layout = engine;
  document.body.dataset.mode = s.mode;
  document.dispatchEvent(new CustomEvent('bir-graph-rendered', {
    detail: { engine, mode: s.mode, nodes: layout.nodes.length, edges: layout.edges.length, total: answer()?.total ?? v.nodes.length, layoutMs: tLayout - t0, renderMs: tRender - tLayout, totalMs: tRender - t0 },
  }));
  revealPending();
}

/**
 * Where the view goes for a new layout: the anchor (a node that was on screen) stays where it was; otherwise, the first
 * time, the whole graph when its labels read at that size, else the current node (or the first node the pass changed)
 * at a size that reads; otherwise the whole graph. When ELK's layout replaces a first one, the view is placed the same
 * way again, unless the user has moved it since (then the focused or current node stays where it is).
 */
function placeView(s: Shown, layout: Layout, current: number | undefined, before: Layout | undefined): void {
  const a = anchor;
  anchor = undefined;
  if (before && !userMoved && placement !== 'kept' && !a) {
    placeAgain(s, layout, current);
    return;
  }
  if (a) {
    const b = anchorBox(s, layout, a.id);
    if (b) {
      view.set(a.sx - b.x * view.k, a.sy - b.y * view.k, view.k);
      placement = 'kept';
      lastAnchor = a.id;
      return;
    }
  }
  if (fitNext) {
    fitNext = false;
    view.fit(layout.width, layout.height);
    placement = 'fit';
    return;
  }
  // A layout that changed inside what the user looks at (a group opened, ELK's layout of it): the view stays.
  if (before && (userMoved || placement === 'kept')) return;
  placeAgain(s, layout, current);
}

/**
 * Where an anchor is in a new layout: a node's box; a group's box, or, once it opened, its level's frame (`#group:G`);
 * a level's frame, or, once it closed, its group's box (`L:<level>`).
 */
function anchorBox(s: Shown, layout: Layout, id: string): Box | undefined {
  const node = (nid: string): Box | undefined => {
    const i = s.visible.nodes.findIndex((n) => n.id === nid);
    return i >= 0 ? layout.nodes.find((p) => p.index === i) : undefined;
  };
  const cluster = (match: (r: VisibleGraph['regions'][number]) => boolean): Box | undefined => layout.clusters.find((c) => match(s.visible.regions[c.index]));
  if (id.startsWith('L:')) {
    const level = id.slice(2);
    const group = s.tree.levels.get(level)?.group;
    return cluster((r) => r.id === level) ?? (group !== undefined ? node(`#group:${group}`) : undefined);
  }
  if (id.startsWith('#group:')) return node(id) ?? cluster((r) => r.group === id.slice('#group:'.length));
  return node(id);
}

function placeAgain(s: Shown, layout: Layout, current: number | undefined): void {
  const changed = s.nav!.order.find((i) => s.visible.notes.has(s.visible.nodes[i].id));
  const target = boxOf(current ?? changed);
  if (placement === 'fit' || !target || view.fitScale(layout.width, layout.height) >= FIT_READABLE) {
    view.fit(layout.width, layout.height);
    placement = 'fit';
  } else {
    view.center(target, FIRST_ZOOM);
    placement = 'target';
  }
}

/** The first node (in reading order) inside an open group's levels, or its owner. */
function firstNodeOf(s: Shown, group: string): number | undefined {
  const g = s.tree.groups.get(group);
  if (!g || !s.nav) return undefined;
  const levels = new Set(g.levels);
  const within = (i: number): boolean => {
    const item = s.visible.items[i];
    if (item?.kind !== 'node') return false;
    for (let l: string | undefined = s.tree.levelOf[item.index]; l !== undefined; l = s.tree.levels.get(l)?.parent) if (levels.has(l)) return true;
    return g.kind === 'fused' && g.members.includes(item.index);
  };
  return s.nav.order.find(within);
}

/**
 * Before ELK's layout replaces the first one: the node the user looks at (when they moved the view), or the anchor the
 * view was placed by, stays where it is on screen.
 */
function keepAnchor(): void {
  if (userMoved) captureAnchor();
  else if (placement === 'kept' && lastAnchor !== undefined && shown?.layout) {
    const b = anchorBox(shown, shown.layout, lastAnchor);
    if (b) anchor = { id: lastAnchor, sx: view.x + b.x * view.k, sy: view.y + b.y * view.k };
  }
}

/** Remembers where the focused (or current) node is on screen, so that the next layout keeps it there. */
function captureAnchor(): void {
  if (!shown?.layout) return;
  const candidates = [focusIndex, shown.visible.nodes.findIndex((n) => n.state === 'current')];
  for (const i of candidates) {
    if (i === undefined || i < 0) continue;
    const b = boxOf(i);
    if (!b) continue;
    const sx = view.x + b.x * view.k;
    const sy = view.y + b.y * view.k;
    const size = view.frameSize();
    // Only a node on screen is kept on screen.
    if (sx + b.width * view.k < 0 || sy + b.height * view.k < 0 || sx > size.width || sy > size.height) continue;
    anchor = { id: shown.visible.nodes[i].id, sx, sy };
    return;
  }
}

/** Restyles the drawing for a new stop of the same structure, and keeps the current node in view. */
function redecorate(follow: boolean): void {
  if (!shown?.layout) return;
  hideTooltip();
  const before = shown.visible.nodes.findIndex((n) => n.state === 'current');
  const current = decorateNow(shown);
  if (follow && current !== undefined && current !== before) {
    const b = boxOf(current);
    if (b) view.reveal(b);
  }
  minimap.setScene(shown.visible, shown.layout);
  view.apply();
  document.dispatchEvent(new CustomEvent('bir-graph-decorated', { detail: { current } }));
}

function decorateNow(s: Shown): number | undefined {
  if (s.mode === 'large') {
    const current = canvasView.setDecor(s.visible, state.nodeBreakpoints, focusIndex);
    labelFocusProxy();
    return current;
  }
  return s.scene ? decorate(s.scene, s.visible, state.nodeBreakpoints) : undefined;
}

function boxOf(index: number | undefined): Box | undefined {
  if (index === undefined || !shown?.layout) return undefined;
  return shown.layout.nodes.find((p) => p.index === index);
}

// ---- groups: open and close ----

/** The group a box opens or closes: a collapsed group's box or owner, or the innermost open group around a node. */
function groupAt(index: number | undefined): { id: string; open: boolean } | undefined {
  if (index === undefined || !shown) return undefined;
  const item = shown.visible.items[index];
  if (!item) return undefined;
  if (item.kind === 'group') return { id: item.group, open: false };
  if (item.collapsed !== undefined) return { id: item.collapsed, open: false };
  const owned = shown.tree.ownedBy.get(item.index);
  if (owned !== undefined) return { id: owned, open: true };
  const around = groupsAround(shown.tree, item.index);
  return around.length > 0 ? { id: around[around.length - 1], open: true } : undefined;
}

/** Opens or closes a group; a group whose contents the answer left out is asked for. */
function toggleGroup(id: string, open: boolean, keepIndex?: number): void {
  if (!shown) return;
  const expanded = expansions.get(shown.key)!;
  if (keepIndex !== undefined) {
    const b = boxOf(keepIndex);
    if (b) anchor = { id: shown.visible.nodes[keepIndex].id, sx: view.x + b.x * view.k, sy: view.y + b.y * view.k };
  }
  if (open) {
    expanded.add(id);
    focusInto = id;
    const remote = remoteRegions(shown.tree, id);
    if (remote.length > 0) {
      dispatch({ type: 'ui/expand', ids: remote });
      return;
    }
  } else {
    expanded.delete(id);
  }
  show();
}

function toggleCluster(ci: number): void {
  const c = shown?.layout?.clusters[ci];
  if (!c || !shown) return;
  const region = shown.visible.regions[c.index];
  const owner = region.owner !== undefined ? shown.visible.nodes.findIndex((n) => n.id === region.owner) : -1;
  if (owner >= 0) toggleGroup(region.group, false, owner);
  else {
    // The level's frame closes into its group's box, where the frame was.
    anchor = { id: `L:${region.id}`, sx: view.x + c.x * view.k, sy: view.y + c.y * view.k };
    toggleGroup(region.group, false);
  }
}

// ---- focus, tooltip, menu ----

function setRovingFocus(index: number | undefined, focus: boolean): void {
  if (!shown?.layout) return;
  focusIndex = index;
  if (shown.mode === 'large') {
    canvasView.setFocus(index);
    placeFocusProxy();
    labelFocusProxy();
  } else {
    for (const g of svg.querySelectorAll('[data-index][tabindex="0"]')) g.setAttribute('tabindex', '-1');
    const g = index !== undefined ? shown.scene?.nodeEls[index] : undefined;
    if (!g) return;
    g.setAttribute('tabindex', '0');
    if (focus) g.focus({ preventScroll: true });
  }
  if (focus && index !== undefined) {
    if (shown.mode === 'large') focusProxy.focus({ preventScroll: true });
    const b = boxOf(index);
    if (b) {
      view.reveal(b);
      view.apply();
      showTooltipAt(index, view.toClient(b));
    }
  }
}

/** The focus element of the canvas says what the focused node is (its accessible name and id). */
function labelFocusProxy(): void {
  if (shown?.mode !== 'large' || focusIndex === undefined || focusIndex >= shown.visible.nodes.length) return;
  const n = shown.visible.nodes[focusIndex];
  focusProxy.setAttribute('aria-label', shown.visible.items[focusIndex]?.kind === 'group' ? groupAriaLabel(shown.visible, focusIndex) : nodeAriaLabel(n, shown.visible.notes.get(n.id), state.nodeBreakpoints.get(n.id)));
  focusProxy.dataset.index = String(focusIndex);
  focusProxy.dataset.nodeId = n.id;
  focusProxy.tabIndex = 0;
}

/** Lays the focus element of the canvas over the focused node. */
function placeFocusProxy(): void {
  if (shown?.mode !== 'large' || focusIndex === undefined) return;
  const b = boxOf(focusIndex);
  const lod = canvasView.lodOf();
  const pi = shown.layout?.nodes.findIndex((p) => p.index === focusIndex) ?? -1;
  if (!b || (lod && pi >= 0 && lod.node[pi] === 'hidden')) {
    focusProxy.style.transform = 'translate(-10000px, 0)';
    return;
  }
  focusProxy.style.transform = `translate(${(view.x + b.x * view.k).toFixed(1)}px, ${(view.y + b.y * view.k).toFixed(1)}px)`;
  focusProxy.style.width = `${Math.max(4, b.width * view.k).toFixed(1)}px`;
  focusProxy.style.height = `${Math.max(4, b.height * view.k).toFixed(1)}px`;
}

function hideTooltip(): void {
  tooltip.hidden = true;
}

let tipIndex: number | undefined;

function fillTooltip(index: number): void {
  if (!shown) return;
  tipIndex = index;
  const v = shown.visible;
  const n = v.nodes[index];
  const item = v.items[index];
  let lines: string[];
  if (item?.kind === 'group') {
    const g = v.tree.groups.get(item.group)!;
    const remote = g.levels.some((l) => v.tree.levels.get(l)?.remote);
    // A chunk's label is its lines already.
    const where = g.lines && !/^lines /.test(g.label) ? [`lines ${g.lines[0]}–${g.lines[1]}`] : [];
    lines = [`${g.kind === 'chunk' ? 'run of lines' : g.kind} · ${g.size.toLocaleString('en-US')} nodes`, g.label, ...where,
      ...(n.state === 'current' ? ['holds the current node'] : []), remote ? 'click to load and open' : 'click to open'];
  } else {
    lines = tooltipLines(n, v.notes.get(n.id), state.nodeBreakpoints.get(n.id));
    if (item?.kind === 'node' && item.collapsed !== undefined) {
      const g = v.tree.groups.get(item.collapsed)!;
      lines.splice(1, 0, `collapsed: ${g.kind === 'fused' ? g.members.length : g.size} nodes inside (click to open)`);
    }
  }
  tooltip.replaceChildren(...lines.map((line, i) => h('div', { class: i === 0 ? 'tip-head' : 'tip-line' }, line)));
}

function place(e: HTMLElement, x: number, y: number): void {
  e.style.left = `${Math.max(4, Math.min(x, window.innerWidth - e.offsetWidth - 4))}px`;
  e.style.top = `${Math.max(4, Math.min(y, window.innerHeight - e.offsetHeight - 4))}px`;
}

/**
 * A tooltip the keyboard (or a reveal) opened stays until the pointer really moves: the browser also sends moves of a
 * still pointer when what lies under it changes (the view panned to the focused node), and those closed it at once.
 */
let keyboardTip = false;
let lastPointer = { x: NaN, y: NaN };

function showTooltipAt(index: number, at: { left: number; bottom: number }): void {
  keyboardTip = true;
  fillTooltip(index);
  tooltip.hidden = false;
  place(tooltip, at.left, at.bottom + 6);
}

function reveal(index: number | undefined): void {
  if (index === undefined || !shown) return;
  if (shown.visible.items[index]?.kind === 'group') return;
  vscode.postMessage({ type: 'reveal', span: shown.visible.nodes[index].span });
}

function toggleBreakpoint(index: number | undefined): void {
  if (index === undefined || !shown) return;
  const n = shown.visible.nodes[index];
  if (shown.visible.items[index]?.kind === 'group') return;
  if (shown.visible.notes.get(n.id)?.ghost) return; // removed by the pass: nothing to stop at
  dispatch({ type: 'ui/toggleBreakpoint', id: n.id });
}

/** The destination of a node that the tensor view can show now: the running graph's (a snapshot's is not this run's). */
function destinationOf(index: number | undefined): string | undefined {
  if (index === undefined || !shown || state.selected !== 'running') return undefined;
  if (shown.visible.items[index]?.kind === 'group') return undefined;
  return shown.visible.nodes[index]?.destination;
}

function showTensor(index: number | undefined): void {
  const expression = destinationOf(index);
  if (expression) vscode.postMessage({ type: 'showTensor', expression });
}

function openMenu(index: number | undefined, group: { id: string; open: boolean } | undefined, x: number, y: number): void {
  menuIndex = index;
  menuGroupId = group;
  hideTooltip();
  const isNode = index !== undefined && shown?.visible.items[index]?.kind === 'node';
  menuReveal.hidden = !isNode;
  menuBreakpoint.hidden = !isNode;
  const destination = isNode ? destinationOf(index) : undefined;
  menuTensor.hidden = destination === undefined;
  if (destination) menuTensor.textContent = `Show ${destination} in Tensor View`;
  menuGroup.hidden = !group;
  if (group) menuGroup.textContent = `${group.open ? 'Collapse' : 'Expand'} ${shown?.tree.groups.get(group.id)?.label ?? 'group'}`;
  menu.hidden = false;
  place(menu, x, y);
  (isNode ? menuReveal : menuGroup).focus();
}

function closeMenu(refocus: boolean): void {
  if (menu.hidden) return;
  menu.hidden = true;
  if (refocus && menuIndex !== undefined) setRovingFocus(menuIndex, true);
  menuIndex = undefined;
}

menu.addEventListener('click', (e) => {
  const action = (e.target as Element).closest('[data-action]')?.getAttribute('data-action');
  const index = menuIndex;
  const group = menuGroupId;
  closeMenu(true);
  if (action === 'reveal') reveal(index);
  else if (action === 'breakpoint') toggleBreakpoint(index);
  else if (action === 'tensor') showTensor(index);
  else if (action === 'group' && group) toggleGroup(group.id, !group.open, index);
});
menu.addEventListener('keydown', (e) => {
  const items = [menuReveal, menuBreakpoint, menuTensor, menuGroup].filter((b) => !b.hidden);
  const at = items.indexOf(document.activeElement as HTMLButtonElement);
  if (e.key === 'Escape' || e.key === 'Tab') {
    e.preventDefault();
    closeMenu(true);
  } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length].focus();
  }
});
document.addEventListener('pointerdown', (e) => {
  if (!menu.hidden && !menu.contains(e.target as Node)) closeMenu(false);
});

/** What a pointer event is on: a node's visible index (SVG: its element; canvas: its box under the pointer). */
function indexAt(e: MouseEvent): number | undefined {
  if (shown?.mode === 'large') {
    if (e.target === focusProxy) return focusIndex;
    const hit = canvasView.hit(e.clientX, e.clientY);
    return hit?.kind === 'node' ? hit.index : undefined;
  }
  return nodeIndexOf(e.target);
}

/** A click on a level: its header closes it; a covered level (far out) is zoomed into. */
function clusterClick(e: MouseEvent): boolean {
  if (!shown?.layout) return false;
  let ci: number | undefined;
  let header = false;
  let covered = false;
  if (shown.mode === 'large') {
    const hit = canvasView.hit(e.clientX, e.clientY);
    if (hit?.kind === 'cluster') ({ cluster: ci, header, covered } = hit);
  } else {
    const t = e.target instanceof Element ? e.target : null;
    const toggle = t?.closest('[data-toggle]');
    const cover = t?.closest('.cover.shown[data-cluster]');
    if (toggle) {
      ci = Number(toggle.getAttribute('data-toggle'));
      header = true;
    } else if (cover) {
      ci = Number(cover.getAttribute('data-cluster'));
      covered = true;
    }
  }
  if (ci === undefined) return false;
  const c = shown.layout.clusters[ci];
  if (covered) {
    const k = Math.max(view.k * 2.5, Math.min(view.fitScale(c.width, c.height), 0.9));
    view.center(c, k);
    userMoved = true;
    return true;
  }
  if (header) {
    toggleCluster(ci);
    return true;
  }
  return false;
}

attachPointer(canvas, view, indexAt, {
  click(index, e) {
    closeMenu(false);
    hideTooltip();
    if (index === undefined) {
      clusterClick(e);
      return;
    }
    setRovingFocus(index, false);
    if (shown?.mode === 'large') focusProxy.focus({ preventScroll: true });
    else shown?.scene?.nodeEls[index]?.focus({ preventScroll: true });
    const group = groupAt(index);
    const item = shown?.visible.items[index];
    // A collapsed group opens on a click (its owner also shows its line).
    if (group && !group.open && item) toggleGroup(group.id, true, index);
    reveal(index);
  },
  contextMenu(index, e) {
    if (index !== undefined) setRovingFocus(index, false);
    const group = index !== undefined ? groupAt(index) : clusterGroupAt(e);
    if (index === undefined && !group) return;
    openMenu(index, group, e.clientX, e.clientY);
  },
  hover(index, e) {
    const still = e.type === 'pointermove' && e.clientX === lastPointer.x && e.clientY === lastPointer.y;
    lastPointer = { x: e.clientX, y: e.clientY };
    if (keyboardTip && still && !tooltip.hidden) return;
    keyboardTip = false;
    if (index === undefined || !menu.hidden) return hideTooltip();
    if (tooltip.hidden || tipIndex !== index) fillTooltip(index);
    tooltip.hidden = false;
    place(tooltip, e.clientX + 14, e.clientY + 16);
  },
});

/** The open group of a level under the pointer (for the menu on a level's header). */
function clusterGroupAt(e: MouseEvent): { id: string; open: boolean } | undefined {
  if (!shown?.layout) return undefined;
  let ci: number | undefined;
  if (shown.mode === 'large') {
    const hit = canvasView.hit(e.clientX, e.clientY);
    if (hit?.kind === 'cluster') ci = hit.cluster;
  } else {
    const g = e.target instanceof Element ? e.target.closest('[data-cluster]') : null;
    if (g) ci = Number(g.getAttribute('data-cluster'));
  }
  if (ci === undefined) return undefined;
  const region = shown.visible.regions[shown.layout.clusters[ci].index];
  return { id: region.group, open: true };
}

canvas.addEventListener('pointerleave', () => hideTooltip());
document.addEventListener('mouseleave', () => hideTooltip());
window.addEventListener('blur', () => hideTooltip());

canvas.addEventListener('keydown', (e) => {
  if (!shown?.layout || !shown.nav) return;
  if (e.target instanceof HTMLInputElement) return;
  const fromEl = shown.mode === 'large' ? (document.activeElement === focusProxy ? focusIndex : undefined) : nodeIndexOf(document.activeElement);
  const from = fromEl ?? focusIndex;
  if ((e.key === 'e' || e.key === 'E') && !e.ctrlKey && !e.altKey && !e.metaKey) {
    const g = groupAt(from);
    if (g) {
      e.preventDefault();
      toggleGroup(g.id, !g.open, from);
    }
    return;
  }
  const a = keyAction(e);
  if (!a) {
    if (e.key === 'Escape') hideTooltip();
    return;
  }
  switch (a.kind) {
    case 'move': {
      const to = shown.nav.next(from, a.key, a.shift);
      if (to === undefined) return; // Tab past the ends: the focus leaves the graph
      e.preventDefault();
      setRovingFocus(to, true);
      return;
    }
    case 'reveal': {
      e.preventDefault();
      const g = groupAt(from);
      if (g && !g.open) toggleGroup(g.id, true, from);
      reveal(from);
      return;
    }
    case 'toggleBreakpoint':
      e.preventDefault();
      toggleBreakpoint(from);
      return;
    case 'showTensor':
      e.preventDefault();
      showTensor(from);
      return;
    case 'menu': {
      e.preventDefault();
      const b = boxOf(from);
      if (from !== undefined && b) {
        const c = view.toClient(b);
        openMenu(from, groupAt(from), c.left + 8, c.bottom + 4);
      }
      return;
    }
    case 'zoom':
      e.preventDefault();
      view.zoomCenter(a.factor);
      userMoved = true;
      return;
    case 'fit':
      e.preventDefault();
      fitView(0);
      return;
    case 'current':
      e.preventDefault();
      goToCurrent();
      return;
  }
});
canvas.addEventListener('focusout', () => hideTooltip());
canvas.addEventListener('wheel', () => {
  userMoved = true;
}, { passive: true });
canvas.addEventListener('pointerdown', () => {
  userMoved = true;
});

function goToCurrent(): void {
  if (!shown) return;
  const i = shown.visible.nodes.findIndex((n) => n.state === 'current');
  if (i >= 0) setRovingFocus(i, true);
}

fitButton.addEventListener('click', () => fitView(0));


/**
 * Fit: the whole graph on screen. A graph whose top level would not read at that size (its boxes too small for even
 * their short names) first closes groups, the deepest first (those around the current or focused node last), until it
 * reads: far out, groups; near, nodes.
 */
function fitView(again = 0): void {
  if (!shown?.layout) return;
  userMoved = false;
  const s = shown;
  const rootOpen = s.mode === 'large' ? rootOpenOf(s.visible, s.layout!) : s.lodT?.rootOpen ?? 0;
  if (view.fitScale(s.layout!.width, s.layout!.height) >= rootOpen) {
    view.fit(s.layout!.width, s.layout!.height);
    placement = 'fit';
    fitAgain = 0;
    return;
  }
  const expanded = expansions.get(s.key)!;
  const keep = new Set<string>();
  const focused = focusIndex !== undefined ? s.visible.items[focusIndex] : undefined;
  for (const i of [focused?.kind === 'node' ? focused.index : -1, s.visible.tree.view.nodes.findIndex((n) => n.state === 'current')]) {
    if (i >= 0) for (const g of groupsAround(s.tree, i)) keep.add(g);
  }
  const depth = (g: string): number => {
    let d = 0;
    for (let l: string | undefined = s.tree.groups.get(g)?.levels[0]; l !== undefined && l !== ROOT; l = s.tree.levels.get(l)?.parent) d++;
    return d;
  };
  let changed = false;
  for (let tries = 0; tries < 200; tries++) {
    const shownNow = visibleGraph(s.tree, expanded);
    const open = [...expanded].filter((g) => s.tree.groups.has(g) && visibleGroup(shownNow, g));
    if (open.length === 0) break;
    // Deepest first; those around the current or focused node last.
    open.sort((a, b) => Number(keep.has(a)) - Number(keep.has(b)) || depth(b) - depth(a) || (s.tree.groups.get(b)!.size - s.tree.groups.get(a)!.size));
    expanded.delete(open[0]);
    changed = true;
    // Estimated with the instant layout by level (ELK's is larger: a margin).
    const v = visibleGraph(s.tree, expanded);
    const { layout } = new Composer().compose(v, aspectOfFrame());
    if (view.fitScale(layout.width, layout.height) >= 1.3 * rootOpenOf(v, layout)) break;
  }
  if (!changed) {
    view.fit(s.layout!.width, s.layout!.height);
    placement = 'fit';
    return;
  }
  // What is left open is laid out afresh, compactly, for the overview.
  if (s.mode === 'large') composers.set(s.key, new Composer());
  fitAgain = again + 1;
  fitNext = true;
  show();
}

/** After ELK's layout following a Fit that closed groups: if the whole still does not read, close more (twice at most). */
function fitFollowUp(s: Shown, layout: Layout): void {
  const rootOpen = s.mode === 'large' ? rootOpenOf(s.visible, layout) : s.lodT?.rootOpen ?? 0;
  if (placement === 'fit' && !userMoved && fitAgain > 0 && fitAgain < 3 && view.fitScale(layout.width, layout.height) < rootOpen) fitView(fitAgain);
  else fitAgain = 0;
}

/** Whether an open group is on screen (its levels are drawn). */
function visibleGroup(v: VisibleGraph, g: string): boolean {
  return v.regions.some((r) => r.group === g) || v.items.some((i) => i.kind === 'node' && v.tree.ownedBy.get(i.index) === g && v.tree.groups.get(g)?.kind === 'fused');
}

function aspectOfFrame(): number {
  const frame = view.frameSize();
  return Math.max(0.5, Math.min(4, frame.width / Math.max(1, frame.height)));
}

/** The zoom from which the top level of a layout reads (lod.ts). */
function rootOpenOf(v: VisibleGraph, layout: Layout): number {
  const regionIdx = new Map(layout.clusters.map((c, i) => [v.regions[c.index].id, i]));
  const lv = layout.nodes.map((p) => regionIdx.get(v.nodes[p.index].region ?? '') ?? -1);
  const par = layout.clusters.map((c) => regionIdx.get(v.regions[c.index].parent ?? '') ?? -1);
  return lodThresholds(layout, (i) => itemText(v, layout.nodes[i].index).short, (i) => lv[i], (c) => par[c]).rootOpen;
}
zoomInButton.addEventListener('click', () => {
  view.zoomCenter(1.25);
  userMoved = true;
});
zoomOutButton.addEventListener('click', () => {
  view.zoomCenter(0.8);
  userMoved = true;
});
currentButton.addEventListener('click', goToCurrent);
window.addEventListener('resize', () => {
  hideTooltip();
  view.apply();
});

// ---- find ----

let found: { query: string; ids: readonly string[]; total: number; at: number } | undefined;

function runFind(): void {
  const q = findInput.value;
  if (!shown || q.trim() === '') {
    found = undefined;
    findCount.textContent = '';
    return;
  }
  const local = findNodes(shown.view.nodes, q).map((i) => shown!.view.nodes[i].id);
  found = { query: q, ids: local, total: local.length, at: -1 };
  // A graph in parts: the engine searches the whole function.
  if (answer()?.partial) dispatch({ type: 'ui/find', query: q });
  showFoundCount();
  if (local.length > 0) goToFound(1);
}

/** The engine's answer for a graph in parts. */
function showFound(): void {
  const f = state.found;
  if (!f || !found || f.query !== found.query) return;
  const before = found.at >= 0 ? found.ids[found.at] : undefined;
  found = { query: f.query, ids: f.ids, total: f.total, at: before !== undefined ? f.ids.indexOf(before) : -1 };
  showFoundCount();
  if (found.at < 0 && found.ids.length > 0) goToFound(1);
}

function showFoundCount(): void {
  if (!found) return;
  findCount.textContent = found.ids.length === 0 ? 'no match' : `${found.at + 1} of ${found.total.toLocaleString('en-US')}`;
  findCount.classList.toggle('none', found.ids.length === 0);
}

function goToFound(step: number): void {
  if (!found || found.ids.length === 0 || !shown) return;
  found.at = (found.at + step + found.ids.length) % found.ids.length;
  showFoundCount();
  goToNode(found.ids[found.at]);
}

/** Shows a node: opens the groups around it (asking for the parts not loaded), then focuses it. */
function goToNode(id: string): void {
  if (!shown) return;
  const i = shown.tree.nodeIndex.get(id);
  if (i === undefined) {
    pendingReveal = id;
    dispatch({ type: 'ui/expand', ids: [id] });
    return;
  }
  pendingReveal = id;
  const expanded = expansions.get(shown.key)!;
  const missing = groupsAround(shown.tree, i).filter((g) => !expanded.has(g));
  if (missing.length > 0) {
    for (const g of missing) expanded.add(g);
    show();
  } else revealPending();
}

/** Focuses the pending node once it is drawn. */
function revealPending(): void {
  if (pendingReveal === undefined || !shown?.layout) return;
  const index = shown.visible.nodes.findIndex((n) => n.id === pendingReveal);
  if (index < 0 || !shown.layout.nodes.some((p) => p.index === index)) return;
  pendingReveal = undefined;
  const b = boxOf(index)!;
  if (view.k < 0.7) view.center(b, 0.9);
  else view.reveal(b);
  userMoved = true;
  setRovingFocus(index, false);
  view.apply();
  if (shown.mode === 'large') focusProxy.focus({ preventScroll: true });
  else shown.scene?.nodeEls[index]?.focus({ preventScroll: true });
  showTooltipAt(index, view.toClient(b));
}

let findTimer: ReturnType<typeof setTimeout> | undefined;
findInput.addEventListener('input', () => {
  clearTimeout(findTimer);
  findTimer = setTimeout(runFind, 150);
});
findInput.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    clearTimeout(findTimer);
    if (!found || found.query !== findInput.value) runFind();
    else goToFound(e.shiftKey ? -1 : 1);
  } else if (e.key === 'Escape') {
    findInput.value = '';
    found = undefined;
    findCount.textContent = '';
    (shown?.mode === 'large' ? focusProxy : shown?.scene?.nodeEls[focusIndex ?? -1])?.focus();
  }
});
findPrev.addEventListener('click', () => goToFound(-1));
findNext.addEventListener('click', () => goToFound(1));
document.addEventListener('keydown', (e) => {
  if ((e.key === 'f' && (e.ctrlKey || e.metaKey)) || (e.key === '/' && !(e.target instanceof HTMLInputElement))) {
    e.preventDefault();
    findInput.focus();
    findInput.select();
  }
});

show();
vscode.postMessage({ type: 'ready' });

