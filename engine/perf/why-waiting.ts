/**
 * "Why is this instruction waiting": its incoming dependencies, each with the wait it alone caused (how long after
 * its engine was free the dependency ended), and what finally set its start.
 */
import { Program } from '../ir/program';
import { WAIT_NAMES, Schedule } from './scheduler';

export interface IncomingDependency {
  readonly instruction: number;
  readonly line: number;
  readonly file: string;
  readonly opcode: string;
  /** RAW, WAR or WAW. */
  readonly kind: string;
  /** ns this dependency alone held the instruction back (0: it had ended when the engine was free). */
  readonly wait: number;
}

export interface WhyWaiting {
  readonly instruction: number;
  readonly line: number;
  readonly opcode: string;
  readonly start: number;
  readonly end: number;
  /** What set its start: start (nothing), engine, RAW, WAR, WAW, barrier; and the instruction that did. */
  readonly setBy: string;
  readonly setByInstruction: number;
  /** Longest wait first. */
  readonly dependencies: readonly IncomingDependency[];
}

export function whyWaiting(s: Schedule, program: Program, i: number): WhyWaiting {
  const code = program.code;
  const opcodeOf = (instr: number): string => {
    const n = code.node(s.stream.node[instr]);
    return n.kind === 'instr' ? n.opcode : n.kind;
  };
  const dependencies: IncomingDependency[] = [];
  for (let k = s.hazardStart[i]; k < s.hazardStart[i + 1]; k++) {
    const from = s.hazardFrom[k];
    const node = s.stream.node[from];
    dependencies.push({ instruction: from, line: code.lineOf(node), file: code.fileAt(node), opcode: opcodeOf(from), kind: WAIT_NAMES[s.hazardKind[k]], wait: s.hazardWait[k] });
  }
  dependencies.sort((a, b) => b.wait - a.wait || a.instruction - b.instruction);
  return {
    instruction: i, line: code.lineOf(s.stream.node[i]), opcode: opcodeOf(i), start: s.start[i], end: s.end[i],
    setBy: WAIT_NAMES[s.waitKind[i]], setByInstruction: s.waitedOn[i], dependencies,
  };
}

/** Of the runs of a source line, the one that waited longest on its dependencies (the first run when none waited). */
export function longestWaitOnLine(s: Schedule, program: Program, line: number): number | undefined {
  let found: number | undefined;
  let longest = -1;
  for (let i = 0; i < s.stream.count; i++) {
    if (program.code.lineOf(s.stream.node[i]) !== line) continue;
    let wait = 0;
    for (let k = s.hazardStart[i]; k < s.hazardStart[i + 1]; k++) wait = Math.max(wait, s.hazardWait[k]);
    if (wait > longest) {
      longest = wait;
      found = i;
    }
  }
  return found;
}
