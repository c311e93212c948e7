// Element formats to f32 and back, bit for bit as engine/machine/dtypes.ts rounds them: round to nearest with
// ties to even, subnormals kept, fp8 saturation, canonical NaN. The values encoded here are f32 already (every
// kernel result is), so the "round to f32 first" step of dtypes.ts has nothing left to do.
//
// Buffers hold whole vectors: the host pads every buffer to 16 elements, so loops run past n into the padding.
import { Format } from './codes';

const CANONICAL_NAN: i32 = 0x7fc00000;

// ---------------------------------------------------------------------------------------------
// Decoding: exact, every pattern of the format is an f32 value.

export function decode(format: Format, src: usize, dst: usize, n: i32): void {
  switch (format) {
    case Format.F32: memory.copy(dst, src, <usize>n << 2); break;
    case Format.BF16: decodeBf16(src, dst, n); break;
    case Format.F16: decodeF16(src, dst, n); break;
    case Format.FP8E4M3: decodeE4M3(src, dst, n); break;
    case Format.FP8E4M3FN: decodeE4M3FN(src, dst, n); break;
    case Format.FP8E5M2: decodeE5M2(src, dst, n); break;
  }
}

/** bf16 is the top half of an f32. */
function decodeBf16(src: usize, dst: usize, n: i32): void {
  for (let i = 0; i < n; i += 4) {
    v128.store(dst + (<usize>i << 2), i32x4.shl(v128.load16x4_u(src + (<usize>i << 1)), 16));
  }
}

function decodeF16(src: usize, dst: usize, n: i32): void {
  for (let i = 0; i < n; i += 4) {
    v128.store(dst + (<usize>i << 2), f16ToF32(v128.load16x4_u(src + (<usize>i << 1))));
  }
}

/** e5m2 is the top byte of an f16. */
function decodeE5M2(src: usize, dst: usize, n: i32): void {
  for (let i = 0; i < n; i += 4) {
    v128.store(dst + (<usize>i << 2), f16ToF32(i32x4.shl(bytes4(src + <usize>i), 8)));
  }
}

function decodeE4M3FN(src: usize, dst: usize, n: i32): void {
  for (let i = 0; i < n; i += 4) {
    const b = bytes4(src + <usize>i);
    const magnitude = v128.and(b, i32x4.splat(0x7f));
    // Exponent and mantissa moved to the f32's fields read 2^-120 times the value, subnormals included (they
    // become f32 subnormals); multiplying by 2^120 is exact. 0x7F is e4m3fn's only NaN (it has no infinity).
    const value = f32x4.mul(i32x4.shl(magnitude, 20), f32x4.splat(pow2(120)));
    const nan = i32x4.eq(magnitude, i32x4.splat(0x7f));
    const sign = i32x4.shl(v128.and(b, i32x4.splat(0x80)), 24);
    v128.store(dst + (<usize>i << 2), v128.or(v128.bitselect(i32x4.splat(CANONICAL_NAN), value, nan), sign));
  }
}

/** The hardware's e4m3: as e4m3fn for finite patterns, but exponent 1111 is inf (mantissa 000) or NaN, as in f16. */
function decodeE4M3(src: usize, dst: usize, n: i32): void {
  for (let i = 0; i < n; i += 4) {
    const b = bytes4(src + <usize>i);
    const magnitude = v128.and(b, i32x4.splat(0x7f));
    const shifted = i32x4.shl(magnitude, 20);
    const finite = f32x4.mul(shifted, f32x4.splat(pow2(120)));
    // The mantissa kept under an all-ones f32 exponent: zero is an infinity, anything else a NaN.
    const special = v128.or(shifted, i32x4.splat(0x7f800000));
    const isSpecial = i32x4.ge_u(magnitude, i32x4.splat(0x78));
    const sign = i32x4.shl(v128.and(b, i32x4.splat(0x80)), 24);
    v128.store(dst + (<usize>i << 2), v128.or(v128.bitselect(special, finite, isSpecial), sign));
  }
}

/** Four bytes, zero-extended to the lanes of an i32x4. */
// @ts-ignore: decorator
@inline function bytes4(p: usize): v128 {
  return i32x4.extend_low_i16x8_u(i16x8.extend_low_i8x16_u(v128.load32_zero(p)));
}

/** f16 bit patterns (one per i32 lane) to f32 values. */
// @ts-ignore: decorator
@inline function f16ToF32(h: v128): v128 {
  const magnitude = v128.and(h, i32x4.splat(0x7fff));
  const shifted = i32x4.shl(magnitude, 13);
  // As for e4m3: the fields in place read 2^-112 times the value, normal or subnormal; 2^112 rescales exactly.
  const finite = f32x4.mul(shifted, f32x4.splat(pow2(112)));
  const special = v128.or(shifted, i32x4.splat(0x7f800000));
  const isSpecial = i32x4.ge_u(magnitude, i32x4.splat(0x7c00));
  const sign = i32x4.shl(v128.and(h, i32x4.splat(0x8000)), 16);
  return v128.or(v128.bitselect(special, finite, isSpecial), sign);
}

// ---------------------------------------------------------------------------------------------
// Encoding

export function encode(format: Format, src: usize, dst: usize, n: i32): void {
  switch (format) {
    case Format.F32: encodeF32(src, dst, n); break;
    case Format.BF16: encodeHalves(Format.BF16, src, dst, n); break;
    case Format.F16: encodeHalves(Format.F16, src, dst, n); break;
    case Format.FP8E4M3: encodeBytes(Format.FP8E4M3, src, dst, n); break;
    case Format.FP8E4M3FN: encodeBytes(Format.FP8E4M3FN, src, dst, n); break;
    case Format.FP8E5M2: encodeBytes(Format.FP8E5M2, src, dst, n); break;
  }
}

/** f32 keeps its value; any NaN becomes 0x7FC00000 (its sign and payload depend on the host that made it). */
function encodeF32(src: usize, dst: usize, n: i32): void {
  for (let i = 0; i < n; i += 4) {
    const x = v128.load(src + (<usize>i << 2));
    v128.store(dst + (<usize>i << 2), v128.bitselect(i32x4.splat(CANONICAL_NAN), x, f32x4.ne(x, x)));
  }
}

/** Eight values a step into 16-bit patterns. */
// @ts-ignore: decorator
@inline function encodeHalves(format: Format, src: usize, dst: usize, n: i32): void {
  for (let i = 0; i < n; i += 8) {
    const p = src + (<usize>i << 2);
    const lo = format === Format.BF16 ? toBf16(v128.load(p)) : toF16(v128.load(p));
    const hi = format === Format.BF16 ? toBf16(v128.load(p, 16)) : toF16(v128.load(p, 16));
    // Every lane holds 0..0xFFFF, which the saturating narrow keeps as it is.
    v128.store(dst + (<usize>i << 1), i16x8.narrow_i32x4_u(lo, hi));
  }
}

/** Sixteen values a step into 8-bit patterns. */
// @ts-ignore: decorator
@inline function encodeBytes(format: Format, src: usize, dst: usize, n: i32): void {
  for (let i = 0; i < n; i += 16) {
    const p = src + (<usize>i << 2);
    const a = toFp8(format, v128.load(p));
    const b = toFp8(format, v128.load(p, 16));
    const c = toFp8(format, v128.load(p, 32));
    const d = toFp8(format, v128.load(p, 48));
    v128.store(dst + <usize>i, i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(a, b), i16x8.narrow_i32x4_u(c, d)));
  }
}

/** 2^e as an f32 (e a constant of a normal exponent), made from its fields so that it is exact. */
// @ts-ignore: decorator
@inline function pow2(e: i32): f32 {
  return reinterpret<f32>((127 + e) << 23);
}

// @ts-ignore: decorator
@inline function isNaN4(x: v128): v128 {
  return f32x4.ne(x, x);
}

/** Adding 0x7FFF plus the kept LSB carries into bit 16 exactly when rounding to nearest even goes up. */
// @ts-ignore: decorator
@inline function toBf16(x: v128): v128 {
  const lsb = v128.and(i32x4.shr_u(x, 16), i32x4.splat(1));
  const rounded = i32x4.shr_u(i32x4.add(i32x4.add(x, i32x4.splat(0x7fff)), lsb), 16);
  return v128.bitselect(i32x4.splat(0x7fc0), rounded, isNaN4(x));
}

/** f16: normal results by rounding the f32 pattern, subnormal ones by counting units of 2^-24; 65520 and above overflow. */
// @ts-ignore: decorator
@inline function toF16(x: v128): v128 {
  const sign = v128.and(i32x4.shr_u(x, 16), i32x4.splat(0x8000));
  const abs = v128.and(x, i32x4.splat(0x7fffffff));
  const lsb = v128.and(i32x4.shr_u(abs, 13), i32x4.splat(1));
  const rounded = i32x4.add(i32x4.add(abs, i32x4.splat(0xfff)), lsb);
  // Rebias the exponent from 127 to 15 before the shift; a carry out of the mantissa reaches the next binade.
  const normal = i32x4.shr_u(i32x4.sub(rounded, i32x4.splat(112 << 23)), 13);
  // Below 2^-14: |x| + 0.5 rounds |x| to a multiple of 2^-24 (the ulp of 0.5), ties to even.
  const subnormal = i32x4.sub(f32x4.add(abs, f32x4.splat(0.5)), i32x4.splat(0x3f000000));
  let h = v128.bitselect(normal, subnormal, i32x4.ge_s(abs, i32x4.splat(0x38800000)));
  h = v128.bitselect(i32x4.splat(0x7c00), h, i32x4.ge_s(abs, i32x4.splat(0x477ff000)));
  return v128.bitselect(i32x4.splat(0x7e00), v128.or(h, sign), isNaN4(x));
}

/** The fp8 patterns of four f32 values (the format a constant at each call, so the choice folds away). */
// @ts-ignore: decorator
@inline function toFp8(format: Format, x: v128): v128 {
  if (format === Format.FP8E4M3FN) return toE4M3FN(x);
  if (format === Format.FP8E4M3) return ieeeFp8(x, 3, 7, 0x77, 0x78, 0x7c);
  return ieeeFp8(x, 2, 15, 0x7b, 0x7c, 0x7e);
}

/** e4m3fn (bias 7, no infinity): beyond 448 and ±inf saturate to ±448; NaN is 0x7F. */
// @ts-ignore: decorator
@inline function toE4M3FN(x: v128): v128 {
  const code = fp8Magnitude(x, 3, 7, 0x7e);
  return v128.bitselect(i32x4.splat(0x7f), v128.or(code, fp8Sign(x)), isNaN4(x));
}

/**
 * An fp8 format with infinities (e4m3: bias 7, max 240; e5m2: bias 15, max 57344): a finite value beyond the
 * largest saturates to it, ±inf stay infinite; NaN becomes the quiet NaN.
 */
// @ts-ignore: decorator
@inline function ieeeFp8(x: v128, mantBits: i32, bias: i32, maxCode: i32, infCode: i32, nanCode: i32): v128 {
  const abs = v128.and(x, i32x4.splat(0x7fffffff));
  const infinite = i32x4.eq(abs, i32x4.splat(0x7f800000));
  const code = v128.bitselect(i32x4.splat(infCode), fp8Magnitude(x, mantBits, bias, maxCode), infinite);
  return v128.bitselect(i32x4.splat(nanCode), v128.or(code, fp8Sign(x)), isNaN4(x));
}

// @ts-ignore: decorator
@inline function fp8Sign(x: v128): v128 {
  return v128.and(i32x4.shr_u(x, 24), i32x4.splat(0x80));
}

/** The fp8 code of |x| without its sign, rounded to nearest even with the format's subnormals, clamped to maxCode. */
// @ts-ignore: decorator
@inline function fp8Magnitude(x: v128, mantBits: i32, bias: i32, maxCode: i32): v128 {
  const shift = 23 - mantBits;
  const abs = v128.and(x, i32x4.splat(0x7fffffff));
  const lsb = v128.and(i32x4.shr_u(abs, shift), i32x4.splat(1));
  const rounded = i32x4.add(i32x4.add(abs, i32x4.splat((1 << (shift - 1)) - 1)), lsb);
  const normal = i32x4.sub(i32x4.shr_u(rounded, shift), i32x4.splat((127 - bias) << mantBits));
  // Below the smallest normal: count units of the smallest subnormal (a power-of-two scaling, exact) and round
  // to an integer, ties to even. 2^mantBits units is the smallest normal's code, so rounding up needs no case.
  const units = f32x4.mul(abs, f32x4.splat(pow2(bias - 1 + mantBits)));
  const subnormal = i32x4.trunc_sat_f32x4_u(f32x4.nearest(units));
  const isNormal = i32x4.ge_s(abs, i32x4.splat((128 - bias) << 23));
  return i32x4.min_u(v128.bitselect(normal, subnormal, isNormal), i32x4.splat(maxCode));
}
