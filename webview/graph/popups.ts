/**
 * What pops up over the graph: the tooltip of the node under the pointer (or of the focused node), and the node menu
 * (a right click, the context-menu key). Both stay inside the window.
 */
import { h } from '../shared/dom';
import type { GraphContext } from './context';
import type { Focus } from './focus';
import { GroupRef, Groups } from './groups';
import { destinationOf, revealSource, showDestination, toggleNodeBreakpoint } from './node-actions';
import { tooltipLines } from './text';

export class Tooltip {
  /** The node the tooltip was filled for. */
  private index: number | undefined;
  /**
   * A tooltip the keyboard (or a reveal) opened stays until the pointer really moves: the browser also sends moves of a
   * still pointer when what lies under it changes (the view panned to the focused node), and those closed it at once.
   */
  private byKeyboard = false;
  private lastPointer = { x: NaN, y: NaN };

  constructor(private readonly ctx: GraphContext) {}

  private get el(): HTMLElement {
    return this.ctx.page.tooltip;
  }

  hide(): void {
    this.el.hidden = true;
  }

  /** The tooltip of a node below its box (`at`: the box in page coordinates), opened by the keyboard or a reveal. */
  showAt(index: number, at: { left: number; bottom: number }): void {
    this.byKeyboard = true;
    this.fill(index);
    this.el.hidden = false;
    placePopup(this.el, at.left, at.bottom + 6);
  }

  /** The pointer moved over a node (or off every node: `index` undefined). */
  hover(index: number | undefined, e: PointerEvent): void {
    const still = e.type === 'pointermove' && e.clientX === this.lastPointer.x && e.clientY === this.lastPointer.y;
    this.lastPointer = { x: e.clientX, y: e.clientY };
    if (this.byKeyboard && still && !this.el.hidden) return;
    this.byKeyboard = false;
    if (index === undefined || !this.ctx.page.menu.hidden) return this.hide();
    if (this.el.hidden || this.index !== index) this.fill(index);
    this.el.hidden = false;
    placePopup(this.el, e.clientX + 14, e.clientY + 16);
  }

  private fill(index: number): void {
    const s = this.ctx.shown;
    if (!s) return;
    this.index = index;
    const v = s.visible;
    const n = v.nodes[index];
    const item = v.items[index];
    let lines: string[];
    if (item?.kind === 'group') {
      const g = v.tree.groups.get(item.group)!;
      const remote = g.levels.some((l) => v.tree.levels.get(l)?.remote);
      // A chunk's label is its lines already.
      const where = g.lines && !/^lines /.test(g.label) ? [`lines ${g.lines[0]}–${g.lines[1]}`] : [];
      lines = [`${g.kind === 'chunk' ? 'run of lines' : g.kind} · ${g.size.toLocaleString('en-US')} nodes`, g.label, ...where,
        ...(n.state === 'current' ? ['holds the current node'] : []), remote ? 'click to load and open' : 'click to open'];
    } else {
      lines = tooltipLines(n, v.notes.get(n.id), this.ctx.state.nodeBreakpoints.get(n.id));
      if (item?.kind === 'node' && item.collapsed !== undefined) {
        const g = v.tree.groups.get(item.collapsed)!;
        lines.splice(1, 0, `collapsed: ${g.kind === 'fused' ? g.members.length : g.size} nodes inside (click to open)`);
      }
    }
    this.el.replaceChildren(...lines.map((line, i) => h('div', { class: i === 0 ? 'tip-head' : 'tip-line' }, line)));
  }
}

/** The node menu: Go to Source, Toggle Node Breakpoint, Show in Tensor View, and opening or closing a group. */
export class NodeMenu {
  /** The node the menu is of (undefined: a level's header). */
  private index: number | undefined;
  /** The group the menu opens or closes. */
  private group: GroupRef | undefined;

  constructor(private readonly ctx: GraphContext, private readonly tooltip: Tooltip, private readonly focus: Focus, private readonly groups: Groups) {
    const { menu } = ctx.page;
    menu.addEventListener('click', (e) => this.clicked(e));
    menu.addEventListener('keydown', (e) => this.key(e));
    document.addEventListener('pointerdown', (e) => {
      if (!menu.hidden && !menu.contains(e.target as Node)) this.close(false);
    });
  }

  open(index: number | undefined, group: GroupRef | undefined, x: number, y: number): void {
    const { menu, menuItems } = this.ctx.page;
    this.index = index;
    this.group = group;
    this.tooltip.hide();
    const isNode = index !== undefined && this.ctx.shown?.visible.items[index]?.kind === 'node';
    menuItems.reveal.hidden = !isNode;
    menuItems.breakpoint.hidden = !isNode;
    const destination = isNode ? destinationOf(this.ctx, index) : undefined;
    menuItems.tensor.hidden = destination === undefined;
    if (destination) menuItems.tensor.textContent = `Show ${destination} in Tensor View`;
    menuItems.group.hidden = !group;
    if (group) menuItems.group.textContent = `${group.open ? 'Collapse' : 'Expand'} ${this.ctx.shown?.tree.groups.get(group.id)?.label ?? 'group'}`;
    menu.hidden = false;
    placePopup(menu, x, y);
    (isNode ? menuItems.reveal : menuItems.group).focus();
  }

  /** Closes the menu; `refocus`: the focus goes back to its node. */
  close(refocus: boolean): void {
    if (this.ctx.page.menu.hidden) return;
    this.ctx.page.menu.hidden = true;
    if (refocus && this.index !== undefined) this.focus.set(this.index, true);
    this.index = undefined;
  }

  private clicked(e: MouseEvent): void {
    const action = (e.target as Element).closest('[data-action]')?.getAttribute('data-action');
    const index = this.index;
    const group = this.group;
    this.close(true);
    if (action === 'reveal') revealSource(this.ctx, index);
    else if (action === 'breakpoint') toggleNodeBreakpoint(this.ctx, index);
    else if (action === 'tensor') showDestination(this.ctx, index);
    else if (action === 'group' && group) this.groups.toggle(group.id, !group.open, index);
  }

  private key(e: KeyboardEvent): void {
    const { reveal, breakpoint, tensor, group } = this.ctx.page.menuItems;
    const items = [reveal, breakpoint, tensor, group].filter((b) => !b.hidden);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape' || e.key === 'Tab') {
      e.preventDefault();
      this.close(true);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      items[(at + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length].focus();
    }
  }
}

/** Puts a popup at (x, y), moved inside the window by what it would overflow. */
function placePopup(e: HTMLElement, x: number, y: number): void {
  e.style.left = `${Math.max(4, Math.min(x, window.innerWidth - e.offsetWidth - 4))}px`;
  e.style.top = `${Math.max(4, Math.min(y, window.innerHeight - e.offsetHeight - 4))}px`;
}
