/**
 * Pointer, wheel and keyboard on the heatmap: drag pans, the wheel zooms about the pointer (Shift: columns only),
 * Shift+drag selects a rectangle, a click puts the cursor on an element, arrows move it, + and − zoom, 0 fits,
 * Ctrl+C copies the selection as an access pattern, N goes to the next divergence. Hovering says what is under the
 * pointer.
 */
import { Heatmap } from './heatmap';

export interface InputHandlers {
  /** The element under the pointer (undefined when it leaves the region). */
  hover(row?: number, col?: number): void;
  cursorMoved(): void;
  selecting(row: number, col: number, phase: 'start' | 'move' | 'end'): void;
  copy(): void;
  next(): void;
}

/** Moves shorter than this are clicks. */
const CLICK = 4;

export function attachInput(canvas: HTMLCanvasElement, map: Heatmap, on: InputHandlers): void {
  let drag: { x: number; y: number; startX: number; startY: number; select: boolean; id: number } | undefined;
  const at = (e: { clientX: number; clientY: number }) => {
    const r = canvas.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  canvas.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    const p = at(e);
    drag = { x: p.x, y: p.y, startX: p.x, startY: p.y, select: e.shiftKey, id: e.pointerId };
    try {
      canvas.setPointerCapture(e.pointerId);
    } catch {
      // a pointer the browser does not track (a synthetic event): dragging works without capture
    }
    if (drag.select) {
      const el = map.elementAt(p.x, p.y);
      if (el) on.selecting(el.row, el.col, 'start');
    }
    canvas.focus();
  });

  canvas.addEventListener('pointermove', (e) => {
    const p = at(e);
    if (drag && drag.id === e.pointerId) {
      if (drag.select) {
        const el = clampedElement(map, p.x, p.y);
        if (el) on.selecting(el.row, el.col, 'move');
      } else {
        map.panBy(p.x - drag.x, p.y - drag.y);
      }
      drag.x = p.x;
      drag.y = p.y;
      return;
    }
    const el = map.elementAt(p.x, p.y);
    on.hover(el?.row, el?.col);
  });

  const end = (e: PointerEvent) => {
    if (!drag || drag.id !== e.pointerId) return;
    const p = at(e);
    const moved = Math.hypot(p.x - drag.startX, p.y - drag.startY) >= CLICK;
    if (drag.select) {
      const el = clampedElement(map, p.x, p.y);
      if (el) on.selecting(el.row, el.col, 'end');
    } else if (!moved) {
      const el = map.elementAt(p.x, p.y);
      map.selection = undefined;
      map.cursor = el;
      map.request();
      on.cursorMoved();
    }
    drag = undefined;
  };
  canvas.addEventListener('pointerup', end);
  canvas.addEventListener('pointercancel', end);
  canvas.addEventListener('pointerleave', () => {
    if (!drag) on.hover(undefined, undefined);
  });

  canvas.addEventListener('wheel', (e) => {
    e.preventDefault();
    const p = at(e);
    // Trackpads send many small deltas, mice few large ones: the zoom follows the amount scrolled.
    const factor = Math.exp(-e.deltaY * 0.002);
    map.zoomAt(factor, p.x, p.y, e.shiftKey ? 'cols' : 'both');
  }, { passive: false });

  canvas.addEventListener('keydown', (e) => {
    const key = e.key;
    if ((e.ctrlKey || e.metaKey) && key.toLowerCase() === 'c') {
      on.copy();
      e.preventDefault();
      return;
    }
    const r = canvas.getBoundingClientRect();
    const moves: Record<string, [number, number]> = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[key]) {
      const { rows, cols } = map.regionSize;
      const c = map.cursor ?? { row: 0, col: 0 };
      map.cursor = { row: clamp(c.row + moves[key][0], 0, rows - 1), col: clamp(c.col + moves[key][1], 0, cols - 1) };
      map.request();
      on.cursorMoved();
    } else if (key === '+' || key === '=') {
      map.zoomAt(1.5, r.width / 2, r.height / 2);
    } else if (key === '-') {
      map.zoomAt(1 / 1.5, r.width / 2, r.height / 2);
    } else if (key === '0') {
      map.fit();
    } else if (key === 'Escape') {
      map.selection = undefined;
      map.request();
    } else if (key === 'n' || key === 'N') {
      on.next();
    } else {
      return;
    }
    e.preventDefault();
  });
}

/** The element under a point, or the nearest one inside the region (a selection dragged past its edge). */
function clampedElement(map: Heatmap, x: number, y: number): { row: number; col: number } | undefined {
  const { rows, cols } = map.regionSize;
  if (!rows || !cols) return undefined;
  const p = map.toRegion(x, y);
  return { row: clamp(Math.floor(p.row), 0, rows - 1), col: clamp(Math.floor(p.col), 0, cols - 1) };
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
