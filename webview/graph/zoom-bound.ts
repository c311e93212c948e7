/**
 * How far the graph view zooms, in and out (pure, tested without a page): out to where the whole drawing takes half
 * the frame it fits, so that no zoom shows it as a dot of one blank box.
 */
export const MIN_ZOOM = 0.002;
export const MAX_ZOOM = 4;
/** How far out the view zooms: to where the whole drawing takes this part of the frame (its fit is 1), no further. */
export const ZOOM_OUT_PAST_FIT = 0.5;

export type Size = { readonly width: number; readonly height: number };

/** The scale at which a drawing fits a frame with a margin (never above 1.5: a small graph is not blown up). */
export function fitScaleOf(frame: Size, drawing: Size, margin = 24): number {
  return Math.min(MAX_ZOOM, 1.5, Math.max(MIN_ZOOM, Math.min((frame.width - 2 * margin) / Math.max(1, drawing.width), (frame.height - 2 * margin) / Math.max(1, drawing.height))));
}

/**
 * The farthest zoom for a drawing in a frame: the whole drawing at half its fit. Farther out it would shrink to a
 * dot, one box too small for its label (the semantic zoom's last level, lod.ts, reads from there on).
 */
export function zoomFloor(frame: Size, drawing: Size | undefined): number {
  return drawing ? Math.max(MIN_ZOOM, fitScaleOf(frame, drawing) * ZOOM_OUT_PAST_FIT) : MIN_ZOOM;
}

/** A zoom asked for (a wheel, a button, a key, a placement), within the bounds. */
export function boundedZoom(k: number, frame: Size, drawing: Size | undefined): number {
  return Math.min(MAX_ZOOM, Math.max(zoomFloor(frame, drawing), k));
}
