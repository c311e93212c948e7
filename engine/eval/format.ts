/** Numbers and tensors as people read them: the shortest text that gives back the stored value. */
import { DType, dtypeInfo, isDType, packedLayout } from '../base/dtype';
import { unpackValues } from '../machine/packed';
import { dtypeLabel, elementAt, shapeOf, TensorValue, Value } from './value';

/** Integers as integers; f32 values with the fewest digits that round back to the same f32; others in full. */
export function formatNumber(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (Object.is(x, -0)) return '-0';
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return String(x);
  if (Math.fround(x) === x) {
    for (let p = 1; p <= 9; p++) {
      const s = x.toPrecision(p);
      if (Math.fround(Number(s)) === x) return tidy(s);
    }
  }
  return String(x);
}

/**
 * An element of a tensor of that dtype: a number, except a packed element, which is its bits in hex with the four
 * values it holds, the first (lowest bits) first: `0x3c3c3c3c (1, 1, 1, 1)`.
 */
export function formatElement(x: number, dtype: DType | string | undefined): string {
  if (dtype === undefined || !isDType(dtype) || !packedLayout(dtype) || !Number.isInteger(x) || x < 0 || x > dtypeInfo(dtype).maxFinite) return formatNumber(x);
  const digits = dtypeInfo(dtype).bytes * 2;
  return `0x${x.toString(16).padStart(digits, '0')} (${unpackValues(dtype, x).map(formatNumber).join(', ')})`;
}

function tidy(s: string): string {
  if (s.includes('e')) {
    const [m, e] = s.split('e');
    return `${m.includes('.') ? m.replace(/0+$/, '').replace(/\.$/, '') : m}e${e}`;
  }
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

export interface FormatLimits {
  /** Elements shown per dimension before '...' (the first and last halves). */
  readonly edge: number;
}

/**
 * A tensor as nested brackets, NumPy style, eliding the middle of long dimensions; never-written elements as '?'.
 * Only the elements shown are read, so a tensor of any size formats at once.
 */
export function formatTensor(v: TensorValue, limits: FormatLimits = { edge: 3 }): string {
  const shape = shapeOf(v);
  if (shape.length === 0) return element(v, 0);
  return nest(v, shape, 0, 0, limits);
}

function nest(v: TensorValue, shape: readonly number[], dim: number, offset: number, limits: FormatLimits): string {
  const size = shape[dim];
  const stride = shape.slice(dim + 1).reduce((a, b) => a * b, 1);
  const indices = size > 2 * limits.edge ? [...range(0, limits.edge), -1, ...range(size - limits.edge, size)] : range(0, size);
  const parts = indices.map((i) => (i < 0 ? '...' : dim === shape.length - 1 ? element(v, offset + i) : nest(v, shape, dim + 1, offset + i * stride, limits)));
  return `[${parts.join(', ')}]`;
}

function element(v: TensorValue, i: number): string {
  const e = elementAt(v, i);
  return e.written ? formatElement(e.value, dtypeLabel(v)) : '?';
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a }, (_, i) => a + i);
}

export function formatValue(v: Value): string {
  if (v.kind === 'scalar') return v.written ? formatNumber(v.value) : '<uninit>';
  return formatTensor(v);
}
