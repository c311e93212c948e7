/** What the benchmarks share: timing the best of a few runs, programs from text, and printing results. */
import * as fs from 'fs';
import { performance } from 'perf_hooks';
import { checkProgram } from '../engine/lang/check/checker';
import { formatDiagnostic } from '../engine/lang/diagnostics';
import { Program } from '../engine/ir/program';

/** Seconds of the fastest of `rounds` runs: the least disturbed by a noisy, shared machine. */
export function best(rounds: number, run: () => void): number {
  let fastest = Infinity;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    run();
    fastest = Math.min(fastest, (performance.now() - t0) / 1000);
  }
  return fastest;
}

/**
 * Seconds of the fastest run of each variant over `rounds` rounds, the variants taking turns within each round: a
 * load on the shared machine then weighs on every variant alike, which sequential best-of runs do not ensure.
 */
export function bestOfRounds<K extends string>(rounds: number, runs: Record<K, () => void>): Record<K, number> {
  const fastest = Object.fromEntries(Object.keys(runs).map((k) => [k, Infinity])) as Record<K, number>;
  for (let i = 0; i < rounds; i++) {
    for (const k of Object.keys(runs) as K[]) fastest[k] = Math.min(fastest[k], best(1, runs[k]));
  }
  return fastest;
}

export function virtualProgram(text: string): Program {
  const r = checkProgram('/virtual/bench.bir', { host: { readText: () => text, exists: () => true } });
  if (!r.program) throw new Error(r.diagnostics.map((d) => formatDiagnostic(d)).join('\n'));
  return r.program;
}

export function report(name: string, results: Record<string, Record<string, number>>): void {
  console.log(`# ${name} (node ${process.version}, ${new Date().toISOString()})`);
  for (const [bench, values] of Object.entries(results)) {
    const shown = Object.entries(values).map(([k, v]) => `${k}=${Number.isInteger(v) ? v : v.toPrecision(4)}`).join('  ');
    console.log(`${bench}: ${shown}`);
  }
}

/** `--json FILE` writes the results for docs/benchmarks.md. */
export function writeJson(argv: readonly string[], results: unknown): void {
  const i = argv.indexOf('--json');
  if (i >= 0 && argv[i + 1]) fs.writeFileSync(argv[i + 1], JSON.stringify(results, null, 2));
}

/**
 * CPU time of a process so far, in ms (user + system, all its threads: the engine's worker and the collector's
 * helpers too), from /proc (Linux; the kernel's clock ticks, USER_HZ, are 100 a second): on a shared machine the CPU a
 * run takes varies far less than its wall time.
 */
export function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

