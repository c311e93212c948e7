/**
 * The graph view's page, built with DOM calls (labels and messages are only ever text): the toolbar with the search
 * box and the view's buttons, the pass list, the canvas the graph is drawn in (an SVG for a small graph, a canvas for
 * a large one, with the element that holds the focus of a node on the canvas), the legend, the tooltip and the node
 * menu. Returns the elements the other parts drive.
 */
import { h } from '../shared/dom';
import { CanvasView } from './canvas';
import { createSvg } from './render';
import { ENGINES, engineClass } from './text';

export function buildPage() {
  const app = h('div', { class: 'app' });
  const { toolbar, title, status, find, buttons } = buildToolbar();
  const body = h('div', { class: 'body' });
  const passNav = h('nav', { class: 'passes', 'aria-label': 'Pass pipeline' });
  passNav.appendChild(h('h2', {}, 'Program'));
  const passList = h('ul', { id: 'pass-list', role: 'listbox', 'aria-label': 'Running program or a snapshot of the pass pipeline' });
  passNav.appendChild(passList);
  const canvas = h('main', { class: 'canvas', id: 'canvas' });
  const empty = h('div', { class: 'empty', id: 'empty' });
  canvas.appendChild(empty);
  body.append(passNav, canvas);
  const tooltip = h('div', { class: 'tooltip', id: 'tooltip', role: 'tooltip' });
  tooltip.hidden = true;
  const { menu, menuItems } = buildMenu();
  app.append(toolbar, body, buildLegend(), tooltip, menu);
  document.body.appendChild(app);

  // The drawing surfaces, in the canvas above the empty message; the focus element over them.
  const { svg, viewport } = createSvg(canvas);
  const canvasView = new CanvasView(canvas);
  canvasView.canvas.hidden = true;
  /** In a large graph (drawn on the canvas), the focused node is this element, laid over the node's box. */
  const focusProxy = h('div', { id: 'focus-node', class: 'focus-proxy', role: 'button', tabindex: '-1', 'aria-roledescription': 'graph node' });
  focusProxy.hidden = true;
  canvas.appendChild(focusProxy);
  return { title, status, find, buttons, passNav, passList, canvas, empty, tooltip, menu, menuItems, svg, viewport, canvasView, focusProxy };
}

export type Page = ReturnType<typeof buildPage>;

function buildToolbar() {
  const toolbar = h('header', { class: 'toolbar' });
  const title = h('h1', { class: 'title', id: 'title' }, 'BIR graph');
  const status = h('span', { class: 'status', id: 'status', role: 'status', 'aria-live': 'polite' });
  const findBox = h('div', { class: 'find', role: 'search' });
  const find = {
    input: h('input', { id: 'find', type: 'search', placeholder: 'Find: opcode, tensor, L53, id', 'aria-label': 'Find nodes by opcode, tensor name, line or id (Enter: next, Shift+Enter: previous)', spellcheck: 'false', autocomplete: 'off' }),
    count: h('span', { id: 'find-count', class: 'find-count', 'aria-live': 'polite' }),
    previous: h('button', { id: 'find-prev', type: 'button', title: 'Previous match (Shift+Enter)', 'aria-label': 'Previous match' }, '↑'),
    next: h('button', { id: 'find-next', type: 'button', title: 'Next match (Enter)', 'aria-label': 'Next match' }, '↓'),
  };
  findBox.append(find.input, find.count, find.previous, find.next);
  const group = h('div', { class: 'buttons', role: 'toolbar', 'aria-label': 'Graph view' });
  const button = (id: string, label: string, tip: string): HTMLButtonElement => {
    const b = h('button', { id, type: 'button', title: tip, 'aria-label': tip }, label);
    group.appendChild(b);
    return b;
  };
  const buttons = {
    fit: button('fit', 'Fit', 'Fit the graph to the view (F)'),
    zoomOut: button('zoom-out', '−', 'Zoom out (-)'),
    zoomIn: button('zoom-in', '+', 'Zoom in (+)'),
    current: button('go-current', 'Current', 'Show the current node (C)'),
  };
  toolbar.append(title, status, findBox, group);
  return { toolbar, title, status, find, buttons };
}

/** The engines' colours, then the marks of a node's state, a diff and a group. */
function buildLegend(): HTMLElement {
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
  return legend;
}

function buildMenu() {
  const menu = h('div', { class: 'menu', id: 'node-menu', role: 'menu', 'aria-label': 'Node' });
  menu.hidden = true;
  const menuItems = {
    reveal: h('button', { type: 'button', role: 'menuitem', 'data-action': 'reveal' }, 'Go to Source'),
    breakpoint: h('button', { type: 'button', role: 'menuitem', 'data-action': 'breakpoint' }, 'Toggle Node Breakpoint'),
    tensor: h('button', { type: 'button', role: 'menuitem', 'data-action': 'tensor' }, 'Show Destination in Tensor View'),
    group: h('button', { type: 'button', role: 'menuitem', 'data-action': 'group' }, 'Expand'),
  };
  menu.append(menuItems.reveal, menuItems.breakpoint, menuItems.tensor, menuItems.group);
  return { menu, menuItems };
}
