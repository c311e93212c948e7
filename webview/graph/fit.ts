/**
 * Fit: the whole graph on screen. A graph whose top level would not read at that size (its boxes too small for even
 * their short names) first closes groups, the deepest first (those around the current or focused node last), until it
 * reads: far out, groups; near, nodes.
 */
import { Composer } from './compose';
import type { GraphContext } from './context';
import type { Focus } from './focus';
import { Groups, visibleGroup } from './groups';
import { itemText } from './items';
import type { Layout } from './layout';
import { frameAspect, Layouts } from './layouts';
import { lodThresholds } from './lod';
import type { Placement } from './placement';
import { currentIndex, Shown } from './shown';
import { groupsAround, ROOT, visibleGraph, VisibleGraph } from './tree';

/** A Fit closes groups in this many rounds at most: the first, then one after each ELK layout that still does not read. */
const MAX_FIT_ROUNDS = 3;

export class Fit {
  constructor(
    private readonly ctx: GraphContext,
    private readonly placement: Placement,
    private readonly groups: Groups,
    private readonly layouts: Layouts,
    private readonly focus: Focus,
  ) {}

  /** Fits the graph on screen; `round`: how many times this Fit closed groups already. */
  whole(round = 0): void {
    const s = this.ctx.shown;
    if (!s?.layout) return;
    const { view } = this.ctx;
    this.placement.userMoved = false;
    if (view.fitScale(s.layout.width, s.layout.height) >= rootOpenAt(s, s.layout)) {
      this.placement.fit(s.layout);
      this.placement.fitAgain = 0;
      return;
    }
    if (!this.closeUntilReadable(s)) {
      this.placement.fit(s.layout);
      return;
    }
    // What is left open is laid out afresh, compactly, for the overview.
    if (s.mode === 'large') this.layouts.forget(s.key);
    this.placement.fitAgain = round + 1;
    this.placement.fitNext = true;
    this.ctx.show();
  }

  /** After ELK's layout following a Fit that closed groups: if the whole still does not read, close more. */
  followUp(s: Shown, layout: Layout): void {
    const p = this.placement;
    if (p.by === 'fit' && !p.userMoved && p.fitAgain > 0 && p.fitAgain < MAX_FIT_ROUNDS && this.ctx.view.fitScale(layout.width, layout.height) < rootOpenAt(s, layout)) this.whole(p.fitAgain);
    else p.fitAgain = 0;
  }

  /** Closes open groups until the whole reads (estimated); whether any closed. */
  private closeUntilReadable(s: Shown): boolean {
    const expanded = this.groups.of(s.key)!;
    const keep = this.groupsToKeep(s);
    const depth = (g: string): number => {
      let d = 0;
      for (let l: string | undefined = s.tree.groups.get(g)?.levels[0]; l !== undefined && l !== ROOT; l = s.tree.levels.get(l)?.parent) d++;
      return d;
    };
    let changed = false;
    for (let tries = 0; tries < 200; tries++) {
      const shownNow = visibleGraph(s.tree, expanded);
      const open = [...expanded].filter((g) => s.tree.groups.has(g) && visibleGroup(shownNow, g));
      if (open.length === 0) break;
      // Deepest first; those around the current or focused node last.
      open.sort((a, b) => Number(keep.has(a)) - Number(keep.has(b)) || depth(b) - depth(a) || (s.tree.groups.get(b)!.size - s.tree.groups.get(a)!.size));
      expanded.delete(open[0]);
      changed = true;
      // Estimated with the instant layout by level (ELK's is larger: a margin).
      const v = visibleGraph(s.tree, expanded);
      const { layout } = new Composer().compose(v, frameAspect(this.ctx.view));
      if (this.ctx.view.fitScale(layout.width, layout.height) >= 1.3 * rootOpenOf(v, layout)) break;
    }
    return changed;
  }

  /** The groups around the focused node and the current one. */
  private groupsToKeep(s: Shown): Set<string> {
    const keep = new Set<string>();
    const focused = this.focus.index !== undefined ? s.visible.items[this.focus.index] : undefined;
    for (const i of [focused?.kind === 'node' ? focused.index : -1, currentIndex(s.visible.tree.view.nodes)]) {
      if (i >= 0) for (const g of groupsAround(s.tree, i)) keep.add(g);
    }
    return keep;
  }
}

/** The zoom from which the top level of what is on screen reads: the SVG's thresholds, or the canvas's computed. */
function rootOpenAt(s: Shown, layout: Layout): number {
  return s.mode === 'large' ? rootOpenOf(s.visible, layout) : s.lodT?.rootOpen ?? 0;
}

/** The zoom from which the top level of a layout reads (lod.ts). */
function rootOpenOf(v: VisibleGraph, layout: Layout): number {
  const regionIdx = new Map(layout.clusters.map((c, i) => [v.regions[c.index].id, i]));
  const lv = layout.nodes.map((p) => regionIdx.get(v.nodes[p.index].region ?? '') ?? -1);
  const par = layout.clusters.map((c) => regionIdx.get(v.regions[c.index].parent ?? '') ?? -1);
  return lodThresholds(layout, (i) => itemText(v, layout.nodes[i].index).short, (i) => lv[i], (c) => par[c]).rootOpen;
}
