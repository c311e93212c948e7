import { DapSession, useDapSessions, describeMessage } from '../helpers/dap-client';

describe('scratch', () => {
  useDapSessions();
  it('fbp', async () => {
    const s = await DapSession.start();
    const prog = '/tmp/dapx/mods/main.bir';
    await s.launch({ program: prog }, async (x) => {
      const r = await x.ok('setFunctionBreakpoints', { breakpoints: [{ name: 'tile' }, { name: 'lib::tile' }, { name: 'helper' }, { name: 'main::tile', condition: 'r2 ==' }, { name: 'nope' }] });
      console.log(JSON.stringify(r.body));
      console.log(JSON.stringify(await x.setBreakpoints(prog, [{ line: 6, logMessage: 'row {r0}: {{r1}} = {r0 * 10}' }, { line: 7, condition: 'r0 == 1' }, { line: 1 }, { line: 5, hitCondition: 'x' }, { line: 6, condition: 'r0 +' }])));
      console.log(JSON.stringify(await x.setBreakpoints('/tmp/dapx/bad.bir', [{ line: 4 }])));
      console.log(JSON.stringify(await x.setBreakpoints('/tmp/dapx/mods/lib.bir', [{ line: 2 }, { line: 3 }, { line: 4 }])));
    });
    for (;;) {
      const ev = await s.waitForStopOrExit();
      if ('exitCode' in ev) { console.log('exit', ev.exitCode); break; }
      const f = await s.stackTrace();
      console.log(JSON.stringify(ev.stopped.body), f.stackFrames.map((x) => `${x.name}:${x.line}`).join(' | '), (await s.evaluate('r0', 'watch', f.stackFrames[f.stackFrames.length - 1].id)).result);
      await s.ok('continue', { threadId: 1 });
    }
    console.log(s.output());
  });
  it('launch failures', async () => {
    const s = await DapSession.start();
    for (const a of [{ program: '/tmp/dapx/steps.bir', cores: '2' }, { program: '/tmp/dapx/steps.bir', frames: 'x' }, {}, { program: '/tmp/dapx/nope.bir' }, { program: '/tmp/dapx/bad.bir' }, { program: '/tmp/dapx/steps.bir', stepBy: 3 }, { program: '/tmp/dapx/steps.bir', inputs: { x: 'nope.npy' } }]) {
      const r = await s.request('launch', a);
      console.log(r.success, r.message, JSON.stringify(r.body));
    }
    console.log(JSON.stringify(s.output()));
    await s.launch({ program: '/tmp/dapx/steps.bir', bogus: 1, noDebug: true }, async (x) => { await x.setBreakpoints('/tmp/dapx/steps.bir', [{ line: 5 }]); });
    console.log(await s.waitForEnd());
    for (const m of s.log) console.log(describeMessage(m.message));
  });
  it('terminate while running', async () => {
    const s = await DapSession.start();
    await s.launch({ program: '/tmp/dapx/endless.bir' });
    await s.ok('threads');
    await s.ok('terminate');
    console.log(await s.waitForEnd());
    for (const m of s.log) console.log(describeMessage(m.message));
  });
  it('terminate noDebug while running', async () => {
    const s = await DapSession.start();
    await s.launch({ program: '/tmp/dapx/endless.bir', noDebug: true });
    await s.ok('threads');
    await s.ok('terminate');
    console.log(await s.waitForEnd());
    for (const m of s.log) console.log(describeMessage(m.message));
  });
});
