/**
 * Signature help for instructions: `TensorScalar dst <- a, op, scalar, op1, scalar1, reverse, reverse1, mask` with
 * the item the cursor is in highlighted: the destination, a positional operand, or the attribute being written. The
 * operands are the opcode records' (engine/ir/opcodes.ts), the attributes the checker's; the cursor's item comes
 * from the line's tokens (line-context.ts), so a half-typed line gets help too.
 */
import type { ParameterInformation, SignatureHelp } from 'vscode-languageserver';
import { OPCODES } from '../engine/ir/opcodes';
import { lineContext } from './line-context';
import { attributeLine, attributesOf } from './opcode-docs';

export function signatureHelp(lineText: string, col: number): SignatureHelp | null {
  const cx = lineContext(lineText, col);
  const info = cx.head ? OPCODES.get(cx.head) : undefined;
  // Past the opcode only: on the opcode itself completion and hover answer.
  if (!info?.operands || col <= cx.tokens[0].span.endCol) return null;
  const destination = info.name !== 'Barrier';
  const attributes = Object.entries(attributesOf(info.name));
  const parts: { label: string; documentation?: string }[] = [
    ...(destination ? [{ label: 'dst', documentation: info.name === 'Load' ? 'the register it sets' : 'the destination it writes' }] : []),
    ...info.operands.map((o) => ({ label: o })),
    ...attributes.map(([name, spec]) => ({ label: `${name} = …`, documentation: attributeLine(spec) })),
  ];
  let label = info.name;
  const parameters: ParameterInformation[] = [];
  parts.forEach((p, i) => {
    label += i === 0 ? ' ' : i === 1 && destination ? ' <- ' : ', ';
    parameters.push({ label: [label.length, label.length + p.label.length], documentation: p.documentation });
    label += p.label;
  });
  return { signatures: [{ label, documentation: info.summary, parameters }], activeSignature: 0, activeParameter: activeParameter(cx, destination, info.operands.length, attributes.map(([n]) => n)) };
}

/** The destination (before `<-`), the operand the cursor is in, or the attribute it is writing (or may start). */
function activeParameter(cx: ReturnType<typeof lineContext>, destination: boolean, operands: number, attributes: readonly string[]): number {
  const first = destination ? 1 : 0;
  if (destination && !cx.afterArrow) return 0;
  if (cx.attribute !== undefined) {
    const k = attributes.indexOf(cx.attribute);
    return k >= 0 ? first + operands + k : first + operands;
  }
  const operand = destination ? cx.item - 1 : cx.item;
  return first + Math.min(operand, operands);
}
