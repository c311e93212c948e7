/**
 * The engine timeline on a run of a million instructions (issue 28: the schedule in at most 2 s):
 *   npx tsx bench/timeline.bench.ts [--json FILE]
 * The program is a pipelined tiled kernel as a compiler would emit it, 125,000 iterations of 8 instructions over
 * double-buffered tiles: two DMA loads (bf16, into one of two buffers), a MatMult into PSUM, its evacuation by the
 * Scalar engine, a Vector instruction with a per-partition scalar, a GpSimd fill, a register write and a DMA store.
 * Measured, each the best of 3 on one recorded stream:
 * - recording: the run on the simulator with every instruction's sizes and regions written down (once; for scale);
 * - schedule: the scheduler over the stream (engines, queues, hazards over regions, waits kept);
 * - summary: totals, per-engine busy time, the critical path, dominant instructions, warnings;
 * - what-if: the update after an edit of a program of WHAT_IF_ITERATIONS iterations (100,000 instructions): the edited
 *   text checked, its run recorded, scheduled, summarized and compared with the schedule before, as a save does; with
 *   the run recorded in full and with sizes only (no values computed: the timeline's what-if);
 * The scheduler's work is compared with the simulator's own on the same program (a run without recording). Each time
 * is given as the wall clock and as this process's CPU time: on a shared machine the wall clock also counts the time
 * other processes held the cores. (The trace's JSON text of a million instructions, about 1.2 GB, is left out.)
 */
import { performance } from 'perf_hooks';
import { recordRun } from '../engine/perf/record';
import { recordSizes } from '../engine/perf/sizes-only';
import { schedule } from '../engine/perf/scheduler';
import { summarize } from '../engine/perf/summary';
import { compareSchedules } from '../engine/perf/what-if';
import { MachineProfile, PROFILES } from '../engine/perf/profile';
import { runProgram } from '../engine/run/simulate';
import { best, bestOfRounds, report, virtualProgram, writeJson } from './harness';
import { pipelinedKernel } from './pipelined-kernel';

const ITERATIONS = Number(process.env.BIR_TIMELINE_ITERATIONS ?? 125_000);

const PROGRAM = pipelinedKernel(ITERATIONS);
/** 12,500 iterations of 8 instructions and the Memset before them. */
const WHAT_IF_ITERATIONS = 12_500;

/**
 * The update after one edit (relu made exp: more work on the Scalar engine), as the timeline makes it on a save: with
 * the run recorded in full, and with sizes only (what the timeline does for a what-if whose control flow reads no
 * tensor, engine/perf/sizes-only.ts), each part of the latter timed too; the variants take turns in each round.
 */
function whatIf(profile: MachineProfile): Record<string, number> {
  const before = virtualProgram(pipelinedKernel(WHAT_IF_ITERATIONS));
  const old = summarize(schedule(recordRun(before).stream, profile), before);
  const edited = pipelinedKernel(WHAT_IF_ITERATIONS).replace('func = relu', 'func = exp');
  let instructions = 0;
  const parts = { checkS: Infinity, recordSizesS: Infinity, scheduleS: Infinity, summaryS: Infinity, compareS: Infinity };
  const timed = <T>(part: keyof typeof parts, run: () => T): T => {
    const t0 = performance.now();
    const out = run();
    parts[part] = Math.min(parts[part], (performance.now() - t0) / 1000);
    return out;
  };
  const update = (): void => {
    const program = virtualProgram(edited);
    const recording = recordRun(program);
    instructions = recording.stream.count;
    compareSchedules(old, summarize(schedule(recording.stream, profile), program));
  };
  const sizesOnly = (): void => {
    const program = timed('checkS', () => virtualProgram(edited));
    const recording = timed('recordSizesS', () => recordSizes(program));
    if ('refused' in recording) throw new Error(`the benchmark's edit is refused sizes only: ${recording.refused}`);
    const s = timed('scheduleS', () => schedule(recording.stream, profile));
    const summary = timed('summaryS', () => summarize(s, program));
    timed('compareS', () => compareSchedules(old, summary));
  };
  // The alternative a user has: run the edited program again (no recording, no schedule).
  const plainRun = (): void => void runProgram(virtualProgram(edited));
  const t = bestOfRounds(3, { update, sizesOnly, plainRun });
  return {
    instructions, updateS: t.update, updateCpuS: cpuSeconds(update), plainRunS: t.plainRun, updateOverPlainRun: t.update / t.plainRun,
    sizesOnlyS: t.sizesOnly, sizesOnlyCpuS: cpuSeconds(sizesOnly), sizesOnlyOverUpdate: t.sizesOnly / t.update, ...parts,
  };
}

/** This process's CPU seconds (user and system) for one run. */
function cpuSeconds(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

function main(): void {
  const program = virtualProgram(PROGRAM);
  const t0 = performance.now();
  const recording = recordRun(program);
  const recordS = (performance.now() - t0) / 1000;
  if (recording.outcome.kind !== 'exited') throw new Error(`the benchmark's program did not end normally: ${recording.outcome.kind}`);
  const stream = recording.stream;
  const profile = PROFILES.get('trn2')!;
  let s = schedule(stream, profile);
  const scheduleS = best(3, () => {
    s = schedule(stream, profile);
  });
  const scheduleCpuS = cpuSeconds(() => schedule(stream, profile));
  const summaryS = best(3, () => summarize(s, program));
  const runS = best(1, () => runProgram(program));
  const whatIfUpdate = whatIf(profile);
  const results = {
    timeline: {
      instructions: stream.count,
      recordS,
      scheduleS,
      scheduleCpuS,
      scheduleInstructionsPerS: stream.count / scheduleS,
      summaryS,
      simulatorRunS: runS,
      scheduleOverRun: scheduleS / runS,
      modelledUs: s.total / 1000,
    },
    whatIfUpdate,
  };
  report('engine timeline', results);
  writeJson(process.argv, results);
}

main();
