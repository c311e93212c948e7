// The machine's element data types: storage layout, bit-exact rounding on store, exact decode on load.
// Every narrower float format is reached through f32 first: kernels compute in f32, and the rules below say so.
// The formats narrower than f16 are small-floats.ts and e8m0.ts; packed elements are their bits (see packed.ts).
import { getFloat16, f16round } from '@petamoriken/float16';
import { DType } from '../base/dtype';
import { E8M0_VALUES, encodeE8M0 } from './e8m0';
import { E2M1_VALUES, E4M3FN_VALUES, E4M3_VALUES, E5M2_VALUES, encodeE2M1, encodeE4M3, encodeE4M3FN, encodeE5M2 } from './small-floats';

// ---------------------------------------------------------------------------------------------
// Element arrays

/** The typed array that holds elements of this dtype in their own bytes:
 * f32 Float32Array; bf16, f16, u16 Uint16Array (for bf16/f16: the bit patterns); the fp8 types, e8m0, fp4e2m1 and u8
 * Uint8Array (bit patterns; fp4e2m1 one value per byte, in the low nibble); i32 Int32Array; i16 Int16Array; i8
 * Int8Array; u32 Uint32Array; the packed types Uint32Array (fp8 x4) and Uint16Array (fp4 x4), their bits. */
export type ElementArray = Float32Array | Uint16Array | Uint8Array | Int32Array | Int16Array | Int8Array | Uint32Array;

interface ElementArrayConstructor {
  new (length: number): ElementArray;
  new (buffer: ArrayBufferLike, byteOffset: number, length: number): ElementArray;
  readonly name: string;
}

const ELEMENT_ARRAY: Readonly<Record<DType, ElementArrayConstructor>> = {
  f32: Float32Array,
  bf16: Uint16Array,
  f16: Uint16Array,
  fp8e4m3: Uint8Array,
  fp8e4m3fn: Uint8Array,
  fp8e5m2: Uint8Array,
  e8m0: Uint8Array,
  fp4e2m1: Uint8Array,
  fp8e4m3fn_x4: Uint32Array,
  fp8e5m2_x4: Uint32Array,
  fp4e2m1_x4: Uint16Array,
  i32: Int32Array,
  i16: Int16Array,
  i8: Int8Array,
  u32: Uint32Array,
  u16: Uint16Array,
  u8: Uint8Array,
};

export function createElementArray(d: DType, length: number): ElementArray {
  return new ELEMENT_ARRAY[d](length);
}

/**
 * Elements as unsigned integers of their width, on the same bytes. Copies of stored bits go through these three
 * classes only, so that their loops see few array types (seven would make every element access a slow generic one).
 */
export type BitsArray = Uint32Array | Uint16Array | Uint8Array;

export function bitsOf(a: ElementArray): BitsArray {
  if (a instanceof Uint32Array || a instanceof Uint16Array || a instanceof Uint8Array) return a;
  if (a.BYTES_PER_ELEMENT === 4) return new Uint32Array(a.buffer, a.byteOffset, a.length);
  if (a.BYTES_PER_ELEMENT === 2) return new Uint16Array(a.buffer, a.byteOffset, a.length);
  return new Uint8Array(a.buffer, a.byteOffset, a.length);
}

/** The same, viewing an existing buffer (byteOffset aligned as the typed array requires). */
export function elementArrayOn(d: DType, buffer: ArrayBufferLike, byteOffset: number, length: number): ElementArray {
  return new ELEMENT_ARRAY[d](buffer, byteOffset, length);
}

// ---------------------------------------------------------------------------------------------
// Bit-level scratch: one shared f32 slot viewed as its bit pattern.

const scratchF32 = new Float32Array(1);
const scratchU32 = new Uint32Array(scratchF32.buffer);
const F32_BIAS = 127;
const F32_MANT_BITS = 23;
// Adding 2^52 to a double in [0, 2^52) leaves no fraction bits: the FPU rounds it to an integer, ties to even.
const TWO_POW_52 = 4503599627370496;

/**
 * f32: round to nearest, ties to even (Math.fround). Overflow goes to ±inf per IEEE 754. NaN becomes the quiet NaN
 * 0x7FC00000 whatever its sign and payload, as in the other formats: a NaN made by the host (x86 gives inf − inf a
 * negative one) or read from a file must not reach the stored bits.
 */
function encodeF32(v: number): number {
  // The literal NaN is the canonical quiet NaN; storing it into a Float32Array gives 0x7FC00000.
  return v === v ? Math.fround(v) : NaN;
}

/** bf16 (1 sign, 8 exponent, 7 mantissa bits; the top half of an f32): round v to f32, then round the f32
 * bit pattern to its top 16 bits, to nearest with ties to even. Overflow rounds to ±inf as IEEE does;
 * subnormals are kept (no flush to zero); NaN becomes the quiet NaN 0x7FC0 whatever its sign (hosts differ in
 * the sign of the NaN they make, and stored bits must not depend on the host). */
function encodeBf16(v: number): number {
  scratchF32[0] = v;
  const bits = scratchU32[0];
  if (v !== v) return 0x7fc0;
  // Adding 0x7FFF plus the kept LSB carries into bit 16 exactly when RNE rounds up; the carry may ripple
  // into the exponent, which is how rounding reaches the next binade or infinity.
  return ((bits + 0x7fff + ((bits >>> 16) & 1)) >>> 16) & 0xffff;
}

function decodeBf16(stored: number): number {
  scratchU32[0] = stored << 16;
  return scratchF32[0];
}

/** f16 (IEEE binary16): the stored value is the f16 round-to-nearest-even of the f32 rounding of v
 * (for values that are already f32, which is what kernels produce, that is the same as rounding v directly).
 * Overflow goes to ±inf, subnormals are kept, NaN becomes the quiet NaN 0x7E00. */
function encodeF16(v: number): number {
  // Canonical NaN: the host's NaN sign differs between CPUs (x86 makes 0*inf negative), the stored bits must not.
  if (v !== v) return 0x7e00;
  // The library rounds; its setFloat16 would also pack, but costs ~1 us per call, so pack here. Packing an
  // exact f16 value held in an f32 is a plain re-layout of the bit fields, with no rounding decision left.
  scratchF32[0] = roundF16(v);
  const bits = scratchU32[0];
  const sign = (bits >>> 16) & 0x8000;
  const exp = (bits >>> F32_MANT_BITS) & 0xff;
  if (exp === 0xff) return sign | 0x7c00;
  if (exp > F32_BIAS - 15) return sign | ((exp - (F32_BIAS - 15)) << 10) | ((bits >>> 13) & 0x3ff);
  return sign | (Math.abs(scratchF32[0]) * 2 ** 24);   // subnormal or zero: count of 2^-24 units
}

// f16 has only 65,536 patterns; a table makes decode a single load.
const F16_VALUES: Float32Array = buildF16Table();

function buildF16Table(): Float32Array {
  const table = new Float32Array(0x10000);
  const view = new DataView(new ArrayBuffer(2));
  for (let bits = 0; bits < 0x10000; bits++) {
    view.setUint16(0, bits, true);
    table[bits] = getFloat16(view, 0, true);
  }
  return table;
}

function decodeF16(stored: number): number {
  return F16_VALUES[stored & 0xffff];
}

function roundF16(v: number): number {
  return f16round(Math.fround(v));
}

// ---------------------------------------------------------------------------------------------
// Integers

/** Integers (i32 i16 i8 u32 u16 u8): round to nearest with ties to even, then saturate to the type's range;
 * NaN becomes 0, +inf the max, -inf the min, -0 becomes 0. A packed element stores a value as its bits, an unsigned
 * integer of its width, by the same rule (the checker lets only bits reach it: a copy of its own type or of u32/u16). */
function encodeInt(v: number, min: number, max: number): number {
  // The bounds are integers, so saturating before rounding gives the same result, and leaves |v| < 2^32
  // for the rounding below. The negated comparison also catches NaN.
  if (!(v > min)) return v <= min ? min : 0;
  if (v >= max) return max;
  // Round by the 2^52 trick (symmetrically, so ties go to even on both sides); `+ 0` turns -0 into 0.
  return (v >= 0 ? (v + TWO_POW_52) - TWO_POW_52 : -((TWO_POW_52 - v) - TWO_POW_52)) + 0;
}

const I32_MIN = -0x80000000, I32_MAX = 0x7fffffff;
const I16_MIN = -0x8000, I16_MAX = 0x7fff;
const I8_MIN = -0x80, I8_MAX = 0x7f;
const U32_MAX = 0xffffffff, U16_MAX = 0xffff, U8_MAX = 0xff;

// ---------------------------------------------------------------------------------------------
// Scalar API

/** The number to store in the element array for value v (a JS number), rounded as the dtype requires. */
export function encode(d: DType, v: number): number {
  switch (d) {
    case 'f32': return encodeF32(v);
    case 'bf16': return encodeBf16(v);
    case 'f16': return encodeF16(v);
    case 'fp8e4m3': return encodeE4M3(v);
    case 'fp8e4m3fn': return encodeE4M3FN(v);
    case 'fp8e5m2': return encodeE5M2(v);
    case 'e8m0': return encodeE8M0(v);
    case 'fp4e2m1': return encodeE2M1(v);
    case 'fp8e4m3fn_x4': case 'fp8e5m2_x4': return encodeInt(v, 0, U32_MAX);
    case 'fp4e2m1_x4': return encodeInt(v, 0, U16_MAX);
    case 'i32': return encodeInt(v, I32_MIN, I32_MAX);
    case 'i16': return encodeInt(v, I16_MIN, I16_MAX);
    case 'i8': return encodeInt(v, I8_MIN, I8_MAX);
    case 'u32': return encodeInt(v, 0, U32_MAX);
    case 'u16': return encodeInt(v, 0, U16_MAX);
    case 'u8': return encodeInt(v, 0, U8_MAX);
  }
}

/** The value (a JS number) that a stored element represents. Exact for every bit pattern; NaN patterns give NaN.
 * A packed element's value is its bits. */
export function decode(d: DType, stored: number): number {
  switch (d) {
    case 'bf16': return decodeBf16(stored);
    case 'f16': return decodeF16(stored);
    case 'fp8e4m3': return E4M3_VALUES[stored & 0xff];
    case 'fp8e4m3fn': return E4M3FN_VALUES[stored & 0xff];
    case 'fp8e5m2': return E5M2_VALUES[stored & 0xff];
    case 'e8m0': return E8M0_VALUES[stored & 0xff];
    case 'fp4e2m1': return E2M1_VALUES[stored & 0xf];
    default: return stored;
  }
}

/** decode(d, encode(d, v)) but faster where possible. */
export function roundTo(d: DType, v: number): number {
  switch (d) {
    case 'f32': return Math.fround(v);
    case 'bf16': return decodeBf16(encodeBf16(v));
    case 'f16': return roundF16(v);
    case 'fp8e4m3': return E4M3_VALUES[encodeE4M3(v)];
    case 'fp8e4m3fn': return E4M3FN_VALUES[encodeE4M3FN(v)];
    case 'fp8e5m2': return E5M2_VALUES[encodeE5M2(v)];
    case 'e8m0': return E8M0_VALUES[encodeE8M0(v)];
    case 'fp4e2m1': return E2M1_VALUES[encodeE2M1(v)];
    default: return encode(d, v);
  }
}

// ---------------------------------------------------------------------------------------------
// Bulk API: one dispatch per call, then a loop specialised to the dtype. Each loop is its own function
// (not a shared closure) so that V8 keeps separate, monomorphic type feedback per dtype.

type RangeEncoder = (src: ArrayLike<number>, s: number, dst: ElementArray, t: number, n: number) => void;
type RangeDecoder = (src: ElementArray, s: number, dst: Float64Array | Float32Array, t: number, n: number) => void;

const RANGE_ENCODERS: Readonly<Record<DType, RangeEncoder>> = {
  // Stores into a Float32Array round to nearest even, exactly as Math.fround; NaN is made canonical (encodeF32).
  f32: (src, s, dst, t, n) => {
    for (let i = 0; i < n; i++) {
      const x = src[s + i];
      dst[t + i] = x === x ? x : NaN;
    }
  },
  bf16: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeBf16(src[s + i]); },
  f16: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeF16(src[s + i]); },
  fp8e4m3: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeE4M3(src[s + i]); },
  fp8e4m3fn: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeE4M3FN(src[s + i]); },
  fp8e5m2: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeE5M2(src[s + i]); },
  e8m0: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeE8M0(src[s + i]); },
  fp4e2m1: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeE2M1(src[s + i]); },
  fp8e4m3fn_x4: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U32_MAX); },
  fp8e5m2_x4: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U32_MAX); },
  fp4e2m1_x4: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U16_MAX); },
  i32: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], I32_MIN, I32_MAX); },
  i16: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], I16_MIN, I16_MAX); },
  i8: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], I8_MIN, I8_MAX); },
  u32: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U32_MAX); },
  u16: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U16_MAX); },
  u8: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = encodeInt(src[s + i], 0, U8_MAX); },
};

/** bf16 bits as the high halves of f32 bits, all first, then one native copy converts them (as decodeBf16 does each). */
let bf16Bits = new Uint32Array(1024);
let bf16Floats = new Float32Array(bf16Bits.buffer);

function decodeBf16Range(src: ElementArray, s: number, dst: Float64Array | Float32Array, t: number, n: number): void {
  if (bf16Bits.length < n) {
    bf16Bits = new Uint32Array(n);
    bf16Floats = new Float32Array(bf16Bits.buffer);
  }
  const bits = bf16Bits;
  for (let i = 0; i < n; i++) bits[i] = src[s + i] << 16;
  dst.set(bf16Floats.subarray(0, n), t);
}

// Stored values that are already numbers: a typed-array copy converts them natively.
const copyDecoder: RangeDecoder = (src, s, dst, t, n) => { dst.set(src.subarray(s, s + n), t); };

const RANGE_DECODERS: Readonly<Record<DType, RangeDecoder>> = {
  f32: copyDecoder,
  bf16: decodeBf16Range,
  f16: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = F16_VALUES[src[s + i] & 0xffff]; },
  fp8e4m3: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = E4M3_VALUES[src[s + i] & 0xff]; },
  fp8e4m3fn: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = E4M3FN_VALUES[src[s + i] & 0xff]; },
  fp8e5m2: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = E5M2_VALUES[src[s + i] & 0xff]; },
  e8m0: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = E8M0_VALUES[src[s + i] & 0xff]; },
  fp4e2m1: (src, s, dst, t, n) => { for (let i = 0; i < n; i++) dst[t + i] = E2M1_VALUES[src[s + i] & 0xf]; },
  fp8e4m3fn_x4: copyDecoder,
  fp8e5m2_x4: copyDecoder,
  fp4e2m1_x4: copyDecoder,
  i32: copyDecoder,
  i16: copyDecoder,
  i8: copyDecoder,
  u32: copyDecoder,
  u16: copyDecoder,
  u8: copyDecoder,
};

// A typed array silently drops out-of-bounds writes and wraps wrong-typed values, so a kernel bug would
// corrupt data quietly; check once per call instead.
function checkRange(what: string, length: number, start: number, count: number): void {
  if (!(Number.isInteger(start) && Number.isInteger(count) && start >= 0 && count >= 0 && start + count <= length)) {
    throw new RangeError(`${what}: range [${start}, ${start + count}) is outside 0..${length}`);
  }
}

function checkElementArray(d: DType, a: ElementArray): void {
  if (!(a instanceof ELEMENT_ARRAY[d])) {
    throw new TypeError(`element array for ${d} must be a ${ELEMENT_ARRAY[d].name}, got ${a.constructor.name}`);
  }
}

/** The float dtypes stored in 8 or 16 bits, whose every pattern's value fits a table. */
const TABLED: ReadonlySet<DType> = new Set<DType>(['bf16', 'f16', 'fp8e4m3', 'fp8e4m3fn', 'fp8e5m2', 'e8m0', 'fp4e2m1']);
const decodeTables = new Map<DType, Float64Array>();

/**
 * decode(d, bits) of every pattern its element array holds, made when first asked for: what loops that decode one
 * element at a time among other work read (a shadow run's); undefined for f32 (its elements are their values) and
 * the dtypes that are not floats.
 */
export function decodeTable(d: DType): Float64Array | undefined {
  const made = decodeTables.get(d);
  if (made || !TABLED.has(d)) return made;
  const table = new Float64Array(2 ** (createElementArray(d, 0).BYTES_PER_ELEMENT * 8));
  for (let i = 0; i < table.length; i++) table[i] = decode(d, i);
  decodeTables.set(d, table);
  return table;
}

/**
 * Decode `rows` runs of `cols` elements of `src` (row r from srcStart + r·rowStride) into `dst` one after the other,
 * as decodeRange does each: a strided plane checked and dispatched once.
 */
export function decodeRows(d: DType, src: ElementArray, srcStart: number, rowStride: number, rows: number, cols: number, dst: Float64Array | Float32Array): void {
  checkElementArray(d, src);
  if (rows === 0 || cols === 0) return;
  checkRange('decodeRows first row', src.length, srcStart, cols);
  checkRange('decodeRows last row', src.length, srcStart + (rows - 1) * rowStride, cols);
  checkRange('decodeRows destination', dst.length, 0, rows * cols);
  const decoder = RANGE_DECODERS[d];
  for (let r = 0; r < rows; r++) decoder(src, srcStart + r * rowStride, dst, r * cols, cols);
}

/**
 * Decode `rows` runs of `cols` elements of `src` (row r from start + r·rowStride) into `dst` at the same indices, as
 * decodeRange of each row does, checked once for them all (a shadow's values from its tensor's elements).
 */
export function decodeRowsInPlace(d: DType, src: ElementArray, start: number, rowStride: number, rows: number, cols: number, dst: Float64Array): void {
  checkElementArray(d, src);
  if (rows === 0 || cols === 0) return;
  const last = start + (rows - 1) * rowStride;
  checkRange('decodeRowsInPlace first row', Math.min(src.length, dst.length), start, cols);
  checkRange('decodeRowsInPlace last row', Math.min(src.length, dst.length), last, cols);
  const decoder = RANGE_DECODERS[d];
  for (let r = 0, from = start; r < rows; r++, from += rowStride) decoder(src, from, dst, from, cols);
}

/** Write `count` values from `src` (starting at srcStart) into `dst` (an element array of dtype d) at dstStart,
 * rounding each as encode(d, ·) does. */
export function encodeRange(d: DType, src: ArrayLike<number>, srcStart: number, dst: ElementArray, dstStart: number, count: number): void {
  checkElementArray(d, dst);
  checkRange('encodeRange source', src.length, srcStart, count);
  checkRange('encodeRange destination', dst.length, dstStart, count);
  RANGE_ENCODERS[d](src, srcStart, dst, dstStart, count);
}

/** Decode `count` elements of `src` (an element array of dtype d, from srcStart) into `dst` at dstStart,
 * as decode(d, ·) does; a Float32Array destination then rounds each value to f32. */
export function decodeRange(d: DType, src: ElementArray, srcStart: number, dst: Float64Array | Float32Array, dstStart: number, count: number): void {
  checkElementArray(d, src);
  checkRange('decodeRange source', src.length, srcStart, count);
  checkRange('decodeRange destination', dst.length, dstStart, count);
  RANGE_DECODERS[d](src, srcStart, dst, dstStart, count);
}
