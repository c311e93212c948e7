/** A fault as a diagnostic line: `file:line:col: fault[code]: message`, then where the program was. */
import { formatSpan } from '../base/span';
import { Fault } from '../machine/fault';
import { Machine } from '../machine/machine';

export function describeFault(fault: Fault, machine: Machine, display: (file: string) => string = (f) => f): string {
  const code = machine.program.code;
  const node = code.has(fault.nodeIndex) ? code.node(fault.nodeIndex) : undefined;
  const where = fault.span ?? node?.span;
  const lines = [`${where ? formatSpan({ ...where, file: display(where.file) }) : '<unknown>'}: fault[${fault.code}]: ${fault.message}`];
  if (node) lines.push(`  in ${node.fn.fullName}${machine.ncores > 1 ? ` on core ${fault.core}` : ''}, at ${node.kind === 'instr' ? node.opcode : node.kind} (line ${node.span.line})`);
  return lines.join('\n');
}
