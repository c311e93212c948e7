/**
 * What a shadow run costs (issue 27: at most 3x a plain run): the fast loop, plain and with every instruction also run
 * in float64, the variants taking turns, CPU time of the best of the rounds, on
 * - the pipelined tiled kernel of the timeline benchmarks (bench/pipelined-kernel.ts: 1,000 iterations of two bf16
 *   DMA loads, a MatMult into PSUM, its evacuation, a scaling, a fill and a store), the measure of the 3x;
 * - examples/ (attention, a tiled matmul, an MLP, a softmax): straight-line programs of a few milliseconds, where
 *   compiling each instruction twice weighs as much as running it.
 *   npx tsx bench/shadow.bench.ts [--rounds 5] [--json FILE]
 */
import * as path from 'path';
import { checkProgram } from '../engine/lang/check/checker';
import { Program } from '../engine/ir/program';
import { Machine } from '../engine/machine/machine';
import { Interpreter } from '../engine/run/interpreter';
import { npyMachineOptions } from '../engine/run/simulate';
import { report, virtualProgram, writeJson } from './harness';
import { pipelinedKernel } from './pipelined-kernel';

/** Attention (bf16 matmuls, softmax), a tiled matmul, an MLP and a softmax: the shapes of real kernels. */
const PROGRAMS = ['attention.bir', 'matmul_tiled.bir', 'mlp.bir', 'softmax.bir'];

function load(name: string): Program {
  const r = checkProgram(path.join(__dirname, '..', 'examples', name));
  if (!r.program) throw new Error(`${name} does not check`);
  return r.program;
}

/** CPU seconds (user and system) of one run: a shared, loaded machine weighs less on it than on wall time. */
function cpuSeconds(run: () => void): number {
  const t0 = process.cpuUsage();
  run();
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / 1e6;
}

const argv = process.argv;
const rounds = Number(argv[argv.indexOf('--rounds') + 1] ?? 5) || 5;
const results: Record<string, Record<string, number>> = {};
const programs: [string, Program][] = [['pipelined kernel', virtualProgram(pipelinedKernel(1000))], ...PROGRAMS.map((name): [string, Program] => [name, load(name)])];
for (const [name, program] of programs) {
  const run = (shadow: boolean) => () => {
    const machine = new Machine(program, { ...npyMachineOptions({}), shadow });
    const outcome = new Interpreter(machine).runFast();
    if (outcome.kind !== 'exited') throw new Error(`${name}: the run ended with ${outcome.kind}`);
  };
  const fastest = { plain: Infinity, shadow: Infinity };
  for (let i = 0; i < rounds; i++) {
    fastest.plain = Math.min(fastest.plain, cpuSeconds(run(false)));
    fastest.shadow = Math.min(fastest.shadow, cpuSeconds(run(true)));
  }
  results[name] = { plainSeconds: fastest.plain, shadowSeconds: fastest.shadow, ratio: fastest.shadow / fastest.plain };
}
report('shadow run ÷ plain run', results);
writeJson(argv, results);
