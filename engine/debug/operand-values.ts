/**
 * The values of an instruction's operands in a frame, read from the IR rather than from the operand's text: the
 * view the instruction would access with the registers as they are now, and its scalars and expressions as the
 * evaluate language computes them. Reading the IR shows what the instruction sees, also in code a pass rewrote.
 */
import { AccessPattern, Operand } from '../ir/program';
import { scalarSyntax } from '../ir/print';
import { Core, Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { Evaluator } from '../eval/evaluate';
import { frameScope } from '../eval/frame-scope';
import { Value } from '../eval/value';
import { compileAccess, ViewFn } from '../kernels/compile-access';
import { sourceText } from '../kernels/control';

// Operands are immutable and shared by every snapshot of a program: a view compiled once serves every stop.
const views = new WeakMap<AccessPattern, ViewFn>();

/**
 * The value of a tensor, scalar or expression operand; undefined for other operands and when it cannot be read
 * here: an index that reads a register never written (when such a read faults), an index out of bounds now.
 */
export function operandValue(m: Machine, core: Core, frame: Frame, op: Operand): Value | undefined {
  try {
    switch (op.kind) {
      case 'tensor': return { kind: 'view', view: viewFn(op.ap)(frame, core, m), text: op.ap.text };
      // Not the compiled scalar: it faults where a debugger shows a value, on a register never written
      // (<uninit>) and on a division by zero (inf, as at the stop of examples/faults/division-by-zero.bir).
      case 'scalar': return evaluator(m, core, frame).evaluate(scalarSyntax(op.expr, op.span));
      case 'eval': return evaluator(m, core, frame).evaluate(op.expr);
      default: return undefined;
    }
  } catch {
    return undefined;
  }
}

function viewFn(ap: AccessPattern): ViewFn {
  let fn = views.get(ap);
  if (!fn) views.set(ap, (fn = compileAccess(ap)));
  return fn;
}

/** As the kernels of Print and Assert evaluate: the running frame's names, quoting the program's source. */
function evaluator(m: Machine, core: Core, frame: Frame): Evaluator {
  const program = m.program;
  return new Evaluator(frameScope(m, core, frame), (span) => sourceText(program, span), !m.raises('uninitialized-read'));
}
