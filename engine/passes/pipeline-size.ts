/**
 * Whether a pass pipeline fits in what this process may still use. A pass rewrites a copy of the program made of
 * objects, about WORKING_BYTES_PER_NODE of heap per node while it runs, and leaves a compact program; the pipeline
 * holds at most KEPT_SNAPSHOTS of those at a time (snapshot-programs.ts), about KEPT_BYTES_PER_NODE each (measured on
 * a compiled model of 200,000 instructions, docs/benchmarks.md). A compiled model of millions of instructions is
 * refused with its size and the limit before the heap fills, which would end the process with nothing said.
 */
import { currentBudget, formatBytes, MemoryBudget } from '../lang/check/program-size';
import type { Program } from '../ir/program';

const WORKING_BYTES_PER_NODE = 2_500;
const KEPT_BYTES_PER_NODE = 500;
/** The last, the two recent and the one a pass is making. */
const KEPT_SNAPSHOTS = 4;

export class PipelineTooBig extends Error {}

/** Why running `passes` over the program cannot fit, or undefined when it can. */
export function pipelineSizeProblem(program: Program, passes: readonly string[], budget: MemoryBudget = currentBudget()): string | undefined {
  if (passes.length === 0) return undefined;
  const nodes = program.code.length;
  const perNode = WORKING_BYTES_PER_NODE + KEPT_BYTES_PER_NODE * Math.min(passes.length, KEPT_SNAPSHOTS);
  const need = nodes * perNode;
  if (need <= budget.heapBytes) return undefined;
  return `the passes ${passes.join(', ')} need about ${formatBytes(need)} of heap for a program of ${nodes.toLocaleString('en-US')} nodes `
    + `(a pass rewrites a copy of the program, about ${formatBytes(perNode)} a node with the snapshots kept), and ${formatBytes(Math.max(0, budget.heapBytes))} `
    + `of this process's ${formatBytes(budget.heapLimitBytes)} heap limit is free: run without passes, or with fewer `
    + `(node's --max-old-space-size raises the limit)`;
}
