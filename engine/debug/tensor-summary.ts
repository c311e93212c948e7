/** One-line summaries of tensors: dtype and shape, then min/max/mean, and how many elements were never written. */
import { formatNumber, formatTensor } from '../eval/format';
import { dtypeLabel, materialize, shapeOf, TensorValue, unwrittenCount } from '../eval/value';

/** Small tensors show their values; others show statistics. */
const SHOW_VALUES_UP_TO = 8;

export function tensorSummary(v: TensorValue): string {
  const head = `${dtypeLabel(v)}[${shapeOf(v).join(', ')}]`;
  const d = materialize(v);
  const n = d.data.length;
  const missing = unwrittenCount(d);
  if (n > 0 && missing === n) return `${head} <never written>`;
  if (n <= SHOW_VALUES_UP_TO) return `${head} ${formatTensor(d, { edge: SHOW_VALUES_UP_TO })}`;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  let count = 0;
  let nans = 0;
  for (let i = 0; i < n; i++) {
    if (d.written && !d.written[i]) continue;
    const x = d.data[i];
    if (Number.isNaN(x)) {
      nans++;
      continue;
    }
    if (x < min) min = x;
    if (x > max) max = x;
    sum += x;
    count++;
  }
  const parts = [head];
  if (count > 0) parts.push(`min ${formatNumber(min)} max ${formatNumber(max)} mean ${formatStat(sum / count)}`);
  if (nans > 0) parts.push(`(${nans} nan)`);
  if (missing > 0) parts.push(`(${missing} uninit)`);
  return parts.join(' ');
}

/** A statistic computed in double precision: five significant digits are what a reader compares. */
export function formatStat(x: number): string {
  if (!Number.isFinite(x)) return formatNumber(x);
  return String(Number(x.toPrecision(5)));
}
