/**
 * The search box's rules (pure): which nodes a query names, by the rule the engine's `find` follows too
 * (contract/node-match.ts); the engine searches the parts of a large graph the view has not loaded.
 */
import type { GraphNode } from '../../contract/graph';
import { nodeMatcher } from '../../contract/node-match';

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
