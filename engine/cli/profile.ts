/**
 * `bir-sim profile FILE`: runs the program, schedules what it executed on a machine profile, and prints where the
 * time would go (total, per-engine busy time, the critical path, warnings); `--trace` writes the schedule as a
 * Chrome/Perfetto trace.
 */
import * as fs from 'fs';
import * as path from 'path';
import { writeFileAtomic } from '../io/atomic-write';
import { Program } from '../ir/program';
import { LoadError } from '../machine/machine';
import { describeFault } from '../run/describe-fault';
import { recordRun } from '../perf/record';
import { ProfileError, resolveProfile } from '../perf/profile';
import { schedule } from '../perf/scheduler';
import { formatNs, percent, ProfileSummary, summarize } from '../perf/summary';
import { traceJson } from '../perf/trace-export';
import { compareSchedules, ScheduleDifference } from '../perf/what-if';
import { longestWaitOnLine, whyWaiting, WhyWaiting } from '../perf/why-waiting';
import { MachineProfile } from '../perf/profile';
import { UsageError } from './args';

export interface ProfileIO {
  out(text: string): void;
  err(text: string): void;
}

export interface ProfileRequest {
  readonly program: Program;
  readonly cores: number;
  readonly inputs: Record<string, string>;
  readonly machine?: string;
  readonly trace?: string;
  readonly json: boolean;
  readonly display: (file: string) => string;
  /** What-if: the program before the change (another file, or the same before passes), scheduled alike and compared. */
  readonly baseline?: { readonly program: Program; readonly label: string };
  /** A source line of the program: why its longest-waiting run waited. */
  readonly why?: number;
}

/** Exit status: 0 done, 1 the run faulted (the part that ran is still profiled), 2 a bad profile or trace path. */
export function profileCommand(r: ProfileRequest, io: ProfileIO): number {
  let profile;
  try {
    profile = resolveProfile(r.machine, (f) => fs.readFileSync(f, 'utf8'));
  } catch (e) {
    if (e instanceof ProfileError) throw new UsageError(`--machine: ${e.message}`);
    throw e;
  }
  if (r.trace !== undefined && !fs.existsSync(path.dirname(path.resolve(r.trace)))) throw new UsageError(`--trace: no such folder: ${path.dirname(r.trace)}`);
  const profiled = profileRun(r.program, r, profile, io);
  if (!profiled) return 2;
  const { s, summary, outcome } = profiled;
  const parts: unknown[] = [summary];
  const texts = [formatSummary(summary, r.display)];
  if (r.baseline) {
    const before = profileRun(r.baseline.program, r, profile, io);
    if (!before) return 2;
    const difference = compareSchedules(before.summary, summary);
    parts.push({ whatIf: { against: r.baseline.label, ...difference } });
    texts.push(formatDifference(difference, r.baseline.label, r.display));
  }
  if (r.why !== undefined) {
    const i = longestWaitOnLine(s, r.program, r.why);
    if (i === undefined) throw new UsageError(`--why: no instruction of line ${r.why} ran`);
    const why = whyWaiting(s, r.program, i);
    parts.push({ why });
    texts.push(formatWhy(why, r.display));
  }
  io.out(r.json ? JSON.stringify(parts.length === 1 ? summary : Object.assign({}, ...parts), null, 2) : texts.join('\n'));
  if (r.trace !== undefined) {
    try {
      writeFileAtomic(r.trace, traceJson(s, r.program));
      io.err(`bir-sim: wrote the trace to ${r.trace} (open it in https://ui.perfetto.dev or chrome://tracing)`);
    } catch (e) {
      io.err(`bir-sim: cannot write the trace to ${r.trace}: ${(e as Error).message}`);
      return 2;
    }
  }
  return outcome.kind === 'exited' ? 0 : 1;
}

/** One program run, recorded and scheduled; undefined when its data cannot be loaded (said on `io.err`). */
function profileRun(program: Program, r: ProfileRequest, profile: MachineProfile, io: ProfileIO) {
  let recording;
  try {
    recording = recordRun(program, { cores: r.cores, inputs: r.inputs, output: () => undefined });
  } catch (e) {
    if (e instanceof LoadError) {
      io.err(`bir-sim: ${e.message}`);
      return undefined;
    }
    throw e;
  }
  const { outcome, machine, stream } = recording;
  if (outcome.kind === 'failed') io.err(`${describeFault(outcome.fault, machine, r.display)}\nbir-sim: the run faulted: what follows is the schedule of the instructions before the fault`);
  const s = schedule(stream, profile);
  return { s, summary: summarize(s, program), outcome };
}

/** The difference of two schedules as a terminal shows it. */
export function formatDifference(d: ScheduleDifference, label: string, display: (file: string) => string): string {
  const sign = (ns: number): string => (ns > 0 ? `+${formatNs(ns)}` : ns < 0 ? `-${formatNs(-ns)}` : '±0');
  const lines = [`--- what-if: against ${label} ---`, `total: ${formatNs(d.before.total)} → ${formatNs(d.after.total)} (${sign(d.delta)}, ${d.ratio.toFixed(3)}×)`];
  lines.push('engine        before      after       change');
  for (const e of d.engines) {
    const name = `${d.engines.some((x) => x.core > 0) ? `c${e.core} ` : ''}${e.engine}`;
    lines.push(`${name.padEnd(14)}${formatNs(e.before).padEnd(12)}${formatNs(e.after).padEnd(12)}${sign(e.delta)}`);
  }
  const path = (steps: ScheduleDifference['before']['criticalPath']): string => {
    const lineList = steps.map((p) => `${p.line}`);
    const shown = lineList.length > 16 ? [...lineList.slice(0, 8), '...', ...lineList.slice(-7)] : lineList;
    return `${steps.length} instruction${steps.length === 1 ? '' : 's'}${steps.length ? ` in ${display(steps[0].file)}, lines ${shown.join(' → ')}` : ''}`;
  };
  lines.push(`critical path before: ${path(d.before.criticalPath)}`, `critical path after:  ${path(d.after.criticalPath)}`);
  return lines.join('\n');
}

/** Why an instruction waited, as a terminal shows it. */
export function formatWhy(w: WhyWaiting, display: (file: string) => string): string {
  const lines = [`--- why line ${w.line} (${w.opcode}, instruction ${w.instruction}) waits: it starts at ${formatNs(w.start)}, set by ${w.setBy}${w.setByInstruction >= 0 ? ` (instruction ${w.setByInstruction})` : ''} ---`];
  if (!w.dependencies.length) lines.push('  no dependency: it waits only for its engine');
  for (const d of w.dependencies) lines.push(`  ${d.kind.padEnd(4)} ${`${display(d.file)}:${d.line}`.padEnd(28)} ${d.opcode.padEnd(13)} waited ${formatNs(d.wait)}`);
  return lines.join('\n');
}

/** The summary as a terminal shows it. */
export function formatSummary(s: ProfileSummary, display: (file: string) => string): string {
  const lines = [`--- profile on ${s.machine} (a first-order model, not cycle-accurate) ---`, `total: ${formatNs(s.total)} (${s.instructions} instructions)`];
  const multi = s.engines.some((e) => e.core > 0);
  lines.push('engine        busy        utilisation  instructions');
  for (const e of s.engines) {
    const name = `${multi ? `c${e.core} ` : ''}${e.engine === 'DMA' ? 'DMA per queue' : e.engine}`;
    lines.push(`${name.padEnd(14)}${formatNs(e.busy).padEnd(12)}${percent(e.utilisation).padEnd(13)}${e.instructions}`);
  }
  const path = s.criticalPath;
  if (path.length) {
    const shown = path.length > 12 ? [...path.slice(0, 6), undefined, ...path.slice(-5)] : path;
    lines.push(`critical path: ${path.length} instruction${path.length === 1 ? '' : 's'}, ${formatNs(path[path.length - 1].end - path[0].start)}`);
    for (const p of shown) {
      lines.push(p ? `  ${formatNs(p.start).padStart(10)}  ${`${display(p.file)}:${p.line}`.padEnd(28)} ${p.opcode.padEnd(13)} ${formatNs(p.end - p.start).padEnd(10)} after ${p.wait}` : `  ... ${path.length - 11} more`);
    }
  }
  if (s.dominant.length) {
    lines.push('dominant instructions (of each engine’s busy time):');
    for (const d of s.dominant) lines.push(`  ${`${multi ? `c${d.core} ` : ''}${d.engine}`.padEnd(8)} ${`${display(d.file)}:${d.line}`.padEnd(28)} ${d.opcode.padEnd(13)} ${percent(d.share)}`);
  }
  lines.push(s.warnings.length ? 'warnings:' : 'warnings: none');
  for (const w of s.warnings) lines.push(`  ${w}`);
  if (s.psumConflicts.length) {
    lines.push('PSUM bank conflicts (the hardware serialises them; the model does not delay them):');
    for (const c of s.psumConflicts) lines.push(`  ${`${display(c.file)}:${c.line}`.padEnd(28)} ${c.message}`);
  }
  return lines.join('\n');
}
