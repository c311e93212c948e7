/** Values of the evaluate language: scalars, views of machine memory (read lazily), and computed tensors. */
import { DType } from '../base/dtype';
import { decode } from '../machine/dtypes';
import { forEachIndex, View, viewSize } from '../machine/view';

export interface ScalarValue {
  readonly kind: 'scalar';
  readonly value: number;
  /** False for a register never written in this activation. */
  readonly written: boolean;
}

/** A region of memory, not yet read: indexing narrows it without copying. */
export interface ViewValue {
  readonly kind: 'view';
  readonly view: View;
  /** The expression that denotes it, for evaluateName and messages. */
  readonly text: string;
}

/** A tensor computed by the evaluator, row-major in doubles. */
export interface DenseValue {
  readonly kind: 'dense';
  readonly shape: readonly number[];
  readonly data: Float64Array;
  /** 0 where an input element was never written; undefined when every element was. */
  readonly written?: Uint8Array;
  /** The dtype of the memory it was read from, or undefined for a computed result (double precision). */
  readonly dtype?: DType;
  readonly text: string;
}

export type Value = ScalarValue | ViewValue | DenseValue;
export type TensorValue = ViewValue | DenseValue;

export function scalar(value: number, written = true): ScalarValue {
  return { kind: 'scalar', value, written };
}

/** Reads a view into a dense value, keeping which elements were never written. */
export function materialize(v: TensorValue): DenseValue {
  if (v.kind === 'dense') return v;
  const view = v.view;
  const n = viewSize(view);
  const data = new Float64Array(n);
  const t = view.tensor;
  let written: Uint8Array | undefined;
  if (!t.fullyWritten) written = new Uint8Array(n);
  forEachIndex(view, (index, i) => {
    if (written) {
      written[i] = t.written[index];
      data[i] = t.written[index] ? decode(t.dtype, t.data[index]) : 0;
    } else {
      data[i] = decode(t.dtype, t.data[index]);
    }
  });
  if (written && written.every((w) => w === 1)) written = undefined;
  return { kind: 'dense', shape: [...view.shape], data, written, dtype: t.dtype, text: v.text };
}

export function shapeOf(v: TensorValue): readonly number[] {
  return v.kind === 'view' ? v.view.shape : v.shape;
}

export function unwrittenCount(d: DenseValue): number {
  if (!d.written) return 0;
  let n = 0;
  for (let i = 0; i < d.written.length; i++) if (d.written[i] === 0) n++;
  return n;
}

export function dtypeLabel(v: TensorValue): string {
  if (v.kind === 'view') return v.view.tensor.dtype;
  return v.dtype ?? 'f64';
}
