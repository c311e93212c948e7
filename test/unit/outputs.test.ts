/**
 * Outputs a run never wrote (wholly or in part): saved as 0, and said, by bir-sim (standard error, after the summary)
 * and by the debugger (the Debug Console). Before, the zeros were saved without a word.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main as cli } from '../../engine/cli/bir-sim';
import { readNpyFile } from '../../engine/io/npy';
import { InProcessEngine } from '../../engine/host/in-process-engine';
import { EngineEvent } from '../../engine/protocol/types';

const PROGRAM = `module outs
dram x : f32[4, 8] = iota
dram half : f32[4, 8] output
dram none : f32[2, 2] output
dram full : f32[4, 8] output
func main() {
  DmaCopy half[0:2, :] <- x[0:2, :]
  DmaCopy full <- x
}
`;

describe('outputs never written', () => {
  let dir: string;
  let program: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-outputs-'));
    program = path.join(dir, 'outs.bir');
    fs.writeFileSync(program, PROGRAM);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('bir-sim warns for each, with the count, and saves them as 0', () => {
    const out: string[] = [];
    const err: string[] = [];
    const status = cli(['run', program, '--out', path.join(dir, 'out')], { out: (t) => out.push(t), err: (t) => err.push(t) });
    assert.strictEqual(status, 0);
    assert.deepStrictEqual(err, [
      "bir-sim: warning: output 'half' has 16 of 32 elements never written by the run; they are saved as 0",
      "bir-sim: warning: output 'none' has 4 of 4 elements never written by the run; it is saved as 0",
    ]);
    const half = readNpyFile(path.join(dir, 'out', 'half.npy')).data;
    assert.deepStrictEqual([...half.slice(16)], Array(16).fill(0));
    assert.deepStrictEqual([...half.slice(0, 16)], Array.from({ length: 16 }, (_, i) => i));
  });

  it('the debugger says it in the Debug Console', async () => {
    const engine = new InProcessEngine();
    const events: EngineEvent[] = [];
    const exited = new Promise<void>((resolve) => engine.onEvent((e) => {
      events.push(e);
      if (e.kind === 'exited') resolve();
    }));
    assert.ok((await engine.request('launch', { program })).ok);
    await engine.request('configurationDone', {});
    await exited;
    const console = events.filter((e): e is Extract<EngineEvent, { kind: 'output' }> => e.kind === 'output').map((e) => e.text);
    assert.ok(console.includes("warning: output 'half' has 16 of 32 elements never written by the run; they are saved as 0\n"), console.join(''));
    assert.ok(console.some((t) => t.startsWith("warning: output 'none'")));
    assert.ok(!console.some((t) => t.includes("'full'")));
  });
});
