/**
 * The graph view cannot import the engine (it is browser code), so it declares the graph's shape again: the
 * compiler checks here that both declarations stay the same shape, in both directions.
 */
import * as assert from 'assert';
import * as engine from '../../engine/graph/types';
import * as view from '../../webview/types';

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;

const checks: Record<string, true> = {
  GraphNode: true satisfies Same<Omit<engine.GraphNode, 'state' | 'value'> & Partial<Pick<engine.GraphNode, 'state' | 'value'>>, Omit<view.GraphNode, 'state' | 'value'> & Partial<Pick<view.GraphNode, 'state' | 'value'>>>,
  GraphRegion: true satisfies Same<engine.GraphRegion, view.GraphRegion>,
  GraphEdge: true satisfies Same<engine.GraphEdge, view.GraphEdge>,
  GraphNodeKind: true satisfies Same<engine.GraphNodeKind, view.GraphNodeKind>,
  GraphNodeState: true satisfies Same<engine.GraphNodeState, view.GraphNodeState>,
};

describe('the graph view\'s types', () => {
  it('have the shape of the engine\'s graph (checked by the compiler)', () => {
    assert.deepStrictEqual(Object.values(checks), [true, true, true, true, true]);
  });
});
