/**
 * The memory of a checked program and of its run, measured in a child process with a forced collection
 * (test/helpers/program-memory-probe.ts) on a straight-line program of 200,000 instructions in a compiler's shape: the
 * check keeps at most 300 bytes per instruction (heap and the array buffers of typed arrays; an object per node kept
 * about 1,080), and a run keeps nothing per instruction it executed (compiled executors are a bounded cache).
 */
import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as path from 'path';

const PROBE = path.join(__dirname, '..', 'helpers', 'program-memory-probe.ts');

interface Measured {
  readonly instructions: number;
  readonly executed: number;
  readonly checkedBytesPerInstruction: number;
  readonly runGrowthBytes: number;
}

describe('the memory of a compiled model', function () {
  this.timeout(300_000);
  let m: Measured;
  before(() => {
    const out = execFileSync(process.execPath, ['--expose-gc', '-r', 'tsx/cjs', PROBE, '200000'], { encoding: 'utf8', maxBuffer: 1 << 20 });
    m = JSON.parse(out) as Measured;
  });

  it('a checked program keeps at most 300 bytes per instruction', () => {
    assert.strictEqual(m.instructions, 200_000);
    assert.ok(m.checkedBytesPerInstruction < 300, `${m.checkedBytesPerInstruction.toFixed(1)} bytes per instruction`);
  });

  it('a run keeps nothing per instruction it executed', () => {
    assert.strictEqual(m.executed, 200_000);
    // A bounded cache of compiled instructions, not a closure per instruction that ran.
    assert.ok(m.runGrowthBytes / m.executed < 300, `${(m.runGrowthBytes / m.executed).toFixed(1)} bytes per executed instruction`);
  });
});
