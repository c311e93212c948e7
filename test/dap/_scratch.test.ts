import * as path from 'path';
import { DapSession, EXAMPLES, useDapSessions } from '../helpers/dap-client';

async function trace(program: string, steps: [string, Record<string, unknown>?][], extra: Record<string, unknown> = {}) {
  const s = await DapSession.start();
  await s.launch({ program, stopOnEntry: true, ...extra });
  const st = await s.waitForStop();
  let f = await s.stackTrace();
  const out = [`entry ${st.stopped.body.reason} ${f.stackFrames.map((x) => `${x.name}:${x.line}:${x.column}`).join(' | ')}`];
  for (const [cmd, args] of steps) {
    await s.ok(cmd, { threadId: 1, ...(args ?? {}) });
    const ev = await s.waitForStopOrExit();
    if ('exitCode' in ev) { out.push(`${cmd} -> exited`); break; }
    f = await s.stackTrace();
    out.push(`${cmd} ${JSON.stringify(args ?? {})} -> ${f.stackFrames.map((x) => `${x.name}:${x.line}:${x.column}`).join(' | ')}`);
  }
  console.log(out.join('\n'));
}

describe('scratch', () => {
  useDapSessions();
  it('steps', async () => {
    const n = (k: number, c = 'next', a?: Record<string, unknown>) => Array.from({ length: k }, () => [c, a] as [string, Record<string, unknown>?]);
    await trace('/tmp/dapx/steps2.bir', n(12));
    await trace('/tmp/dapx/steps2.bir', n(20, 'stepIn'));
    await trace('/tmp/dapx/steps2.bir', [...n(2, 'stepIn'), ['stepOut'], ...n(6, 'next'), ['stepIn'], ['stepOut'], ['next'], ['stepIn'], ['stepIn'], ['stepOut'], ['stepOut'], ['stepOut']]);
    const p = path.join(EXAMPLES, 'calls_loops.bir');
    const i = { granularity: 'instruction' };
    await trace(p, [...n(5), ['stepIn'], ['next'], ['next'], ['stepIn'], ['stepOut'], ['stepOut'], ['next'], ['next'], ['next'], ['stepIn', i], ['next', i], ['stepIn', i], ['stepOut', i], ['stepOut']]);
  });
});
