import * as assert from 'assert';
import { spawn } from 'child_process';
import * as path from 'path';
import { SpareEngines } from '../../engine/host/spare-engines';
import { WorkerEngine } from '../../engine/host/worker-engine';
import { ensureBuilt, EXAMPLES, REPO } from '../helpers/dap-client';

const WORKER = path.join(REPO, 'dist', 'engine-worker.js');

/** Engines as SpareEngines starts them, kept to be ended after each test. */
function recording(): { started: WorkerEngine[]; start: () => WorkerEngine } {
  const started: WorkerEngine[] = [];
  const start = (): WorkerEngine => {
    const engine = new WorkerEngine(WORKER);
    started.push(engine);
    return engine;
  };
  return { started, start };
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

describe('engines kept in reserve (SpareEngines)', function () {
  this.timeout(60000);
  let started: WorkerEngine[] = [];
  before(() => ensureBuilt());
  afterEach(async () => {
    for (const e of started) await e.dispose();
    started = [];
  });

  it('loads one engine before it is asked for, hands it out, and loads the next', async () => {
    const r = recording();
    started = r.started;
    const spares = new SpareEngines(r.start);
    assert.strictEqual(r.started.length, 1, 'an engine is started at once');
    const engine = spares.take();
    assert.strictEqual(engine, r.started[0], 'the engine in reserve is the one handed out');
    await nextTurn();
    assert.strictEqual(r.started.length, 2, 'the next one is started on a later turn');
    const launched = await engine.request('launch', { program: path.join(EXAMPLES, 'softmax.bir') });
    assert.ok(launched.ok, 'the engine handed out serves a launch');
    await spares.dispose();
    assert.strictEqual(r.started[1].running, false, 'dispose ends the engine in reserve');
    assert.notStrictEqual(spares.take(), r.started[1]);
    await nextTurn();
    assert.strictEqual(r.started.length, 3, 'after dispose, engines are started on demand only');
  });

  it('does not hand out an engine in reserve that has ended', async () => {
    const r = recording();
    started = r.started;
    const spares = new SpareEngines(r.start);
    await r.started[0].dispose();
    const engine = spares.take();
    assert.notStrictEqual(engine, r.started[0]);
    assert.ok(engine.running);
    await spares.dispose();
  });

  it('an engine in reserve does not keep the process alive', async () => {
    const script = [
      "const { SpareEngines } = require('./engine/host/spare-engines');",
      "const { WorkerEngine } = require('./engine/host/worker-engine');",
      `new SpareEngines(() => new WorkerEngine(${JSON.stringify(WORKER)}));`,
    ].join('\n');
    const child = spawn(process.execPath, ['-r', 'tsx/cjs', '-e', script], { cwd: REPO, stdio: 'ignore' });
    const ended = await new Promise<number | null | 'still running'>((resolve) => {
      const limit = setTimeout(() => resolve('still running'), 30000);
      child.on('exit', (code) => {
        clearTimeout(limit);
        resolve(code);
      });
    });
    if (ended === 'still running') child.kill();
    assert.strictEqual(ended, 0, 'the process ends by itself');
  });
});
