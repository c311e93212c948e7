/**
 * A run compared with a reference as it goes (issue 27, item 2): every write of an element of a compared DRAM tensor
 * is compared with that element of the reference folder (output-reference.ts: bit for bit, or within a tolerance), and
 * the run ends at the first write out of tolerance: the instruction, the element, both values. Then, as a diff does for
 * its side, the program runs under the debugger to just before that write, and `:why` says what the write read and
 * where those values came from. A tensor written more than once per element (accumulated in DRAM) is compared at
 * each write: this answers for tensors each of whose elements is written once, in its final value.
 */
import { Program } from '../ir/program';
import { Machine, MachineOptions } from '../machine/machine';
import { CONTROL_TERMINATE, Interpreter, RunOutcome } from '../run/interpreter';
import { explainWrite, Origin } from '../debug/origins';
import { Write, WriteTarget } from '../debug/writes';
import { watchDramWrites, Writer } from './dram-writes';
import { OutputMismatch, ReferenceFolder } from './output-reference';
import { stoppedBefore } from './stopped-side';

export interface WriteMismatch {
  readonly mismatch: OutputMismatch & { readonly kind: 'element' };
  readonly writer: Writer;
  /** What the write read, and where each of those values came from (`:why` of the element). */
  readonly origin?: Origin;
}

export interface ReferenceRun {
  readonly machine: Machine;
  /** How the run ended; undefined when it was ended at the first write out of tolerance. */
  readonly outcome?: RunOutcome;
  readonly first?: WriteMismatch;
  /** Element writes compared. */
  readonly writes: number;
}

export function runAgainstReference(program: Program, options: MachineOptions, folder: ReferenceFolder, explain = true): ReferenceRun {
  const machine = new Machine(program, options);
  const control = new Int32Array(2);
  const interpreter = new Interpreter(machine, control);
  const infos = new Map(folder.tensors.map((d) => [d.slot, d]));
  let first: { mismatch: OutputMismatch & { kind: 'element' }; writer: Writer; slot: number } | undefined;
  let writes = 0;
  const watch = watchDramWrites(machine, interpreter, (slot, from, to, bits, writer) => {
    const d = infos.get(slot);
    if (!d || first) return;
    for (let i = from; i < to; i++) {
      writes++;
      const m = folder.mismatchAt(d, i, bits);
      if (!m) continue;
      first = { mismatch: m as OutputMismatch & { kind: 'element' }, writer, slot };
      control[CONTROL_TERMINATE] = 1;
      return;
    }
  });
  let outcome: RunOutcome | undefined;
  try {
    outcome = interpreter.runFast();
  } finally {
    watch.stop();
  }
  if (!first) return { machine, outcome, writes };
  const { mismatch, writer, slot } = first;
  return { machine, writes, first: { mismatch, writer, origin: explain ? whyOf(program, options, writer, slot, mismatch) : undefined } };
}

/** `:why` of the element, in a debugger stopped before its write. */
function whyOf(program: Program, options: MachineOptions, w: Writer, slot: number, m: OutputMismatch & { kind: 'element' }): Origin {
  const core = stoppedBefore(program, options, w);
  return core.travel.inThePast('reference', (ctx) => {
    const target: WriteTarget = { kind: 'memory', view: { tensor: ctx.machine.drams[slot], offset: m.index, shape: [], strides: [] }, text: m.element };
    const write: Write = { tick: w.tick, instructions: w.instructions, core: w.core, node: w.node, member: w.member, allocation: false, position: 0, count: 1, before: { value: 0, written: false } };
    return explainWrite(ctx, target, write);
  });
}
