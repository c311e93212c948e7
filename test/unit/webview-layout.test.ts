// The graph view's layout model (webview/graph/layout.ts): regions as nested compound nodes, every node in its
// region, edges with their labels in the right compound node, ids that never reach ELK, ELK's answer read back
// (a real ELK layout in Node), the large-graph mode, and the list layout used when ELK cannot run.
import * as assert from 'assert';
import * as path from 'path';
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkNode } from 'elkjs/lib/elk-api';
import { buildProgramGraphs } from '../../engine/graph/build';
import type * as Engine from '../../contract/graph';
import { checkProgram } from '../../engine/lang/check/checker';
import { plainView, ViewGraph } from '../../webview/graph/diff';
import {
  Box, EDGE_LABEL_MAX, fallbackLayout, fromElk, HIERARCHICAL_MAX_NODES, Layout, layoutModeFor, LayoutModel, toLayoutModel,
} from '../../webview/graph/layout';
import type * as View from '../../contract/graph';

const span = (line: number): View.Span => ({ file: '/w/t.bir', line, col: 3, endLine: line, endCol: 20 });

function node(id: string, line: number, region?: string, extra: Partial<View.GraphNode> = {}): View.GraphNode {
  return { id, kind: 'instr', opcode: 'Activation', engine: 'ACT', label: `Activation ${id}`, span: span(line), ...(region ? { region } : {}), ...extra };
}

/**
 * main: a load, a loop (L) holding an `if` whose arms (T, E) hold one node each, a node after the loop.
 *   a ─x→ b (in L) ─t→ c (in T), b → d (in E), c → f (after the loop), the loop's register r0 → b.
 */
function nested(): ViewGraph {
  return plainView({
    function: 'm::main',
    nodes: [
      node('a', 1),
      { ...node('loop', 2), kind: 'for', opcode: 'for', engine: 'SP', label: 'for r0 in 0..4' },
      node('b', 3, 'L'),
      { ...node('if', 4, 'L'), kind: 'if', opcode: 'if', engine: 'SP', label: 'if r0 < 2' },
      node('c', 5, 'T'),
      node('d', 7, 'E'),
      node('f', 9),
    ],
    regions: [
      { id: 'L', kind: 'loop', label: 'for r0 in 0..4', owner: 'loop' },
      { id: 'T', kind: 'then', label: 'if r0 < 2 [then]', owner: 'if', parent: 'L' },
      { id: 'E', kind: 'else', label: 'if r0 < 2 [else]', owner: 'if', parent: 'L' },
    ],
    edges: [
      { from: 'a', to: 'b', kind: 'memory', label: 'x[0:128, 0:64]' },
      { from: 'b', to: 'c', kind: 'memory', label: 't[0:128, 0:64]' },
      { from: 'b', to: 'd', kind: 'memory', label: 't' },
      { from: 'c', to: 'f', kind: 'memory', label: 'y[0:128, 0:128]' },
      { from: 'loop', to: 'b', kind: 'register', label: 'r0' },
    ],
  });
}

/** Each ELK node id with the compound node (region) it is a child of (undefined at the top). */
function parents(model: LayoutModel): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  const walk = (n: ElkNode, parent: string | undefined): void => {
    for (const c of n.children ?? []) {
      out.set(c.id, parent);
      walk(c, c.id);
    }
  };
  walk(model.elk, undefined);
  return out;
}

function graphIdOf(view: ViewGraph, model: LayoutModel, elkId: string | undefined): string | undefined {
  if (elkId === undefined) return undefined;
  const ni = model.nodeIndex.get(elkId);
  if (ni !== undefined) return view.nodes[ni].id;
  const ci = model.clusterIndex.get(elkId);
  return ci !== undefined ? view.regions[ci].id : undefined;
}

/** Every edge of the model with the compound node it is declared in. */
function edgesOf(model: LayoutModel): { id: string; container: string; sources: string[]; targets: string[]; labels: string[] }[] {
  const out: { id: string; container: string; sources: string[]; targets: string[]; labels: string[] }[] = [];
  const walk = (n: ElkNode): void => {
    for (const e of n.edges ?? []) out.push({ id: e.id, container: n.id, sources: e.sources, targets: e.targets, labels: (e.labels ?? []).map((l) => l.text ?? '') });
    for (const c of n.children ?? []) walk(c);
  };
  walk(model.elk);
  return out;
}

function inside(inner: Box, outer: Box, slack = 0.5): boolean {
  return inner.x >= outer.x - slack && inner.y >= outer.y - slack && inner.x + inner.width <= outer.x + outer.width + slack && inner.y + inner.height <= outer.y + outer.height + slack;
}

/** Every node box lies inside the boxes of all its regions; every region inside its parent's. */
function assertNested(view: ViewGraph, layout: Layout): void {
  const cluster = new Map(layout.clusters.map((c) => [view.regions[c.index].id, c]));
  const regionOf = new Map(view.regions.map((r) => [r.id, r]));
  assert.strictEqual(layout.nodes.length, new Set(view.nodes.map((n) => n.id)).size, 'every node has a box');
  for (const p of layout.nodes) {
    for (let r = view.nodes[p.index].region; r !== undefined; r = regionOf.get(r)?.parent) {
      const c = cluster.get(r);
      assert.ok(c, `region ${r} has a box`);
      assert.ok(inside(p, c), `node ${view.nodes[p.index].id} ${JSON.stringify(p)} lies in region ${r} ${JSON.stringify(c)}`);
    }
  }
  for (const c of layout.clusters) {
    const parent = view.regions[c.index].parent;
    if (parent !== undefined) assert.ok(inside(c, cluster.get(parent)!), `region ${view.regions[c.index].id} lies in ${parent}`);
  }
}

async function elkLayout(view: ViewGraph, model: LayoutModel): Promise<Layout> {
  const result = await new ELK().layout(JSON.parse(JSON.stringify(model.elk)) as ElkNode);
  return fromElk(view, model, result);
}

describe('webview layout model', () => {
  it('makes a compound node per region, nested as the regions nest', () => {
    const view = nested();
    const model = toLayoutModel(view);
    const p = parents(model);
    const region = (id: string): string => [...model.clusterIndex].find(([, i]) => view.regions[i].id === id)![0];
    assert.strictEqual(p.get(region('L')), undefined, 'the loop body is at the top level');
    assert.strictEqual(p.get(region('T')), region('L'), 'the then arm is inside the loop body');
    assert.strictEqual(p.get(region('E')), region('L'), 'the else arm is inside the loop body');
    assert.deepStrictEqual(model.depth, [0, 1, 1]);
    const l = model.elk.children!.find((c) => c.id === region('L'))!;
    assert.deepStrictEqual(l.labels?.map((x) => x.text), ['for r0 in 0..4'], 'the region is labelled');
  });

  it('puts every node in its region, and the others at the top level', () => {
    const view = nested();
    const model = toLayoutModel(view);
    const p = parents(model);
    for (const [elkId, i] of model.nodeIndex) {
      assert.strictEqual(graphIdOf(view, model, p.get(elkId)), view.nodes[i].region, `node ${view.nodes[i].id}`);
    }
    assert.strictEqual(model.nodeIndex.size, view.nodes.length);
  });

  it('keeps program order among siblings: a region right after the for that owns it', () => {
    const view = nested();
    const model = toLayoutModel(view);
    assert.deepStrictEqual(model.elk.children!.map((c) => graphIdOf(view, model, c.id)), ['a', 'loop', 'L', 'f']);
  });

  it('gives every edge its label and puts it in the lowest compound node holding both ends', () => {
    const view = nested();
    const model = toLayoutModel(view, { structuralEdges: false });
    const edges = edgesOf(model);
    assert.strictEqual(edges.length, view.edges.length);
    const byLabel = new Map(edges.map((e) => [e.labels[0], e]));
    const containerOf = (label: string): string | undefined => {
      const c = byLabel.get(label)!.container;
      return c === 'root' ? undefined : graphIdOf(view, model, c);
    };
    assert.strictEqual(containerOf('x[0:128, 0:64]'), undefined, 'a → b: top level and the loop: the top');
    assert.strictEqual(containerOf('t[0:128, 0:64]'), 'L', 'b → c: the loop body and its then arm: the loop body');
    assert.strictEqual(containerOf('t'), 'L');
    assert.strictEqual(containerOf('y[0:128, 0:128]'), undefined);
    assert.strictEqual(containerOf('r0'), undefined);
    for (const e of edges) {
      const ge = view.edges[model.edgeIndex.get(e.id)!];
      assert.deepStrictEqual([e.sources, e.targets], [[`n${view.nodes.findIndex((n) => n.id === ge.from)}`], [`n${view.nodes.findIndex((n) => n.id === ge.to)}`]]);
    }
  });

  it('adds an unlabelled edge from each for/if to its regions', () => {
    const view = nested();
    const model = toLayoutModel(view);
    const structural = edgesOf(model).filter((e) => e.id.startsWith('s'));
    assert.deepStrictEqual(structural.map((e) => [graphIdOf(view, model, e.sources[0]), graphIdOf(view, model, e.targets[0]), e.labels.length]), [
      ['loop', 'L', 0], ['if', 'T', 0], ['if', 'E', 0],
    ]);
  });

  it('shortens long edge labels', () => {
    const view = nested();
    const long = 'acc[0:128, r2*64 : r2*64+64, 0:4, 0:4, 0:4]';
    const model = toLayoutModel({ ...view, edges: [{ from: 'a', to: 'f', kind: 'memory', label: long }] });
    const [e] = edgesOf(model);
    assert.strictEqual([...e.labels[0]].length, EDGE_LABEL_MAX);
    assert.ok(e.labels[0].endsWith('…'));
  });

  it('never hands a graph id to ELK: ids are positions, the graph\'s ids stay data', () => {
    const weird = ['m::main@1:3"><script>alert(1)</script>', 'm::main@2:3 with space', "m::main@3:3'quote", 'm::main@4:3/loop', 'n0', 'c0', 'e0', 'Δ::ñ@5:1~r3#2'];
    const view = plainView({
      function: 'm::main',
      nodes: weird.map((id, i) => ({ ...node(id, i + 1), label: 'Print "x"' })),
      regions: [{ id: 'm::main@4:3/loop', kind: 'loop', label: 'for r0 in 0..2', owner: weird[0] }],
      edges: weird.slice(1).map((id, i) => ({ from: weird[i], to: id, kind: 'memory' as const, label: 'x' })),
    });
    const model = toLayoutModel(view);
    const json = JSON.stringify(model.elk);
    for (const id of weird.filter((w) => w.length > 2)) assert.ok(!json.includes(JSON.stringify(id).slice(1, -1)), `${id} does not reach ELK`);
    const ids: string[] = [];
    const walk = (n: ElkNode): void => {
      ids.push(n.id);
      for (const e of n.edges ?? []) ids.push(e.id);
      for (const c of n.children ?? []) walk(c);
    };
    walk(model.elk);
    for (const id of ids) assert.match(id, /^(root|[ncespo]\d+)$/);
    assert.strictEqual(new Set(ids).size, ids.length, 'ELK ids are unique');
    // and they map back to the graph's own ids
    assert.deepStrictEqual([...model.nodeIndex.values()].map((i) => view.nodes[i].id).sort(), [...weird].sort());
  });

  it('draws a repeated node id once, and skips edges to nodes it does not have', () => {
    const view = nested();
    const model = toLayoutModel({ ...view, nodes: [...view.nodes, node('a', 30)], edges: [...view.edges, { from: 'a', to: 'ghost', kind: 'memory', label: 'z' }] }, { structuralEdges: false });
    assert.strictEqual(model.nodeIndex.size, view.nodes.length);
    assert.strictEqual(edgesOf(model).length, view.edges.length);
  });

  it('puts a region with an unknown or cyclic parent at the top level', () => {
    const view = plainView({
      function: 'm::main',
      nodes: [node('x', 1, 'A'), node('y', 2, 'B'), node('z', 3, 'C')],
      regions: [
        { id: 'A', kind: 'loop', label: 'A', owner: 'x', parent: 'B' },
        { id: 'B', kind: 'loop', label: 'B', owner: 'y', parent: 'A' },
        { id: 'C', kind: 'loop', label: 'C', owner: 'z', parent: 'nowhere' },
      ],
      edges: [],
    });
    const model = toLayoutModel(view);
    assert.ok(model.depth.every((d) => d <= 1));
    const top = model.elk.children!.map((c) => graphIdOf(view, model, c.id));
    assert.ok(top.includes('C'), 'the region with an unknown parent');
    assert.ok(top.includes('A') || top.includes('B'), 'the cycle is broken');
  });

  it('is laid out by ELK with every node inside its region and edges routed with their labels', async () => {
    const view = nested();
    const model = toLayoutModel(view);
    const layout = await elkLayout(view, model);
    assertNested(view, layout);
    const graphEdges = layout.edges.filter((e) => e.index !== undefined);
    assert.strictEqual(graphEdges.length, view.edges.length);
    for (const e of layout.edges) assert.ok(e.points.length >= 2, 'each edge has a route');
    assert.deepStrictEqual(graphEdges.map((e) => e.label).sort(), view.edges.map((e) => e.label).sort());
    // top-down: a above b above c
    const y = (id: string): number => layout.nodes.find((p) => view.nodes[p.index].id === id)!.y;
    assert.ok(y('a') < y('b') && y('b') < y('c') && y('c') < y('f'));
  });

  it('lays out a real program: calls_loops.bir, every function', async () => {
    const file = path.join(__dirname, '..', '..', 'examples', 'calls_loops.bir');
    const checked = checkProgram(file);
    assert.ok(checked.program, 'calls_loops.bir checks');
    for (const g of buildProgramGraphs(checked.program)) {
      // The engine's graph is the webview's graph (structurally equal types).
      const asView: View.FunctionGraph = g;
      const back: Engine.FunctionGraph = asView;
      const view = plainView(back);
      const model = toLayoutModel(view);
      assertNested(view, await elkLayout(view, model));
    }
  });

  it('switches to laying out regions one by one above HIERARCHICAL_MAX_NODES nodes', async () => {
    assert.strictEqual(layoutModeFor(HIERARCHICAL_MAX_NODES), 'hierarchical');
    assert.strictEqual(layoutModeFor(HIERARCHICAL_MAX_NODES + 1), 'separate');
    const view = nested();
    const model = toLayoutModel(view, { mode: 'separate' });
    assert.strictEqual(model.elk.layoutOptions!['elk.hierarchyHandling'], 'SEPARATE_CHILDREN');
    // a → b, b → c, b → d, c → f and loop → b cross regions: ELK lays them out through stand-ins, the view draws them
    assert.deepStrictEqual(model.crossing.map((i) => view.edges[i].label).sort(), ['r0', 't', 't[0:128, 0:64]', 'x[0:128, 0:64]', 'y[0:128, 0:128]'].sort());
    const layout = await elkLayout(view, model);
    assertNested(view, layout);
    assert.strictEqual(layout.edges.filter((e) => e.index !== undefined).length, view.edges.length, 'every edge is drawn');
    for (const e of layout.edges) assert.ok(e.points.length >= 2);
  });

  it('has a list layout for when ELK cannot run: every node placed, regions around their nodes', () => {
    const view = nested();
    const layout = fallbackLayout(view);
    assertNested(view, layout);
    const ys = layout.nodes.map((p) => p.y);
    assert.deepStrictEqual(ys, [...ys].sort((a, b) => a - b), 'in program order, top to bottom');
    assert.strictEqual(layout.edges.length, view.edges.length);
  });
});
