/** A function graph as JSON (what `bir/graph` answers) and as Graphviz DOT (what `bir-sim graph` prints). */
import type { FunctionGraph, GraphEdge, GraphNode, GraphRegion } from '../../contract/graph';

/** A plain copy of the graph, with exactly the fields of FunctionGraph (undefined fields left out). */
export function graphToJson(g: FunctionGraph): FunctionGraph {
  return {
    function: g.function,
    nodes: g.nodes.map(nodeJson),
    regions: g.regions.map((r) => ({ id: r.id, kind: r.kind, label: r.label, owner: r.owner, ...(r.parent !== undefined ? { parent: r.parent } : {}) })),
    edges: g.edges.map((e) => ({ from: e.from, to: e.to, kind: e.kind, label: e.label })),
  };
}

function nodeJson(n: GraphNode): GraphNode {
  const s = n.span;
  const out: GraphNode = {
    id: n.id, kind: n.kind, opcode: n.opcode, engine: n.engine, label: n.label,
    span: { file: s.file, line: s.line, col: s.col, endLine: s.endLine, endCol: s.endCol },
  };
  const optional = out as { -readonly [K in keyof GraphNode]: GraphNode[K] };
  if (n.region !== undefined) optional.region = n.region;
  if (n.state !== undefined) optional.state = n.state;
  if (n.value !== undefined) optional.value = n.value;
  if (n.inlinedFrom !== undefined) optional.inlinedFrom = n.inlinedFrom;
  if (n.members !== undefined) optional.members = [...n.members];
  if (n.callee !== undefined) optional.callee = n.callee;
  if (n.destination !== undefined) optional.destination = n.destination;
  return out;
}

/** Fill colours by engine (the graph view's palette). */
export const ENGINE_COLORS: Readonly<Record<string, string>> = {
  PE: '#ffd8a8',
  ACT: '#d0bfff',
  DVE: '#a5d8ff',
  POOL: '#b2f2bb',
  DMA: '#ffec99',
  SP: '#e9ecef',
};

const SHAPES: Readonly<Record<string, string>> = {
  instr: 'box', call: 'box3d', for: 'hexagon', if: 'diamond', return: 'octagon', fused: 'box',
};

/**
 * A DOT string literal. Labels are plain (the nodes are not `record` shapes), so inside quotes only `"`, `\`
 * and line breaks need escaping; `<>{}|` are ordinary characters there. A backslash is doubled so that DOT's
 * own escapes (`\n`, `\l`, `\N`, ...) never appear by accident.
 */
export function dotString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\r\n|\r|\n/g, '\\n')}"`;
}

/**
 * A Graphviz digraph: one cluster per region, nested as the regions nest, nodes coloured by engine, edges
 * labelled with what flows (register edges dashed). Edges that go back in program order (loop-carried) do not
 * constrain the ranking, so the layout still reads top to bottom.
 */
export function graphToDot(g: FunctionGraph): string {
  const out: string[] = [];
  out.push(`digraph ${dotString(g.function)} {`);
  out.push('  graph [rankdir=TB, compound=true, fontname="Helvetica", fontsize=11];');
  out.push('  node [shape=box, style=filled, fontname="Helvetica", fontsize=10];');
  out.push('  edge [fontname="Helvetica", fontsize=9];');

  const children = new Map<string | undefined, GraphRegion[]>();
  const known = new Set(g.regions.map((r) => r.id));
  for (const r of g.regions) {
    const parent = r.parent !== undefined && known.has(r.parent) ? r.parent : undefined;
    const list = children.get(parent) ?? [];
    list.push(r);
    children.set(parent, list);
  }
  const nodesIn = new Map<string | undefined, GraphNode[]>();
  for (const n of g.nodes) {
    const region = n.region !== undefined && known.has(n.region) ? n.region : undefined;
    const list = nodesIn.get(region) ?? [];
    list.push(n);
    nodesIn.set(region, list);
  }

  let cluster = 0;
  const emit = (region: string | undefined, indent: string): void => {
    for (const n of nodesIn.get(region) ?? []) out.push(`${indent}${nodeLine(n)}`);
    for (const r of children.get(region) ?? []) {
      out.push(`${indent}subgraph ${dotString(`cluster_${cluster++}`)} {`);
      out.push(`${indent}  label=${dotString(r.label)}; style="rounded,dashed"; color="#868e96";`);
      emit(r.id, `${indent}  `);
      out.push(`${indent}}`);
    }
  };
  emit(undefined, '  ');

  const order = new Map(g.nodes.map((n, i) => [n.id, i]));
  for (const e of g.edges) out.push(`  ${edgeLine(e, order)}`);
  out.push('}');
  return `${out.join('\n')}\n`;
}

function nodeLine(n: GraphNode): string {
  const attrs = [
    `label=${dotString(n.label)}`,
    `shape=${SHAPES[n.kind] ?? 'box'}`,
    `fillcolor=${dotString(ENGINE_COLORS[n.engine] ?? '#ffffff')}`,
    `tooltip=${dotString(`${n.id} [${n.engine}]`)}`,
  ];
  if (n.state === 'current') attrs.push('penwidth=3');
  else if (n.state === 'not-run') attrs.push('fontcolor="#868e96"');
  return `${dotString(n.id)} [${attrs.join(', ')}];`;
}

function edgeLine(e: GraphEdge, order: ReadonlyMap<string, number>): string {
  const attrs = [`label=${dotString(e.label)}`];
  if (e.kind === 'register') attrs.push('style=dashed');
  const from = order.get(e.from);
  const to = order.get(e.to);
  if (from !== undefined && to !== undefined && from >= to) attrs.push('constraint=false', 'color="#e8590c"');
  return `${dotString(e.from)} -> ${dotString(e.to)} [${attrs.join(', ')}];`;
}
