/**
 * What a model is told of a tensor instead of its elements: dtype, shape, memory, and exact statistics (min, max,
 * mean, NaN and infinities, never-written elements), never a dump. They come from the tensor view's request
 * (`bir/tensor` with a one-cell window), which reads a 2-D region: a value of higher rank is read slice by slice, up to
 * MAX_SLICES of them, and says when it was cut.
 */
import type { DebugEngine } from '../protocol/requests';
import type { TensorStatistics } from '../../contract/tensor';
import { short } from './answer-size';

/** Slices of a rank-3+ value read for its statistics. */
const MAX_SLICES = 64;

export interface TensorFacts {
  readonly dtype: string;
  readonly shape: readonly number[];
  readonly memory?: string;
  /** null when no element is a written number. */
  readonly min: number | null;
  readonly max: number | null;
  readonly mean: number | null;
  readonly nan?: number;
  readonly inf?: number;
  readonly unwritten?: number;
  /** Set when the statistics are of the first slices only (a value of rank 3 or more with many of them). */
  readonly statisticsOf?: string;
}

export async function tensorFacts(engine: DebugEngine, expression: string, frameId?: number): Promise<TensorFacts> {
  const one = { row: 0, col: 0, rows: 1, cols: 1 };
  const first = await engine.request('bir/tensor', { expression, frameId, window: one, maxCells: 1 });
  const lead = first.shape.slice(0, -2);
  const slices = lead.reduce((a, b) => a * b, 1);
  const all = [first.statistics!];
  for (let k = 1; k < Math.min(slices, MAX_SLICES); k++) {
    const answer = await engine.request('bir/tensor', { expression, frameId, window: one, maxCells: 1, slice: unravel(lead, k) });
    all.push(answer.statistics!);
  }
  const s = combine(all);
  const facts: TensorFacts = {
    dtype: first.dtype,
    shape: first.shape,
    ...(first.memory ? { memory: first.memory } : {}),
    min: short(s.min),
    max: short(s.max),
    mean: s.mean,
    ...(s.nan ? { nan: s.nan } : {}),
    ...(s.inf ? { inf: s.inf } : {}),
    ...(s.unwritten ? { unwritten: s.unwritten } : {}),
  };
  return slices > MAX_SLICES ? { ...facts, statisticsOf: `the first ${MAX_SLICES} of ${slices} slices` } : facts;
}

interface Combined {
  min: number | null;
  max: number | null;
  /** null when no element counts, or the sum is not finite (infinities), as the tensor view's. */
  mean: number | null;
  nan: number;
  inf: number;
  unwritten: number;
}

function combine(all: readonly TensorStatistics[]): Combined {
  const c: Combined = { min: null, max: null, mean: null, nan: 0, inf: 0, unwritten: 0 };
  let sum = 0;
  let count = 0;
  let finite = true;
  for (const s of all) {
    if (s.min !== null) c.min = c.min === null ? s.min : Math.min(c.min, s.min);
    if (s.max !== null) c.max = c.max === null ? s.max : Math.max(c.max, s.max);
    if (s.count > 0 && s.mean === null) finite = false;
    sum += (s.mean ?? 0) * s.count;
    count += s.count;
    c.nan += s.nan;
    c.inf += s.posInf + s.negInf;
    c.unwritten += s.unwritten;
  }
  c.mean = count > 0 && finite ? Number((sum / count).toPrecision(6)) : null;
  return c;
}

/** The leading indices of slice k, row-major. */
export function unravel(shape: readonly number[], k: number): number[] {
  const out = new Array<number>(shape.length);
  for (let d = shape.length - 1; d >= 0; d--) {
    out[d] = k % shape[d];
    k = Math.floor(k / shape[d]);
  }
  return out;
}
