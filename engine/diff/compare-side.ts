/**
 * A debug session that is one side of a comparison of two runs (the launch attribute `compareWith`, BIR: Compare
 * Runs…). The two programs run in lockstep (diff-runs.ts) and the session's own debugger is the side's debugger the
 * diff runs to its write of the first divergence and asks `:why`: the session then opens stopped there, with the
 * history of the whole run behind it (Step Back, Reverse Continue, `:why`). Side B's session is the same comparison
 * seen from B: it opens at B's write of the divergence.
 */
import * as path from 'path';
import type { ComparisonEvent, ComparisonSide, DivergentWrite } from '../../contract/comparison';
import { checkProgram, SourceHost } from '../lang/check/checker';
import { formatDiagnostic } from '../lang/diagnostics';
import { Program } from '../ir/program';
import { MachineOptions } from '../machine/machine';
import { runPipeline } from '../passes/pipeline';
import { PassName } from '../passes/registry';
import { DebugCore } from '../debug/debug-core';
import { CompareWith, StoppedInfo } from '../protocol/types';
import { formatNumber } from '../eval/format';
import { diffRuns, DiffSide, RunDiff } from './diff-runs';
import { diffReport } from './diff-report';
import { WriteSide } from './lockstep';

/** The session's side: its program after its passes, and its debugger, not yet run. */
export interface SessionSide {
  readonly file: string;
  readonly passes: readonly PassName[];
  readonly program: Program;
  readonly cores: number;
  readonly core: DebugCore;
}

export interface CompareSettings {
  /** Inputs by tensor name, absolute paths: for whichever program has the tensor. */
  readonly inputs: Readonly<Record<string, string>>;
  readonly faults?: MachineOptions['faults'];
  readonly maxInstructions?: number;
  readonly maxCallDepth?: number;
  readonly historyMiB?: number;
  /** How the other program's files are read (the editor's unsaved text). */
  readonly host: SourceHost;
  /** File paths as the report shows them (relative to the workspace). */
  readonly display: (file: string) => string;
  /** The rest of the session's launch configuration, copied into the other side's. */
  readonly launch: Readonly<Record<string, unknown>>;
}

export interface ComparedSession {
  readonly event: ComparisonEvent;
  /** Where the session opens: before its side's write of the divergence; undefined when it has none to stop at. */
  readonly stop?: StoppedInfo;
  /** How the session ends when there is no stop: 0 when the runs are bit-identical. */
  readonly exitCode: number;
}

/** How faults of the limits name them: the launch attributes. */
const LAUNCH_LIMITS = { maxInstructions: 'the launch attribute \'maxInstructions\'', maxCallDepth: 'the launch attribute \'maxCallDepth\'' };

/** The other program could not be compared: it does not check, or the two do not match. The launch fails with it. */
export class CompareRefused extends Error {}

export function compareSession(mine: SessionSide, other: CompareWith, settings: CompareSettings): ComparedSession {
  const side: ComparisonSide = other.side ?? 'a';
  const otherFile = other.program ?? mine.file;
  const otherPasses = other.passes ?? [];
  const theirs = otherSide(otherFile, otherPasses, settings.host);
  const labelled = (file: string, passes: readonly string[]): string => `${settings.display(file)}${passes.length ? ` after ${passes.join(', ')}` : ''}`;
  const me: DiffSide = { program: mine.program, label: labelled(mine.file, mine.passes), cores: mine.cores };
  const them: DiffSide = { program: theirs, label: labelled(otherFile, otherPasses), cores: mine.cores };
  const [a, b] = side === 'a' ? [me, them] : [them, me];
  const diff = diffRuns(a, b, {
    inputs: settings.inputs, faults: settings.faults, maxInstructions: settings.maxInstructions, maxCallDepth: settings.maxCallDepth, historyMiB: settings.historyMiB,
    settingNames: LAUNCH_LIMITS, debuggers: side === 'a' ? { a: mine.core } : { b: mine.core },
  });
  const report = diffReport(diff, settings.display);
  const files = side === 'a' ? { a: [mine.file, mine.passes], b: [otherFile, otherPasses] } as const : { a: [otherFile, otherPasses], b: [mine.file, mine.passes] } as const;
  const d = diff.dram;
  const divergence = d && { element: d.element, ordinal: d.ordinal, a: divergentWrite(d.a, ...files.a), b: divergentWrite(d.b, ...files.b) };
  const event: ComparisonEvent = { side, differ: diff.differ, message: verdict(diff), instructions: diff.instructions, writes: diff.writes, divergence, report };
  const myWrite = side === 'a' ? d?.a : d?.b;
  if (!d || d.initial || !myWrite?.writer) return { event, exitCode: diff.differ ? 1 : 0 };
  const theirWrite = side === 'a' ? d.b : d.a;
  const stop = mine.core.stopAtDivergence(myWrite.writer.core, stopText(d.element, myWrite, theirWrite, side === 'a' ? 'B' : 'A'));
  const otherWrites = theirWrite?.writer !== undefined;
  const launch = side === 'a' && otherWrites ? otherLaunch(mine, otherFile, otherPasses, settings) : undefined;
  return { event: launch ? { ...event, otherSide: launch } : event, stop, exitCode: 1 };
}

/** The other program checked and passed; refused with its diagnostics when it has errors. */
function otherSide(file: string, passes: readonly PassName[], host: SourceHost): Program {
  const checked = checkProgram(file, { host });
  if (!checked.program) {
    const errors = checked.diagnostics.filter((x) => x.severity === 'error');
    throw new CompareRefused(`the program to compare with, ${file}, has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n${errors.map((x) => formatDiagnostic(x)).join('\n')}`);
  }
  const snapshots = runPipeline(checked.program, passes);
  return snapshots[snapshots.length - 1].program;
}

/** What the Call Stack shows of the stop: the element and both values. */
function stopText(element: string, mine: WriteSide, theirs: WriteSide | undefined, other: string): string {
  const there = theirs?.writer ? `${formatNumber(theirs.value)} in ${other}` : `${other} makes no such write`;
  return `Paused on divergence: ${element} = ${formatNumber(mine.value)} here, ${there}`;
}

function divergentWrite(w: WriteSide | undefined, program: string, passes: readonly string[]): DivergentWrite | undefined {
  if (!w?.writer) return undefined;
  const writer = w.writer;
  const node = writer.member ?? writer.node;
  const opcode = writer.member ? writer.member.opcode : writer.node.kind === 'instr' ? writer.node.opcode : writer.node.kind;
  return { program, passes, value: w.value, bits: `0x${(w.bits >>> 0).toString(16)}`, opcode, span: node.span, instructions: writer.instructions, core: writer.core };
}

/** The answer in one sentence. */
function verdict(diff: RunDiff): string {
  const n = (x: number): string => x.toLocaleString('en-US');
  const ran = `A ran ${n(diff.instructions.a)} instructions, B ${n(diff.instructions.b)}`;
  const d = diff.dram;
  if (!diff.differ) return `The runs are bit-identical: every DRAM write and value agrees (${n(diff.writes)} element writes compared; ${ran}).`;
  if (!d) return `The runs differ only in how they ended: ${diff.endings} (their DRAM agrees bit for bit; ${ran}).`;
  if (d.initial) return `The runs differ: every write agrees, but ${d.element} started different (an input or an initializer).`;
  return `The runs differ: first divergence at ${d.element} (its write ${d.ordinal + 1}), after ${n(diff.writes)} element writes agreed.`;
}

/**
 * Side B's session: the other program with its passes, compared with this one as side B, and this launch's other
 * settings (inputs made absolute, since B's program may be elsewhere).
 */
function otherLaunch(mine: SessionSide, file: string, passes: readonly PassName[], settings: CompareSettings): Record<string, unknown> {
  return {
    ...settings.launch,
    type: 'bir', request: 'launch', name: `B: ${path.basename(file)}${passes.length ? ` after ${passes.join(', ')}` : ''}`,
    program: file, passes: [...passes], cores: mine.cores, inputs: { ...settings.inputs },
    compareWith: { program: mine.file, passes: [...mine.passes], side: 'b' },
  };
}
