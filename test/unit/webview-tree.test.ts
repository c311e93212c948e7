// The graph view's hierarchy (webview/graph/tree.ts): levels and groups of real graphs (loops, branches, inlined calls,
// fused groups, chunks of crowded levels, collapsed regions of a graph in parts), what is visible for an expansion,
// edges bundled into collapsed groups, and the first expansion within a budget.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { buildGraph, buildProgramGraphs } from '../../engine/graph/build';
import { expandGraph } from '../../engine/graph/hierarchy';
import { runPipeline } from '../../engine/passes/pipeline';
import type { PassName } from '../../engine/passes/registry';
import { checkProgram } from '../../engine/lang/check/checker';
import { passView, plainView, ViewGraph } from '../../webview/graph/diff';
import {
  allGroups, buildTree, CHUNK_MAX, GROUP_ENGINE, groupsAround, initialExpansion, inlineCalls, remoteRegions, ROOT, Tree, visibleGraph,
} from '../../webview/graph/tree';
import { programOf } from '../helpers/virtual-host';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

function example(name: string, passes: PassName[] = [], index = passes.length, fn = 'main'): ViewGraph {
  const file = path.join(EXAMPLES, name);
  const r = checkProgram(file, { host: { readText: (f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined), exists: (f) => fs.existsSync(f) } });
  assert.ok(r.program);
  const snaps = runPipeline(r.program, passes);
  const graphs = buildProgramGraphs(snaps[index].program);
  const g = graphs.find((x) => x.function.endsWith(`::${fn}`))!;
  if (index === 0) return plainView(g);
  const before = buildProgramGraphs(snaps[index - 1].program).find((x) => x.function === g.function);
  const removed = new Set(snaps[index].changes.removed);
  return passView({
    ...g, index, changes: snaps[index].changes, removedNodes: before?.nodes.filter((n) => removed.has(n.id)) ?? [],
    reasons: Object.fromEntries(snaps[index].reasons),
  });
}

/** A function of `n` instructions at the top level, with a loop of three every `every` instructions. */
function flat(n: number, every = 10): ViewGraph {
  const body: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i % every === every - 1) body.push('  for r1 in 0..2 {\n    TensorScalar t <- t, op = add, scalar = 1\n    TensorTensor u <- t, u, op = add\n  }');
    else body.push(`  TensorScalar u <- t, op = mul, scalar = ${i}`);
  }
  const p = programOf(`module big\nfunc main() {\n  sbuf t : f32[128, 8]\n  sbuf u : f32[128, 8]\n  Memset t <- 0\n${body.join('\n')}\n}\n`);
  return plainView(buildGraph(p.main, { program: p }));
}

/** Every node of the graph is in exactly one level; no level has more than CHUNK_MAX units. */
function checkShape(tree: Tree): void {
  const seen = new Map<number, number>();
  for (const l of tree.levels.values()) {
    assert.ok(l.units.length <= CHUNK_MAX || l.remote, `${l.id} has ${l.units.length} units`);
    for (const u of l.units) if ('node' in u) seen.set(u.node, (seen.get(u.node) ?? 0) + 1);
  }
  tree.view.nodes.forEach((_, i) => assert.strictEqual(seen.get(i), 1, `node ${tree.view.nodes[i].id} is in one level`));
}

describe('webview hierarchy: levels and groups', () => {
  it('calls_loops main: a loop in a loop, a branch with two arms; all open is the graph as it is', () => {
    const view = example('calls_loops.bir');
    const tree = buildTree(view);
    checkShape(tree);
    const kinds = [...tree.groups.values()].map((g) => [g.kind, g.label]);
    assert.deepStrictEqual(kinds, [['loop', 'for r0 in 0..M/TM'], ['loop', 'for r1 in 0..3'], ['branch', 'if r1 < 2']]);
    const branch = [...tree.groups.values()].find((g) => g.kind === 'branch')!;
    assert.strictEqual(branch.levels.length, 2, 'the then and else arms open together');
    assert.strictEqual(view.nodes[branch.owner!].kind, 'if');
    const all = visibleGraph(tree, allGroups(tree));
    assert.deepStrictEqual(all.nodes.map((n) => n.id), view.nodes.map((n) => n.id));
    assert.deepStrictEqual(all.edges, view.edges);
    assert.deepStrictEqual(all.regions.map((r) => [r.id, r.parent, r.owner]), view.regions.map((r) => [r.id, r.parent, r.owner]));
    assert.ok(all.items.every((i) => i.kind === 'node' && i.collapsed === undefined));
  });

  it('a collapsed loop is drawn as its `for`, which holds its nodes; the edges into it end there, bundled', () => {
    const view = example('calls_loops.bir');
    const tree = buildTree(view);
    const shown = visibleGraph(tree, new Set());
    assert.deepStrictEqual(shown.nodes.map((n) => n.label.split(' ')[0]), ['DmaCopy', 'for', 'Print', 'Print', 'Assert']);
    assert.deepStrictEqual(shown.regions, []);
    const loop = shown.items[1];
    assert.ok(loop.kind === 'node' && loop.collapsed !== undefined, 'the for stands for its loop');
    assert.strictEqual(tree.groups.get(loop.collapsed)!.size, 5, 'everything inside the loop');
    // DmaCopy ws feeds both calls in the loop (and nothing else): one edge to the for, counting 2.
    const fromLoad = shown.edges.filter((e) => e.from === 'calls_loops::main@32:3');
    assert.deepStrictEqual(fromLoad.map((e) => [e.to, e.count]), [['calls_loops::main@33:3', 2]]);
    // Every edge of the graph is counted once, or left out when both ends are inside the same collapsed group.
    const inside = (id: string): boolean => tree.levelOf[tree.nodeIndex.get(id)!] !== ROOT;
    const crossing = view.edges.filter((e) => inside(e.from) !== inside(e.to) || (!inside(e.from) && !inside(e.to)));
    assert.strictEqual(shown.edges.reduce((n, e) => n + (e.count ?? 1), 0), crossing.filter((e) => !(e.from === 'calls_loops::main@33:3' && inside(e.to))).length);
  });

  it('opening a loop shows its body, the loops inside stay closed', () => {
    const view = example('calls_loops.bir');
    const tree = buildTree(view);
    const outer = tree.ownedBy.get(tree.nodeIndex.get('calls_loops::main@33:3')!)!;
    const shown = visibleGraph(tree, new Set([outer]));
    assert.deepStrictEqual(shown.regions.map((r) => r.label), ['for r0 in 0..M/TM']);
    assert.deepStrictEqual(shown.nodes.filter((n) => n.region !== undefined).map((n) => n.label.split(' ')[0]), ['DmaCopy', 'for']);
  });

  it('the way to a node: the groups around it, outermost first', () => {
    const view = example('calls_loops.bir');
    const tree = buildTree(view);
    const call = tree.nodeIndex.get('calls_loops::main@37:9')!;
    const around = groupsAround(tree, call).map((g) => tree.groups.get(g)!.label);
    assert.deepStrictEqual(around, ['for r0 in 0..M/TM', 'for r1 in 0..3', 'if r1 < 2']);
    const shown = visibleGraph(tree, new Set(groupsAround(tree, call)));
    assert.ok(shown.visibleIndex.has(call));
  });

  it('inlined calls are levels of their own, named after the callee, with their loops inside', () => {
    const view = example('calls_loops.bir', ['inline'], 1);
    const tree = buildTree(view);
    checkShape(tree);
    const inline = [...tree.groups.values()].filter((g) => g.kind === 'inline').map((g) => g.label);
    assert.deepStrictEqual(inline, ['inlined full_tile (call at L37)', 'inlined edge_tile (call at L39)']);
    const full = tree.levels.get('#inline:calls_loops::main@37:9')!;
    assert.strictEqual(full.parent, 'calls_loops::main@36:7/then');
    const ids = full.units.map((u) => ('node' in u ? view.nodes[u.node].id : u.level));
    assert.deepStrictEqual(ids, [
      'calls_loops::main@37:9~r3', 'calls_loops::full_tile@53:3 in calls_loops::main@37:9', 'calls_loops::full_tile@54:3 in calls_loops::main@37:9',
      'calls_loops::full_tile@54:3 in calls_loops::main@37:9/loop', 'calls_loops::full_tile@57:3 in calls_loops::main@37:9',
    ]);
    // The ghost of the call it replaced stays beside it, at the level of the call.
    const ghost = tree.nodeIndex.get('calls_loops::main@37:9')!;
    assert.strictEqual(tree.levelOf[ghost], 'calls_loops::main@36:7/then');
    const all = visibleGraph(tree, allGroups(tree));
    assert.strictEqual(all.nodes.length, view.nodes.length);
    assert.ok(all.regions.some((r) => r.kind === 'inline' && r.parent === 'calls_loops::main@36:7/then'));
  });

  it('names the calls an id was inlined through, innermost first', () => {
    assert.deepStrictEqual(inlineCalls('m::e@71:3 in m::f@55:5 in m::main@37:9'), ['m::f@55:5 in m::main@37:9', 'm::main@37:9']);
    assert.deepStrictEqual(inlineCalls('m::main@37:9~r3'), ['m::main@37:9']);
    assert.deepStrictEqual(inlineCalls('m::f@53:3 in m::main@37:9~i2'), ['m::main@37:9']);
    assert.deepStrictEqual(inlineCalls('m::main@40:3+g1'), []);
    assert.deepStrictEqual(inlineCalls('m::main@40:3'), []);
  });

  it('a fused group of a diff stands for the members it replaced until it is opened', () => {
    const view = example('rmsnorm.bir', ['fuse'], 1);
    const tree = buildTree(view);
    const fused = [...tree.groups.values()].filter((g) => g.kind === 'fused');
    assert.ok(fused.length > 0, 'the fuse pass made groups');
    const g = fused[0];
    assert.ok(g.members.length >= 2);
    const closed = visibleGraph(tree, new Set());
    assert.ok(g.members.every((m) => !closed.visibleIndex.has(m)), 'members hidden');
    const owner = closed.items[closed.visibleIndex.get(g.owner!)!];
    assert.ok(owner.kind === 'node' && owner.collapsed === g.id);
    const open = visibleGraph(tree, new Set([g.id]));
    assert.ok(g.members.every((m) => open.visibleIndex.has(m)), 'members shown');
  });
});

describe('webview hierarchy: large graphs', () => {
  it('a crowded level is cut into chunks of consecutive nodes, labelled by their lines, as deep as it takes', () => {
    const view = flat(2000);
    const tree = buildTree(view);
    checkShape(tree);
    const root = tree.levels.get(ROOT)!;
    assert.ok(root.units.every((u) => 'level' in u && tree.levels.get(u.level)!.kind === 'chunk'));
    const chunks = [...tree.levels.values()].filter((l) => l.kind === 'chunk');
    assert.ok(chunks.every((c) => /^lines \d+–\d+$/.test(c.label)));
    // A loop stays in the chunk of its `for`.
    for (const g of tree.groups.values()) if (g.kind === 'loop') assert.strictEqual(tree.levels.get(g.levels[0])!.parent, tree.levelOf[g.owner!]);
    // Sizes add up.
    assert.strictEqual(root.size, view.nodes.length);
    const collapsed = visibleGraph(tree, new Set());
    assert.strictEqual(collapsed.nodes.length, root.units.length);
    assert.ok(collapsed.nodes.every((n) => n.engine === GROUP_ENGINE && /^lines /.test(n.label)));
  });

  it('the first expansion stays within its budget and always shows the current node', () => {
    const view = flat(2000);
    const tree = buildTree(view);
    const current = 1500;
    const expanded = initialExpansion(tree, 150, [current]);
    const shown = visibleGraph(tree, expanded);
    assert.ok(shown.visibleIndex.has(current), 'the current node is visible');
    assert.ok(shown.nodes.length <= 150 + CHUNK_MAX * 4, `${shown.nodes.length} visible`);
    assert.ok(shown.nodes.length >= 100, 'the budget is used');
    // A small graph is shown whole.
    const small = buildTree(example('calls_loops.bir'));
    assert.deepStrictEqual(initialExpansion(small, 1000), allGroups(small));
  });

  it('the box that stands for the current node inside closed groups shows as current (the outermost closed one)', () => {
    const withCurrent = (v: ViewGraph, i: number): ViewGraph => ({ ...v, nodes: v.nodes.map((n, j) => (j === i ? { ...n, state: 'current' as const } : { ...n, state: 'run' as const })) });
    const currents = (g: ReturnType<typeof visibleGraph>): string[] => g.nodes.filter((n) => n.state === 'current').map((n) => n.id);
    // A chunk's box (no owner).
    const view = withCurrent(flat(2000), 1500);
    const tree = buildTree(view);
    const closed = visibleGraph(tree, new Set());
    const outer = groupsAround(tree, 1500)[0];
    assert.deepStrictEqual(currents(closed), [`#group:${outer}`]);
    assert.deepStrictEqual(currents(visibleGraph(tree, new Set([outer]))), [`#group:${groupsAround(tree, 1500)[1]}`]);
    assert.deepStrictEqual(currents(visibleGraph(tree, new Set(groupsAround(tree, 1500)))), [view.nodes[1500].id]);
    // A loop's `for` (its owner) stands for the nodes of its body.
    const loops = example('calls_loops.bir');
    const inner = loops.nodes.findIndex((n) => n.id === 'calls_loops::main@37:9');
    const loopTree = buildTree(withCurrent(loops, inner));
    const owner = loopTree.view.nodes[loopTree.groups.get(groupsAround(loopTree, inner)[0])!.owner!].id;
    assert.deepStrictEqual(currents(visibleGraph(loopTree, new Set())), [owner]);
  });

  it('a graph in parts: collapsed regions are remote until the panel sends them; edges to them are bundled', () => {
    const body: string[] = [];
    for (let i = 0; i < 3000; i++) body.push(`  for r1 in 0..2 {\n    TensorScalar t <- t, op = add, scalar = 1\n    TensorTensor u <- w, u, op = add\n  }\n  Memset t <- ${i}`);
    const p = programOf(`module big\nfunc main() {\n  sbuf t : f32[128, 8]\n  sbuf u : f32[128, 8]\n  sbuf w : f32[128, 8]\n  Memset w <- 0\n${body.join('\n')}\n}\n`);
    const whole = buildGraph(p.main, { program: p });
    const top = expandGraph(whole, []);
    const tree = buildTree(plainView(top));
    checkShape(tree);
    const blocks = [...tree.groups.values()].filter((g) => g.kind === 'block');
    assert.strictEqual(blocks.length, 7);
    assert.deepStrictEqual(remoteRegions(tree, blocks[0].id), [blocks[0].id]);
    const shown = visibleGraph(tree, new Set(blocks.map((b) => b.id)));
    assert.strictEqual(shown.nodes.length, 7, 'a remote block stays a box while its contents are on their way');
    assert.ok(shown.edges.some((e) => (e.count ?? 1) > 1), 'bundled edges between blocks');
    // With the first block's contents: the block opens; its loops are closed groups of their own.
    const part = expandGraph(whole, [blocks[0].id]);
    const tree2 = buildTree(plainView(part));
    checkShape(tree2);
    const open = visibleGraph(tree2, new Set([blocks[0].id]));
    assert.ok(open.regions.some((r) => r.id === blocks[0].id));
    assert.ok(open.nodes.length > 7 && open.nodes.length <= 7 + CHUNK_MAX);
  });
});
