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
  let recording;
  try {
    recording = recordRun(r.program, { cores: r.cores, inputs: r.inputs, output: () => undefined });
  } catch (e) {
    if (e instanceof LoadError) {
      io.err(`bir-sim: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const { outcome, machine, stream } = recording;
  if (outcome.kind === 'failed') io.err(`${describeFault(outcome.fault, machine, r.display)}\nbir-sim: the run faulted: what follows is the schedule of the instructions before the fault`);
  const s = schedule(stream, profile);
  const summary = summarize(s, r.program);
  io.out(r.json ? JSON.stringify(summary, null, 2) : formatSummary(summary, r.display));
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
  return lines.join('\n');
}
