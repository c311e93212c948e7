/**
 * The on-chip memory a call of each function needs: its frame and the deepest chain of frames below it (a callee's
 * frame sits on its caller's when it runs). Passes that grow a frame (inline, interleave) check with it that the
 * deepest chain from `main` still fits. `frames` gives a function's frame bytes as it would be after a change.
 */
import { FunctionIR, Program } from '../ir/program';
import { forEachNode } from '../ir/numbering';

export interface FrameBytes {
  readonly sbuf: number;
  readonly psum: number;
}

const ownFrame = (fn: FunctionIR): FrameBytes => ({ sbuf: fn.sbufFrameBytes, psum: fn.psumFrameBytes });

export function frameNeeds(program: Program, frames: (fn: FunctionIR) => FrameBytes = ownFrame): Map<FunctionIR, FrameBytes> {
  const need = new Map<FunctionIR, FrameBytes>();
  const visiting = new Set<FunctionIR>();
  const measure = (fn: FunctionIR): FrameBytes => {
    const known = need.get(fn);
    if (known) return known;
    if (visiting.has(fn)) return { sbuf: 0, psum: 0 };
    visiting.add(fn);
    let below = { sbuf: 0, psum: 0 };
    forEachNode(fn.body, (n) => {
      if (n.kind !== 'call') return;
      const m = measure(n.callee);
      below = { sbuf: Math.max(below.sbuf, m.sbuf), psum: Math.max(below.psum, m.psum) };
    });
    visiting.delete(fn);
    const own = frames(fn);
    const total = { sbuf: own.sbuf + below.sbuf, psum: own.psum + below.psum };
    need.set(fn, total);
    return total;
  };
  for (const fn of program.functions.values()) measure(fn);
  return need;
}
