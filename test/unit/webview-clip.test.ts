// The part of an edge inside the view (webview/graph/clip.ts): every point of a curve or polyline inside the view is kept,
// what is kept is the curve itself, and a long edge that crosses the view is cut to a short stretch.
import * as assert from 'assert';
import fc from 'fast-check';
import { addClippedCubic, addClippedPolyline, clipCubic, piece, pointAt, Rect } from '../../webview/graph/clip';
import type { Point } from '../../webview/graph/layout';

type Cubic = [Point, Point, Point, Point];

/** Records what is added to a path. */
function recorder(): { calls: string[]; moveTo(x: number, y: number): void; lineTo(x: number, y: number): void; bezierCurveTo(...a: number[]): void } {
  const calls: string[] = [];
  return {
    calls,
    moveTo: (x, y) => calls.push(`M ${x} ${y}`),
    lineTo: (x, y) => calls.push(`L ${x} ${y}`),
    bezierCurveTo: (...a) => calls.push(`C ${a.join(' ')}`),
  };
}

const inside = (p: Point, r: Rect): boolean => p.x >= r.x0 && p.x <= r.x1 && p.y >= r.y0 && p.y <= r.y1;
const point = fc.record({ x: fc.double({ min: -5000, max: 5000, noNaN: true }), y: fc.double({ min: -5000, max: 5000, noNaN: true }) });
const rect = fc.tuple(point, fc.double({ min: 1, max: 3000, noNaN: true }), fc.double({ min: 1, max: 3000, noNaN: true }))
  .map(([p, w, h]): Rect => ({ x0: p.x, y0: p.y, x1: p.x + w, y1: p.y + h }));

describe('webview clipping of edges to the view', () => {
  it('keeps every point of a Bézier inside the view, in stretches that touch it', () => {
    fc.assert(fc.property(fc.tuple(point, point, point, point), rect, (c, r) => {
      const parts = clipCubic(c as Cubic, r);
      for (let i = 0; i <= 400; i++) {
        const t = i / 400;
        if (inside(pointAt(c as Cubic, t), r)) assert.ok(parts.some(([a, b]) => t >= a && t <= b), `t=${t} inside the view is kept`);
      }
      for (const [a, b] of parts) {
        assert.ok(a < b && a >= 0 && b <= 1);
        // A kept stretch is the curve itself.
        const q = piece(c as Cubic, a, b);
        for (const s of [0, 0.3, 1]) {
          const p = pointAt(q, s);
          const o = pointAt(c as Cubic, a + (b - a) * s);
          assert.ok(Math.abs(p.x - o.x) < 1e-6 * 5000 && Math.abs(p.y - o.y) < 1e-6 * 5000);
        }
      }
    }), { numRuns: 300 });
  });

  it('a curve inside the view is added whole, one outside not at all, a long one across it as a short stretch', () => {
    const r: Rect = { x0: 0, y0: 0, x1: 100, y1: 100 };
    const whole = recorder();
    assert.ok(addClippedCubic(whole, [{ x: 10, y: 10 }, { x: 20, y: 50 }, { x: 60, y: 50 }, { x: 90, y: 90 }], r));
    assert.deepStrictEqual(whole.calls, ['M 10 10', 'C 20 50 60 50 90 90']);
    const none = recorder();
    assert.ok(!addClippedCubic(none, [{ x: 200, y: 10 }, { x: 220, y: 50 }, { x: 260, y: 50 }, { x: 290, y: 90 }], r));
    assert.deepStrictEqual(none.calls, []);
    // From far above to far below, through the view: what is kept is the two pieces at most that hold the view.
    const long: Cubic = [{ x: 50, y: -100000 }, { x: 50, y: -30000 }, { x: 50, y: 30000 }, { x: 50, y: 100000 }];
    const parts = clipCubic(long, r);
    const kept = parts.reduce((n, [a, b]) => n + (b - a), 0);
    assert.ok(kept > 0 && kept <= 2 / 128, `kept ${kept} of the curve`);
  });

  it('keeps the segments of a polyline that touch the view, joined where consecutive', () => {
    const r: Rect = { x0: 0, y0: 0, x1: 100, y1: 100 };
    const path = recorder();
    const pts = [{ x: -500, y: 50 }, { x: -400, y: 50 }, { x: 50, y: 50 }, { x: 50, y: 500 }, { x: 50, y: 900 }];
    assert.ok(addClippedPolyline(path, pts, r));
    assert.deepStrictEqual(path.calls, ['M -400 50', 'L 50 50', 'L 50 500']);
    assert.ok(!addClippedPolyline(recorder(), [{ x: 200, y: 0 }, { x: 300, y: 0 }], r));
  });
});
