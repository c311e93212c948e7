/** The shape of one NeuronCore's on-chip memories and register file. */

export const PARTITIONS = 128;
export const SBUF_BYTES_PER_PARTITION = 192 * 1024;
export const PSUM_BYTES_PER_PARTITION = 16 * 1024;
export const PSUM_BANK_BYTES = 2 * 1024;
export const PSUM_BANKS = PSUM_BYTES_PER_PARTITION / PSUM_BANK_BYTES;
/** SBUF allocations start on this boundary, as the hardware's DMA descriptors prefer. */
export const SBUF_ALIGNMENT = 64;
export const REGISTERS = 16;
/** The registers' names, r0 to r15, as a pattern's source: for finding them in text (the editor's inline values). */
export const REGISTER_NAME = 'r(?:1[0-5]|[0-9])';

/** `r0`..`r15` → its index; anything else (`r16`, `r01`, `x`) → undefined. */
export function registerIndex(name: string): number | undefined {
  // By character codes rather than a pattern: every name of every operand, and of every condition evaluated, is asked.
  if (name.length < 2 || name.charCodeAt(0) !== 114) return undefined;
  let index = 0;
  for (let k = 1; k < name.length; k++) {
    const digit = name.charCodeAt(k) - 48;
    // A leading zero (`r01`) is not a register's name; nor is a number past the registers.
    if (digit < 0 || digit > 9 || (k === 2 && index === 0) || index >= REGISTERS) return undefined;
    index = index * 10 + digit;
  }
  return index < REGISTERS ? index : undefined;
}
export const MAX_CORES = 8;
export const MATMUL_MAX_K = 128;
export const MATMUL_MAX_M = 128;
export const MATMUL_MAX_N = 512;
/** Default limit of nested calls before the `recursion-depth` fault. */
export const DEFAULT_MAX_CALL_DEPTH = 64;
/** Default limit of DRAM bytes a program may declare. */
export const DEFAULT_DRAM_LIMIT_BYTES = 4 * 1024 * 1024 * 1024;
