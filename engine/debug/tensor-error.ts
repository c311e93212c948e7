/**
 * The tensor view's "error vs float64" layer (a shadow run, issue 27): each cell of the window as its element's
 * |stored − float64| in ulps of its dtype (a block of an overview: its largest), NaN where the element has no shadow.
 */
import { forEachIndex, View } from '../machine/view';
import { toBinary } from './tensor-region';
import { shadowError } from './shadow-errors';
import type { ShadowErrorInfo, TensorWindow } from '../../contract/tensor';

/**
 * `region`: the region as a view of rank 2 (rows, columns); `gridCols`: the cells per row of the window. Refused, with
 * the reason, outside a shadow run and for a computed value (no instruction wrote it, so it has no shadow).
 */
export function errorCells(region: View | undefined, w: TensorWindow, gridCols: number, shadowRun: boolean): ShadowErrorInfo {
  if (!shadowRun) return { unavailable: "not a shadow run: launch with the attribute 'shadow' set to true to see each element's error against float64" };
  if (!region) return { unavailable: 'a computed value has no shadow: the error layer shows tensors and access patterns' };
  const gridRows = Math.ceil(w.rows / w.stepRows);
  const cells = new Float32Array(gridRows * gridCols).fill(NaN);
  const window: View = {
    tensor: region.tensor,
    offset: region.offset + w.row * region.strides[0] + w.col * region.strides[1],
    shape: [w.rows, w.cols],
    strides: region.strides,
  };
  let max = -1;
  let shadowed = 0;
  forEachIndex(window, (index, i) => {
    const e = shadowError(window.tensor, index);
    if (!e.shadowed) return;
    shadowed++;
    const ulps = Math.abs(e.ulps);
    const r = Math.floor(i / w.cols);
    const cell = Math.floor(r / w.stepRows) * gridCols + Math.floor((i - r * w.cols) / w.stepCols);
    if (!(cells[cell] >= ulps)) cells[cell] = ulps;
    if (ulps > max) max = ulps;
  });
  return { maxUlp: max >= 0 && Number.isFinite(max) ? max : null, shadowed, values: toBinary(cells, 'f32') };
}
