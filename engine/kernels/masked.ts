/**
 * An instruction under `mask = ...`: its kernel runs once per box of the elements the mask keeps (kernels/mask-boxes.ts),
 * on its operands cut to the box (kernels/restriction.ts). A masked-out element is not read, computed or written: the
 * destination keeps what it held, and a never-written source element there is not a fault (NKI's mask semantics).
 */
import { InstrNode } from '../ir/program';
import { maskTerms } from '../ir/mask';
import { attrOperand, Executor } from './common';
import { compileAccess } from './compile-access';
import { compileScalar } from './compile-scalar';
import { maskBoxes } from './mask-boxes';
import { compileRestricted, Restriction } from './restriction';

export function masked(node: InstrNode, compile: (node: InstrNode) => Executor | undefined): Executor {
  const mask = attrOperand(node, 'mask');
  if (mask?.kind !== 'scalar') throw new Error('expected a mask');
  // The indices a mask names: the destination's, or a reduction's source's (lang/check/mask.ts).
  const space = node.opcode === 'TensorReduce' ? node.srcs[0] : node.dst;
  if (space?.kind !== 'tensor') throw new Error('expected a tensor to mask');
  // Its slices may leave the tensor where the mask keeps nothing: only its shape is read here.
  const dst = { ap: space.ap, view: compileAccess(space.ap, true) };
  const terms = maskTerms(mask.expr, dst.ap.shape.length);
  const values = terms.map((t) => compileScalar(t.rhs));
  const restriction: Restriction = { shape: [] };
  const inner = compileRestricted(restriction, () => compile(node));
  if (!inner) throw new Error(`${node.opcode} has no kernel to mask`);
  // As a fused group: a continuable fault resumes at the box that faulted, so that no box runs twice.
  const resumeAt = new Map<number, number>();
  return (f, c, m) => {
    const shape = dst.view(f, c, m).shape;
    const boxes = maskBoxes(shape, terms, values.map((v) => v(f, c, m)));
    restriction.shape = shape;
    for (let i = resumeAt.get(c.index) ?? 0; i < boxes.length; i++) {
      resumeAt.set(c.index, i);
      restriction.box = boxes[i];
      try {
        inner(f, c, m);
      } finally {
        restriction.box = undefined;
      }
    }
    resumeAt.delete(c.index);
  };
}
