/**
 * What the hover says of an instruction: its opcode and source line, when it ran and for how long (ns, and its
 * engine's cycles), what set its start, and "why is it waiting": its incoming dependencies with the wait each alone
 * caused, longest first (engine/perf/why-waiting.ts computes the same from the same columns).
 */
import { formatNs } from '../../contract/time-format';
import { fileOfInstruction, lineOfInstruction, Model, opcodeOf } from './model';

/** The most dependencies the hover lists. */
const SHOWN_DEPENDENCIES = 4;

export interface HoverText {
  readonly title: string;
  readonly lines: readonly string[];
}

export function hoverText(m: Model, i: number, stopped: number | undefined): HoverText {
  const duration = m.end[i] - m.start[i];
  const laneName = m.header.lanes[m.lane[i]];
  const engine = laneName.replace(/^core \d+ /, '');
  const ghz = m.header.clocks[engine];
  const queues = m.queues[i] > 1 ? ` on ${m.queues[i]} queues` : '';
  const cycles = ghz ? `, ${Math.round(duration * ghz).toLocaleString('en-US')} cycles at ${ghz} GHz` : '';
  const lines = [
    `${baseName(fileOfInstruction(m, i))}:${lineOfInstruction(m, i)} · ${laneName}${queues}`,
    `${formatNs(m.start[i])} → ${formatNs(m.end[i])}: ${formatNs(duration)}${cycles}`,
    startSetBy(m, i),
  ];
  const deps = dependencies(m, i);
  if (deps.length) lines.push('waited for:', ...deps);
  if (m.onPath[i]) lines.push('on the critical path');
  if (stopped !== undefined) lines.push(m.tick[i] < stopped ? 'has run' : m.tick[i] === stopped ? 'the debugger is stopped before it' : 'not run yet');
  return { title: `${opcodeOf(m, i)} (instruction ${i.toLocaleString('en-US')})`, lines };
}

function startSetBy(m: Model, i: number): string {
  const kind = m.header.waitNames[m.waitKind[i]];
  const from = m.waitedOn[i];
  if (from < 0) return kind === 'start' ? 'starts with the run' : `start set by ${kind}`;
  const what = kind === 'engine' ? 'its engine: the instruction before it' : kind;
  return `start set by ${what}: ${opcodeOf(m, from)} line ${lineOfInstruction(m, from)}, ended ${formatNs(m.end[from])}`;
}

/** Its incoming dependencies, longest wait first, as lines. */
function dependencies(m: Model, i: number): string[] {
  const rows: number[] = [];
  for (let k = m.hazardStart[i]; k < m.hazardStart[i + 1]; k++) rows.push(k);
  rows.sort((a, b) => m.hazardWait[b] - m.hazardWait[a] || m.hazardFrom[a] - m.hazardFrom[b]);
  const out = rows.slice(0, SHOWN_DEPENDENCIES).map((k) => {
    const from = m.hazardFrom[k];
    return `  ${m.header.waitNames[m.hazardKind[k]]} on line ${lineOfInstruction(m, from)} (${opcodeOf(m, from)}): ${formatNs(m.hazardWait[k])}`;
  });
  if (rows.length > SHOWN_DEPENDENCIES) out.push(`  and ${rows.length - SHOWN_DEPENDENCIES} more`);
  return out;
}

function baseName(file: string): string {
  return file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
}
