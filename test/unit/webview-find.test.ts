// The search box (webview/graph/find.ts) names the same nodes as the engine's `find` (engine/graph/hierarchy.ts) for any
// query; the messages of a graph in parts (expand, find, found) go through the reducer; graphs posted as JSON text
// are read as the objects they stand for.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { buildProgramGraphs } from '../../engine/graph/build';
import { findNodes as engineFind } from '../../engine/graph/hierarchy';
import { checkProgram } from '../../engine/lang/check/checker';
import { findNodes } from '../../webview/graph/find';
import { decodePosted, isFromWebview, isToWebview } from '../../webview/graph/messages';
import { initialState, reduce } from '../../webview/graph/state';
import type { FrameGraph } from '../../contract/graph';

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

function graphs(): ReturnType<typeof buildProgramGraphs> {
  const out: ReturnType<typeof buildProgramGraphs> = [];
  for (const f of fs.readdirSync(EXAMPLES).filter((x) => x.endsWith('.bir'))) {
    const file = path.join(EXAMPLES, f);
    const r = checkProgram(file, { host: { readText: (p) => (fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : undefined), exists: (p) => fs.existsSync(p) } });
    if (r.program) out.push(...buildProgramGraphs(r.program));
  }
  return out;
}

describe('webview search', () => {
  const all = graphs();

  it('names the same nodes as the engine, for queries from the graphs and any text', () => {
    const words = new Set<string>();
    for (const g of all) for (const n of g.nodes) {
      words.add(n.opcode);
      words.add(`L${n.span.line}`);
      words.add(n.id.slice(-6));
      for (const w of n.label.split(/[^A-Za-z0-9_]+/)) if (w) words.add(w);
    }
    const check = (q: string): void => {
      for (const g of all) assert.deepStrictEqual(findNodes(g.nodes, q).map((i) => g.nodes[i].id), engineFind(g, q).ids, `'${q}' in ${g.function}`);
    };
    for (const w of words) check(w);
    fc.assert(fc.property(fc.string({ maxLength: 8 }), (q) => check(q)), { numRuns: 200 });
  });

  it('finds by opcode, tensor, line and id', () => {
    const main = all.find((g) => g.function === 'calls_loops::main')!;
    const ids = (q: string): string[] => findNodes(main.nodes, q).map((i) => main.nodes[i].id);
    assert.deepStrictEqual(ids('dmacopy'), ['calls_loops::main@32:3', 'calls_loops::main@34:5']);
    assert.deepStrictEqual(ids('xT'), ['calls_loops::main@34:5', 'calls_loops::main@37:9', 'calls_loops::main@39:9']);
    assert.deepStrictEqual(ids('L37'), ['calls_loops::main@37:9']);
    assert.deepStrictEqual(ids('@45:3'), ['calls_loops::main@45:3']);
    assert.deepStrictEqual(ids(''), []);
  });
});

describe('webview messages of graphs in parts', () => {
  const graph = { function: 'm::main', nodes: [], regions: [], edges: [], total: 20000, pipeline: { index: 0, pass: 'as written' } } as unknown as FrameGraph;

  it('a graph posted as JSON text is read as its object', () => {
    const posted = { type: 'graph', session: 's', json: JSON.stringify(graph) };
    assert.ok(isToWebview(posted));
    assert.deepStrictEqual(decodePosted(posted as never), { type: 'graph', session: 's', graph });
    assert.throws(() => decodePosted({ type: 'graph', session: 's', json: '{' } as never));
  });

  it('the page asks to open parts and to search; the answers come back', () => {
    let s = reduce(initialState(), { type: 'graph', session: 's', graph }).state;
    const asked = reduce(s, { type: 'ui/expand', ids: ['m::main/block3'] });
    assert.deepStrictEqual(asked.effects, [{ type: 'expand', selection: 'running', ids: ['m::main/block3'] }]);
    assert.deepStrictEqual(asked.state.loading, ['m::main/block3']);
    s = reduce(asked.state, { type: 'graph', session: 's', graph }).state;
    assert.deepStrictEqual(s.loading, [], 'the answer came');
    const find = reduce(s, { type: 'ui/find', query: 'MatMult' });
    assert.deepStrictEqual(find.effects, [{ type: 'find', selection: 'running', query: 'MatMult' }]);
    s = reduce(find.state, { type: 'found', session: 's', selection: 'running', query: 'MatMult', ids: ['a', 'b'], total: 7 }).state;
    assert.deepStrictEqual(s.found, { selection: 'running', query: 'MatMult', ids: ['a', 'b'], total: 7 });
    // Another session's or another selection's answer is not this one's.
    assert.strictEqual(reduce(s, { type: 'found', session: 't', selection: 'running', query: 'x', ids: [], total: 0 }).state.found?.query, 'MatMult');
    assert.strictEqual(reduce(s, { type: 'found', session: 's', selection: 2, query: 'x', ids: [], total: 0 }).state.found?.query, 'MatMult');
  });

  it('the panel forwards only well-formed requests', () => {
    assert.ok(isFromWebview({ type: 'expand', selection: 'running', ids: ['a'] }));
    assert.ok(isFromWebview({ type: 'expand', selection: 2, ids: [] }));
    assert.ok(!isFromWebview({ type: 'expand', selection: -1, ids: ['a'] }));
    assert.ok(!isFromWebview({ type: 'expand', selection: 'running', ids: [3] }));
    assert.ok(isFromWebview({ type: 'find', selection: 0, query: 'L53' }));
    assert.ok(!isFromWebview({ type: 'find', selection: 0, query: 'x'.repeat(201) }));
    assert.ok(isFromWebview({ type: 'showTensor', expression: 'acc[0:128, 0:64]' }));
    assert.ok(!isFromWebview({ type: 'showTensor', expression: '' }));
    assert.ok(!isFromWebview({ type: 'showTensor', expression: 7 }));
  });
});
