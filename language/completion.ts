/**
 * Completions: opcodes and statements where a statement starts, declarations at the top level, each opcode's
 * attributes and their allowed words, functions after `call` (and `m::`), dtypes in a type, the names in scope
 * with their types, and inside a tensor's brackets the size of the dimension. The opcodes and attributes are the engine's records; the names, the file's index.
 */
import type { CompletionItem } from 'vscode-languageserver';
import { CompletionItemKind, InsertTextFormat } from 'vscode-languageserver';
import { DTYPES } from '../engine/base/dtype';
import { OPCODES } from '../engine/ir/opcodes';
import { Declaration, exprText, FileIndex, typeText } from './file-index';
import { lineContext } from './line-context';
import { attributeLine, attributesOf, opcodeMarkdown } from './opcode-docs';
import { Workspace } from './workspace';

const STATEMENTS = ['Set', 'for', 'if', 'call', 'return', 'sbuf', 'psum'];
const DECLARATIONS = ['module', 'import', 'const', 'cores', 'dram', 'func'];

export function completions(ws: Workspace, file: string, line: number, col: number): CompletionItem[] {
  const index = ws.index(file);
  const text = ws.lineText(file, line);
  if (!index || text === undefined) return [];
  const cx = lineContext(text, col);
  const fn = index.functionAt(line);
  const firstWord = cx.tokens.length === 0 || (cx.at <= 0 && cx.prefix !== '' && cx.prefixStart === cx.tokens[0].span.col);
  if (firstWord) return fn && line > fn.span.line ? [...opcodeItems(), ...keywordItems(STATEMENTS)] : keywordItems(DECLARATIONS);
  if (cx.inType) return DTYPES.map((d) => ({ label: d, kind: CompletionItemKind.TypeParameter }));
  if (cx.head === 'call') {
    if (cx.qualifier) return functionItems(ws.moduleFile(index, cx.qualifier));
    return [...functionItems(index), ...index.imports.flatMap((i) => {
      const m = ws.index(i.file);
      return m ? [{ label: m.moduleName, kind: CompletionItemKind.Module, detail: i.path, insertText: `${m.moduleName}::` }] : [];
    })];
  }
  const attrs = cx.head ? attributesOf(cx.head) : {};
  if (cx.attribute && attrs[cx.attribute]) {
    const spec = attrs[cx.attribute];
    if (spec.kind === 'word') return (spec.words ?? []).map((w) => ({ label: w, kind: CompletionItemKind.EnumMember, detail: `${cx.attribute} of ${cx.head}` }));
  }
  const names = namesInScope(index, fn);
  const sizes = cx.index ? dimensionItems(index, fn, line, cx.index) : [];
  if (sizes.length) return [...sizes, ...names];
  if (!cx.head || !OPCODES.has(cx.head) || cx.attribute || (!cx.afterArrow && cx.item === 0)) return names;
  const written = new Set(cx.tokens.filter((t, i) => cx.tokens[i + 1]?.text === '=').map((t) => t.text));
  const attributeItems: CompletionItem[] = Object.entries(attrs).filter(([name]) => !written.has(name)).map(([name, spec]) => ({
    label: name, kind: CompletionItemKind.Property, detail: `attribute of ${cx.head}`, documentation: { kind: 'markdown', value: attributeLine(spec) },
    insertText: `${name} = `, sortText: `0${name}`,
  }));
  return [...attributeItems, ...names];
}

/**
 * Inside `t[...]`: how far the dimension goes, as the declaration writes it (`0:TN` every index, `TN-1` the last), or
 * for an array of tiles' bracket the array's; first, since after `t[` that is what is being written.
 */
function dimensionItems(index: FileIndex, fn: Declaration | undefined, line: number, at: NonNullable<ReturnType<typeof lineContext>['index']>): CompletionItem[] {
  const d = tensorNamed(index, fn, at.name, line);
  if (!d?.type) return [];
  const array = d.array ?? [];
  const tile = at.bracket === array.length;
  const dims = tile ? d.type.dims : at.bracket < array.length ? [array[at.bracket]] : [];
  if (at.dim >= dims.length || (!tile && at.dim > 0)) return [];
  const size = exprText(dims[at.dim]);
  const last = dims[at.dim].kind === 'number' ? String(Number(size) - 1) : `${/^\w+$/.test(size) ? size : `(${size})`}-1`;
  const where = tile ? `dimension ${at.dim} of ${d.name} (${typeText(d.type)})` : `array dimension ${at.bracket} of ${d.name} (${array.map(exprText).join(' × ')} tiles of ${typeText(d.type)})`;
  const items = [{ label: last, detail: `${where}: the last index`, sortText: '01' }];
  if (tile) items.unshift({ label: `0:${size}`, detail: `${where}: every index`, sortText: '00' });
  return items.map((i) => ({ ...i, kind: CompletionItemKind.Value }));
}

/** The tensor a name means at a line of a function: its allocation or parameter there, or the module's tensor. */
function tensorNamed(index: FileIndex, fn: Declaration | undefined, name: string, line: number): Declaration | undefined {
  const local = fn ? index.localsOf(fn.id).find((d) => d.name === name && d.type && d.span.line <= line && line <= (d.scopeEndLine ?? fn.span.endLine)) : undefined;
  return local ?? index.topLevel().find((d) => d.name === name && d.kind === 'dram');
}

function opcodeItems(): CompletionItem[] {
  return [...OPCODES.values()].map((o) => ({
    label: o.name, kind: CompletionItemKind.Function, detail: `${o.engine}: ${o.summary}`,
    documentation: { kind: 'markdown', value: opcodeMarkdown(o.name) ?? '' },
  }));
}

function keywordItems(words: readonly string[]): CompletionItem[] {
  return words.map((w) => ({ label: w, kind: CompletionItemKind.Keyword }));
}

function functionItems(index: FileIndex | undefined): CompletionItem[] {
  if (!index) return [];
  return index.topLevel().filter((d) => d.kind === 'function').map((d) => ({
    label: d.name, kind: CompletionItemKind.Function, detail: `${index.moduleName}::${d.name}(${(d.params ?? []).map((p) => p.kind === 'tensor' ? `${p.name}: ${typeText(p.type)}` : p.name).join(', ')})`,
    insertText: `${d.name}($1)`, insertTextFormat: InsertTextFormat.Snippet,
  }));
}

/** The function's tensors and registers, then the module's constants and tensors (those the function's do not hide). */
export function namesInScope(index: FileIndex, fn: Declaration | undefined): CompletionItem[] {
  const out: CompletionItem[] = [];
  const seen = new Set<string>();
  for (const d of [...(fn ? index.localsOf(fn.id) : []), ...index.topLevel().filter((t) => t.kind !== 'function')]) {
    if (seen.has(d.name)) continue;
    seen.add(d.name);
    out.push({ label: d.name, kind: d.kind === 'const' ? CompletionItemKind.Constant : CompletionItemKind.Variable, detail: detailOf(d) });
  }
  return out;
}

function detailOf(d: Declaration): string {
  if (d.kind === 'register' || (d.kind === 'param' && !d.type)) return 'register';
  if (d.kind === 'const') return 'const';
  return `${d.memory ?? 'dram'} ${d.type ? typeText(d.type) : ''}`.trim();
}
