/**
 * The level of detail of a lane: which bars to fill for a time window, found by binary search, with the bars
 * narrower than a pixel merged into one pixel each. The instructions of a lane never overlap (an engine or a queue
 * runs one at a time, in order), so of those that start inside a pixel only the last can reach past it: after a
 * sub-pixel bar the walk jumps to it. A lane thus costs about two steps per pixel of width, whatever it holds.
 */
import { Lane, lowerBound, Model, upperBound } from './model';

/** Told each bar to fill: the instruction (the first of a merged pixel), its left edge and width in pixels. */
export type FillBar = (instruction: number, x: number, width: number) => void;

/** Fills the bars of `lane` visible in [t0, t0 + width · nsPerPx]; returns how many. */
export function visibleBars(m: Model, lane: Lane, t0: number, nsPerPx: number, width: number, fill: FillBar): number {
  const { order, starts, maxEnd } = lane;
  const t1 = t0 + width * nsPerPx;
  const scale = 1 / nsPerPx;
  // The first that ends after the left edge; the walk stops at the first that starts at the right edge.
  let k = upperBound(maxEnd, t0);
  let lastPx = -Infinity;
  let bars = 0;
  while (k < order.length) {
    const i = order[k];
    const s = m.start[i];
    if (s >= t1) break;
    const x0 = (s - t0) * scale;
    const x1 = (m.end[i] - t0) * scale;
    if (x1 - x0 >= 1) {
      fill(i, x0, x1 - x0);
      bars++;
      lastPx = Math.floor(x1);
      k++;
      continue;
    }
    const px = Math.floor(x0);
    if (px > lastPx) {
      fill(i, px, 1);
      bars++;
      lastPx = px;
    }
    const next = gallop(starts, t0 + (px + 1) * nsPerPx, k + 1);
    k = next - 1 > k ? next - 1 : k + 1;
  }
  return bars;
}

/**
 * lowerBound from `lo` when the answer is likely near it (the next pixel's instructions follow this one's): steps of
 * 1, 2, 4... then a binary search in the last step, which reads memory close to `lo` rather than across the lane.
 */
export function gallop(a: Float64Array, x: number, lo: number): number {
  const n = a.length;
  let step = 1;
  let at = lo;
  while (at < n && a[at] < x) {
    lo = at + 1;
    at = lo + step;
    step *= 2;
  }
  return lowerBound(a, x, lo, Math.min(at, n));
}
