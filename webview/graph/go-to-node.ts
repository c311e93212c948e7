/**
 * Going to a node by its id (a search result, the current node): the groups around it open (the parts not loaded
 * are asked for), and once it is drawn the view brings it in, focuses it and opens its tooltip.
 */
import type { GraphContext } from './context';
import type { Focus } from './focus';
import type { Groups } from './groups';
import type { Placement } from './placement';
import type { Tooltip } from './popups';
import { boxOf } from './shown';
import { groupsAround } from './tree';

export class GoToNode {
  /** A node to go to once it arrives (a search result or the current node inside a part not loaded yet). */
  pending: string | undefined;

  constructor(
    private readonly ctx: GraphContext,
    private readonly groups: Groups,
    private readonly placement: Placement,
    private readonly focus: Focus,
    private readonly tooltip: Tooltip,
  ) {}

  go(id: string): void {
    const s = this.ctx.shown;
    if (!s) return;
    const i = s.tree.nodeIndex.get(id);
    if (i === undefined) {
      this.pending = id;
      this.ctx.dispatch({ type: 'ui/expand', ids: [id] });
      return;
    }
    this.pending = id;
    const expanded = this.groups.of(s.key)!;
    const missing = groupsAround(s.tree, i).filter((g) => !expanded.has(g));
    if (missing.length > 0) {
      for (const g of missing) expanded.add(g);
      this.ctx.show();
    } else this.showPending();
  }

  /** Focuses the pending node once it is drawn. */
  showPending(): void {
    const s = this.ctx.shown;
    if (this.pending === undefined || !s?.layout) return;
    const index = s.visible.nodes.findIndex((n) => n.id === this.pending);
    if (index < 0 || !s.layout.nodes.some((p) => p.index === index)) return;
    this.pending = undefined;
    const { view } = this.ctx;
    const b = boxOf(s, index)!;
    if (view.k < 0.7) view.center(b, 0.9);
    else view.reveal(b);
    this.placement.userMoved = true;
    this.focus.set(index, false);
    view.apply();
    this.focus.focusNode(index);
    this.tooltip.showAt(index, view.toClient(b));
  }
}
