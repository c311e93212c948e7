/**
 * The heatmap: a canvas that draws a 2-D region of cells (never a DOM element per cell). The region is drawn from
 * layers: the picture of the whole region (every element, or an overview of blocks) and, when zoomed into an
 * overview, a window at full resolution on top. Each layer is drawn at the level of detail where a cell is at least a
 * pixel (levels.ts), from tiles made once (tiles.ts); panning and zooming only scale tiles onto the screen. Zoomed in
 * far enough, cells show their values as text; the changed and differing cells are outlined; the cursor and the
 * selection are drawn on top. Coordinates: (row, col) of the region; the view maps them to pixels.
 */
import type { TensorWindow } from '../../contract/tensor';
import { cellColour, Scale } from './colour';
import { Grid, levelFor, Pyramid } from './levels';
import { colourTile, Marks, marksTile, TILE, TileCache } from './tiles';
import { fittedCellText } from './format';

/** A layer: the part of the region it covers and its region elements per cell (TensorWindow), and its cells. */
export interface Layer extends TensorWindow {
  readonly id: number;
  /** What the cells are coloured by (the value, or a comparison's metric). */
  readonly pyramid: Pyramid;
}

export interface Rect {
  readonly row: number;
  readonly col: number;
  readonly rows: number;
  readonly cols: number;
}

/** Where the view is: the region coordinate at the canvas's top left, and pixels per element on each axis. */
interface View {
  row: number;
  col: number;
  sx: number;
  sy: number;
}

/** Cells at least this many pixels wide and tall are outlined one by one; smaller ones through marks tiles. */
const OUTLINE_FROM = 4;
const TEXT_HEIGHT = 14;
/** Pixels a cell's value keeps free of its cell's width (both sides together). */
const CELL_TEXT_MARGIN = 4;
const MAX_ZOOM = 160;
/** The view rests after this long without a pan or zoom. */
const REST_MS = 200;

export class Heatmap {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly tiles = new TileCache();
  private layers: Layer[] = [];
  private scale?: Scale;
  private marks: Marks[] = [];
  private readonly view: View = { row: 0, col: 0, sx: 1, sy: 1 };
  private region = { rows: 0, cols: 0 };
  private width = 0;
  private height = 0;
  private scheduled = false;
  cursor?: { row: number; col: number };
  selection?: Rect;
  /** Called after each drawing with the part of the region on screen. */
  onDrawn?: (visible: Rect) => void;

  constructor(readonly canvas: HTMLCanvasElement) {
    this.ctx = canvas.getContext('2d', { alpha: false })!;
  }

  /** A new region: the view fits it. */
  setRegion(rows: number, cols: number): void {
    const changed = rows !== this.region.rows || cols !== this.region.cols;
    this.region = { rows, cols };
    if (changed) this.fit();
  }

  get regionSize(): { rows: number; cols: number } {
    return this.region;
  }

  setLayers(layers: Layer[]): void {
    this.layers = layers;
    this.tiles.clear();
    this.request();
  }

  setScale(scale: Scale): void {
    this.scale = scale;
    this.tiles.clear();
    this.request();
  }

  setMarks(marks: Marks[]): void {
    this.marks = marks;
    this.request();
  }

  resize(width: number, height: number): void {
    const ratio = window.devicePixelRatio || 1;
    const first = this.width === 0;
    this.width = width;
    this.height = height;
    this.canvas.width = Math.max(1, Math.round(width * ratio));
    this.canvas.height = Math.max(1, Math.round(height * ratio));
    if (first) this.fit();
    this.request();
  }

  // ---- the view ----

  /** The whole region on the canvas (each axis stretched to fill it). */
  fit(): void {
    if (!this.region.cols || !this.width) return;
    this.view.sx = this.width / this.region.cols;
    this.view.sy = this.height / this.region.rows;
    this.view.row = 0;
    this.view.col = 0;
    this.request();
  }

  /** Zooms by a factor about a point of the canvas (CSS pixels), which stays over the same element. */
  zoomAt(factor: number, x: number, y: number, axes: 'both' | 'cols' = 'both'): void {
    const at = this.toRegion(x, y);
    const fit = { sx: this.width / Math.max(1, this.region.cols), sy: this.height / Math.max(1, this.region.rows) };
    this.view.sx = clamp(this.view.sx * factor, Math.min(fit.sx, 1) / 2, MAX_ZOOM);
    if (axes === 'both') this.view.sy = clamp(this.view.sy * factor, Math.min(fit.sy, 1) / 2, MAX_ZOOM);
    this.view.col = at.col - x / this.view.sx;
    this.view.row = at.row - y / this.view.sy;
    this.lastMove = performance.now();
    this.keepInside();
    this.request();
  }

  panBy(dx: number, dy: number): void {
    this.view.col -= dx / this.view.sx;
    this.view.row -= dy / this.view.sy;
    this.lastMove = performance.now();
    this.keepInside();
    this.request();
  }

  /** Puts an element in view, zoomed in until its value reads, and makes it the cursor. */
  reveal(row: number, col: number): void {
    const cell = Math.max(this.view.sx, this.view.sy, 56);
    this.view.sx = cell;
    this.view.sy = Math.max(TEXT_HEIGHT + 6, cell / 2.5);
    this.view.col = col + 0.5 - this.width / 2 / this.view.sx;
    this.view.row = row + 0.5 - this.height / 2 / this.view.sy;
    this.keepInside();
    this.cursor = { row, col };
    this.request();
  }

  /** Some of the region always stays on screen. */
  private keepInside(): void {
    const v = this.view;
    const marginCols = this.width / v.sx / 2;
    const marginRows = this.height / v.sy / 2;
    v.col = clamp(v.col, -marginCols, Math.max(-marginCols, this.region.cols - marginCols));
    v.row = clamp(v.row, -marginRows, Math.max(-marginRows, this.region.rows - marginRows));
  }

  toRegion(x: number, y: number): { row: number; col: number } {
    return { row: this.view.row + y / this.view.sy, col: this.view.col + x / this.view.sx };
  }

  /** The element under a point of the canvas, or undefined outside the region. */
  elementAt(x: number, y: number): { row: number; col: number } | undefined {
    const p = this.toRegion(x, y);
    const row = Math.floor(p.row);
    const col = Math.floor(p.col);
    return row >= 0 && col >= 0 && row < this.region.rows && col < this.region.cols ? { row, col } : undefined;
  }

  /** The part of the region on screen, in whole elements. */
  visible(): Rect {
    const row = Math.max(0, Math.floor(this.view.row));
    const col = Math.max(0, Math.floor(this.view.col));
    const rowEnd = Math.min(this.region.rows, Math.ceil(this.view.row + this.height / this.view.sy));
    const colEnd = Math.min(this.region.cols, Math.ceil(this.view.col + this.width / this.view.sx));
    return { row, col, rows: Math.max(0, rowEnd - row), cols: Math.max(0, colEnd - col) };
  }

  get pixelsPerElement(): { sx: number; sy: number } {
    return { sx: this.view.sx, sy: this.view.sy };
  }

  // ---- drawing ----

  /** Draws at the next frame (once, however many changes come before it). */
  request(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      this.draw();
    });
  }

  draw(): void {
    const ctx = this.ctx;
    const ratio = this.canvas.width / Math.max(1, this.width);
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.fillStyle = cssVar('--vscode-editor-background', '#1e1e1e');
    ctx.fillRect(0, 0, this.width, this.height);
    if (!this.scale || this.layers.length === 0) return;
    for (const layer of this.layers) this.drawLayer(layer);
    this.drawCellDetails();
    this.drawCursorAndSelection();
    this.onDrawn?.(this.visible());
    this.warmLevels();
  }

  private warmTimer?: ReturnType<typeof setTimeout>;
  /** When the view last moved: levels for later are built only once it rests. */
  private lastMove = 0;

  /**
   * Between frames, in slices of a few milliseconds: first the levels the screen needs and does not have (it shows a
   * coarser one meanwhile), then, once the view rests, those a zoom in will need next. Zooming scales both axes
   * alike, so from level (lx, ly) it goes through (lx − k, ly − k); the finest is built first (from the data), each
   * coarser one then pools it.
   */
  private warmLevels(): void {
    if (this.warmTimer !== undefined) return;
    const next = this.nextLevelToBuild();
    if (!next) return;
    const resting = performance.now() - this.lastMove >= REST_MS;
    this.warmTimer = setTimeout(() => {
      this.warmTimer = undefined;
      if (!next.needed && performance.now() - this.lastMove < REST_MS) return this.warmLevels();
      const done = next.layer.pyramid.build(next.lx, next.ly, performance.now() + (next.needed ? 4 : 8));
      if (done && next.needed) this.request();
      else this.warmLevels();
    }, next.needed ? 0 : resting ? 4 : REST_MS);
  }

  private nextLevelToBuild(): { layer: Layer; lx: number; ly: number; needed: boolean } | undefined {
    for (const layer of this.layers) {
      const { lx, ly } = this.wantedLevel(layer);
      if (!layer.pyramid.has(lx, ly)) return { layer, lx, ly, needed: true };
    }
    for (const layer of this.layers) {
      const { lx, ly } = this.wantedLevel(layer);
      for (let k = Math.max(lx, ly); k >= 1; k--) {
        const [a, b] = [Math.max(0, lx - k), Math.max(0, ly - k)];
        if (!layer.pyramid.has(a, b)) return { layer, lx: a, ly: b, needed: false };
      }
    }
    return undefined;
  }

  private drawLayer(layer: Layer): void {
    const { lx, ly, grid } = this.levelOf(layer);
    const cellW = layer.stepCols * 2 ** lx;
    const cellH = layer.stepRows * 2 ** ly;
    const small = cellW * this.view.sx < OUTLINE_FROM || cellH * this.view.sy < OUTLINE_FROM;
    const tilesX = Math.ceil(grid.cols / TILE);
    const tilesY = Math.ceil(grid.rows / TILE);
    for (let ty = 0; ty < tilesY; ty++) {
      const y = (layer.row + ty * TILE * cellH - this.view.row) * this.view.sy;
      const h = Math.min(TILE, grid.rows - ty * TILE) * cellH * this.view.sy;
      if (y > this.height || y + h < 0) continue;
      for (let tx = 0; tx < tilesX; tx++) {
        const x = (layer.col + tx * TILE * cellW - this.view.col) * this.view.sx;
        const w = Math.min(TILE, grid.cols - tx * TILE) * cellW * this.view.sx;
        if (x > this.width || x + w < 0) continue;
        const key = `${layer.id}:${lx},${ly}:${tx},${ty}`;
        // Clipped to the layer: the last cell of a block may cover fewer elements than a step.
        this.ctx.save();
        this.ctx.beginPath();
        this.ctx.rect(this.px(layer.col, 'x'), this.px(layer.row, 'y'), layer.cols * this.view.sx, layer.rows * this.view.sy);
        this.ctx.clip();
        this.ctx.drawImage(this.tiles.get(`c${key}`, () => colourTile(grid, this.scale!, tx, ty)), x, y, w, h);
        // Too small to outline one by one: marked cells tinted, their values still seen through.
        this.ctx.globalAlpha = 0.55;
        if (small) for (const m of this.marks) this.ctx.drawImage(this.tiles.get(`m${m.flag}:${key}`, () => marksTile(grid, m, tx, ty)), x, y, w, h);
        this.ctx.globalAlpha = 1;
        this.ctx.restore();
      }
    }
  }

  /** The level where a cell of the layer is at least a pixel. */
  private wantedLevel(layer: Layer): { lx: number; ly: number } {
    const max = layer.pyramid.maxLevel;
    return { lx: levelFor(layer.stepCols * this.view.sx, max.lx), ly: levelFor(layer.stepRows * this.view.sy, max.ly) };
  }

  /** The level drawn now: the wanted one, or a coarser one while it is built. */
  private levelOf(layer: Layer): { lx: number; ly: number; grid: Grid } {
    const { lx, ly } = this.wantedLevel(layer);
    return layer.pyramid.nearest(lx, ly);
  }

  private px(v: number, axis: 'x' | 'y'): number {
    return axis === 'x' ? (v - this.view.col) * this.view.sx : (v - this.view.row) * this.view.sy;
  }

  /** The finest layer holding an element, and the element's cell in its base grid. */
  cellOf(row: number, col: number): { layer: Layer; index: number } | undefined {
    for (let i = this.layers.length - 1; i >= 0; i--) {
      const l = this.layers[i];
      if (row < l.row || col < l.col || row >= l.row + l.rows || col >= l.col + l.cols) continue;
      const base = l.pyramid.base;
      return { layer: l, index: Math.floor((row - l.row) / l.stepRows) * base.cols + Math.floor((col - l.col) / l.stepCols) };
    }
    return undefined;
  }

  /** Outlines of marked cells and values as text, for the elements on screen when they are large enough. */
  private drawCellDetails(): void {
    const { sx, sy } = this.view;
    if (sx < OUTLINE_FROM || sy < OUTLINE_FROM) return;
    const v = this.visible();
    if (v.rows * v.cols > 200_000) return;
    const ctx = this.ctx;
    const text = sy >= TEXT_HEIGHT && sx >= 40;
    if (text) {
      ctx.font = `${Math.min(13, Math.floor(sy * 0.7))}px ${cssVar('--vscode-editor-font-family', 'monospace')}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
    }
    const outlines = this.marks.map(() => new Path2D());
    // Thin outlines in small cells, so that the cell's colour still shows inside.
    const width = Math.min(sx, sy) < 12 ? 1 : 2;
    const inset = width / 2 + (width === 2 ? 0.5 : 0);
    for (let r = v.row; r < v.row + v.rows; r++) {
      for (let c = v.col; c < v.col + v.cols; c++) {
        const cell = this.cellOf(r, c);
        if (!cell || cell.layer.stepRows * cell.layer.stepCols !== 1) continue;
        const base = cell.layer.pyramid.base;
        const f = base.flags[cell.index];
        const x = this.px(c, 'x');
        const y = this.px(r, 'y');
        this.marks.forEach((m, k) => {
          if (f & m.flag) outlines[k].rect(x + inset, y + inset, sx - 2 * inset, sy - 2 * inset);
        });
        if (text) this.cellValue(base, cell.index, x + sx / 2, y + sy / 2, sx);
      }
    }
    ctx.lineWidth = width;
    this.marks.forEach((m, k) => {
      ctx.strokeStyle = cssOfMark(m.colour);
      ctx.stroke(outlines[k]);
    });
  }

  private cellValue(base: Grid, index: number, x: number, y: number, width: number): void {
    const f = base.flags[index];
    // Only what fits inside the cell, with a margin: a longer text would run into its neighbours' values.
    const t = fittedCellText(base.high[index], f, width - CELL_TEXT_MARGIN, (text) => this.ctx.measureText(text).width);
    if (t === undefined) return;
    const colour = this.scale ? cellLuminance(this, base, index) : 0;
    this.ctx.fillStyle = colour > 0.55 ? '#000000' : '#ffffff';
    this.ctx.fillText(t, x, y);
  }

  private drawCursorAndSelection(): void {
    const ctx = this.ctx;
    if (this.selection) {
      const s = this.selection;
      ctx.fillStyle = withAlpha(cssVar('--vscode-editor-selectionBackground', '#264f78'), 0.35);
      ctx.strokeStyle = cssVar('--vscode-focusBorder', '#0078d4');
      ctx.lineWidth = 1.5;
      const [x, y, w, h] = [this.px(s.col, 'x'), this.px(s.row, 'y'), s.cols * this.view.sx, s.rows * this.view.sy];
      ctx.fillRect(x, y, w, h);
      ctx.strokeRect(x, y, w, h);
    }
    if (this.cursor) {
      const { row, col } = this.cursor;
      const w = Math.max(this.view.sx, 6);
      const h = Math.max(this.view.sy, 6);
      const x = this.px(col, 'x') + this.view.sx / 2 - w / 2;
      const y = this.px(row, 'y') + this.view.sy / 2 - h / 2;
      ctx.lineWidth = 2;
      ctx.strokeStyle = cssVar('--vscode-editor-background', '#000000');
      ctx.strokeRect(x - 2, y - 2, w + 4, h + 4);
      ctx.strokeStyle = cssVar('--vscode-focusBorder', '#0078d4');
      ctx.strokeRect(x, y, w, h);
    }
  }

  /** The colour a cell is drawn in (for the contrast of its text). */
  colourOf(base: Grid, index: number): number {
    return this.scale ? cellColour(this.scale, base.flags[index], base.high[index], base.low[index]) : 0;
  }
}

/** Relative luminance (0..1) of a cell's colour. */
function cellLuminance(map: Heatmap, base: Grid, index: number): number {
  const c = map.colourOf(base, index);
  return (0.2126 * (c & 0xff) + 0.7152 * ((c >>> 8) & 0xff) + 0.0722 * ((c >>> 16) & 0xff)) / 255;
}

function cssOfMark(c: number): string {
  return `rgba(${c & 0xff}, ${(c >>> 8) & 0xff}, ${(c >>> 16) & 0xff}, ${((c >>> 24) & 0xff) / 255})`;
}

const cssCache = new Map<string, string>();

/** A theme colour (VS Code sets them as CSS variables); read once per theme. */
export function cssVar(name: string, fallback: string): string {
  let v = cssCache.get(name);
  if (v === undefined) {
    v = getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
    cssCache.set(name, v);
  }
  return v;
}

/** Forgets the theme's colours (the theme changed). */
export function themeChanged(): void {
  cssCache.clear();
}

/** A CSS colour (#rrggbb or #rrggbbaa) with an alpha. */
function withAlpha(colour: string, alpha: number): string {
  const m = /^#([0-9a-f]{6})/i.exec(colour);
  if (!m) return colour;
  const n = parseInt(m[1], 16);
  return `rgba(${n >> 16}, ${(n >> 8) & 0xff}, ${n & 0xff}, ${alpha})`;
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}
