/**
 * A recording of sizes only: the run made without computing a single value. A schedule needs each executed
 * instruction's engine, operand sizes and regions, and those follow from the control flow (loop bounds, branch
 * conditions, the registers `Set` writes from expressions of registers), never from tensor values, unless a `Load`
 * reads a tensor into a register. So the instructions that move and compute tensors run as nothing here, `Set` runs as
 * itself, and the recorder writes down what it always does: the stream is the full recording's, at the cost of the
 * control flow alone (what-if, issue 28: a 100,000-instruction update in a fraction of a run).
 *
 * It is refused (and the caller records the run in full) when it could differ from the full recording: a `Load` is
 * met (the control flow may read a tensor), an operand cannot be made (the run faults there), or the run does not
 * end normally (a fault of the control flow: the full run says where and why). What it cannot see is a fault that
 * only values raise (NaN, a read of unwritten memory, a race, a failed Assert): where the full run would stop at one,
 * this stream goes on to the end. The timeline says so on a schedule made this way.
 */
import { InstrNode, Program } from '../ir/program';
import { Machine } from '../machine/machine';
import { compileInstruction } from '../kernels';
import { Executor } from '../kernels/common';
import { ExecutionHooks } from '../run/hooks';
import { Interpreter } from '../run/interpreter';
import { npyMachineOptions, RunOptions } from '../run/simulate';
import { Recording, StreamRecorder } from './record';

/** The recording, or why a recording of sizes only could differ from the full one. */
export type SizesOnlyRecording = Recording | { readonly refused: string };

/** Thrown from the hooks to end the run at once (the interpreter turns what its nodes throw into faults, not hooks). */
class Refused extends Error {}

/** The program's run recorded with sizes only (its data as .npy, as `recordRun`'s). */
export function recordSizes(program: Program, options: RunOptions = {}): SizesOnlyRecording {
  return recordSizesOn(new Machine(program, npyMachineOptions(options)));
}

/** Runs a machine made for the program to its end computing no tensor value, recording what it executes. */
export function recordSizesOn(machine: Machine): SizesOnlyRecording {
  const program = machine.program;
  const refuse = (node: InstrNode, why: string): never => {
    throw new Refused(`${why} (${node.opcode} at line ${node.span.line})`);
  };
  const recorder = new StreamRecorder(program, machine, (node) => refuse(node, 'an operand cannot be made: the run faults there'));
  const hooks = recorder.hooks();
  const guarded: ExecutionHooks = {
    ...hooks,
    beforeNode: (core, frame, node) => {
      if (node.kind === 'instr' && node.opcode === 'Load') refuse(node, 'the control flow may read a tensor: Load');
      return hooks.beforeNode(core, frame, node);
    },
  };
  let outcome;
  try {
    outcome = new Interpreter(machine, undefined, undefined, sizesOnlyExecutor).runDebug(guarded);
  } catch (e) {
    if (e instanceof Refused) return { refused: e.message };
    throw e;
  }
  if (outcome.kind !== 'exited') return { refused: `the run did not end normally (${outcome.kind === 'failed' ? outcome.fault.code : outcome.kind})` };
  return { program, stream: recorder.finish(), outcome, machine };
}

/** Registers are the control flow's: `Set` runs; every other instruction's work is values, which nothing here reads. */
function sizesOnlyExecutor(node: InstrNode): Executor {
  return node.opcode === 'Set' ? compileInstruction(node)! : doNothing;
}

function doNothing(): void {}
