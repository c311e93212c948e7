/**
 * Which graph nodes a search names: the one rule of the engine's `find` (engine/graph/hierarchy.ts, which searches a
 * large graph's parts the view has not loaded) and of the graph view's search box (webview/graph/find.ts), declared
 * once so that the two always name the same nodes.
 *
 * `L53`, `line 53`, `:53` or `53` is a line; anything else is a name (an opcode, a tensor, a register: any identifier
 * of the node's label, or the start of its opcode), or, from three characters, any part of its label or id. Case does
 * not matter. Plain code without imports, so that every layer may run it.
 */
import type { GraphNode } from './graph';

/** The test of a query, or undefined for an empty query (it names nothing). */
export function nodeMatcher(query: string): ((n: GraphNode) => boolean) | undefined {
  const q = query.trim().toLowerCase();
  if (q === '') return undefined;
  const line = /^(?:l|line\s*|:)?(\d+)$/.exec(q);
  if (line) {
    const at = Number(line[1]);
    return (n) => n.span.line === at;
  }
  return (n) => {
    if (n.opcode.toLowerCase().startsWith(q)) return true;
    const label = n.label.toLowerCase();
    if (q.length >= 3 && (label.includes(q) || n.id.toLowerCase().includes(q))) return true;
    for (const word of label.match(/[a-z_][a-z0-9_]*/g) ?? []) if (word === q) return true;
    return false;
  };
}
