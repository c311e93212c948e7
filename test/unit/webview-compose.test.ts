// The layout of large graphs by level (webview/graph/compose.ts): every visible item placed once, inside its level's box,
// without overlaps; ELK's layout of the levels read back (a real ELK in Node); and opening a group moves nothing the
// user has seen except to make room (what is below moves down, what is beside moves right).
import * as assert from 'assert';
import ELK from 'elkjs/lib/elk.bundled.js';
import { buildGraph } from '../../engine/graph/build';
import { Composer, curveBetween, levelEdges } from '../../webview/graph/compose';
import { plainView } from '../../webview/graph/diff';
import type { Box, Layout } from '../../webview/graph/layout';
import { buildTree, initialExpansion, ROOT, Tree, visibleGraph, VisibleGraph } from '../../webview/graph/tree';
import { programOf } from '../helpers/virtual-host';

function program(n: number): Tree {
  const body: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 10 === 9) body.push('  for r1 in 0..2 {\n    TensorScalar t <- t, op = add, scalar = 1\n    TensorTensor u <- t, u, op = add\n    if r1 < 1 {\n      Memset u <- 1\n    }\n  }');
    else body.push(`  TensorScalar u <- ${i % 3 ? 't' : 'u'}, op = mul, scalar = ${i}`);
  }
  const p = programOf(`module big\nfunc main() {\n  sbuf t : f32[128, 8]\n  sbuf u : f32[128, 8]\n  Memset t <- 0\n${body.join('\n')}\n}\n`);
  return buildTree(plainView(buildGraph(p.main, { program: p })));
}

const inside = (a: Box, b: Box): boolean => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;
const overlap = (a: Box, b: Box): boolean => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** Every visible node placed once, inside the cluster of its level; siblings (nodes and clusters of a level) apart. */
function checkLayout(v: VisibleGraph, layout: Layout): void {
  assert.strictEqual(layout.nodes.length, v.nodes.length, 'every visible item is placed');
  assert.strictEqual(new Set(layout.nodes.map((p) => p.index)).size, v.nodes.length);
  const clusterOf = new Map(layout.clusters.map((c) => [v.regions[c.index].id, c]));
  assert.strictEqual(layout.clusters.length, v.regions.length, 'every open level is a cluster');
  const boxesIn = new Map<string, Box[]>();
  const add = (level: string, b: Box): void => {
    (boxesIn.get(level) ?? boxesIn.set(level, []).get(level)!).push(b);
  };
  for (const p of layout.nodes) {
    const level = v.nodes[p.index].region ?? ROOT;
    if (level !== ROOT) assert.ok(inside(p, clusterOf.get(level)!), `${v.nodes[p.index].id} inside ${level}`);
    add(level, p);
  }
  for (const r of v.regions) {
    const c = clusterOf.get(r.id)!;
    if (r.parent) assert.ok(inside(c, clusterOf.get(r.parent)!), `${r.id} inside ${r.parent}`);
    add(r.parent ?? ROOT, c);
  }
  for (const [level, boxes] of boxesIn) {
    for (let i = 0; i < boxes.length; i++) for (let j = 0; j < i; j++) assert.ok(!overlap(boxes[i], boxes[j]), `two units of ${level} overlap`);
  }
  for (const p of layout.nodes) assert.ok(inside(p, { x: 0, y: 0, width: layout.width, height: layout.height }));
}

async function elkLayout(composer: Composer, v: VisibleGraph, pending: readonly string[]): Promise<void> {
  const job = composer.job(v, pending);
  job.accept(await new ELK().layout(job.model));
}

describe('webview layout of large graphs by level', () => {
  it('places every visible item at once, then by ELK, inside its level and apart from the others', async () => {
    const tree = program(2000);
    const v = visibleGraph(tree, initialExpansion(tree, 150, [1200]));
    const composer = new Composer();
    const first = composer.compose(v);
    checkLayout(v, first.layout);
    assert.ok(first.pending.length > 0, 'the instant layout waits for ELK');
    await elkLayout(composer, v, first.pending);
    const final = composer.compose(v);
    assert.deepStrictEqual(final.pending, [], 'every level laid out by ELK');
    checkLayout(v, final.layout);
    // Edges are curves between the boxes of their ends.
    assert.ok(final.layout.edges.length >= v.edges.length);
    for (const e of final.layout.edges) assert.ok(e.curve && e.points.length === 4);
  });

  it('opening a group lays out only its levels and keeps what was on screen, moving it only to make room', async () => {
    const tree = program(600);
    const expanded = initialExpansion(tree, 80);
    const v1 = visibleGraph(tree, expanded);
    const composer = new Composer();
    await elkLayout(composer, v1, composer.compose(v1).pending);
    const before = composer.compose(v1).layout;
    const at = (l: Layout, v: VisibleGraph): Map<string, Box> => new Map(l.nodes.map((p) => [v.nodes[p.index].id, p]));
    const old = at(before, v1);
    // A closed group box on screen: open it.
    const boxIndex = v1.items.findIndex((i) => i.kind === 'group');
    assert.ok(boxIndex >= 0, 'a collapsed group is on screen');
    const item = v1.items[boxIndex];
    const opened = new Set(expanded);
    if (item.kind === 'group') opened.add(item.group);
    const v2 = visibleGraph(tree, opened);
    const second = composer.compose(v2);
    assert.ok(second.pending.length >= 1 && second.pending.length <= 3, `only the new levels wait for ELK: ${second.pending.join(', ')}`);
    await elkLayout(composer, v2, second.pending);
    const after = composer.compose(v2).layout;
    checkLayout(v2, after);
    const now = at(after, v2);
    const box = old.get(v1.nodes[boxIndex].id)!;
    let moved = 0;
    for (const [id, b] of old) {
      const n = now.get(id);
      if (!n) continue;
      const dx = n.x - b.x;
      const dy = n.y - b.y;
      // Above the opened group (or left of it on its rows) nothing moves; the rest moves right or down only.
      if (b.y + b.height <= box.y) assert.deepStrictEqual([dx, dy], [0, 0], `${id} above the opened group stays`);
      assert.ok(dx >= -0.5 && dy >= -0.5, `${id} moves right or down only (${dx}, ${dy})`);
      if (dx !== 0 || dy !== 0) moved++;
    }
    assert.ok(moved < old.size, 'not everything moved');
  });

  it('edges inside a level are between the units that hold their ends', () => {
    const tree = program(30);
    const v = visibleGraph(tree, new Set([...tree.groups.keys()]));
    const edges = levelEdges(v);
    const rootUnits = new Set((v.contents.get(ROOT) ?? []).map((u) => ('node' in u ? `n:${v.nodes[u.node].id}` : `l:${u.level}`)));
    for (const [a, b] of edges.get(ROOT) ?? []) assert.ok(rootUnits.has(a) && rootUnits.has(b), `${a} → ${b} at the top level`);
  });

  it('curves go down from source to target, or round the right for an edge that goes up', () => {
    const down = curveBetween({ x: 0, y: 0, width: 100, height: 40 }, { x: 0, y: 100, width: 100, height: 40 });
    assert.deepStrictEqual([down[0], down[3]], [{ x: 50, y: 40 }, { x: 50, y: 100 }]);
    const up = curveBetween({ x: 0, y: 100, width: 100, height: 40 }, { x: 0, y: 0, width: 100, height: 40 });
    assert.deepStrictEqual([up[0], up[3]], [{ x: 100, y: 120 }, { x: 100, y: 20 }]);
    assert.ok(up[1].x > 100 && up[2].x > 100);
  });
});
