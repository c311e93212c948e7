/**
 * Progress of long runs through the stdio adapter, every message checked against the DAP schema: a run longer than
 * half a second opens a progress notification (instructions executed, of how many when the program says it ahead,
 * with a percentage), updates it, and closes it when the program stops; cancelling it pauses the program. A run
 * without debugging shows progress that cannot be cancelled. Clients that do not show progress get none.
 */
import * as assert from 'assert';
import * as path from 'path';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { ENDLESS, LONG_LOOP } from '../helpers/dap-programs';
import { straightLine } from '../helpers/compiled-model';
import { PROGRESS_LINES } from '../../engine/lang/check/checker';

describe('DAP: progress of long runs', function () {
  this.timeout(60000);
  useDapSessions();

  let endless: string;
  let long: string;
  let model: string;

  before(() => {
    const dir = tempProgramDir({ 'endless.bir': ENDLESS, 'long.bir': LONG_LOOP, 'model.bir': straightLine(PROGRESS_LINES).files.get('model.bir')! });
    endless = path.join(dir, 'endless.bir');
    long = path.join(dir, 'long.bir');
    model = path.join(dir, 'model.bir');
  });

  it('a big program shows how far its check is while it loads, closed when the launch is answered', async () => {
    const s = await DapSession.start({ initialize: { supportsProgressReporting: true } });
    const launched = await s.request('launch', { program: model, stopOnEntry: true });
    assert.ok(launched.success, launched.message);
    const start = s.events<DebugProtocol.ProgressStartEvent>('progressStart')[0];
    assert.ok(start, 'a progress notification opened while the program was checked');
    assert.strictEqual(start.body.title, 'Loading model.bir');
    assert.strictEqual(start.body.cancellable, false);
    assert.match(start.body.message!, /^[\d,]+ of 100,0\d\d lines checked$/);
    const end = s.events<DebugProtocol.ProgressEndEvent>('progressEnd')[0];
    assert.strictEqual(end?.body.progressId, start.body.progressId, 'and closed');
    const answer = s.log.findIndex((r) => r.message.type === 'response' && (r.message as DebugProtocol.Response).command === 'launch');
    assert.ok(s.indexOf(end) < answer, 'before the launch is answered');
    await s.waitFor('initialized');
    await s.ok('configurationDone');
    assert.strictEqual((await s.waitForStop()).stopped.body.reason, 'entry');
  });

  it('a long run shows progress with a percentage; cancelling it pauses the program and closes it', async () => {
    const s = await DapSession.start({ initialize: { supportsProgressReporting: true } });
    assert.strictEqual(s.capabilities?.supportsCancelRequest, true);
    await s.launch({ program: endless });
    const start = await s.waitFor<DebugProtocol.ProgressStartEvent>('progressStart');
    assert.strictEqual(start.body.title, 'Running endless.bir');
    assert.strictEqual(start.body.cancellable, true);
    assert.match(start.body.message!, /^[\d,]+ of 1,000,000,000,000,002 instructions$/);
    assert.strictEqual(start.body.percentage, 0);
    const update = await s.waitFor<DebugProtocol.ProgressUpdateEvent>('progressUpdate');
    assert.strictEqual(update.body.progressId, start.body.progressId);
    const count = (m: string | undefined): number => Number(m!.split(' ')[0].replace(/,/g, ''));
    assert.ok(count(update.body.message) > count(start.body.message), 'the count grows');
    await s.ok('cancel', { progressId: start.body.progressId });
    const stop = await s.waitForStop();
    assert.strictEqual(stop.stopped.body.reason, 'pause');
    const end = await s.waitFor<DebugProtocol.ProgressEndEvent>('progressEnd');
    assert.strictEqual(end.body.progressId, start.body.progressId);
    assert.ok(s.indexOf(end) < s.indexOf(stop.stopped), 'the notification closes before the stop shows');
    // A continue that runs long opens a new one.
    await s.ok('continue', { threadId: 1 });
    const again = await s.waitFor<DebugProtocol.ProgressStartEvent>('progressStart');
    assert.notStrictEqual(again.body.progressId, start.body.progressId);
    // A cancel of something else (a request, an old progress) is answered and changes nothing.
    await s.ok('cancel', { requestId: 3 });
    await s.ok('cancel', { progressId: start.body.progressId });
    await s.ok('pause', { threadId: 1 });
    await s.waitForStop();
  });

  it('a run without debugging shows progress that cannot be cancelled, closed at the end', async () => {
    const s = await DapSession.start({ initialize: { supportsProgressReporting: true } });
    await s.launch({ program: endless, noDebug: true });
    const start = await s.waitFor<DebugProtocol.ProgressStartEvent>('progressStart');
    assert.strictEqual(start.body.cancellable, false);
    assert.match(start.body.message!, / of 1,000,000,000,000,002 instructions$/);
    await s.ok('terminate');
    assert.strictEqual(await s.waitForEnd(), 143);
    const end = s.events<DebugProtocol.ProgressEndEvent>('progressEnd');
    assert.deepStrictEqual(end.map((e) => e.body.progressId), [start.body.progressId]);
  });

  it('a client that does not show progress gets none', async () => {
    const s = await DapSession.start();
    await s.launch({ program: long });
    assert.strictEqual(await s.waitForEnd(), 0);
    assert.deepStrictEqual(['progressStart', 'progressUpdate', 'progressEnd'].flatMap((e) => s.events(e)), []);
  });

  it('refuses a cancel with bad arguments, naming them', async () => {
    const s = await DapSession.start();
    assert.match(await s.error('cancel', { progressId: 3 }), /'cancel' needs 'progressId' as a string, found 3/);
    assert.match(await s.error('cancel', { requestId: 'x' }), /requestId/);
  });
});
