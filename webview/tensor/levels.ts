/**
 * Levels of detail of a grid of cells, for drawing it zoomed out: level (lx, ly) pools blocks of 2^lx columns by 2^ly
 * rows into one cell, keeping the block's finite extremes and the union of its flags (a never-written block is one
 * whose every element is never written). A level is built once, when first drawn, from the level one step finer, so
 * the whole pyramid costs about one pass over the data. Pooling never hides a NaN or an infinity: the drawn cell
 * takes the marked colour of any it holds.
 */
import { FLAG } from './colour';

export interface Grid {
  readonly rows: number;
  readonly cols: number;
  /** The cell's value, or a block's largest finite value (NaN when none). */
  readonly high: Float32Array | Float64Array;
  /** A block's smallest finite value; for single elements, the same array as high. */
  readonly low: Float32Array | Float64Array;
  readonly flags: Uint8Array;
}

/** Elements of the data a pooling job reads between two looks at the clock. */
const CHUNK = 1 << 14;

/**
 * Pooling blocks of bw columns × bh rows of a grid into one cell each, a chunk of cells at a time: a level of a large
 * grid is built between frames, never in one long task. The inner loop runs over a row's contiguous cells of one
 * block with the block's state in locals: this loop sees every element of the data.
 */
export class PoolJob {
  readonly grid: Grid;
  /** The next chunk: a row of cells, and the first column of cells in it. */
  private row = 0;
  private col = 0;
  private readonly chunkCols: number;

  constructor(readonly from: Grid, readonly bw: number, readonly bh: number) {
    const rows = Math.ceil(from.rows / bh);
    const cols = Math.ceil(from.cols / bw);
    this.grid = { rows, cols, high: new Float32Array(rows * cols), low: new Float32Array(rows * cols), flags: new Uint8Array(rows * cols) };
    this.chunkCols = Math.max(1, Math.floor(CHUNK / (bw * bh)));
  }

  get done(): boolean {
    return this.row >= this.grid.rows;
  }

  /** Pools chunks until the deadline (performance.now()) passes or the grid is done; true when done. */
  step(deadline = Infinity): boolean {
    while (!this.done) {
      const end = Math.min(this.grid.cols, this.col + this.chunkCols);
      this.poolChunk(this.row, this.col, end);
      this.col = end;
      if (end === this.grid.cols) {
        this.row++;
        this.col = 0;
      }
      if (performance.now() >= deadline) break;
    }
    return this.done;
  }

  /** Cells [c0, c1) of row r of cells. */
  private poolChunk(r: number, c0: number, c1: number): void {
    const g = this.from;
    const { bw, bh } = this;
    const { cols, high, low, flags } = this.grid;
    const { high: gh, low: gl, flags: gf } = g;
    const single = gh === gl;
    const NONE = FLAG.allUnwritten;
    const out = r * cols;
    high.fill(-Infinity, out + c0, out + c1);
    low.fill(Infinity, out + c0, out + c1);
    flags.fill(NONE, out + c0, out + c1);
    for (let y = r * bh; y < Math.min(g.rows, r * bh + bh); y++) {
      const rowStart = y * g.cols;
      for (let c = c0; c < c1; c++) {
        const k = out + c;
        let hi = high[k];
        let lo = low[k];
        // The union of the flags in the upper bits, the intersection of ALL_UNWRITTEN in its own.
        let a = flags[k] & ~NONE;
        let b = flags[k] & NONE;
        const end = rowStart + Math.min(g.cols, (c + 1) * bw);
        for (let i = rowStart + c * bw; i < end; i++) {
          const f = gf[i];
          a |= f;
          b &= f;
          if (f & NONE) continue;
          const h = gh[i];
          // h - h is 0 only for finite values: NaN and infinities are flagged, never extremes.
          if (h > hi && h - h === 0) hi = h;
          const l = single ? h : gl[i];
          if (l < lo && l - l === 0) lo = l;
        }
        high[k] = hi;
        low[k] = lo;
        flags[k] = (a & ~NONE) | (b & NONE);
      }
    }
    for (let k = out + c0; k < out + c1; k++) {
      if (!(high[k] >= low[k])) {
        high[k] = NaN;
        low[k] = NaN;
      }
    }
  }
}

/** Pools blocks of bw columns × bh rows of a grid at once. */
export function pool(g: Grid, bw: number, bh: number): Grid {
  const job = new PoolJob(g, bw, bh);
  job.step();
  return job.grid;
}

/**
 * The levels of one grid. A level is built from the finest level already built that it pools. Drawing takes the
 * level it needs when it is built, else the nearest coarser one (blockier for a few frames, never slower) while the
 * level is built between frames.
 */
export class Pyramid {
  private readonly levels = new Map<string, Grid>();
  private readonly jobs = new Map<string, PoolJob>();

  constructor(readonly base: Grid) {
    this.levels.set('0,0', base);
  }

  has(lx: number, ly: number): boolean {
    return this.levels.has(`${lx},${ly}`);
  }

  /** Level (lx, ly), built now if it is not. */
  level(lx: number, ly: number): Grid {
    const key = `${lx},${ly}`;
    const g = this.levels.get(key);
    if (g) return g;
    const job = this.jobs.get(key) ?? this.jobFor(lx, ly);
    job.step();
    return this.finish(key, job);
  }

  /** The level to draw for (lx, ly) now: it, or the nearest coarser one built (building it when there is none). */
  nearest(lx: number, ly: number): { grid: Grid; lx: number; ly: number; exact: boolean } {
    const exact = this.levels.get(`${lx},${ly}`);
    if (exact) return { grid: exact, lx, ly, exact: true };
    let best: { lx: number; ly: number } | undefined;
    for (const k of this.levels.keys()) {
      const [a, b] = k.split(',').map(Number);
      if (a >= lx && b >= ly && (!best || a + b < best.lx + best.ly)) best = { lx: a, ly: b };
    }
    if (!best) return { grid: this.level(lx, ly), lx, ly, exact: true };
    return { grid: this.levels.get(`${best.lx},${best.ly}`)!, ...best, exact: false };
  }

  /** Builds level (lx, ly) until the deadline; true once it is built. */
  build(lx: number, ly: number, deadline: number): boolean {
    const key = `${lx},${ly}`;
    if (this.levels.has(key)) return true;
    let job = this.jobs.get(key);
    if (!job) this.jobs.set(key, (job = this.jobFor(lx, ly)));
    if (!job.step(deadline)) return false;
    this.finish(key, job);
    return true;
  }

  private jobFor(lx: number, ly: number): PoolJob {
    let from = { lx: 0, ly: 0 };
    for (const k of this.levels.keys()) {
      const [a, b] = k.split(',').map(Number);
      if (a <= lx && b <= ly && a + b > from.lx + from.ly) from = { lx: a, ly: b };
    }
    return new PoolJob(this.levels.get(`${from.lx},${from.ly}`)!, 2 ** (lx - from.lx), 2 ** (ly - from.ly));
  }

  private finish(key: string, job: PoolJob): Grid {
    this.jobs.delete(key);
    this.levels.set(key, job.grid);
    return job.grid;
  }

  /** The coarsest level either axis needs: where one cell still covers a whole grid's side. */
  get maxLevel(): { lx: number; ly: number } {
    return { lx: Math.ceil(Math.log2(Math.max(1, this.base.cols))), ly: Math.ceil(Math.log2(Math.max(1, this.base.rows))) };
  }
}

/** The level at which one pooled cell is at least one pixel: 2^l cells per pixel or fewer. */
export function levelFor(pixelsPerCell: number, max: number): number {
  if (pixelsPerCell >= 1) return 0;
  return Math.min(max, Math.ceil(Math.log2(1 / pixelsPerCell)));
}
