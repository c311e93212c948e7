/**
 * Progress of long runs: the count of instructions a program executes when it says it ahead (loops with constant
 * bounds, constant or balanced branches, calls), compared with what the machine counts when it runs; and the DAP
 * progress events the adapter makes of the engine's progress (only for clients that show progress).
 */
import * as assert from 'assert';
import { DebugProtocol } from '@vscode/debugprotocol';
import { dynamicInstructionCount } from '../../engine/ir/dynamic-count';
import { Machine } from '../../engine/machine/machine';
import { Program } from '../../engine/ir/program';
import { Interpreter } from '../../engine/run/interpreter';
import { runPipeline } from '../../engine/passes/pipeline';
import { PassName } from '../../engine/passes/registry';
import { RunProgressEvents } from '../../adapter/progress';
import { programOf } from '../helpers/virtual-host';
import { straightLine } from '../helpers/compiled-model';
import { allNodes } from '../../engine/passes/pass';

function program(text: string, passes: PassName[] = []): Program {
  const snapshots = runPipeline(programOf(text, 'p.bir'), passes);
  return snapshots[snapshots.length - 1].program;
}

/** What the machine counts when the program runs to its end. */
function executed(p: ReturnType<typeof program>, cores = 1): number {
  const machine = new Machine(p, { cores });
  const outcome = new Interpreter(machine, new Int32Array(4)).runFast();
  assert.strictEqual(outcome?.kind, 'exited');
  return machine.instructionsExecuted;
}

const KNOWN = `module p
const N = 5

func main() {
  sbuf t : f32[4, 8]
  Memset t <- 0
  for r6 in 0..3 {
    TensorScalar t <- t, op = add, scalar = 1
    TensorScalar t <- t, op = mul, scalar = 2
  }
  for r0 in 0..N {
    Set r1 = r0 * 2
    for r2 in 1..9 step 3 { call add(t, r2) }
  }
  if N > 3 { Set r3 = 1 } else { Set r3 = 2
    Set r4 = 3 }
  if r1 > 3 { Set r5 = 1 } else { Set r5 = 2 }
}

func add(t: sbuf f32[4, 8], r0) {
  TensorScalar t <- t, op = add, scalar = r0
  return
}
`;

describe('progress of long runs', () => {
  it('counts ahead what the machine counts when loops have constant bounds', () => {
    const p = program(KNOWN);
    assert.strictEqual(dynamicInstructionCount(p, 1), executed(p));
    assert.strictEqual(dynamicInstructionCount(p, 3), executed(p, 3));
  });

  it('counts fused groups as their members, after passes', () => {
    const p = program(KNOWN, ['inline', 'unroll', 'fuse']);
    assert.ok(allNodes(p).some((n) => n.kind === 'instr' && n.members), 'the passes made a fused group');
    assert.strictEqual(dynamicInstructionCount(p, 1), executed(p));
  });

  it('counts a compiled model without making an object per instruction (they would be garbage at the run\'s peak)', () => {
    const model = straightLine(5_000);
    const p = programOf(model.files.get('model.bir')!);
    const code = p.code;
    let made = 0;
    const node = code.node.bind(code);
    code.node = (index: number) => {
      if (!code.isObject(index)) made++;
      return node(index);
    };
    assert.strictEqual(dynamicInstructionCount(p, 2), 2 * model.instructions);
    assert.strictEqual(made, 0, 'plain instructions made as objects');
  });

  it('does not count ahead what depends on registers or data', () => {
    const byRegister = program(`module p
func main() {
  Set r0 = 4
  for r1 in 0..r0 { Set r2 = r1 }
}
`);
    assert.strictEqual(dynamicInstructionCount(byRegister, 1), undefined);
    const byBranch = program(`module p
func main() {
  Set r0 = 4
  if r0 > 2 { Set r1 = 1
    Set r2 = 2 } else { Set r1 = 0 }
}
`);
    assert.strictEqual(dynamicInstructionCount(byBranch, 1), undefined);
    const byCore = program(`module p
func main() {
  for r0 in 0..core + 1 { Set r1 = r0 }
}
`);
    assert.strictEqual(dynamicInstructionCount(byCore, 2), undefined);
  });

  describe('DAP progress events', () => {
    function events(enabled: boolean): { sent: DebugProtocol.Event[]; progress: RunProgressEvents } {
      const sent: DebugProtocol.Event[] = [];
      const progress = new RunProgressEvents((e) => sent.push(e));
      progress.enabled = enabled;
      return { sent, progress };
    }

    it('start, updates with a percentage when the total is known, then the end; a new run a new id', () => {
      const { sent, progress } = events(true);
      progress.show(1500, 6000, 'Running p.bir', true);
      progress.show(3000, 6000, 'Running p.bir', true);
      const id = progress.id;
      progress.end();
      assert.strictEqual(progress.id, undefined);
      progress.show(10, undefined, 'Running p.bir', false);
      progress.end();
      assert.deepStrictEqual(sent.map((e) => [e.event, e.body]), [
        ['progressStart', { progressId: id, title: 'Running p.bir', message: '1,500 of 6,000 instructions', cancellable: true, percentage: 25 }],
        ['progressUpdate', { progressId: id, message: '3,000 of 6,000 instructions', percentage: 50 }],
        ['progressEnd', { progressId: id }],
        ['progressStart', { progressId: 'bir-run-2', title: 'Running p.bir', message: '10 instructions', cancellable: false }],
        ['progressEnd', { progressId: 'bir-run-2' }],
      ]);
    });

    it('nothing for a client that does not show progress, and no end without a start', () => {
      const { sent, progress } = events(false);
      progress.show(1500, 6000, 'Running p.bir', true);
      progress.end();
      const other = events(true);
      other.progress.end();
      assert.deepStrictEqual([...sent, ...other.sent], []);
    });
  });
});
