/**
 * Differential runs (issue 27): a lockstep diff of two programs against one plain run of one of them, measured in
 * one run, the variants taking turns:
 *   npx tsx bench/diff.bench.ts [--json FILE]
 * For each program: `plain` is one run without a debugger (runFast, what bir-sim run does); `lockstep` is
 * `diffRuns` of the program against itself (both runs, B's DRAM writes recorded, A's compared with them: the whole
 * cost of an answer "the runs do not differ"); `lockstepAfterPasses` against itself after the five passes (B is then
 * another program: `plainAfterPasses` is its own plain run). The target is lockstep ≥ 0.4× the speed of the plain
 * run, i.e. plain / lockstep ≥ 0.4. A program that writes DRAM at every instruction is the worst case.
 * `divergent` adds, for a program whose B differs in one operand, the runs of both sides under the debugger to the
 * divergence and the walk of :why on both sides. `recorded` is the lockstep run's other path (B recorded whole, A
 * compared with it: what lockstep did before the runs were interleaved, and still does when their rows part ways).
 * Each variant is timed in wall-clock seconds and in CPU seconds of this process (on a machine shared with other
 * work, the CPU time is the steadier of the two); the ratios are given for both.
 */
import * as path from 'path';
import { checkProgram } from '../engine/lang/check/checker';
import { Program } from '../engine/ir/program';
import { Machine } from '../engine/machine/machine';
import { Interpreter } from '../engine/run/interpreter';
import { npyMachineOptions } from '../engine/run/simulate';
import { runPipeline } from '../engine/passes/pipeline';
import { diffRuns } from '../engine/diff/diff-runs';
import { matchDrams } from '../engine/diff/dram-match';
import { recordedLockstep } from '../engine/diff/lockstep';
import { report, virtualProgram, writeJson } from './harness';

const EXAMPLES = path.resolve(__dirname, '..', 'examples');
const ALL_PASSES = ['inline', 'unroll', 'fuse', 'dce', 'schedule'] as const;

/** 200,000 DMA rows of DRAM written, one instruction each: the watcher's worst case. */
const DRAM_EVERY_INSTRUCTION = `module w
dram y : f32[128, 64] output
func main() {
  sbuf t : f32[128, 64]
  Iota t <- base = 0, pstep = 64, fstep = 1
  for r0 in 0..1000 {
    for r1 in 0..128 {
      DmaCopy y[r1 : r1+1, 0:64] <- t[r1 : r1+1, 0:64]
    }
    TensorScalar t <- t, op = add, scalar = 1
  }
}
`;

function example(name: string): Program {
  const r = checkProgram(path.join(EXAMPLES, name));
  if (!r.program) throw new Error(`${name} does not check`);
  return r.program;
}

function passed(p: Program): Program {
  const s = runPipeline(p, [...ALL_PASSES]);
  return s[s.length - 1].program;
}

/** CPU seconds of this process (user and system) that a call took. */
function cpuSeconds(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

/** The fastest wall-clock and CPU seconds of each variant over the rounds, the variants taking turns. */
function fastest<K extends string>(rounds: number, runs: Record<K, () => void>): { wall: Record<K, number>; cpu: Record<K, number> } {
  const wall = Object.fromEntries(Object.keys(runs).map((k) => [k, Infinity])) as Record<K, number>;
  const cpu = { ...wall };
  for (let i = 0; i < rounds; i++) {
    for (const k of Object.keys(runs) as K[]) {
      const t0 = performance.now();
      cpu[k] = Math.min(cpu[k], cpuSeconds(runs[k]));
      wall[k] = Math.min(wall[k], (performance.now() - t0) / 1000);
    }
  }
  return { wall, cpu };
}

function measure(name: string, program: Program, divergent?: Program, rounds = 5): Record<string, number> {
  const b = passed(program);
  const cores = program.cores?.count ?? 1;
  const match = matchDrams(program, program, { a: 'A', b: 'B' });
  const runs: Record<string, () => void> = {
    plain: () => void new Interpreter(new Machine(program, npyMachineOptions({ cores }))).runFast(),
    plainAfterPasses: () => void new Interpreter(new Machine(b, npyMachineOptions({ cores }))).runFast(),
    lockstep: () => {
      const d = diffRuns({ program, label: 'A', cores }, { program, label: 'B', cores });
      if (d.differ) throw new Error(`${name}: a program differs from itself`);
    },
    recorded: () => {
      const o = npyMachineOptions({ cores });
      if (recordedLockstep(program, program, match, o, o).difference) throw new Error(`${name}: a program differs from itself`);
    },
    lockstepAfterPasses: () => {
      const d = diffRuns({ program, label: 'A', cores }, { program: b, label: 'B', cores });
      if (d.differ) throw new Error(`${name}: the passes changed the bits`);
    },
  };
  if (divergent) runs.divergent = () => {
    const d = diffRuns({ program, label: 'A', cores }, { program: divergent, label: 'B', cores });
    if (!d.steps) throw new Error(`${name}: the planted divergence was not found`);
  };
  const { wall: s, cpu: c } = fastest(rounds, runs);
  const instructions = new Machine(program, npyMachineOptions({ cores }));
  const interpreter = new Interpreter(instructions);
  interpreter.runFast();
  return {
    instructions: instructions.instructionsExecuted,
    plainSeconds: s.plain,
    lockstepSeconds: s.lockstep,
    speedOfLockstep: s.plain / s.lockstep,
    speedOfRecorded: s.plain / s.recorded,
    speedOfLockstepAfterPasses: s.plain / s.lockstepAfterPasses,
    ...(divergent ? { speedOfDivergent: s.plain / s.divergent } : {}),
    plainCpuSeconds: c.plain,
    lockstepCpuSeconds: c.lockstep,
    recordedCpuSeconds: c.recorded,
    cpuSpeedOfLockstep: c.plain / c.lockstep,
    cpuSpeedOfRecorded: c.plain / c.recorded,
    cpuSpeedOfLockstepAfterPasses: c.plain / c.lockstepAfterPasses,
    ...(divergent ? { cpuSpeedOfDivergent: c.plain / c.divergent } : {}),
  };
}

const mlp = example('mlp.bir');
const results = {
  // A few ms each: more rounds.
  'calls_loops.bir': measure('calls_loops.bir', example('calls_loops.bir'), undefined, 15),
  'mlp.bir': measure('mlp.bir', mlp, undefined, 15),
  'attention.bir': measure('attention.bir', example('attention.bir'), undefined, 15),
  'two_cores.bir': measure('two_cores.bir', example('two_cores.bir'), undefined, 15),
  'DRAM written by every instruction': measure('dram', virtualProgram(DRAM_EVERY_INSTRUCTION), virtualProgram(DRAM_EVERY_INSTRUCTION.replace('scalar = 1', 'scalar = 2'))),
};
report('differential runs', results);
writeJson(process.argv, results);
