/**
 * The per-opcode statistics of a run (opcode-stats.ts) as people and programs read them: a table sorted by time, with
 * each opcode's share of the run and its rates, and the same figures as JSON.
 */
import { OpcodeFigures } from './opcode-stats';
import { count, rate } from './run-summary';

const HEADER = ['opcode', 'instructions', 'elements', 'time ms', 'share', 'instructions/s', 'elements/s'];

/**
 * The table; `runMs` is the wall time of the whole run, of which the rest (loops, calls, branches, timing itself) is
 * written below the opcodes.
 */
export function statsTable(figures: readonly OpcodeFigures[], runMs: number): string {
  const rows = figures.map((f) => [
    f.opcode, count(f.instructions), count(f.elements), f.ms.toFixed(1), share(f.ms, runMs), perSecond(f.instructions, f.ms), perSecond(f.elements, f.ms),
  ]);
  const timed = figures.reduce((sum, f) => sum + f.ms, 0);
  const widths = HEADER.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ').trimEnd();
  const rest = Math.max(0, runMs - timed);
  return [
    '--- time per opcode ---',
    line(HEADER),
    ...rows.map(line),
    `instructions: ${timed.toFixed(1)} ms of the run's ${runMs.toFixed(1)} ms; the other ${rest.toFixed(1)} ms (${share(rest, runMs)}) went to loops, calls, branches and the timing itself`,
  ].join('\n');
}

/** The figures as JSON: per opcode its counts and milliseconds, and the run's wall time. */
export function statsJson(figures: readonly OpcodeFigures[], runMs: number): string {
  return JSON.stringify({ runMs, opcodes: figures.map(({ opcode, instructions, elements, ms }) => ({ opcode, instructions, elements, ms })) }, null, 2);
}

function share(ms: number, runMs: number): string {
  return runMs > 0 ? `${((100 * ms) / runMs).toFixed(1)}%` : '-';
}

/** A rate only where the time was measurable; an opcode that took no time has none. */
function perSecond(n: number, ms: number): string {
  return ms > 0 && n > 0 ? rate((n * 1000) / ms) : '-';
}
