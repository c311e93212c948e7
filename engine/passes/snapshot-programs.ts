/**
 * The programs of a pass pipeline's snapshots, without a copy of the program per pass: the program as written and the
 * program that runs are kept; a snapshot in between is made again when asked for (its passes rerun from the nearest
 * earlier program kept, deterministic, so it is the same program node for node) and the most recently asked for are
 * kept. A pass that changed nothing has no program of its own: its snapshot is the one before it.
 */
import { Program } from '../ir/program';
import { PassName, passNamed } from './registry';

/** Intermediate programs kept besides the first and the last: a view of one pass compares it with the one before. */
const RECENT = 2;

export class SnapshotPrograms {
  /** Index → its program, for those kept: the first, the last, the recent ones. */
  private readonly kept = new Map<number, Program>();
  /** Most recently asked for last. */
  private recent: number[] = [];
  /** Index → the earlier index whose program it is, for a pass that changed nothing. */
  private readonly sameAs = new Map<number, number>();

  constructor(
    first: Program,
    /** The pass that made each snapshot after the first (index i is made by passes[i - 1]). */
    private readonly passes: readonly PassName[],
  ) {
    this.kept.set(0, first);
  }

  get last(): number {
    return this.passes.length;
  }

  /** Called by the pipeline as it runs, in order: the program after pass `index`, or `undefined` when it changed nothing. */
  record(index: number, program: Program | undefined): void {
    if (program === undefined) this.sameAs.set(index, this.owner(index - 1));
    else this.kept.set(index, program);
    // While the pipeline runs, only the previous program is needed to make the next.
    const previous = this.owner(index - 1);
    if (previous !== 0 && previous !== this.owner(index)) this.forgetUnlessRecent(previous);
  }

  /** The program of snapshot `index`. */
  program(index: number): Program {
    const owner = this.owner(index);
    let program = this.kept.get(owner);
    if (!program) {
      program = this.remake(owner);
      this.kept.set(owner, program);
    }
    if (owner !== 0 && owner !== this.ownerOfLast()) this.touch(owner);
    return program;
  }

  /** The snapshots whose programs are held now, ascending (what a caller pays for in memory). */
  held(): number[] {
    return [...this.kept.keys()].sort((a, b) => a - b);
  }

  /** Whether the pass that made snapshot `index` left the program as it was (its program is the one before). */
  unchanged(index: number): boolean {
    return this.sameAs.has(index);
  }

  private owner(index: number): number {
    return this.sameAs.get(index) ?? index;
  }

  private ownerOfLast(): number {
    return this.owner(this.last);
  }

  /** Reruns the passes from the nearest earlier program kept up to `index`. */
  private remake(index: number): Program {
    let from = index - 1;
    while (!this.kept.has(this.owner(from))) from--;
    let program = this.kept.get(this.owner(from))!;
    for (let i = from + 1; i <= index; i++) {
      if (!this.sameAs.has(i)) program = passNamed(this.passes[i - 1]).run(program).program;
    }
    return program;
  }

  private touch(index: number): void {
    this.recent = [...this.recent.filter((i) => i !== index), index];
    while (this.recent.length > RECENT) this.kept.delete(this.recent.shift()!);
  }

  private forgetUnlessRecent(index: number): void {
    if (!this.recent.includes(index)) this.kept.delete(index);
  }
}
