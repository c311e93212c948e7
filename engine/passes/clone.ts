/**
 * Copies of a program for a pass to rewrite: new functions, regions and node objects (so every snapshot of the
 * pipeline stays as it was), sharing the immutable parts (operands, access patterns, declarations, sources). The
 * copy's regions hold objects until numbering makes it compact.
 */
import { FunctionIR, Node, Program, Region } from '../ir/program';
import { ArrayNodes, NO_NODES } from '../ir/node-list';
import { numberNodes } from '../ir/numbering';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function cloneProgram(program: Program): Program {
  const fnMap = new Map<FunctionIR, FunctionIR>();
  for (const fn of program.functions.values()) fnMap.set(fn, { ...fn, body: undefined as unknown as Region });
  for (const [old, fresh] of fnMap) (fresh as Mutable<FunctionIR>).body = cloneRegion(old.body, fresh, undefined, undefined, fnMap);
  const functions = new Map([...program.functions].map(([name, fn]) => [name, fnMap.get(fn)!]));
  const copy: Program = { ...program, functions, main: fnMap.get(program.main)! };
  numberNodes(copy);
  return copy;
}

export function cloneRegion(region: Region, fn: FunctionIR, owner: Node | undefined, parent: Region | undefined, fnMap?: Map<FunctionIR, FunctionIR>): Region {
  const fresh: Region = { kind: region.kind, nodes: NO_NODES, fn, owner: owner as Region['owner'], parent, end: region.end, ...(region.allocs ? { allocs: region.allocs } : {}) };
  fresh.nodes = new ArrayNodes(region.nodes.toArray().map((n) => cloneNode(n, fn, fresh, fnMap)));
  return fresh;
}

/** A copy of a node (and of the regions it owns) placed in `region` of `fn`. Ids are kept. */
export function cloneNode(node: Node, fn: FunctionIR, region: Region, fnMap?: Map<FunctionIR, FunctionIR>): Node {
  const copy = { ...node, fn, region } as Mutable<Node>;
  if (copy.kind === 'call' && fnMap) copy.callee = fnMap.get(copy.callee) ?? copy.callee;
  if (copy.kind === 'for' && node.kind === 'for') (copy as { body: Region }).body = cloneRegion(node.body, fn, copy as Node, region, fnMap);
  if (copy.kind === 'if' && node.kind === 'if') {
    (copy as { then: Region }).then = cloneRegion(node.then, fn, copy as Node, region, fnMap);
    if (node.else) (copy as { else?: Region }).else = cloneRegion(node.else, fn, copy as Node, region, fnMap);
  }
  return copy as Node;
}
