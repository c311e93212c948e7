/**
 * Where the view goes for each new layout. The anchor (a node that was on screen) stays where it was; otherwise, the
 * first time, the whole graph when its labels read at that size, else the current node (or the first node the pass
 * changed) at a size that reads; otherwise the whole graph. When ELK's layout replaces a first one, the view is placed
 * the same way again, unless the user has moved it since (then the focused or current node stays where it is).
 */
import type { Viewport } from './interaction';
import type { Box, Layout } from './layout';
import { boxOf, currentIndex, Shown } from './shown';
import type { VisibleGraph } from './tree';

/** A new graph is shown whole when its text still reads that way (the full labels); otherwise around its current node. */
const FIT_READABLE = 0.67;
const FIRST_ZOOM = 0.8;

/** How the view was placed for the layout on screen (`kept`: around a node the user was looking at). */
export type PlacedBy = 'fit' | 'target' | 'kept';

/** A node (or a group's box, a level's frame) and where it is on screen. */
interface Anchor {
  readonly id: string;
  readonly sx: number;
  readonly sy: number;
}

export class Placement {
  /** The user panned or zoomed since the view was last placed. */
  userMoved = false;
  by: PlacedBy = 'kept';
  /** The next layout is shown whole (Fit closed groups to make it read). */
  fitNext = false;
  /** How many times Fit closed groups for the layout on its way (ELK's may still not read: once more). */
  fitAgain = 0;
  /** The node whose place on screen to keep through the next layout (the focus, the current node or a group opened). */
  private anchor: Anchor | undefined;
  /** The anchor the view was last placed by (kept again when ELK's layout replaces the first one). */
  private lastAnchor: string | undefined;

  constructor(private readonly view: Viewport) {}

  /** A graph of another selection or function: placed afresh. */
  reset(): void {
    this.userMoved = false;
    this.by = 'kept';
  }

  /** The whole layout on screen. */
  fit(layout: Layout): void {
    this.view.fit(layout.width, layout.height);
    this.by = 'fit';
  }

  /** Places the view for a new layout of `s` (`before`: the layout it replaces). */
  place(s: Shown, layout: Layout, current: number | undefined, before: Layout | undefined): void {
    const a = this.anchor;
    this.anchor = undefined;
    if (before && !this.userMoved && this.by !== 'kept' && !a) {
      this.placeAgain(s, layout, current);
      return;
    }
    if (a) {
      const b = anchorBox(s, layout, a.id);
      if (b) {
        this.view.set(a.sx - b.x * this.view.k, a.sy - b.y * this.view.k, this.view.k);
        this.by = 'kept';
        this.lastAnchor = a.id;
        return;
      }
    }
    if (this.fitNext) {
      this.fitNext = false;
      this.fit(layout);
      return;
    }
    // A layout that changed inside what the user looks at (a group opened, ELK's layout of it): the view stays.
    if (before && (this.userMoved || this.by === 'kept')) return;
    this.placeAgain(s, layout, current);
  }

  private placeAgain(s: Shown, layout: Layout, current: number | undefined): void {
    const changed = s.nav!.order.find((i) => s.visible.notes.has(s.visible.nodes[i].id));
    const target = boxOf(s, current ?? changed);
    if (this.by === 'fit' || !target || this.view.fitScale(layout.width, layout.height) >= FIT_READABLE) {
      this.fit(layout);
    } else {
      this.view.center(target, FIRST_ZOOM);
      this.by = 'target';
    }
  }

  /** Keeps a box (a node's, a group's, a level's frame: `id` as anchorBox reads it) where it is on screen. */
  hold(id: string, box: Box): void {
    this.anchor = { id, sx: this.view.x + box.x * this.view.k, sy: this.view.y + box.y * this.view.k };
  }

  /**
   * Before ELK's layout replaces the first one: the node the user looks at (when they moved the view), or the anchor
   * the view was placed by, stays where it is on screen.
   */
  keep(s: Shown | undefined, focusIndex: number | undefined): void {
    if (this.userMoved) this.capture(s, focusIndex);
    else if (this.by === 'kept' && this.lastAnchor !== undefined && s?.layout) {
      const b = anchorBox(s, s.layout, this.lastAnchor);
      if (b) this.hold(this.lastAnchor, b);
    }
  }

  /** Remembers where the focused (or current) node is on screen, so that the next layout keeps it there. */
  capture(s: Shown | undefined, focusIndex: number | undefined): void {
    if (!s?.layout) return;
    for (const i of [focusIndex, currentIndex(s.visible.nodes)]) {
      if (i === undefined || i < 0) continue;
      const b = boxOf(s, i);
      if (!b || !this.onScreen(b)) continue;
      this.hold(s.visible.nodes[i].id, b);
      return;
    }
  }

  /** Only a node on screen is kept on screen. */
  private onScreen(b: Box): boolean {
    const { x, y, k } = this.view;
    const sx = x + b.x * k;
    const sy = y + b.y * k;
    const size = this.view.frameSize();
    return !(sx + b.width * k < 0 || sy + b.height * k < 0 || sx > size.width || sy > size.height);
  }
}

/**
 * Where an anchor is in a new layout: a node's box; a group's box, or, once it opened, its level's frame (`#group:G`);
 * a level's frame, or, once it closed, its group's box (`L:<level>`).
 */
function anchorBox(s: Shown, layout: Layout, id: string): Box | undefined {
  const node = (nid: string): Box | undefined => {
    const i = s.visible.nodes.findIndex((n) => n.id === nid);
    return i >= 0 ? layout.nodes.find((p) => p.index === i) : undefined;
  };
  const cluster = (match: (r: VisibleGraph['regions'][number]) => boolean): Box | undefined => layout.clusters.find((c) => match(s.visible.regions[c.index]));
  if (id.startsWith('L:')) {
    const level = id.slice(2);
    const group = s.tree.levels.get(level)?.group;
    return cluster((r) => r.id === level) ?? (group !== undefined ? node(`#group:${group}`) : undefined);
  }
  if (id.startsWith('#group:')) return node(id) ?? cluster((r) => r.group === id.slice('#group:'.length));
  return node(id);
}
