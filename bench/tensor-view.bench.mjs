// The tensor view's speed. In headless Chromium (Debian's, software rendering), the page (dist/tensor-view.js, run
// `node esbuild.mjs` first) gets a 128 × 65,536 f32 region (32 MiB) as the panel posts it (an ArrayBuffer): the time
// from the message to its first drawing, then the frame intervals while panning and zooming it, at fit (every column
// pooled into the level of detail the screen shows) and at the element level (values printed in the cells). In Node,
// the engine's side: the answer of bir/tensor for that region (read, pooled, encoded in base64), the extension's
// decoding of it, and for a 256 MiB tensor (8192 × 8192 f32, more than the view holds) the overview and then a
// window at full resolution.
//
//   node bench/tensor-view.bench.mjs [--json FILE] [--shots DIR] [--skip-engine]
//
// Frame intervals: the time from one painted frame to the next with one input per frame (16.7 ms is every frame at
// 60 Hz; 20 ms is 50 frames per second).
import { createRequire } from 'module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { launch, pageAvailable, posted, root, send, servePage } from '../test/helpers/tensor-page.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const jsonFile = arg('--json');
const shots = arg('--shots');
const ROWS = 128;
const COLS = 65536;

function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN;
}

/** Frame intervals while panning (pointer drags) or zooming (wheel events at the centre), one input per frame. */
async function frames(page, kind) {
  const d = await page.evaluate(async (kind) => {
    const canvas = document.getElementById('heatmap');
    const r = canvas.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const frame = () => new Promise((res) => requestAnimationFrame(() => res(performance.now())));
    const pointer = (type, x, y) => canvas.dispatchEvent(new PointerEvent(type, { pointerId: 7, bubbles: true, clientX: x, clientY: y, button: 0, buttons: 1, isPrimary: true }));
    const out = [];
    if (kind === 'pan') pointer('pointerdown', cx, cy);
    let prev = await frame();
    for (let i = 1; i <= 120; i++) {
      if (kind === 'pan') pointer('pointermove', cx + 300 * Math.sin(i / 10), cy + 20 * Math.cos(i / 7));
      else canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: i <= 60 ? -60 : 60, clientX: cx + 200, clientY: cy, bubbles: true, cancelable: true }));
      const t = await frame();
      out.push(t - prev);
      prev = t;
    }
    if (kind === 'pan') pointer('pointerup', cx, cy);
    return out;
  }, kind);
  return { p50: quantile(d, 0.5), p95: quantile(d, 0.95), fps: 1000 / (d.reduce((a, b) => a + b, 0) / d.length) };
}

/** The 32 MiB region, made in the page (values with a NaN, infinities and a never-written run) and posted. */
async function postRegion(page, seq) {
  return page.evaluate(async ([seq, rows, cols]) => {
    const n = rows * cols;
    const values = new Float32Array(n);
    const flags = new Uint8Array(n);
    for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) values[r * cols + c] = Math.sin(r / 11) * Math.cos(c / 97) + (c % 1024) / 4096;
    values[17 * cols + 40000] = NaN;
    flags[17 * cols + 40000] = 2;
    values[90 * cols + 1234] = Infinity;
    flags[90 * cols + 1234] = 4;
    for (let c = 60000; c < 60100; c++) flags[3 * cols + c] = 65;
    const header = {
      expression: 'a', frame: 'main', instructions: 2, shape: [rows, cols], dtype: 'f32', memory: 'dram', tensor: 'a', slice: [], rows, cols,
      window: { row: 0, col: 0, rows, cols, stepRows: 1, stepCols: 1 },
      statistics: { elements: n, count: n - 101, min: -1, max: 1.25, mean: 0.12, zero: 0, nan: 1, posInf: 1, negInf: 0, unwritten: 100 },
      histogram: { lo: -1, hi: 1.25, counts: Array.from({ length: 64 }, (_, i) => 1000 + i) },
    };
    return window.__answer(seq, 'region', { header, buffers: { values: values.buffer, valuesType: 'f32', flags: flags.buffer } });
  }, [seq, ROWS, COLS]);
}

async function browserBench() {
  const served = await servePage();
  const browser = await launch();
  const results = {};
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 800 } });
    page.on('pageerror', (err) => console.error(`page error: ${err.message}`));
    await page.goto(served.url);
    await posted(page, 'ready');
    const drawn = [];
    for (let round = 0; round < 3; round++) {
      const before = await page.evaluate(() => window.__posted.length);
      await send(page, { type: round === 0 ? 'show' : 'stopped', expression: 'a' });
      const { request } = await posted(page, 'tensor', before);
      drawn.push(await postRegion(page, request.seq));
    }
    const fitPan = await frames(page, 'pan');
    await page.click('#fit');
    const fitZoom = await frames(page, 'zoom');
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.click('#fit');
      await page.screenshot({ path: path.join(shots, 'tensor-bench-fit.png') });
    }
    // The element level: values printed in the cells.
    await page.evaluate(() => {
      const canvas = document.getElementById('heatmap');
      for (let i = 0; i < 40; i++) canvas.dispatchEvent(new WheelEvent('wheel', { deltaY: -200, clientX: 300, clientY: 300, bubbles: true, cancelable: true }));
    });
    const nearPan = await frames(page, 'pan');
    const nearZoom = await frames(page, 'zoom');
    if (shots) await page.screenshot({ path: path.join(shots, 'tensor-bench-near.png') });
    results['page: 128 × 65,536 f32 (32 MiB)'] = {
      drawn_ms: Math.min(...drawn), drawn_first_ms: drawn[0],
      pan_fit_p50_ms: fitPan.p50, pan_fit_p95_ms: fitPan.p95, pan_fit_fps: fitPan.fps,
      zoom_fit_p50_ms: fitZoom.p50, zoom_fit_p95_ms: fitZoom.p95, zoom_fit_fps: fitZoom.fps,
      pan_elements_p50_ms: nearPan.p50, pan_elements_p95_ms: nearPan.p95, pan_elements_fps: nearPan.fps,
      zoom_elements_p50_ms: nearZoom.p50, zoom_elements_p95_ms: nearZoom.p95, zoom_elements_fps: nearZoom.fps,
    };
    results.chromium = browser.version();
  } finally {
    await browser.close();
    served.close();
  }
  return results;
}

/** The engine's functions, bundled from the TypeScript sources by esbuild. */
async function engine() {
  const esbuild = await import('esbuild');
  const out = path.join(os.tmpdir(), `bir-tensor-bench-engine-${process.pid}.cjs`);
  await esbuild.build({
    stdin: {
      contents: `
        export { DebugCore } from './engine/debug/debug-core';
        export { checkProgram } from './engine/lang/check/checker';
        export { npyMachineOptions } from './engine/run/simulate';`,
      resolveDir: root, loader: 'ts', sourcefile: 'bench-engine.ts',
    },
    bundle: true, platform: 'node', format: 'cjs', target: 'node20', outfile: out, logLevel: 'warning',
  });
  const mod = createRequire(import.meta.url)(out);
  rmSync(out, { force: true });
  return mod;
}

const PROGRAM = `module big
dram a : f32[${ROWS}, ${COLS}] input = random(seed=1, low=-1, high=1)
dram b : f32[8192, 8192] input = random(seed=2, low=-1, high=1)

func main() {
  sbuf t : f32[128, 64]
  DmaCopy t <- a[0:128, 0:64]
  Print "stop here"
}
`;

function best(f, rounds = 3) {
  let ms = Infinity;
  let value;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    value = f();
    ms = Math.min(ms, performance.now() - t0);
  }
  return { ms, value };
}

function size(answer) {
  return [answer.values, answer.low, answer.flags].filter(Boolean).reduce((n, b) => n + b.base64.length, 0);
}

async function engineBench() {
  const e = await engine();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bir-tensor-bench-'));
  const file = path.join(dir, 'big.bir');
  writeFileSync(file, PROGRAM);
  try {
    const checked = e.checkProgram(file);
    const core = new e.DebugCore(checked.program, e.npyMachineOptions({}), { historyMiB: 0 }, new Int32Array(2));
    core.setBreakpoints(file, [{ line: 8 }]);
    let o = core.run();
    while (o.kind === 'yield') o = core.run();
    const whole = best(() => core.tensorData({ expression: 'a' }));
    // What any answer in base64 costs at least: the values copied into a Float32Array and encoded.
    const source = Float32Array.from({ length: ROWS * COLS }, (_, i) => Math.sin(i));
    const baseline = best(() => Buffer.from(new Float32Array(source).buffer).toString('base64'));
    const decode = best(() => {
      const buf = Buffer.from(whole.value.values.base64, 'base64');
      return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
    });
    const overview = best(() => core.tensorData({ expression: 'b' }), 2);
    const window = best(() => core.tensorData({ expression: 'b', window: { row: 4000, col: 3000, rows: 1024, cols: 2048 }, statistics: false }));
    return {
      'engine: bir/tensor of a (128 × 65,536 f32, every element)': { ms: whole.ms, baseline_copy_base64_ms: baseline.ms, ratio: whole.ms / baseline.ms, base64_MB: size(whole.value) / 1e6, decode_ms: decode.ms },
      'engine: bir/tensor of b (8192 × 8192 f32, 256 MiB): overview': { ms: overview.ms, cells: overview.value.window.stepRows && (8192 / overview.value.window.stepRows) * Math.ceil(8192 / overview.value.window.stepCols), step: `${overview.value.window.stepRows}x${overview.value.window.stepCols}`, base64_MB: size(overview.value) / 1e6 },
      'engine: bir/tensor of b, a 1024 × 2048 window at full resolution': { ms: window.ms, base64_MB: size(window.value) / 1e6 },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (!pageAvailable()) {
    console.error('bench: needs Chromium (.ci/install-system-packages) and dist/tensor-view.js (node esbuild.mjs)');
    process.exit(1);
  }
  const results = { ...(await browserBench()), ...(process.argv.includes('--skip-engine') ? {} : await engineBench()) };
  console.log(`# tensor view (node ${process.version}, ${new Date().toISOString()})`);
  for (const [name, values] of Object.entries(results)) {
    if (typeof values !== 'object') {
      console.log(`${name}: ${values}`);
      continue;
    }
    console.log(`${name}: ${Object.entries(values).map(([k, v]) => `${k}=${typeof v === 'number' && !Number.isInteger(v) ? v.toPrecision(4) : v}`).join('  ')}`);
  }
  if (jsonFile) writeFileSync(jsonFile, JSON.stringify(results, null, 2));
}

main().catch((e) => {
  console.error(e.stack ?? e);
  process.exit(1);
});
