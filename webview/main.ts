/**
 * The graph view's page: wires the panel's messages (messages.ts) through the reducer (state.ts) to the
 * layout (layout.ts, ELK in a worker), the drawing (render.ts) and the interaction (interaction.ts).
 */
import './style.css';
import { changeSummary, ViewGraph } from './diff';
import { Cancelled, layoutInWorker } from './elk-runner';
import { Box, fallbackLayout, fromElk, Layout, toLayoutModel } from './layout';
import { isToWebview, FromWebview } from './messages';
import { keyAction, makeNavigator, Navigator } from './navigation';
import { createSvg, decorate, drawScene, nodeIndexOf, Scene } from './render';
import { frameOf, initialState, isCompilerStop, reduce, Selection, structureKey, titleOf, ViewEvent, viewOf, ViewState } from './state';
import { ENGINES, engineClass, tooltipLines } from './text';
import { attachPointer, Viewport } from './interaction';

interface VsCodeApi {
  postMessage(message: FromWebview): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

/** After this long without ELK's answer, the list layout is shown until the answer comes. */
const FALLBACK_AFTER_MS = 300;
/** A new graph is shown whole when it fits at this zoom or more (its text still reads). */
const FIT_READABLE = 0.6;
/** Otherwise it is shown at this zoom around what matters. */
const FIRST_ZOOM = 0.8;

const vscode = acquireVsCodeApi();

// ---- the page ----

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

const app = h('div', { class: 'app' });
const toolbar = h('header', { class: 'toolbar' });
const title = h('h1', { class: 'title', id: 'title' }, 'BIR graph');
const status = h('span', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
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
toolbar.append(title, status, buttons);

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
menu.append(menuReveal, menuBreakpoint);

app.append(toolbar, body, legend, tooltip, menu);
document.body.appendChild(app);

const { svg, viewport } = createSvg(canvas);
const view = new Viewport(canvas, svg, () => hideTooltip());

// ---- state ----

let state: ViewState = initialState();
/** What is drawn: the structure's key, the view it was drawn for (restyled at each stop), the scene. */
let drawn: { key: string; view: ViewGraph; scene: Scene; nav: Navigator; engine: 'elk' | 'fallback' } | undefined;
/** The view to draw (the latest state's). */
let latest: ViewGraph | undefined;
let layoutSeq = 0;
let focusIndex: number | undefined;
let menuIndex: number | undefined;

function dispatch(event: ViewEvent): void {
  const r = reduce(state, event);
  state = r.state;
  for (const e of r.effects) vscode.postMessage(e);
  show();
}

window.addEventListener('message', (e: MessageEvent) => {
  if (isToWebview(e.data)) dispatch(e.data);
});

// ---- showing the state ----

function show(): void {
  title.textContent = titleOf(state);
  title.title = title.textContent;
  showStatus();
  showPasses();
  const v = viewOf(state);
  latest = v;
  if (!v) {
    layoutSeq++;
    drawn = undefined;
    viewport.replaceChildren();
    svg.setAttribute('aria-label', 'No graph');
    empty.textContent = state.status === 'idle' ? state.idleMessage : state.error ?? `Loading snapshot ${String(state.selected)}…`;
    empty.hidden = false;
    document.body.dataset.layout = 'none';
    return;
  }
  empty.hidden = true;
  svg.setAttribute('aria-label', `Dataflow graph of ${v.function}: ${v.nodes.length} nodes, ${v.edges.length} edges`);
  const key = `${String(state.selected)}|${structureKey(v)}`;
  if (drawn && drawn.key === key) {
    redecorate(v, true);
    return;
  }
  void layOut(v, key);
}

function showStatus(): void {
  const parts: string[] = [];
  if (state.status === 'running') parts.push('Running… (showing the last stop)');
  else if (state.status === 'stopped' && state.selected === 'running') parts.push(state.frameGraph && isCompilerStop(state.frameGraph) ? 'Stopped in the compiler' : 'Paused');
  if (state.error) parts.push(state.error);
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
    li.addEventListener('click', () => dispatch({ type: 'ui/select', selection: e.selection }));
    passList.appendChild(li);
    if (selected && hadFocus) li.focus();
  }
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
  dispatch({ type: 'ui/select', selection: sel === 'running' ? 'running' : Number(sel) });
});

async function layOut(v: ViewGraph, key: string): Promise<void> {
  const seq = ++layoutSeq;
  const t0 = performance.now();
  const model = toLayoutModel(v);
  let fallbackShown = false;
  pendingLayout = `Laying out ${v.nodes.length} nodes…`;
  showStatus();
  const timer = setTimeout(() => {
    if (seq !== layoutSeq) return;
    fallbackShown = true;
    present(key, fallbackLayout(v), 'fallback', t0);
  }, FALLBACK_AFTER_MS);
  try {
    const result = await layoutInWorker(model.elk);
    clearTimeout(timer);
    if (seq !== layoutSeq) return;
    pendingLayout = '';
    present(key, fromElk(v, model, result), 'elk', t0, fallbackShown);
  } catch (e) {
    clearTimeout(timer);
    if (e instanceof Cancelled || seq !== layoutSeq) return;
    pendingLayout = `ELK could not lay out the graph (${e instanceof Error ? e.message : String(e)}): showing it as a list`;
    present(key, fallbackLayout(v), 'fallback', t0, fallbackShown);
  }
  showStatus();
}

function present(key: string, layout: Layout, engine: 'elk' | 'fallback', t0: number, replacing = false): void {
  const v = latest;
  if (!v) return;
  const tLayout = performance.now();
  const keepFocus = replacing && drawn?.key === key ? focusIndex : undefined;
  const scene = drawScene(viewport, v, layout);
  const nav = makeNavigator(layout.nodes, layout.edges.filter((e) => e.to >= 0));
  drawn = { key, view: v, scene, nav, engine };
  const current = decorate(scene, v, state.nodeBreakpoints);
  focusIndex = keepFocus ?? current ?? nav.order[0];
  setRovingFocus(focusIndex, false);
  // Place the view: the whole graph when it reads at that size, else at full size around what matters: the
  // current node, or the first node the pass changed, or the first node.
  const changed = nav.order.find((i) => v.notes.has(v.nodes[i].id));
  const target = boxOf(current ?? changed ?? focusIndex);
  if (view.fitScale(layout.width, layout.height) >= FIT_READABLE || !target) view.fit(layout.width, layout.height);
  else view.center(target, replacing ? view.k : FIRST_ZOOM);
  view.apply();
  const tRender = performance.now();
  document.body.dataset.layout = engine;
  document.dispatchEvent(new CustomEvent('bir-graph-rendered', {
    detail: { engine, nodes: layout.nodes.length, edges: layout.edges.length, layoutMs: tLayout - t0, renderMs: tRender - tLayout, totalMs: tRender - t0 },
  }));
}

/** Restyles the drawing for a new stop of the same structure, and keeps the current node in view. */
function redecorate(v: ViewGraph, follow: boolean): void {
  if (!drawn) return;
  hideTooltip();
  const before = drawn.view.nodes.findIndex((n) => n.state === 'current');
  drawn.view = v;
  const current = decorate(drawn.scene, v, state.nodeBreakpoints);
  if (follow && current !== undefined && current !== before) {
    const b = boxOf(current);
    if (b) view.reveal(b);
  }
  document.dispatchEvent(new CustomEvent('bir-graph-decorated', { detail: { current } }));
}

function boxOf(index: number | undefined): Box | undefined {
  if (index === undefined || !drawn) return undefined;
  return drawn.scene.layout.nodes.find((p) => p.index === index);
}

// ---- focus, tooltip, menu ----

function setRovingFocus(index: number | undefined, focus: boolean): void {
  if (!drawn) return;
  for (const g of svg.querySelectorAll('[data-index][tabindex="0"]')) g.setAttribute('tabindex', '-1');
  focusIndex = index;
  const g = index !== undefined ? drawn.scene.nodeEls[index] : undefined;
  if (!g) return;
  g.setAttribute('tabindex', '0');
  if (focus) {
    g.focus({ preventScroll: true });
    const b = boxOf(index);
    if (b) {
      view.reveal(b);
      view.apply();
      showTooltipAt(index!, view.toClient(b));
    }
  }
}

function hideTooltip(): void {
  tooltip.hidden = true;
}

let tipIndex: number | undefined;

function fillTooltip(index: number): void {
  if (!drawn) return;
  tipIndex = index;
  const n = drawn.view.nodes[index];
  tooltip.replaceChildren(...tooltipLines(n, drawn.view.notes.get(n.id), state.nodeBreakpoints.get(n.id)).map((line, i) => h('div', { class: i === 0 ? 'tip-head' : 'tip-line' }, line)));
}

function place(e: HTMLElement, x: number, y: number): void {
  e.style.left = `${Math.max(4, Math.min(x, window.innerWidth - e.offsetWidth - 4))}px`;
  e.style.top = `${Math.max(4, Math.min(y, window.innerHeight - e.offsetHeight - 4))}px`;
}

function showTooltipAt(index: number, at: { left: number; bottom: number }): void {
  fillTooltip(index);
  tooltip.hidden = false;
  place(tooltip, at.left, at.bottom + 6);
}

function reveal(index: number | undefined): void {
  if (index === undefined || !drawn) return;
  vscode.postMessage({ type: 'reveal', span: drawn.view.nodes[index].span });
}

function toggleBreakpoint(index: number | undefined): void {
  if (index === undefined || !drawn) return;
  const n = drawn.view.nodes[index];
  if (drawn.view.notes.get(n.id)?.ghost) return; // removed by the pass: nothing to stop at
  dispatch({ type: 'ui/toggleBreakpoint', id: n.id });
}

function openMenu(index: number, x: number, y: number): void {
  menuIndex = index;
  hideTooltip();
  menu.hidden = false;
  place(menu, x, y);
  menuReveal.focus();
}

function closeMenu(refocus: boolean): void {
  if (menu.hidden) return;
  menu.hidden = true;
  if (refocus) setRovingFocus(menuIndex, true);
  menuIndex = undefined;
}

menu.addEventListener('click', (e) => {
  const action = (e.target as Element).closest('[data-action]')?.getAttribute('data-action');
  const index = menuIndex;
  closeMenu(true);
  if (action === 'reveal') reveal(index);
  else if (action === 'breakpoint') toggleBreakpoint(index);
});
menu.addEventListener('keydown', (e) => {
  const items = [menuReveal, menuBreakpoint];
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

attachPointer(canvas, view, nodeIndexOf, {
  click(index) {
    closeMenu(false);
    if (index === undefined) return;
    setRovingFocus(index, false);
    drawn?.scene.nodeEls[index]?.focus({ preventScroll: true });
    reveal(index);
  },
  contextMenu(index, e) {
    setRovingFocus(index, false);
    openMenu(index, e.clientX, e.clientY);
  },
  hover(index, e) {
    if (index === undefined || !menu.hidden) return hideTooltip();
    if (tooltip.hidden || tipIndex !== index) fillTooltip(index);
    tooltip.hidden = false;
    place(tooltip, e.clientX + 14, e.clientY + 16);
  },
});

canvas.addEventListener('keydown', (e) => {
  if (!drawn) return;
  const a = keyAction(e);
  if (!a) {
    if (e.key === 'Escape') hideTooltip();
    return;
  }
  const from = nodeIndexOf(document.activeElement) ?? focusIndex;
  switch (a.kind) {
    case 'move': {
      const to = drawn.nav.next(from, a.key, a.shift);
      if (to === undefined) return; // Tab past the ends: the focus leaves the graph
      e.preventDefault();
      setRovingFocus(to, true);
      return;
    }
    case 'reveal':
      e.preventDefault();
      reveal(from);
      return;
    case 'toggleBreakpoint':
      e.preventDefault();
      toggleBreakpoint(from);
      return;
    case 'menu': {
      e.preventDefault();
      const b = boxOf(from);
      if (from !== undefined && b) {
        const c = view.toClient(b);
        openMenu(from, c.left + 8, c.bottom + 4);
      }
      return;
    }
    case 'zoom':
      e.preventDefault();
      view.zoomCenter(a.factor);
      return;
    case 'fit':
      e.preventDefault();
      view.fit(drawn.scene.layout.width, drawn.scene.layout.height);
      return;
    case 'current':
      e.preventDefault();
      goToCurrent();
      return;
  }
});
canvas.addEventListener('focusout', () => hideTooltip());

function goToCurrent(): void {
  if (!drawn) return;
  const i = drawn.view.nodes.findIndex((n) => n.state === 'current');
  if (i >= 0) setRovingFocus(i, true);
}

fitButton.addEventListener('click', () => drawn && view.fit(drawn.scene.layout.width, drawn.scene.layout.height));
zoomInButton.addEventListener('click', () => view.zoomCenter(1.25));
zoomOutButton.addEventListener('click', () => view.zoomCenter(0.8));
currentButton.addEventListener('click', goToCurrent);
window.addEventListener('resize', () => hideTooltip());

show();
vscode.postMessage({ type: 'ready' });
