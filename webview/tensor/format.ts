/**
 * Text of the tensor view: values (exact on hover, short in cells) and a selection written as a BIR access pattern
 * or as a NumPy literal (the bits of an element in its dtype are dtype-bits.ts).
 */
import type { RegionPattern } from '../../contract/tensor';

export interface Rect {
  readonly row: number;
  readonly col: number;
  readonly rows: number;
  readonly cols: number;
}

/** The shortest decimal that reads back as the same float32 (or, for doubles, JavaScript's own shortest form). */
export function exactText(x: number, type: 'f32' | 'f64'): string {
  if (x !== x) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (type === 'f64') return String(x);
  for (let p = 1; p <= 9; p++) {
    const t = x.toPrecision(p);
    if (Math.fround(Number(t)) === x) return String(Number(t));
  }
  return String(x);
}

const MAX_CELL_DIGITS = 6;

/**
 * What a cell shows when its text must fit `room` pixels as `measure` says (the canvas's measureText): the most
 * significant digits that fit, down to one; nothing when not even that fits, so that neighbours never overprint.
 */
export function fittedCellText(x: number, flags: number, room: number, measure: (text: string) => number): string | undefined {
  for (let digits = MAX_CELL_DIGITS; digits >= 1; digits--) {
    const t = cellTextOf(x, flags, digits);
    if (measure(t) <= room) return t;
  }
  return undefined;
}

function cellTextOf(x: number, flags: number, digits: number): string {
  if (flags & 64) return '·';
  if (x !== x) return 'NaN';
  if (x === Infinity) return '+∞';
  if (x === -Infinity) return '−∞';
  if (Number.isInteger(x) && Math.abs(x) < 10 ** digits) return String(x);
  const a = Math.abs(x);
  const t = a !== 0 && (a < 1e-3 || a >= 10 ** digits) ? Number(x.toPrecision(Math.max(1, digits - 3))).toExponential() : String(Number(x.toPrecision(digits)));
  return t.replace('e+', 'e');
}

/** A range of a dimension as a slice: `a:b`, or `a:b:s` with a step. */
function range(start: number, step: number, from: number, count: number): string {
  const a = start + from * step;
  const b = start + (from + count - 1) * step + 1;
  return step === 1 ? `${a}:${b}` : `${a}:${b}:${step}`;
}

/**
 * A selection of the region as an access pattern: in the named tensor's coordinates when the region is a slice of
 * it (with `.T` when its rows run along a later dimension than its columns), else the expression indexed again.
 */
export function patternText(expression: string, pattern: RegionPattern | undefined, slice: readonly number[], rank: number, s: Rect): string {
  if (pattern) {
    const dims = pattern.dims.map((d) => ('index' in d ? String(d.index) : d.axis === 'row' ? range(d.start, d.step, s.row, s.rows) : range(d.start, d.step, s.col, s.cols)));
    const rowDim = pattern.dims.findIndex((d) => 'axis' in d && d.axis === 'row');
    const colDim = pattern.dims.findIndex((d) => 'axis' in d && d.axis === 'col');
    return `${pattern.base}[${dims.join(', ')}]${rowDim > colDim && colDim >= 0 ? '.T' : ''}`;
  }
  const base = /^[A-Za-z_][A-Za-z0-9_:]*(\[[^\]]*\])*$/.test(expression.trim()) ? expression.trim() : `(${expression.trim()})`;
  if (rank === 0) return base;
  const items = [...slice.map(String), ...(rank >= 2 ? [`${s.row}:${s.row + s.rows}`] : []), `${s.col}:${s.col + s.cols}`];
  return `${base}[${items.join(', ')}]`;
}

/** What a selection is copied as: the formats NumPy lacks as f32 values, the packed types as their bits. */
const NUMPY_DTYPES: Record<string, string> = {
  f32: 'np.float32', bf16: 'np.float32', f16: 'np.float16', f64: 'np.float64',
  fp8e4m3: 'np.float32', fp8e4m3fn: 'np.float32', fp8e5m2: 'np.float32', e8m0: 'np.float32', fp4e2m1: 'np.float32',
  fp8e4m3fn_x4: 'np.uint32', fp8e5m2_x4: 'np.uint32', fp4e2m1_x4: 'np.uint16',
  i32: 'np.int32', i16: 'np.int16', i8: 'np.int8', u32: 'np.uint32', u16: 'np.uint16', u8: 'np.uint8',
};

/** Rows of values as a NumPy literal: `np.array([[...], ...], dtype=np.float32)`; never-written elements are 0. */
export function numpyLiteral(rows: readonly (readonly number[])[], dtype: string, type: 'f32' | 'f64'): string {
  const item = (x: number): string => (x !== x ? 'np.nan' : x === Infinity ? 'np.inf' : x === -Infinity ? '-np.inf' : exactText(x, type));
  const body = rows.map((r) => `[${r.map(item).join(', ')}]`).join(',\n ');
  return `np.array([${body}], dtype=${NUMPY_DTYPES[dtype] ?? 'np.float64'})`;
}
