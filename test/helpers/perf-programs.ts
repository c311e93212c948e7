// Programs for the cost model's tests: checked from text, run, recorded and scheduled.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkProgram } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { Program } from '../../engine/ir/program';
import { recordRun, Recording } from '../../engine/perf/record';
import { schedule, Schedule } from '../../engine/perf/scheduler';
import { MachineProfile, PROFILES } from '../../engine/perf/profile';

const FILE = path.resolve('/virtual/perf/t.bir');

export function compile(src: string): Program {
  const r = checkProgram(FILE, { host: { readText: (f) => (f === FILE ? src : undefined), exists: (f) => f === FILE } });
  const errors = r.diagnostics.filter((d) => d.severity === 'error');
  if (!r.program || errors.length) assert.fail(`the test program does not check:\n${errors.map((d) => formatDiagnostic(d)).join('\n')}\n---\n${src}`);
  return r.program;
}

export interface Scheduled {
  readonly program: Program;
  readonly recording: Recording;
  readonly schedule: Schedule;
}

/** Records the program's run (which must end normally) and schedules it on the profile. */
export function scheduled(src: string | Program, profile: MachineProfile | string = 'trn2'): Scheduled {
  const program = typeof src === 'string' ? compile(src) : src;
  const recording = recordRun(program);
  assert.equal(recording.outcome.kind, 'exited', `the program should end normally: ${JSON.stringify(recording.outcome.kind === 'failed' ? recording.outcome.fault.message : recording.outcome.kind)}`);
  const p = typeof profile === 'string' ? PROFILES.get(profile)! : profile;
  return { program, recording, schedule: schedule(recording.stream, p) };
}

/** The stream's instructions on a source line, in the order they ran. */
export function onLine(s: Scheduled, line: number): number[] {
  const out: number[] = [];
  const st = s.recording.stream;
  for (let i = 0; i < st.count; i++) if (s.program.code.lineOf(st.node[i]) === line) out.push(i);
  return out;
}

/** The line of the program's text that holds `marker` (1-based). */
export function lineOf(src: string, marker: string): number {
  const i = src.split('\n').findIndex((l) => l.includes(marker));
  assert.ok(i >= 0, `no line with '${marker}'`);
  return i + 1;
}
