/**
 * One-line summaries of tensors: dtype and shape, then min/max/mean, and how many elements were never written. A
 * summary is shown for every tensor in the Variables view and in hovers, so its cost is bounded: up to
 * EXACT_UP_TO elements it reads them all; beyond, it reads an even sample of them and says so (`:stats` is exact).
 */
import { formatNumber, formatTensor } from '../eval/format';
import { dtypeLabel, forEachBlock, readBlock, shapeOf, sizeOfValue, TensorValue } from '../eval/value';

/** Small tensors show their values; others show statistics. */
const SHOW_VALUES_UP_TO = 8;
/** Larger tensors are summarized from a sample. */
export const EXACT_UP_TO = 1 << 22;
/** The sample: this many runs of SAMPLE_RUN consecutive elements, spread evenly over the tensor. */
const SAMPLE_RUNS = 1024;
const SAMPLE_RUN = 1024;

export interface Statistics {
  /** Elements looked at. */
  seen: number;
  /** Written, finite or infinite, not NaN. */
  count: number;
  sum: number;
  min: number;
  max: number;
  nan: number;
  posInf: number;
  negInf: number;
  zero: number;
  unwritten: number;
}

export function emptyStatistics(): Statistics {
  return { seen: 0, count: 0, sum: 0, min: Infinity, max: -Infinity, nan: 0, posInf: 0, negInf: 0, zero: 0, unwritten: 0 };
}

/** Adds elements to statistics. */
export function accumulate(s: Statistics, data: Float64Array, written: Uint8Array, count: number): void {
  s.seen += count;
  for (let i = 0; i < count; i++) {
    if (written[i] === 0) {
      s.unwritten++;
      continue;
    }
    const x = data[i];
    if (x !== x) {
      s.nan++;
      continue;
    }
    if (x === Infinity) s.posInf++;
    else if (x === -Infinity) s.negInf++;
    else if (x === 0) s.zero++;
    if (x < s.min) s.min = x;
    if (x > s.max) s.max = x;
    s.sum += x;
    s.count++;
  }
}

/** Every element's statistics, in one streaming pass (any size). */
export function exactStatistics(v: TensorValue): Statistics {
  const s = emptyStatistics();
  forEachBlock(v, (data, written, count) => accumulate(s, data, written, count));
  return s;
}

/** Statistics of an even sample: SAMPLE_RUNS runs of consecutive elements. */
function sampledStatistics(v: TensorValue, n: number): Statistics {
  const s = emptyStatistics();
  const data = new Float64Array(SAMPLE_RUN);
  const written = new Uint8Array(SAMPLE_RUN);
  for (let k = 0; k < SAMPLE_RUNS; k++) {
    const start = Math.floor((k * (n - SAMPLE_RUN)) / (SAMPLE_RUNS - 1));
    readBlock(v, start, SAMPLE_RUN, data, written);
    accumulate(s, data, written, SAMPLE_RUN);
  }
  return s;
}

export function tensorSummary(v: TensorValue): string {
  const head = `${dtypeLabel(v)}[${shapeOf(v).join(', ')}]`;
  const n = sizeOfValue(v);
  if (n <= SHOW_VALUES_UP_TO) return `${head} ${n > 0 && never(v) ? '<never written>' : formatTensor(v, { edge: SHOW_VALUES_UP_TO })}`;
  const sampled = n > EXACT_UP_TO;
  const s = sampled ? sampledStatistics(v, n) : exactStatistics(v);
  if (s.unwritten === s.seen) return `${head} <never written>`;
  const parts = [head];
  if (s.count > 0) parts.push(`${sampled ? '≈ ' : ''}min ${formatNumber(s.min)} max ${formatNumber(s.max)} mean ${formatStat(s.sum / s.count)}`);
  if (s.nan > 0) parts.push(`(${s.nan} nan${sampled ? ' in the sample' : ''})`);
  if (s.unwritten > 0) parts.push(`(${s.unwritten} uninit${sampled ? ' in the sample' : ''})`);
  if (sampled) parts.push(`(from ${s.seen} of ${n} elements; :stats ${v.text} is exact)`);
  return parts.join(' ');
}

function never(v: TensorValue): boolean {
  const s = exactStatistics(v);
  return s.unwritten === s.seen;
}

/** A statistic computed in double precision: five significant digits are what a reader compares. */
export function formatStat(x: number): string {
  if (!Number.isFinite(x)) return formatNumber(x);
  return String(Number(x.toPrecision(5)));
}
