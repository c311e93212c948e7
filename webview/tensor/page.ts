/**
 * The tensor view's page, built with DOM calls: nothing from a program (names, expressions, messages) is ever parsed
 * as markup; it is set as text. Theme colours only (tensor.css). Returns the elements the controller drives.
 */
import { h } from '../shared/dom';
import { MARKED_CSS } from './colour';
import { COMPARE_METRICS } from '../../contract/compare-metrics';

function button(id: string, label: string, tip: string): HTMLButtonElement {
  return h('button', { id, type: 'button', title: tip, 'aria-label': tip }, label);
}

function field(label: string, input: HTMLElement): HTMLLabelElement {
  const l = h('label', { class: 'field' });
  l.append(h('span', {}, label), input);
  return l;
}

export function buildPage() {
  const app = h('div', { class: 'app' });

  // Title and what is shown.
  const header = h('header', { class: 'toolbar' });
  const expression = h('input', { id: 'expression', type: 'text', spellcheck: 'false', placeholder: 'an expression: acc, x[0:128, 0:512], a - b', 'aria-label': 'Expression' });
  const title = h('span', { id: 'title', class: 'title' });
  const status = h('span', { id: 'status', class: 'status', role: 'status', 'aria-live': 'polite' });
  const tabs = h('div', { class: 'tabs', role: 'tablist' });
  const heatmapTab = h('button', { id: 'tab-heatmap', type: 'button', role: 'tab', 'aria-selected': 'true' }, 'Heatmap');
  const memoryTab = h('button', { id: 'tab-memory', type: 'button', role: 'tab', 'aria-selected': 'false' }, 'Memory map');
  tabs.append(heatmapTab, memoryTab);
  header.append(expression, title, status, tabs);

  // Controls of the heatmap.
  const controls = h('div', { class: 'controls', id: 'controls' });
  const scale = h('select', { id: 'scale', 'aria-label': 'Colour scale' });
  for (const [v, t] of [['auto', 'Scale: auto'], ['sequential', 'Sequential'], ['diverging', 'Diverging']]) scale.appendChild(h('option', { value: v }, t));
  const changed = h('input', { id: 'changed', type: 'checkbox' });
  const changedLabel = h('label', { class: 'toggle', title: 'Outline the elements the last step or continue wrote' });
  changedLabel.append(changed, document.createTextNode('Changed since last stop'));
  const errorLayer = h('input', { id: 'error-layer', type: 'checkbox' });
  const errorLabel = h('label', { class: 'toggle', title: 'Colour each element by its error against float64, in ulps of its dtype (a shadow run: the launch attribute shadow)' });
  errorLabel.append(errorLayer, document.createTextNode('Error vs float64'));
  const fit = button('fit', 'Fit', 'Fit the region to the view (0)');
  const copyPattern = button('copy-pattern', 'Copy pattern', 'Copy the selection as a BIR access pattern (Ctrl+C); select with Shift+drag');
  const copyNumpy = button('copy-numpy', 'Copy NumPy', 'Copy the selection as a NumPy literal');
  const slices = h('div', { class: 'slices', id: 'slices' });
  controls.append(scale, changedLabel, errorLabel, fit, copyPattern, copyNumpy, slices);

  const compareBar = h('div', { class: 'controls compare', id: 'compare-bar' });
  const reference = h('input', { id: 'reference', type: 'text', spellcheck: 'false', placeholder: 'compare with: an expression, or ref.npy', 'aria-label': 'Reference: an expression or a .npy file' });
  const browse = button('browse', '…', 'Choose a .npy file');
  const metric = h('select', { id: 'metric', 'aria-label': 'Metric' });
  for (const [v, names] of Object.entries(COMPARE_METRICS)) metric.appendChild(h('option', { value: v }, names.option));
  const atol = h('input', { id: 'atol', type: 'text', value: '1e-8', size: '6', 'aria-label': 'atol' });
  const rtol = h('input', { id: 'rtol', type: 'text', value: '1e-5', size: '6', 'aria-label': 'rtol' });
  const compare = button('compare', 'Compare', 'Compare with the reference');
  const clear = button('clear-compare', 'Clear', 'Show the value again');
  const first = button('first-divergence', 'First divergence', 'Go to the first element that is not close (row-major)');
  const next = button('next-divergence', 'Next', 'Go to the next element that is not close (N)');
  compareBar.append(reference, browse, metric, field('atol', atol), field('rtol', rtol), compare, clear, first, next);

  // The heatmap and its side panel.
  const body = h('div', { class: 'body' });
  const stage = h('main', { class: 'stage', id: 'stage' });
  const canvas = h('canvas', { id: 'heatmap', tabindex: '0', role: 'img', 'aria-label': 'Heatmap of the region' });
  const empty = h('div', { class: 'empty', id: 'empty' });
  stage.append(canvas, empty);
  const side = h('aside', { class: 'side', 'aria-label': 'Scale, statistics and histogram' });
  const legendBar = h('canvas', { id: 'legend-bar', class: 'legend-bar', 'aria-hidden': 'true' });
  const legendRange = h('div', { class: 'legend-range' });
  const legendMin = h('span', { id: 'legend-min' });
  const legendMax = h('span', { id: 'legend-max' });
  legendRange.append(legendMin, legendMax);
  const marked = h('ul', { class: 'marked', id: 'marked' });
  const swatch = (key: keyof typeof MARKED_CSS, label: string) => {
    const li = h('li', { 'data-mark': key });
    const s = h('span', { class: `swatch swatch-${key}`, 'aria-hidden': 'true' });
    li.append(s, h('span', { class: 'mark-label' }, label), h('span', { class: 'count' }));
    marked.appendChild(li);
    return li;
  };
  const marks = { nan: swatch('nan', 'NaN'), posInf: swatch('posInf', '+Inf'), negInf: swatch('negInf', '−Inf'), unwritten: swatch('unwritten', 'never written') };
  const outlines = h('ul', { class: 'marked' });
  const changedItem = h('li', { id: 'changed-count', hidden: '' });
  changedItem.append(h('span', { class: 'swatch swatch-changed', 'aria-hidden': 'true' }), h('span', { class: 'mark-label' }, 'changed'), h('span', { class: 'count' }));
  const differsItem = h('li', { id: 'differs-count', hidden: '' });
  differsItem.append(h('span', { class: 'swatch swatch-differs', 'aria-hidden': 'true' }), h('span', { class: 'mark-label' }, 'not close'), h('span', { class: 'count' }));
  outlines.append(changedItem, differsItem);
  const stats = h('dl', { class: 'stats', id: 'stats' });
  const histogram = h('canvas', { id: 'histogram', class: 'histogram', 'aria-label': 'Histogram of the values' });
  const histogramCounts = h('div', { class: 'histogram-counts', id: 'histogram-counts' });
  const verdict = h('div', { class: 'verdict', id: 'verdict', hidden: '' });
  side.append(h('h2', {}, 'Scale'), legendBar, legendRange, marked, outlines, verdict, h('h2', {}, 'Histogram'), histogram, histogramCounts, h('h2', {}, 'Statistics'), stats);
  body.append(stage, side);

  // The memory map (another tab).
  const memory = h('section', { class: 'memory', id: 'memory', hidden: '' });
  const memoryTitle = h('div', { class: 'memory-title', id: 'memory-title' });
  const memoryCanvas = h('canvas', { id: 'memory-canvas', class: 'memory-canvas', role: 'img', 'aria-label': 'SBUF and PSUM allocations' });
  const memoryLabels = h('div', { class: 'memory-labels', id: 'memory-labels' });
  const memoryTip = h('div', { class: 'memory-tip', id: 'memory-tip', role: 'status' });
  const memoryTable = h('table', { class: 'memory-table', id: 'memory-table' });
  memory.append(memoryTitle, memoryLabels, memoryCanvas, memoryTip, memoryTable);

  const hover = h('footer', { class: 'hover', id: 'hover', role: 'status', 'aria-live': 'polite' });
  app.append(header, controls, compareBar, body, memory, hover);
  document.body.appendChild(app);
  return {
    app, expression, title, status, heatmapTab, memoryTab, controls, compareBar, scale, changed, errorLayer, fit, copyPattern, copyNumpy, slices,
    reference, browse, metric, atol, rtol, compare, clear, first, next, body, stage, canvas, empty, legendBar, legendMin, legendMax,
    marks, changedItem, differsItem, stats, histogram, histogramCounts, verdict, memory, memoryTitle, memoryCanvas, memoryLabels,
    memoryTip, memoryTable, hover,
  };
}

export type Page = ReturnType<typeof buildPage>;
