// An on-chip allocation placed at a start partition (`sbuf h : f32[64, 512], partition = 64`): the hardware's rule of
// which partitions a tensor may start at (by how many it takes), the overlap check over partitions and bytes, what a
// run computes with two half tiles sharing bytes in different partitions, and where the debugger says they lie.
import * as assert from 'node:assert/strict';
import { diagnosticsAt, mainModule, programOf } from '../helpers/virtual-host';
import { runProgram, npyMachineOptions } from '../../engine/run/simulate';
import { decode } from '../../engine/machine/dtypes';
import { DebugCore } from '../../engine/debug/debug-core';
import { startPartitionProblem } from '../../engine/lang/check/placement';

/** Two 64-partition tiles in the same bytes, one in each half of the partitions, then a PSUM tile at partition 32. */
const HALVES = mainModule(['dram x : f32[128, 16] input = iota', 'dram y : f32[128, 16] output'], [
  'sbuf lo : f32[64, 16], offset = 0',
  'sbuf hi : f32[64, 16], partition = 64, offset = 0',
  'psum q : f32[32, 16], partition = 32, bank = 1',
  'DmaCopy lo <- x[0:64, :]',
  'DmaCopy hi <- x[64:128, :]',
  'TensorScalar lo <- lo, op = add, scalar = 1000',
  'TensorCopy q <- hi[0:32, :]',
  'DmaCopy y[64:96, :] <- q',
  'DmaCopy y[96:128, :] <- hi[32:64, :]',
  'DmaCopy y[0:64, :] <- lo',
]);

describe('allocations at a start partition', () => {
  it('follows the hardware rule: 65-128 partitions start at 0, 33-64 at 0 or 64, 1-32 at 0, 32, 64 or 96', () => {
    const allowed = (p: number) => [0, 16, 32, 48, 64, 80, 96, 112].filter((s) => startPartitionProblem(p, s) === undefined);
    assert.deepEqual(allowed(128), [0]);
    assert.deepEqual(allowed(65), [0]);
    assert.deepEqual(allowed(64), [0, 64]);
    assert.deepEqual(allowed(33), [0, 64]);
    assert.deepEqual(allowed(32), [0, 32, 64, 96]);
    assert.deepEqual(allowed(1), [0, 32, 64, 96]);
  });

  it('is placed where it says; two tiles in different partitions may share bytes', () => {
    const program = programOf(HALVES);
    const [lo, hi, q] = program.main.allocs;
    assert.deepEqual([lo.placement, hi.placement, q.placement], [
      { partitions: 64, offset: 0, bytesPerPartition: 64 },
      { partitions: 64, partition: 64, offset: 0, bytesPerPartition: 64 },
      { partitions: 32, partition: 32, offset: 2048, bytesPerPartition: 64 },
    ]);
  });

  it('refuses a start the rule forbids, and an overlap in shared partitions and bytes, naming both, with file:line:col', () => {
    const at = (lines: string[]) => diagnosticsAt(mainModule([], lines));
    assert.deepEqual(at(['sbuf h : f32[64, 16], partition = 32']), ["3:3: sbuf allocation 'h' (f32[64, 16], 64 bytes per partition, partition = 32) cannot start at partition 32: a tensor of 33 to 64 partitions starts at partition 0 or 64 (the hardware's start-partition rule, NKI architecture guide); it takes 64"]);
    assert.deepEqual(at(['sbuf h : f32[128, 16], partition = 64']), ["3:3: sbuf allocation 'h' (f32[128, 16], 64 bytes per partition, partition = 64) cannot start at partition 64: a tensor of 65 to 128 partitions starts at partition 0 (the hardware's start-partition rule, NKI architecture guide); it takes 128"]);
    assert.deepEqual(at(['psum q : f32[16, 16], partition = 48']), ["3:3: psum allocation 'q' (f32[16, 16], 64 bytes per partition, partition = 48) cannot start at partition 48: a tensor of 1 to 32 partitions starts at partition 0, 32, 64 or 96 (the hardware's start-partition rule, NKI architecture guide); it takes 16"]);
    assert.deepEqual(at(['sbuf a : f32[96, 16], offset = 0', 'sbuf b : f32[32, 16], partition = 64, offset = 0']), ["4:3: sbuf allocation 'b' (f32[32, 16], 64 bytes per partition, partition = 64, offset = 0) overlaps 'a' (line 3), which is live here: 'b' would take bytes 0..63 of partitions 64..95, 'a' takes bytes 0..63 of partitions 0..95"]);
    assert.deepEqual(at(['sbuf a : f32[32, 16], partition = 96, offset = 0', 'sbuf b : f32[96, 16], offset = 0']), []);
    assert.deepEqual(at(['sbuf h : f32[64, 16], partition = 128']), ["3:37: the first partition of 'h' must be an integer from 0 to 127, found 128"]);
    assert.deepEqual(at(['sbuf h : f32[64, 16], partition = 0, partition = 64']), ["3:40: 'partition' is given twice"]);
  });

  it('computes with the halves as with any tiles', () => {
    const { outcome, machine } = runProgram(programOf(HALVES), { output: () => undefined });
    assert.equal(outcome.kind, 'exited');
    const y = Array.from(machine.drams.find((t) => t.name === 'y')!.data, (v) => decode('f32', v));
    const want = Array.from({ length: 128 * 16 }, (_, i) => (i < 64 * 16 ? i + 1000 : i));
    assert.deepEqual(y, want);
  });

  it('the debugger places them: Memory scope, memory map, addresses of their elements', () => {
    const program = programOf(HALVES);
    const core = new DebugCore(program, npyMachineOptions({ cores: 1 }), {}, new Int32Array(2));
    core.setBreakpoints(program.entry.file, [{ line: 13 }]);
    let o = core.run();
    while (o.kind === 'yield') o = core.run();
    assert.equal(o.kind, 'stopped');
    const map = core.memoryMap({});
    assert.deepEqual(map.allocations.map((a) => [a.name, a.firstPartition ?? 0, a.partitions, a.offset]), [['lo', 0, 64, 0], ['hi', 64, 64, 0], ['q', 32, 32, 2048]]);
    const frameId = core.stackTrace(1).frames[0].id;
    const memory = core.variables(core.scopes(frameId).find((s) => s.name === 'Memory')!.reference);
    const sbuf = core.variables(memory.find((v) => v.name.startsWith('SBUF'))!.reference);
    assert.match(sbuf.find((v) => v.name.startsWith('hi'))!.value, /@ partitions 64\.\.127, bytes 0\.\.63$/);
    // hi's first element is partition 64's byte 0; lo's is partition 0's: their addresses are 64 partitions apart.
    const lo = Number(core.evaluate('lo', frameId, 'repl').memoryReference);
    const hi = Number(core.evaluate('hi', frameId, 'repl').memoryReference);
    const partitionSpan = Number(core.evaluate('lo[1, 0]', frameId, 'repl').memoryReference) - lo;
    assert.equal(hi - lo, 64 * partitionSpan);
  });
});
