/**
 * The tensor view's page: a heatmap of a 2-D region of an expression's value at the selected frame, its scale,
 * histogram and statistics, the elements changed since the last stop, a comparison with a reference, and the memory
 * map of the core. It asks its panel host for data (messages.ts) and draws what comes back: values arrive as
 * ArrayBuffers. A region too large to hold comes as an overview; zoomed in, the page asks for the window on screen.
 */
import './tensor.css';
import type { Divergence, MemoryMap } from '../../contract/tensor';
import { COMPARE_METRICS } from '../../contract/compare-metrics';
import { h } from '../shared/dom';
import { acquirePanelApi } from '../shared/vscode-api';
import { cssOf, FLAG, makeScale, Scale, ScaleChoice, TABLE_SIZE } from './colour';
import { dtypeBits } from './dtype-bits';
import { exactText, numpyLiteral, patternText, Rect } from './format';
import { Heatmap, Layer, themeChanged, cssVar } from './heatmap';
import { drawHistogram } from './histogram';
import { attachInput } from './input';
import { Pyramid } from './levels';
import { MemoryView } from './memory-view';
import { CompareSettings, FromTensorView, isToTensorView, Purpose, TensorBuffers, TensorHeader, ToTensorView } from './messages';
import { buildPage } from './page';

/** Every element of a window up to this many is asked for (64 MiB of f32); more come as an overview. */
const MAX_CELLS = 1 << 24;
/** How long the view rests before the window on screen is asked for at full resolution. */
const WINDOW_DELAY_MS = 120;
/** The most elements copied as a NumPy literal. */
const MAX_COPY = 1 << 20;

const vscode = acquirePanelApi<FromTensorView>();
const page = buildPage();
const heatmap = new Heatmap(page.canvas);
const memoryView = new MemoryView(page.memoryCanvas);

interface Saved {
  expression?: string;
  scale: ScaleChoice;
  changed: boolean;
  /** The "error vs float64" layer of a shadow run. */
  error: boolean;
  compare?: CompareSettings;
  tab: 'heatmap' | 'memory';
}

const saved = (vscode.getState() ?? {}) as Partial<Saved>;
const state: Saved & { slice: number[] } = {
  expression: saved.expression, scale: saved.scale ?? 'auto', changed: saved.changed ?? false, error: saved.error ?? false, compare: saved.compare, tab: saved.tab ?? 'heatmap', slice: [],
};

/** What the layers hold, for the hover and for copying: the answer's header and arrays. */
interface Shown {
  readonly layer: Layer;
  readonly header: TensorHeader;
  readonly values: Float32Array | Float64Array;
  readonly low?: Float32Array | Float64Array;
  readonly flags: Uint8Array;
  readonly reference?: Float32Array | Float64Array;
  readonly metric?: Float32Array;
  /** The error layer: |error| in ulps per cell, NaN where an element has no shadow. */
  readonly error?: Float32Array;
}

let region: Shown | undefined;
let detail: Shown | undefined;
let scale: Scale | undefined;
let seq = 0;
let regionSeq = -1;
let windowSeq = -1;
let copySeq = -1;
let layerIds = 0;
let selectionStart: { row: number; col: number } | undefined;

function post(m: FromTensorView): void {
  vscode.postMessage(m);
}

function save(): void {
  const { slice: _slice, ...rest } = state;
  vscode.setState(rest);
}

// ---- asking ----

function request(purpose: Purpose, window?: Rect, maxCells = MAX_CELLS): number {
  if (!state.expression) return -1;
  const s = ++seq;
  post({ type: 'tensor', request: { seq: s, purpose, expression: state.expression, slice: state.slice, window, maxCells, changed: state.changed, compare: state.compare, error: state.error || undefined } });
  return s;
}

function refresh(): void {
  if (!state.expression) {
    showEmpty('Choose a tensor: "Show in Tensor View" in the Variables view\'s menu, :show EXPR in the Debug Console, or type an expression above.');
    return;
  }
  regionSeq = request('region');
  if (state.tab === 'memory') post({ type: 'memoryMap', expression: state.expression });
  setStatus('loading…');
}

let windowTimer: ReturnType<typeof setTimeout> | undefined;

/** After the view rests: the window on screen at full resolution, when the picture is an overview and it needs more. */
function windowNeeded(visible: Rect): void {
  if (!region || windowTimer !== undefined) clearTimeout(windowTimer);
  windowTimer = undefined;
  if (!region) return;
  const l = region.layer;
  if (l.stepRows === 1 && l.stepCols === 1) return;
  const { sx, sy } = heatmap.pixelsPerElement;
  if (sx * l.stepCols < 1.5 && sy * l.stepRows < 1.5) return;
  if (visible.rows * visible.cols > MAX_CELLS || visible.rows === 0 || visible.cols === 0) return;
  const d = detail?.layer;
  if (d && d.row <= visible.row && d.col <= visible.col && d.row + d.rows >= visible.row + visible.rows && d.col + d.cols >= visible.col + visible.cols) return;
  windowTimer = setTimeout(() => {
    windowTimer = undefined;
    const { rows, cols } = heatmap.regionSize;
    // Some margin around what is on screen, so that a small pan needs nothing new.
    const mr = Math.floor(visible.rows / 2);
    const mc = Math.floor(visible.cols / 2);
    const row = Math.max(0, visible.row - mr);
    const col = Math.max(0, visible.col - mc);
    const w = { row, col, rows: Math.min(rows - row, visible.rows + 2 * mr), cols: Math.min(cols - col, visible.cols + 2 * mc) };
    windowSeq = request('window', w.rows * w.cols <= MAX_CELLS ? w : visible);
  }, WINDOW_DELAY_MS);
}

// ---- answers ----

function typed(buffer: ArrayBuffer, type: 'f32' | 'f64'): Float32Array | Float64Array {
  return type === 'f32' ? new Float32Array(buffer) : new Float64Array(buffer);
}

/** An answer as a layer of the heatmap, coloured by the value or, comparing, by the metric, or by the error layer. */
function shownOf(header: TensorHeader, b: TensorBuffers): Shown {
  const values = typed(b.values, b.valuesType);
  const low = b.low ? typed(b.low, b.valuesType) : undefined;
  const w = header.window;
  const flags = b.flags ? new Uint8Array(b.flags) : new Uint8Array(Math.ceil(w.rows / w.stepRows) * Math.ceil(w.cols / w.stepCols));
  const reference = b.reference ? typed(b.reference, b.referenceType ?? 'f64') : undefined;
  const metric = b.metric ? new Float32Array(b.metric) : undefined;
  const error = b.error ? new Float32Array(b.error) : undefined;
  const coloured = error ?? metric;
  const grid = {
    rows: Math.ceil(w.rows / w.stepRows), cols: Math.ceil(w.cols / w.stepCols),
    high: coloured ?? values, low: coloured ?? low ?? values,
    // The metric's cells are coloured by the metric; the marks of the value (NaN, never written) still show.
    flags,
  };
  const layer: Layer = { id: ++layerIds, row: w.row, col: w.col, rows: w.rows, cols: w.cols, stepRows: w.stepRows, stepCols: w.stepCols, pyramid: new Pyramid(grid) };
  return { layer, header, values, low, flags, reference, metric, error };
}

function received(header: TensorHeader, buffers: TensorBuffers, purpose: Purpose, s: number): void {
  if (purpose === 'copy') {
    if (s === copySeq) copyNumpyOf(shownOf(header, buffers));
    return;
  }
  if (purpose === 'window') {
    if (s !== windowSeq || !region) return;
    detail = shownOf(header, buffers);
    heatmap.setLayers([region.layer, detail.layer]);
    return;
  }
  if (s !== regionSeq) return;
  const started = performance.now();
  region = shownOf(header, buffers);
  detail = undefined;
  page.empty.hidden = true;
  document.body.classList.remove('running');
  state.slice = [...header.slice];
  heatmap.setRegion(header.rows, header.cols);
  updateScale();
  heatmap.setLayers([region.layer]);
  heatmap.setMarks(marksOf(header));
  showHeader(header);
  showSide(header);
  showSlices(header);
  setStatus(describeResolution(header));
  // The first drawing (and when it was on screen), for the benchmark and the tests.
  requestAnimationFrame(() => {
    document.dispatchEvent(new CustomEvent('bir-tensor-rendered', { detail: { ms: performance.now() - started, rows: header.rows, cols: header.cols } }));
    document.body.dataset.rendered = String(s);
  });
}

function updateScale(): void {
  if (!region) return;
  const h = region.header;
  // The error layer, else a comparison's metric, is what the cells are coloured by: from 0 up.
  const metricScale = region.error ?? (h.compare ? region.metric : undefined);
  const range = metricScale ? metricRange(metricScale) : { min: h.statistics?.min ?? null, max: h.statistics?.max ?? null };
  scale = makeScale(metricScale ? 'sequential' : state.scale, range.min, range.max);
  heatmap.setScale(scale);
  drawLegend();
}

/** The finite range of the metric's cells (the verdict's extremes are of the whole region; the window's show). */
function metricRange(m: Float32Array): { min: number; max: number } {
  let max = 0;
  for (let i = 0; i < m.length; i++) if (m[i] > max && Number.isFinite(m[i])) max = m[i];
  return { min: 0, max };
}

function marksOf(header: TensorHeader): { flag: number; colour: number }[] {
  const out: { flag: number; colour: number }[] = [];
  if (header.changed && 'count' in header.changed) out.push({ flag: FLAG.changed, colour: rgbaOf(cssVar('--vscode-editorWarning-foreground', '#cca700')) });
  if (header.compare) out.push({ flag: FLAG.differs, colour: rgbaOf(cssVar('--vscode-errorForeground', '#f14c4c')) });
  return out;
}

/** #rrggbb as 0xAABBGGRR, opaque. */
function rgbaOf(css: string): number {
  const m = /^#([0-9a-f]{6})/i.exec(css);
  const n = m ? parseInt(m[1], 16) : 0xffcc00;
  return ((0xff << 24) | ((n & 0xff) << 16) | (n & 0xff00) | (n >> 16)) >>> 0;
}

// ---- showing ----

function showEmpty(message: string): void {
  page.empty.textContent = message;
  page.empty.hidden = false;
}

function setStatus(text: string, error = false): void {
  page.status.textContent = text;
  page.status.classList.toggle('error', error);
}

function describeResolution(h: TensorHeader): string {
  const w = h.window;
  const parts = [`${h.rows.toLocaleString('en-US')} × ${h.cols.toLocaleString('en-US')}`];
  if (w.stepRows > 1 || w.stepCols > 1) parts.push(`overview: blocks of ${w.stepRows} × ${w.stepCols} (min/max); zoom in for every element`);
  parts.push(`instruction ${h.instructions.toLocaleString('en-US')}`);
  const e = h.shadowError;
  if (e) parts.push('unavailable' in e ? e.unavailable : `error vs float64: max ${e.maxUlp === null ? '—' : e.maxUlp.toPrecision(3)} ulp over ${e.shadowed.toLocaleString('en-US')} shadowed elements`);
  return parts.join(' · ');
}

function showHeader(header: TensorHeader): void {
  const where = [header.memory && header.tensor ? `${header.memory.toUpperCase()} ${header.tensor}` : 'computed', header.frame ? `in ${header.frame}` : undefined].filter(Boolean).join(' ');
  page.title.textContent = `${header.dtype}[${header.shape.join(', ')}] · ${where}`;
  if (document.activeElement !== page.expression) page.expression.value = header.expression;
}

function showSide(header: TensorHeader): void {
  const s = header.statistics;
  const count = (li: HTMLElement, n: number | undefined) => {
    li.querySelector('.count')!.textContent = n === undefined ? '' : n.toLocaleString('en-US');
    li.classList.toggle('none', !n);
  };
  count(page.marks.nan, s?.nan);
  count(page.marks.posInf, s?.posInf);
  count(page.marks.negInf, s?.negInf);
  count(page.marks.unwritten, s?.unwritten);
  const changed = header.changed;
  page.changedItem.hidden = !changed;
  page.changedItem.querySelector('.count')!.textContent = !changed ? '' : 'count' in changed ? changed.count.toLocaleString('en-US') : 'unknown';
  page.changedItem.title = !changed ? '' : 'count' in changed
    ? `written by instructions ${changed.from.toLocaleString('en-US')} to ${(changed.to - 1).toLocaleString('en-US')}${changed.partial ? ` (the history reaches back to ${changed.partial.since} only)` : ''}` : changed.unavailable;
  page.differsItem.hidden = !header.compare;
  page.differsItem.querySelector('.count')!.textContent = header.compare && header.compare.differing >= 0 ? header.compare.differing.toLocaleString('en-US') : '';
  page.stats.replaceChildren();
  if (s) {
    for (const [k, v] of [
      ['elements', s.elements.toLocaleString('en-US')], ['min', num(s.min)], ['max', num(s.max)], ['mean', num(s.mean)], ['zeros', s.zero.toLocaleString('en-US')],
    ] as const) page.stats.append(h('dt', {}, k), h('dd', {}, v));
  }
  drawHistogram(page.histogram, header.histogram, scale, cssVar('--vscode-foreground', '#cccccc'));
  page.histogramCounts.textContent = s ? `NaN ${s.nan} · Inf ${s.posInf + s.negInf} · zero ${s.zero} · never written ${s.unwritten}` : '';
  showVerdict(header);
}

function num(x: number | null): string {
  return x === null ? '—' : exactText(x, 'f64').replace(/(\.\d{6})\d+/, '$1');
}

function showVerdict(header: TensorHeader): void {
  const c = header.compare;
  page.verdict.hidden = !c;
  page.verdict.replaceChildren();
  if (!c) return;
  const n = header.rows * header.cols;
  const line = (text: string, cls = '') => page.verdict.appendChild(h('div', cls ? { class: cls } : {}, text));
  line(`compared with ${c.reference} (${COMPARE_METRICS[c.metric].legend})`);
  if (c.differing < 0) return;
  line(c.allclose ? `allclose: yes (atol ${c.atol}, rtol ${c.rtol})` : `allclose: no — ${c.differing.toLocaleString('en-US')} of ${n.toLocaleString('en-US')} elements differ (atol ${c.atol}, rtol ${c.rtol})`, c.allclose ? 'ok' : 'bad');
  line(`unequal: ${c.unequal.toLocaleString('en-US')} · max |a − b| ${num(c.maxAbs)} · max rel ${num(c.maxRel)} · max ulps ${num(c.maxUlp)}`);
  if (c.first >= 0) line(`first divergence at [${Math.floor(c.first / header.cols)}, ${c.first % header.cols}]`);
}

function drawLegend(): void {
  const canvas = page.legendBar;
  const width = canvas.clientWidth || 200;
  canvas.width = width;
  canvas.height = 12;
  const ctx = canvas.getContext('2d')!;
  if (!scale) return;
  for (let x = 0; x < width; x++) {
    ctx.fillStyle = cssOf(scale.table[Math.floor((x / width) * TABLE_SIZE)]);
    ctx.fillRect(x, 0, 1, 12);
  }
  page.legendMin.textContent = num(scale.lo);
  page.legendMax.textContent = num(scale.hi);
  page.legendBar.title = `${scale.kind} scale`;
}

/** One slider per leading dimension of a value of rank above 2. */
function showSlices(header: TensorHeader): void {
  const lead = header.shape.slice(0, Math.max(0, header.shape.length - 2));
  if (page.slices.childElementCount === lead.length && [...page.slices.querySelectorAll('input')].every((i, d) => i.max === String(lead[d] - 1))) {
    page.slices.querySelectorAll('input').forEach((i, d) => (i.value = String(header.slice[d] ?? 0)));
    return;
  }
  page.slices.replaceChildren();
  lead.forEach((size, d) => {
    const label = h('label', { class: 'slice' });
    const input = h('input', { type: 'range', min: '0', max: String(size - 1), value: String(header.slice[d] ?? 0), 'aria-label': `index of dimension ${d}` });
    const value = h('span', {}, `[${d}] = ${header.slice[d] ?? 0}`);
    input.addEventListener('input', () => {
      value.textContent = `[${d}] = ${input.value}`;
      state.slice[d] = Number(input.value);
      scheduleRefresh();
    });
    label.append(value, input);
    page.slices.appendChild(label);
  });
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
function scheduleRefresh(): void {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    refreshTimer = undefined;
    refresh();
  }, 60);
}

// ---- the hover and the cursor ----

/** What the status line says about an element (or a block of an overview). */
function describeElement(row: number, col: number): string {
  const cell = heatmap.cellOf(row, col);
  if (!cell || !region) return '';
  const shown = cell.layer === detail?.layer ? detail : region;
  const h = shown.header;
  const i = cell.index;
  const l = cell.layer;
  const index = [...h.slice, ...(h.shape.length >= 2 ? [row] : []), ...(h.shape.length >= 1 ? [col] : [])];
  const type = shown.values instanceof Float32Array ? 'f32' : 'f64';
  const f = shown.flags[i];
  if (l.stepRows > 1 || l.stepCols > 1) {
    const r0 = l.row + Math.floor((row - l.row) / l.stepRows) * l.stepRows;
    const c0 = l.col + Math.floor((col - l.col) / l.stepCols) * l.stepCols;
    const lo = shown.low?.[i];
    const flags = flagText(f);
    return `[${r0}..${Math.min(r0 + l.stepRows, h.rows) - 1}, ${c0}..${Math.min(c0 + l.stepCols, h.cols) - 1}] block: min ${lo === undefined || lo !== lo ? '—' : exactText(lo, type)} max ${shown.values[i] !== shown.values[i] ? '—' : exactText(shown.values[i], type)}${flags ? ` · ${flags}` : ''}`;
  }
  const v = shown.values[i];
  const parts = [`${h.expression}[${index.join(', ')}] = ${f & FLAG.allUnwritten ? 'never written' : exactText(v, type)}`];
  // Comparing, what the comparison says comes first: the bits are the longest part and the least asked for.
  if (shown.reference) parts.push(`reference ${exactText(shown.reference[i], shown.reference instanceof Float32Array ? 'f32' : 'f64')}`);
  if (shown.metric) parts.push(`${COMPARE_METRICS[h.compare?.metric ?? 'abs'].short} ${exactText(shown.metric[i], 'f32')}`);
  if (shown.error) parts.push(Number.isNaN(shown.error[i]) ? 'no shadow' : `error vs float64 ${Number(shown.error[i].toPrecision(4))} ulp`);
  const flags = flagText(f);
  if (flags) parts.push(flags);
  if (!(f & FLAG.allUnwritten)) parts.push(`${h.dtype} ${dtypeBits(v, h.dtype)}`);
  return parts.join(' · ');
}

function flagText(f: number): string {
  const out: string[] = [];
  if (f & FLAG.differs) out.push('not close');
  if (f & FLAG.changed) out.push('changed since the last stop');
  if (f & FLAG.unwritten && !(f & FLAG.allUnwritten)) out.push('some never written');
  return out.join(' · ');
}

function showCursor(): void {
  const c = heatmap.cursor;
  page.hover.textContent = c ? describeElement(c.row, c.col) : '';
}

// ---- copying ----

function selectionOrCursor(): Rect | undefined {
  if (heatmap.selection) return heatmap.selection;
  const c = heatmap.cursor;
  return c ? { row: c.row, col: c.col, rows: 1, cols: 1 } : undefined;
}

function copyPattern(): void {
  const s = selectionOrCursor();
  if (!s || !region) return setStatus('select a rectangle first (Shift+drag), or click an element');
  const h = region.header;
  post({ type: 'copy', text: patternText(h.expression, h.pattern, h.slice, h.shape.length, s) });
}

function copyNumpy(): void {
  const s = selectionOrCursor();
  if (!s || !region) return setStatus('select a rectangle first (Shift+drag), or click an element');
  if (s.rows * s.cols > MAX_COPY) return setStatus(`the selection has ${s.rows * s.cols} elements; a NumPy literal is copied up to ${MAX_COPY}`, true);
  const full = [detail, region].find((x) => x && x.layer.stepRows === 1 && x.layer.stepCols === 1 && covers(x.layer, s));
  if (full) return copyNumpyOf(full, s);
  copySeq = request('copy', s, MAX_COPY);
  pendingCopy = s;
}

let pendingCopy: Rect | undefined;

function covers(l: Layer, s: Rect): boolean {
  return l.row <= s.row && l.col <= s.col && l.row + l.rows >= s.row + s.rows && l.col + l.cols >= s.col + s.cols;
}

function copyNumpyOf(shown: Shown, s: Rect | undefined = pendingCopy): void {
  if (!s) return;
  const l = shown.layer;
  const rows: number[][] = [];
  for (let r = s.row; r < s.row + s.rows; r++) {
    const row: number[] = [];
    for (let c = s.col; c < s.col + s.cols; c++) {
      const i = (r - l.row) * l.cols + (c - l.col);
      row.push(shown.flags[i] & FLAG.allUnwritten ? 0 : shown.values[i]);
    }
    rows.push(row);
  }
  post({ type: 'copy', text: numpyLiteral(rows, shown.header.dtype, shown.values instanceof Float32Array ? 'f32' : 'f64') });
}

// ---- comparing ----

function compareSettings(): CompareSettings | undefined {
  const text = page.reference.value.trim();
  if (!text) return undefined;
  const atol = Number(page.atol.value);
  const rtol = Number(page.rtol.value);
  if (!(atol >= 0) || !(rtol >= 0)) {
    setStatus('atol and rtol are numbers of 0 or more', true);
    return undefined;
  }
  const metric = page.metric.value as CompareSettings['metric'];
  return /\.npy$/i.test(text) ? { file: text, metric, atol, rtol } : { expression: text, metric, atol, rtol };
}

function startCompare(): void {
  const c = compareSettings();
  if (!c) return;
  state.compare = c;
  save();
  refresh();
}

function goToDivergence(first: boolean): void {
  if (!state.expression || !state.compare) return setStatus('compare with a reference first', true);
  const c = heatmap.cursor;
  const cols = heatmap.regionSize.cols;
  const from = first || !c ? 0 : c.row * cols + c.col + 1;
  post({ type: 'divergence', expression: state.expression, slice: state.slice, compare: state.compare, from });
}

function divergenceFound(d: Divergence): void {
  if (d.position < 0) {
    setStatus(heatmap.cursor ? 'no element after the cursor differs (First divergence starts again)' : 'no element differs');
    return;
  }
  heatmap.selection = undefined;
  heatmap.reveal(d.row, d.col);
  page.canvas.focus();
  const type = region?.values instanceof Float64Array ? 'f64' : 'f32';
  setStatus(`divergence at [${d.row}, ${d.col}]: ${d.value === null || d.value === undefined ? 'nan or never written' : exactText(d.value, type)} vs ${d.reference === null || d.reference === undefined ? 'nan' : exactText(d.reference, 'f64')}`);
  showCursor();
}

// ---- the memory map ----

function showMemory(map: MemoryMap): void {
  memoryView.draw(map);
  page.memoryTitle.textContent = `core ${map.core}: SBUF ${map.sbuf.used.toLocaleString('en-US')} of ${map.sbuf.bytes.toLocaleString('en-US')} bytes per partition in use · PSUM ${map.psum.used.toLocaleString('en-US')} of ${map.psum.bytes.toLocaleString('en-US')} (${map.psum.banks} banks of ${map.psum.bankBytes})${map.selected ? ` · ${state.expression}: partitions ${map.selected.p0}..${map.selected.p1 - 1}, bytes ${map.selected.b0}..${map.selected.b1 - 1} of ${map.selected.memory.toUpperCase()}` : map.selectedNote ? ` · ${map.selectedNote}` : ''}`;
  page.memoryLabels.replaceChildren();
  for (const band of memoryView.layout) {
    const label = h('div', { class: 'band-label' }, `${band.memory.toUpperCase()} · 128 partitions × bytes 0..${band.span.toLocaleString('en-US')}${band.memory === 'psum' ? ' · dashed: bank borders' : ''}`);
    label.style.top = `${band.y - 16 + page.memoryCanvas.offsetTop}px`;
    page.memoryLabels.appendChild(label);
  }
  const table = page.memoryTable;
  table.replaceChildren();
  const head = h('tr');
  for (const t of ['name', 'memory', 'dtype[shape]', 'owner', 'partitions', 'bytes']) head.appendChild(h('th', {}, t));
  table.appendChild(head);
  for (const a of map.allocations) {
    const tr = h('tr', a.visible ? { class: 'visible' } : {});
    for (const t of [a.name, a.memory.toUpperCase(), `${a.dtype}[${a.shape.join(', ')}]`, a.owner, `0..${a.partitions - 1}`, `${a.offset}..${a.offset + a.bytes - 1}`]) tr.appendChild(h('td', {}, t));
    table.appendChild(tr);
  }
}

function selectTab(tab: 'heatmap' | 'memory'): void {
  state.tab = tab;
  save();
  page.heatmapTab.setAttribute('aria-selected', String(tab === 'heatmap'));
  page.memoryTab.setAttribute('aria-selected', String(tab === 'memory'));
  page.body.hidden = tab !== 'heatmap';
  page.controls.hidden = tab !== 'heatmap';
  page.compareBar.hidden = tab !== 'heatmap';
  page.memory.hidden = tab !== 'memory';
  if (tab === 'memory') post({ type: 'memoryMap', expression: state.expression });
  else layout();
}

// ---- messages ----

function onMessage(m: ToTensorView): void {
  switch (m.type) {
    case 'idle':
      showEmpty(m.message);
      document.body.classList.remove('running');
      return;
    case 'running':
      document.body.classList.add('running');
      setStatus('running… the picture is of the last stop');
      return;
    case 'stopped':
      refresh();
      return;
    case 'show':
      if (m.expression !== state.expression) {
        state.expression = m.expression;
        state.slice = [];
        state.compare = undefined;
        page.reference.value = '';
        heatmap.cursor = undefined;
        heatmap.selection = undefined;
        save();
      }
      page.expression.value = m.expression;
      refresh();
      return;
    case 'tensor':
      received(m.header, m.buffers, m.purpose, m.seq);
      return;
    case 'divergence':
      divergenceFound(m.divergence);
      return;
    case 'memoryMap':
      showMemory(m.map);
      return;
    case 'reference':
      page.reference.value = m.file;
      startCompare();
      return;
    case 'note':
      setStatus(m.text);
      return;
    case 'error':
      if (m.seq !== undefined && m.seq !== regionSeq && m.seq !== windowSeq && m.seq !== copySeq) return;
      if (m.seq === regionSeq || m.seq === undefined) setStatus(m.message, true);
      if (m.seq === regionSeq && !region) showEmpty(m.message);
  }
}

window.addEventListener('message', (e: MessageEvent) => {
  if (isToTensorView(e.data)) onMessage(e.data);
});

// ---- wiring ----

function layout(): void {
  const r = page.stage.getBoundingClientRect();
  heatmap.resize(r.width, r.height);
  drawLegend();
  if (region) drawHistogram(page.histogram, region.header.histogram, scale, cssVar('--vscode-foreground', '#cccccc'));
}

heatmap.onDrawn = windowNeeded;
new ResizeObserver(layout).observe(page.stage);
new MutationObserver(() => {
  // VS Code changes the body's class with the theme.
  themeChanged();
  updateScale();
  if (region) heatmap.setMarks(marksOf(region.header));
}).observe(document.body, { attributes: true, attributeFilter: ['class'] });

attachInput(page.canvas, heatmap, {
  hover: (row, col) => {
    page.hover.textContent = row === undefined ? (heatmap.cursor ? describeElement(heatmap.cursor.row, heatmap.cursor.col) : '') : describeElement(row, col!);
  },
  cursorMoved: showCursor,
  selecting: (row, col, done) => {
    if (!selectionStart || done === 'start') selectionStart = { row, col };
    const s = selectionStart;
    heatmap.selection = { row: Math.min(s.row, row), col: Math.min(s.col, col), rows: Math.abs(row - s.row) + 1, cols: Math.abs(col - s.col) + 1 };
    heatmap.request();
    if (done === 'end') {
      const sel = heatmap.selection;
      setStatus(`selected [${sel.row}:${sel.row + sel.rows}, ${sel.col}:${sel.col + sel.cols}] (${(sel.rows * sel.cols).toLocaleString('en-US')} elements): Copy pattern or Copy NumPy`);
    }
  },
  copy: copyPattern,
  next: () => goToDivergence(false),
});

page.expression.addEventListener('keydown', (e) => {
  if (e.key !== 'Enter') return;
  const text = page.expression.value.trim();
  if (!text) return;
  onMessage({ type: 'show', expression: text });
});
page.scale.value = state.scale;
page.scale.addEventListener('change', () => {
  state.scale = page.scale.value as ScaleChoice;
  save();
  updateScale();
  if (region) drawHistogram(page.histogram, region.header.histogram, scale, cssVar('--vscode-foreground', '#cccccc'));
});
page.changed.checked = state.changed;
page.changed.addEventListener('change', () => {
  state.changed = page.changed.checked;
  save();
  refresh();
});
page.errorLayer.checked = state.error;
page.errorLayer.addEventListener('change', () => {
  state.error = page.errorLayer.checked;
  save();
  refresh();
});
page.fit.addEventListener('click', () => heatmap.fit());
page.copyPattern.addEventListener('click', copyPattern);
page.copyNumpy.addEventListener('click', copyNumpy);
page.compare.addEventListener('click', startCompare);
page.reference.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') startCompare();
});
page.browse.addEventListener('click', () => post({ type: 'pickReference' }));
page.clear.addEventListener('click', () => {
  state.compare = undefined;
  save();
  refresh();
});
page.first.addEventListener('click', () => goToDivergence(true));
page.next.addEventListener('click', () => goToDivergence(false));
page.heatmapTab.addEventListener('click', () => selectTab('heatmap'));
page.memoryTab.addEventListener('click', () => selectTab('memory'));
page.memoryCanvas.addEventListener('pointermove', (e) => {
  const r = page.memoryCanvas.getBoundingClientRect();
  const a = memoryView.allocationAt(e.clientX - r.left, e.clientY - r.top);
  page.memoryTip.textContent = a ? `${a.name}: ${a.memory.toUpperCase()} ${a.dtype}[${a.shape.join(', ')}] of ${a.owner} · partitions 0..${a.partitions - 1} · bytes ${a.offset}..${a.offset + a.bytes - 1}` : '';
});
if (state.compare) page.reference.value = state.compare.file ?? state.compare.expression ?? '';
if (state.compare) page.metric.value = state.compare.metric;
if (state.expression) page.expression.value = state.expression;
selectTab(state.tab);
post({ type: 'ready' });
