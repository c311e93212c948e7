/** The region walk `fuse` and `schedule` share: they rewrite straight runs of instructions and nothing else. */
import { InstrNode, Node, Program, Region } from '../ir/program';
import { ArrayNodes } from '../ir/node-list';
import { pushAll } from '../base/arrays';

export interface RunRules {
  /** Whether an instruction can be in a run; any other node ends the run before it and stays in place. */
  readonly joins: (node: InstrNode) => boolean;
  /** Whether `node` may follow `last` in its run; if not, the run ends after `last` and `node` starts the next. */
  readonly follows?: (last: InstrNode, node: InstrNode) => boolean;
  /** The nodes that take a run's place. */
  readonly rewrite: (run: InstrNode[], region: Region) => readonly Node[];
}

/**
 * Rewrites every run of every region of every function. A run is rewritten as soon as it ends, and a loop's or
 * branch's regions when the walk reaches it, before the run in front of it ends: passes name what they make
 * (`g1`, ...) in this order.
 */
export function rewriteInstructionRuns(program: Program, rules: RunRules): void {
  const visit = (region: Region): void => {
    const out: Node[] = [];
    let run: InstrNode[] = [];
    const flush = (): void => {
      if (run.length > 0) pushAll(out, rules.rewrite(run, region));
      run = [];
    };
    for (const node of region.nodes) {
      if (node.kind === 'for') visit(node.body);
      if (node.kind === 'if') {
        visit(node.then);
        if (node.else) visit(node.else);
      }
      if (node.kind === 'instr' && rules.joins(node)) {
        const last = run[run.length - 1];
        if (last && rules.follows && !rules.follows(last, node)) flush();
        run.push(node);
      } else {
        flush();
        out.push(node);
      }
    }
    flush();
    region.nodes = new ArrayNodes(out);
  };
  for (const fn of program.functions.values()) visit(fn.body);
}
