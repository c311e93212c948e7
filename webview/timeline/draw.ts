/**
 * Drawing the timeline on a canvas: a time axis, one row per lane with work, each instruction a bar from its start
 * to its end coloured by opcode, the critical path outlined and joined end to end, and the debugger's stop. Only what
 * is visible is drawn, and bars narrower than a pixel are merged (lod.ts): a million instructions draw about as fast
 * as a few.
 */
import { opcodeColours, themeColour } from './colours';
import { formatNs } from '../../contract/time-format';
import { visibleBars } from './lod';
import { Lane, lowerBound, Model } from './model';
import { Viewport } from './viewport';

export const AXIS_HEIGHT = 22;

export interface Geometry {
  readonly rowHeight: number;
  /** y of a lane's row (by its position among the lanes with work). */
  rowTop(row: number): number;
}

export function geometry(lanes: number, height: number): Geometry {
  const rowHeight = Math.max(8, Math.min(24, Math.floor((height - AXIS_HEIGHT - 4) / Math.max(1, lanes))));
  return { rowHeight, rowTop: (row) => AXIS_HEIGHT + row * rowHeight };
}

/** What the debugger shows: the instruction it is stopped before (-1: none) and the count of instructions run. */
export interface Stop {
  readonly current: number;
  readonly instructions: number;
}

export interface DrawStats {
  /** Rectangles filled for instructions (merged ones count once). */
  readonly bars: number;
  /** Instructions of the critical path drawn. */
  readonly critical: number;
  readonly ms: number;
}

export class Renderer {
  private readonly ctx: CanvasRenderingContext2D;
  /** The opcode colours of each site, [ran, not run], resolved once per model. */
  /** Per site, its opcode's colour pair (index into `colours`); 2·pair + 0 ran, + 1 not yet run. */
  private colourKey = new Int32Array(0);
  private colours: string[] = [];
  private coloured?: Model;
  private readonly runs = new RunsByColour();

  constructor(private readonly canvas: HTMLCanvasElement) {
    this.ctx = canvas.getContext('2d', { alpha: false })!;
  }

  /** Sizes the canvas's pixels to its CSS box (sharp on high-density screens). */
  resize(width: number, height: number): void {
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.max(1, Math.round(width * ratio));
    this.canvas.height = Math.max(1, Math.round(height * ratio));
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    this.ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  }

  draw(m: Model, view: Viewport, g: Geometry, stop: Stop | undefined, hovered: number): DrawStats {
    const began = performance.now();
    const ctx = this.ctx;
    const width = view.width;
    const height = this.canvas.height / (window.devicePixelRatio || 1);
    if (this.coloured !== m) this.colourSites(m);
    ctx.fillStyle = themeColour('--vscode-editor-background', '#1e1e1e');
    ctx.fillRect(0, 0, width, height);
    this.rows(m, g, width);
    this.axis(view, width);
    let bars = 0;
    this.runs.clear();
    m.lanes.forEach((lane, row) => {
      bars += this.lane(m, lane, view, g.rowTop(row) + 2, g.rowHeight - 4, stop);
    });
    this.runs.fill(ctx, this.colours);
    const critical = this.criticalPath(m, view, g);
    if (stop && stop.current >= 0) this.stopMark(m, view, g, stop.current, height);
    if (hovered >= 0) this.outline(m, view, g, hovered, themeColour('--vscode-focusBorder', '#007fd4'), 2);
    return { bars, critical, ms: performance.now() - began };
  }

  private colourSites(m: Model): void {
    this.colours = m.header.opcodes.flatMap((op) => [...opcodeColours(op)]);
    this.colourKey = Int32Array.from(m.siteOpcode);
    this.coloured = m;
  }

  private rows(m: Model, g: Geometry, width: number): void {
    const ctx = this.ctx;
    ctx.fillStyle = themeColour('--vscode-editorWidget-background', '#252526');
    m.lanes.forEach((_, row) => {
      if (row % 2 === 1) ctx.fillRect(0, g.rowTop(row), width, g.rowHeight);
    });
  }

  private axis(view: Viewport, width: number): void {
    const ctx = this.ctx;
    const step = niceStep(view.nsPerPx * 110);
    ctx.fillStyle = themeColour('--vscode-descriptionForeground', '#9d9d9d');
    ctx.strokeStyle = themeColour('--vscode-editorIndentGuide-background1', '#404040');
    ctx.font = '11px var(--vscode-font-family, sans-serif)';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let t = Math.ceil(view.t0 / step) * step; t <= view.t1; t += step) {
      const x = Math.round(view.x(t)) + 0.5;
      ctx.moveTo(x, AXIS_HEIGHT - 6);
      ctx.lineTo(x, AXIS_HEIGHT);
      if (x + 4 < width) ctx.fillText(formatNs(t), x + 3, AXIS_HEIGHT / 2 - 1);
    }
    ctx.stroke();
  }

  /**
   * One lane's bars: the visible ones, sub-pixel runs merged into one pixel (lod.ts); neighbouring bars of one colour
   * (a dense lane at Fit) are filled as one run, and the runs of each colour in one path, so that a frame changes the
   * fill colour a few times rather than once per bar.
   */
  private lane(m: Model, lane: Lane, view: Viewport, y: number, h: number, stop: Stop | undefined): number {
    const reached = stop ? stop.instructions : Infinity;
    const runs = this.runs;
    const keyOf = this.colourKey;
    let key = -1;
    let runX = 0;
    let runEnd = 0;
    const bars = visibleBars(m, lane, view.t0, view.nsPerPx, view.width, (i, x, w) => {
      const k = keyOf[m.site[i]] * 2 + (m.tick[i] < reached ? 0 : 1);
      if (k === key && x <= runEnd + 0.5) {
        runEnd = Math.max(runEnd, x + w);
        return;
      }
      if (key >= 0) runs.add(key, runX, y, runEnd - runX, h);
      key = k;
      runX = x;
      runEnd = x + w;
    });
    if (key >= 0) runs.add(key, runX, y, runEnd - runX, h);
    return bars;
  }

  /**
   * The critical path: its visible bars outlined and joined end to start from lane to lane. Where its steps are
   * narrower than a pixel (a long path seen whole), each pixel gets a mark on its lane instead, without the joins: a
   * stroke down and up the lanes at every pixel costs a software canvas tens of ms to paint and shows nothing more.
   */
  private criticalPath(m: Model, view: Viewport, g: Geometry): number {
    const path = m.critical;
    if (path.length === 0) return 0;
    const ctx = this.ctx;
    const rowOf = m.rowOf;
    const colour = themeColour('--vscode-charts-red', '#f14c4c');
    ctx.strokeStyle = colour;
    ctx.fillStyle = colour;
    ctx.lineWidth = 2;
    // The path runs forward in time: its visible part by binary search over its ends and starts.
    const first = Math.max(0, lowerBound(m.criticalEnds, view.t0) - 1);
    let drawn = 0;
    let lastPx = -Infinity;
    /** Whether the step drawn last was a whole bar, whose end the next one joins. */
    let joined = false;
    ctx.beginPath();
    for (let k = first; k < path.length; k++) {
      const i = path[k];
      if (m.start[i] > view.t1) {
        if (joined) this.joinTo(m, view, g, rowOf, i);
        break;
      }
      const x0 = view.x(m.start[i]);
      const x1 = view.x(m.end[i]);
      const row = rowOf[m.lane[i]];
      if (x1 - x0 < 1) {
        // One mark per pixel, and a jump to the last step that starts in it (only it may reach past it).
        if (Math.floor(x0) !== lastPx) {
          ctx.fillRect(Math.floor(x0), g.rowTop(row), 1, 3);
          drawn++;
        }
        lastPx = Math.floor(x0);
        const next = lowerBound(m.criticalStarts, view.time(lastPx + 1), k + 1) - 1;
        if (next > k) k = next - 1;
        joined = false;
        continue;
      }
      lastPx = Math.floor(x1);
      const yMid = g.rowTop(row) + g.rowHeight / 2;
      if (joined) ctx.lineTo(x0, yMid);
      ctx.rect(x0, g.rowTop(row) + 1, x1 - x0, g.rowHeight - 2);
      ctx.moveTo(x1, yMid);
      joined = true;
      drawn++;
    }
    ctx.stroke();
    return drawn;
  }

  private joinTo(m: Model, view: Viewport, g: Geometry, rowOf: Int32Array, i: number): void {
    this.ctx.lineTo(view.x(m.start[i]), g.rowTop(rowOf[m.lane[i]]) + g.rowHeight / 2);
  }

  /** The stop: a line at the start of the instruction the debugger is before, and that instruction outlined. */
  private stopMark(m: Model, view: Viewport, g: Geometry, current: number, height: number): void {
    const ctx = this.ctx;
    const colour = themeColour('--vscode-debugIcon-breakpointCurrentStackframeForeground', '#ffcc00');
    const x = Math.round(view.x(m.start[current])) + 0.5;
    ctx.strokeStyle = colour;
    ctx.lineWidth = 1;
    ctx.setLineDash([4, 3]);
    ctx.beginPath();
    ctx.moveTo(x, AXIS_HEIGHT);
    ctx.lineTo(x, height);
    ctx.stroke();
    ctx.setLineDash([]);
    this.outline(m, view, g, current, colour, 2);
  }

  private outline(m: Model, view: Viewport, g: Geometry, i: number, colour: string, width: number): void {
    const row = m.rowOf[m.lane[i]];
    const x0 = view.x(m.start[i]);
    const x1 = view.x(m.end[i]);
    this.ctx.strokeStyle = colour;
    this.ctx.lineWidth = width;
    this.ctx.strokeRect(x0 - 1, g.rowTop(row), Math.max(2, x1 - x0 + 2), g.rowHeight);
  }
}

/** A step of 1, 2 or 5 times a power of ten ns, at least `ns`. */
function niceStep(ns: number): number {
  const p = Math.pow(10, Math.floor(Math.log10(Math.max(ns, 1e-3))));
  for (const f of [1, 2, 5, 10]) if (f * p >= ns) return f * p;
  return 10 * p;
}

/** Rectangles gathered by colour during a frame, filled one path per colour. */
class RunsByColour {
  private readonly lists: number[][] = [];

  clear(): void {
    for (const l of this.lists) if (l) l.length = 0;
  }

  add(key: number, x: number, y: number, w: number, h: number): void {
    (this.lists[key] ??= []).push(x, y, w, h);
  }

  fill(ctx: CanvasRenderingContext2D, colours: readonly string[]): void {
    this.lists.forEach((l, key) => {
      if (!l || l.length === 0) return;
      ctx.fillStyle = colours[key];
      ctx.beginPath();
      for (let k = 0; k < l.length; k += 4) ctx.rect(l[k], l[k + 1], l[k + 2], l[k + 3]);
      ctx.fill();
    });
  }
}
