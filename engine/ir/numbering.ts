/** Gives every node its place in the program's code and its stable id. */
import { Code, NODE_INSTR } from './code';
import { CodeNodes } from './node-list';
import { Node, Program, Region } from './program';
import { SourceText } from './source-text';

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

/**
 * Visits the nodes of a region that are not instructions (loops, branches, calls, returns), nested regions included,
 * without making the instructions of a compact region objects.
 */
export function forEachStructureNode(region: Region, visit: (node: Node) => void): void {
  const nodes = region.nodes;
  const code = nodes instanceof CodeNodes ? nodes.code : undefined;
  for (let i = 0; i < nodes.length; i++) {
    if (code && code.kindAt(nodes.indexAt(i)) === NODE_INSTR) continue;
    const node = nodes.at(i);
    if (node.kind === 'instr') continue;
    visit(node);
    if (node.kind === 'for') forEachStructureNode(node.body, visit);
    if (node.kind === 'if') {
      forEachStructureNode(node.then, visit);
      if (node.else) forEachStructureNode(node.else, visit);
    }
  }
}

/** The id of a node built from source: `module::func@line:col`. A pass that copies a node adds a suffix. */
export function originId(node: Node): string {
  // Joined rather than concatenated: one flat string, where `+` leaves a chain of four strings in every node.
  return [node.fn.fullName, '@', node.span.line, ':', node.span.col].join('');
}

/**
 * Makes a program whose regions hold node objects (a copy a pass rewrote) compact again: every node gets its index in
 * program order in a new code, and its id (the one it has, or its origin; a `#n` suffix when another node has it
 * already); every region then lists indices.
 */
export function numberNodes(program: Program): void {
  const code = new Code(new SourceText(program.sources));
  const seen = new Map<string, number>();
  for (const fn of program.functions.values()) compactRegion(fn.body, code, seen);
  code.seal();
  program.code = code;
}

function compactRegion(region: Region, code: Code, seen: Map<string, number>): void {
  const indices = new Int32Array(region.nodes.length);
  let k = 0;
  for (const node of region.nodes) {
    let id = node.id || originId(node);
    const count = seen.get(id) ?? 0;
    seen.set(id, count + 1);
    if (count > 0) id = `${id}#${count}`;
    (node as { id: string }).id = id;
    indices[k++] = code.append(node);
    if (node.kind === 'for') compactRegion(node.body, code, seen);
    if (node.kind === 'if') {
      compactRegion(node.then, code, seen);
      if (node.else) compactRegion(node.else, code, seen);
    }
  }
  region.nodes = new CodeNodes(code, indices);
}
