// The graph view's zoom (webview/graph/zoom-bound.ts, which the viewport clamps every zoom by) is bounded by the
// drawing: zoomed out as far as it goes, the whole graph still takes half the frame it fits, never a dot of one blank
// box (zoom 0.0064 on 5,000 instructions).
import * as assert from 'assert';
import { boundedZoom, fitScaleOf, MAX_ZOOM, MIN_ZOOM, ZOOM_OUT_PAST_FIT, zoomFloor } from '../../webview/graph/zoom-bound';

describe('graph view: the zoom is bounded by the drawing', () => {
  const frame = { width: 800, height: 600 };

  for (const drawing of [{ width: 40_000, height: 3_000 }, { width: 4_000, height: 90_000 }, { width: 300, height: 200 }]) {
    it(`zooms out to half the fit of a ${drawing.width} × ${drawing.height} drawing, no further`, () => {
      const fit = fitScaleOf(frame, drawing);
      // Zooming out by the wheel's steps from the fit, as far as it goes.
      let k = fit;
      for (let i = 0; i < 200; i++) k = boundedZoom(k * 0.8, frame, drawing);
      assert.strictEqual(k, fit * ZOOM_OUT_PAST_FIT);
      assert.ok(fit * ZOOM_OUT_PAST_FIT > MIN_ZOOM, 'the bound is the drawing\'s, not the old fixed one');
      assert.strictEqual(boundedZoom(fit / 10, frame, drawing), zoomFloor(frame, drawing), 'a tenth of the fit is out of bounds');
      assert.strictEqual(boundedZoom(fit, frame, drawing), fit, 'the fit itself is allowed');
    });
  }

  it('zooms in to the same limit as before, and has only the fixed bound before a layout is shown', () => {
    assert.strictEqual(boundedZoom(100, frame, { width: 300, height: 200 }), MAX_ZOOM);
    assert.strictEqual(zoomFloor(frame, undefined), MIN_ZOOM);
  });
});
