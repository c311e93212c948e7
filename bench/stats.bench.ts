/**
 * What per-opcode statistics cost (bir-sim run --stats, the launch attribute stats), and that a run without them is
 * as fast as before: the fast loop on the Set loop of bench/engine.bench.ts and on issue 23's call loop, plain and
 * with statistics, variants taking turns, CPU time of the best of the rounds.
 *   npx tsx bench/stats.bench.ts [--rounds 7] [--plain] [--json FILE]
 * Run it with --plain here and in a checkout before the change (which has only the plain run) to compare the plain
 * runs: in one process the timed executors make the interpreter's call of an executor see two kinds of closure.
 */
import { Machine } from '../engine/machine/machine';
import { Interpreter } from '../engine/run/interpreter';
import { report, virtualProgram, writeJson } from './harness';

const SET_LOOP = `module setloop
func main() {
  Set r1 = 0
  for r0 in 0..1000000 {
    Set r1 = r1 + r0 * 2 + 1
  }
}
`;

const CALL_LOOP = `module callloop
dram y : f32[1, 4] output
func body(t: sbuf f32[1, 4], r3) {
  TensorScalar t <- t, op = add, scalar = r3
  TensorScalar t <- t, op = mul, scalar = 0.5
}
func main() {
  sbuf acc : f32[1, 4]
  Memset acc <- 0
  for r0 in 0..100000 {
    call body(acc, r0)
    TensorScalar acc <- acc, op = add, scalar = 1
  }
  DmaCopy y <- acc
}
`;

/** The statistics, where this checkout has them (loaded by name, so that the bench runs before the change too). */
function statsMaker(): (() => unknown) | undefined {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { OpcodeStats } = require('../engine/run/opcode-stats') as { OpcodeStats: new () => unknown };
    return () => new OpcodeStats();
  } catch {
    return undefined;
  }
}

/** CPU seconds (user and system) of one run: a shared, loaded machine weighs less on it than on wall time. */
function cpuSeconds(run: () => void): number {
  const t0 = process.cpuUsage();
  run();
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / 1e6;
}

const argv = process.argv;
const rounds = Number(argv[argv.indexOf('--rounds') + 1] ?? 7) || 7;
const makeStats = argv.includes('--plain') ? undefined : statsMaker();
const results: Record<string, Record<string, number>> = {};
for (const [name, text] of [['setLoop', SET_LOOP], ['callLoop', CALL_LOOP]] as const) {
  const program = virtualProgram(text);
  const variants: Record<string, () => void> = {
    plain: () => void new Interpreter(new Machine(program)).runFast(),
    ...(makeStats ? { stats: () => void new (Interpreter as new (...a: unknown[]) => Interpreter)(new Machine(program), undefined, makeStats()).runFast() } : {}),
  };
  const fastest: Record<string, number> = Object.fromEntries(Object.keys(variants).map((k) => [k, Infinity]));
  for (let i = 0; i < rounds; i++) for (const [k, run] of Object.entries(variants)) fastest[k] = Math.min(fastest[k], cpuSeconds(run));
  results[name] = { plainSeconds: fastest.plain, ...(makeStats ? { statsSeconds: fastest.stats, statsRatio: fastest.stats / fastest.plain } : {}) };
}
report('per-opcode statistics', results);
writeJson(argv, results);
