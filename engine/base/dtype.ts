/**
 * The element types of BIR tensors: their names and the facts every layer needs (size, range, kind, the NKI name).
 * Storage and bit-exact rounding are the machine's (machine/dtypes.ts); docs/bir-language.md gives each format's
 * definition with its source.
 */

export type DType =
  | 'f32' | 'bf16' | 'f16'
  | 'fp8e4m3' | 'fp8e4m3fn' | 'fp8e5m2' | 'e8m0' | 'fp4e2m1'
  | 'fp8e4m3fn_x4' | 'fp8e5m2_x4' | 'fp4e2m1_x4'
  | 'i32' | 'i16' | 'i8' | 'u32' | 'u16' | 'u8';

/** Every dtype, in the order the language reference lists them (messages that list the dtypes derive from it). */
export const DTYPES: readonly DType[] = Object.freeze([
  'f32', 'bf16', 'f16',
  'fp8e4m3', 'fp8e4m3fn', 'fp8e5m2', 'e8m0', 'fp4e2m1',
  'fp8e4m3fn_x4', 'fp8e5m2_x4', 'fp4e2m1_x4',
  'i32', 'i16', 'i8', 'u32', 'u16', 'u8',
] as const);

const DTYPE_SET: ReadonlySet<string> = new Set(DTYPES);

export function isDType(s: string): s is DType {
  return DTYPE_SET.has(s);
}

/** What a packed element holds: `count` values of `element`, the first in the lowest bits. */
export interface PackedLayout {
  readonly element: DType;
  readonly count: number;
  /** Bits of each value inside the element. */
  readonly bitsEach: number;
  /** The unsigned integer dtype of the same width: what holds the element's bits in .npy files and copies. */
  readonly container: DType;
}

export interface DTypeInfo {
  readonly name: DType;
  /** Storage size of one element in the simulator's memory (fp4e2m1: a byte holds one value). */
  readonly bytes: number;
  readonly isFloat: boolean;
  /** Integers, and packed types: engines read a packed element as its bits, an unsigned integer. */
  readonly isInteger: boolean;
  readonly isSigned: boolean;
  /** Largest finite value (for integers and packed types: the largest integer, all bits set). */
  readonly maxFinite: number;
  /** Smallest finite value: the most negative, or for an unsigned format its least value (e8m0: 2^-127). */
  readonly minFinite: number;
  /** Present for the packed types (`_x4`). */
  readonly packed?: PackedLayout;
  /** The name of the same type in NKI (nki.language), when it has one. */
  readonly nki?: string;
}

function floatInfo(name: DType, bytes: number, maxFinite: number, nki?: string): DTypeInfo {
  return Object.freeze({ name, bytes, isFloat: true, isInteger: false, isSigned: true, maxFinite, minFinite: -maxFinite, nki });
}

function intInfo(name: DType, bytes: number, isSigned: boolean, nki: string): DTypeInfo {
  const bits = bytes * 8;
  const minFinite = isSigned ? -(2 ** (bits - 1)) : 0;
  const maxFinite = isSigned ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
  return Object.freeze({ name, bytes, isFloat: false, isInteger: true, isSigned, maxFinite, minFinite, nki });
}

function packedInfo(name: DType, element: DType, bitsEach: number, nki: string): DTypeInfo {
  const bytes = (4 * bitsEach) / 8;
  const container: DType = bytes === 4 ? 'u32' : 'u16';
  const packed = Object.freeze({ element, count: 4, bitsEach, container });
  return Object.freeze({ name, bytes, isFloat: false, isInteger: true, isSigned: false, maxFinite: 2 ** (8 * bytes) - 1, minFinite: 0, packed, nki });
}

const F32_MAX = 3.4028234663852886e38;   // (2 - 2^-23) * 2^127
const BF16_MAX = 3.3895313892515355e38;  // (2 - 2^-7) * 2^127
const F16_MAX = 65504;                   // (2 - 2^-10) * 2^15
const E4M3_MAX = 240;                    // 1.875 * 2^7 (exponent 1111 is inf and NaN, as in IEEE formats)
const E4M3FN_MAX = 448;                  // 1.75 * 2^8 (S.1111.111 is NaN, so the top mantissa is 110)
const E5M2_MAX = 57344;                  // 1.75 * 2^15
const E2M1_MAX = 6;                      // 1.5 * 2^2

const INFO: Readonly<Record<DType, DTypeInfo>> = {
  f32: floatInfo('f32', 4, F32_MAX, 'float32'),
  bf16: floatInfo('bf16', 2, BF16_MAX, 'bfloat16'),
  f16: floatInfo('f16', 2, F16_MAX, 'float16'),
  fp8e4m3: floatInfo('fp8e4m3', 1, E4M3_MAX, 'float8_e4m3'),
  fp8e4m3fn: floatInfo('fp8e4m3fn', 1, E4M3FN_MAX, 'float8_e4m3fn'),
  fp8e5m2: floatInfo('fp8e5m2', 1, E5M2_MAX, 'float8_e5m2'),
  // Unsigned: every value is a power of two from 2^-127 to 2^127.
  e8m0: Object.freeze({ name: 'e8m0', bytes: 1, isFloat: true, isInteger: false, isSigned: false, maxFinite: 2 ** 127, minFinite: 2 ** -127, nki: 'float8_e8m0fnu' }),
  fp4e2m1: floatInfo('fp4e2m1', 1, E2M1_MAX),
  fp8e4m3fn_x4: packedInfo('fp8e4m3fn_x4', 'fp8e4m3fn', 8, 'float8_e4m3fn_x4'),
  fp8e5m2_x4: packedInfo('fp8e5m2_x4', 'fp8e5m2', 8, 'float8_e5m2_x4'),
  fp4e2m1_x4: packedInfo('fp4e2m1_x4', 'fp4e2m1', 4, 'float4_e2m1fn_x4'),
  i32: intInfo('i32', 4, true, 'int32'),
  i16: intInfo('i16', 2, true, 'int16'),
  i8: intInfo('i8', 1, true, 'int8'),
  u32: intInfo('u32', 4, false, 'uint32'),
  u16: intInfo('u16', 2, false, 'uint16'),
  u8: intInfo('u8', 1, false, 'uint8'),
};

export function dtypeInfo(d: DType): DTypeInfo {
  return INFO[d];
}

/** The layout of a packed dtype, or undefined for the others. */
export function packedLayout(d: DType): PackedLayout | undefined {
  return INFO[d].packed;
}

/** The BIR dtype NKI calls `name` (`float8_e4m3fn` is fp8e4m3fn), for messages that meet an NKI name. */
export function dtypeOfNkiName(name: string): DType | undefined {
  const bare = name.replace(/^(nl|nki\.language|np|numpy)\./, '');
  return DTYPES.find((d) => INFO[d].nki === bare);
}
