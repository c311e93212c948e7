/**
 * Whether a pass pipeline fits in what this process may still use. Each pass works on a copy of the program made of
 * objects and keeps it as its snapshot, about PASS_BYTES_PER_NODE of heap per node and pass (measured: `bir-sim run
 * --passes P` on a compiled model of 200,000 instructions peaks 580-1,060 MB above its check, docs/benchmarks.md): a
 * compiled model of millions of instructions is refused with its size and the limit before the heap fills, which
 * would end the process with nothing said.
 */
import { currentBudget, formatBytes, MemoryBudget } from '../lang/check/program-size';
import type { Program } from '../ir/program';

const PASS_BYTES_PER_NODE = 3_000;

export class PipelineTooBig extends Error {}

/** Why running `passes` over the program cannot fit, or undefined when it can. */
export function pipelineSizeProblem(program: Program, passes: readonly string[], budget: MemoryBudget = currentBudget()): string | undefined {
  if (passes.length === 0) return undefined;
  const nodes = program.code.length;
  const need = nodes * passes.length * PASS_BYTES_PER_NODE;
  if (need <= budget.heapBytes) return undefined;
  return `the passes ${passes.join(', ')} need about ${formatBytes(need)} of heap for a program of ${nodes.toLocaleString('en-US')} nodes `
    + `(each pass keeps a copy of the program, about ${formatBytes(PASS_BYTES_PER_NODE)} a node), and ${formatBytes(Math.max(0, budget.heapBytes))} `
    + `of this process's ${formatBytes(budget.heapLimitBytes)} heap limit is free: run without passes, or with fewer `
    + `(node's --max-old-space-size raises the limit)`;
}
