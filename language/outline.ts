/** The Outline and breadcrumbs (document symbols), workspace symbols and folding ranges, from the files' indexes. */
import type { DocumentSymbol, FoldingRange, WorkspaceSymbol } from 'vscode-languageserver';
import { FoldingRangeKind, SymbolKind } from 'vscode-languageserver';
import { FileIndex, OutlineNode } from './file-index';
import { toRange, uriOf } from './positions';
import { Workspace } from './workspace';

const KINDS: Record<OutlineNode['kind'], SymbolKind> = {
  module: SymbolKind.Module,
  const: SymbolKind.Constant,
  dram: SymbolKind.Variable,
  function: SymbolKind.Function,
  alloc: SymbolKind.Field,
  loop: SymbolKind.Operator,
  branch: SymbolKind.Object,
};

export function documentSymbols(index: FileIndex): DocumentSymbol[] {
  return index.outline.map(toSymbol);
}

function toSymbol(node: OutlineNode): DocumentSymbol {
  const range = toRange(node.span);
  // The selection must lie inside the range (a module's name is its declaration's last word).
  const selectionRange = toRange(node.nameSpan);
  return { name: node.name, detail: node.detail, kind: KINDS[node.kind], range, selectionRange, children: node.children.map(toSymbol) };
}

/** Modules, functions, constants, DRAM tensors and allocations of every known file whose name holds the query's letters in order. */
export function workspaceSymbols(ws: Workspace, query: string, limit = 1000): WorkspaceSymbol[] {
  const out: WorkspaceSymbol[] = [];
  for (const file of ws.files()) {
    const index = ws.index(file);
    if (!index) continue;
    for (const d of index.decls) {
      if (d.kind === 'param' || d.kind === 'register' || !matches(d.name, query)) continue;
      const container = d.fn !== undefined ? `${index.moduleName}::${index.decls[d.fn].name}` : d.kind === 'module' ? undefined : index.moduleName;
      out.push({ name: d.name, kind: KINDS[d.kind], containerName: container, location: { uri: uriOf(file), range: toRange(d.nameSpan) } });
      if (out.length >= limit) return out;
    }
  }
  return out;
}

/** The query's characters in order, case aside (as VS Code's own symbol search matches). */
export function matches(name: string, query: string): boolean {
  const n = name.toLowerCase();
  let at = 0;
  for (const c of query.toLowerCase()) {
    at = n.indexOf(c, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** Functions, loops and branches fold from their header to the line before their closing brace. */
export function foldingRanges(index: FileIndex): FoldingRange[] {
  return index.folds
    .filter((f) => f.endLine - 1 > f.startLine)
    .map((f) => ({ startLine: f.startLine - 1, endLine: f.endLine - 2, kind: FoldingRangeKind.Region }));
}
