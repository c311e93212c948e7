/**
 * The quick fix "declare a missing tensor": an instruction's operand the checker does not know (`unknown name 'o'`),
 * declared with the type its use implies, when the other operands say it:
 *
 * - a destination: MatMult's is `psum f32[M, N]` from stationary `[K, M]` and moving `[K, N]`; Transpose's
 *   `psum f32[F, P]` from its source `[P, F]`; TensorReduce's `[P, 1]` of its source's dtype; DmaCopy's an `sbuf` of
 *   the source's type when the source is in DRAM, else a `dram` output; any other instruction's an `sbuf` of its
 *   first known source's type;
 * - a source: MatMult's stationary `[K, M]` and moving `[K, N]` from the other and the destination `[M, N]`;
 *   Transpose's `[P, F]` from its destination; DmaCopy's an `sbuf` of the destination's type when that is in DRAM,
 *   else a `dram` input; an elementwise instruction's an `sbuf` of the destination's type (TensorReduce's source
 *   says too little).
 *
 * Known operands are bare names with a declared type (a tensor of the function, a parameter, a DRAM tensor), and
 * types are copied as written (`f32[TM, TN]`). An allocation goes after the function's last one (or first in its
 * body), a DRAM tensor after the last one of the file (or before the first function).
 */
import type { CodeAction, Diagnostic } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver';
import { DiagnosticBag } from '../engine/lang/diagnostics';
import { Token, tokenize } from '../engine/lang/lexer';
import { Span } from '../engine/base/span';
import { Declaration, FileIndex } from './file-index';
import { uriOf } from './positions';
import { Workspace } from './workspace';

const UNKNOWN_NAME = /^unknown name '([A-Za-z_][A-Za-z0-9_]*)'/;

/** A declaration to write: where the tensor lives and its type as text. */
interface Implied {
  readonly memory: 'sbuf' | 'psum' | 'dram';
  readonly type: string;
  readonly role?: 'input' | 'output';
}

/** A tensor operand with its declaration, and the type's parts as written. */
interface Known {
  readonly decl: Declaration;
  readonly dtype: string;
  readonly dims: readonly string[];
  readonly type: string;
}

/** An instruction's operands as the line writes them: the destination and the sources, attributes left out. */
interface Operands {
  readonly opcode: string;
  readonly dst?: Token[];
  readonly srcs: Token[][];
}

export function declareTensor(ws: Workspace, file: string, d: Diagnostic): CodeAction[] {
  const name = UNKNOWN_NAME.exec(d.message)?.[1];
  const index = name === undefined ? undefined : ws.index(file);
  const lineNo = d.range.start.line + 1;
  const line = ws.lineText(file, lineNo);
  const fn = index?.functionAt(lineNo);
  if (name === undefined || !index || line === undefined || !fn) return [];
  const ops = operands(line);
  if (!ops) return [];
  const col = d.range.start.character + 1;
  const isIt = (item: Token[] | undefined): boolean => item?.length === 1 && item[0].text === name && item[0].span.col === col;
  const known = (item: Token[] | undefined): Known | undefined => (item?.length === 1 ? knownTensor(ws, file, index, fn, item[0].text) : undefined);
  let implied: Implied | undefined;
  const srcs = ops.srcs.map(known);
  if (isIt(ops.dst)) implied = impliedByUse(ops.opcode, 'dst', srcs, undefined);
  else if (ops.srcs.some(isIt)) implied = ofSource(ops.opcode, ops.srcs.findIndex(isIt), srcs, known(ops.dst));
  if (!implied) return [];
  const text = `${implied.memory} ${name} : ${implied.type}${implied.role ? ` ${implied.role}` : ''}`;
  const at = implied.memory === 'dram' ? dramPlace(index, fn) : allocPlace(ws, file, index, fn);
  return [{
    title: `Declare '${name}' as ${text.replace(`${name} : `, '')}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    edit: { changes: { [uriOf(file)]: [{ range: { start: { line: at.line, character: 0 }, end: { line: at.line, character: 0 } }, newText: `${at.indent}${text}\n` }] } },
  }];
}

/**
 * A source: MatMult's stationary `[K, M]` from the moving `[K, N]` and the destination `[M, N]`, its moving `[K, N]`
 * from the stationary and the destination, each of the other operand's dtype; Transpose's `[P, F]` from its
 * destination `[F, P]`; the others as impliedByUse says.
 */
function ofSource(opcode: string, at: number, srcs: readonly (Known | undefined)[], dst: Known | undefined): Implied | undefined {
  if (opcode === 'MatMult') {
    const other = srcs[1 - at];
    if (at > 1 || !other || !dst || other.dims.length !== 2 || dst.dims.length !== 2) return undefined;
    return { memory: 'sbuf', type: `${other.dtype}[${other.dims[0]}, ${at === 0 ? dst.dims[0] : dst.dims[1]}]` };
  }
  if (opcode === 'Transpose') return dst && dst.dims.length === 2 ? { memory: 'sbuf', type: `${dst.dtype}[${dst.dims[1]}, ${dst.dims[0]}]` } : undefined;
  return impliedByUse(opcode, 'src', [], dst);
}

function impliedByUse(opcode: string, role: 'dst' | 'src', srcs: readonly (Known | undefined)[], dst: Known | undefined): Implied | undefined {
  if (role === 'dst') {
    const [a, b] = srcs;
    if (opcode === 'MatMult') return a && b && a.dims.length === 2 && b.dims.length === 2 ? { memory: 'psum', type: `f32[${a.dims[1]}, ${b.dims[1]}]` } : undefined;
    if (opcode === 'Transpose') return a && a.dims.length === 2 ? { memory: 'psum', type: `f32[${a.dims[1]}, ${a.dims[0]}]` } : undefined;
    if (opcode === 'TensorReduce') return a ? { memory: 'sbuf', type: `${a.dtype}[${a.dims[0]}, 1]` } : undefined;
    if (opcode === 'DmaCopy') return a && (a.decl.memory === 'dram' ? { memory: 'sbuf', type: a.type } : { memory: 'dram', type: a.type, role: 'output' });
    const first = srcs.find((s) => s !== undefined);
    return first && { memory: 'sbuf', type: first.type };
  }
  if (!dst || opcode === 'TensorReduce') return undefined;
  if (opcode === 'DmaCopy') return dst.decl.memory === 'dram' ? { memory: 'sbuf', type: dst.type } : { memory: 'dram', type: dst.type, role: 'input' };
  return { memory: 'sbuf', type: dst.type };
}

/** The instruction of a line: its opcode, destination and sources (each an item's tokens), attributes left out. */
function operands(line: string): Operands | undefined {
  const tokens = tokenize(line, '', new DiagnosticBag()).filter((t) => t.kind !== 'newline' && t.kind !== 'eof');
  if (tokens[0]?.kind !== 'ident') return undefined;
  const start = tokens[1]?.text === '.' ? 3 : 1;
  const items: { tokens: Token[]; afterArrow: boolean }[] = [];
  let current: Token[] = [];
  let afterArrow = false;
  let arrow = false;
  let depth = 0;
  const push = (): void => {
    if (current.length) items.push({ tokens: current, afterArrow });
    current = [];
  };
  for (const t of tokens.slice(start)) {
    if (t.kind === 'punct' && (t.text === '(' || t.text === '[')) depth++;
    if (t.kind === 'punct' && (t.text === ')' || t.text === ']')) depth--;
    if (depth === 0 && t.kind === 'punct' && (t.text === ',' || t.text === '<-')) {
      push();
      if (t.text === '<-') afterArrow = arrow = true;
      continue;
    }
    current.push(t);
  }
  push();
  const isAttribute = (item: Token[]): boolean => item.length > 1 && item[0].kind === 'ident' && item[1].text === '=';
  const srcs = items.filter((i) => (arrow ? i.afterArrow : true) && !isAttribute(i.tokens)).map((i) => i.tokens);
  return { opcode: tokens[0].text, dst: arrow ? items.find((i) => !i.afterArrow)?.tokens : undefined, srcs };
}

/** A tensor the function sees by that name, with a written type. */
function knownTensor(ws: Workspace, file: string, index: FileIndex, fn: Declaration, name: string): Known | undefined {
  const decl = [...index.localsOf(fn.id), ...index.topLevel()].find((x) => x.name === name && x.type);
  if (!decl?.type) return undefined;
  const source = (s: Span): string => (s.line === s.endLine ? ws.lineText(file, s.line)?.slice(s.col - 1, s.endCol - 1) ?? '' : '');
  const type = source(decl.type.span);
  const dims = decl.type.dims.map((e) => source(e.span));
  if (!type || dims.some((x) => !x)) return undefined;
  return { decl, dtype: decl.type.dtype, dims, type };
}

/** Where an allocation goes (0-based line): after the function's last allocation, else first in its body. */
function allocPlace(ws: Workspace, file: string, index: FileIndex, fn: Declaration): { line: number; indent: string } {
  const allocs = index.localsOf(fn.id).filter((x) => x.kind === 'alloc');
  const last = allocs.reduce<Declaration | undefined>((a, b) => (!a || b.span.endLine > a.span.endLine ? b : a), undefined);
  if (last) return { line: last.span.endLine, indent: indentOf(ws.lineText(file, last.span.line) ?? '') };
  const header = ws.lineText(file, fn.span.line) ?? '';
  const next = ws.lineText(file, fn.span.line + 1) ?? '';
  const indent = next.trim() && !next.trim().startsWith('}') ? indentOf(next) : `${indentOf(header)}  `;
  return { line: fn.span.line, indent };
}

/** Where a DRAM tensor goes (0-based line): after the file's last one, else before the first function. */
function dramPlace(index: FileIndex, fn: Declaration): { line: number; indent: string } {
  const top = index.topLevel();
  const drams = top.filter((x) => x.kind === 'dram');
  if (drams.length) return { line: Math.max(...drams.map((x) => x.span.endLine)), indent: '' };
  const functions = top.filter((x) => x.kind === 'function');
  return { line: Math.min(fn.span.line, ...functions.map((x) => x.span.line)) - 1, indent: '' };
}

function indentOf(line: string): string {
  return /^\s*/.exec(line)![0];
}
