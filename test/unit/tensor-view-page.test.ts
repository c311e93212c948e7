/**
 * The tensor view's page in headless Chromium (the real bundle, dist/tensor-view.js, under a strict policy): names
 * from a program, expressions, error messages and allocation names that contain markup are shown as text and inject
 * nothing; marked colours are drawn for NaN, infinities and never-written elements; hovering an element says its
 * exact value and its bits; a selection is copied as an access pattern. Skipped without Chromium or the bundle.
 */
import * as assert from 'assert';
import * as path from 'path';
import { pathToFileURL } from 'url';

// The page's globals, in the functions the browser runs (this project's Node code has no DOM types).
/* eslint-disable @typescript-eslint/no-explicit-any */
declare const window: any;
declare const document: any;
declare const requestAnimationFrame: any;
type HTMLCanvasElement = any;
/* eslint-enable @typescript-eslint/no-explicit-any */

interface Page {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  evaluate<R>(fn: () => R | Promise<R>): Promise<R>;
  locator(selector: string): { textContent(): Promise<string | null>; click(): Promise<void>; boundingBox(): Promise<{ x: number; y: number; width: number; height: number } | null> };
  mouse: { move(x: number, y: number, o?: { steps?: number }): Promise<void>; down(): Promise<void>; up(): Promise<void> };
  keyboard: { down(k: string): Promise<void>; up(k: string): Promise<void> };
  goto(url: string): Promise<unknown>;
}

interface Harness {
  pageAvailable(): boolean;
  servePage(): Promise<{ url: string; close(): void }>;
  launch(): Promise<{ newPage(o: unknown): Promise<Page>; close(): Promise<void> }>;
  posted(page: Page, type: string, after?: number): Promise<Record<string, unknown>>;
  send(page: Page, message: unknown): Promise<void>;
}

const MARKUP = '<img src=x onerror="window.__injected=1">';

describe('tensor view: the page in Chromium', function () {
  this.timeout(60000);
  let harness: Harness;
  let browser: Awaited<ReturnType<Harness['launch']>>;
  let served: { url: string; close(): void };
  let page: Page;

  before(async function () {
    harness = (await import(pathToFileURL(path.join(__dirname, '..', 'helpers', 'tensor-page.mjs')).href)) as Harness;
    if (!harness.pageAvailable()) return this.skip();
    served = await harness.servePage();
    browser = await harness.launch();
    page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
    await page.goto(served.url);
    await harness.posted(page, 'ready');
  });

  after(async () => {
    await browser?.close();
    served?.close();
  });

  /** Answers the page's last tensor request with a 2 × 3 f32 region holding 1.5, NaN, +inf / −inf, never written, 0. */
  async function answerSmall(names: { tensor: string; frame: string }): Promise<void> {
    const request = (await harness.posted(page, 'tensor')).request as { seq: number; expression: string };
    await page.evaluate(async ([seq, expression, tensor, frame]) => {
      const values = new Float32Array([1.5, NaN, Infinity, -Infinity, 0, 0]);
      const flags = new Uint8Array([0, 2, 4, 8, 65, 0]);
      const header = {
        expression, frame, instructions: 7, shape: [2, 3], dtype: 'f32', memory: 'sbuf', tensor, slice: [], rows: 2, cols: 3,
        pattern: { base: tensor, dims: [{ axis: 'row', start: 0, step: 1 }, { axis: 'col', start: 0, step: 1 }] },
        window: { row: 0, col: 0, rows: 2, cols: 3, stepRows: 1, stepCols: 1 },
        statistics: { elements: 6, count: 5, min: 0, max: 1.5, mean: 0.3, zero: 1, nan: 1, posInf: 1, negInf: 1, unwritten: 1 },
        histogram: { lo: 0, hi: 1.5, counts: [2, 0, 1] },
      };
      await window.__answer(seq, 'region', { header, buffers: { values: values.buffer, valuesType: 'f32', flags: flags.buffer } });
    }, [request.seq, request.expression, names.tensor, names.frame] as const);
  }

  /** The colour drawn at the centre of cell (row, col) of a 2 × 3 region fitted to the canvas. */
  function pixelAt(row: number, col: number): Promise<number[]> {
    return page.evaluate(([r, c]) => {
      const canvas = document.getElementById('heatmap') as HTMLCanvasElement;
      const x = Math.floor(((c + 0.5) / 3) * canvas.width);
      const y = Math.floor(((r + 0.5) / 2) * canvas.height);
      return [...canvas.getContext('2d').getImageData(x, y, 1, 1).data.slice(0, 3)] as number[];
    }, [row, col] as const);
  }

  it('shows names and expressions with markup as text, and runs none of it', async () => {
    await harness.send(page, { type: 'show', expression: `a${MARKUP}` });
    await answerSmall({ tensor: `<b>t</b>${MARKUP}`, frame: `<script>window.__injected=1</script>main` });
    const title = await page.locator('#title').textContent();
    assert.ok(title?.includes(`SBUF <b>t</b>${MARKUP} in <script>window.__injected=1</script>main`), title ?? '');
    await harness.send(page, { type: 'error', message: `cannot evaluate ${MARKUP}` });
    assert.strictEqual(await page.locator('#status').textContent(), `cannot evaluate ${MARKUP}`);
    const found = await page.evaluate(() => ({
      injected: window.__injected,
      elements: document.querySelectorAll('img, b, body script:not([src])').length,
    }));
    assert.deepStrictEqual(found, { injected: undefined, elements: 0 });
  });

  it('draws NaN, infinities and never-written elements in their marked colours', async () => {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.deepStrictEqual(await pixelAt(0, 1), [255, 0, 255], 'NaN');
    assert.deepStrictEqual(await pixelAt(0, 2), [0, 255, 102], '+inf');
    assert.deepStrictEqual(await pixelAt(1, 0), [0, 255, 255], '-inf');
    assert.deepStrictEqual(await pixelAt(1, 1), [0, 0, 0], 'never written');
  });

  it('says an element\'s exact value and bits on hover', async () => {
    const box = (await page.locator('#heatmap').boundingBox())!;
    await page.mouse.move(box.x + box.width / 6, box.y + box.height / 4, { steps: 2 });
    const text = await page.locator('#hover').textContent();
    assert.match(text ?? '', /\[0, 0\] = 1\.5 · f32 0x3fc00000 \(sign 0, exponent 01111111, mantissa 10000000000000000000000\)/);
    await page.mouse.move(box.x + box.width / 2, box.y + (3 * box.height) / 4, { steps: 2 });
    assert.match((await page.locator('#hover').textContent()) ?? '', /\[1, 1\] = never written/);
  });

  it('copies a selection (Shift+drag) as an access pattern of the named tensor', async () => {
    const box = (await page.locator('#heatmap').boundingBox())!;
    const before = await page.evaluate(() => window.__posted.length as number);
    await page.keyboard.down('Shift');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 4);
    await page.mouse.down();
    await page.mouse.move(box.x + (5 * box.width) / 6, box.y + (3 * box.height) / 4, { steps: 3 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await page.locator('#copy-pattern').click();
    const copy = await harness.posted(page, 'copy', before);
    assert.strictEqual(copy.text, `<b>t</b>${MARKUP}[0:2, 1:3]`);
    await page.locator('#copy-numpy').click();
    const numpy = await harness.posted(page, 'copy', before + 1);
    assert.strictEqual(numpy.text, 'np.array([[np.nan, np.inf],\n [0, 0]], dtype=np.float32)');
  });

  it('lists allocations with markup in their names as text in the memory map', async () => {
    await page.locator('#tab-memory').click();
    await harness.posted(page, 'memoryMap');
    await harness.send(page, {
      type: 'memoryMap',
      map: {
        core: 0, sbuf: { partitions: 128, bytes: 196608, used: 128 }, psum: { partitions: 128, bytes: 16384, used: 2048, bankBytes: 2048, banks: 8 },
        allocations: [
          { name: MARKUP, memory: 'sbuf', dtype: 'f32', shape: [128, 32], owner: `<i>main</i>`, depth: 0, partitions: 128, offset: 0, bytes: 128, visible: MARKUP },
          { name: 'acc', memory: 'psum', dtype: 'f32', shape: [128, 512], owner: 'main', depth: 0, partitions: 128, offset: 0, bytes: 2048 },
        ],
        selected: { memory: 'sbuf', p0: 0, p1: 64, b0: 0, b1: 64 },
      },
    });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(r)));
    const table = await page.locator('#memory-table').textContent();
    assert.ok(table?.includes(MARKUP) && table.includes('<i>main</i>'), table ?? '');
    const found = await page.evaluate(() => document.querySelectorAll('img, i').length);
    assert.strictEqual(found, 0);
    await page.locator('#tab-heatmap').click();
  });
});
