/**
 * A debug session that bisects its pass pipeline (the launch attribute `bisect`, issue 27), served in this thread
 * (InProcessEngine) so that a wrong rewrite can be planted in the registry's own pass (test/helpers/wrong-rewrite.ts):
 * rewrite 1 of fuse. The launch answers the culprit, what it was and the first differing write; the session stops at
 * the snapshot after the rewrite, whose changes are that one rewrite's, the snapshot before it is the program before
 * it, and Continue runs the program after it. Against the program itself, nothing differs and the session ends.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { InProcessEngine } from '../../engine/host/in-process-engine';
import { EngineEvent, LaunchResult } from '../../engine/protocol/types';
import { PassInfo, passNamed, PassName } from '../../engine/passes/registry';
import { withWrongRewrite } from '../helpers/wrong-rewrite';
import { programOf } from '../helpers/virtual-host';

const PROGRAM = `module m
dram a : f32[4, 8] input = iota
dram c : f32[4, 8] output

func main() {
  sbuf t : f32[4, 8]
  sbuf u : f32[4, 8]
  DmaCopy t <- a
  TensorScalar t <- t, op = add, scalar = 1
  TensorScalar t <- t, op = mul, scalar = 2
  DmaCopy u <- t
  TensorScalar u <- u, op = add, scalar = 4
  TensorScalar u <- u, op = mul, scalar = 3
  DmaCopy c <- u
}
`;

const PIPELINE: PassName[] = ['dce', 'fuse', 'schedule'];

function untilEvent<K extends EngineEvent['kind']>(events: EngineEvent[], engine: InProcessEngine, kind: K): Promise<Extract<EngineEvent, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${kind}' event: ${JSON.stringify(events.map((e) => e.kind))}`)), 20000);
    const look = (): void => {
      const found = events.find((e) => e.kind === kind);
      if (found) {
        clearTimeout(timer);
        resolve(found as Extract<EngineEvent, { kind: K }>);
      }
    };
    engine.onEvent(look);
    look();
  });
}

function bisectionOf(result: LaunchResult): NonNullable<Extract<LaunchResult, { ok: true }>['bisection']> {
  assert.ok(result.ok && result.bisection, JSON.stringify(result));
  return result.bisection;
}

describe('a debug session that bisects its passes (bisect)', function () {
  this.timeout(60000);
  let dir: string;
  let file: string;
  const fuse = passNamed('fuse') as { run: PassInfo['run'] };
  const run = fuse.run;

  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-bisect-session-'));
    file = path.join(dir, 'k.bir');
    fs.writeFileSync(file, PROGRAM);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  afterEach(() => {
    fuse.run = run;
  });

  async function launch(): Promise<{ engine: InProcessEngine; events: EngineEvent[]; result: LaunchResult }> {
    const engine = new InProcessEngine();
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    const result = await engine.request('launch', { program: file, passes: PIPELINE, bisect: {} });
    return { engine, events, result };
  }

  it('a wrong rewrite planted at fuse\'s rewrite 1 is the culprit; the session stops after it, showing what it changed', async () => {
    const rewrites = passNamed('fuse').run(passNamed('dce').run(programOf(PROGRAM)).program, { record: true }).rewrites.rewrites!;
    assert.strictEqual(rewrites.length, 2, 'fuse makes two groups of this program');
    fuse.run = withWrongRewrite({ ...passNamed('fuse'), run }, 1).run;
    const { engine, events, result } = await launch();
    assert.ok(result.ok, JSON.stringify(result));
    const b = bisectionOf(result);
    assert.strictEqual(b.verdict, 'culprit');
    assert.deepStrictEqual([b.culprit?.pass, b.culprit?.passIndex, b.culprit?.rewrite, b.culprit?.what, b.culprit?.span.line], ['fuse', 1, 1, rewrites[1].what, rewrites[1].span.line]);
    // The corrupted member changes u: every element of c, the first written first.
    assert.strictEqual(b.firstDivergence?.element, 'c[0, 0]');
    assert.notStrictEqual(b.firstDivergence?.after, b.firstDivergence?.before);
    assert.strictEqual(b.firstDivergence?.before, ((0 + 1) * 2 + 4) * 3);
    assert.strictEqual(b.snapshot, 3, 'as written, dce, fuse before the rewrite, fuse after it');
    assert.match(b.message, /^The outputs differ after rewrite 1 of pass 'fuse': fused .* \(k\.bir:\d+\)\. First differing write: c\[0, 0\], \d+ after the rewrite, 18 before it\. The session stops at snapshot 3/);

    await engine.request('configurationDone', {});
    const stop = await untilEvent(events, engine, 'stopped');
    assert.deepStrictEqual(stop.info.pipeline, { index: 3, pass: 'fuse', boundary: 'after' });
    assert.strictEqual(stop.info.description, "Paused after the first 2 rewrites of pass 'fuse' (snapshot 3)");
    const graphs = (await engine.request('bir/passGraphs', {})).graphs;
    assert.deepStrictEqual(graphs.map((g) => g.pass), ['as written', 'dce', 'fuse', 'fuse']);
    assert.strictEqual(graphs[2].changed.fused.length, 1, 'the snapshot before: the rewrite before the culprit');
    assert.strictEqual(graphs[3].changed.fused.length, 1, 'the snapshot after: only the culprit rewrite');
    const before = await engine.request('bir/passGraph', { index: 2 });
    const after = await engine.request('bir/passGraph', { index: 3 });
    assert.notDeepStrictEqual(after.changes.fused[0].members, before.changes.fused[0].members);
    await engine.request('continue', { threadId: 1 });
    assert.strictEqual((await untilEvent(events, engine, 'exited')).exitCode, 0);
  });

  it('without a wrong rewrite nothing differs: the verdict, and the session ends without a stop', async () => {
    const { engine, events, result } = await launch();
    const b = bisectionOf(result);
    assert.strictEqual(b.verdict, 'nothing differs');
    assert.strictEqual(b.snapshot, undefined);
    assert.match(b.message, /^Nothing differs after dce, fuse, schedule: the outputs agree with the program without passes \(2 rewrites, \d+ runs\)\.$/);
    await engine.request('configurationDone', {});
    assert.strictEqual((await untilEvent(events, engine, 'exited')).exitCode, 0);
    assert.ok(!events.some((e) => e.kind === 'stopped'));
  });
});
