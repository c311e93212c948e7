/**
 * What the pass pipeline did to the program as written, in the words the debugger uses: why a line has no
 * instruction in the program that runs (a pass removed it, and why), which lines a step went past without
 * executing them.
 */
import * as path from 'path';
import { Node } from '../ir/program';
import { Snapshot } from '../passes/pipeline';
import { PassName, passNamed } from '../passes/registry';
import { LineMap } from './line-map';

export interface Removal {
  readonly pass: PassName;
  readonly index: number;
  readonly reason: string;
}

export class PipelineHistory {
  /** The program as written, by line. */
  readonly written: LineMap;
  private readonly removals = new Map<string, Removal>();

  constructor(readonly snapshots: readonly Snapshot[]) {
    this.written = new LineMap(snapshots[0].program);
    for (const s of snapshots.slice(1)) {
      const pass = s.pass;
      if (pass === 'as written') continue;
      for (const id of s.changes.removed) {
        if (!this.removals.has(id)) this.removals.set(id, { pass, index: s.index, reason: s.reasons.get(id) ?? `removed by pass '${pass}'` });
      }
    }
  }

  get passes(): boolean {
    return this.snapshots.length > 1;
  }

  /**
   * Why a line that has instructions as written has none in the program that runs, or undefined when it never
   * had any (or still has). Uses the first removed instruction of the line.
   */
  whyRemoved(file: string, line: number): { text: string; removal: Removal } | undefined {
    const written = this.written.nodesAt(path.resolve(file), line);
    for (const n of written) {
      const removal = this.removals.get(n.id);
      if (removal) return { text: passNamed(removal.pass).lineGone(line, removal.reason), removal };
    }
    return undefined;
  }

  /** The nodes the program as written has on a line. */
  writtenNodes(file: string, line: number): Node[] {
    return this.written.nodesAt(path.resolve(file), line);
  }
}
