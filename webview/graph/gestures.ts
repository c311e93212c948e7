/**
 * The pointer and the keys on the graph: a click focuses a node, opens a collapsed group and reveals the node's line;
 * a click on a level's header closes it, on a covered level (far out) zooms into it; the context menu; the tooltip on
 * hover; and the keys of navigation.ts (Tab and the arrows, Enter, B, T, the menu key, zoom, F, C; E opens or closes
 * a group). Panning or zooming by hand marks the view as the user's (placement.ts keeps it).
 */
import type { GraphContext } from './context';
import type { Fit } from './fit';
import type { Focus } from './focus';
import { groupAt, GroupRef, Groups } from './groups';
import { attachPointer } from './interaction';
import { keyAction } from './navigation';
import { revealSource, showDestination, toggleNodeBreakpoint } from './node-actions';
import type { Placement } from './placement';
import type { NodeMenu, Tooltip } from './popups';
import { nodeIndexOf } from './render';
import { boxOf } from './shown';

/** The parts the gestures act on. */
export interface GestureParts {
  readonly placement: Placement;
  readonly focus: Focus;
  readonly tooltip: Tooltip;
  readonly menu: NodeMenu;
  readonly groups: Groups;
  readonly fit: Fit;
}

export function attachGestures(ctx: GraphContext, parts: GestureParts): void {
  const { canvas } = ctx.page;
  const { placement, tooltip } = parts;
  attachPointer(canvas, ctx.view, (e) => indexAt(ctx, e, parts.focus), {
    click: (index, e) => click(ctx, parts, index, e),
    contextMenu(index, e) {
      if (index !== undefined) parts.focus.set(index, false);
      const group = index !== undefined ? groupAt(ctx.shown, index) : clusterGroupAt(ctx, e);
      if (index === undefined && !group) return;
      parts.menu.open(index, group, e.clientX, e.clientY);
    },
    hover: (index, e) => tooltip.hover(index, e),
  });
  canvas.addEventListener('pointerleave', () => tooltip.hide());
  document.addEventListener('mouseleave', () => tooltip.hide());
  window.addEventListener('blur', () => tooltip.hide());
  canvas.addEventListener('keydown', (e) => key(ctx, parts, e));
  canvas.addEventListener('focusout', () => tooltip.hide());
  canvas.addEventListener('wheel', () => {
    placement.userMoved = true;
  }, { passive: true });
  canvas.addEventListener('pointerdown', () => {
    placement.userMoved = true;
  });
}

/** What a pointer event is on: a node's visible index (SVG: its element; canvas: its box under the pointer). */
function indexAt(ctx: GraphContext, e: MouseEvent, focus: Focus): number | undefined {
  if (ctx.shown?.mode === 'large') {
    if (e.target === ctx.page.focusProxy) return focus.index;
    const hit = ctx.page.canvasView.hit(e.clientX, e.clientY);
    return hit?.kind === 'node' ? hit.index : undefined;
  }
  return nodeIndexOf(e.target);
}

function click(ctx: GraphContext, parts: GestureParts, index: number | undefined, e: PointerEvent): void {
  parts.menu.close(false);
  parts.tooltip.hide();
  if (index === undefined) {
    clusterClick(ctx, parts, e);
    return;
  }
  parts.focus.set(index, false);
  parts.focus.focusNode(index);
  const group = groupAt(ctx.shown, index);
  const item = ctx.shown?.visible.items[index];
  // A collapsed group opens on a click (its owner also shows its line).
  if (group && !group.open && item) parts.groups.toggle(group.id, true, index);
  revealSource(ctx, index);
}

/** A click on a level: its header closes it; a covered level (far out) is zoomed into. */
function clusterClick(ctx: GraphContext, parts: GestureParts, e: MouseEvent): boolean {
  const s = ctx.shown;
  if (!s?.layout) return false;
  let ci: number | undefined;
  let header = false;
  let covered = false;
  if (s.mode === 'large') {
    const hit = ctx.page.canvasView.hit(e.clientX, e.clientY);
    if (hit?.kind === 'cluster') ({ cluster: ci, header, covered } = hit);
  } else {
    const t = e.target instanceof Element ? e.target : null;
    const toggle = t?.closest('[data-toggle]');
    const cover = t?.closest('.cover.shown[data-cluster]');
    if (toggle) {
      ci = Number(toggle.getAttribute('data-toggle'));
      header = true;
    } else if (cover) {
      ci = Number(cover.getAttribute('data-cluster'));
      covered = true;
    }
  }
  if (ci === undefined) return false;
  const c = s.layout.clusters[ci];
  if (covered) {
    const { view } = ctx;
    const k = Math.max(view.k * 2.5, Math.min(view.fitScale(c.width, c.height), 0.9));
    view.center(c, k);
    parts.placement.userMoved = true;
    return true;
  }
  if (header) {
    parts.groups.toggleCluster(ci);
    return true;
  }
  return false;
}

/** The open group of a level under the pointer (for the menu on a level's header). */
function clusterGroupAt(ctx: GraphContext, e: MouseEvent): GroupRef | undefined {
  const s = ctx.shown;
  if (!s?.layout) return undefined;
  let ci: number | undefined;
  if (s.mode === 'large') {
    const hit = ctx.page.canvasView.hit(e.clientX, e.clientY);
    if (hit?.kind === 'cluster') ci = hit.cluster;
  } else {
    const g = e.target instanceof Element ? e.target.closest('[data-cluster]') : null;
    if (g) ci = Number(g.getAttribute('data-cluster'));
  }
  if (ci === undefined) return undefined;
  const region = s.visible.regions[s.layout.clusters[ci].index];
  return { id: region.group, open: true };
}

function key(ctx: GraphContext, parts: GestureParts, e: KeyboardEvent): void {
  const s = ctx.shown;
  if (!s?.layout || !s.nav) return;
  if (e.target instanceof HTMLInputElement) return;
  const { focus } = parts;
  const fromEl = s.mode === 'large' ? (document.activeElement === ctx.page.focusProxy ? focus.index : undefined) : nodeIndexOf(document.activeElement);
  const from = fromEl ?? focus.index;
  if ((e.key === 'e' || e.key === 'E') && !e.ctrlKey && !e.altKey && !e.metaKey) {
    const g = groupAt(s, from);
    if (g) {
      e.preventDefault();
      parts.groups.toggle(g.id, !g.open, from);
    }
    return;
  }
  const a = keyAction(e);
  if (!a) {
    if (e.key === 'Escape') parts.tooltip.hide();
    return;
  }
  if (a.kind === 'move') {
    const to = s.nav.next(from, a.key, a.shift);
    if (to === undefined) return; // Tab past the ends: the focus leaves the graph
    e.preventDefault();
    focus.set(to, true);
    return;
  }
  e.preventDefault();
  switch (a.kind) {
    case 'reveal': {
      const g = groupAt(s, from);
      if (g && !g.open) parts.groups.toggle(g.id, true, from);
      revealSource(ctx, from);
      return;
    }
    case 'toggleBreakpoint':
      return toggleNodeBreakpoint(ctx, from);
    case 'showTensor':
      return showDestination(ctx, from);
    case 'menu': {
      const b = boxOf(s, from);
      if (from !== undefined && b) {
        const c = ctx.view.toClient(b);
        parts.menu.open(from, groupAt(s, from), c.left + 8, c.bottom + 4);
      }
      return;
    }
    case 'zoom':
      ctx.view.zoomCenter(a.factor);
      parts.placement.userMoved = true;
      return;
    case 'fit':
      return parts.fit.whole(0);
    case 'current':
      return focus.toCurrent();
  }
}
