/**
 * e8m0, the scale of the OCP Microscaling (MX) formats (NKI float8_e8m0fnu): 8 exponent bits, no sign, no mantissa.
 * Code c < 255 is 2^(c - 127), so 2^-127 to 2^127; 255 is NaN; there is no zero and no infinity.
 */

const scratchF32 = new Float32Array(1);
const scratchU32 = new Uint32Array(scratchF32.buffer);
const SMALLEST = 2 ** -127;
const NAN_CODE = 0xff;
const MAX_CODE = 0xfe;
/** The f32 pattern of 1.5 * 2^-127 (an f32 subnormal): the midpoint between codes 0 and 1. */
const FIRST_MIDPOINT_BITS = 0x00600000;

/**
 * Round v to f32, then to the nearest power of two of the format, ties (1.5 * 2^k) to the even code. The format's
 * range saturates at both ends: a value above 2^127 (and +inf) stores 2^127; zero, negative values (the format has
 * no sign, 2^-127 is their nearest value) and -inf store 2^-127, which is also what NKI's quantize_mx gives an
 * all-zero group. NaN stores 0xFF.
 */
export function encodeE8M0(v: number): number {
  if (v !== v) return NAN_CODE;
  if (!(v > SMALLEST)) return 0;
  scratchF32[0] = v;
  const bits = scratchU32[0];
  // Below 2^-126 the f32 is subnormal and its exponent field says nothing: compare with the midpoint instead.
  if (bits < 0x00800000) return bits > FIRST_MIDPOINT_BITS ? 1 : 0;
  // The f32 exponent field is the code (the same bias); rounding the 23 mantissa bits away with ties to even may
  // carry into it, and +inf gives 255, which saturates.
  const code = (bits + 0x3fffff + ((bits >>> 23) & 1)) >>> 23;
  return code > MAX_CODE ? MAX_CODE : code;
}

function buildTable(): Float64Array {
  const table = new Float64Array(256);
  for (let code = 0; code < 256; code++) table[code] = code === NAN_CODE ? NaN : 2 ** (code - 127);
  return table;
}

export const E8M0_VALUES = buildTable();
