/**
 * `bir/history` and `bir/why`, the Debug Console's :history and :why as data: the same writes, in pages that meet
 * exactly, and origins followed back by a path of input indices; refusals that say what to do.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { InProcessEngine } from '../../engine/host/in-process-engine';
import { EngineEvent } from '../../engine/protocol/types';

const PROGRAM = `module sums

func main() {
  Set r1 = 0
  for r0 in 0..20 {
    Set r1 = r1 + r0
  }
  Set r2 = r1 * 2
}
`;

describe('bir/history and bir/why', () => {
  let dir: string;
  let program: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-time-answers-'));
    program = path.join(dir, 'sums.bir');
    fs.writeFileSync(program, PROGRAM);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** An engine stopped before line 8 (r1 is 190). */
  async function stopped(historyMiB?: number): Promise<InProcessEngine> {
    const engine = new InProcessEngine();
    const stop = new Promise<void>((resolve) => engine.onEvent((e: EngineEvent) => e.kind === 'stopped' && resolve()));
    assert.ok((await engine.request('launch', { program, historyMiB })).ok);
    await engine.request('setBreakpoints', { path: program, breakpoints: [{ line: 8 }] });
    await engine.request('configurationDone', {});
    await stop;
    return engine;
  }

  it('lists every write, oldest first, in pages that meet exactly', async () => {
    const engine = await stopped();
    const all = await engine.request('bir/history', { expression: 'r1' });
    assert.strictEqual(all.writes.length, 21);
    assert.strictEqual(all.earlier, undefined);
    assert.deepStrictEqual([all.writes[0].by, all.writes[0].span.line, all.writes[0].before, all.writes[0].after], ['Set', 4, 'uninit', 0]);
    assert.deepStrictEqual([all.writes[20].before, all.writes[20].after, all.writes[20].span.line], [171, 190, 6]);
    assert.match(all.writes[20].text, /^Set at instruction [\d,]+ \(core 0\) .*sums\.bir:6:5$/);
    // Pages of 8, from the latest back: together, the whole list.
    const pages: number[][] = [];
    let before: { tick: number; atTick: number } | undefined;
    for (;;) {
      const page = await engine.request('bir/history', { expression: 'r1', limit: 8, before });
      pages.unshift(page.writes.map((w) => w.instructions));
      if (!page.earlier) break;
      before = { tick: page.earlier.tick, atTick: page.earlier.atTick };
    }
    assert.deepStrictEqual(pages.map((p) => p.length), [5, 8, 8]);
    assert.deepStrictEqual(pages.flat(), all.writes.map((w) => w.instructions));
    await engine.request('terminate', {});
  });

  it('explains a value and follows its inputs back by path', async () => {
    const engine = await stopped();
    const why = await engine.request('bir/why', { expression: 'r1' });
    assert.deepStrictEqual([why.value, why.write?.by, why.write?.span.line], [190, 'Set', 6]);
    assert.deepStrictEqual(why.inputs.map((i) => [i.name, i.value]), [['r1', 171], ['r0', 19]]);
    const back = await engine.request('bir/why', { expression: 'r1', path: [0] });
    assert.deepStrictEqual([back.name, back.value, back.inputs.map((i) => i.value)], ['r1', 171, [153, 18]]);
    const loop = await engine.request('bir/why', { expression: 'r1', path: [1] });
    assert.deepStrictEqual([loop.name, loop.write?.by], ['r0', 'for']);
    await assert.rejects(engine.request('bir/why', { expression: 'r1', path: [5] }), /path\[0\] is 5, but r1 was made from 2 inputs \(indices from 0\)/);
    const never = await engine.request('bir/why', { expression: 'r9' });
    assert.deepStrictEqual([never.value, never.write, never.inputs], ['uninit', undefined, []]);
    assert.match(never.origin, /never written/);
    await assert.rejects(engine.request('bir/why', { expression: 'r1 + 1' }), /bir\/why needs a tensor, an access pattern, an element or a register/);
    await engine.request('terminate', {});
  });

  it('needs the history of the run', async () => {
    const engine = await stopped(0);
    await assert.rejects(engine.request('bir/history', { expression: 'r1' }), /needs the history of the run, which is off \(launch attribute historyMiB is 0\)/);
    await assert.rejects(engine.request('bir/why', { expression: 'r1' }), /needs the history of the run, which is off/);
    await engine.request('terminate', {});
  });
});
