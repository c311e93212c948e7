/**
 * The search box's rules (pure): which nodes a query names. The same rules as the engine's `find` (findNodes in
 * engine/graph/hierarchy.ts), which searches the parts of a large graph the view has not loaded:
 * `L53`, `line 53`, `:53` or `53` a line; otherwise a name (an opcode, a tensor, a register: any identifier of the
 * node's label, or the start of its opcode), or, from three characters, any part of its label or id. Case does not
 * matter.
 */
import type { GraphNode } from '../../contract/graph';

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

/** The indices of the nodes a query names, in program order (ghosts of a diff last). */
export function findNodes(nodes: readonly GraphNode[], query: string): number[] {
  const match = nodeMatcher(query);
  if (!match) return [];
  const out: number[] = [];
  nodes.forEach((n, i) => {
    if (match(n)) out.push(i);
  });
  return out;
}
