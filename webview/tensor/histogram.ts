/**
 * The histogram of the region's values: a canvas of bars over [lo, hi] (each bar in the colour the heatmap gives its
 * values), heights on a square-root scale so that small bins stay visible next to a tall one.
 */
import { cssOf, indexOf, Scale } from './colour';
import type { Histogram } from '../../contract/tensor';

export function drawHistogram(canvas: HTMLCanvasElement, histogram: Histogram | undefined, scale: Scale | undefined, foreground: string): void {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth || 240;
  const height = canvas.clientHeight || 80;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  const ctx = canvas.getContext('2d')!;
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  ctx.clearRect(0, 0, width, height);
  if (!histogram || histogram.counts.length === 0) return;
  const top = Math.max(...histogram.counts);
  const bins = histogram.counts.length;
  const barWidth = width / bins;
  histogram.counts.forEach((count, i) => {
    if (count === 0) return;
    const h = Math.max(1, (Math.sqrt(count) / Math.sqrt(top)) * (height - 2));
    const centre = histogram.lo + ((i + 0.5) / bins) * (histogram.hi - histogram.lo);
    ctx.fillStyle = scale ? cssOf(scale.table[indexOf(scale, centre)]) : foreground;
    ctx.fillRect(i * barWidth, height - h, Math.max(1, barWidth - 1), h);
  });
  ctx.strokeStyle = foreground;
  ctx.globalAlpha = 0.5;
  ctx.beginPath();
  ctx.moveTo(0, height - 0.5);
  ctx.lineTo(width, height - 0.5);
  ctx.stroke();
  ctx.globalAlpha = 1;
}
