/**
 * The part of an edge inside the view, for the canvas. Near a large graph's current node, hundreds of long edges
 * (bundles between group boxes far apart) cross the screen while most of their length lies outside it, and the canvas
 * strokes a path whole: a frame's cost grew with the edges' length, not with what shows. So a Bézier is cut (de
 * Casteljau) into the stretches that may touch the view, and a polyline keeps the segments that may.
 */
import type { Point } from './layout';

export interface Rect {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

/** What the clipped pieces are added to (a Path2D). */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  bezierCurveTo(x1: number, y1: number, x2: number, y2: number, x: number, y: number): void;
}

type Cubic = readonly [Point, Point, Point, Point];

/** Pieces are cut this many times at most (a piece across the view's border is then under 1/128 of the curve: the canvas clips the rest of it cheaply). */
const MAX_DEPTH = 7;

/**
 * The stretches [t0, t1] of a cubic Bézier that may touch the rectangle (its control points' box meets it), merged
 * where they meet; every point of the curve inside the rectangle is in one of them.
 */
export function clipCubic(c: Cubic, r: Rect): [number, number][] {
  const out: [number, number][] = [];
  const visit = (q: Cubic, t0: number, t1: number, depth: number): void => {
    const b = boxOf(q);
    if (b.x1 < r.x0 || b.x0 > r.x1 || b.y1 < r.y0 || b.y0 > r.y1) return;
    const inside = b.x0 >= r.x0 && b.x1 <= r.x1 && b.y0 >= r.y0 && b.y1 <= r.y1;
    if (inside || depth >= MAX_DEPTH) {
      const last = out[out.length - 1];
      if (last && last[1] === t0) last[1] = t1;
      else out.push([t0, t1]);
      return;
    }
    const [left, right] = split(q, 0.5);
    const tm = (t0 + t1) / 2;
    visit(left, t0, tm, depth + 1);
    visit(right, tm, t1, depth + 1);
  };
  visit(c, 0, 1, 0);
  return out;
}

/** Adds the stretches of a cubic Bézier that may touch the rectangle; true if any was added. */
export function addClippedCubic(path: PathSink, c: Cubic, r: Rect): boolean {
  const parts = clipCubic(c, r);
  for (const [t0, t1] of parts) {
    const q = piece(c, t0, t1);
    path.moveTo(q[0].x, q[0].y);
    path.bezierCurveTo(q[1].x, q[1].y, q[2].x, q[2].y, q[3].x, q[3].y);
  }
  return parts.length > 0;
}

/** Adds the segments of a polyline whose box meets the rectangle (joined where consecutive); true if any was added. */
export function addClippedPolyline(path: PathSink, points: readonly Point[], r: Rect): boolean {
  let pen = false;
  let any = false;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1];
    const b = points[i];
    const meets = Math.max(a.x, b.x) >= r.x0 && Math.min(a.x, b.x) <= r.x1 && Math.max(a.y, b.y) >= r.y0 && Math.min(a.y, b.y) <= r.y1;
    if (!meets) {
      pen = false;
      continue;
    }
    if (!pen) path.moveTo(a.x, a.y);
    path.lineTo(b.x, b.y);
    pen = true;
    any = true;
  }
  return any;
}

export function inRect(p: Point, r: Rect): boolean {
  return p.x >= r.x0 && p.x <= r.x1 && p.y >= r.y0 && p.y <= r.y1;
}

function boxOf(q: Cubic): Rect {
  return {
    x0: Math.min(q[0].x, q[1].x, q[2].x, q[3].x), x1: Math.max(q[0].x, q[1].x, q[2].x, q[3].x),
    y0: Math.min(q[0].y, q[1].y, q[2].y, q[3].y), y1: Math.max(q[0].y, q[1].y, q[2].y, q[3].y),
  };
}

function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** de Casteljau: the curve's two halves at t. */
function split(q: Cubic, t: number): [Cubic, Cubic] {
  const ab = lerp(q[0], q[1], t);
  const bc = lerp(q[1], q[2], t);
  const cd = lerp(q[2], q[3], t);
  const abc = lerp(ab, bc, t);
  const bcd = lerp(bc, cd, t);
  const m = lerp(abc, bcd, t);
  return [[q[0], ab, abc, m], [m, bcd, cd, q[3]]];
}

/** The curve between t0 and t1, as a cubic of its own. */
export function piece(q: Cubic, t0: number, t1: number): Cubic {
  if (t0 === 0 && t1 === 1) return q;
  const head = t1 < 1 ? split(q, t1)[0] : q;
  return t0 > 0 ? split(head, t0 / t1)[1] : head;
}

/** A point of the curve (for tests and hit tests). */
export function pointAt(q: Cubic, t: number): Point {
  const u = 1 - t;
  return {
    x: u * u * u * q[0].x + 3 * u * u * t * q[1].x + 3 * u * t * t * q[2].x + t * t * t * q[3].x,
    y: u * u * u * q[0].y + 3 * u * u * t * q[1].y + 3 * u * t * t * q[2].y + t * t * t * q[3].y,
  };
}
