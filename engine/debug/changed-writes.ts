/**
 * Which elements of a tensor were written between two points of the run (the previous stop and this one), for the
 * tensor view's "changed since the last stop". The history of the run is replayed between the two points with a
 * watcher on the journal, which sees every write as it happens: a write of the same value counts, as it should
 * ("what did the last step write?"), which comparing values before and after could not tell. Intervals of the
 * history whose journal saved no page of the tensor cannot have written it and are not replayed.
 *
 * The points are instruction counts (what a stop reports); a write belongs to the instruction that makes it, counted
 * before it completes. Either order works: after a step back the range is the one the step went back over.
 */
import { Tensor } from '../machine/tensor';
import { SearchContext } from './writes';

export interface WrittenElements {
  /** One byte per element of the tensor in [lo, hi): 1 where it was written. */
  readonly marks: Uint8Array;
  readonly lo: number;
  /** The instruction count from which writes are known (later than asked when the history does not reach back). */
  readonly since: number;
}

/**
 * Elements [lo, hi) of `tensor` written by instructions counted in [from, to). Leaves the machine somewhere in the
 * history: the caller puts it back (DebugCore.inThePast).
 */
export function writtenBetween(ctx: SearchContext, tensor: Tensor, lo: number, hi: number, from: number, to: number): WrittenElements {
  const t = ctx.timeline;
  const marks = new Uint8Array(Math.max(0, hi - lo));
  const since = Math.max(from, t.startInstructions);
  if (since >= to || marks.length === 0) return { marks, lo, since };
  const journal = t.journal;
  journal.watcher = (owner, a, b, allocating) => {
    // A fresh allocation for a new activation makes elements unwritten; it writes none.
    if (owner !== tensor || allocating) return;
    const n = ctx.machine.instructionsExecuted;
    if (n < since || n >= to) return;
    marks.fill(1, Math.max(a, lo) - lo, Math.max(0, Math.min(b, hi) - lo));
  };
  try {
    for (let k = firstInterval(ctx, since); k < t.checkpoints.length && t.checkpoints[k].instructions < to; k++) {
      if (!journal.touched(k, tensor, lo, hi)) continue;
      const next = t.checkpoints[k + 1];
      t.restore(k, ctx.interpreter.ticks);
      ctx.replayTo({ target: next ? next.tick : t.frontier, reason: 'step', until: () => ctx.machine.instructionsExecuted >= to });
    }
  } finally {
    journal.watcher = undefined;
  }
  return { marks, lo, since };
}

/** The last interval that starts at or before the instruction count (the first one when none does). */
function firstInterval(ctx: SearchContext, instructions: number): number {
  const c = ctx.timeline.checkpoints;
  let k = 0;
  while (k + 1 < c.length && c[k + 1].instructions <= instructions) k++;
  return k;
}
