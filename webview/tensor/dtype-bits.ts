/**
 * The bits of an element in its dtype, as the tensor view's hover shows them: hex, then sign, exponent and mantissa
 * for the floats, the exponent of an e8m0 scale, and for a packed element its bits with each value it holds. The view
 * receives values, each exact in an f64 (a packed element's value is its bits), so the bits are made again from them.
 */
import { exactText } from './format';

type Specials = 'ieee' | 'fn' | 'none';

interface SmallFloat {
  readonly exponent: number;
  readonly mantissa: number;
  /** ieee: the top exponent is inf and NaN; fn: only all ones is NaN (E4M3FN); none: neither (E2M1). */
  readonly specials: Specials;
}

const SMALL_FLOATS: Readonly<Record<string, SmallFloat>> = {
  f16: { exponent: 5, mantissa: 10, specials: 'ieee' },
  fp8e4m3: { exponent: 4, mantissa: 3, specials: 'ieee' },
  fp8e4m3fn: { exponent: 4, mantissa: 3, specials: 'fn' },
  fp8e5m2: { exponent: 5, mantissa: 2, specials: 'ieee' },
  fp4e2m1: { exponent: 2, mantissa: 1, specials: 'none' },
};

/** The packed types: four values of `element` in each element, the first in the lowest bits. */
const PACKED: Readonly<Record<string, { readonly element: string; readonly bitsEach: number }>> = {
  fp8e4m3fn_x4: { element: 'fp8e4m3fn', bitsEach: 8 },
  fp8e5m2_x4: { element: 'fp8e5m2', bitsEach: 8 },
  fp4e2m1_x4: { element: 'fp4e2m1', bitsEach: 4 },
};

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);
const f64 = new Float64Array(1);
const u64 = new Uint32Array(f64.buffer);

/** The bits of an element in its dtype: hex, then sign, exponent and mantissa for floats. */
export function dtypeBits(x: number, dtype: string): string {
  const small = SMALL_FLOATS[dtype];
  if (small) return floatFields(encodeExact(x, small.exponent, small.mantissa, small.specials), 1 + small.exponent + small.mantissa, small.exponent, small.mantissa);
  const packed = PACKED[dtype];
  if (packed) return packedBits(x >>> 0, packed.element, packed.bitsEach);
  switch (dtype) {
    case 'f32': {
      f32[0] = x;
      return floatFields(u32[0], 32, 8, 23);
    }
    case 'bf16': {
      f32[0] = x;
      return floatFields(u32[0] >>> 16, 16, 8, 7);
    }
    case 'e8m0': return e8m0Bits(x);
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

/** An e8m0 scale is an exponent alone: code c is 2^(c - 127), 0xFF is NaN. */
function e8m0Bits(x: number): string {
  if (x !== x) return '0xff (NaN)';
  const code = Math.log2(x) + 127;
  return `${hex(code, 2)} (exponent ${code.toString(2).padStart(8, '0')}: 2^${code - 127})`;
}

function packedBits(bits: number, element: string, bitsEach: number): string {
  const layout = SMALL_FLOATS[element];
  const values = [0, 1, 2, 3].map((i) => {
    const b = Math.floor(bits / 2 ** (i * bitsEach)) % 2 ** bitsEach;
    return `${exactText(decodeExact(b, layout.exponent, layout.mantissa, layout.specials), 'f64')} (${hex(b, bitsEach / 4)})`;
  });
  // Four values of bitsEach bits each: 4 * bitsEach bits, bitsEach hex digits.
  return `${hex(bits, bitsEach)}: four ${element}, the first in the lowest bits: ${values.join(', ')}`;
}

/**
 * The bit pattern of a value the format represents exactly (the view's values come from memory of that dtype).
 * ieee: all-ones exponent for inf and NaN; fn (fp8e4m3fn): no infinities, one NaN (S.1111.111); none (fp4e2m1):
 * no infinity and no NaN.
 */
export function encodeExact(x: number, exponent: number, mantissa: number, specials: Specials): number {
  const bias = (1 << (exponent - 1)) - 1;
  const top = (1 << exponent) - 1;
  const signBit = 1 << (exponent + mantissa);
  if (x !== x) return specials === 'ieee' ? (top << mantissa) | (1 << (mantissa - 1)) : specials === 'fn' ? (top << mantissa) | ((1 << mantissa) - 1) : 0;
  const sign = x < 0 || Object.is(x, -0) ? signBit : 0;
  const a = Math.abs(x);
  if (a === Infinity) return sign | (top << mantissa);
  if (a === 0) return sign;
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  if (e < 1 - bias) return sign | Math.round(a / 2 ** (1 - bias - mantissa));
  return sign | ((e + bias) << mantissa) | Math.round((a / 2 ** e - 1) * 2 ** mantissa);
}

/** The value of a bit pattern of such a format. */
export function decodeExact(bits: number, exponent: number, mantissa: number, specials: Specials): number {
  const bias = (1 << (exponent - 1)) - 1;
  const top = (1 << exponent) - 1;
  const sign = bits >>> (exponent + mantissa) ? -1 : 1;
  const e = (bits >>> mantissa) & top;
  const m = bits & ((1 << mantissa) - 1);
  if (e === top && specials === 'ieee') return m === 0 ? sign * Infinity : NaN;
  if (e === top && specials === 'fn' && m === (1 << mantissa) - 1) return NaN;
  if (e === 0) return sign * m * 2 ** (1 - bias - mantissa);
  return sign * (1 + m / 2 ** mantissa) * 2 ** (e - bias);
}
