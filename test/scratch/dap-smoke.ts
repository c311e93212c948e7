import { DebugClient } from '@vscode/debugadapter-testsupport';
(async () => {
  const dc = new DebugClient('node', '/work/main/dist/adapter.js', 'bir');
  await dc.start();
  dc.on('output', (e) => process.stdout.write('OUT ' + e.body.category + ': ' + e.body.output));
  const init = await dc.initializeRequest();
  console.log('caps', Object.keys(init.body!).length);
  await dc.launchRequest({ program: '/work/main/examples/calls_loops.bir' });
  const bp = await dc.setBreakpointsRequest({ source: { path: '/work/main/examples/calls_loops.bir' }, breakpoints: [{ line: 34 }, {line: 3}] });
  console.log(JSON.stringify(bp.body.breakpoints));
  await dc.configurationDoneRequest();
  const st = await dc.waitForEvent('stopped', 10000);
  console.log('stopped', JSON.stringify(st.body));
  const stack = await dc.stackTraceRequest({ threadId: 1 });
  console.log(JSON.stringify(stack.body.stackFrames.map(f => [f.name, f.line])));
  const scopes = await dc.scopesRequest({ frameId: stack.body.stackFrames[0].id });
  for (const s of scopes.body.scopes) {
    const v = await dc.variablesRequest({ variablesReference: s.variablesReference });
    console.log(s.name, JSON.stringify(v.body.variables.slice(0, 6).map(x => [x.name, x.value])));
  }
  await dc.nextRequest({ threadId: 1 });
  const st2 = await dc.waitForEvent('stopped', 10000);
  const stack2 = await dc.stackTraceRequest({ threadId: 1 });
  console.log('after next', JSON.stringify(stack2.body.stackFrames.map(f => [f.name, f.line])));
  await dc.continueRequest({ threadId: 1 });
  const ex = await dc.waitForEvent('exited', 20000);
  console.log('exited', ex.body);
  await dc.stop();
})().catch(e => { console.error('ERR', e); process.exit(1); });
