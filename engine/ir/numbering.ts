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
  for (const fn of program.functions.values()) forEachNode(fn.body, (node) => void nodes.push(node));
  if (freshInSourceOrder(program)) {
    // No two nodes share an origin: every id is its origin, without the count of ids seen (a map of every id).
    for (let i = 0; i < nodes.length; i++) {
      nodes[i].index = i;
      nodes[i].id = originId(nodes[i]);
    }
  } else {
    const seen = new Map<string, number>();
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i];
      node.index = i;
      let id = node.id || originId(node);
      const count = seen.get(id) ?? 0;
      seen.set(id, count + 1);
      if (count > 0) id = `${id}#${count}`;
      node.id = id;
    }
  }
  program.nodes = nodes;
}

/**
 * True for a program as the checker builds it: no node has an id yet, each function's nodes are its own and start at
 * strictly increasing places of the source. Their origins `module::func@line:col` are then all different.
 */
function freshInSourceOrder(program: Program): boolean {
  for (const [name, fn] of program.functions) {
    if (fn.fullName !== name) return false;
    let line = 0;
    let col = 0;
    let ok = true;
    forEachNode(fn.body, (node) => {
      const { span } = node;
      if (node.id || node.fn !== fn || span.line < line || (span.line === line && span.col <= col)) ok = false;
      line = span.line;
      col = span.col;
    });
    if (!ok) return false;
  }
  return true;
}
