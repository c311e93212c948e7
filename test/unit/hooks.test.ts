import * as assert from 'assert';
import { Node } from '../../engine/ir/program';
import { Core, Frame, RegionCursor } from '../../engine/machine/core';
import { Fault } from '../../engine/machine/fault';
import { Machine } from '../../engine/machine/machine';
import { ExecutionHooks } from '../../engine/run/hooks';
import { Interpreter } from '../../engine/run/interpreter';
import { programOf } from '../helpers/virtual-host';

/** A test double that records every hook call as a line, and stops where it is told to. */
class Recorder implements ExecutionHooks {
  readonly events: string[] = [];
  stopAt = new Set<number>();
  stopOnFault = false;

  private label(node: Node): string {
    return `${node.kind === 'instr' ? node.opcode : node.kind}@${node.span.line}`;
  }

  beforeNode(core: Core, frame: Frame, node: Node): boolean {
    this.events.push(`before ${this.label(node)} c${core.index} ${frame.fn.name}`);
    return this.stopAt.has(node.span.line);
  }
  onCall(core: Core, frame: Frame): void {
    this.events.push(`call ${frame.fn.name} depth ${frame.depth}`);
  }
  onReturn(core: Core, frame: Frame): void {
    this.events.push(`return ${frame.fn.name}`);
  }
  onRegionEnter(core: Core, frame: Frame, cursor: RegionCursor): void {
    this.events.push(`enter ${cursor.region.kind}${cursor.loop ? ` ${cursor.loop.iteration}` : ''}`);
  }
  onRegionExit(core: Core, frame: Frame, cursor: RegionCursor): void {
    this.events.push(`exit ${cursor.region.kind}${cursor.loop ? ` ${cursor.loop.iteration}` : ''}`);
  }
  onFault(core: Core, frame: Frame, node: Node, fault: Fault): boolean {
    this.events.push(`fault ${fault.code} at ${this.label(node)}`);
    return this.stopOnFault;
  }
  onCoreExit(core: Core): void {
    this.events.push(`exit core ${core.index}`);
  }
}

const PROGRAM = `module hooks
func main() {
  sbuf t : f32[1, 4]
  Memset t <- 0
  for r0 in 0..2 {
    if r0 == 1 {
      call f(t)
    }
  }
  Set r1 = 3
}
func f(x: f32[1, 4]) {
  Memset x <- 1
  return
}
`;

describe('execution hooks (the debugger seam)', () => {
  it('fire in the documented order: regions, calls, returns, nodes, core exit', () => {
    const machine = new Machine(programOf(PROGRAM));
    const hooks = new Recorder();
    const outcome = new Interpreter(machine).runDebug(hooks);
    assert.strictEqual(outcome.kind, 'exited');
    assert.deepStrictEqual(hooks.events, [
      'before Memset@4 c0 main',
      'before for@5 c0 main',
      'enter loop 0',
      'before if@6 c0 main',
      'exit loop 0',
      'enter loop 1',
      'before if@6 c0 main',
      'enter then',
      'before call@7 c0 main',
      'call f depth 1',
      'before Memset@13 c0 f',
      'before return@14 c0 f',
      'return f',
      'exit then',
      'exit loop 1',
      'before Set@10 c0 main',
      'return main',
      'exit core 0',
    ]);
  });

  it('a stop happens before the node runs, and resuming runs it without asking again', () => {
    const machine = new Machine(programOf(PROGRAM));
    const hooks = new Recorder();
    hooks.stopAt.add(10);
    const interpreter = new Interpreter(machine);
    const first = interpreter.runDebug(hooks);
    assert.strictEqual(first.kind, 'stopped');
    assert.strictEqual(machine.cores[0].frame!.isWritten(1), false, 'Set has not run yet');
    hooks.events.length = 0;
    const second = interpreter.runDebug(hooks);
    assert.strictEqual(second.kind, 'exited');
    assert.deepStrictEqual(hooks.events, ['return main', 'exit core 0']);
  });

  it('reports a fault to onFault; a stop there keeps the node unfinished and a resume ends the run', () => {
    const machine = new Machine(programOf(`module f
func main() {
  Set r0 = 0
  Set r1 = 1 / r0
}
`));
    const hooks = new Recorder();
    hooks.stopOnFault = true;
    const interpreter = new Interpreter(machine);
    const stop = interpreter.runDebug(hooks);
    assert.strictEqual(stop.kind, 'fault-stopped');
    assert.ok(hooks.events.includes('fault division-by-zero at Set@4'));
    const end = interpreter.runDebug(hooks);
    assert.strictEqual(end.kind, 'failed');
  });

  it('the fast loop and the debug loop compute the same result', () => {
    const text = `module same
dram y : f32[4, 8] output
func main() {
  sbuf a : f32[4, 8]
  Iota a <- base = 1, pstep = 8, fstep = 1
  for r0 in 0..3 {
    TensorScalar a <- a, op = mul, scalar = 1.5, op1 = add, scalar1 = r0
  }
  DmaCopy y <- a
}
`;
    const fast = new Machine(programOf(text));
    new Interpreter(fast).runFast();
    const debug = new Machine(programOf(text));
    new Interpreter(debug).runDebug(new Recorder());
    assert.deepStrictEqual(Array.from(debug.drams[0].data), Array.from(fast.drams[0].data));
  });
});
