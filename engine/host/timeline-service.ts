/**
 * `bir/timeline`: the engine timeline of a session's program. The program runs again from its start on a machine of
 * its own (the session's inputs, cores and limits; nothing printed, the debugger's run untouched), recorded and
 * scheduled on the machine profile asked for. "saved" checks the program's files as they are on disk now, through
 * the session's passes, so that an edit shows what it changes; each answer is kept, and `against: "previous"` adds
 * the difference from the one before (what-if). A what-if after a run that ended normally is recorded with sizes only
 * (no values computed) when the program's control flow reads no tensor, the same stream at a fraction of the cost.
 */
import * as fs from 'fs';
import * as path from 'path';
import { checkProgram, diskHost } from '../lang/check/checker';
import { formatDiagnostic } from '../lang/diagnostics';
import { Program } from '../ir/program';
import { LoadError, Machine, MachineOptions } from '../machine/machine';
import { describeFault } from '../run/describe-fault';
import { isPassName, runPipeline } from '../passes/pipeline';
import { PipelineTooBig } from '../passes/pipeline-size';
import { unknownPass, type PassName } from '../passes/registry';
import { recordOn, Recording } from '../perf/record';
import { recordSizesOn } from '../perf/sizes-only';
import { ProfileError, resolveProfile } from '../perf/profile';
import { schedule } from '../perf/scheduler';
import { ProfileSummary, summarize } from '../perf/summary';
import { FunctionTimes, functionTimes } from '../perf/function-times';
import { timelineData, timelineDifference } from '../perf/timeline-data';
import { compareSchedules } from '../perf/what-if';
import type { BirArguments } from '../../contract/requests';
import type { TimelineData } from '../../contract/timeline';
import { EngineError } from '../protocol/errors';
import { LaunchConfig } from '../protocol/types';

/** What the service needs of the session: its launch, the program it runs, and a machine's options for a run of it. */
export interface TimelineSession {
  readonly config: LaunchConfig;
  readonly program: Program;
  readonly machineOptions: () => MachineOptions;
}

export class TimelineService {
  /** The schedule answered last: what `against: "previous"` compares with. */
  private previous?: { readonly summary: ProfileSummary; readonly label: string; readonly ended: boolean };
  /** Each function's time in the last schedule of the session's program as it runs (no other passes), for the CodeLens. */
  times?: FunctionTimes;

  answer(session: TimelineSession, args: BirArguments<'bir/timeline'>): TimelineData {
    const which = args.program ?? 'session';
    const profile = this.profileOf(args.machine, session.config.program);
    const passes = passesOf(args.passes);
    const program = afterPasses(which === 'saved' ? savedProgram(session.config) : session.program, passes);
    const before = this.previous;
    // A what-if after a run that ended normally is recorded with sizes only when that gives the same stream.
    const sizes = args.against === 'previous' && before?.ended === true;
    const recording = record(program, session, sizes);
    const s = schedule(recording.stream, profile);
    const summary = summarize(s, program);
    if (which === 'session' && passes.length === 0) this.times = functionTimes(s, program);
    const fault = recording.outcome.kind === 'failed' ? describeFault(recording.outcome.fault, recording.machine) : undefined;
    const data = { ...timelineData(s, program, summary, which, fault), ...(recording.sizesOnly ? { sizesOnly: true as const } : {}) };
    const after = passes.length > 0 ? ` after ${passes.join(', ')}` : '';
    const label = `${which === 'saved' ? 'the saved program' : "the session's program"}${after} on ${profile.name}`;
    this.previous = { summary, label, ended: recording.outcome.kind === 'exited' };
    if (args.against !== 'previous' || !before) return data;
    return { ...data, whatIf: timelineDifference(compareSchedules(before.summary, summary), before.label) };
  }

  private profileOf(machine: string | undefined, programFile: string) {
    const base = path.dirname(path.resolve(programFile));
    const file = machine !== undefined && machine.endsWith('.json') ? path.resolve(base, machine) : machine;
    try {
      return resolveProfile(file, (f) => fs.readFileSync(f, 'utf8'));
    } catch (e) {
      if (e instanceof ProfileError) throw new EngineError(`bir/timeline: machine: ${e.message}`, 'argument');
      throw e;
    }
  }
}

/**
 * The program's run on a machine of its own, recorded: with sizes only when asked and that applies (perf/sizes-only.ts),
 * in full otherwise (a machine made again: the refused run may have moved the first one's state).
 */
function record(program: Program, session: TimelineSession, sizes: boolean): Recording & { readonly sizesOnly: boolean } {
  const machine = (): Machine => {
    try {
      return new Machine(program, { ...session.machineOptions(), output: () => undefined });
    } catch (e) {
      if (e instanceof LoadError) throw new EngineError(`bir/timeline: ${e.message}`, 'program');
      throw e;
    }
  };
  if (sizes) {
    const fast = recordSizesOn(machine());
    if (!('refused' in fast)) return { ...fast, sizesOnly: true };
  }
  return { ...recordOn(machine()), sizesOnly: false };
}

/** The pass names asked for, checked: an unknown one refuses the request with the names there are. */
function passesOf(names: readonly string[] | undefined): PassName[] {
  for (const name of names ?? []) {
    if (!isPassName(name)) throw new EngineError(`bir/timeline: passes: ${unknownPass(name)}`, 'argument');
  }
  return (names ?? []) as PassName[];
}

/** The program after further passes (a what-if of a pass); refused when they would not fit. */
function afterPasses(program: Program, passes: readonly PassName[]): Program {
  if (passes.length === 0) return program;
  try {
    return runPipeline(program, passes).at(-1)!.program;
  } catch (e) {
    if (e instanceof PipelineTooBig) throw new EngineError(`bir/timeline: passes: ${e.message}`, 'argument');
    throw e;
  }
}

/** The program's files as saved now, checked and through the session's passes; its errors refuse the request. */
function savedProgram(config: LaunchConfig): Program {
  const checked = checkProgram(config.program, { host: diskHost() });
  if (!checked.program) {
    const errors = checked.diagnostics.filter((d) => d.severity === 'error').map((d) => formatDiagnostic(d));
    throw new EngineError(`bir/timeline: the saved ${path.basename(config.program)} has ${errors.length} error${errors.length === 1 ? '' : 's'}:\n${errors.join('\n')}`, 'program');
  }
  const snapshots = runPipeline(checked.program, config.passes ?? []);
  return snapshots[snapshots.length - 1].program;
}
