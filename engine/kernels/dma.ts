/**
 * The DMA queues: copies between any memories, through strided views, with a cast to the destination. Float
 * sources go through the kernels (staging.ts), integer ones through the scalar path.
 */
import { InstrNode } from '../ir/program';
import { Fault } from '../machine/fault';
import { viewSize } from '../machine/view';
import { ANY_MEMORY, Executor, tensorOf } from './common';
import { allFinite, readOperand, viewOf, writeOperand } from './operands';
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
    if (simd && copyStaged(dst, src, d, s, c, m)) return;
    const values = readOperand(src, s, m, 0);
    writeOperand(dst, d, values, m, c, () => allFinite(values));
  };
}
