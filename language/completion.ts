/**
 * Completions: opcodes and statements where a statement starts, declarations at the top level, each opcode's
 * attributes and their allowed words, functions after `call` (and `m::`), dtypes in a type, and the names in scope
 * with their types. The opcodes and attributes are the engine's records; the names, the file's index.
 */
import type { CompletionItem } from 'vscode-languageserver';
import { CompletionItemKind, InsertTextFormat } from 'vscode-languageserver';
import { DTYPES } from '../engine/base/dtype';
import { OPCODES } from '../engine/ir/opcodes';
import { Declaration, FileIndex, typeText } from './file-index';
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
  if (!cx.head || !OPCODES.has(cx.head) || cx.attribute || (!cx.afterArrow && cx.item === 0)) return names;
  const written = new Set(cx.tokens.filter((t, i) => cx.tokens[i + 1]?.text === '=').map((t) => t.text));
  const attributeItems: CompletionItem[] = Object.entries(attrs).filter(([name]) => !written.has(name)).map(([name, spec]) => ({
    label: name, kind: CompletionItemKind.Property, detail: `attribute of ${cx.head}`, documentation: { kind: 'markdown', value: attributeLine(spec) },
    insertText: `${name} = `, sortText: `0${name}`,
  }));
  return [...attributeItems, ...names];
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
