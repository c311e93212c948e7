/**
 * Engine benchmarks, each measured in one run on one machine and reported as throughput and ratios:
 *   npx tsx bench/engine.bench.ts [--json FILE]
 * (The kernels' speed, MatMult and elementwise instructions against NumPy, is bench/kernels.bench.ts.)
 */
import { execFileSync } from 'child_process';
import * as path from 'path';
import { checkProgram } from '../engine/lang/check/checker';
import { Machine } from '../engine/machine/machine';
import { Interpreter } from '../engine/run/interpreter';
import { Program } from '../engine/ir/program';
import { parseFile } from '../engine/lang/parser';
import { DiagnosticBag } from '../engine/lang/diagnostics';
import { best, bestOfRounds, report, virtualProgram, writeJson } from './harness';
import { bigProgram } from './big-program';

function smallInstructions(): Record<string, number> {
  const n = 1_000_000;
  const program = virtualProgram(`module small
func main() {
  Set r1 = 0
  for r0 in 0..${n} {
    Set r1 = r1 + r0 * 2 + 1
  }
}
`);
  const seconds = best(3, () => new Interpreter(new Machine(program)).runFast());
  const executed = n * 2 + 2;
  return { instructions: executed, seconds, instructionsPerSecond: executed / seconds };
}

function parseAndCheck(): Record<string, number> {
  // The same program as bench/startup.bench.ts's, everything in main.
  const { text, lines: count } = bigProgram(100_000, 'flat');
  const parseSeconds = best(5, () => parseFile(text, '/virtual/big.bir', new DiagnosticBag()));
  let program: Program | undefined;
  const host = { readText: () => text, exists: () => true };
  // Bodies read once (the default) against bodies parsed in the outline first (as before), taking turns.
  const seconds = bestOfRounds(5, {
    once: () => {
      program = checkProgram('/virtual/big.bir', { host }).program;
    },
    outline: () => {
      checkProgram('/virtual/big.bir', { host, bodies: 'outline' });
    },
  });
  if (!program) throw new Error('the generated program does not check');
  return {
    lines: count,
    parseLinesPerSecond: count / parseSeconds,
    parseAndCheckLinesPerSecond: count / seconds.once,
    bodiesInOutlineLinesPerSecond: count / seconds.outline,
    outlineOverOnce: seconds.outline / seconds.once,
  };
}

/** In a fresh process, so that what the benchmark itself allocated does not blur the measurement. */
function residentMemory(): Record<string, number> {
  const out = execFileSync(process.execPath, ['--expose-gc', '-r', 'tsx/cjs', path.join(__dirname, 'memory-probe.ts')], { encoding: 'utf8' });
  const { rssDeltaBytes } = JSON.parse(out) as { rssDeltaBytes: number };
  const capacity = 128 * (192 * 1024 + 16 * 1024);
  return { capacityBytes: capacity, rssDeltaBytes, ratio: rssDeltaBytes / capacity };
}

const results = {
  smallInstructions: smallInstructions(),
  parseAndCheck: parseAndCheck(),
  residentMemory: residentMemory(),
};
report('engine', results);
writeJson(process.argv, results);
