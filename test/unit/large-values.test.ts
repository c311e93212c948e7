/**
 * Values larger than a JavaScript array can hold (more than 2^27 elements): reductions stream over them, summaries
 * read a bounded sample and say so, and what must be held at once is refused with what to do instead. Before, a
 * reduction of such a tensor failed with an internal RangeError.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { InProcessEngine } from '../../engine/host/in-process-engine';
import { EngineError } from '../../engine/protocol/errors';
import { EngineEvent } from '../../engine/protocol/types';

// 8200 × 16384 = 134,348,800 elements: more than the longest JavaScript array of numbers (2^27 − 3).
const ROWS = 8200;
const COLS = 16384;

describe('values too large to hold', function () {
  this.timeout(120_000);
  let dir: string;
  let engine: InProcessEngine;
  let frameId: number;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-large-'));
    const program = path.join(dir, 'large.bir');
    fs.writeFileSync(program, `module large\ndram a : f32[${ROWS}, ${COLS}] = zeros\nfunc main() {\n  Set r0 = 1\n}\n`);
    engine = new InProcessEngine();
    const stopped = new Promise<void>((resolve) => engine.onEvent((e: EngineEvent) => e.kind === 'stopped' && resolve()));
    assert.ok((await engine.request('launch', { program, stopOnEntry: true })).ok);
    await engine.request('configurationDone', {});
    await stopped;
    frameId = (await engine.request('stackTrace', { threadId: 1 })).frames[0].id;
  });

  after(async () => {
    await engine.request('terminate', {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const evaluate = (expression: string, context = 'repl'): Promise<string> => engine.request('evaluate', { expression, frameId, context }).then((r) => r.result);

  it('reductions stream over every element', async () => {
    assert.strictEqual(await evaluate('count(a)'), String(ROWS * COLS));
    assert.strictEqual(await evaluate('sum(a)'), '0');
    assert.strictEqual(await evaluate('mean(a * a + 1)'), '1');
    assert.strictEqual(await evaluate('any(a)'), '0');
    assert.strictEqual(await evaluate('allclose(a, 0)'), '1');
  });

  it(':stats is exact over any size', async () => {
    const text = await evaluate(':stats a + 2');
    assert.match(text, new RegExp(`f64\\[${ROWS}, ${COLS}\\]: ${ROWS * COLS} elements`));
    assert.match(text, /min 2 {2}max 2 {2}mean 2/);
  });

  it('a summary (hover, Variables) reads a sample and says so', async () => {
    const summary = await evaluate('a', 'hover');
    assert.match(summary, new RegExp(`f32\\[${ROWS}, ${COLS}\\] ≈ min 0 max 0 mean 0 \\(from 1048576 of ${ROWS * COLS} elements; :stats a is exact\\)`));
  });

  it('what must be held at once is refused with what to do', async () => {
    await assert.rejects(evaluate('(a + 1).T'), (e: EngineError) => e.kind === 'evaluation' && /take a slice of it, or reduce it/.test(e.message));
    assert.strictEqual(await evaluate('a[0:2, 0:2] + 1'), 'f64[2, 2] [[1, 1], [1, 1]]');
  });
});
