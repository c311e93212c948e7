import * as path from 'path';
import { DapSession, EXAMPLES, useDapSessions } from '../helpers/dap-client';

describe('scratch', () => {
  useDapSessions();
  it('inspect', async () => {
    const s = await DapSession.start();
    const prog = path.join(EXAMPLES, 'calls_loops.bir');
    await s.launch({ program: prog }, async (x) => { await x.setBreakpoints(prog, [{ line: 71 }]); });
    await s.waitForStop();
    const tr = await s.stackTrace();
    console.log(JSON.stringify(tr));
    const sc2 = await s.scopes(tr.stackFrames[1].id);
    console.log(JSON.stringify(await s.variables(sc2[0].variablesReference)));
    for (const e of ['src[0, 0] + 0', 'src[0:1, 0:4]', 'src[0, 0]']) console.log(JSON.stringify(await s.evaluate(e, 'clipboard')));
  });
});
