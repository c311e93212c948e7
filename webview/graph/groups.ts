/**
 * The groups of the hierarchy (tree.ts) the user opens and closes: which group a box stands for, what is open per
 * graph, and opening or closing one with the box the user acted on kept where it is on screen. A group whose contents
 * the answer left out (a graph in parts) is asked of the panel.
 */
import type { GraphContext } from './context';
import type { Focus } from './focus';
import type { Placement } from './placement';
import { boxOf, Shown } from './shown';
import { groupsAround, remoteRegions, VisibleGraph } from './tree';

/** A group and whether it is open now. */
export interface GroupRef {
  readonly id: string;
  readonly open: boolean;
}

/** The group a box opens or closes: a collapsed group's box or owner, or the innermost open group around a node. */
export function groupAt(s: Shown | undefined, index: number | undefined): GroupRef | undefined {
  if (index === undefined || !s) return undefined;
  const item = s.visible.items[index];
  if (!item) return undefined;
  if (item.kind === 'group') return { id: item.group, open: false };
  if (item.collapsed !== undefined) return { id: item.collapsed, open: false };
  const owned = s.tree.ownedBy.get(item.index);
  if (owned !== undefined) return { id: owned, open: true };
  const around = groupsAround(s.tree, item.index);
  return around.length > 0 ? { id: around[around.length - 1], open: true } : undefined;
}

/** The first node (in reading order) inside an open group's levels, or its owner. */
export function firstNodeOf(s: Shown, group: string): number | undefined {
  const g = s.tree.groups.get(group);
  if (!g || !s.nav) return undefined;
  const levels = new Set(g.levels);
  const within = (i: number): boolean => {
    const item = s.visible.items[i];
    if (item?.kind !== 'node') return false;
    for (let l: string | undefined = s.tree.levelOf[item.index]; l !== undefined; l = s.tree.levels.get(l)?.parent) if (levels.has(l)) return true;
    return g.kind === 'fused' && g.members.includes(item.index);
  };
  return s.nav.order.find(within);
}

/** Whether an open group is on screen (its levels are drawn). */
export function visibleGroup(v: VisibleGraph, g: string): boolean {
  return v.regions.some((r) => r.group === g) || v.items.some((i) => i.kind === 'node' && v.tree.ownedBy.get(i.index) === g && v.tree.groups.get(g)?.kind === 'fused');
}

export class Groups {
  /** Open groups per view key. */
  private readonly expansions = new Map<string, Set<string>>();

  constructor(private readonly ctx: GraphContext, private readonly placement: Placement, private readonly focus: Focus) {}

  /** The open groups of a view key (undefined before its graph was first shown). */
  of(key: string): Set<string> | undefined {
    return this.expansions.get(key);
  }

  /** The groups open when a graph is first shown. */
  begin(key: string, expanded: Set<string>): void {
    this.expansions.set(key, expanded);
  }

  /** Opens or closes a group; `keepIndex`: the box kept where it is on screen. */
  toggle(id: string, open: boolean, keepIndex?: number): void {
    const s = this.ctx.shown;
    if (!s) return;
    const expanded = this.expansions.get(s.key)!;
    if (keepIndex !== undefined) {
      const b = boxOf(s, keepIndex);
      if (b) this.placement.hold(s.visible.nodes[keepIndex].id, b);
    }
    if (open) {
      expanded.add(id);
      this.focus.into = id;
      const remote = remoteRegions(s.tree, id);
      if (remote.length > 0) {
        this.ctx.dispatch({ type: 'ui/expand', ids: remote });
        return;
      }
    } else {
      expanded.delete(id);
    }
    this.ctx.show();
  }

  /** Closes the group of a level's frame (a click on its header). */
  toggleCluster(ci: number): void {
    const s = this.ctx.shown;
    const c = s?.layout?.clusters[ci];
    if (!c || !s) return;
    const region = s.visible.regions[c.index];
    const owner = region.owner !== undefined ? s.visible.nodes.findIndex((n) => n.id === region.owner) : -1;
    if (owner >= 0) this.toggle(region.group, false, owner);
    else {
      // The level's frame closes into its group's box, where the frame was.
      this.placement.hold(`L:${region.id}`, c);
      this.toggle(region.group, false);
    }
  }
}
