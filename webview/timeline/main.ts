/**
 * The timeline view's page: the engine timeline of a program (one row per engine and DMA queue with work, each
 * instruction a bar coloured by opcode, the critical path end to end), pan and zoom (wheel, drag, keys), a hover that
 * says what an instruction waited for, a click that reveals its line (and in a stopped session goes there in time),
 * the debugger's stop marked, a bar's menu of quick edits (bar-menu.ts), and the what-if difference after an edit. Its data comes from its panel host
 * (messages.ts) as ArrayBuffers; what it shows is written to the body's dataset too, for tests and benchmarks.
 */
import './timeline.css';
import { h } from '../shared/dom';
import { acquirePanelApi } from '../shared/vscode-api';
import { BarMenu } from './bar-menu';
import { AXIS_HEIGHT, DrawStats, geometry, Geometry, Renderer } from './draw';
import { hoverText } from './hover';
import { FromTimelineView, isToTimelineView, MACHINES, PASSES, ToTimelineView } from './messages';
import { buildModel, fileOfInstruction, instructionAt, instructionOfTick, lineOfInstruction, lowerBound, Model } from './model';
import { buildPage } from './page';
import { showPosition, showSummary, showWhatIf } from './summary-view';
import { Viewport } from './viewport';

/** How far the pointer may move between press and release for a click. */
const CLICK_SLOP_PX = 4;
/** How many of the visible critical path's bars the dataset describes. */
const DESCRIBED_BARS = 12;
/** How many steps at each end of a long critical path the dataset names the lines of. */
const DESCRIBED_PATH = 1000;

const vscode = acquirePanelApi<FromTimelineView>();
const page = buildPage();
const renderer = new Renderer(page.canvas);
const view = new Viewport();
const saved = (vscode.getState() ?? {}) as { machine?: string };
if (saved.machine && (MACHINES as readonly string[]).includes(saved.machine)) page.machine.value = saved.machine;

const menu = new BarMenu(page.menu, post, () => page.canvas.focus());
let model: Model | undefined;
let g: Geometry = geometry(1, 100);
let stop: { state: 'stopped' | 'running' | 'none'; instructions?: number } = { state: 'none' };
let current = -1;
let hovered = -1;
let frame = 0;
let frames = 0;

function post(m: FromTimelineView): void {
  vscode.postMessage(m);
}

function setIdle(message: string): void {
  model = undefined;
  document.body.dataset.state = 'idle';
  page.empty.textContent = message;
  page.empty.hidden = false;
  page.stage.hidden = true;
  for (const e of [page.summary, page.utilisation, page.position, page.warnings, page.conflicts]) e.replaceChildren();
  showWhatIf(page, undefined);
}

function show(m: Model, title: string): void {
  model = m;
  page.title.textContent = title;
  page.machine.value = m.header.machine;
  page.empty.hidden = true;
  page.stage.hidden = false;
  page.status.textContent = '';
  showSummary(page, m);
  showWhatIf(page, m.header.whatIf);
  hovered = -1;
  layout();
  view.fit(m.header.total, stageWidth());
  locateStop();
  const d = document.body.dataset;
  d.state = 'timeline';
  d.machine = m.header.machine;
  d.program = m.header.program;
  d.instructions = String(m.count);
  d.total = String(m.header.total);
  d.lanes = m.lanes.map((l) => l.name).join('|');
  d.critical = String(m.critical.length);
  d.criticalLines = describedPath(m);
  if (m.header.whatIf) d.whatIfDelta = String(m.header.whatIf.delta);
  else delete d.whatIfDelta;
  redraw();
}

/**
 * The lines of the critical path, for tests: all of a short path, the first and the last DESCRIBED_PATH steps of a
 * long one (the 750,000 lines of a million instructions' path, joined, took a third of the first drawing).
 */
function describedPath(m: Model): string {
  const n = m.critical.length;
  const steps = n <= 2 * DESCRIBED_PATH ? [...m.critical] : [...m.critical.subarray(0, DESCRIBED_PATH), ...m.critical.subarray(n - DESCRIBED_PATH)];
  return steps.map((i) => lineOfInstruction(m, i)).join(',');
}

function stageWidth(): number {
  return Math.max(1, page.stage.clientWidth - page.labels.offsetWidth);
}

/** The canvas and the labels sized to the stage: one row per lane with work. */
function layout(): void {
  const width = stageWidth();
  const height = Math.max(60, page.stage.clientHeight);
  renderer.resize(width, height);
  page.canvas.style.left = `${page.labels.offsetWidth}px`;
  if (!model) return;
  g = geometry(model.lanes.length, height);
  page.labels.replaceChildren(...model.lanes.map((lane, row) => {
    const label = h('div', { class: 'lane-label', 'data-lane': lane.name }, lane.name);
    label.style.top = `${g.rowTop(row)}px`;
    label.style.height = `${g.rowHeight}px`;
    label.style.lineHeight = `${g.rowHeight}px`;
    label.style.fontSize = `${Math.min(11, g.rowHeight - 1)}px`;
    return label;
  }));
  page.labels.style.paddingTop = `${AXIS_HEIGHT}px`;
  view.resize(width);
}

function redraw(): void {
  if (frame) return;
  frame = requestAnimationFrame(() => {
    frame = 0;
    if (!model) return;
    const stats = renderer.draw(model, view, g, stop.state === 'stopped' ? { current, instructions: stop.instructions ?? 0 } : undefined, hovered);
    describe(model, stats);
  });
}

/** What the drawing shows, in the body's dataset. */
function describe(m: Model, stats: DrawStats): void {
  const d = document.body.dataset;
  d.frames = String(++frames);
  d.bars = String(stats.bars);
  d.criticalDrawn = String(stats.critical);
  d.drawMs = stats.ms.toFixed(2);
  d.t0 = String(view.t0);
  d.nsPerPx = String(view.nsPerPx);
  const bars = [];
  for (let k = lowerBound(m.criticalEnds, view.t0); k < m.critical.length && bars.length < DESCRIBED_BARS; k++) {
    const i = m.critical[k];
    if (m.start[i] > view.t1) break;
    const x = view.x(m.start[i]);
    bars.push({ instruction: i, line: lineOfInstruction(m, i), x, y: g.rowTop(m.rowOf[m.lane[i]]), w: Math.max(1, view.x(m.end[i]) - x), h: g.rowHeight });
  }
  d.criticalBars = JSON.stringify(bars);
  // For benchmarks: each drawing, when it ended and how long it took.
  document.dispatchEvent(new CustomEvent('bir-timeline-drawn', { detail: { ms: stats.ms, bars: stats.bars } }));
}

function locateStop(): void {
  current = model && stop.state === 'stopped' && stop.instructions !== undefined ? instructionOfTick(model, stop.instructions) : -1;
  const d = document.body.dataset;
  d.stop = stop.state;
  d.current = String(current);
  d.ran = model && stop.state === 'stopped' ? String(current < 0 ? model.count : current) : '';
  showPosition(page, model, stop.state, current, stop.instructions);
}

// ---- the pointer and the keys ----

/** The instruction under a point of the canvas, or -1. */
function pick(x: number, y: number): number {
  if (!model) return -1;
  const row = Math.floor((y - AXIS_HEIGHT) / g.rowHeight);
  if (row < 0 || row >= model.lanes.length) return -1;
  return instructionAt(model, model.lanes[row], view.time(x), 2 * view.nsPerPx);
}

function pointIn(e: MouseEvent): { x: number; y: number } {
  const r = page.canvas.getBoundingClientRect();
  return { x: e.clientX - r.left, y: e.clientY - r.top };
}

function hover(e: MouseEvent): void {
  if (!model || menu.isOpen) return;
  const { x, y } = pointIn(e);
  const i = pick(x, y);
  if (i !== hovered) {
    hovered = i;
    redraw();
  }
  if (i < 0) {
    page.tooltip.hidden = true;
    return;
  }
  const text = hoverText(model, i, stop.state === 'stopped' ? stop.instructions : undefined);
  page.tooltip.replaceChildren(h('strong', {}, text.title), ...text.lines.map((l) => h('div', {}, l)));
  page.tooltip.hidden = false;
  const stage = page.stage.getBoundingClientRect();
  const left = Math.min(e.clientX - stage.left + 14, stage.width - page.tooltip.offsetWidth - 4);
  const top = e.clientY - stage.top + 14 + page.tooltip.offsetHeight > stage.height ? e.clientY - stage.top - page.tooltip.offsetHeight - 8 : e.clientY - stage.top + 14;
  page.tooltip.style.left = `${Math.max(0, left)}px`;
  page.tooltip.style.top = `${Math.max(0, top)}px`;
  document.body.dataset.hovered = String(i);
}

function reveal(i: number): void {
  if (!model || i < 0) return;
  const site = model.site[i];
  document.body.dataset.clicked = String(i);
  post({ type: 'reveal', file: fileOfInstruction(model, i), line: model.siteLine[site], col: model.siteCol[site], instructions: model.tick[i] });
}

let drag: { x: number; startX: number; startY: number; moved: boolean } | undefined;

page.canvas.addEventListener('pointerdown', (e) => {
  page.canvas.focus();
  if (e.button !== 0) return;
  try {
    page.canvas.setPointerCapture(e.pointerId);
  } catch {
    // a pointer the browser does not know (a synthetic one) is followed without capture
  }
  drag = { x: e.clientX, startX: e.clientX, startY: e.clientY, moved: false };
});
page.canvas.addEventListener('pointermove', (e) => {
  if (drag) {
    if (Math.abs(e.clientX - drag.startX) + Math.abs(e.clientY - drag.startY) > CLICK_SLOP_PX) drag.moved = true;
    if (drag.moved) {
      view.pan(e.clientX - drag.x);
      drag.x = e.clientX;
      page.tooltip.hidden = true;
      redraw();
      return;
    }
  }
  hover(e);
});
page.canvas.addEventListener('pointerup', (e) => {
  const was = drag;
  drag = undefined;
  if (was && !was.moved) {
    const { x, y } = pointIn(e);
    reveal(pick(x, y));
  }
});
page.canvas.addEventListener('contextmenu', (e) => {
  e.preventDefault();
  const { x, y } = pointIn(e);
  const i = pick(x, y);
  if (i >= 0 && model) openMenu(model, i, e.clientX, e.clientY);
});

function openMenu(m: Model, i: number, x: number, y: number): void {
  page.tooltip.hidden = true;
  menu.open(m, i, x, y);
}

/** The menu of the instruction under the pointer (or the stopped one) from the keyboard, at its bar. */
function openMenuAtBar(): void {
  const i = hovered >= 0 ? hovered : current;
  if (!model || i < 0) return;
  const r = page.canvas.getBoundingClientRect();
  const row = model.rowOf[model.lane[i]];
  openMenu(model, i, r.left + Math.max(0, view.x(model.start[i])), r.top + g.rowTop(row) + g.rowHeight);
}

page.canvas.addEventListener('pointerleave', () => {
  page.tooltip.hidden = true;
  if (hovered >= 0) {
    hovered = -1;
    redraw();
  }
});
page.canvas.addEventListener('wheel', (e) => {
  e.preventDefault();
  const { x } = pointIn(e);
  // A horizontal gesture (or Shift with the wheel) pans; the wheel zooms around the pointer.
  if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) view.pan(-(e.deltaX || e.deltaY));
  else view.zoom(Math.exp(-e.deltaY * 0.002), x);
  page.tooltip.hidden = true;
  redraw();
}, { passive: false });
page.canvas.addEventListener('keydown', (e) => {
  if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) {
    e.preventDefault();
    openMenuAtBar();
    return;
  }
  const w = view.width;
  const actions: Record<string, () => void> = {
    '+': () => view.zoom(1.5, w / 2), '=': () => view.zoom(1.5, w / 2), '-': () => view.zoom(1 / 1.5, w / 2),
    ArrowLeft: () => view.pan(w / 8), ArrowRight: () => view.pan(-w / 8),
    '0': () => model && view.fit(model.header.total, w), Home: () => model && view.fit(model.header.total, w),
    Enter: () => reveal(hovered >= 0 ? hovered : current),
  };
  const act = actions[e.key];
  if (!act) return;
  e.preventDefault();
  act();
  redraw();
});
page.fit.addEventListener('click', () => {
  if (model) view.fit(model.header.total, view.width);
  redraw();
});
page.compare.addEventListener('click', () => post({ type: 'compare' }));
page.conflicts.addEventListener('click', (e) => {
  const link = (e.target as Element).closest('[data-instruction]');
  if (link) reveal(Number(link.getAttribute('data-instruction')));
});
page.pass.addEventListener('change', () => {
  const pass = page.pass.value as (typeof PASSES)[number] | '';
  page.pass.value = '';
  if (pass) post({ type: 'pass', pass });
});
page.machine.addEventListener('change', () => {
  const machine = page.machine.value as (typeof MACHINES)[number];
  vscode.setState({ machine });
  post({ type: 'machine', machine });
});
new ResizeObserver(() => {
  layout();
  redraw();
}).observe(page.stage);

// ---- the host ----

window.addEventListener('message', (event: MessageEvent) => {
  const m: unknown = event.data;
  if (isToTimelineView(m)) receive(m);
});

function receive(m: ToTimelineView): void {
  switch (m.type) {
    case 'idle':
      setIdle(m.message);
      return;
    case 'busy':
      page.status.textContent = m.text;
      document.body.dataset.busy = 'true';
      return;
    case 'timeline':
      delete document.body.dataset.busy;
      show(buildModel(m.header, m.buffers), m.title);
      return;
    case 'position':
      stop = { state: m.state, instructions: m.instructions };
      locateStop();
      if (model && current >= 0) keepInView(model, current);
      redraw();
      return;
    case 'error':
      delete document.body.dataset.busy;
      page.status.textContent = m.message;
      document.body.dataset.error = m.message;
      return;
  }
}

/** A step that moves the stop off screen brings it back into view. */
function keepInView(m: Model, i: number): void {
  if (m.start[i] >= view.t0 && m.start[i] <= view.t1) return;
  view.pan(view.width / 2 - view.x(m.start[i]));
}

document.body.dataset.state = 'idle';
page.stage.hidden = true;
post({ type: 'ready' });
