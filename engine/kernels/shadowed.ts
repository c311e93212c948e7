/**
 * An instruction of a shadow run (issue 27): its float64 execution first, on the shadows of what it reads, its results
 * kept pending; then the instruction itself; then the pending results become the shadows of what it wrote. Run first
 * so that an instruction that overwrites its own source (dst = src) is shadowed from what it read. A float64
 * execution that faults shadows nothing: the instruction itself reports its fault, and on resume both run again. Any
 * other exception is a bug of the simulator, reported as one (a kernel missing from a stale build once left MatMult
 * without shadows, silently).
 */
import { InstrNode } from '../ir/program';
import { Fault } from '../machine/fault';
import { ShadowRun } from '../machine/shadow-run';
import { Executor } from './common';
import { compileInFloat64 } from './precision';

/** The sequencer's instructions write registers or nothing: they have no shadow (and Print must not print twice). */
const UNSHADOWED: ReadonlySet<string> = new Set(['Set', 'Load', 'Print', 'Assert', 'Assert.close']);

/**
 * The elementwise instructions: each result element is made from the operand elements at its position (and columns
 * of scalars), so its error is followed back through those (machine/shadow-run.ts). The others (MatMult, Transpose,
 * TensorReduce, the scan) through everything they read.
 */
const POSITIONAL: ReadonlySet<string> = new Set(['DmaCopy', 'TensorCopy', 'TensorTensor', 'TensorScalar', 'ScalarTensorTensor', 'Activation', 'Select', 'Memset', 'Iota']);

export function shadowed(node: InstrNode, compile: (node: InstrNode) => Executor): Executor {
  const itself = compile(node);
  if (UNSHADOWED.has(node.opcode)) return itself;
  const inFloat64 = compileInFloat64(() => compile(node));
  let run: ShadowRun | undefined;
  let id = -1;
  const positional = POSITIONAL.has(node.opcode);
  return (f, c, m) => {
    const shadow = m.shadow;
    if (!shadow) return itself(f, c, m);
    if (shadow !== run) {
      run = shadow;
      id = shadow.idOf(node);
    }
    shadow.begin(id, positional);
    try {
      inFloat64(f, c, m);
    } catch (e) {
      shadow.discard();
      if (!(e instanceof Fault)) throw e;
    }
    itself(f, c, m);
    shadow.commit();
  };
}
