/**
 * MatMult's FP8 double-row mode (NKI `nc_matmul(..., perf_mode=matmul_perf_mode.double_row)`, NeuronCore-v3 and
 * newer): a contraction of up to 256 in one instruction, split between the partition dimension (K ≤ 128) and a first
 * free dimension of size 2, the two halves of the contraction (`nki/api/nki/isa/__init__.py`, nc_matmul "Layout";
 * `nki/guides/architecture/trainium2_arch.rst`, "Double FP8 Matmul Performance").
 */
import { DType } from '../../base/dtype';
import { AccessPattern } from '../../ir/program';

/** The values of `perf_mode`: NKI's matmul_perf_mode members. */
export const PERF_MODES = ['none', 'double_row'];

/** The operand dtypes double-row mode reads (the ISA: float8_e4m3 or float8_e5m2, plus float8_e4m3fn on v4). */
const DOUBLE_ROW_DTYPES: ReadonlySet<DType> = new Set<DType>(['fp8e4m3', 'fp8e5m2', 'fp8e4m3fn']);

/** What is wrong with a double-row operand's dtype, or undefined. */
export function doubleRowDtypeProblem(role: string, ap: AccessPattern): string | undefined {
  if (DOUBLE_ROW_DTYPES.has(ap.dtype)) return undefined;
  return `MatMult with perf_mode = double_row multiplies fp8 values (fp8e4m3, fp8e5m2 or fp8e4m3fn): the ${role} '${ap.text}' is ${ap.dtype} (NKI nc_matmul, data types)`;
}

/** The hardware's E4M3 and OCP's E4M3FN cannot meet in one matmul (the ISA: "cannot be mixed"). */
export function mixedE4M3Problem(st: AccessPattern, mv: AccessPattern): string | undefined {
  const pair = new Set([st.dtype, mv.dtype]);
  if (!pair.has('fp8e4m3') || !pair.has('fp8e4m3fn')) return undefined;
  return `MatMult: the stationary operand '${st.text}' is ${st.dtype} and the moving operand '${mv.text}' is ${mv.dtype}; the hardware's fp8e4m3 and OCP's fp8e4m3fn cannot be mixed in one matmul (NKI nc_matmul, data types)`;
}

/**
 * [K, M] of a double-row operand [K, 2, M] (K partitions, the pair, M free elements), or a message: the operand must
 * have rank 3 and a first free dimension of 2. Unknown sizes (bounds that depend on registers) pass as undefined.
 */
export function doubleRowShape(role: string, ap: AccessPattern): [number | undefined, number | undefined] | string {
  const s = ap.shape;
  if (s.length !== 3 || (s[1] !== undefined && s[1] !== 2)) {
    const letter = role === 'stationary operand' ? 'M' : 'N';
    return `MatMult with perf_mode = double_row reads the ${role} '${ap.text}' as [K, 2, ${letter}], its first free dimension of size 2 holding the two halves of the 2·K contraction; it is [${s.map((d) => d ?? '?').join(', ')}] (NKI nc_matmul, layout)`;
  }
  return [s[0], s[2]];
}
