/**
 * Post-mortem dumps from a debug session (the launch attribute dumpOnFault), through the stdio adapter: written when
 * the program stops at a fault, and when a run without debugging ends with one; said in the Debug Console; refused
 * as a launch attribute of the wrong type.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DapSession, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { readDump } from '../../engine/io/dump';

const CRASH = `module crash

func main() {
  sbuf acc : f32[4, 8]
  for r0 in 0..4 {
    Set r1 = r0 * 10
    call check(r1)
  }
}

func check(r4) {
  Assert r4 < 20, "r4 grew too large"
}
`;

describe('DAP: post-mortem dumps', function () {
  this.timeout(60000);
  useDapSessions();

  let dir: string;
  let crash: string;

  beforeEach(() => {
    dir = tempProgramDir({ 'crash.bir': CRASH });
    crash = path.join(dir, 'crash.bir');
  });

  it('dumpOnFault writes the machine at the fault stop, and says where', async () => {
    const s = await DapSession.start();
    await s.launch({ program: crash, dumpOnFault: 'out/../crash.birdump' });
    const stop = await s.waitForStop();
    assert.strictEqual(stop.stopped.body.reason, 'exception');
    const file = path.join(dir, 'crash.birdump');
    await s.waitForOutput(new RegExp(`Wrote a post-mortem dump of the fault to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const dump = readDump(file);
    assert.deepStrictEqual([dump.fault.code, dump.fault.node], ['assert', 'crash::check@12:3']);
    assert.deepStrictEqual(dump.stacks[0].frames.map((f) => [f.function, f.registers[4]]), [['crash::main', 0], ['crash::check', 20]]);
    // Continuing ends the run without writing the dump again.
    const before = fs.statSync(file).mtimeMs;
    await s.ok('continue', { threadId: 1 });
    assert.strictEqual(await s.waitForEnd(), 1);
    assert.strictEqual(fs.statSync(file).mtimeMs, before);
    assert.strictEqual(s.output().match(/Wrote a post-mortem dump/g)?.length, 1);
  });

  it('a run without debugging that faults writes its dump at the end', async () => {
    const s = await DapSession.start();
    await s.launch({ program: crash, noDebug: true, dumpOnFault: 'nodebug.birdump' });
    assert.strictEqual(await s.waitForEnd(), 1);
    assert.strictEqual(readDump(path.join(dir, 'nodebug.birdump')).fault.code, 'assert');
  });

  it('a dumpOnFault that is not a path fails the launch, naming it', async () => {
    const s = await DapSession.start();
    assert.match(await s.error('launch', { program: crash, dumpOnFault: 3 }), /launch attribute 'dumpOnFault' must be a non-empty string, found number 3/);
  });
});
