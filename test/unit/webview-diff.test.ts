// The pass diff of the graph view (webview/graph/diff.ts): which nodes are ghosted (removed), fused, moved, added,
// where a ghost is drawn, and the pass list's summary of a pass.
import * as assert from 'assert';
import { changeSummary, diffClasses, passView, plainView } from '../../webview/graph/diff';
import type { GraphNode, PassChanges, PassGraph } from '../../contract/graph';

const span = (line: number) => ({ file: '/w/p.bir', line, col: 3, endLine: line, endCol: 30 });
const n = (id: string, line: number, extra: Partial<GraphNode> = {}): GraphNode => ({ id, kind: 'instr', opcode: 'Activation', engine: 'ACT', label: id, span: span(line), ...extra });
const none: PassChanges = { added: [], removed: [], fused: [], moved: [] };

function snapshot(over: Partial<PassGraph>): PassGraph {
  return {
    index: 2, pass: 'fuse', function: 'm::main', nodes: [], edges: [], regions: [], changes: none, removedNodes: [], reasons: {}, total: 0, ...over,
  };
}

describe('webview pass diff', () => {
  it('ghosts the nodes the pass removed, with why, and keeps the others as they are', () => {
    const v = passView(snapshot({
      pass: 'dce',
      nodes: [n('a', 1), n('c', 3)],
      changes: { ...none, removed: ['b', 'other-function-node'] },
      removedNodes: [n('b', 2, { state: 'run', value: 'f32[4] 1 2 3 4' })],
      reasons: { b: "nothing reads 't' after it is written" },
    }));
    assert.deepStrictEqual(v.nodes.map((x) => x.id), ['a', 'c', 'b']);
    assert.deepStrictEqual(v.notes.get('b'), { ghost: true, reason: "nothing reads 't' after it is written" });
    assert.strictEqual(v.nodes[2].state, undefined, 'a ghost carries no run state');
    assert.strictEqual(v.nodes[2].value, undefined);
    assert.strictEqual(v.notes.get('a'), undefined);
    assert.deepStrictEqual(diffClasses(v.notes.get('b')), ['ghost']);
    assert.deepStrictEqual(diffClasses(v.notes.get('a')), []);
  });

  it('outlines a fused group with its members, and ghosts the members as fused into it', () => {
    const v = passView(snapshot({
      nodes: [n('g', 1, { kind: 'fused', opcode: 'fused', members: ['x', 'y'] }), n('z', 3)],
      changes: { ...none, added: ['g'], removed: ['x', 'y'], fused: [{ group: 'g', members: ['x', 'y'] }] },
      removedNodes: [n('x', 1), n('y', 2)],
    }));
    assert.deepStrictEqual(v.notes.get('g'), { fusedMembers: ['x', 'y'] }, 'the group is fused, not just added');
    assert.deepStrictEqual(diffClasses(v.notes.get('g')), ['fused']);
    assert.deepStrictEqual(v.notes.get('x'), { ghost: true, fusedInto: 'g' });
    assert.deepStrictEqual(diffClasses(v.notes.get('y')), ['ghost', 'fused-member']);
  });

  it('marks moved and added nodes that are in the function shown', () => {
    const v = passView(snapshot({
      pass: 'schedule',
      nodes: [n('a', 1), n('b', 2), n('c', 3)],
      changes: { ...none, added: ['c', 'elsewhere'], moved: ['a', 'b', 'gone'] },
    }));
    assert.deepStrictEqual([...v.notes.keys()].sort(), ['a', 'b', 'c']);
    assert.deepStrictEqual(v.notes.get('a'), { moved: true });
    assert.deepStrictEqual(v.notes.get('c'), { added: true });
    assert.deepStrictEqual(diffClasses(v.notes.get('b')), ['moved']);
    assert.deepStrictEqual(diffClasses(v.notes.get('c')), ['added']);
  });

  it('draws a ghost in its region when the region is still there, else at the top level', () => {
    const v = passView(snapshot({
      pass: 'inline',
      nodes: [n('for', 1, { kind: 'for' }), n('a', 2, { region: 'L' })],
      regions: [{ id: 'L', kind: 'loop', label: 'for r0 in 0..2', owner: 'for' }],
      changes: { ...none, removed: ['call', 'inner'] },
      removedNodes: [n('call', 3, { region: 'L', kind: 'call' }), n('inner', 4, { region: 'gone/loop' })],
    }));
    assert.strictEqual(v.nodes.find((x) => x.id === 'call')!.region, 'L');
    assert.strictEqual(v.nodes.find((x) => x.id === 'inner')!.region, undefined);
  });

  it('does not duplicate a removed node that is still in the graph (a copy kept its id)', () => {
    const v = passView(snapshot({ nodes: [n('a', 1)], changes: { ...none, removed: ['a'] }, removedNodes: [n('a', 1)] }));
    assert.deepStrictEqual(v.nodes.map((x) => x.id), ['a']);
    assert.strictEqual(v.notes.get('a'), undefined);
  });

  it('has no diff for snapshot 0 (the program as written) and for the running program', () => {
    const v0 = passView(snapshot({ index: 0, pass: 'as written', nodes: [n('a', 1)], changes: { ...none, removed: ['a'] }, removedNodes: [n('b', 2)] }));
    assert.strictEqual(v0.notes.size, 0);
    assert.deepStrictEqual(v0.nodes.map((x) => x.id), ['a']);
    const running = plainView({ function: 'm::main', nodes: [n('a', 1)], edges: [], regions: [] });
    assert.strictEqual(running.notes.size, 0);
  });

  it('summarises a pass for the pass list', () => {
    assert.strictEqual(changeSummary(none), 'no change');
    assert.strictEqual(changeSummary({ added: ['a', 'b'], removed: ['c'], fused: [{ group: 'g', members: ['x'] }], moved: ['m', 'n', 'o'] }), '+2 −1 fused 1 moved 3');
  });
});
