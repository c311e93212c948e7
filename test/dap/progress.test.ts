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

describe('DAP: progress of long runs', function () {
  this.timeout(60000);
  useDapSessions();

  let endless: string;
  let long: string;

  before(() => {
    const dir = tempProgramDir({ 'endless.bir': ENDLESS, 'long.bir': LONG_LOOP });
    endless = path.join(dir, 'endless.bir');
    long = path.join(dir, 'long.bir');
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
