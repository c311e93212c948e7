/**
 * The memory map: one core's SBUF and PSUM as partitions (down) × bytes per partition (across), every live allocation
 * a rectangle coloured by the depth of the frame that owns it, PSUM's bank borders, the free space above the top
 * frame, and the place of the selected tensor outlined. SBUF's axis spans what is in use (it is mostly free); PSUM's
 * spans all of it, so that its 8 banks show. Labels and the list of allocations are DOM text (main.ts); this draws.
 */
import type { Allocation, MemoryMap } from '../../contract/tensor';
import { cssVar } from './heatmap';

const CHART_COLOURS = ['--vscode-charts-blue', '--vscode-charts-green', '--vscode-charts-purple', '--vscode-charts-orange', '--vscode-charts-yellow'];
const FALLBACK = ['#3794ff', '#89d185', '#b180d7', '#d18616', '#cca700'];
const BAND_GAP = 28;
const LEFT = 8;

interface Band {
  readonly memory: 'sbuf' | 'psum';
  readonly y: number;
  readonly height: number;
  /** Bytes the band's width spans. */
  readonly span: number;
}

export class MemoryView {
  private bands: Band[] = [];
  private map?: MemoryMap;
  private width = 0;

  constructor(readonly canvas: HTMLCanvasElement) {}

  draw(map: MemoryMap): void {
    this.map = map;
    const ratio = window.devicePixelRatio || 1;
    const width = (this.width = this.canvas.clientWidth || 600);
    const height = this.canvas.clientHeight || 300;
    this.canvas.width = Math.round(width * ratio);
    this.canvas.height = Math.round(height * ratio);
    const ctx = this.canvas.getContext('2d')!;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const bandHeight = (height - BAND_GAP * 2) / 2;
    this.bands = [
      { memory: 'sbuf', y: BAND_GAP - 8, height: bandHeight, span: sbufSpan(map) },
      { memory: 'psum', y: BAND_GAP * 2 + bandHeight - 8, height: bandHeight, span: map.psum.bytes },
    ];
    for (const band of this.bands) this.drawBand(ctx, band, map);
  }

  /** Where a band is on the canvas (for its DOM label), and how many bytes its width spans. */
  get layout(): readonly Band[] {
    return this.bands;
  }

  private x(band: Band, bytes: number): number {
    return LEFT + (bytes / band.span) * (this.width - 2 * LEFT);
  }

  private drawBand(ctx: CanvasRenderingContext2D, band: Band, map: MemoryMap): void {
    const foreground = cssVar('--vscode-foreground', '#cccccc');
    const total = band.memory === 'sbuf' ? map.sbuf : map.psum;
    const yOf = (p: number) => band.y + (p / total.partitions) * band.height;
    // The memory's outline, and the free space above the top frame, hatched.
    ctx.strokeStyle = foreground;
    ctx.globalAlpha = 0.35;
    ctx.strokeRect(this.x(band, 0), band.y, this.x(band, band.span) - this.x(band, 0), band.height);
    const usedX = this.x(band, Math.min(total.used, band.span));
    ctx.beginPath();
    for (let x = usedX; x < this.x(band, band.span); x += 10) {
      ctx.moveTo(x, band.y + band.height);
      ctx.lineTo(Math.min(x + band.height, this.x(band, band.span)), band.y + Math.max(0, band.height - (this.x(band, band.span) - x)));
    }
    ctx.globalAlpha = 0.12;
    ctx.stroke();
    ctx.globalAlpha = 1;
    for (const a of map.allocations.filter((x) => x.memory === band.memory)) this.drawAllocation(ctx, band, a, yOf);
    if (band.memory === 'psum') this.drawBanks(ctx, band, map.psum.bankBytes, map.psum.banks, foreground);
    const s = map.selected;
    if (s && s.memory === band.memory) {
      ctx.strokeStyle = cssVar('--vscode-focusBorder', '#0078d4');
      ctx.lineWidth = 3;
      ctx.strokeRect(this.x(band, s.b0), yOf(s.p0), Math.max(3, this.x(band, s.b1) - this.x(band, s.b0)), Math.max(3, yOf(s.p1) - yOf(s.p0)));
      ctx.lineWidth = 1;
    }
  }

  private drawAllocation(ctx: CanvasRenderingContext2D, band: Band, a: Allocation, yOf: (p: number) => number): void {
    const x = this.x(band, a.offset);
    const w = Math.max(2, this.x(band, a.offset + a.bytes) - x);
    const first = a.firstPartition ?? 0;
    const y = yOf(first);
    const h = yOf(first + a.partitions) - y;
    ctx.fillStyle = cssVar(CHART_COLOURS[a.depth % CHART_COLOURS.length], FALLBACK[a.depth % FALLBACK.length]);
    ctx.globalAlpha = a.visible ? 0.75 : 0.45;
    ctx.fillRect(x, y, w, h);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = cssVar('--vscode-editor-background', '#1e1e1e');
    ctx.strokeRect(x, y, w, h);
    if (w >= 28) {
      ctx.fillStyle = cssVar('--vscode-editor-background', '#1e1e1e');
      ctx.font = `11px ${cssVar('--vscode-font-family', 'sans-serif')}`;
      ctx.textBaseline = 'top';
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, y, w, h);
      ctx.clip();
      ctx.fillText(a.name, x + 3, y + 3);
      ctx.restore();
    }
  }

  private drawBanks(ctx: CanvasRenderingContext2D, band: Band, bankBytes: number, banks: number, foreground: string): void {
    ctx.strokeStyle = foreground;
    ctx.setLineDash([4, 3]);
    ctx.globalAlpha = 0.6;
    ctx.beginPath();
    for (let b = 1; b < banks; b++) {
      const x = this.x(band, b * bankBytes);
      ctx.moveTo(x, band.y);
      ctx.lineTo(x, band.y + band.height);
    }
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
  }

  /** The allocation under a point of the canvas (the innermost frame's when they overlap), or undefined. */
  allocationAt(px: number, py: number): Allocation | undefined {
    const map = this.map;
    if (!map) return undefined;
    const band = this.bands.find((b) => py >= b.y && py <= b.y + b.height);
    if (!band) return undefined;
    const total = band.memory === 'sbuf' ? map.sbuf : map.psum;
    const bytes = ((px - LEFT) / (this.width - 2 * LEFT)) * band.span;
    const partition = ((py - band.y) / band.height) * total.partitions;
    const hits = map.allocations.filter((a) => a.memory === band.memory && partition >= (a.firstPartition ?? 0) && partition < (a.firstPartition ?? 0) + a.partitions
      && bytes >= a.offset - band.span / 400 && bytes <= a.offset + a.bytes + band.span / 400);
    return hits[hits.length - 1];
  }
}

/** SBUF's axis: what is in use and where the selection lies, with room; all of it when more than half is used. */
function sbufSpan(map: MemoryMap): number {
  const end = Math.max(map.sbuf.used, map.selected?.memory === 'sbuf' ? map.selected.b1 : 0, 1024);
  const span = 2 ** Math.ceil(Math.log2(end * 1.25));
  return span > map.sbuf.bytes / 2 ? map.sbuf.bytes : span;
}
