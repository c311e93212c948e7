// The graph view's state (webview/graph/state.ts): how the panel's messages and the user's choices change it, the
// requests it makes, the graph it draws, and the structure key that decides when to lay out again.
import * as assert from 'assert';
import { isFromWebview, isToWebview } from '../../webview/graph/messages';
import { initialState, NO_SESSION_MESSAGE, reduce, structureKey, titleOf, ViewEvent, viewOf, ViewState } from '../../webview/graph/state';
import type { FrameGraph, GraphNode, PassGraph } from '../../contract/graph';

const span = (line: number) => ({ file: '/w/p.bir', line, col: 3, endLine: line, endCol: 30 });
const n = (id: string, line: number, state?: GraphNode['state']): GraphNode => ({ id, kind: 'instr', opcode: 'Activation', engine: 'ACT', label: id, span: span(line), ...(state ? { state } : {}) });

function frame(current: string, fn = 'm::main'): FrameGraph {
  const ids = ['a', 'b', 'c'];
  return {
    function: fn, frame: 'main',
    nodes: ids.map((id, i) => n(id, i + 1, id === current ? 'current' : ids.indexOf(id) < ids.indexOf(current) ? 'run' : 'not-run')),
    edges: [{ from: 'a', to: 'b', kind: 'memory', label: 't' }], regions: [], pipeline: { index: 0, pass: 'as written' }, total: 3,
  };
}

const pass1: PassGraph = {
  index: 1, pass: 'dce', function: 'm::main', nodes: [n('a', 1)], edges: [], regions: [],
  changes: { added: [], removed: ['b'], fused: [], moved: [] }, removedNodes: [n('b', 2)], reasons: { b: 'dead' }, total: 1,
};

/** Runs events from a state; returns the final state and every effect in order. */
function run(events: ViewEvent[], from: ViewState = initialState()): { state: ViewState; effects: unknown[] } {
  let state = from;
  const effects: unknown[] = [];
  for (const e of events) {
    const r = reduce(state, e);
    state = r.state;
    effects.push(...r.effects);
  }
  return { state, effects };
}

describe('webview state', () => {
  it('starts idle, telling what to do', () => {
    const s = initialState();
    assert.strictEqual(s.status, 'idle');
    assert.strictEqual(s.idleMessage, NO_SESSION_MESSAGE);
    assert.strictEqual(viewOf(s), undefined);
  });

  it('shows the first graph of a session and asks for its passes', () => {
    const { state, effects } = run([{ type: 'graph', session: 's1', graph: frame('a') }]);
    assert.strictEqual(state.status, 'stopped');
    assert.strictEqual(state.session, 's1');
    assert.deepStrictEqual(effects, [{ type: 'requestPassGraphs' }]);
    assert.deepStrictEqual(viewOf(state)!.nodes.map((x) => x.state), ['current', 'not-run', 'not-run']);
  });

  it('follows the stops of the session without asking again, and marks it running in between', () => {
    const { state, effects } = run([
      { type: 'graph', session: 's1', graph: frame('a') },
      { type: 'running', session: 's1' },
    ]);
    assert.strictEqual(state.status, 'running');
    assert.ok(viewOf(state), 'the last stop stays on screen');
    const r = run([{ type: 'graph', session: 's1', graph: frame('b') }], state);
    assert.deepStrictEqual(effects.length + r.effects.length, 1, 'passes are asked for once per session');
    assert.strictEqual(r.state.status, 'stopped');
    assert.strictEqual(viewOf(r.state)!.nodes.find((x) => x.state === 'current')!.id, 'b');
  });

  it('ignores messages of another session', () => {
    const { state } = run([
      { type: 'graph', session: 's1', graph: frame('a') },
      { type: 'running', session: 's2' },
      { type: 'passGraphs', session: 's2', graphs: [{ index: 0, pass: 'as written', nodeCount: 3, changed: { added: [], removed: [], fused: [], moved: [] } }] },
      { type: 'nodeBreakpoints', session: 's2', nodes: ['a'], breakpoints: [{ verified: true }] },
    ]);
    assert.strictEqual(state.status, 'stopped');
    assert.deepStrictEqual(state.passes, []);
    assert.strictEqual(state.nodeBreakpoints.size, 0);
  });

  it('a new session starts afresh: passes, selection and node breakpoints', () => {
    const { state, effects } = run([
      { type: 'graph', session: 's1', graph: frame('a') },
      { type: 'ui/select', selection: 1 },
      { type: 'ui/toggleBreakpoint', id: 'a' },
      { type: 'graph', session: 's2', graph: frame('b') },
    ]);
    assert.strictEqual(state.selected, 'running');
    assert.strictEqual(state.nodeBreakpoints.size, 0);
    assert.deepStrictEqual(effects.filter((e) => (e as { type: string }).type === 'requestPassGraphs').length, 2);
  });

  it('choosing a snapshot asks for its graph and shows it with its diff when it comes', () => {
    const s0 = run([{ type: 'graph', session: 's1', graph: frame('a') }]).state;
    const r = reduce(s0, { type: 'ui/select', selection: 1 });
    assert.deepStrictEqual(r.effects, [{ type: 'selectPass', index: 1 }]);
    assert.strictEqual(viewOf(r.state), undefined, 'nothing while it is on its way');
    const late = reduce(r.state, { type: 'passGraph', session: 's1', graph: { ...pass1, index: 2 } });
    assert.strictEqual(late.state.passGraph, undefined, 'the answer for another snapshot is dropped');
    const s = reduce(r.state, { type: 'passGraph', session: 's1', graph: pass1 }).state;
    const v = viewOf(s)!;
    assert.deepStrictEqual(v.nodes.map((x) => x.id), ['a', 'b']);
    assert.ok(v.notes.get('b')?.ghost);
    assert.match(titleOf(s), /snapshot 1/);
    // a stop keeps the snapshot on screen; "Running program" goes back to the frame
    const stopped = reduce(s, { type: 'graph', session: 's1', graph: frame('b') }).state;
    assert.strictEqual(viewOf(stopped)!.notes.get('b')?.ghost, true);
    const back = reduce(stopped, { type: 'ui/select', selection: 'running' });
    assert.deepStrictEqual(back.effects, []);
    assert.strictEqual(viewOf(back.state)!.notes.size, 0);
  });

  it('draws the diff of a compiler stop (bir/graph answers a snapshot)', () => {
    const { state } = run([{ type: 'graph', session: 's1', graph: { ...pass1 } }]);
    assert.ok(viewOf(state)!.notes.get('b')?.ghost);
    assert.match(titleOf(state), /compiler stop at snapshot 1 \(dce\)/);
  });

  it('toggles node breakpoints: pending at once, then the adapter\'s answer', () => {
    const s0 = run([{ type: 'graph', session: 's1', graph: frame('a') }]).state;
    const on = reduce(s0, { type: 'ui/toggleBreakpoint', id: 'b' });
    assert.deepStrictEqual(on.effects, [{ type: 'toggleNodeBreakpoint', id: 'b' }]);
    assert.strictEqual(on.state.nodeBreakpoints.get('b'), 'pending');
    const answered = reduce(on.state, { type: 'nodeBreakpoints', session: 's1', nodes: ['b'], breakpoints: [{ id: 4, verified: true }] }).state;
    assert.deepStrictEqual(answered.nodeBreakpoints.get('b'), { id: 4, verified: true });
    const off = reduce(answered, { type: 'ui/toggleBreakpoint', id: 'b' });
    assert.strictEqual(off.state.nodeBreakpoints.has('b'), false);
    assert.deepStrictEqual(off.effects, [{ type: 'toggleNodeBreakpoint', id: 'b' }]);
  });

  it('does nothing for the user\'s requests while idle', () => {
    const r1 = reduce(initialState(), { type: 'ui/toggleBreakpoint', id: 'a' });
    const r2 = reduce(initialState(), { type: 'ui/select', selection: 1 });
    assert.deepStrictEqual([...r1.effects, ...r2.effects], []);
  });

  it('goes idle with the panel\'s message when the session ends', () => {
    const { state } = run([{ type: 'graph', session: 's1', graph: frame('a') }, { type: 'idle', message: 'The program ended.' }]);
    assert.strictEqual(state.status, 'idle');
    assert.strictEqual(state.idleMessage, 'The program ended.');
    assert.strictEqual(viewOf(state), undefined);
    assert.strictEqual(state.session, undefined);
  });

  it('keeps an error until the next graph', () => {
    const s = run([{ type: 'graph', session: 's1', graph: frame('a') }, { type: 'error', message: 'no frame 9' }]).state;
    assert.strictEqual(s.error, 'no frame 9');
    assert.strictEqual(reduce(s, { type: 'graph', session: 's1', graph: frame('b') }).state.error, undefined);
  });

  it('keys the structure, not the states: a step keeps the layout, another function does not', () => {
    const a = viewOf(run([{ type: 'graph', session: 's1', graph: frame('a') }]).state)!;
    const b = viewOf(run([{ type: 'graph', session: 's1', graph: { ...frame('c'), nodes: frame('c').nodes.map((x) => ({ ...x, value: 'f32[1] 7' })) } }]).state)!;
    const other = viewOf(run([{ type: 'graph', session: 's1', graph: frame('a', 'm::tile') }]).state)!;
    const moreEdges = viewOf(run([{ type: 'graph', session: 's1', graph: { ...frame('a'), edges: [...frame('a').edges, { from: 'b', to: 'c', kind: 'register', label: 'r0' }] } }]).state)!;
    assert.strictEqual(structureKey(a), structureKey(b));
    assert.notStrictEqual(structureKey(a), structureKey(other));
    assert.notStrictEqual(structureKey(a), structureKey(moreEdges));
  });
});

describe('webview messages', () => {
  it('accepts only well-formed requests from the page', () => {
    const good = [
      { type: 'ready' }, { type: 'requestPassGraphs' }, { type: 'selectPass', index: 0 }, { type: 'toggleNodeBreakpoint', id: 'm::main@3:1' },
      { type: 'reveal', span: { file: '/w/a.bir', line: 3, col: 1, endLine: 3, endCol: 9 } },
    ];
    const bad = [
      null, 'ready', {}, { type: 'eval' }, { type: 'selectPass', index: -1 }, { type: 'selectPass', index: 1.5 }, { type: 'selectPass', index: '1' },
      { type: 'toggleNodeBreakpoint', id: '' }, { type: 'toggleNodeBreakpoint' }, { type: 'reveal', span: { file: '/w/a.bir', line: '3' } }, { type: 'reveal' },
    ];
    for (const m of good) assert.ok(isFromWebview(m), JSON.stringify(m));
    for (const m of bad) assert.ok(!isFromWebview(m), JSON.stringify(m));
  });

  it('knows the panel\'s messages and nothing else', () => {
    assert.ok(isToWebview({ type: 'idle', message: 'x' }));
    assert.ok(isToWebview({ type: 'graph', session: 's', graph: frame('a') }));
    assert.ok(!isToWebview({ type: 'ui/select', selection: 1 }), 'the page\'s own events cannot be posted to it');
    assert.ok(!isToWebview({ type: 'setState' }));
    assert.ok(!isToWebview(undefined));
  });
});
