// Copies of stored bits through strided views (machine/view.ts): every plane an engine reads (columns, rows,
// strided and transposed views, rank 3 and 4, broadcasts) against a reference that walks the view element by
// element with elementIndex, for each width of element; and what the journal is told of a write: exactly the
// elements written.
import * as assert from 'node:assert/strict';
import { DType } from '../../engine/base/dtype';
import { Tensor } from '../../engine/machine/tensor';
import { createElementArray } from '../../engine/machine/dtypes';
import { elementIndex, readViewStored, View, viewSize, writeViewStored } from '../../engine/machine/view';
import { Journal } from '../../engine/machine/journal';

function filled(dtype: DType, shape: number[]): Tensor {
  const t = new Tensor('t', 'sbuf', dtype, shape);
  for (let i = 0; i < t.size; i++) t.data[i] = (i * 37 + 11) % 120;
  return t;
}

/** Views of a [6, 8, 10] tensor (and of its [48, 10] flattening), as the access patterns make them. */
function views(t: Tensor): View[] {
  const [a, b] = t.strides;
  const out: View[] = [
    { tensor: t, offset: 5, shape: [6, 1], strides: [a, 1] }, // a column of one element per row
    { tensor: t, offset: 0, shape: [6, 8, 10], strides: t.strides }, // the whole tensor
    { tensor: t, offset: 2 * b + 1, shape: [6, 3, 4], strides: [a, 2 * b, 2] }, // strided in every free dimension
    { tensor: t, offset: 3, shape: [10, 6], strides: [1, a] }, // transposed
    { tensor: t, offset: 7, shape: [6, 4, 3], strides: [a, 0, b] }, // broadcast in the middle
    { tensor: t, offset: 0, shape: [2, 3, 8, 10], strides: [3 * a, a, b, 1] }, // rank 4, contiguous
    { tensor: t, offset: 9, shape: [8, 40], strides: [b, 0] }, // a long broadcast row
  ];
  return out;
}

describe('copies of stored bits through views', () => {
  for (const dtype of ['f32', 'bf16', 'fp8e4m3', 'i32', 'i16', 'i8'] as DType[]) {
    it(`reads every view of a ${dtype} tensor in row-major order, and writes back the same elements`, () => {
      const t = filled(dtype, [6, 8, 10]);
      for (const v of views(t)) {
        const n = viewSize(v);
        const out = createElementArray(dtype, n + 3);
        readViewStored(v, out, 3);
        for (let i = 0; i < n; i++) assert.equal(out[3 + i], t.data[elementIndex(v, i)], `${v.shape} element ${i}`);
        if (v.strides.includes(0)) continue; // a broadcast is read, never written
        const target = new Tensor('u', 'sbuf', dtype, [6, 8, 10]);
        const values = createElementArray(dtype, n + 2);
        for (let i = 0; i < n; i++) values[2 + i] = (i % 100) + 1;
        writeViewStored({ ...v, tensor: target }, values, 2);
        const expected = createElementArray(dtype, target.size);
        const written = new Uint8Array(target.size);
        for (let i = 0; i < n; i++) {
          expected[elementIndex(v, i)] = values[2 + i];
          written[elementIndex(v, i)] = 1;
        }
        assert.deepEqual(target.data, expected, `${v.shape}`);
        assert.deepEqual(target.written, written, `${v.shape}: the written flags`);
      }
    });
  }

  it('tells the journal exactly the elements a strided write changes', () => {
    const t = new Tensor('t', 'sbuf', 'f32', [6, 8, 10]);
    const touched = new Set<number>();
    const journal = { touch: (_o: unknown, from: number, to: number) => { for (let i = from; i < to; i++) touched.add(i); } } as unknown as Journal;
    t.journal = journal;
    const v: View = { tensor: t, offset: 1, shape: [6, 3, 4], strides: t.strides.map((s) => s * 2).map((s, d) => (d === 0 ? t.strides[0] : s)) };
    writeViewStored(v, createElementArray('f32', viewSize(v)));
    const expected = new Set<number>();
    for (let i = 0; i < viewSize(v); i++) expected.add(elementIndex(v, i));
    assert.deepEqual([...touched].sort((a, b) => a - b), [...expected].sort((a, b) => a - b));
  });
});
