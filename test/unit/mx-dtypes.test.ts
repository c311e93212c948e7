/**
 * The MX types against the independent reference of test/helpers/float-reference.ts: e8m0 (every pattern decoded,
 * rounding from f32 at every value, midpoint and its neighbours, the edges and a sweep of f32 patterns) and the packed
 * types (their bits, the order of the values inside, what a store does with a number). The fp8 and fp4 element
 * formats are in test/unit/dtypes.test.ts with the other floats.
 */
import * as assert from 'node:assert/strict';
import { dtypeInfo } from '../../engine/base/dtype';
import { formatElement } from '../../engine/eval/format';
import { createElementArray, decode, decodeRange, encode, encodeRange, roundTo } from '../../engine/machine/dtypes';
import { packBits, unpackBits, unpackValues } from '../../engine/machine/packed';
import { mulberry32 } from '../../engine/machine/random';
import { f32FromBits, hex, Mismatches, nextDownF32, nextUpF32, refDecodeE8M0, refEncodeE8M0, same } from '../helpers/float-reference';

function checkE8M0(v: number, bad: Mismatches): void {
  const want = refEncodeE8M0(v);
  const got = encode('e8m0', v);
  if (got !== want) bad.add(`encode(e8m0, ${v}) = ${hex(got)}, want ${hex(want)}`);
  if (!same(roundTo('e8m0', v), refDecodeE8M0(want))) bad.add(`roundTo(e8m0, ${v}) = ${roundTo('e8m0', v)}`);
}

describe('dtypes: e8m0 (MX scales) against the reference', () => {
  it('the reference has the OCP landmarks', () => {
    assert.equal(refDecodeE8M0(0), 2 ** -127);
    assert.equal(refDecodeE8M0(127), 1);
    assert.equal(refDecodeE8M0(254), 2 ** 127);
    assert.ok(Number.isNaN(refDecodeE8M0(255)));
  });

  it('decodes all 256 patterns exactly', () => {
    const bad = new Mismatches();
    for (let code = 0; code < 256; code++) {
      if (!same(decode('e8m0', code), refDecodeE8M0(code))) bad.add(`decode(${hex(code)}) = ${decode('e8m0', code)}`);
    }
    bad.check('decode');
  });

  it('round-trips every value, and its f32 is exact (2^-127 is an f32 subnormal)', () => {
    for (let code = 0; code < 255; code++) {
      const value = refDecodeE8M0(code);
      assert.equal(Math.fround(value), value);
      assert.equal(encode('e8m0', value), code);
    }
  });

  it('sends each midpoint (1.5 * 2^k) to the even code, and its f32 neighbours to the nearer side', () => {
    const bad = new Mismatches();
    for (let code = 0; code < 254; code++) {
      const mid = 1.5 * refDecodeE8M0(code);
      assert.equal(Math.fround(mid), mid);
      const even = code % 2 === 0 ? code : code + 1;
      if (encode('e8m0', mid) !== even) bad.add(`encode(${mid}) = ${hex(encode('e8m0', mid))}, want even ${hex(even)}`);
      if (encode('e8m0', nextDownF32(mid)) !== code) bad.add(`just below ${mid}`);
      if (encode('e8m0', nextUpF32(mid)) !== code + 1) bad.add(`just above ${mid}`);
      for (const v of [mid, nextDownF32(mid), nextUpF32(mid)]) checkE8M0(v, bad);
    }
    bad.check('midpoints');
  });

  it('saturates at both ends: zero, negatives, -inf and tiny values store 2^-127; +inf and huge ones 2^127; NaN 0xFF', () => {
    for (const v of [0, -0, -1, -1e300, -Infinity, 2 ** -149, 2 ** -128, 1e-300, f32FromBits(0x00400000)]) assert.equal(encode('e8m0', v), 0, String(v));
    for (const v of [2 ** 127, 1.5 * 2 ** 127, 3.4028234663852886e38, 1e39, Infinity]) assert.equal(encode('e8m0', v), 254, String(v));
    assert.equal(encode('e8m0', NaN), 255);
    assert.equal(encode('e8m0', f32FromBits(0xffc00001)), 255);
    // The f32 subnormals between 2^-127 and 2^-126, whose exponent field says nothing.
    assert.equal(encode('e8m0', f32FromBits(0x00600000)), 0, '1.5 * 2^-127 ties to the even code 0');
    assert.equal(encode('e8m0', f32FromBits(0x00600001)), 1);
    assert.equal(encode('e8m0', f32FromBits(0x007fffff)), 1);
  });

  it('matches the reference on a sweep of f32 patterns (every 4093rd) and on random values', () => {
    const bad = new Mismatches();
    for (let bits = 0; bits < 2 ** 32; bits += 4093) checkE8M0(f32FromBits(bits), bad);
    const next = mulberry32(0xe8);
    for (let k = 0; k < 100_000; k++) checkE8M0((next() < 0.5 ? -1 : 1) * 2 ** (next() * 300 - 150), bad);
    bad.check('sweep');
  });
});

describe('dtypes: packed MX types', () => {
  it('hold four values, the first in the lowest bits', () => {
    // 1, -1, 0.5, 57344 as fp8e5m2: 0x3c, 0xbc, 0x38, 0x7b.
    const e5m2 = packBits('fp8e5m2_x4', [0x3c, 0xbc, 0x38, 0x7b]);
    assert.equal(e5m2, 0x7b38bc3c);
    assert.deepEqual(unpackBits('fp8e5m2_x4', e5m2), [0x3c, 0xbc, 0x38, 0x7b]);
    assert.deepEqual(unpackValues('fp8e5m2_x4', e5m2), [1, -1, 0.5, 57344]);
    assert.deepEqual(unpackValues('fp8e4m3fn_x4', 0xff7e3800), [0, 1, 448, NaN]);
    // fp4 in nibbles: 0.5, 1, 6, -6.
    assert.equal(packBits('fp4e2m1_x4', [0x1, 0x2, 0x7, 0xf]), 0xf721);
    assert.deepEqual(unpackValues('fp4e2m1_x4', 0xf721), [0.5, 1, 6, -6]);
    assert.throws(() => packBits('fp4e2m1_x4', [0x10, 0, 0, 0]), /not a fp4e2m1 bit pattern/);
    assert.throws(() => unpackBits('u32', 0), /not a packed dtype/);
  });

  it('unpack every fp8 pattern in every position, and every fp4 pattern', () => {
    for (const [d, element, count] of [['fp8e5m2_x4', 'fp8e5m2', 256], ['fp8e4m3fn_x4', 'fp8e4m3fn', 256], ['fp4e2m1_x4', 'fp4e2m1', 16]] as const) {
      for (let b = 0; b < count; b++) {
        for (let at = 0; at < 4; at++) {
          const patterns = [0, 0, 0, 0];
          patterns[at] = b;
          const values = unpackValues(d, packBits(d, patterns));
          assert.ok(same(values[at], decode(element, b)), `${d} ${hex(b)} at ${at}`);
        }
      }
    }
  });

  it('are their bits to every engine: a value stored is an unsigned integer of their width, saturated as u32/u16 are', () => {
    for (const d of ['fp8e4m3fn_x4', 'fp8e5m2_x4'] as const) {
      assert.equal(decode(d, 0xdeadbeef), 0xdeadbeef);
      assert.equal(encode(d, 0xdeadbeef), 0xdeadbeef);
      assert.equal(encode(d, 2 ** 40), 0xffffffff);
      assert.equal(encode(d, -3), 0);
      assert.equal(encode(d, NaN), 0);
      assert.equal(dtypeInfo(d).bytes, 4);
    }
    assert.equal(encode('fp4e2m1_x4', 0x1f721), 0xffff);
    assert.equal(dtypeInfo('fp4e2m1_x4').bytes, 2);
    const a = createElementArray('fp8e5m2_x4', 2);
    encodeRange('fp8e5m2_x4', [0x7b38bc3c, 0xffffffff], 0, a, 0, 2);
    const out = new Float64Array(2);
    decodeRange('fp8e5m2_x4', a, 0, out, 0, 2);
    assert.deepEqual([...out], [0x7b38bc3c, 0xffffffff]);
  });

  it('format as their bits with the values they hold', () => {
    assert.equal(formatElement(0x7b38bc3c, 'fp8e5m2_x4'), '0x7b38bc3c (1, -1, 0.5, 57344)');
    assert.equal(formatElement(0xf721, 'fp4e2m1_x4'), '0xf721 (0.5, 1, 6, -6)');
    assert.equal(formatElement(0, 'fp8e4m3fn_x4'), '0x00000000 (0, 0, 0, 0)');
    assert.equal(formatElement(1.5, 'f32'), '1.5');
    assert.equal(formatElement(7, undefined), '7');
  });
});
