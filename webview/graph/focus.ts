/**
 * The keyboard's focus in the graph: one node at a time is in the tab order (a roving focus). In a small graph it is
 * the node's SVG element; in a large one, drawn on a canvas, an element laid over the node's box that says what the
 * node is.
 */
import type { GraphContext } from './context';
import type { Tooltip } from './popups';
import { groupAriaLabel } from './render';
import { boxOf, currentIndex } from './shown';
import { nodeAriaLabel } from './text';

export class Focus {
  /** The node in the tab order (a visible index). */
  index: number | undefined;
  /** A group just opened: the focus goes to its first node once it is drawn. */
  into: string | undefined;

  constructor(private readonly ctx: GraphContext, private readonly tooltip: Tooltip) {}

  /** Puts a node in the tab order; `focus`: and focuses it, brings it into view and opens its tooltip. */
  set(index: number | undefined, focus: boolean): void {
    const s = this.ctx.shown;
    if (!s?.layout) return;
    const { canvasView, svg, focusProxy } = this.ctx.page;
    this.index = index;
    if (s.mode === 'large') {
      canvasView.setFocus(index);
      this.place();
      this.label();
    } else {
      for (const g of svg.querySelectorAll('[data-index][tabindex="0"]')) g.setAttribute('tabindex', '-1');
      const g = index !== undefined ? s.scene?.nodeEls[index] : undefined;
      if (!g) return;
      g.setAttribute('tabindex', '0');
      if (focus) g.focus({ preventScroll: true });
    }
    if (focus && index !== undefined) {
      if (s.mode === 'large') focusProxy.focus({ preventScroll: true });
      const b = boxOf(s, index);
      if (b) {
        const { view } = this.ctx;
        view.reveal(b);
        view.apply();
        this.tooltip.showAt(index, view.toClient(b));
      }
    }
  }

  /** Focuses the element of a node without scrolling the page (the view pans itself). */
  focusNode(index: number): void {
    const s = this.ctx.shown;
    if (s?.mode === 'large') this.ctx.page.focusProxy.focus({ preventScroll: true });
    else s?.scene?.nodeEls[index]?.focus({ preventScroll: true });
  }

  /** The element that holds the focus of the node in the tab order. */
  element(): HTMLElement | SVGElement | undefined {
    const s = this.ctx.shown;
    return s?.mode === 'large' ? this.ctx.page.focusProxy : s?.scene?.nodeEls[this.index ?? -1];
  }

  /** Focuses the current node. */
  toCurrent(): void {
    const s = this.ctx.shown;
    if (!s) return;
    const i = currentIndex(s.visible.nodes);
    if (i >= 0) this.set(i, true);
  }

  /** The focus element of the canvas says what the focused node is (its accessible name and id). */
  label(): void {
    const s = this.ctx.shown;
    const i = this.index;
    if (s?.mode !== 'large' || i === undefined || i >= s.visible.nodes.length) return;
    const { focusProxy } = this.ctx.page;
    const n = s.visible.nodes[i];
    focusProxy.setAttribute('aria-label', s.visible.items[i]?.kind === 'group' ? groupAriaLabel(s.visible, i) : nodeAriaLabel(n, s.visible.notes.get(n.id), this.ctx.state.nodeBreakpoints.get(n.id)));
    focusProxy.dataset.index = String(i);
    focusProxy.dataset.nodeId = n.id;
    focusProxy.tabIndex = 0;
  }

  /** Lays the focus element of the canvas over the focused node (off screen when the node is not drawn). */
  place(): void {
    const s = this.ctx.shown;
    if (s?.mode !== 'large' || this.index === undefined) return;
    const { canvasView, focusProxy } = this.ctx.page;
    const { view } = this.ctx;
    const b = boxOf(s, this.index);
    const lod = canvasView.lodOf();
    const pi = s.layout?.nodes.findIndex((p) => p.index === this.index) ?? -1;
    if (!b || (lod && pi >= 0 && lod.node[pi] === 'hidden')) {
      focusProxy.style.transform = 'translate(-10000px, 0)';
      return;
    }
    focusProxy.style.transform = `translate(${(view.x + b.x * view.k).toFixed(1)}px, ${(view.y + b.y * view.k).toFixed(1)}px)`;
    focusProxy.style.width = `${Math.max(4, b.width * view.k).toFixed(1)}px`;
    focusProxy.style.height = `${Math.max(4, b.height * view.k).toFixed(1)}px`;
  }
}
