// The timeline view's drawing in Chromium (issue 28: a million instructions drawn in at most 1 s, pan and zoom at
// 50 fps): the page is dist/timeline-view.js (node esbuild.mjs) served from a temporary folder with a stand-in for VS
// Code's webview API, and the answer is the engine's bir/timeline of about a million instructions
// (bench/timeline-view-data.ts: the pipelined kernel's stream scheduled by the engine), posted as the panel host posts
// it: the columns as transferred ArrayBuffers.
//
//   node bench/timeline-view.bench.mjs [--sizes 1000,1000000] [--json FILE] [--shot FILE.png]
//
// Reported: the engine's side (the schedule, the answer's columns in base64, its JSON's size, the host's decoding
// into buffers); `first` ms from the page's message until its first drawing ends (the lanes built from the columns,
// the layout, the drawing), and that drawing alone; then frame intervals (the time from one painted frame to the
// next, one input per frame; 20 ms is 50 fps, 16.7 every frame at 60 Hz) and the drawing's own time per frame, while
// panning with the pointer and zooming with the wheel, at Fit (every instruction in view) and zoomed in; each size in
// the same run, with the ratios of the largest to the smallest (the machine's load weighs on both alike).
import { execFileSync } from 'child_process';
import { createRequire } from 'module';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath } from 'url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const sizes = arg('--sizes', '1000,1000000').split(',').map(Number);
const jsonFile = arg('--json');
const shotFile = arg('--shot');

/** The engine's side, bundled by esbuild from the TypeScript sources. */
async function engine() {
  const esbuild = await import('esbuild');
  const out = path.join(os.tmpdir(), `bir-timeline-bench-engine-${process.pid}.cjs`);
  await esbuild.build({
    entryPoints: [path.join(root, 'bench', 'timeline-view-data.ts')],
    bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: out, logLevel: 'warning',
    // The engine's WebAssembly kernels, embedded as esbuild.mjs embeds them in every bundle that holds the engine.
    define: { BIR_KERNELS_WASM: JSON.stringify(readFileSync(path.join(root, 'dist', 'kernels.wasm')).toString('base64')) },
  });
  const mod = createRequire(import.meta.url)(out);
  rmSync(out, { force: true });
  return mod;
}

/** A dark theme's variables, as VS Code sets them on a webview's <html>. */
const THEME = `
:root {
  --vscode-font-family: system-ui, sans-serif; --vscode-font-size: 13px; --vscode-editor-background: #1e1e1e;
  --vscode-foreground: #cccccc; --vscode-descriptionForeground: #9d9d9d; --vscode-focusBorder: #0078d4;
  --vscode-panel-border: #2b2b2b; --vscode-charts-red: #f14c4c; --vscode-charts-blue: #3794ff; --vscode-charts-green: #89d185;
  --vscode-editorWidget-background: #252526; --vscode-debugIcon-breakpointCurrentStackframeForeground: #ffcc00;
  --vscode-editorHoverWidget-background: #252526; --vscode-editorHoverWidget-border: #454545;
}`;

function page(dir, answer) {
  writeFileSync(path.join(dir, 'index.html'), `<!DOCTYPE html>
<html><head><meta charset="utf-8"><style>${THEME}</style><link rel="stylesheet" href="timeline-view.css"></head>
<body class="vscode-dark">
<script>
  window.__posted = [];
  window.acquireVsCodeApi = () => ({ postMessage: (m) => window.__posted.push(m), getState: () => undefined, setState: () => undefined });
  window.__drawn = [];
  document.addEventListener('bir-timeline-drawn', (e) => window.__drawn.push({ ...e.detail, at: performance.now() }));
</script>
<script src="timeline-view.js"></script>
</body></html>`);
  copyFileSync(path.join(root, 'dist', 'timeline-view.js'), path.join(dir, 'timeline-view.js'));
  copyFileSync(path.join(root, 'dist', 'timeline-view.css'), path.join(dir, 'timeline-view.css'));
  writeFileSync(path.join(dir, 'answer.json'), JSON.stringify(answer));
}

function serve(dir) {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : file.endsWith('.json') ? 'application/json' : 'text/html';
    res.writeHead(200, { 'content-type': type }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
}

/** One input per frame for 60 frames (a pointer drag, or the wheel at the centre: in, then out); intervals and drawing times. */
async function frames(p, kind) {
  await p.evaluate(() => window.gc?.());
  const d = await p.evaluate(async (kind) => {
    const canvas = document.querySelector('canvas');
    const r = canvas.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const frame = () => new Promise((res) => requestAnimationFrame(() => requestAnimationFrame(() => res(performance.now()))));
    const pointer = (type, x, y) => canvas.dispatchEvent(new PointerEvent(type, { pointerId: 7, bubbles: true, clientX: x, clientY: y, button: 0, buttons: 1, isPrimary: true }));
    const intervals = [];
    const before = window.__drawn.length;
    if (kind === 'pan') pointer('pointerdown', cx, cy);
    let prev = await frame();
    for (let i = 1; i <= 60; i++) {
      if (kind === 'pan') pointer('pointermove', cx + 300 * Math.sin(i / 8), cy);
      else canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: i <= 30 ? -60 : 60, clientX: cx, clientY: cy, bubbles: true, cancelable: true }));
      const t = await frame();
      intervals.push(t - prev);
      prev = t;
    }
    if (kind === 'pan') pointer('pointerup', cx, cy);
    return { intervals, draws: window.__drawn.slice(before).map((x) => x.ms), bars: window.__drawn.slice(before).map((x) => x.bars) };
  }, kind);
  // Two animation frames per input: the interval is of the frame that shows the input's drawing.
  return { frameP50: quantile(d.intervals, 0.5) / 2, frameP95: quantile(d.intervals, 0.95) / 2, drawP50: quantile(d.draws, 0.5), drawP95: quantile(d.draws, 0.95), barsP50: quantile(d.bars, 0.5) };
}

/** The page's measures of one answer: its first drawing, then pan and zoom at Fit and zoomed in. */
async function measure(browser, answer) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bir-timeline-bench-'));
  page(dir, { header: answer.header, columns: answer.columns });
  const server = await serve(dir);
  try {
    const p = await browser.newPage({ viewport: { width: 1400, height: 800 } });
    p.on('pageerror', (err) => console.error(`page error: ${err.message}`));
    await p.goto(`http://127.0.0.1:${server.address().port}/index.html`);
    await p.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
    // The page receives buffers as the host posts them (decoded in the page here, before the clock starts).
    const first = await p.evaluate(async () => {
      const a = await (await fetch('answer.json')).json();
      const bytes = (s) => {
        const bin = atob(s);
        const u = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i);
        return u.buffer;
      };
      const buffers = Object.fromEntries(Object.entries(a.columns).map(([k, c]) => [k, bytes(c)]));
      const before = window.__drawn.length;
      const t = performance.now();
      window.postMessage({ type: 'timeline', header: a.header, buffers, title: 'bench' }, '*', Object.values(buffers));
      window.postMessage({ type: 'position', state: 'stopped', instructions: Math.floor(a.header.instructions * 0.6) }, '*');
      while (window.__drawn.length === before) await new Promise((r) => requestAnimationFrame(r));
      const d = window.__drawn[before];
      return { firstMs: d.at - t, drawMs: d.ms, bars: d.bars, lanes: document.body.dataset.lanes.split('|').length };
    });
    const panFit = await frames(p, 'pan');
    const zoomFit = await frames(p, 'zoom');
    const panFitAgain = await frames(p, 'pan');
    // Zoomed in 3 wheel notches (about 6 times: the bars still denser than the pixels), pan there; then 9 more (about
    // 1,000 times: a thousandth of the schedule in view), then pan and zoom there.
    const notches = (n) => p.evaluate((n) => {
      const canvas = document.querySelector('canvas');
      const r = canvas.getBoundingClientRect();
      for (let i = 0; i < n; i++) canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: -290, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true }));
    }, n);
    await notches(3);
    const panMid = await frames(p, 'pan');
    await notches(9);
    const panIn = await frames(p, 'pan');
    const zoomIn = await frames(p, 'zoom');
    if (shotFile && answer.instructions > 100000) await p.screenshot({ path: shotFile });
    await p.close();
    return {
      instructions: answer.instructions, lanes: first.lanes, scheduleMs: answer.scheduleMs, encodeMs: answer.encodeMs, jsonMB: answer.jsonMB, hostDecodeMs: answer.hostDecodeMs,
      firstMs: first.firstMs, firstDrawMs: first.drawMs, firstBars: first.bars, panFit, zoomFit, panFitAgain, panMid, panIn, zoomIn,
    };
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(path.join(root, 'dist', 'timeline-view.js'))) execFileSync(process.execPath, [path.join(root, 'esbuild.mjs')], { cwd: root, stdio: 'inherit' });
  const e = await engine();
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    // gc(): each measure starts after a full collection (the bench's own decoding of the answer leaves 100s of MB).
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage', '--js-flags=--expose-gc'],
  });
  const results = {};
  try {
    for (const n of sizes) results[n] = await measure(browser, e.timelineAnswer(n));
    // The same frames at the small size and the large one, in one run: what the level of detail leaves of the count.
    const [small, large] = [sizes[0], sizes[sizes.length - 1]].map((n) => results[n]);
    if (sizes.length > 1) {
      results.ratios = {
        panFitFrame: large.panFit.frameP50 / small.panFit.frameP50, panFitDraw: large.panFit.drawP50 / small.panFit.drawP50,
        panMidFrame: large.panMid.frameP50 / small.panMid.frameP50,
        zoomInFrame: large.zoomIn.frameP50 / small.zoomIn.frameP50, firstDraw: large.firstDrawMs / small.firstDrawMs,
      };
    }
    console.log(`# timeline view (Chromium ${browser.version()}, node ${process.version}, ${new Date().toISOString()}, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores)`);
    console.log(JSON.stringify(results, null, 2));
    if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2));
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err.stack ?? err);
  process.exit(1);
});
