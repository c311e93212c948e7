/**
 * The pass pipeline: runs passes in order over copies of the program and keeps a snapshot after each one
 * (index 0 is the program as written), with what each pass changed and why it removed what it removed.
 */
import { Program } from '../ir/program';
import type { PassChanges } from '../../contract/graph';
import { PassName, passNamed } from './registry';
import { PipelineTooBig, pipelineSizeProblem } from './pipeline-size';
import type { MemoryBudget } from '../lang/check/program-size';

// Whoever runs the pipeline also validates the names it is given.
export { isPassName, PASS_NAMES } from './registry';

export interface Snapshot {
  readonly index: number;
  /** The pass that made it, or `as written` for index 0. */
  readonly pass: PassName | 'as written';
  readonly program: Program;
  readonly changes: PassChanges;
  readonly reasons: ReadonlyMap<string, string>;
  /** The pass made only its first N rewrites (the snapshots of a bisection); all of them when undefined. */
  readonly rewrites?: number;
}

/** Throws PipelineTooBig, before any pass runs, when the snapshots would not fit in this process. */
export function runPipeline(program: Program, passes: readonly PassName[], budget?: MemoryBudget): Snapshot[] {
  const tooBig = pipelineSizeProblem(program, passes, budget);
  if (tooBig) throw new PipelineTooBig(tooBig);
  const snapshots: Snapshot[] = [{ index: 0, pass: 'as written', program, changes: { added: [], removed: [], fused: [], moved: [] }, reasons: new Map() }];
  for (const name of passes) {
    const previous = snapshots[snapshots.length - 1].program;
    const outcome = passNamed(name).run(previous);
    snapshots.push({ index: snapshots.length, pass: name, program: outcome.program, changes: outcome.changes, reasons: outcome.reasons });
  }
  return snapshots;
}
