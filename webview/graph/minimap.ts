/**
 * The minimap: the whole layout, small, in a corner of the drawing, with the part on screen outlined. A click or a
 * drag there moves the view to that place. Drawn on a canvas in the theme's colours: levels as outlines, nodes as
 * marks in their engine's colour, the current node brighter. The layout is drawn once per scene; a pan only redraws
 * the outline.
 */
import type { Layout } from './layout';
import { engineClass } from './text';
import type { VisibleGraph } from './tree';

const MAX_W = 200;
const MAX_H = 150;

export class Minimap {
  readonly el: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private base?: HTMLCanvasElement;
  private layout?: Layout;
  private scale = 1;
  private view = { x: 0, y: 0, k: 1, width: 1, height: 1 };

  constructor(host: HTMLElement, private readonly navigate: (gx: number, gy: number) => void) {
    this.el = document.createElement('div');
    this.el.className = 'minimap';
    this.el.id = 'minimap';
    this.el.setAttribute('role', 'img');
    this.el.setAttribute('aria-label', 'Minimap: the whole graph, the part on screen outlined');
    this.el.hidden = true;
    this.canvas = document.createElement('canvas');
    this.el.appendChild(this.canvas);
    host.appendChild(this.el);
    let dragging: number | undefined;
    const go = (e: PointerEvent): void => {
      const r = this.canvas.getBoundingClientRect();
      this.navigate((e.clientX - r.left) / this.scale, (e.clientY - r.top) / this.scale);
    };
    this.canvas.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      e.stopPropagation();
      e.preventDefault();
      dragging = e.pointerId;
      try {
        this.canvas.setPointerCapture(e.pointerId);
      } catch {
        // a synthetic event: the drag works without the capture
      }
      go(e);
    });
    this.canvas.addEventListener('pointermove', (e) => {
      if (dragging === e.pointerId) {
        e.stopPropagation();
        go(e);
      }
    });
    const end = (e: PointerEvent): void => {
      if (dragging !== e.pointerId) return;
      dragging = undefined;
      e.stopPropagation();
      if (this.canvas.hasPointerCapture(e.pointerId)) this.canvas.releasePointerCapture(e.pointerId);
    };
    this.canvas.addEventListener('pointerup', end);
    this.canvas.addEventListener('pointercancel', end);
    this.canvas.addEventListener('wheel', (e) => e.stopPropagation());
  }

  setScene(v: VisibleGraph, layout: Layout): void {
    this.layout = layout;
    this.scale = Math.min(MAX_W / Math.max(1, layout.width), MAX_H / Math.max(1, layout.height));
    const w = Math.max(20, Math.ceil(layout.width * this.scale));
    const h = Math.max(20, Math.ceil(layout.height * this.scale));
    const dpr = window.devicePixelRatio || 1;
    const base = document.createElement('canvas');
    base.width = Math.round(w * dpr);
    base.height = Math.round(h * dpr);
    const ctx = base.getContext('2d')!;
    ctx.setTransform(dpr * this.scale, 0, 0, dpr * this.scale, 0, 0);
    const style = getComputedStyle(document.documentElement);
    const color = (name: string, fallback: string): string => style.getPropertyValue(name).trim() || fallback;
    const engines: Record<string, string> = {
      'engine-pe': color('--vscode-charts-blue', '#3794ff'), 'engine-act': color('--vscode-charts-orange', '#d18616'),
      'engine-dve': color('--vscode-charts-green', '#89d185'), 'engine-pool': color('--vscode-charts-purple', '#b180d7'),
      'engine-dma': color('--vscode-charts-yellow', '#cca700'), 'engine-sp': color('--vscode-charts-foreground', '#cccccc'),
      'engine-other': color('--vscode-charts-lines', '#808080'),
    };
    ctx.lineWidth = 1 / this.scale;
    ctx.strokeStyle = color('--vscode-descriptionForeground', '#9d9d9d');
    for (const c of layout.clusters) ctx.strokeRect(c.x, c.y, c.width, c.height);
    const min = 2 / this.scale;
    let current: { x: number; y: number; width: number; height: number } | undefined;
    for (const p of layout.nodes) {
      const n = v.nodes[p.index];
      if (n.state === 'current') current = p;
      ctx.fillStyle = v.items[p.index]?.kind === 'group' ? color('--vscode-descriptionForeground', '#9d9d9d') : engines[engineClass(n.engine)];
      ctx.globalAlpha = n.state === 'not-run' ? 0.5 : 1;
      ctx.fillRect(p.x, p.y, Math.max(min, p.width), Math.max(min, p.height));
    }
    ctx.globalAlpha = 1;
    if (current) {
      ctx.strokeStyle = color('--vscode-debugIcon-breakpointCurrentStackframeForeground', '#ffcc00');
      ctx.lineWidth = 3 / this.scale;
      ctx.strokeRect(current.x - 2 / this.scale, current.y - 2 / this.scale, current.width + 4 / this.scale, current.height + 4 / this.scale);
    }
    this.base = base;
    this.canvas.width = base.width;
    this.canvas.height = base.height;
    this.canvas.style.width = `${w}px`;
    this.canvas.style.height = `${h}px`;
    this.paint();
  }

  clear(): void {
    this.layout = undefined;
    this.base = undefined;
    this.el.hidden = true;
  }

  /** The view moved: x, y, k as the viewport has them, width and height of the frame. */
  setView(x: number, y: number, k: number, width: number, height: number): void {
    this.view = { x, y, k, width, height };
    this.paint();
  }

  private paint(): void {
    const { layout, base } = this;
    if (!layout || !base) return;
    const { x, y, k, width, height } = this.view;
    // Shown only when the view does not show the whole graph.
    const whole = -x / k <= 1 && -y / k <= 1 && (width - x) / k >= layout.width - 1 && (height - y) / k >= layout.height - 1;
    this.el.hidden = whole;
    if (whole) return;
    const ctx = this.canvas.getContext('2d')!;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(base, 0, 0);
    ctx.setTransform(dpr * this.scale, 0, 0, dpr * this.scale, 0, 0);
    ctx.lineWidth = 2 / this.scale;
    ctx.strokeStyle = getComputedStyle(document.documentElement).getPropertyValue('--vscode-focusBorder').trim() || '#0078d4';
    ctx.strokeRect(-x / k, -y / k, width / k, height / k);
    this.el.dataset.view = [-x / k, -y / k, width / k, height / k].map((n) => Math.round(n)).join(',');
  }
}
