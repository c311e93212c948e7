/**
 * What an operand of an instruction under a mask accesses, for data breakpoints: the boxes of its base tensor that
 * the elements the mask keeps reach, made from the registers of the moment as the kernel makes them
 * (kernels/masked.ts: the mask's boxes, each operand's view cut to each). A masked-out element is neither read nor
 * written, so a data breakpoint on it does not stop at the instruction.
 */
import { AccessPattern, InstrNode } from '../ir/program';
import { maskTerms } from '../ir/mask';
import { Core, Frame } from '../machine/core';
import { Machine } from '../machine/machine';
import { attrOperand } from '../kernels/common';
import { compileAccess } from '../kernels/compile-access';
import { compileScalar } from '../kernels/compile-scalar';
import { maskBoxes } from '../kernels/mask-boxes';
import { viewAtBox } from '../kernels/restriction';
import { Box, boxOfView } from './data-region';

/** The boxes of the base tensor an operand reaches where the mask keeps elements; throws as the instruction would. */
export type KeptBoxes = (f: Frame, c: Core, m: Machine) => Box[];

/** For an operand `ap` of a masked instruction: its kept boxes; undefined when the instruction has no mask. */
export function compileKeptBoxes(node: InstrNode, ap: AccessPattern, role: string): KeptBoxes | undefined {
  const mask = attrOperand(node, 'mask');
  if (mask?.kind !== 'scalar') return undefined;
  // The indices a mask names: the destination's, or a reduction's source's (lang/check/mask.ts).
  const space = node.opcode === 'TensorReduce' ? node.srcs[0] : node.dst;
  if (space?.kind !== 'tensor') return undefined;
  const spaceView = compileAccess(space.ap, true);
  const view = compileAccess(ap, true);
  const terms = maskTerms(mask.expr, space.ap.shape.length);
  const values = terms.map((t) => compileScalar(t.rhs));
  return (f, c, m) => {
    const shape = spaceView(f, c, m).shape;
    const whole = view(f, c, m);
    const out: Box[] = [];
    for (const box of maskBoxes(shape, terms, values.map((v) => v(f, c, m)))) {
      const reached = boxOfView(viewAtBox(whole, shape, box, ap, role));
      if (reached) out.push(reached);
    }
    return out;
  };
}
