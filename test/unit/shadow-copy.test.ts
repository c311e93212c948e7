/**
 * A shadow run's copy of a DMA's shadows (machine/shadow-copy.ts) against what it replaces, a read noting each
 * position (readPlane) and a store by position (storePlane): random shadows (in error, exact, stale stamps, ±0, NaN
 * with payloads, infinities, origins with and without errors) on strided planes of odd sizes of every shadowed
 * dtype, the bits copied as the DMA copies them; the destination's values, stamps, origins and jumps bit for bit.
 */
import * as assert from 'node:assert/strict';
import { DType } from '../../engine/base/dtype';
import { decode, encode } from '../../engine/machine/dtypes';
import { mulberry32 } from '../../engine/machine/random';
import { Shadow } from '../../engine/machine/shadow';
import { copyShadowPlane } from '../../engine/machine/shadow-copy';
import { readPlane, storePlane } from '../../engine/machine/shadow-loops';
import { Tensor } from '../../engine/machine/tensor';
import { Plane } from '../../engine/machine/view';

const DTYPES: DType[] = ['f32', 'bf16', 'f16', 'fp8e4m3', 'fp8e5m2'];
const SIDE = 30;

function special(next: () => number): number {
  const r = next();
  if (r < 0.05) return NaN;
  if (r < 0.1) return next() < 0.5 ? Infinity : -Infinity;
  if (r < 0.2) return next() < 0.5 ? 0 : -0;
  if (r < 0.25) return (next() - 0.5) * 1e-40;
  return (next() - 0.5) * 8;
}

/** A source tile whose shadow holds every case a read meets. */
function source(dtype: DType, next: () => number): Tensor {
  const t = new Tensor('src', 'sbuf', dtype, [SIDE, SIDE]);
  t.markAllWritten();
  const s = (t.shadow = new Shadow(t.size));
  for (let i = 0; i < t.size; i++) {
    t.data[i] = encode(dtype, special(next));
    if (dtype === 'f32' && next() < 0.03) new Uint32Array(t.data.buffer)[i] = 0x7f800001 + Math.floor(next() * 0x3fffff);
    const stored = decode(dtype, t.data[i]);
    const r = next();
    // Never shadowed; a stale stamp (written since); a zero of the other sign; exact; in error.
    if (r < 0.15) continue;
    s.stamps[i] = r < 0.25 ? stored + 1 : r < 0.32 && stored === 0 ? -stored : stored;
    s.values[i] = r < 0.45 ? stored : next() < 0.1 ? special(next) : stored * (1 + (next() - 0.5) * 1e-3);
    s.origins[i] = next() < 0.3 ? -1 : Math.floor(next() * 5);
    s.jumps[i] = next() < 0.3 ? 0 : next() < 0.1 ? Infinity : next() * 1e-3;
  }
  s.extra = 1;
  return t;
}

function randomPlane(next: () => number, rows: number, cols: number): { offset: number; plane: Plane } {
  const rowStride = (1 + Math.floor(next() * 2)) * (next() < 0.2 ? 1 : Math.ceil(SIDE / 2));
  const colStride = next() < 0.6 ? 1 : 2;
  const offset = Math.floor(next() * 3);
  const fits = offset + (rows - 1) * rowStride + (cols - 1) * colStride < SIDE * SIDE;
  return fits ? { offset, plane: { rows, cols, rowStride, colStride } } : { offset: 0, plane: { rows, cols, rowStride: cols, colStride: 1 } };
}

/** The bits the DMA copies: each source element's pattern to its destination, in row-major order. */
function copyBits(src: Tensor, so: number, sp: Plane, dst: Tensor, dO: number, dp: Plane): void {
  for (let r = 0; r < sp.rows; r++) {
    for (let c = 0; c < sp.cols; c++) {
      const to = dO + r * dp.rowStride + c * dp.colStride;
      dst.data[to] = src.data[so + r * sp.rowStride + c * sp.colStride];
      dst.markWritten(to);
    }
  }
}

function bits(s: Shadow): Buffer[] {
  const stamps = Float32Array.from(s.stamps, (x) => (x !== x ? NaN : x));
  return [s.values, stamps, s.origins, s.jumps].map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength));
}

describe('shadow run: a DMA copy of a shadow equals a read and a store by position', () => {
  for (const dtype of DTYPES) {
    it(`${dtype}: values, stamps, origins and jumps bit for bit, on strided planes of odd sizes`, () => {
      for (let seed = 1; seed <= 120; seed++) {
        const next = mulberry32(seed);
        const src = source(dtype, next);
        const rows = 1 + Math.floor(next() * 13);
        const cols = 1 + Math.floor(next() * 13);
        const s = randomPlane(next, rows, cols);
        const d = randomPlane(next, rows, cols);
        const expected = new Tensor('dst', 'dram', dtype, [SIDE, SIDE]);
        copyBits(src, s.offset, s.plane, expected, d.offset, d.plane);
        const actual = new Tensor('dst', 'dram', dtype, [SIDE, SIDE]);
        copyBits(src, s.offset, s.plane, actual, d.offset, d.plane);
        // What the shadow run did before: the operand read by position, then the store folding it back.
        const n = rows * cols;
        const values = new Float64Array(n);
        const read = { errors: new Float64Array(n), origins: new Int32Array(n), jumps: new Float64Array(n) };
        readPlane(s.plane, s.offset, src, src.shadow!, values, read, { error: 0, origin: -1, jump: 0 });
        const before = (expected.shadow = new Shadow(expected.size));
        storePlane(d.plane, d.offset, expected, before, values, { error: 0, origin: -1, jump: 0 }, read, 7);
        const after = (actual.shadow = new Shadow(actual.size));
        copyShadowPlane({ tensor: src, ...s }, { tensor: actual, ...d }, src.shadow!, after, 7);
        assert.deepEqual(bits(after), bits(before), `seed ${seed}: ${rows} × ${cols}, ${JSON.stringify(s)} to ${JSON.stringify(d)}`);
      }
    });
  }
});
