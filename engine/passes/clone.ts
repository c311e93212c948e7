/**
 * Copies of a program for a pass to rewrite: new functions, regions and loop, branch, call and return objects (so
 * every snapshot of the pipeline stays as it was, whatever the pass changes in them), sharing the immutable parts
 * (operands, access patterns, declarations, sources). The instructions are not copied: the copy's code is the
 * program's rows seen through the copy's regions (ir/code.ts's `forPass`), and an instruction is made an object only
 * when the pass asks for it.
 */
import { Code } from '../ir/code';
import { FunctionIR, Node, Program, Region } from '../ir/program';
import { ArrayNodes, CodeNodes, NO_NODES } from '../ir/node-list';
import { numberNodes } from '../ir/numbering';

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

export function cloneProgram(program: Program): Program {
  const fnMap = new Map<FunctionIR, FunctionIR>();
  for (const fn of program.functions.values()) fnMap.set(fn, { ...fn, body: undefined as unknown as Region });
  const copy = (program.code instanceof Code && shareRows(program.code, fnMap)) || cloneByObjects(program, fnMap);
  const functions = new Map([...program.functions].map(([name, fn]) => [name, fnMap.get(fn)!]));
  return { ...program, functions, main: fnMap.get(program.main)!, code: copy };
}

/**
 * The copy's code sharing the program's rows: its regions and objects are new, its regions list the same indices.
 * Undefined when a region of the program is not compact (its nodes are objects): then the copy is made of objects.
 */
function shareRows(code: Code, fnMap: Map<FunctionIR, FunctionIR>): Code | undefined {
  const objects = new Map<number, Mutable<Node>>();
  for (const [index, node] of code.objectEntries()) objects.set(index, { ...node } as Mutable<Node>);
  const fresh = new Map<Region, Region>();
  let compact = true;
  const regionFor = (old: Region): Region => {
    let r = fresh.get(old);
    if (r) return r;
    if (!(old.nodes instanceof CodeNodes) || old.nodes.code !== code) compact = false;
    const owner = old.owner && objects.get(old.owner.index);
    r = { kind: old.kind, nodes: NO_NODES, fn: fnMap.get(old.fn) ?? old.fn, owner: owner as Region['owner'], parent: old.parent && regionFor(old.parent), end: old.end, ...(old.allocs ? { allocs: old.allocs } : {}) };
    fresh.set(old, r);
    return r;
  };
  for (const [old, fn] of fnMap) (fn as Mutable<FunctionIR>).body = regionFor(old.body);
  for (const node of objects.values()) {
    node.fn = fnMap.get(node.fn) ?? node.fn;
    node.region = regionFor(node.region);
    if (node.kind === 'call') node.callee = fnMap.get(node.callee) ?? node.callee;
    if (node.kind === 'for') (node as { body: Region }).body = regionFor(node.body);
    if (node.kind === 'if') {
      (node as { then: Region }).then = regionFor(node.then);
      if (node.else) (node as { else?: Region }).else = regionFor(node.else);
    }
  }
  const regions = code.regions.map(regionFor);
  if (!compact) return undefined;
  const shared = code.forPass(regions, objects);
  for (const [old, r] of fresh) r.nodes = new CodeNodes(shared, (old.nodes as CodeNodes).indices);
  return shared;
}

/** The copy made of objects (every node copied, then numbered): for a program whose regions are not compact. */
function cloneByObjects(program: Program, fnMap: Map<FunctionIR, FunctionIR>): Code {
  for (const [old, fresh] of fnMap) (fresh as Mutable<FunctionIR>).body = cloneRegion(old.body, fresh, undefined, undefined, fnMap);
  const copy: Program = { ...program, functions: new Map([...program.functions].map(([name, fn]) => [name, fnMap.get(fn)!])), main: fnMap.get(program.main)! };
  numberNodes(copy);
  return copy.code as Code;
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
