/**
 * The operand rules of the MX instructions of NeuronCore-v4, MatMultMX (NKI `nc_matmul_mx`) and QuantizeMX (NKI
 * `quantize_mx`): the dtypes and the shapes of packed data and of their e8m0 block scales, each rule from the ISA
 * reference (`nki/api/nki/isa/__init__.py`, "Data types", "Layout" and "Tile size" of each).
 */
import { DType } from '../../base/dtype';
import { AccessPattern } from '../../ir/program';
import { MATMUL_MAX_K, MATMUL_MAX_M, PSUM_BYTES_PER_PARTITION } from '../../machine/limits';
import { MX_QUADRANT, mxScalePartitionsNeeded } from '../../machine/mx-blocks';

/** The packed dtypes QuantizeMX writes (float8_e5m2_x4 and float8_e4m3fn_x4: "Quantize-MX does not support an FP4 output"). */
const MX_QUANTIZED: ReadonlySet<DType> = new Set<DType>(['fp8e5m2_x4', 'fp8e4m3fn_x4']);

/** The packed dtypes MatMultMX multiplies (float8_e5m2_x4, float8_e4m3fn_x4, float4_e2m1fn_x4). */
const MX_DATA: ReadonlySet<DType> = new Set<DType>(['fp8e5m2_x4', 'fp8e4m3fn_x4', 'fp4e2m1_x4']);
/** The scale dtypes: float8_e8m0fnu, or uint8 holding the same bits ("accepted for backward compatibility"). */
const MX_SCALE: ReadonlySet<DType> = new Set<DType>(['e8m0', 'u8']);
/** The destination dtypes ("The dst tile can be float32 or bfloat16"). */
const MX_DST: ReadonlySet<DType> = new Set<DType>(['f32', 'bf16']);

type Dim = number | undefined;

/** [partitions, free] of an operand, its free dimensions together; undefined where a size depends on registers. */
function plane(ap: AccessPattern): [Dim, Dim] {
  const [p, ...free] = ap.shape;
  return [p, free.length === 0 ? 1 : free.reduce<Dim>((a, b) => (a === undefined || b === undefined ? undefined : a * b), 1)];
}

function shown(ap: AccessPattern): string {
  return `[${ap.shape.map((d) => d ?? '?').join(', ')}]`;
}

/** What is wrong with the dtypes of a MatMultMX, or undefined. */
export function mxDtypeProblem(dst: AccessPattern, st: AccessPattern, mv: AccessPattern, ss: AccessPattern, ms: AccessPattern): string | undefined {
  if (!MX_DST.has(dst.dtype)) return `MatMultMX writes f32 or bf16: the destination '${dst.text}' is ${dst.dtype} (NKI nc_matmul_mx, data types)`;
  for (const [role, ap] of [['stationary operand', st], ['moving operand', mv]] as const) {
    if (!MX_DATA.has(ap.dtype)) {
      return `MatMultMX multiplies packed MX data (fp8e5m2_x4, fp8e4m3fn_x4 or fp4e2m1_x4): the ${role} '${ap.text}' is ${ap.dtype}; view u32 data as its packed type with '.view(fp8e5m2_x4)' (NKI nc_matmul_mx, data types)`;
    }
  }
  for (const [role, ap] of [['stationary scale', ss], ['moving scale', ms]] as const) {
    if (!MX_SCALE.has(ap.dtype)) return `MatMultMX reads e8m0 block scales (e8m0, or u8 holding their bits): the ${role} '${ap.text}' is ${ap.dtype} (NKI nc_matmul_mx, data types)`;
  }
  return undefined;
}

/** What is wrong with the shapes of a MatMultMX, or undefined; sizes that depend on registers are checked at run time. */
export function mxShapeProblem(dst: AccessPattern, st: AccessPattern, mv: AccessPattern, ss: AccessPattern, ms: AccessPattern): string | undefined {
  const [k, m] = plane(st);
  const [k2, n] = plane(mv);
  const [dm, dn] = plane(dst);
  const known = (...xs: Dim[]): boolean => xs.every((x) => x !== undefined);
  if (known(k, k2) && k !== k2) return `MatMultMX: the contraction sizes differ: stationary '${st.text}' has K = ${k} partitions, moving '${mv.text}' has K = ${k2}`;
  if (known(k) && (k! % MX_QUADRANT !== 0 || k! > MATMUL_MAX_K)) {
    return `MatMultMX: K = ${k} partitions; the data's partitions must be a multiple of ${MX_QUADRANT}, at most ${MATMUL_MAX_K} (each holds 4 values of the contraction, blocks of 8 partitions share a scale: NKI nc_matmul_mx, tile size)`;
  }
  if (known(m) && (m! % 2 !== 0 || m! > MATMUL_MAX_M)) return `MatMultMX: the stationary operand '${st.text}' has M = ${m} columns; M must be even and at most ${MATMUL_MAX_M} (NKI nc_matmul_mx, tile size)`;
  const maxN = PSUM_BYTES_PER_PARTITION / (dst.dtype === 'bf16' ? 2 : 4);
  if (known(n) && n! > maxN) return `MatMultMX: the moving operand '${mv.text}' has N = ${n} columns; at most ${maxN} with a ${dst.dtype} destination, the whole of PSUM (NKI nc_matmul_mx, tile size)`;
  if (known(dm, m) && dm !== m) return `MatMultMX: the destination '${dst.text}' has ${dm} partitions but the stationary operand has M = ${m} columns`;
  if (known(dn, n) && dn !== n) return `MatMultMX: the destination '${dst.text}' has ${dn} columns but the moving operand has N = ${n} columns`;
  return scaleShapeProblem('MatMultMX', 'stationary scale', ss, k, m, 'the stationary operand') ?? scaleShapeProblem('MatMultMX', 'moving scale', ms, k, n, 'the moving operand');
}

/** A scale operand holds a column per data column and the partitions of every block's scale (the quadrant rule). */
function scaleShapeProblem(opcode: string, role: string, scale: AccessPattern, k: Dim, cols: Dim, data: string): string | undefined {
  const [sp, sf] = plane(scale);
  if (sf !== undefined && cols !== undefined && sf !== cols) {
    return `${opcode}: the ${role} '${scale.text}' has ${sf} columns but ${data} has ${cols}: one scale per column of each block`;
  }
  if (sp === undefined || k === undefined) return undefined;
  const needed = mxScalePartitionsNeeded(k);
  if (sp >= needed) return undefined;
  const blocks = k / 8;
  return `${opcode}: the ${role} '${scale.text}' is ${shown(scale)}, but the ${blocks} blocks of K = ${k} partitions need ${needed} partitions: `
    + `the scale of block g (data partitions 8g..8g+7) sits at partition 32·⌊g/4⌋ + g mod 4, in its data's quadrant `
    + `(NKI nc_matmul_mx and quantize_mx, layout; copy 4 rows of scales to each quadrant)`;
}

/**
 * What is wrong with a QuantizeMX, or undefined (NKI quantize_mx, "Data types" and "Tile size"): src f16 or bf16
 * [P, F], P a multiple of 32 up to 128 and F of 4; dst packed fp8 [P, F / 4]; dst_scale e8m0 or u8 with F / 4 columns
 * and the partitions of every block's scale (the quadrant rule).
 */
export function quantizeMxProblem(dst: AccessPattern, src: AccessPattern, scale: AccessPattern): string | undefined {
  if (src.dtype !== 'bf16' && src.dtype !== 'f16') return `QuantizeMX quantizes f16 or bf16: the source '${src.text}' is ${src.dtype} (NKI quantize_mx, data types)`;
  if (!MX_QUANTIZED.has(dst.dtype)) return `QuantizeMX writes fp8e5m2_x4 or fp8e4m3fn_x4: the destination '${dst.text}' is ${dst.dtype} (NKI quantize_mx, data types)`;
  if (!MX_SCALE.has(scale.dtype)) return `QuantizeMX writes e8m0 block scales (e8m0, or u8 for their bits): dst_scale '${scale.text}' is ${scale.dtype} (NKI quantize_mx, data types)`;
  const [p, f] = plane(src);
  const [dp, df] = plane(dst);
  if (p !== undefined && (p % MX_QUADRANT !== 0 || p > MATMUL_MAX_K)) return `QuantizeMX: the source '${src.text}' has ${p} partitions; a multiple of ${MX_QUADRANT}, at most ${MATMUL_MAX_K} (NKI quantize_mx, tile size)`;
  if (f !== undefined && f % 4 !== 0) return `QuantizeMX: the source '${src.text}' has ${f} elements per partition; a multiple of 4, the values of one packed element (NKI quantize_mx, tile size)`;
  if (p !== undefined && dp !== undefined && p !== dp) return `QuantizeMX: the destination '${dst.text}' has ${dp} partitions but the source has ${p}`;
  if (f !== undefined && df !== undefined && df * 4 !== f) return `QuantizeMX: the destination '${dst.text}' has ${df} elements per partition; it holds 4 values in each, so ${f} / 4 = ${f / 4} for the source '${src.text}'`;
  return scaleShapeProblem('QuantizeMX', 'dst_scale', scale, p, f === undefined ? undefined : f / 4, 'the destination');
}
