/**
 * Large graphs in parts: the answer of a graph of more than 10,000 nodes holds the top level with crowded levels cut
 * into blocks, collapsed regions stand for their contents and edges reaching into them are bundled; expanding a
 * region gives its nodes. Every node is in exactly one part, and nothing of a small graph changes.
 */
import * as assert from 'assert';
import { buildGraph } from '../../engine/graph/build';
import { BLOCK_SIZE, expandGraph, WHOLE_UP_TO } from '../../engine/graph/hierarchy';
import { programOf } from '../helpers/virtual-host';

/** main: `Memset w` then `loops` loops of two instructions (the second reads w), each followed by a Memset. */
function program(loops: number): string {
  const body: string[] = [];
  for (let i = 0; i < loops; i++) body.push(`  for r1 in 0..2 {\n    TensorScalar t <- t, op = add, scalar = 1\n    TensorTensor u <- w, u, op = add\n  }\n  Memset t <- ${i}`);
  return `module big\nfunc main() {\n  sbuf t : f32[128, 8]\n  sbuf u : f32[128, 8]\n  sbuf w : f32[128, 8]\n  Memset w <- 0\n${body.join('\n')}\n}\n`;
}

describe('graphs in parts', () => {
  const p = programOf(program(3000));
  const whole = buildGraph(p.main, { program: p });

  it('a graph of more than 10,000 nodes is answered as its top level, cut into blocks', () => {
    assert.ok(whole.nodes.length > WHOLE_UP_TO);
    const top = expandGraph(whole, undefined);
    assert.strictEqual(top.complete, false);
    assert.strictEqual(top.total, whole.nodes.length);
    // 6,001 nodes at the top level (a loop and a Memset per iteration, and the first Memset): 7 blocks, all collapsed.
    assert.deepStrictEqual(top.nodes, []);
    assert.deepStrictEqual(top.regions.map((r) => [r.kind, r.collapsed]), Array.from({ length: 7 }, () => ['block', true]));
    assert.deepStrictEqual(top.regions.map((r) => r.size), [...Array(6).fill(2 * BLOCK_SIZE), 1]);
    assert.ok(JSON.stringify(top).length < 5000, 'the answer is small');
    // The Memset of w feeds every loop's TensorTensor: the edges from its block to each later block are one, with a
    // count: the 500 TensorTensors of the second block read w, and its first one also reads u from the first block.
    const first = top.edges.filter((e) => e.from === top.regions[0].id && e.to === top.regions[1].id);
    assert.deepStrictEqual(first.map((e) => [e.kind, e.count]), [['memory', 501]]);
  });

  it('expanding regions gives their nodes; every node is in exactly one part', () => {
    const top = expandGraph(whole, []);
    const seen = new Map<string, number>();
    for (const block of top.regions) {
      const part = expandGraph(whole, [block.id]);
      const loops = part.regions.filter((r) => r.kind === 'loop');
      assert.ok(loops.every((r) => r.collapsed && r.parent === block.id && r.size === 2));
      const inner = expandGraph(whole, [block.id, ...loops.map((r) => r.id)]);
      for (const n of inner.nodes) seen.set(n.id, (seen.get(n.id) ?? 0) + 1);
      // Edges end at shown nodes or shown regions only.
      const shown = new Set([...inner.nodes.map((n) => n.id), ...inner.regions.map((r) => r.id)]);
      assert.ok(inner.edges.every((e) => shown.has(e.from) && shown.has(e.to)));
    }
    assert.deepStrictEqual([...seen.keys()].sort(), whole.nodes.map((n) => n.id).sort());
    assert.ok([...seen.values()].every((c) => c === 1));
  });

  it('bundled edges count every edge between blocks, and only those', () => {
    const top = expandGraph(whole, []);
    const blockOf = new Map<string, number>();
    whole.nodes.filter((n) => n.region === undefined).forEach((n, i) => blockOf.set(n.id, Math.floor(i / BLOCK_SIZE)));
    const topOf = (id: string): number => blockOf.get(id) ?? blockOf.get(whole.nodes.find((n) => n.id === id)!.region!.replace(/\/loop$/, ''))!;
    const between = whole.edges.filter((e) => topOf(e.from) !== topOf(e.to)).length;
    assert.strictEqual(top.edges.reduce((n, e) => n + (e.count ?? 1), 0), between);
  });

  it('more blocks than a level holds are grouped into sections, each expanding to its blocks', () => {
    // 6,001 nodes at the top level in blocks of 50: 121 blocks, over the 20 a level holds, so 3 sections of 50 blocks.
    const limits = { maxDirect: 20, blockSize: 50 };
    const g = buildGraph(p.main, { program: p });
    const top = expandGraph(g, undefined, limits);
    assert.deepStrictEqual(top.regions.map((r) => [r.id, r.kind, r.collapsed, r.parent]), [1, 2, 3].map((k) => [`big::main/section${k}`, 'block', true, undefined]));
    assert.strictEqual(top.regions.reduce((n, r) => n + r.size!, 0), g.size);
    const lines = top.regions.map((r) => /^lines (\d+)–(\d+)$/.exec(r.label)!.slice(1).map(Number));
    assert.ok(lines.every(([a, b], i) => a <= b && (i === 0 || a > lines[i - 1][1])), JSON.stringify(lines));
    const second = expandGraph(g, ['big::main/section2'], limits);
    const blocks = second.regions.filter((r) => r.parent === 'big::main/section2');
    assert.strictEqual(blocks.length, 50);
    assert.ok(blocks.every((b) => b.collapsed && b.kind === 'block'));
    // A node's id opens its block and its section.
    const deep = g.nodes.find((n) => n.region === undefined && n.kind === 'for' && n.span.line > lines[2][0])!;
    const opened = expandGraph(g, [deep.id], limits);
    assert.ok(opened.nodes.some((n) => n.id === deep.id));
    // Bundled edges between sections count every edge that crosses them.
    // A loop's body follows its header: a node is in the last section that starts at or before its line.
    const lineOf = new Map(g.nodes.map((n) => [n.id, n.span.line]));
    const sectionOf = (id: string): number => lines.filter(([a]) => a <= lineOf.get(id)!).length;
    const crossing = g.edges.filter((e) => sectionOf(e.from) !== sectionOf(e.to)).length;
    assert.strictEqual(top.edges.reduce((n, e) => n + (e.count ?? 1), 0), crossing);
  });

  it('a small graph is answered whole, as before', () => {
    const small = programOf(program(10));
    const g = buildGraph(small.main, { program: small });
    const answer = expandGraph(g, undefined);
    assert.strictEqual(answer.complete, true);
    assert.deepStrictEqual(answer.nodes, g.nodes);
    assert.deepStrictEqual(answer.edges, g.edges);
  });
});
