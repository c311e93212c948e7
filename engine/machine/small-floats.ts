/**
 * The float formats narrower than f16 with a sign, an exponent and a mantissa: fp8e4m3 (the hardware's E4M3),
 * fp8e4m3fn (OCP E4M3FN), fp8e5m2 and fp4e2m1 (OCP E2M1). One rounding routine on the f32 bit pattern serves them
 * all, parameterised by their layout; decoding is a table per format. docs/bir-language.md gives the sources.
 */

const scratchF32 = new Float32Array(1);
const scratchU32 = new Uint32Array(scratchF32.buffer);
const F32_BIAS = 127;
const F32_MANT_BITS = 23;
// Adding 2^52 to a double in [0, 2^52) leaves no fraction bits: the FPU rounds it to an integer, ties to even.
const TWO_POW_52 = 4503599627370496;

/**
 * The magnitude code (exponent and mantissa, no sign) of |f|, f being the f32 in the scratch slot, rounded to nearest
 * with ties to even, including the format's subnormals; codes above maxCode clamp to it (saturation).
 */
function magnitude(mantBits: number, bias: number, maxCode: number): number {
  const absBits = scratchU32[0] & 0x7fffffff;
  let code: number;
  if ((absBits >>> F32_MANT_BITS) >= F32_BIAS + 1 - bias) {
    // Normal range: drop the low mantissa bits with RNE; the carry may ripple into the exponent. Then rebias.
    const shift = F32_MANT_BITS - mantBits;
    const rounded = absBits + ((1 << (shift - 1)) - 1) + ((absBits >>> shift) & 1);
    code = (rounded >>> shift) - ((F32_BIAS - bias) << mantBits);
  } else {
    // Below the smallest normal: count in units of the smallest subnormal (exact, a power-of-two scaling)
    // and round that to an integer by the 2^52 trick. A result of 2^mantBits is the
    // smallest normal's code, so rounding up across the boundary needs no special case.
    const units = Math.abs(scratchF32[0]) * 2 ** (bias - 1 + mantBits);
    code = (units + TWO_POW_52) - TWO_POW_52;
  }
  return code > maxCode ? maxCode : code;
}

/** The sign of the f32 in the scratch slot, at bit `at` of the format. */
function signBit(at: number): number {
  return (scratchU32[0] >>> (31 - at)) & (1 << at);
}

function isInfinite(v: number): boolean {
  return v === Infinity || v === -Infinity;
}

/**
 * fp8e4m3, the hardware's E4M3 (NKI float8_e4m3): bias 7, IEEE-like, exponent 1111 is ±inf (mantissa 000) or NaN,
 * max finite 240, min subnormal 2^-9. Round v to f32, then to nearest with ties to even including subnormals; a finite
 * value whose rounding exceeds 240 saturates to ±240 (also beyond the f32 range), as fp8e5m2 does; ±inf stay ±inf.
 * NaN becomes the quiet NaN 0x7C whatever its sign. -0 keeps its sign (0x80).
 */
export function encodeE4M3(v: number): number {
  if (v !== v) return 0x7c;
  scratchF32[0] = v;
  return signBit(7) | (isInfinite(v) ? 0x78 : magnitude(3, 7, 0x77));
}

/**
 * fp8e4m3fn (OCP E4M3FN, NKI float8_e4m3fn: bias 7, no infinities, NaN only S.1111.111, max finite 448, min
 * subnormal 2^-9): round v to f32, then to nearest with ties to even including subnormals. A value whose rounding
 * exceeds 448 in magnitude saturates to ±448, and ±inf saturate to ±448 too. NaN becomes 0x7F whatever its sign
 * (the host's NaN sign is not portable). -0 keeps its sign (0x80).
 */
export function encodeE4M3FN(v: number): number {
  if (v !== v) return 0x7f;
  scratchF32[0] = v;
  return signBit(7) | magnitude(3, 7, 0x7e);
}

/**
 * fp8e5m2 (bias 15, IEEE-like with infinities 0x7C/0xFC, max finite 57344, min subnormal 2^-16): round v to f32,
 * then to nearest with ties to even including subnormals. A finite v whose rounding exceeds 57344 in magnitude
 * saturates to ±57344 (the hardware's saturating convert) - also when v is finite but beyond the f32 range; ±inf
 * stay ±inf. NaN becomes the quiet NaN 0x7E whatever its sign. -0 keeps its sign (0x80).
 */
export function encodeE5M2(v: number): number {
  if (v !== v) return 0x7e;
  scratchF32[0] = v;
  return signBit(7) | (isInfinite(v) ? 0x7c : magnitude(2, 15, 0x7b));
}

/**
 * fp4e2m1 (OCP MX E2M1: 1 sign, 2 exponent, 1 mantissa bits, bias 1; ±{0, 0.5, 1, 1.5, 2, 3, 4, 6}, no infinity and
 * no NaN): round v to f32, then to nearest with ties to even including the subnormal 0.5. Beyond ±6, and ±inf,
 * saturate to ±6. The format has no NaN: NaN stores +0, as the integers do. -0 keeps its sign (0x8). The code is
 * the low nibble; the high nibble of its byte is 0.
 */
export function encodeE2M1(v: number): number {
  if (v !== v) return 0;
  scratchF32[0] = v;
  return signBit(3) | magnitude(1, 1, 0x7);
}

/** What the top exponent means: IEEE (inf and NaNs), FN (only all ones is NaN), or nothing special. */
type Specials = 'ieee' | 'fn' | 'none';

function buildTable(expBits: number, mantBits: number, bias: number, specials: Specials): Float64Array {
  const width = 1 + expBits + mantBits;
  const table = new Float64Array(1 << width);
  const expMax = (1 << expBits) - 1;
  const mantMask = (1 << mantBits) - 1;
  for (let bits = 0; bits < table.length; bits++) {
    const sign = bits >>> (width - 1) ? -1 : 1;
    const exp = (bits >>> mantBits) & expMax;
    const mant = bits & mantMask;
    let value: number;
    if (exp === 0) value = mant * 2 ** (1 - bias - mantBits);
    else if (exp === expMax && specials === 'ieee') value = mant === 0 ? Infinity : NaN;
    else if (exp === expMax && mant === mantMask && specials === 'fn') value = NaN;
    else value = (1 + mant / (1 << mantBits)) * 2 ** (exp - bias);
    table[bits] = sign * value;
  }
  return table;
}

/** The value of every pattern, by pattern: decoding is one load. */
export const E4M3_VALUES = buildTable(4, 3, 7, 'ieee');
export const E4M3FN_VALUES = buildTable(4, 3, 7, 'fn');
export const E5M2_VALUES = buildTable(5, 2, 15, 'ieee');
export const E2M1_VALUES = buildTable(2, 1, 1, 'none');
