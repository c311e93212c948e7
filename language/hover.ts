/**
 * Hover: for a name, its declaration as written and, from the last checked program, its shape, dtype, size and
 * placement (SBUF partitions and bytes, the PSUM bank); for an opcode, an attribute or an attribute's word, the
 * documentation of the opcode records.
 */
import type { Hover } from 'vscode-languageserver';
import { dtypeInfo } from '../engine/base/dtype';
import { FunctionIR, Program, tileShape } from '../engine/ir/program';
import { Declaration, FileIndex } from './file-index';
import { lineContext } from './line-context';
import { declarationAt } from './navigation';
import { attributeMarkdown, attributesOf, opcodeMarkdown } from './opcode-docs';
import { memoryPlace, placementBox } from './placement-text';
import { toRange } from './positions';
import { Workspace } from './workspace';

export function hover(ws: Workspace, file: string, line: number, col: number, program: (file: string) => Program | undefined): Hover | null {
  const ref = declarationAt(ws, file, line, col);
  if (ref) {
    const span = ref.at.occurrence(ref.occurrence).span;
    return { contents: { kind: 'markdown', value: declarationMarkdown(ref.index, ref.decl, program(ref.index.file)) }, range: toRange(span) };
  }
  const text = ws.lineText(file, line);
  return text === undefined ? null : wordHover(text, line, col);
}

/** An opcode, an attribute's name or one of its words. */
function wordHover(text: string, line: number, col: number): Hover | null {
  const cx = lineContext(text, col);
  const token = cx.tokens[cx.at];
  if (!token || token.kind !== 'ident' || !cx.head) return null;
  const range = { start: { line: line - 1, character: token.span.col - 1 }, end: { line: line - 1, character: token.span.endCol - 1 } };
  const markdown = (value: string | undefined): Hover | null => (value ? { contents: { kind: 'markdown', value }, range } : null);
  if (cx.at === 0 || (cx.at === 2 && cx.head.includes('.'))) return markdown(opcodeMarkdown(cx.head));
  const attrs = attributesOf(cx.head);
  const next = cx.tokens[cx.at + 1];
  if (next?.text === '=' && attrs[token.text]) return markdown(attributeMarkdown(cx.head, token.text));
  const prev = cx.tokens[cx.at - 1];
  const owner = cx.tokens[cx.at - 2];
  if (prev?.text === '=' && owner && attrs[owner.text]?.words?.includes(token.text)) {
    return markdown(`\`${token.text}\`: a value of \`${owner.text}\` of **${cx.head}**\n\n${attributeMarkdown(cx.head, owner.text)}`);
  }
  return null;
}

/** A declaration as written, with what the checked program knows of it. */
export function declarationMarkdown(index: FileIndex, d: Declaration, program: Program | undefined): string {
  const fn = d.fn === undefined ? undefined : index.decls[d.fn];
  const written = declarationText(index, d);
  const facts: string[] = [];
  if (d.kind === 'register') facts.push(`a register of \`${fn?.name}\`, first set at line ${d.span.line}`);
  if (d.kind === 'param' && !d.type) facts.push(`a register parameter of \`${fn?.name}\`: the value the caller passes`);
  if (d.kind === 'module') facts.push(`the module of \`${index.file}\``);
  if (d.kind === 'function') facts.push(`\`${index.moduleName}::${d.name}\``);
  const tensor = program && tensorFacts(program, index, d, fn);
  if (tensor) facts.push(...tensor);
  else if (d.type) facts.push(`a ${d.kind === 'param' ? `parameter of \`${fn?.name}\`, a view in ${(d.memory ?? 'dram').toUpperCase()}` : `${(d.memory ?? 'dram').toUpperCase()} tensor`}`);
  if (d.kind === 'const' && program) {
    const value = program.constants.get(index.moduleName)?.get(d.name);
    if (value !== undefined) facts.push(`= ${value}`);
  }
  return [`\`\`\`bir\n${written}\n\`\`\``, ...facts].join('\n\n');
}

/** The declaration's own text: its line(s), a function's header without its body. */
function declarationText(index: FileIndex, d: Declaration): string {
  if (d.kind === 'register') return d.name;
  if (d.kind === 'param') return index.text.split('\n')[d.span.line - 1].slice(d.span.col - 1, d.span.endLine === d.span.line ? d.span.endCol - 1 : undefined);
  const lines = index.text.split('\n').slice(d.span.line - 1, d.kind === 'function' ? d.span.line : d.span.endLine);
  const text = lines.join('\n').slice(d.span.col - 1);
  return (d.kind === 'function' ? text.replace(/\s*\{.*$/s, '') : text.replace(/\s+#.*$/, '')).trim();
}

/** Shape, dtype, bytes and placement of a tensor of a checked program. */
function tensorFacts(program: Program, index: FileIndex, d: Declaration, fn: Declaration | undefined): string[] | undefined {
  if (d.kind === 'dram') {
    const info = program.drams.find((t) => t.name === d.name && t.module === index.moduleName);
    if (!info) return undefined;
    const bytes = info.shape.reduce((a, b) => a * b, 1) * dtypeInfo(info.dtype).bytes;
    return [`DRAM, ${info.dtype}[${info.shape.join(', ')}], ${bytes.toLocaleString('en-US')} bytes${info.role ? `, the program's ${info.role}` : ''}`];
  }
  if (!fn || (d.kind !== 'alloc' && d.kind !== 'param')) return undefined;
  const ir: FunctionIR | undefined = program.functions.get(`${index.moduleName}::${fn.name}`);
  if (!ir) return undefined;
  if (d.kind === 'param') {
    const p = ir.params.find((q) => q.kind === 'param' && q.name === d.name);
    return p && p.kind === 'param' ? [`a parameter of \`${fn.name}\`: a view in ${(p.memory ?? 'dram').toUpperCase()}, ${p.dtype}[${p.shape.join(', ')}]`] : undefined;
  }
  const a = ir.allocs.find((t) => t.name === d.name && t.span.line === d.span.line);
  if (!a) return undefined;
  return [
    a.array ? `${a.memory.toUpperCase()}, an array of ${a.array.join(' × ')} tiles of ${a.dtype}[${tileShape(a).join(', ')}] (\`${a.name}${a.array.map((_, i) => `[${'ijkl'[i]}]`).join('')}\` is a tile)` : `${a.memory.toUpperCase()}, ${a.dtype}[${a.shape.join(', ')}]`,
    `${memoryPlace(a)}: ${placementBox(a)} of each (${a.placement.bytesPerPartition.toLocaleString('en-US')} bytes per partition, from the start of \`${fn.name}\`'s frame)`,
  ];
}
