/**
 * The pass pipeline: runs passes in order over copies of the program and keeps a snapshot after each one
 * (index 0 is the program as written), with what each pass changed and why it removed what it removed. The
 * snapshots' programs are not a copy per pass: snapshot-programs.ts keeps the first and the last and makes the others
 * again when asked for.
 */
import { Program } from '../ir/program';
import type { PassChanges } from '../../contract/graph';
import { PassName, passNamed } from './registry';
import { PipelineTooBig, pipelineSizeProblem } from './pipeline-size';
import { SnapshotPrograms } from './snapshot-programs';
import type { MemoryBudget } from '../lang/check/program-size';
import type { PassOutcome } from './pass';

// Whoever runs the pipeline also validates the names it is given.
export { isPassName, PASS_NAMES } from './registry';

export interface Snapshot {
  readonly index: number;
  /** The pass that made it, or `as written` for index 0. */
  readonly pass: PassName | 'as written';
  /** Made again when it is not kept (the same program, node for node): ask for it when it is needed. */
  readonly program: Program;
  /** Nodes in its program (known without making it). */
  readonly nodeCount: number;
  /** The pass left the program as it was: its program is the snapshot's before. */
  readonly unchanged: boolean;
  readonly changes: PassChanges;
  readonly reasons: ReadonlyMap<string, string>;
  /** The pass made only its first N rewrites (the snapshots of a bisection); all of them when undefined. */
  readonly rewrites?: number;
}

/** Throws PipelineTooBig, before any pass runs, when the snapshots would not fit in this process. */
export function runPipeline(program: Program, passes: readonly PassName[], budget?: MemoryBudget): Snapshot[] {
  const tooBig = pipelineSizeProblem(program, passes, budget);
  if (tooBig) throw new PipelineTooBig(tooBig);
  const programs = new SnapshotPrograms(program, passes);
  const snapshots: Snapshot[] = [snapshotOf(programs, 0, 'as written', program, undefined)];
  let previous = program;
  for (const name of passes) {
    const index = snapshots.length;
    const pass = passNamed(name);
    const outcome = pass.applies(previous) ? pass.run(previous) : undefined;
    const changed = outcome !== undefined && madeChanges(outcome);
    programs.record(index, changed ? outcome.program : undefined);
    if (changed) previous = outcome.program;
    snapshots.push(snapshotOf(programs, index, name, previous, changed ? outcome : undefined));
  }
  return snapshots;
}

function snapshotOf(programs: SnapshotPrograms, index: number, pass: Snapshot['pass'], program: Program, outcome: PassOutcome | undefined): Snapshot {
  return {
    index, pass, nodeCount: program.code.length, unchanged: index > 0 && outcome === undefined,
    changes: outcome?.changes ?? { added: [], removed: [], fused: [], moved: [] }, reasons: outcome?.reasons ?? new Map(),
    get program() {
      return programs.program(index);
    },
  };
}

function madeChanges(outcome: PassOutcome): boolean {
  const c = outcome.changes;
  return outcome.rewrites.made > 0 || c.added.length + c.removed.length + c.fused.length + c.moved.length > 0;
}
