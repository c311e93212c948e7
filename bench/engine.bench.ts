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
import { best, report, virtualProgram, writeJson } from './harness';

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
  const lines: string[] = ['module big', 'dram x : f32[128, 512] input = zeros', 'dram y : f32[128, 512] output', 'func main() {',
    '  sbuf a : f32[128, 512]', '  sbuf b : f32[128, 512]', '  DmaCopy a <- x'];
  let i = 0;
  while (lines.length < 100_000 - 2) {
    const k = i++ % 4;
    if (k === 0) lines.push(`  TensorScalar b <- a, op = mul, scalar = ${(i % 7) + 0.5}, op1 = add, scalar1 = r${i % 16}`);
    else if (k === 1) lines.push(`  Activation a[0:64, ${i % 256} : ${i % 256} + 256] <- b[0:64, 0:256], func = relu, scale = 2`);
    else if (k === 2) lines.push(`  Set r${i % 16} = r${(i + 3) % 16} * 4 + ${i % 100}  # comment ${i}`);
    else lines.push(`  TensorTensor b <- a, b, op = add`);
  }
  lines.push('  DmaCopy y <- b', '}');
  const text = `${lines.join('\n')}\n`;
  const count = lines.length;
  const parseSeconds = best(3, () => parseFile(text, '/virtual/big.bir', new DiagnosticBag()));
  let program: Program | undefined;
  const checkSeconds = best(3, () => {
    const r = checkProgram('/virtual/big.bir', { host: { readText: () => text, exists: () => true } });
    program = r.program;
  });
  if (!program) throw new Error('the generated program does not check');
  return { lines: count, parseLinesPerSecond: count / parseSeconds, parseAndCheckLinesPerSecond: count / checkSeconds };
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
