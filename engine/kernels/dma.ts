/**
 * The DMA queues: copies between any memories, through strided views, with a cast to the destination when the dtypes
 * differ. Between views of one dtype the bytes move as they are (a NaN keeps its pattern: the bytes of an f32 seen
 * through an fp8 view arrive whole); float sources of a cast go through the kernels (staging.ts), integer ones
 * through the scalar path.
 */
import { InstrNode } from '../ir/program';
import { Core } from '../machine/core';
import { createElementArray, ElementArray } from '../machine/dtypes';
import { Fault } from '../machine/fault';
import { Machine } from '../machine/machine';
import { readViewStored, View, viewSize, writeViewStored } from '../machine/view';
import { ANY_MEMORY, Executor, tensorOf } from './common';
import { allFinite, checkWrite, readOperand, readsUnwritten, TensorOperand, viewOf, writeOperand } from './operands';
import { copyStaged } from './staging';
import { compilingFloat64 } from './precision';

export function dmaCopy(node: InstrNode): Executor {
  const dst = tensorOf(node.dst, 'destination', ANY_MEMORY);
  const src = tensorOf(node.srcs[0], 'source', ANY_MEMORY);
  const simd = !compilingFloat64();
  return (f, c, m) => {
    const d = viewOf(dst, f, c, m);
    const s = viewOf(src, f, c, m);
    const a = d.shape.filter((x) => x !== 1).join(', ');
    const b = s.shape.filter((x) => x !== 1).join(', ');
    if (a !== b || viewSize(d) !== viewSize(s)) {
      throw new Fault('shape-mismatch', `DmaCopy: the destination '${dst.ap.text}' is [${d.shape.join(', ')}] here but the source '${src.ap.text}' is [${s.shape.join(', ')}]`, node.span);
    }
    if (simd && d.tensor.dtype === s.tensor.dtype && copyBits(src, dst, s, d, c, m)) return;
    if (simd && copyStaged(dst, src, d, s, c, m)) return;
    // A shadow run's float64 copy of values without a shadow: they are their own shadows, written after the copy.
    // Of values with a shadow to the same dtype: the source's shadows copied to the destination at the commit.
    if (!simd && m.shadow && !readsUnwritten(src, s, m) && (m.shadow.copyOfValues(s, d) || m.shadow.copyOfShadow(s, d))) return;
    const values = readOperand(src, s, m, 0);
    writeOperand(dst, d, values, m, c, () => allFinite(values));
  };
}

const bitBuffers = new Map<string, ElementArray>();

/**
 * The source's stored elements into the destination, unchanged: NKI's dma_copy converts only "when src and dst have
 * different data types" (`nki/api/nki/isa/__init__.py`). False, with nothing done, when the source holds elements
 * never written that read as zero (the value path zeroes them).
 */
function copyBits(src: TensorOperand, dst: TensorOperand, s: View, d: View, c: Core, m: Machine): boolean {
  if (readsUnwritten(src, s, m)) return false;
  const n = viewSize(s);
  const dtype = s.tensor.dtype;
  let buffer = bitBuffers.get(dtype);
  if (!buffer || buffer.length < n) bitBuffers.set(dtype, (buffer = createElementArray(dtype, Math.max(n, 1024))));
  readViewStored(s, buffer);
  checkWrite(dst, d, m, c, undefined, 0, () => true);
  writeViewStored(d, buffer);
  return true;
}
