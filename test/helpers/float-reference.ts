/**
 * An independent reference for the float formats of engine/machine/dtypes.ts: decoders written from the formats'
 * bit-field definitions, and a round-to-nearest-even encoder that picks between neighbouring values by search over
 * the reference table. Nothing here calls the engine: tests compare the engine with it.
 */
import * as assert from 'node:assert/strict';
import { DType } from '../../engine/base/dtype';

export function same(a: number, b: number): boolean {
  return (Number.isNaN(a) && Number.isNaN(b)) || Object.is(a, b);
}

export function hex(n: number): string {
  return '0x' + n.toString(16);
}

/** Collects mismatches so one failing assertion reports the first few instead of stopping at one. */
export class Mismatches {
  private readonly items: string[] = [];
  private total = 0;
  add(msg: string): void {
    this.total++;
    if (this.items.length < 10) this.items.push(msg);
  }
  check(what: string): void {
    assert.equal(this.total, 0, `${what}: ${this.total} mismatches, first: \n  ${this.items.join('\n  ')}`);
  }
}

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

export function f32FromBits(bits: number): number {
  u32[0] = bits;
  return f32[0];
}

export function f32Bits(x: number): number {
  f32[0] = x;
  return u32[0];
}

/** The next f32 above x (x a finite nonzero f32). */
export function nextUpF32(x: number): number {
  const bits = f32Bits(x);
  return f32FromBits(x > 0 ? bits + 1 : bits - 1);
}

export function nextDownF32(x: number): number {
  return -nextUpF32(-x);
}

// ---------------------------------------------------------------------------------------------
// Signed formats: sign, exponent, mantissa

export interface FloatFormat {
  readonly dtype: DType;
  readonly expBits: number;
  readonly mantBits: number;
  readonly bias: number;
  /**
   * ieee: the all-ones exponent is inf (mantissa 0) or NaN; fn (E4M3FN): only all ones everywhere is NaN; none
   * (E2M1): every pattern is a finite value.
   */
  readonly specials: 'ieee' | 'fn' | 'none';
  /** What a finite value beyond the largest finite one becomes: IEEE rounding (maybe to inf), or saturation. */
  readonly finiteOverflow: 'ieee' | 'saturate';
  /** Code (without sign) an infinite input becomes. */
  readonly infCode: number;
  /** The code encode must produce for a NaN input (of either sign). */
  readonly nanCode: number;
}

export const BF16: FloatFormat = { dtype: 'bf16', expBits: 8, mantBits: 7, bias: 127, specials: 'ieee', finiteOverflow: 'ieee', infCode: 0x7f80, nanCode: 0x7fc0 };
export const F16: FloatFormat = { dtype: 'f16', expBits: 5, mantBits: 10, bias: 15, specials: 'ieee', finiteOverflow: 'ieee', infCode: 0x7c00, nanCode: 0x7e00 };
/** The hardware's E4M3 (NKI float8_e4m3): IEEE-like, max 240; finite values beyond saturate, as e5m2's. */
export const E4M3: FloatFormat = { dtype: 'fp8e4m3', expBits: 4, mantBits: 3, bias: 7, specials: 'ieee', finiteOverflow: 'saturate', infCode: 0x78, nanCode: 0x7c };
/** OCP E4M3FN (NKI float8_e4m3fn): no infinities, max 448; infinities saturate too. */
export const E4M3FN: FloatFormat = { dtype: 'fp8e4m3fn', expBits: 4, mantBits: 3, bias: 7, specials: 'fn', finiteOverflow: 'saturate', infCode: 0x7e, nanCode: 0x7f };
export const E5M2: FloatFormat = { dtype: 'fp8e5m2', expBits: 5, mantBits: 2, bias: 15, specials: 'ieee', finiteOverflow: 'saturate', infCode: 0x7c, nanCode: 0x7e };
/** OCP E2M1: ±{0, 0.5, 1, 1.5, 2, 3, 4, 6}, no infinity, no NaN (NaN stores +0, as in the integers). */
export const E2M1: FloatFormat = { dtype: 'fp4e2m1', expBits: 2, mantBits: 1, bias: 1, specials: 'none', finiteOverflow: 'saturate', infCode: 0x7, nanCode: 0x0 };

export function patternCount(fmt: FloatFormat): number {
  return 2 ** (1 + fmt.expBits + fmt.mantBits);
}

export function signMask(fmt: FloatFormat): number {
  return 2 ** (fmt.expBits + fmt.mantBits);
}

/** The value a bit pattern represents, from the definition: (-1)^s * 2^(e-bias) * 1.m, or 2^(1-bias) * 0.m. */
export function refDecode(fmt: FloatFormat, bits: number): number {
  const mantScale = 2 ** fmt.mantBits;
  const expAllOnes = 2 ** fmt.expBits - 1;
  const negative = bits >= signMask(fmt);
  const exp = Math.floor((bits % signMask(fmt)) / mantScale);
  const mant = bits % mantScale;
  let magnitude: number;
  if (fmt.specials === 'ieee' && exp === expAllOnes) magnitude = mant === 0 ? Infinity : NaN;
  else if (fmt.specials === 'fn' && exp === expAllOnes && mant === mantScale - 1) magnitude = NaN;
  else if (exp === 0) magnitude = (mant / mantScale) * 2 ** (1 - fmt.bias);
  else magnitude = (1 + mant / mantScale) * 2 ** (exp - fmt.bias);
  return negative ? -magnitude : magnitude;
}

export interface RefTable {
  /** Non-negative finite values, ascending, with their codes. */
  readonly values: number[];
  readonly codes: number[];
  readonly max: number;
  readonly maxCode: number;
  /** Spacing of the top binade: IEEE rounding overflows at max + topUlp / 2. */
  readonly topUlp: number;
}

const tables = new Map<FloatFormat, RefTable>();

export function refTable(fmt: FloatFormat): RefTable {
  const cached = tables.get(fmt);
  if (cached) return cached;
  const entries: { value: number; code: number }[] = [];
  for (let code = 0; code < signMask(fmt); code++) {
    const value = refDecode(fmt, code);
    if (Number.isFinite(value)) entries.push({ value, code });
  }
  entries.sort((a, b) => a.value - b.value);
  const values = entries.map((e) => e.value);
  const codes = entries.map((e) => e.code);
  const n = values.length;
  const table = { values, codes, max: values[n - 1], maxCode: codes[n - 1], topUlp: values[n - 1] - values[n - 2] };
  tables.set(fmt, table);
  return table;
}

/** Index of the largest table value <= a (a >= values[0], a <= the last). */
export function floorIndex(values: readonly number[], a: number): number {
  let lo = 0, hi = values.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (values[mid] <= a) lo = mid; else hi = mid - 1;
  }
  return lo;
}

/** Of two neighbouring table entries around a, the nearer code, ties to the even code. */
export function nearestCode(values: readonly number[], codes: readonly number[], i: number, a: number): number {
  if (values[i] === a) return codes[i];
  const below = a - values[i];
  const above = values[i + 1] - a;
  if (below < above) return codes[i];
  if (above < below) return codes[i + 1];
  return codes[i] % 2 === 0 ? codes[i] : codes[i + 1];
}

/** The code the format's rules give v: f32 first, then nearest representable, ties to the even code,
 * then the overflow/saturation rule. */
export function refEncode(fmt: FloatFormat, v: number): number {
  if (Number.isNaN(v)) return fmt.nanCode;
  const t = refTable(fmt);
  const f = Math.fround(v);
  const sign = f < 0 || Object.is(f, -0) ? signMask(fmt) : 0;
  const a = Math.abs(f);
  if (!Number.isFinite(v)) return sign + fmt.infCode;
  if (a > t.max) {
    if (fmt.finiteOverflow === 'saturate') return sign + t.maxCode;
    return sign + (a >= t.max + t.topUlp / 2 ? fmt.infCode : t.maxCode);
  }
  return sign + nearestCode(t.values, t.codes, floorIndex(t.values, a), a);
}

// ---------------------------------------------------------------------------------------------
// e8m0: an exponent alone

/** Code c < 255 is 2^(c - 127), from the OCP MX definition; 255 is NaN. */
export function refDecodeE8M0(code: number): number {
  return code === 0xff ? NaN : 2 ** (code - 127);
}

const E8M0_VALUES = Array.from({ length: 255 }, (_, c) => refDecodeE8M0(c));
const E8M0_CODES = Array.from({ length: 255 }, (_, c) => c);

/**
 * f32 first, then the nearest of the 255 powers of two, ties to the even code; below the smallest (zero and the
 * negative values included: the format has no sign) the smallest, above the largest (+inf included) the largest.
 */
export function refEncodeE8M0(v: number): number {
  if (Number.isNaN(v)) return 0xff;
  const f = Math.fround(v);
  if (f <= E8M0_VALUES[0]) return 0;
  if (f >= E8M0_VALUES[254]) return 254;
  return nearestCode(E8M0_VALUES, E8M0_CODES, floorIndex(E8M0_VALUES, f), f);
}
