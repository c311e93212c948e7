/**
 * Pan, zoom and the pointer on the drawing. The viewport keeps the transform (x, y, k) and hands it, once per
 * animation frame, to whoever draws: the SVG of a small graph only changes one CSS transform on the <svg> that holds
 * the whole drawing (nothing is laid out again; a transform attribute on an SVG <g> would make Chromium lay out every
 * node again at each frame of a zoom), the canvas of a large one draws what is in view.
 */
import type { Box } from './layout';
import { boundedZoom, fitScaleOf, Size } from './zoom-bound';

export class Viewport {
  x = 0;
  y = 0;
  k = 1;
  private pending = 0;
  /** The size of what is drawn (the layout on screen), which bounds the zoom. */
  private drawing?: Size;

  /** `frame`: the element the drawing is seen through; `onApply`: draws the view at its transform. */
  constructor(private readonly frame: HTMLElement, private readonly onApply: (v: Viewport) => void) {}

  private size(): { width: number; height: number } {
    return { width: Math.max(1, this.frame.clientWidth), height: Math.max(1, this.frame.clientHeight) };
  }

  /** A new layout: the zoom is bounded by its size. */
  setDrawing(width: number, height: number): void {
    this.drawing = { width, height };
  }

  set(x: number, y: number, k: number): void {
    this.k = boundedZoom(k, this.size(), this.drawing);
    this.x = x;
    this.y = y;
    if (!this.pending) this.pending = requestAnimationFrame(() => this.apply());
  }

  /** Applies the transform now (and on the next frame only if it changes again). */
  apply(): void {
    if (this.pending) cancelAnimationFrame(this.pending);
    this.pending = 0;
    this.onApply(this);
  }

  /** The frame's size (px). */
  frameSize(): { width: number; height: number } {
    return this.size();
  }

  panBy(dx: number, dy: number): void {
    this.set(this.x + dx, this.y + dy, this.k);
  }

  /** Zooms by `factor` keeping the point (px, py) of the <svg> still. */
  zoomAt(factor: number, px: number, py: number): void {
    const k = boundedZoom(this.k * factor, this.size(), this.drawing);
    const f = k / this.k;
    this.set(px - (px - this.x) * f, py - (py - this.y) * f, k);
  }

  zoomCenter(factor: number): void {
    const s = this.size();
    this.zoomAt(factor, s.width / 2, s.height / 2);
  }

  /** The scale at which the whole drawing fits. */
  fitScale(width: number, height: number, margin = 24): number {
    return fitScaleOf(this.size(), { width, height }, margin);
  }

  fit(width: number, height: number): void {
    const s = this.size();
    const k = this.fitScale(width, height);
    this.set((s.width - width * k) / 2, Math.max(8, (s.height - height * k) / 2), k);
  }

  /** Centres a box at the current zoom (or at `k`). */
  center(b: Box, k = this.k): void {
    const s = this.size();
    this.set(s.width / 2 - (b.x + b.width / 2) * k, s.height / 2 - (b.y + b.height / 2) * k, k);
  }

  /** Pans the least that brings a box into view with a margin (centres it if it is far off). */
  reveal(b: Box, margin = 40): void {
    const s = this.size();
    const x0 = b.x * this.k + this.x;
    const y0 = b.y * this.k + this.y;
    const x1 = (b.x + b.width) * this.k + this.x;
    const y1 = (b.y + b.height) * this.k + this.y;
    if (x0 >= margin && y0 >= margin && x1 <= s.width - margin && y1 <= s.height - margin) return;
    if (x1 < 0 || y1 < 0 || x0 > s.width || y0 > s.height) return this.center(b);
    let dx = 0;
    let dy = 0;
    if (x0 < margin) dx = margin - x0;
    else if (x1 > s.width - margin) dx = s.width - margin - x1;
    if (y0 < margin) dy = margin - y0;
    else if (y1 > s.height - margin) dy = s.height - margin - y1;
    this.panBy(dx, dy);
  }

  /** Whether a box of the drawing is wholly in the frame. */
  shows(b: Box): boolean {
    const s = this.size();
    const x0 = b.x * this.k + this.x;
    const y0 = b.y * this.k + this.y;
    return x0 >= 0 && y0 >= 0 && x0 + b.width * this.k <= s.width && y0 + b.height * this.k <= s.height;
  }

  /** A box of the drawing in page coordinates (for menus and tooltips). */
  toClient(b: Box): { left: number; top: number; right: number; bottom: number } {
    const r = this.frame.getBoundingClientRect();
    return { left: r.left + b.x * this.k + this.x, top: r.top + b.y * this.k + this.y, right: r.left + (b.x + b.width) * this.k + this.x, bottom: r.top + (b.y + b.height) * this.k + this.y };
  }
}

export interface PointerHandlers {
  /** A click (no drag) on a node, or elsewhere (undefined: the handler looks at the event). */
  click(index: number | undefined, e: PointerEvent): void;
  contextMenu(index: number | undefined, e: MouseEvent): void;
  hover(index: number | undefined, e: PointerEvent): void;
}

/**
 * Drag to pan, wheel to zoom, click, hover and the context menu, on the frame the drawing is seen through;
 * `indexAt` says which node an event is on.
 */
export function attachPointer(frame: HTMLElement, view: Viewport, indexAt: (e: MouseEvent) => number | undefined, h: PointerHandlers): void {
  let drag: { id: number; x: number; y: number; moved: boolean; index: number | undefined } | undefined;
  frame.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    drag = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false, index: indexAt(e) };
  });
  frame.addEventListener('pointermove', (e) => {
    if (drag && drag.id === e.pointerId) {
      const dx = e.clientX - drag.x;
      const dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) < 4) return;
      if (!drag.moved) {
        drag.moved = true;
        try {
          frame.setPointerCapture(e.pointerId);
        } catch {
          // not an active pointer (a synthetic event): panning works without the capture
        }
        frame.classList.add('panning');
        h.hover(undefined, e);
      }
      drag.x = e.clientX;
      drag.y = e.clientY;
      view.panBy(dx, dy);
      return;
    }
    h.hover(indexAt(e), e);
  });
  const end = (e: PointerEvent, cancelled: boolean): void => {
    if (!drag || drag.id !== e.pointerId) return;
    const d = drag;
    drag = undefined;
    frame.classList.remove('panning');
    if (frame.hasPointerCapture(e.pointerId)) frame.releasePointerCapture(e.pointerId);
    if (!d.moved && !cancelled) h.click(d.index, e);
  };
  frame.addEventListener('pointerup', (e) => end(e, false));
  frame.addEventListener('pointercancel', (e) => end(e, true));
  frame.addEventListener('pointerleave', (e) => {
    if (!drag) h.hover(undefined, e);
  });
  frame.addEventListener('wheel', (e) => {
    e.preventDefault();
    const r = frame.getBoundingClientRect();
    // A pinch (ctrlKey) or a mouse wheel zooms; the delta's unit depends on the device.
    const delta = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaMode === 2 ? e.deltaY * 400 : e.deltaY;
    view.zoomAt(Math.exp(-delta * (e.ctrlKey ? 0.01 : 0.0015)), e.clientX - r.left, e.clientY - r.top);
  }, { passive: false });
  frame.addEventListener('contextmenu', (e) => {
    e.preventDefault();
    e.stopPropagation();
    h.contextMenu(indexAt(e), e);
  });
}
