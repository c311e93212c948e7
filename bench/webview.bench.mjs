// The graph view's speed in Chromium: layout and first render of generated graphs of 200, 2,000 and 5,000
// nodes (nested loops, memory and register edges), and of a compiled model of 50,000 instructions; how smoothly
// they pan and zoom; and, on the model, how long it takes to find a node in a part not loaded yet.
// The page is dist/webview.js (node esbuild.mjs) served from a temporary folder with a stand-in for VS Code's
// webview API; graphs arrive as the panel would post them.
//
//   node bench/webview.bench.mjs [--sizes 200,2000,5000,50000] [--json FILE] [--shots DIR]
//
// Reported per size: `first` ms from the graph's message until a drawing is on screen (for a large graph: its
// levels placed at once), `elk` ms until ELK's layout (run in a Web Worker) is drawn, `render` ms of drawing it,
// `shown` how many boxes that drawing has, and the frame intervals while panning and zooming (p50 and p95 ms;
// 16.7 is every frame at 60 Hz, 33.3 is 30 frames per second), near (as first shown) and at Fit.
//
// The model (50000): bench/graph.bench.ts's generated program (tiled matmuls, chains of elementwise work, loops,
// branches, calls of small and large functions) checked and run through the passes inline and fuse by the engine;
// the graph of main after them, answered in parts as the engine answers a graph over 10,000 nodes, with the stop's
// node revealed (engine/graph/hierarchy.ts). The bench plays the panel: it answers the page's `expand` and `find`
// requests with the engine's functions. `find_ms`: from Enter in the search box, for a node in a part not loaded,
// until that node has the focus (the search, the part loaded, laid out and drawn).
import { execFileSync } from 'child_process';
import { createRequire } from 'module';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath } from 'url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const sizes = arg('--sizes', '200,2000,5000,50000').split(',').map(Number);
/** Sizes from this one on are the compiled model, answered in parts. */
const MODEL_FROM = 10001;

/** The engine's functions the bench needs, bundled by esbuild from the TypeScript sources. */
async function engine() {
  const esbuild = await import('esbuild');
  const out = path.join(os.tmpdir(), `bir-webview-bench-engine-${process.pid}.cjs`);
  await esbuild.build({
    stdin: {
      contents: `
        export { generate } from './bench/graph.bench';
        export { checkProgram } from './engine/lang/check/checker';
        export { buildProgramGraphs } from './engine/graph/build';
        export { runPipeline } from './engine/passes/pipeline';
        export { expandGraph, findNodes } from './engine/graph/hierarchy';`,
      resolveDir: root, loader: 'ts', sourcefile: 'bench-engine.ts',
    },
    bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: out, logLevel: 'warning',
  });
  const mod = createRequire(import.meta.url)(out);
  rmSync(out, { force: true });
  return mod;
}

/** The compiled model: main of the generated program after inline and fuse, with a stop at a node in its middle. */
function model(e, target) {
  const text = e.generate(target);
  const r = e.checkProgram('/bench/model.bir', { host: { readText: () => text, exists: () => true } });
  if (!r.program) throw new Error('the generated program does not check');
  const snaps = e.runPipeline(r.program, ['inline', 'fuse']);
  const g = e.buildProgramGraphs(snaps[snaps.length - 1].program).find((x) => x.function.endsWith('::main'));
  const stop = g.nodes.filter((n) => n.kind === 'instr')[Math.floor(g.nodes.length * 0.6)];
  const order = new Map(g.nodes.map((n, i) => [n.id, i]));
  const at = order.get(stop.id);
  /** The answer of bir/graph with these ids open (states as a stop there has them). */
  const answer = (ids) => {
    const part = e.expandGraph(g, ids);
    const nodes = part.nodes.map((n) => ({ ...n, state: n.id === stop.id ? 'current' : order.get(n.id) < at ? 'run' : 'not-run' }));
    return { function: part.function, frame: 'main', nodes, regions: part.regions, edges: part.edges, total: part.total, pipeline: { index: 2, pass: 'fuse' } };
  };
  return { g, stop, answer };
}
const jsonFile = arg('--json');
const shots = arg('--shots');

/** A function like real kernels: instructions in nested loops, mostly local dataflow, a few long edges. */
function generate(n, seed = 1) {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
  const engines = ['PE', 'ACT', 'DVE', 'POOL', 'DMA', 'SP'];
  const ops = { PE: 'MatMult', ACT: 'Activation', DVE: 'TensorTensor', POOL: 'Iota', DMA: 'DmaCopy', SP: 'Print' };
  const nodes = [];
  const regions = [];
  const edges = [];
  const stack = [];
  const loads = [];
  const span = (line, col) => ({ file: '/bench/gen.bir', line, col, endLine: line, endCol: col + 30 });
  for (let i = 0; i < n; i++) {
    const line = i + 10;
    const top = stack[stack.length - 1];
    const region = top?.id;
    if (i > 8 && rnd() < 0.05 && stack.length < 4) {
      const id = `gen::main@${line}:3`;
      const label = `for r${stack.length} in 0..4`;
      nodes.push({ id, kind: 'for', opcode: 'for', engine: 'SP', label, span: span(line, 3), region, state: 'run' });
      regions.push({ id: `${id}/loop`, kind: 'loop', label, owner: id, parent: region });
      stack.push({ id: `${id}/loop`, owner: id, reg: `r${stack.length}`, left: 5 + Math.floor(rnd() * 30) });
      continue;
    }
    const e = i < 4 ? 'DMA' : engines[Math.floor(rnd() * engines.length)];
    const id = `gen::main@${line}:5`;
    const state = i < n / 2 ? 'run' : i === Math.floor(n / 2) ? 'current' : 'not-run';
    nodes.push({ id, kind: 'instr', opcode: ops[e], engine: e, label: `${ops[e]} t${i} <- t${Math.max(0, i - 1)}, w${i % 4}`, span: span(line, 5), region, state, ...(state === 'run' ? { value: `f32[128, 64] min -1 max ${i}` } : {}) });
    if (i < 4) {
      loads.push(id);
      continue;
    }
    const prev = nodes.slice(-8, -1).filter((x) => x.kind === 'instr');
    if (prev.length) edges.push({ from: prev[prev.length - 1].id, to: id, kind: 'memory', label: `t${i - 1}[0:128, 0:64]` });
    if (prev.length > 2 && rnd() < 0.3) edges.push({ from: prev[Math.floor(rnd() * (prev.length - 1))].id, to: id, kind: 'memory', label: `t${i - 3}[0:128, 64:128]` });
    if (rnd() < 0.03) edges.push({ from: loads[i % loads.length], to: id, kind: 'memory', label: `w${i % 4}` });
    if (top && rnd() < 0.2) edges.push({ from: top.owner, to: id, kind: 'register', label: top.reg });
    if (top && --top.left <= 0) stack.pop();
  }
  return { function: 'gen::main', frame: 'main', nodes, regions, edges };
}

/** A dark theme's variables, as VS Code sets them on a webview's <html>. */
const THEME = `
:root {
  --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px; --vscode-editor-font-family: monospace;
  --vscode-editor-background: #1e1e1e; --vscode-editor-foreground: #d4d4d4; --vscode-foreground: #cccccc;
  --vscode-descriptionForeground: #9d9d9d; --vscode-focusBorder: #0078d4; --vscode-panel-border: #2b2b2b;
  --vscode-charts-blue: #3794ff; --vscode-charts-orange: #d18616; --vscode-charts-green: #89d185; --vscode-charts-purple: #b180d7;
  --vscode-charts-yellow: #cca700; --vscode-charts-red: #f14c4c; --vscode-charts-foreground: #cccccc; --vscode-charts-lines: #cccccc80;
  --vscode-editor-stackFrameHighlightBackground: #ffff0033; --vscode-debugIcon-breakpointCurrentStackframeForeground: #ffcc00;
  --vscode-debugIcon-breakpointForeground: #e51400; --vscode-list-activeSelectionBackground: #04395e; --vscode-list-hoverBackground: #2a2d2e;
  --vscode-button-secondaryBackground: #313131; --vscode-button-secondaryForeground: #cccccc; --vscode-editorHoverWidget-background: #252526;
  --vscode-editorHoverWidget-border: #454545; --vscode-menu-background: #1f1f1f; --vscode-sideBar-background: #181818;
}`;

function page(dir) {
  writeFileSync(path.join(dir, 'index.html'), `<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>${THEME}</style><link rel="stylesheet" href="webview.css"></head>
<body class="vscode-dark">
<script>
  window.__posted = [];
  window.acquireVsCodeApi = () => ({ postMessage: (m) => { window.__posted.push(m); window.__birHost?.(m); }, getState: () => undefined, setState: () => undefined });
  window.__events = [];
  document.addEventListener('bir-graph-rendered', (e) => window.__events.push({ ...e.detail, at: performance.now() }));
</script>
<script src="webview.js"></script>
</body></html>`);
  copyFileSync(path.join(root, 'dist', 'webview.js'), path.join(dir, 'webview.js'));
  copyFileSync(path.join(root, 'dist', 'webview.css'), path.join(dir, 'webview.css'));
}

function serve(dir) {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
    res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
}

/**
 * Frame intervals (ms) while panning (synthetic pointer drags) or zooming (wheel events at the centre): one
 * input per frame, the time from one painted frame to the next. 16.7 ms is every frame at 60 Hz.
 */
async function frames(page, kind) {
  const d = await page.evaluate(async (kind) => {
    const svg = document.querySelector('main.canvas');
    const r = svg.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const frame = () => new Promise((res) => requestAnimationFrame(() => res(performance.now())));
    const pointer = (type, x, y) => svg.dispatchEvent(new PointerEvent(type, { pointerId: 7, bubbles: true, clientX: x, clientY: y, button: 0, buttons: 1, isPrimary: true }));
    const out = [];
    if (kind === 'pan') pointer('pointerdown', cx, cy);
    let prev = await frame();
    for (let i = 1; i <= 60; i++) {
      if (kind === 'pan') pointer('pointermove', cx + 200 * Math.sin(i / 10), cy - 4 * i);
      else svg.dispatchEvent(new WheelEvent('wheel', { deltaY: i <= 30 ? 50 : -50, clientX: cx, clientY: cy, bubbles: true, cancelable: true }));
      const t = await frame();
      out.push(t - prev);
      prev = t;
    }
    if (kind === 'pan') pointer('pointerup', cx, cy - 240);
    return out;
  }, kind);
  return { p50: quantile(d, 0.5), p95: quantile(d, 0.95) };
}

async function main() {
  if (!existsSync(path.join(root, 'dist', 'webview.js'))) execFileSync(process.execPath, [path.join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bir-webview-bench-'));
  page(dir);
  const server = await serve(dir);
  const url = `http://127.0.0.1:${server.address().port}/index.html`;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  });
  const results = {};
  const version = browser.version();
  const e = sizes.some((n) => n >= MODEL_FROM) ? await engine() : undefined;
  try {
    for (const n of sizes) {
      const p = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      p.on('pageerror', (err) => console.error(`page error: ${err.message}`));
      // The panel: the page's requests come here (the model's expand and find are answered by the engine).
      let host = () => undefined;
      await p.exposeFunction('__birHost', (req) => host(req));
      await p.goto(url);
      await p.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
      const m = n >= MODEL_FROM ? model(e, n) : undefined;
      const graph = m ? m.answer([m.stop.id]) : generate(n);
      const nodes = m ? m.g.nodes.length : n;
      const edges = m ? m.g.edges.length : graph.edges.length;
      // As the panel posts it: the graph as JSON text.
      await p.evaluate((json) => {
        window.__t0 = performance.now();
        window.postMessage({ type: 'graph', session: 'bench', json }, '*');
      }, JSON.stringify(graph));
      await p.waitForFunction(() => window.__events.some((e) => e.engine === 'elk') || document.body.dataset.layout === 'fallback' && /could not/.test(document.getElementById('status').textContent), undefined, { timeout: 30 * 60 * 1000, polling: 100 });
      const ev = await p.evaluate(() => window.__events.map((e) => ({ ...e, at: e.at - window.__t0 })));
      const first = ev[0];
      const elk = ev.find((x) => x.engine === 'elk');
      const r = { nodes, edges, first_ms: first.at, elk_ms: elk ? elk.at : NaN, render_ms: elk ? elk.renderMs : first.renderMs, shown: (elk ?? first).nodes };
      if (n >= 2000) {
        const pan = await frames(p, 'pan');
        const zoom = await frames(p, 'zoom');
        // Fit (the whole graph, in groups where nodes would not read), then panning and zooming again.
        await p.click('#fit');
        await p.waitForFunction(() => !/Laying out/.test(document.getElementById('status').textContent), undefined, { timeout: 120000, polling: 50 });
        const panFar = await frames(p, 'pan');
        const zoomFar = await frames(p, 'zoom');
        Object.assign(r, {
          pan_p50_ms: pan.p50, pan_p95_ms: pan.p95, zoom_p50_ms: zoom.p50, zoom_p95_ms: zoom.p95,
          pan_fit_p50_ms: panFar.p50, pan_fit_p95_ms: panFar.p95, zoom_fit_p50_ms: zoomFar.p50, zoom_fit_p95_ms: zoomFar.p95,
        });
      }
      if (m) {
        // Find a node far from the stop (in a part not loaded): the page asks the panel to search, then to open it.
        const target = m.g.nodes.filter((x) => x.kind === 'instr')[Math.floor(m.g.nodes.length * 0.05)];
        const opened = [m.stop.id];
        host = async (req) => {
          if (req.type === 'find') {
            const f = e.findNodes(m.g, req.query);
            await p.evaluate((msg) => window.postMessage(msg, '*'), { type: 'found', session: 'bench', selection: req.selection, query: req.query, ids: f.ids, total: f.total });
          } else if (req.type === 'expand') {
            opened.push(...req.ids);
            await p.evaluate((json) => window.postMessage({ type: 'graph', session: 'bench', json }, '*'), JSON.stringify(m.answer(opened)));
          }
        };
        await p.fill('#find', `L${target.span.line}`);
        const t0 = Date.now();
        await p.press('#find', 'Enter');
        await p.waitForFunction((id) => document.getElementById('focus-node')?.dataset.nodeId === id && document.activeElement?.id === 'focus-node', target.id, { timeout: 120000, polling: 'raf' });
        r.find_ms = Date.now() - t0;
      }
      if (shots) {
        mkdirSync(shots, { recursive: true });
        await p.screenshot({ path: path.join(shots, `webview-bench-${n}.png`) });
      }
      results[`graph ${n} nodes`] = r;
      await p.close();
    }
  } finally {
    await browser.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`# webview (Chromium ${version}, node ${process.version}, ${new Date().toISOString()})`);
  for (const [name, values] of Object.entries(results)) {
    console.log(`${name}: ${Object.entries(values).map(([k, v]) => `${k}=${Number.isInteger(v) ? v : Number(v).toPrecision(4)}`).join('  ')}`);
  }
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2));
}

if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM) {
  console.error('bench: Chromium is not installed: run .ci/install-system-packages');
  process.exit(1);
}
main().catch((e) => {
  console.error(e.stack ?? e);
  process.exit(1);
});
