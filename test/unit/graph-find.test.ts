/**
 * Finding nodes of a large graph and revealing them: `expand` with a node's id opens every region around it (the
 * graph view follows the current node, and a search result, into collapsed regions), and `find` names the nodes of
 * the whole function a search matches, shown or not (by line, name or part of a label or id).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { buildGraph } from '../../engine/graph/build';
import { expandGraph, findNodes, FIND_LIMIT } from '../../engine/graph/hierarchy';
import { InProcessEngine } from '../../engine/host/in-process-engine';
import { EngineEvent } from '../../engine/protocol/types';
import type { FunctionGraph, GraphNode } from '../../contract/graph';
import { programOf } from '../helpers/virtual-host';

/** main: `Memset w`, then `loops` loops of two instructions, each followed by a Memset (about 3 nodes a loop). */
function program(loops: number): string {
  const body: string[] = [];
  for (let i = 0; i < loops; i++) body.push(`  for r1 in 0..2 {\n    TensorScalar t <- t, op = add, scalar = 1\n    TensorTensor u <- w, u, op = add\n  }\n  Memset t <- ${i}`);
  return `module big\nfunc main() {\n  sbuf t : f32[128, 8]\n  sbuf u : f32[128, 8]\n  sbuf w : f32[128, 8]\n  Memset w <- 0\n${body.join('\n')}\n}\n`;
}

describe('revealing and finding nodes of graphs in parts', () => {
  const p = programOf(program(3000));
  const whole = buildGraph(p.main, { program: p });
  /** A TensorTensor deep in the function: inside a loop, inside a block. */
  const deep = whole.nodes.filter((n) => n.opcode === 'TensorTensor')[2000];

  it('a node id in expand opens the block and the loop that hold it, and nothing else', () => {
    const top = expandGraph(whole, []);
    assert.ok(!top.nodes.some((n) => n.id === deep.id));
    const shown = expandGraph(whole, [deep.id]);
    assert.ok(shown.nodes.some((n) => n.id === deep.id), 'the node is in the answer');
    const open = shown.regions.filter((r) => !r.collapsed);
    assert.deepStrictEqual(open.map((r) => r.kind).sort(), ['block', 'loop']);
    const loop = open.find((r) => r.kind === 'loop')!;
    const block = open.find((r) => r.kind === 'block')!;
    assert.strictEqual(loop.id, deep.region);
    assert.strictEqual(loop.parent, block.id);
    // The other loops of that block stay collapsed, and so do the other blocks.
    assert.ok(shown.regions.filter((r) => r.id !== loop.id && r.id !== block.id).every((r) => r.collapsed));
    assert.ok(shown.nodes.length < 3000, 'one block and one loop, not the function');
  });

  it('an id that is neither a region nor a node changes nothing', () => {
    assert.deepStrictEqual(expandGraph(whole, ['big::main@1:1']).regions, expandGraph(whole, []).regions);
  });

  it('finds by line, opcode, tensor name and part of a label or id, in program order', () => {
    const line = deep.span.line;
    for (const q of [`L${line}`, `line ${line}`, `:${line}`, `${line}`, ` l${line} `]) {
      assert.deepStrictEqual(findNodes(whole, q).ids, [deep.id], q);
    }
    const memsets = whole.nodes.filter((n) => n.opcode === 'Memset');
    const byOpcode = findNodes(whole, 'memset');
    assert.strictEqual(byOpcode.total, memsets.length);
    assert.deepStrictEqual(byOpcode.ids, memsets.slice(0, FIND_LIMIT).map((n) => n.id), 'ids in program order, at most the limit');
    // `w`: a tensor, a whole word of the label (not every label with a w in it).
    const w = findNodes(whole, 'w');
    assert.strictEqual(w.total, whole.nodes.filter((n) => /\bw\b/.test(n.label)).length);
    assert.ok(w.total > 0 && w.total < whole.nodes.length);
    // Three characters or more: any part of the label or id.
    assert.strictEqual(findNodes(whole, 'op = add').total, whole.nodes.filter((n) => n.label.includes('op = add')).length);
    assert.deepStrictEqual(findNodes(whole, deep.id).ids, [deep.id]);
    assert.deepStrictEqual(findNodes(whole, '   '), { ids: [], total: 0 });
    assert.deepStrictEqual(findNodes(whole, 'nosuchthing'), { ids: [], total: 0 });
  });

  it('matches labels as text, whatever characters they hold', () => {
    const span = { file: '/x.bir', line: 3, col: 1, endLine: 3, endCol: 9 };
    const node = (id: string, label: string): GraphNode => ({ id, kind: 'instr', opcode: 'Print', engine: 'SP', label, span });
    const g: FunctionGraph = { function: 'x::main', nodes: [node('x::main@3:1', 'Print "a.*(b" <script>'), node('x::main@4:1', 'Print "ab"')], regions: [], edges: [] };
    assert.deepStrictEqual(findNodes(g, 'a.*(').ids, ['x::main@3:1']);
    assert.deepStrictEqual(findNodes(g, '<script>').ids, ['x::main@3:1']);
  });
});

describe('bir/graph and bir/passGraph with find and node ids in expand', () => {
  let dir: string;
  let file: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-find-'));
    file = path.join(dir, 'big.bir');
    fs.writeFileSync(file, program(3000));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('answer found ids over the whole function, and reveal a node by its id', async () => {
    const engine = new InProcessEngine();
    const events: EngineEvent[] = [];
    engine.onEvent((e) => events.push(e));
    await engine.request('launch', { program: file, stopOnEntry: true });
    const stopped = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no stop within 30 s')), 30_000);
      engine.onEvent((e) => {
        if (e.kind === 'stopped') {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    await engine.request('configurationDone', {});
    await stopped;
    try {
      const top = await engine.request('bir/graph', { find: 'TensorTensor' });
      assert.ok(top.nodes.length < top.total, 'a graph in parts');
      assert.strictEqual(top.found?.total, 3000);
      assert.strictEqual(top.found?.ids.length, FIND_LIMIT);
      const target = top.found!.ids[999];
      assert.ok(!top.nodes.some((n) => n.id === target));
      const revealed = await engine.request('bir/graph', { expand: [target] });
      const node = revealed.nodes.find((n) => n.id === target);
      assert.ok(node, 'the node is in the answer');
      assert.strictEqual(node.state, 'not-run');
      assert.strictEqual(revealed.found, undefined, 'found only when asked');
      // The first loop's `for` is on line 7, in the first block: found, though that block is collapsed.
      const snapshot = await engine.request('bir/passGraph', { index: 0, find: 'line 7', expand: [target] });
      assert.deepStrictEqual(snapshot.found, { ids: ['big::main@7:3'], total: 1 });
      assert.ok(!snapshot.nodes.some((n) => n.id === 'big::main@7:3'));
      assert.ok(snapshot.nodes.some((n) => n.id === target));
    } finally {
      await engine.request('terminate', {});
    }
  });
});
