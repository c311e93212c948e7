/**
 * Where the packed MX types (fp8e4m3fn_x4, fp8e5m2_x4, fp4e2m1_x4) may appear. A packed element is a container of
 * four values: the instructions that move data move its bits, and no cast converts a number into it. Instructions
 * that compute with values refuse it: only the MX instructions compute with it, QuantizeMX writing it from f16/bf16
 * values and MatMultMX reading its values, as its data operands.
 */
import { DType, dtypeInfo, packedLayout } from '../../base/dtype';

/**
 * The instructions that move a packed element as its bits (Memset writes its value as the bits of every element;
 * Load reads them into a register). Transpose is not one: PSUM, where it writes, holds f32 and i32 only.
 */
const MOVES_BITS: ReadonlySet<string> = new Set(['DmaCopy', 'TensorCopy', 'Memset', 'Load']);
/** The operands of MatMultMX that hold packed MX data, whose values it multiplies. */
const MX_DATA_ROLES: ReadonlySet<string> = new Set(['stationary operand', 'moving operand']);
const MOVERS = [...MOVES_BITS].join(', ').replace(/, (\w+)$/, ' and $1');

/** What is wrong with a packed operand of this instruction, or undefined when there is nothing wrong. */
export function packedOperandProblem(opcode: string, role: string, dtype: DType): string | undefined {
  const packed = packedLayout(dtype);
  if (!packed || MOVES_BITS.has(opcode) || (opcode === 'MatMultMX' && MX_DATA_ROLES.has(role)) || (opcode === 'QuantizeMX' && role === 'destination')) return undefined;
  return `the ${role} of ${opcode} is ${dtype}, a packed type (${packed.count} ${packed.element} in each ${dtypeInfo(dtype).bytes * 8}-bit element): `
    + `${opcode} computes with values, and only ${MOVERS} move a packed element, as its bits `
    + '(QuantizeMX makes packed MX data, MatMultMX multiplies its values)';
}

/**
 * What is wrong with a copy between these dtypes, or undefined: a packed element is copied from or to its own type,
 * or the unsigned integer of its width (u32, u16), which holds the same bits. A cast of values into it is not defined.
 */
export function packedCopyProblem(opcode: string, dst: DType, src: DType): string | undefined {
  if (dst === src) return undefined;
  const packed = packedLayout(dst) ?? packedLayout(src);
  if (!packed) return undefined;
  const [ours, other] = packedLayout(dst) ? [dst, src] : [src, dst];
  if (other === packed.container) return undefined;
  return `${opcode} cannot convert ${src} to ${dst}: a ${ours} element holds the bits of ${packed.count} ${packed.element} values, `
    + `and no rounding into or out of it is defined; copy it to or from ${ours} or ${packed.container} (its bits)`;
}
