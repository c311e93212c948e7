/** Gives every node its place in Program.nodes and its stable id. */
import { Node, Program, Region } from './program';

/** Visits the nodes of a region in program order, nested regions included. */
export function forEachNode(region: Region, visit: (node: Node) => void): void {
  for (const node of region.nodes) {
    visit(node);
    if (node.kind === 'for') forEachNode(node.body, visit);
    if (node.kind === 'if') {
      forEachNode(node.then, visit);
      if (node.else) forEachNode(node.else, visit);
    }
  }
}

/** The id of a node built from source: `module::func@line:col`. A pass that copies a node adds a suffix. */
export function originId(node: Node): string {
  // Joined rather than concatenated: one flat string, where `+` leaves a chain of four strings in every node.
  return [node.fn.fullName, '@', node.span.line, ':', node.span.col].join('');
}

/** Numbers every node; ids of nodes that already have one (kept through a pass) are not changed. */
export function numberNodes(program: Program): void {
  const nodes: Node[] = [];
  const seen = new Map<string, number>();
  for (const fn of program.functions.values()) {
    forEachNode(fn.body, (node) => {
      node.index = nodes.length;
      let id = node.id || originId(node);
      const count = seen.get(id) ?? 0;
      seen.set(id, count + 1);
      if (count > 0) id = `${id}#${count}`;
      node.id = id;
      nodes.push(node);
    });
  }
  program.nodes = nodes;
}
