/** A differential run in words, for a terminal (`bir-sim diff`): the first divergence, its origin, `:why` of each side. */
import { formatNumber } from '../eval/format';
import { describeWrite, formatSample, Origin } from '../debug/origins';
import { absolutePath } from '../debug/shown-path';
import { RunDiff } from './diff-runs';
import { WriteSide } from './lockstep';
import { SideStep } from './origin-walk';

export function diffReport(diff: RunDiff, display: (file: string) => string = (f) => f): string[] {
  const { a, b } = diff.labels;
  const lines: string[] = [];
  const compared = `${diff.compared.length} dram tensor${diff.compared.length === 1 ? '' : 's'} (${diff.compared.join(', ')})`;
  const only = [diff.onlyA.length ? `only in A: ${diff.onlyA.join(', ')}` : '', diff.onlyB.length ? `only in B: ${diff.onlyB.join(', ')}` : ''].filter(Boolean).join('; ');
  lines.push(`A = ${a}`, `B = ${b}`, `compared ${compared}, ${diff.writes.toLocaleString('en-US')} element writes${only ? `; ${only}` : ''}`);
  const d = diff.dram;
  if (!d) {
    lines.push(diff.endings ? `the runs differ: their DRAM agrees bit for bit, but ${diff.endings}` : 'the runs do not differ: every DRAM write and value agrees bit for bit');
    return lines.map((l) => relative(l, display));
  }
  if (d.initial) {
    lines.push(`the runs differ: every write agrees, but ${d.element} started different (never written): A ${value(d.a)}, B ${value(d.b)} (an input or an initializer)`);
    return lines.map((l) => relative(l, display));
  }
  lines.push(`the runs differ: first divergence at ${d.element}, its ${ordinal(d.ordinal + 1)} write`);
  lines.push(`  A: ${written(d.a, 'B')}`, `  B: ${written(d.b, 'A')}`);
  const steps = diff.steps;
  if (steps) {
    const origin = steps[steps.length - 1];
    if (origin.extra) {
      const [doer, other] = origin.extra === 'a' ? ['A', 'B'] : ['B', 'A'];
      lines.push(`born at ${doer}'s instruction below: it changes a value that ${other} keeps as it is (${origin.extra === 'a' ? origin.b.name : origin.a.name} = ${formatSample(origin.extra === 'a' ? origin.b.value : origin.a.value)}), a step only ${doer} takes`);
    } else if (origin.a.origin.by && origin.b.origin.by) {
      lines.push(`born at (the first instruction whose inputs agree and whose results differ): ${origin.a.name}${origin.b.name !== origin.a.name ? ` / ${origin.b.name}` : ''}`);
    } else {
      lines.push(`born before the run: the values no instruction wrote differ (${origin.a.name} / ${origin.b.name})`);
    }
    lines.push(`  A: ${bornAt(origin.a)}`, `  B: ${bornAt(origin.b)}`);
    lines.push(':why of A:', ...steps.map((s, i) => `  ${'  '.repeat(i)}${whyLine(s.a)}`));
    lines.push(':why of B:', ...steps.map((s, i) => `  ${'  '.repeat(i)}${whyLine(s.b)}`));
  } else if (diff.lone) {
    lines.push(`:why of ${diff.lone.side.toUpperCase()}:`, `  ${d.element} = ${value(diff.lone.side === 'a' ? d.a : d.b)} ← ${diff.lone.origin.text}`, ...inputLines(diff.lone.origin));
  }
  if (diff.endings) lines.push(`and ${diff.endings}`);
  return lines.map((l) => relative(l, display));
}

function written(side: WriteSide | undefined, other: string): string {
  if (!side?.writer) return `makes no such write (${other} does)`;
  return `${value(side)} (bits 0x${(side.bits >>> 0).toString(16)}) written by ${describeWrite({ ...side.writer, allocation: false }, absolutePath)}`;
}

function value(side: WriteSide | undefined): string {
  return side ? formatNumber(side.value) : '?';
}

function bornAt(s: SideStep): string {
  return `${s.name} = ${formatSample(s.value)} ← ${s.origin.text}`;
}

function whyLine(s: SideStep): string {
  const inputs = s.origin.inputs.length ? `; read ${s.origin.inputs.slice(0, 4).map((i) => `${i.name} = ${formatSample(i.value)}`).join(', ')}${s.origin.inputs.length > 4 ? `, … (${s.origin.inputs.length} values)` : ''}` : '';
  return `${s.name} = ${formatSample(s.value)} ← ${s.origin.text}${inputs}`;
}

function inputLines(o: Origin): string[] {
  return o.inputs.slice(0, 8).map((i) => `    ${i.label} = ${formatSample(i.value)}`);
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** Spans in the origins' texts are absolute paths: shown as the terminal shows files. */
function relative(line: string, display: (file: string) => string): string {
  return line.replace(/(\/[^\s:]+\.bir):(\d+):(\d+)/g, (_m, file: string, l: string, c: string) => `${display(file)}:${l}:${c}`);
}
