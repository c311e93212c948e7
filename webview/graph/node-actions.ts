/**
 * What a node's click, keys and menu ask of the panel: open its source line, toggle its node breakpoint, show its
 * destination in the tensor view. A group's box is no node: it has none of these.
 */
import type { GraphContext } from './context';

/** Opens the node's source line beside the panel. */
export function revealSource(ctx: GraphContext, index: number | undefined): void {
  const s = ctx.shown;
  if (index === undefined || !s) return;
  if (s.visible.items[index]?.kind === 'group') return;
  ctx.post({ type: 'reveal', span: s.visible.nodes[index].span });
}

export function toggleNodeBreakpoint(ctx: GraphContext, index: number | undefined): void {
  const s = ctx.shown;
  if (index === undefined || !s) return;
  const n = s.visible.nodes[index];
  if (s.visible.items[index]?.kind === 'group') return;
  if (s.visible.notes.get(n.id)?.ghost) return; // removed by the pass: nothing to stop at
  ctx.dispatch({ type: 'ui/toggleBreakpoint', id: n.id });
}

/** The destination of a node that the tensor view can show now: the running graph's (a snapshot's is not this run's). */
export function destinationOf(ctx: GraphContext, index: number | undefined): string | undefined {
  const s = ctx.shown;
  if (index === undefined || !s || ctx.state.selected !== 'running') return undefined;
  if (s.visible.items[index]?.kind === 'group') return undefined;
  return s.visible.nodes[index]?.destination;
}

export function showDestination(ctx: GraphContext, index: number | undefined): void {
  const expression = destinationOf(ctx, index);
  if (expression) ctx.post({ type: 'showTensor', expression });
}
