/**
 * The line that ends every run in a debug session (like `bir-sim run`'s summary): exit code, instructions per
 * engine, simulated instructions per second when the run was long enough for the figure to mean something, and the
 * outputs written (or why none were).
 */
import { ENGINES } from '../ir/opcodes';
import { Machine } from '../machine/machine';

export interface RunEnd {
  readonly exitCode: number;
  /** Wall time the program ran (stops not counted), in milliseconds. */
  readonly runningMs: number;
  /** Times the program was set running (the start, then every continue or step): each costs time of its own. */
  readonly runs?: number;
  /** Files written; undefined when none were, with `unwritten` saying why. */
  readonly written?: readonly string[];
  readonly unwritten?: string;
}

/**
 * A speed is given only for a run that ran this long, with this many instructions on average each time it was set
 * running: below, the figure measures the cost of starting, stepping and stopping, not the simulator.
 */
export const RATE_FROM_MS = 20;
export const RATE_FROM_INSTRUCTIONS_PER_RUN = 10_000;

export function runSummary(machine: Machine, end: RunEnd): string {
  const total = machine.instructionsExecuted;
  const engines = ENGINES.filter((e) => machine.counters[e] > 0).map((e) => `${e} ${count(machine.counters[e])}`);
  const cores = machine.ncores > 1 ? `; ${machine.cores.map((c) => `core ${c.index}: ${count(c.executed)}`).join(', ')}` : '';
  const counts = `${count(total)} instruction${total === 1 ? '' : 's'}${engines.length || cores ? ` (${engines.join(', ')}${cores})` : ''}`;
  const speed = rateOf(total, end.runningMs, end.runs ?? 1);
  const outputs = end.written?.length ? `wrote ${end.written.join(', ')}` : `no outputs written (${end.unwritten ?? 'the program has none'})`;
  return `Run ended with exit code ${end.exitCode}: ${counts}${speed ? `, ${speed}` : ''}; ${outputs}`;
}

/** `1.23M instructions/s`, or undefined when the run was too short (or stopped too often) for a speed to mean anything. */
export function rateOf(instructions: number, runningMs: number, runs: number): string | undefined {
  if (runningMs < RATE_FROM_MS || instructions < RATE_FROM_INSTRUCTIONS_PER_RUN * Math.max(1, runs)) return undefined;
  return `${rate((instructions * 1000) / runningMs)} instructions/s`;
}

export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/** 1234567 -> '1.23M': three significant digits. */
export function rate(perSecond: number): string {
  const [scale, unit] = perSecond >= 1e9 ? [1e9, 'G'] : perSecond >= 1e6 ? [1e6, 'M'] : perSecond >= 1e3 ? [1e3, 'k'] : [1, ''];
  return `${Number((perSecond / scale).toPrecision(3))}${unit}`;
}
