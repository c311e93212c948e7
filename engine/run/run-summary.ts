/**
 * The line that ends every run in a debug session (like `bir-sim run`'s summary): exit code, instructions per
 * engine, simulated instructions per second, and the outputs written (or why none were).
 */
import { ENGINES } from '../ir/opcodes';
import { Machine } from '../machine/machine';

export interface RunEnd {
  readonly exitCode: number;
  /** Wall time the program ran (stops not counted), in milliseconds. */
  readonly runningMs: number;
  /** Files written; undefined when none were, with `unwritten` saying why. */
  readonly written?: readonly string[];
  readonly unwritten?: string;
}

export function runSummary(machine: Machine, end: RunEnd): string {
  const total = machine.instructionsExecuted;
  const engines = ENGINES.filter((e) => machine.counters[e] > 0).map((e) => `${e} ${machine.counters[e]}`);
  const cores = machine.ncores > 1 ? `; ${machine.cores.map((c) => `core ${c.index}: ${c.executed}`).join(', ')}` : '';
  const counts = `${total} instruction${total === 1 ? '' : 's'}${engines.length || cores ? ` (${engines.join(', ')}${cores})` : ''}`;
  const speed = end.runningMs > 0 ? `${rate((total * 1000) / end.runningMs)} instructions/s` : 'instructions/s not measured (no time ran)';
  const outputs = end.written?.length ? `wrote ${end.written.join(', ')}` : `no outputs written (${end.unwritten ?? 'the program has none'})`;
  return `Run ended with exit code ${end.exitCode}: ${counts}, ${speed}; ${outputs}`;
}

/** 1234567 -> '1.23M': three significant digits. */
function rate(perSecond: number): string {
  const [scale, unit] = perSecond >= 1e9 ? [1e9, 'G'] : perSecond >= 1e6 ? [1e6, 'M'] : perSecond >= 1e3 ? [1e3, 'k'] : [1, ''];
  return `${Number((perSecond / scale).toPrecision(3))}${unit}`;
}
