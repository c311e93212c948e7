/**
 * Tensors to .npy and back (engine/io/tensor-files.ts) for every dtype: what a tensor is written as (its own NumPy
 * dtype, f32 values for the floats NumPy lacks, the bits of the packed types as u32/u16), that reading it back gives
 * the same stored bits, that bit-pattern arrays are taken as they are (NaN made canonical), and the refusals.
 */
import * as assert from 'node:assert/strict';
import { DType, DTYPES, dtypeInfo } from '../../engine/base/dtype';
import { encodeNpy, NpyArray, parseNpy } from '../../engine/io/npy';
import { npyDTypeFor, npySource, tensorToNpy } from '../../engine/io/tensor-files';
import { decode, encode } from '../../engine/machine/dtypes';
import { mulberry32 } from '../../engine/machine/random';
import { Tensor } from '../../engine/machine/tensor';

/** Every bit pattern of the dtype for 8-bit and 4-bit formats, else patterns from a seeded generator. */
function patterns(d: DType, n: number): number[] {
  const info = dtypeInfo(d);
  const next = mulberry32(7);
  const count = d === 'fp4e2m1' ? 16 : info.bytes === 1 && info.isFloat ? 256 : 0;
  if (count) return Array.from({ length: n }, (_, i) => i % count);
  if (info.isFloat) return Array.from({ length: n }, () => encode(d, (next() - 0.5) * 2 ** Math.floor(next() * 40 - 20)));
  return Array.from({ length: n }, () => encode(d, info.minFinite + Math.floor(next() * (info.maxFinite - info.minFinite + 1))));
}

function tensorOf(d: DType, stored: readonly number[]): Tensor {
  const t = new Tensor('t', 'dram', d, [stored.length]);
  t.data.set(stored);
  t.markAllWritten();
  return t;
}

function loaded(d: DType, npy: NpyArray): Tensor {
  const t = new Tensor('t', 'dram', d, npy.shape);
  npySource(npy)(t);
  return t;
}

describe('tensor files: every dtype to .npy and back', () => {
  const written: Record<DType, string> = {
    f32: 'f32', bf16: 'f32', f16: 'f16', fp8e4m3: 'f32', fp8e4m3fn: 'f32', fp8e5m2: 'f32', e8m0: 'f32', fp4e2m1: 'f32',
    fp8e4m3fn_x4: 'u32', fp8e5m2_x4: 'u32', fp4e2m1_x4: 'u16', i32: 'i32', i16: 'i16', i8: 'i8', u32: 'u32', u16: 'u16', u8: 'u8',
  };

  for (const d of DTYPES) {
    it(`${d} is written as ${written[d]} and read back to the same bits`, () => {
      assert.equal(npyDTypeFor(d), written[d]);
      const stored = patterns(d, 512);
      const file = parseNpy(encodeNpy(tensorToNpy(tensorOf(d, stored))), 'test.npy');
      assert.equal(file.dtype, written[d]);
      const back = loaded(d, file);
      const want = stored.map((s) => encode(d, decode(d, s)));
      assert.deepEqual([...back.data].map(bitsOf(d)), want.map(bitsOf(d)), d);
    });
  }

  it('takes u8 bit patterns for the fp8 formats, e8m0 and fp4e2m1, with one NaN each', () => {
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    const nan: Partial<Record<DType, number>> = { fp8e4m3: 0x7c, fp8e4m3fn: 0x7f, fp8e5m2: 0x7e, e8m0: 0xff };
    for (const d of ['fp8e4m3', 'fp8e4m3fn', 'fp8e5m2', 'e8m0'] as const) {
      const t = loaded(d, { dtype: 'u8', shape: [256], data: every });
      for (let b = 0; b < 256; b++) {
        const isNaN = Number.isNaN(decode(d, b));
        assert.equal(t.data[b], isNaN ? nan[d] : b, `${d} 0x${b.toString(16)}`);
      }
    }
    const fp4 = loaded('fp4e2m1', { dtype: 'u8', shape: [16], data: every.subarray(0, 16) });
    assert.deepEqual([...fp4.data], [...every.subarray(0, 16)]);
  });

  it('reads numbers of any array into the formats, rounding them', () => {
    const t = loaded('fp8e4m3', { dtype: 'f64', shape: [3], data: Float64Array.from([1000, -Infinity, 0.3]) });
    assert.deepEqual([...t.data], [0x77, 0xf8, encode('fp8e4m3', 0.3)]);
    const s = loaded('e8m0', { dtype: 'f32', shape: [3], data: Float32Array.from([1, 0, 3]) });
    assert.deepEqual([...s.data], [127, 0, 128]);
  });

  it('refuses a packed tensor from numbers, and fp4e2m1 bytes above 15', () => {
    assert.throws(() => loaded('fp8e5m2_x4', { dtype: 'f32', shape: [2], data: Float32Array.from([1, 2]) }),
      /a fp8e5m2_x4 tensor is read from a u32 array of its bits \(four fp8e5m2 in each element, the first in the lowest bits\), but the file holds f32/);
    assert.throws(() => loaded('fp4e2m1_x4', { dtype: 'u32', shape: [1], data: Uint32Array.from([1]) }), /read from a u16 array of its bits/);
    assert.throws(() => loaded('fp4e2m1', { dtype: 'u8', shape: [3], data: Uint8Array.from([1, 0x1f, 2]) }),
      /element 1 of the u8 array is 0x1f, not an fp4e2m1 bit pattern \(0 to 0xf, one value per byte\)/);
  });
});

/** Stored values compared as bits: NaN equal to NaN (f32 arrays hold numbers, the others patterns). */
function bitsOf(d: DType): (x: number) => string {
  return (x) => (d === 'f32' && Number.isNaN(x) ? 'nan' : Object.is(x, -0) ? '-0' : String(x));
}
