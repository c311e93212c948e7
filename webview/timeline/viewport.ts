/**
 * What part of the schedule is on screen: the time at the left edge and the ns per pixel. Zoom keeps the time under
 * the pointer where it is; pan and zoom stay within the schedule (a little margin either side), down to a tenth of a
 * nanosecond per pixel.
 */
export class Viewport {
  /** ns at the left edge of the drawing. */
  t0 = 0;
  nsPerPx = 1;
  /** Width of the drawing in CSS pixels. */
  width = 1;
  private total = 1;

  /** The whole schedule across the width. */
  fit(total: number, width: number): void {
    this.total = Math.max(total, 1);
    this.width = Math.max(width, 1);
    this.nsPerPx = this.maxNsPerPx();
    this.t0 = -this.margin();
  }

  resize(width: number): void {
    const centre = this.t0 + (this.width / 2) * this.nsPerPx;
    this.width = Math.max(width, 1);
    this.nsPerPx = Math.min(this.nsPerPx, this.maxNsPerPx());
    this.t0 = centre - (this.width / 2) * this.nsPerPx;
    this.clamp();
  }

  get t1(): number {
    return this.t0 + this.width * this.nsPerPx;
  }

  x(t: number): number {
    return (t - this.t0) / this.nsPerPx;
  }

  time(x: number): number {
    return this.t0 + x * this.nsPerPx;
  }

  /** Zooms by `factor` (> 1 in) around the pixel x. */
  zoom(factor: number, x: number): void {
    const at = this.time(x);
    this.nsPerPx = Math.min(this.maxNsPerPx(), Math.max(MIN_NS_PER_PX, this.nsPerPx / factor));
    this.t0 = at - x * this.nsPerPx;
    this.clamp();
  }

  pan(dx: number): void {
    this.t0 -= dx * this.nsPerPx;
    this.clamp();
  }

  /** Shows [from, to] with a margin, zoomed in no further than `MIN_NS_PER_PX`. */
  show(from: number, to: number): void {
    const span = Math.max(to - from, MIN_NS_PER_PX * this.width * 0.25);
    this.nsPerPx = Math.min(this.maxNsPerPx(), Math.max(MIN_NS_PER_PX, (span * 1.5) / this.width));
    this.t0 = (from + to) / 2 - (this.width / 2) * this.nsPerPx;
    this.clamp();
  }

  private margin(): number {
    return this.total * 0.02;
  }

  private maxNsPerPx(): number {
    return (this.total + 2 * this.margin()) / this.width;
  }

  private clamp(): void {
    const lo = -this.margin();
    const hi = this.total + this.margin() - this.width * this.nsPerPx;
    this.t0 = Math.min(Math.max(this.t0, lo), Math.max(lo, hi));
  }
}

export const MIN_NS_PER_PX = 0.1;
