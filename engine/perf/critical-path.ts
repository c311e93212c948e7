/**
 * The critical path: the chain of waits that sets the end of the schedule, end to end. From the instruction that ends
 * last, each step goes to what set its start (the instruction before it on its engine, the hazard it waited for, the
 * barrier), back to an instruction that started as soon as the run did.
 */
import { Schedule } from './scheduler';

/** The instructions of the critical path, first to last. */
export function criticalPath(s: Schedule): Int32Array {
  const n = s.stream.count;
  if (n === 0) return new Int32Array(0);
  let last = 0;
  for (let i = 1; i < n; i++) if (s.end[i] >= s.end[last]) last = i;
  const chain: number[] = [];
  // Each step goes to an earlier instruction of the stream, so the walk ends.
  for (let i = last; i >= 0; i = s.waitedOn[i]) chain.push(i);
  return Int32Array.from(chain.reverse());
}
