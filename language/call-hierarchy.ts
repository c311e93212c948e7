/**
 * The call hierarchy: a function's callers (in its file and in the files that import it) and its callees (in its
 * own file or in the modules it imports), from the `call` statements the file index keeps (FileIndex.calls).
 */
import type { CallHierarchyIncomingCall, CallHierarchyItem, CallHierarchyOutgoingCall, Range } from 'vscode-languageserver';
import { SymbolKind } from 'vscode-languageserver';
import { declarationAt } from './navigation';
import { fileOf, toRange, uriOf } from './positions';
import { DeclRef, Workspace } from './workspace';

/** What an item carries back to the server: the function's file and its declaration's number there. */
interface ItemData { readonly file: string; readonly id: number }

/** The function at a position: its declaration, or a call of it. */
export function prepareCallHierarchy(ws: Workspace, file: string, line: number, col: number): CallHierarchyItem[] | null {
  const ref = declarationAt(ws, file, line, col);
  return ref && ref.decl.kind === 'function' ? [itemOf(ref)] : null;
}

/** Each function that calls the item's, with the places of its calls. */
export function incomingCalls(ws: Workspace, item: CallHierarchyItem): CallHierarchyIncomingCall[] {
  const ref = refOf(ws, item);
  if (!ref) return [];
  const out: CallHierarchyIncomingCall[] = [];
  for (const index of [ref.index, ...ws.importers(ref.index.file)]) {
    const byCaller = new Map<number, Range[]>();
    for (const c of index.calls) {
      const callee = ws.resolve(index, c.occurrence);
      if (callee?.index.file !== ref.index.file || callee.decl.id !== ref.decl.id) continue;
      push(byCaller, c.caller, toRange(index.occurrence(c.occurrence).span));
    }
    for (const [caller, fromRanges] of byCaller) out.push({ from: itemOf({ index, decl: index.decls[caller] }), fromRanges });
  }
  return out;
}

/** Each function the item's calls, with the places of the calls (in the item's body). */
export function outgoingCalls(ws: Workspace, item: CallHierarchyItem): CallHierarchyOutgoingCall[] {
  const ref = refOf(ws, item);
  if (!ref) return [];
  const byCallee = new Map<string, { ref: DeclRef; ranges: Range[] }>();
  for (const c of ref.index.calls) {
    if (c.caller !== ref.decl.id) continue;
    const callee = ws.resolve(ref.index, c.occurrence);
    if (!callee) continue;
    const key = `${callee.index.file}#${callee.decl.id}`;
    const entry = byCallee.get(key) ?? { ref: callee, ranges: [] };
    entry.ranges.push(toRange(ref.index.occurrence(c.occurrence).span));
    byCallee.set(key, entry);
  }
  return [...byCallee.values()].map((e) => ({ to: itemOf(e.ref), fromRanges: e.ranges }));
}

function itemOf(ref: DeclRef): CallHierarchyItem {
  const d = ref.decl;
  const module = ref.index.moduleName;
  return {
    name: d.name, kind: SymbolKind.Function, detail: module ? `${module}::${d.name}` : d.name,
    uri: uriOf(ref.index.file), range: toRange(d.span), selectionRange: toRange(d.nameSpan),
    data: { file: ref.index.file, id: d.id } satisfies ItemData,
  };
}

/** The declaration an item names, in the file as it is now (the item may be older than an edit). */
function refOf(ws: Workspace, item: CallHierarchyItem): DeclRef | undefined {
  const data = item.data as Partial<ItemData> | undefined;
  const file = data?.file ?? fileOf(item.uri);
  const index = file === undefined ? undefined : ws.index(file);
  if (!index) return undefined;
  const decl = index.decls[data?.id ?? -1];
  // After an edit the number may name another declaration: found again by its name.
  const found = decl?.kind === 'function' && decl.name === item.name ? decl : index.topLevel().find((x) => x.kind === 'function' && x.name === item.name);
  return found && { index, decl: found };
}

function push<K>(map: Map<K, Range[]>, key: K, range: Range): void {
  const list = map.get(key);
  if (list) list.push(range);
  else map.set(key, [range]);
}
