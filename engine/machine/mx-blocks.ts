/**
 * The block layout of MX data as NKI's `nc_matmul_mx` and `quantize_mx` read and write it on chip: a block of 32
 * values, which share one e8m0 scale, is 8 partitions × the 4 values of one packed element; the scales of the blocks
 * of a column sit in the SBUF quadrant (32 partitions) their data comes from, in its first 4 partitions
 * (`nki/api/nki/isa/__init__.py`, nc_matmul_mx and quantize_mx "Layout"; `nki/deep-dives/mxfp-matmul.rst`, "Scale
 * Tensor"; the tutorial's `get_p_contiguous_scale`, which reads block g at partition 32·⌊g/4⌋ + g mod 4).
 */

/** The partitions of one MX block. */
export const MX_BLOCK_PARTITIONS = 8;
/** The partitions of an SBUF quadrant, where a block's scale must sit. */
export const MX_QUADRANT = 32;
/** The blocks of one quadrant, whose scales fill its first partitions. */
const BLOCKS_PER_QUADRANT = MX_QUADRANT / MX_BLOCK_PARTITIONS;

/** The partition (of the scale operand) holding the scale of data partition p. */
export function mxScalePartition(p: number): number {
  const block = Math.floor(p / MX_BLOCK_PARTITIONS);
  return MX_QUADRANT * Math.floor(block / BLOCKS_PER_QUADRANT) + (block % BLOCKS_PER_QUADRANT);
}

/** How many partitions a scale operand needs for data of K partitions: up to the last block's scale. */
export function mxScalePartitionsNeeded(k: number): number {
  return k <= 0 ? 0 : mxScalePartition(k - 1) + 1;
}
