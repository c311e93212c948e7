/** The shape of one NeuronCore's on-chip memories and register file. */

export const PARTITIONS = 128;
export const SBUF_BYTES_PER_PARTITION = 192 * 1024;
export const PSUM_BYTES_PER_PARTITION = 16 * 1024;
export const PSUM_BANK_BYTES = 2 * 1024;
export const PSUM_BANKS = PSUM_BYTES_PER_PARTITION / PSUM_BANK_BYTES;
/** SBUF allocations start on this boundary, as the hardware's DMA descriptors prefer. */
export const SBUF_ALIGNMENT = 64;
export const REGISTERS = 16;
export const MAX_CORES = 8;
export const MATMUL_MAX_K = 128;
export const MATMUL_MAX_M = 128;
export const MATMUL_MAX_N = 512;
/** Default limit of nested calls before the `recursion-depth` fault. */
export const DEFAULT_MAX_CALL_DEPTH = 64;
/** Default limit of DRAM bytes a program may declare. */
export const DEFAULT_DRAM_LIMIT_BYTES = 4 * 1024 * 1024 * 1024;
