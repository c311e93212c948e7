// The dtypes module against an independent reference (test/helpers/float-reference.ts): decoders written from the
// formats' bit-field definitions, and a round-to-nearest-even encoder that picks between neighbouring values by
// search over the reference table. Nothing here calls the module to build an expectation. e8m0 and the packed
// types are test/unit/mx-dtypes.test.ts.
import * as assert from 'node:assert/strict';
import { DType, DTYPES, isDType, dtypeInfo } from '../../engine/base/dtype';
import { createElementArray, elementArrayOn, encode, decode, roundTo, encodeRange, decodeRange } from '../../engine/machine/dtypes';
import { mulberry32 } from '../../engine/machine/random';
import {
  BF16, E2M1, E4M3, E4M3FN, E5M2, F16, FloatFormat, Mismatches, f32FromBits, hex, nextDownF32, nextUpF32, patternCount,
  refDecode, refEncode, refTable, same, signMask,
} from '../helpers/float-reference';

const FORMATS = [BF16, F16, E4M3, E4M3FN, E5M2, E2M1];

/** Checks encode and roundTo for v against the reference. */
function checkEncode(fmt: FloatFormat, v: number, bad: Mismatches): void {
  const want = refEncode(fmt, v);
  const got = encode(fmt.dtype, v);
  if (got !== want) bad.add(`encode(${fmt.dtype}, ${v}) = ${hex(got)}, want ${hex(want)}`);
  const wantValue = refDecode(fmt, want);
  const gotValue = roundTo(fmt.dtype, v);
  if (!same(gotValue, wantValue)) bad.add(`roundTo(${fmt.dtype}, ${v}) = ${gotValue}, want ${wantValue}`);
}

// ---------------------------------------------------------------------------------------------
// Float formats

describe('dtypes: float formats against the reference', () => {
  it('the reference itself has the known landmarks', () => {
    assert.equal(refTable(BF16).max, 3.3895313892515355e38);
    assert.equal(refTable(F16).max, 65504);
    assert.equal(refTable(E4M3).max, 240);
    assert.equal(refTable(E4M3FN).max, 448);
    assert.equal(refTable(E5M2).max, 57344);
    assert.equal(refTable(E2M1).max, 6);
    assert.deepEqual(refTable(E2M1).values, [0, 0.5, 1, 1.5, 2, 3, 4, 6]);
    assert.equal(refDecode(E4M3, 0x01), 2 ** -9);
    assert.equal(refDecode(E4M3FN, 0x01), 2 ** -9);
    assert.equal(refDecode(E5M2, 0x01), 2 ** -16);
    assert.equal(refDecode(F16, 0x0001), 2 ** -24);
    assert.equal(refDecode(BF16, 0x0001), 2 ** -133);
    assert.ok(Number.isNaN(refDecode(E4M3FN, 0x7f)) && Number.isNaN(refDecode(E4M3FN, 0xff)));
    assert.equal(refDecode(E4M3FN, 0x78), 256);
    assert.equal(refDecode(E4M3, 0x77), 240);
    assert.equal(refDecode(E4M3, 0x78), Infinity);
    assert.equal(refDecode(E4M3, 0xf8), -Infinity);
    assert.ok(Number.isNaN(refDecode(E4M3, 0x79)) && Number.isNaN(refDecode(E4M3, 0x7c)) && Number.isNaN(refDecode(E4M3, 0xff)));
    assert.equal(refDecode(E2M1, 0xf), -6);
    assert.equal(refDecode(E5M2, 0x7c), Infinity);
    assert.equal(refDecode(E5M2, 0xfc), -Infinity);
  });

  for (const fmt of FORMATS) {
    describe(fmt.dtype, () => {
      const count = patternCount(fmt);
      const t = refTable(fmt);

      it(`decodes all ${count} patterns exactly`, () => {
        const bad = new Mismatches();
        for (let bits = 0; bits < count; bits++) {
          const want = refDecode(fmt, bits);
          const got = decode(fmt.dtype, bits);
          if (!same(got, want)) bad.add(`decode(${hex(bits)}) = ${got}, want ${want}`);
        }
        bad.check('decode');
      });

      it('round-trips every representable value, both signs', () => {
        const bad = new Mismatches();
        for (let bits = 0; bits < count; bits++) {
          const value = refDecode(fmt, bits);
          if (!Number.isFinite(value)) continue;   // NaN and the infinities have their own test
          const got = encode(fmt.dtype, value);
          if (got !== bits) bad.add(`encode(${value}) = ${hex(got)}, want ${hex(bits)}`);
          if (!Object.is(roundTo(fmt.dtype, value), value)) bad.add(`roundTo(${value}) changed it`);
        }
        bad.check('round trip');
      });

      it('sends every midpoint between neighbours to the even one', () => {
        const bad = new Mismatches();
        for (let i = 0; i + 1 < t.values.length; i++) {
          const mid = (t.values[i] + t.values[i + 1]) / 2;
          assert.equal(Math.fround(mid), mid, 'midpoints are f32 values');
          const evenCode = t.codes[i] % 2 === 0 ? t.codes[i] : t.codes[i + 1];
          for (const [v, code] of [[mid, evenCode], [-mid, evenCode + signMask(fmt)]]) {
            const got = encode(fmt.dtype, v);
            if (got !== code) bad.add(`encode(${v}) = ${hex(got)}, want even ${hex(code)}`);
            checkEncode(fmt, v, bad);
          }
        }
        bad.check('midpoints');
      });

      it('sends values one f32 step off each midpoint to the nearer side', () => {
        const bad = new Mismatches();
        for (let i = 0; i + 1 < t.values.length; i++) {
          const mid = (t.values[i] + t.values[i + 1]) / 2;
          const cases: [number, number][] = [
            [nextDownF32(mid), t.codes[i]], [nextUpF32(mid), t.codes[i + 1]],
            [-nextDownF32(mid), t.codes[i] + signMask(fmt)], [-nextUpF32(mid), t.codes[i + 1] + signMask(fmt)],
          ];
          for (const [v, code] of cases) {
            const got = encode(fmt.dtype, v);
            if (got !== code) bad.add(`encode(${v}) = ${hex(got)}, want ${hex(code)}`);
            checkEncode(fmt, v, bad);
          }
        }
        bad.check('near midpoints');
      });

      it('keeps the sign of zero and maps NaN to its canonical code', () => {
        assert.equal(encode(fmt.dtype, 0), 0);
        assert.equal(encode(fmt.dtype, -0), signMask(fmt));
        assert.ok(Object.is(roundTo(fmt.dtype, -0), -0));
        assert.ok(Object.is(decode(fmt.dtype, signMask(fmt)), -0));
        assert.equal(encode(fmt.dtype, NaN), fmt.nanCode);
        assert.equal(encode(fmt.dtype, f32FromBits(0xffc00001)), fmt.nanCode, 'a negative NaN with a payload');
        if (fmt.specials === 'none') {
          // No NaN to store: +0, as the integers.
          assert.ok(Object.is(roundTo(fmt.dtype, NaN), 0));
        } else {
          assert.ok(Number.isNaN(roundTo(fmt.dtype, NaN)));
          assert.ok(Number.isNaN(decode(fmt.dtype, fmt.nanCode)));
        }
        // Values far below the smallest subnormal round to a zero of their own sign.
        assert.equal(encode(fmt.dtype, 1e-300), 0);
        assert.equal(encode(fmt.dtype, -1e-300), signMask(fmt));
      });

      it('handles infinities and values beyond the largest finite one', () => {
        const bad = new Mismatches();
        const beyond = [
          t.max + t.topUlp / 2, nextDownF32(t.max + t.topUlp / 2), nextUpF32(t.max),
          t.max * 1.5, t.max * 2, 1e30, 3.4028234663852886e38, 1e39, 1e300, Infinity,
        ].filter((v) => v > t.max);
        for (const v of beyond) {
          for (const s of [v, -v]) checkEncode(fmt, s, bad);
        }
        bad.check('beyond max');
        const neg = signMask(fmt);
        if (fmt.finiteOverflow === 'saturate') {
          assert.equal(encode(fmt.dtype, t.max * 2), t.maxCode);
          assert.equal(encode(fmt.dtype, -1e39), t.maxCode + neg);
        } else {
          assert.equal(encode(fmt.dtype, t.max + t.topUlp / 2), fmt.infCode, 'the overflow tie goes to inf');
          assert.equal(encode(fmt.dtype, nextDownF32(t.max + t.topUlp / 2)), t.maxCode);
          assert.equal(encode(fmt.dtype, -1e39), fmt.infCode + neg);
        }
        assert.equal(encode(fmt.dtype, Infinity), fmt.infCode);
        assert.equal(encode(fmt.dtype, -Infinity), fmt.infCode + neg);
      });

      if (count <= 256) {
        it('matches the reference on a sweep of f32 patterns (every 4093rd, both signs)', () => {
          const bad = new Mismatches();
          for (let bits = 0; bits < 2 ** 32; bits += 4093) checkEncode(fmt, f32FromBits(bits), bad);
          bad.check('sweep');
        });
      }

      it('matches the reference on random values', () => {
        const bad = new Mismatches();
        const next = mulberry32(0x5eed + count);
        const n = count > 256 ? 200_000 : 100_000;
        const emin = 1 - fmt.bias - fmt.mantBits - 2;
        const emax = 2 ** fmt.expBits - fmt.bias + 1;
        for (let k = 0; k < n; k++) {
          // Half near the format's range (random exponent and 23-bit mantissa), half any f32 bit pattern.
          let v: number;
          if (k % 2 === 0) {
            const e = emin + Math.floor(next() * (emax - emin + 1));
            const m = Math.floor(next() * 2 ** 23);
            v = Math.fround((1 + m / 2 ** 23) * 2 ** e) * (next() < 0.5 ? -1 : 1);
          } else {
            v = f32FromBits(Math.floor(next() * 2 ** 32));
          }
          checkEncode(fmt, v, bad);
        }
        bad.check(`${n} random values`);
      });
    });
  }

  it('rounds doubles to f32 before the format (double rounding is the rule)', () => {
    // 1 + 2^-8 + 2^-30 is above the bf16 midpoint 1 + 2^-8 as a double, but its f32 rounding is the midpoint
    // itself, which ties to even (1).
    const v = 1 + 2 ** -8 + 2 ** -30;
    assert.equal(Math.fround(v), 1 + 2 ** -8);
    assert.equal(encode('bf16', v), 0x3f80);
    assert.equal(refEncode(BF16, v), 0x3f80);
    const w = 1 + 2 ** -11 + 2 ** -40;
    assert.equal(encode('f16', w), 0x3c00);
  });

  it('stores one canonical NaN per format whatever the sign of the NaN (hosts differ in the sign they make)', () => {
    const negNaN = f32FromBits(0xffc00000);
    assert.equal(encode('bf16', negNaN), 0x7fc0);
    assert.equal(encode('bf16', NaN), 0x7fc0);
    assert.equal(encode('f16', negNaN), 0x7e00);
    assert.equal(encode('fp8e4m3', negNaN), 0x7c);
    assert.equal(encode('fp8e4m3fn', negNaN), 0x7f);
    assert.equal(encode('fp8e5m2', negNaN), 0x7e);
    assert.equal(encode('fp4e2m1', negNaN), 0x0, 'fp4e2m1 has no NaN');
    // A signalling f32 NaN still becomes the quiet bf16 NaN, not an infinity.
    assert.equal(encode('bf16', f32FromBits(0x7f800001)), 0x7fc0);
  });

  it('keeps subnormals (no flush to zero)', () => {
    assert.equal(encode('bf16', 2 ** -133), 0x0001);
    assert.equal(encode('f16', 2 ** -24), 0x0001);
    assert.equal(encode('fp8e4m3', 2 ** -9), 0x01);
    assert.equal(encode('fp8e5m2', -(2 ** -16)), 0x81);
    assert.equal(encode('fp8e4m3', 2 ** -10), 0x00, 'half the smallest subnormal ties to zero');
    assert.equal(encode('fp8e4m3', 3 * 2 ** -10), 0x02, '1.5 units ties to 2');
    assert.equal(encode('fp8e4m3', 15 * 2 ** -10), 0x08, 'rounding up out of the subnormals gives the smallest normal');
    assert.equal(encode('fp8e4m3fn', 3 * 2 ** -10), 0x02);
    assert.equal(encode('fp4e2m1', 0.5), 0x1, 'the one subnormal of e2m1');
    assert.equal(encode('fp4e2m1', 0.25), 0x0, 'half of it ties to zero');
    assert.equal(encode('fp4e2m1', 0.75), 0x2, '1.5 units ties to 2: the smallest normal, 1');
  });

  it('saturates the hardware E4M3 at 240 where OCP E4M3FN reaches 448, and keeps its infinities', () => {
    assert.equal(decode('fp8e4m3', encode('fp8e4m3', 247.9)), 240);
    assert.equal(decode('fp8e4m3', encode('fp8e4m3', 248)), 240, 'the overflow tie saturates');
    assert.equal(decode('fp8e4m3', encode('fp8e4m3', -448)), -240);
    assert.equal(encode('fp8e4m3', Infinity), 0x78);
    assert.equal(encode('fp8e4m3', -Infinity), 0xf8);
    assert.equal(decode('fp8e4m3fn', encode('fp8e4m3fn', 448)), 448);
    assert.equal(decode('fp8e4m3fn', encode('fp8e4m3fn', Infinity)), 448);
    // The same byte means different values: OCP's 256 (0x78) is the hardware's infinity.
    assert.equal(decode('fp8e4m3fn', 0x78), 256);
    assert.equal(decode('fp8e4m3', 0x78), Infinity);
  });
});

// ---------------------------------------------------------------------------------------------
// f32

describe('dtypes: f32', () => {
  it('rounds to nearest even and overflows to inf', () => {
    assert.equal(encode('f32', 1 + 2 ** -24), 1);
    assert.equal(encode('f32', 1 + 3 * 2 ** -24), 1 + 2 ** -22);
    assert.equal(encode('f32', 1 + 2 ** -24 + 2 ** -50), 1 + 2 ** -23);
    assert.equal(encode('f32', 3.4028235677973366e38), Infinity, 'max + half ulp ties to inf');
    assert.equal(encode('f32', 3.4028235677973362e38), 3.4028234663852886e38);
    assert.equal(encode('f32', -1e39), -Infinity);
    assert.ok(Number.isNaN(encode('f32', NaN)));
    assert.ok(Object.is(encode('f32', -0), -0));
    assert.equal(encode('f32', 2 ** -149), 2 ** -149);
    assert.equal(encode('f32', 2 ** -150), 0);
    assert.equal(decode('f32', 0.1), 0.1);
    assert.equal(roundTo('f32', 0.1), 0.10000000149011612);
  });
});

// ---------------------------------------------------------------------------------------------
// Integers

interface IntFormat { readonly dtype: DType; readonly min: number; readonly max: number }

const INTS: IntFormat[] = [
  { dtype: 'i32', min: -2147483648, max: 2147483647 },
  { dtype: 'i16', min: -32768, max: 32767 },
  { dtype: 'i8', min: -128, max: 127 },
  { dtype: 'u32', min: 0, max: 4294967295 },
  { dtype: 'u16', min: 0, max: 65535 },
  { dtype: 'u8', min: 0, max: 255 },
];

function refInt(fmt: IntFormat, v: number): number {
  if (Number.isNaN(v)) return 0;
  if (v >= fmt.max) return fmt.max;
  if (v <= fmt.min) return fmt.min;
  const fl = Math.floor(v);
  const frac = v - fl;
  let r: number;
  if (frac < 0.5) r = fl;
  else if (frac > 0.5) r = fl + 1;
  else r = fl % 2 === 0 ? fl : fl + 1;
  return Math.min(fmt.max, Math.max(fmt.min, r)) + 0;   // + 0 turns -0 into 0
}

describe('dtypes: integers', () => {
  it('the reference rounds ties to even', () => {
    const i32 = INTS[0];
    assert.equal(refInt(i32, 0.5), 0);
    assert.equal(refInt(i32, 1.5), 2);
    assert.equal(refInt(i32, -2.5), -2);
    assert.equal(refInt(i32, -1.5), -2);
  });

  for (const fmt of INTS) {
    describe(fmt.dtype, () => {
      it('rounds to nearest with ties to even', () => {
        const cases: [number, number][] = [
          [0.5, 0], [1.5, 2], [2.5, 2], [3.5, 4], [0.49999999999999994, 0], [0.5000000000000001, 1],
          [1.4, 1], [1.6, 2], [126.5, 126], [125.5, 126],
        ];
        if (fmt.min < 0) cases.push([-0.5, 0], [-1.5, -2], [-2.5, -2], [-3.5, -4], [-1.6, -2], [-1.4, -1]);
        for (const [v, want] of cases) assert.ok(Object.is(encode(fmt.dtype, v), want), `${fmt.dtype} ${v} -> ${want}, got ${encode(fmt.dtype, v)}`);
      });

      it('saturates at both ends, and maps NaN to 0 and -0 to 0', () => {
        assert.equal(encode(fmt.dtype, fmt.max), fmt.max);
        assert.equal(encode(fmt.dtype, fmt.max + 0.4), fmt.max);
        assert.equal(encode(fmt.dtype, fmt.max + 0.5), fmt.max);
        assert.equal(encode(fmt.dtype, fmt.max + 1), fmt.max);
        assert.equal(encode(fmt.dtype, 1e300), fmt.max);
        assert.equal(encode(fmt.dtype, Infinity), fmt.max);
        assert.equal(encode(fmt.dtype, fmt.min), fmt.min);
        assert.equal(encode(fmt.dtype, fmt.min - 0.5), fmt.min);
        assert.equal(encode(fmt.dtype, fmt.min - 1), fmt.min);
        assert.equal(encode(fmt.dtype, -1e300), fmt.min);
        assert.equal(encode(fmt.dtype, -Infinity), fmt.min);
        assert.ok(Object.is(encode(fmt.dtype, NaN), 0));
        assert.ok(Object.is(encode(fmt.dtype, -0), 0));
        assert.ok(Object.is(encode(fmt.dtype, -0.3), 0));
        assert.ok(Object.is(roundTo(fmt.dtype, -0.3), 0));
        // Stored values go into the typed array unchanged: encoding never wraps.
        const a = createElementArray(fmt.dtype, 2);
        a[0] = encode(fmt.dtype, fmt.max + 10);
        a[1] = encode(fmt.dtype, fmt.min - 10);
        assert.deepEqual([decode(fmt.dtype, a[0]), decode(fmt.dtype, a[1])], [fmt.max, fmt.min]);
      });

      it('matches the reference on random values, halves included', () => {
        const bad = new Mismatches();
        const next = mulberry32(0x1e7 + fmt.max);
        const span = fmt.max - fmt.min;
        for (let k = 0; k < 50_000; k++) {
          const base = fmt.min - 4 + Math.floor(next() * (span + 9));
          const frac = [0, 0.5, 0.25, 0.75, next()][k % 5];
          const v = base + frac;
          const got = encode(fmt.dtype, v);
          const want = refInt(fmt, v);
          if (!Object.is(got, want)) bad.add(`encode(${fmt.dtype}, ${v}) = ${got}, want ${want}`);
          if (!Object.is(roundTo(fmt.dtype, v), want)) bad.add(`roundTo(${fmt.dtype}, ${v}) differs`);
        }
        bad.check('random ints');
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Bulk forms

const MIXED: number[] = [
  0, -0, 1, -1, 0.5, 1.5, 2.5, -2.5, 0.1, -0.1, 3.14159, 100.5, 255.5, 256, -129, 448, 464, 480, 500, -1000,
  57344, 61440, 65504, 65520, 70000, 1e10, -1e10, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 3.4e38, 1e39, -1e39,
  1e-3, 2 ** -9, 2 ** -10, 2 ** -16, 2 ** -24, 2 ** -133, 1e-45, 1e-300, Infinity, -Infinity, NaN,
];

function mixedValues(): number[] {
  const next = mulberry32(42);
  const values = [...MIXED];
  for (let k = 0; k < 500; k++) values.push((next() - 0.5) * 2 ** Math.floor(next() * 40 - 20));
  return values;
}

describe('dtypes: encodeRange / decodeRange', () => {
  const values = mixedValues();

  for (const d of DTYPES) {
    it(`${d}: agree with encode/decode element by element`, () => {
      const off = 3;
      const n = values.length;
      const stored = createElementArray(d, n + 2 * off);
      encodeRange(d, values, 0, stored, off, n);
      const fromF64 = createElementArray(d, n);
      encodeRange(d, Float64Array.from(values), 0, fromF64, 0, n);
      for (let i = 0; i < n; i++) {
        const want = encode(d, values[i]);
        // The typed array holds the stored number in its own representation (f32 for f32).
        assert.ok(same(stored[off + i], want), `${d} encodeRange[${i}] (${values[i]}) = ${stored[off + i]}, want ${want}`);
        assert.ok(same(fromF64[i], want), `${d} encodeRange from Float64Array [${i}]`);
      }
      assert.equal(stored[0], 0, 'no write before the range');
      assert.equal(stored[n + off], 0, 'no write after the range');

      const out64 = new Float64Array(n + 1).fill(7);
      decodeRange(d, stored, off, out64, 1, n);
      const out32 = new Float32Array(n);
      decodeRange(d, stored, off, out32, 0, n);
      assert.equal(out64[0], 7);
      for (let i = 0; i < n; i++) {
        const want = decode(d, stored[off + i]);
        assert.ok(same(out64[1 + i], want), `${d} decodeRange[${i}] = ${out64[1 + i]}, want ${want}`);
        assert.ok(same(out32[i], Math.fround(want)), `${d} decodeRange to f32 [${i}]`);
      }
    });
  }

  it('handles a source offset and a partial count', () => {
    const dst = createElementArray('bf16', 4);
    encodeRange('bf16', [9, 9, 1, 2, 3, 9], 2, dst, 1, 3);
    assert.deepEqual(Array.from(dst), [0, 0x3f80, 0x4000, 0x4040]);
  });

  it('rejects an element array of the wrong type and ranges out of bounds', () => {
    assert.throws(() => encodeRange('f16', [1], 0, new Float32Array(1), 0, 1), TypeError);
    assert.throws(() => decodeRange('i8', new Uint8Array(1), 0, new Float64Array(1), 0, 1), TypeError);
    assert.throws(() => encodeRange('u8', [1, 2], 0, new Uint8Array(1), 0, 2), RangeError);
    assert.throws(() => encodeRange('u8', [1], 1, new Uint8Array(2), 0, 1), RangeError);
    assert.throws(() => decodeRange('u8', new Uint8Array(2), 0, new Float64Array(2), 1, 2), RangeError);
    assert.throws(() => decodeRange('u8', new Uint8Array(2), -1, new Float64Array(2), 0, 1), RangeError);
  });
});

// ---------------------------------------------------------------------------------------------
// Facts

describe('dtypes: facts', () => {
  it('lists the dtypes and recognises their names', () => {
    assert.deepEqual([...DTYPES], [
      'f32', 'bf16', 'f16', 'fp8e4m3', 'fp8e4m3fn', 'fp8e5m2', 'e8m0', 'fp4e2m1', 'fp8e4m3fn_x4', 'fp8e5m2_x4', 'fp4e2m1_x4',
      'i32', 'i16', 'i8', 'u32', 'u16', 'u8',
    ]);
    for (const d of DTYPES) assert.ok(isDType(d));
    for (const s of ['f64', 'F32', 'fp8', 'int8', '', 'toString', 'constructor']) assert.ok(!isDType(s), s);
  });

  it('dtypeInfo', () => {
    const expected: Record<DType, [number, boolean, boolean, number, number, string | undefined]> = {
      // bytes, isFloat, isSigned, maxFinite, minFinite, NKI name
      f32: [4, true, true, 3.4028234663852886e38, -3.4028234663852886e38, 'float32'],
      bf16: [2, true, true, 3.3895313892515355e38, -3.3895313892515355e38, 'bfloat16'],
      f16: [2, true, true, 65504, -65504, 'float16'],
      fp8e4m3: [1, true, true, 240, -240, 'float8_e4m3'],
      fp8e4m3fn: [1, true, true, 448, -448, 'float8_e4m3fn'],
      fp8e5m2: [1, true, true, 57344, -57344, 'float8_e5m2'],
      e8m0: [1, true, false, 2 ** 127, 2 ** -127, 'float8_e8m0fnu'],
      fp4e2m1: [1, true, true, 6, -6, undefined],
      fp8e4m3fn_x4: [4, false, false, 4294967295, 0, 'float8_e4m3fn_x4'],
      fp8e5m2_x4: [4, false, false, 4294967295, 0, 'float8_e5m2_x4'],
      fp4e2m1_x4: [2, false, false, 65535, 0, 'float4_e2m1fn_x4'],
      i32: [4, false, true, 2147483647, -2147483648, 'int32'],
      i16: [2, false, true, 32767, -32768, 'int16'],
      i8: [1, false, true, 127, -128, 'int8'],
      u32: [4, false, false, 4294967295, 0, 'uint32'],
      u16: [2, false, false, 65535, 0, 'uint16'],
      u8: [1, false, false, 255, 0, 'uint8'],
    };
    const packed: Partial<Record<DType, object>> = {
      fp8e4m3fn_x4: { element: 'fp8e4m3fn', count: 4, bitsEach: 8, container: 'u32' },
      fp8e5m2_x4: { element: 'fp8e5m2', count: 4, bitsEach: 8, container: 'u32' },
      fp4e2m1_x4: { element: 'fp4e2m1', count: 4, bitsEach: 4, container: 'u16' },
    };
    for (const d of DTYPES) {
      const info = dtypeInfo(d);
      const [bytes, isFloat, isSigned, maxFinite, minFinite, nki] = expected[d];
      const { packed: layout, ...rest } = info;
      assert.deepEqual(
        { ...rest },
        { name: d, bytes, isFloat, isInteger: !isFloat, isSigned, maxFinite, minFinite, nki },
        d,
      );
      assert.deepEqual(layout && { ...layout }, packed[d], d);
      // The largest finite value is what the format stores for it, and its own rounding.
      assert.equal(roundTo(d, maxFinite), maxFinite, d);
      assert.equal(roundTo(d, minFinite), minFinite, d);
    }
  });

  it('element arrays have the documented types and byte sizes', () => {
    const ctor: Record<DType, string> = {
      f32: 'Float32Array', bf16: 'Uint16Array', f16: 'Uint16Array', fp8e4m3: 'Uint8Array', fp8e4m3fn: 'Uint8Array', fp8e5m2: 'Uint8Array',
      e8m0: 'Uint8Array', fp4e2m1: 'Uint8Array', fp8e4m3fn_x4: 'Uint32Array', fp8e5m2_x4: 'Uint32Array', fp4e2m1_x4: 'Uint16Array',
      i32: 'Int32Array', i16: 'Int16Array', i8: 'Int8Array', u32: 'Uint32Array', u16: 'Uint16Array', u8: 'Uint8Array',
    };
    const buffer = new ArrayBuffer(64);
    for (const d of DTYPES) {
      const a = createElementArray(d, 5);
      assert.equal(a.constructor.name, ctor[d], d);
      assert.equal(a.length, 5);
      assert.equal(a.BYTES_PER_ELEMENT, dtypeInfo(d).bytes, d);
      const view = elementArrayOn(d, buffer, 8, 3);
      assert.equal(view.constructor.name, ctor[d], d);
      assert.equal(view.buffer, buffer);
      assert.equal(view.byteOffset, 8);
      assert.equal(view.length, 3);
    }
  });
});
