/**
 * Text of the tensor view: values (exact on hover, short in cells), the bits of an element in its dtype, and a
 * selection written as a BIR access pattern or as a NumPy literal.
 */
import type { RegionPattern } from '../../contract/tensor';

export interface Rect {
  readonly row: number;
  readonly col: number;
  readonly rows: number;
  readonly cols: number;
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u64 = new Uint32Array(f64.buffer);

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

/** What a cell shows: a few significant digits, as many as its width holds. */
export function cellText(x: number, flags: number, width: number): string {
  if (flags & 64) return '·';
  if (x !== x) return 'NaN';
  if (x === Infinity) return '+∞';
  if (x === -Infinity) return '−∞';
  const digits = Math.max(1, Math.min(6, Math.floor(width / 8) - 2));
  if (Number.isInteger(x) && Math.abs(x) < 10 ** digits) return String(x);
  const a = Math.abs(x);
  const t = a !== 0 && (a < 1e-3 || a >= 10 ** digits) ? Number(x.toPrecision(Math.max(1, digits - 3))).toExponential() : String(Number(x.toPrecision(digits)));
  return t.replace('e+', 'e');
}

/** The bits of an element in its dtype: hex, then sign, exponent and mantissa for floats. */
export function dtypeBits(x: number, dtype: string): string {
  switch (dtype) {
    case 'f32': {
      f32[0] = x;
      return floatFields(u32[0], 32, 8, 23);
    }
    case 'bf16': {
      f32[0] = x;
      return floatFields(u32[0] >>> 16, 16, 8, 7);
    }
    case 'f16': return floatFields(encodeExact(x, 5, 10, true), 16, 5, 10);
    case 'fp8e4m3': return floatFields(encodeExact(x, 4, 3, false), 8, 4, 3);
    case 'fp8e5m2': return floatFields(encodeExact(x, 5, 2, true), 8, 5, 2);
    case 'i32': case 'u32': return hex(x >>> 0, 8);
    case 'i16': case 'u16': return hex(x & 0xffff, 4);
    case 'i8': case 'u8': return hex(x & 0xff, 2);
    default: {
      f64[0] = x;
      return `0x${u64[1].toString(16).padStart(8, '0')}${u64[0].toString(16).padStart(8, '0')}`;
    }
  }
}

function hex(n: number, digits: number): string {
  return `0x${n.toString(16).padStart(digits, '0')}`;
}

function floatFields(bits: number, width: number, exponent: number, mantissa: number): string {
  const sign = bits >>> (width - 1);
  const e = (bits >>> mantissa) & ((1 << exponent) - 1);
  const m = bits & ((1 << mantissa) - 1);
  return `${hex(bits, width / 4)} (sign ${sign}, exponent ${e.toString(2).padStart(exponent, '0')}, mantissa ${m.toString(2).padStart(mantissa, '0')})`;
}

/**
 * The bit pattern of a value the format represents exactly (the view's values come from memory of that dtype).
 * IEEE-like: all-ones exponent for inf/NaN when `ieee`; fp8e4m3 has no infinities and one NaN (S.1111.111).
 */
export function encodeExact(x: number, exponent: number, mantissa: number, ieee: boolean): number {
  const bias = (1 << (exponent - 1)) - 1;
  const top = (1 << exponent) - 1;
  const signBit = 1 << (exponent + mantissa);
  if (x !== x) return ieee ? (top << mantissa) | (1 << (mantissa - 1)) : (top << mantissa) | ((1 << mantissa) - 1);
  const sign = x < 0 || Object.is(x, -0) ? signBit : 0;
  const a = Math.abs(x);
  if (a === Infinity) return sign | (top << mantissa);
  if (a === 0) return sign;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (e < 1 - bias) return sign | Math.round(a / 2 ** (1 - bias - mantissa));
  return sign | ((e + bias) << mantissa) | Math.round((a / 2 ** e - 1) * 2 ** mantissa);
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

const NUMPY_DTYPES: Record<string, string> = {
  f32: 'np.float32', bf16: 'np.float32', f16: 'np.float16', fp8e4m3: 'np.float32', fp8e5m2: 'np.float32', f64: 'np.float64',
  i32: 'np.int32', i16: 'np.int16', i8: 'np.int8', u32: 'np.uint32', u16: 'np.uint16', u8: 'np.uint8',
};

/** Rows of values as a NumPy literal: `np.array([[...], ...], dtype=np.float32)`; never-written elements are 0. */
export function numpyLiteral(rows: readonly (readonly number[])[], dtype: string, type: 'f32' | 'f64'): string {
  const item = (x: number): string => (x !== x ? 'np.nan' : x === Infinity ? 'np.inf' : x === -Infinity ? '-np.inf' : exactText(x, type));
  const body = rows.map((r) => `[${r.map(item).join(', ')}]`).join(',\n ');
  return `np.array([${body}], dtype=${NUMPY_DTYPES[dtype] ?? 'np.float64'})`;
}
