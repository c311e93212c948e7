/**
 * QuantizeMX, NKI's `quantize_mx` (NeuronCore-v4 Vector Engine): f16 or bf16 data into packed MX fp8 and one e8m0
 * scale per block of 8 partitions × 4 values (machine/mx-blocks.ts). The scale of a block whose largest magnitude is a
 * is X = 2^(⌊log2 a⌋ − (Emax − 1)), Emax = 8 for fp8e4m3fn and 15 for fp8e5m2, or 2^−127 for a block of zeros; each
 * value v is stored as the fp8 rounding of v / X (`nki/api/nki/isa/__init__.py`, quantize_mx "Scale calculation";
 * docs/bir-language.md, QuantizeMX, for what the simulator decides where NKI says nothing).
 */
import { DType, packedLayout } from '../base/dtype';
import { InstrNode } from '../ir/program';
import { encode } from '../machine/dtypes';
import { Fault } from '../machine/fault';
import { MX_BLOCK_PARTITIONS, MX_QUADRANT, mxScalePartitionsNeeded } from '../machine/mx-blocks';
import { View } from '../machine/view';
import { attrOperand, Executor, tensorOf } from './common';
import { checkWrite, plane2d, readOperand, requireShape, scratch, viewOf, writeChecked } from './operands';

/** The largest unbiased exponent of each element format ("8 for float8_e4m3fn and 15 for float8_e5m2"). */
const E_MAX: Partial<Record<DType, number>> = { fp8e4m3fn: 8, fp8e5m2: 15 };
/** The e8m0 bits of a scale: 2^(e − 127). */
const E8M0_BIAS = 127;
const E8M0_NAN = 0xff;
/** The blocks of one quadrant, whose scales fill its first partitions. */
const BLOCKS_PER_QUADRANT = MX_QUADRANT / MX_BLOCK_PARTITIONS;

export function quantizeMX(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ['sbuf']);
  const src = tensorOf(node.srcs[0], 'source', ['sbuf']);
  const scale = tensorOf(attrOperand(node, 'dst_scale'), 'dst_scale', ['sbuf']);
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const s = viewOf(src, f, c, m);
    const vs = viewOf(scale, f, c, m);
    const [P, F] = plane2d(s);
    if (P % MX_QUADRANT !== 0 || F % 4 !== 0) throw new Fault('shape-mismatch', `QuantizeMX: the source '${src.ap.text}' is [${s.shape.join(', ')}] here; its partitions must be a multiple of 32 and its elements per partition of 4`, node.span);
    requireShape(dst, d, P, F / 4, 'QuantizeMX');
    const [sp, sf] = plane2d(vs);
    if (sf !== F / 4 || sp < mxScalePartitionsNeeded(P)) {
      throw new Fault('shape-mismatch', `the dst_scale '${scale.ap.text}' is [${vs.shape.join(', ')}] here but QuantizeMX needs ${F / 4} columns and at least ${mxScalePartitionsNeeded(P)} partitions for ${P} partitions of data`, scale.ap.span);
    }
    const x = readOperand(src, s, m, 0);
    const element = packedLayout(d.tensor.dtype)!.element;
    const words = scratch.get(7, P * (F / 4));
    const bits = scratch.get(6, (P / MX_BLOCK_PARTITIONS) * (F / 4));
    quantizeBlocks(x, P, F, element, words, bits);
    // A u8 scale holds the e8m0 bits; an e8m0 one is given the scale's value, which it stores as those bits.
    if (vs.tensor.dtype === 'e8m0') for (let i = 0; i < bits.length; i++) bits[i] = bits[i] === E8M0_NAN ? NaN : 2 ** (bits[i] - E8M0_BIAS);
    // The scales of each quadrant sit in its first 4 partitions: those rows are written, the others kept.
    const rows = quadrantRows(vs, P);
    for (const r of rows) checkWrite(scale, r.view, m, c, undefined, 0, () => true);
    checkWrite(dst, d, m, c, undefined, 0, () => true);
    writeChecked(dst, d, words, m);
    for (const r of rows) writeChecked(scale, r.view, bits.subarray(r.from, r.from + viewElements(r.view)), m);
  };
}

/**
 * words[p, c] = the 4 values x[p, 4c..4c+3] quantized by their block's scale, packed from the lowest byte; bits[g, c] =
 * that scale's e8m0 bits, g the block (partitions 8g..8g+7), in the order of the scale rows each quadrant holds.
 */
export function quantizeBlocks(x: Float64Array, P: number, F: number, element: DType, words: Float64Array, bits: Float64Array): void {
  const emax = E_MAX[element]!;
  const cols = F / 4;
  for (let g = 0; g < P / MX_BLOCK_PARTITIONS; g++) {
    for (let c = 0; c < cols; c++) {
      let amax = 0;
      let nonFinite = false;
      for (let p = 8 * g; p < 8 * g + 8; p++) {
        for (let q = 0; q < 4; q++) {
          const v = x[p * F + 4 * c + q];
          if (!Number.isFinite(v)) nonFinite = true;
          else amax = Math.max(amax, Math.abs(v));
        }
      }
      const e = nonFinite ? undefined : amax === 0 ? -E8M0_BIAS : Math.min(Math.max(floorLog2(amax) - (emax - 1), -E8M0_BIAS), E8M0_BIAS);
      bits[g * cols + c] = e === undefined ? E8M0_NAN : e + E8M0_BIAS;
      const X = e === undefined ? NaN : 2 ** e;
      for (let p = 8 * g; p < 8 * g + 8; p++) {
        let word = 0;
        for (let q = 0; q < 4; q++) word += encode(element, x[p * F + 4 * c + q] / X) * 2 ** (8 * q);
        words[p * cols + c] = word;
      }
    }
  }
}

/** ⌊log2 a⌋ of a positive finite number, exactly (Math.log2 may round up just below a power of two). */
function floorLog2(a: number): number {
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  return e;
}

/** The rows of the scale operand that hold the blocks' scales: the first partitions of each quadrant, in block order. */
function quadrantRows(v: View, P: number): { view: View; from: number }[] {
  const blocks = P / MX_BLOCK_PARTITIONS;
  const [, cols] = plane2d(v);
  const out: { view: View; from: number }[] = [];
  for (let q = 0; q * BLOCKS_PER_QUADRANT < blocks; q++) {
    const n = Math.min(BLOCKS_PER_QUADRANT, blocks - q * BLOCKS_PER_QUADRANT);
    const view = { tensor: v.tensor, offset: v.offset + MX_QUADRANT * q * v.strides[0], shape: [n, ...v.shape.slice(1)], strides: v.strides };
    out.push({ view, from: q * BLOCKS_PER_QUADRANT * cols });
  }
  return out;
}

function viewElements(v: View): number {
  return v.shape.reduce((a, b) => a * b, 1);
}
