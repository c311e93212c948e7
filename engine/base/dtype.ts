/**
 * The element types of BIR tensors: their names and the facts every layer needs (size, range, kind). Storage
 * and bit-exact rounding are the machine's (machine/dtypes.ts).
 */

export type DType = 'f32' | 'bf16' | 'f16' | 'fp8e4m3' | 'fp8e5m2' | 'i32' | 'i16' | 'i8' | 'u32' | 'u16' | 'u8';

export const DTYPES: readonly DType[] = Object.freeze([
  'f32', 'bf16', 'f16', 'fp8e4m3', 'fp8e5m2', 'i32', 'i16', 'i8', 'u32', 'u16', 'u8',
] as const);

const DTYPE_SET: ReadonlySet<string> = new Set(DTYPES);

export function isDType(s: string): s is DType {
  return DTYPE_SET.has(s);
}

export interface DTypeInfo {
  readonly name: DType;
  readonly bytes: number;        // storage size of one element
  readonly isFloat: boolean;
  readonly isInteger: boolean;
  readonly isSigned: boolean;
  readonly maxFinite: number;    // largest finite value (for ints: max integer)
  readonly minFinite: number;    // most negative finite value
}

function floatInfo(name: DType, bytes: number, maxFinite: number): DTypeInfo {
  return Object.freeze({ name, bytes, isFloat: true, isInteger: false, isSigned: true, maxFinite, minFinite: -maxFinite });
}

function intInfo(name: DType, bytes: number, isSigned: boolean): DTypeInfo {
  const bits = bytes * 8;
  const minFinite = isSigned ? -(2 ** (bits - 1)) : 0;
  const maxFinite = isSigned ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
  return Object.freeze({ name, bytes, isFloat: false, isInteger: true, isSigned, maxFinite, minFinite });
}

const F32_MAX = 3.4028234663852886e38;   // (2 - 2^-23) * 2^127
const BF16_MAX = 3.3895313892515355e38;  // (2 - 2^-7) * 2^127
const F16_MAX = 65504;                   // (2 - 2^-10) * 2^15
const E4M3_MAX = 448;                    // 1.75 * 2^8 (S.1111.111 is NaN, so the top mantissa is 110)
const E5M2_MAX = 57344;                  // 1.75 * 2^15

const INFO: Readonly<Record<DType, DTypeInfo>> = {
  f32: floatInfo('f32', 4, F32_MAX),
  bf16: floatInfo('bf16', 2, BF16_MAX),
  f16: floatInfo('f16', 2, F16_MAX),
  fp8e4m3: floatInfo('fp8e4m3', 1, E4M3_MAX),
  fp8e5m2: floatInfo('fp8e5m2', 1, E5M2_MAX),
  i32: intInfo('i32', 4, true),
  i16: intInfo('i16', 2, true),
  i8: intInfo('i8', 1, true),
  u32: intInfo('u32', 4, false),
  u16: intInfo('u16', 2, false),
  u8: intInfo('u8', 1, false),
};

export function dtypeInfo(d: DType): DTypeInfo {
  return INFO[d];
}
