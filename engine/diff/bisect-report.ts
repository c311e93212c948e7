/** A bisection's answer in words for a terminal (`bir-sim bisect`), and as JSON for machines (`--json`). */
import { formatNumber } from '../eval/format';
import { describeWrite } from '../debug/origins';
import { absolutePath } from '../debug/shown-path';
import { BisectResult } from './bisect';
import { diffReport } from './diff-report';
import { WriteSide } from './lockstep';
import { OutputMismatch } from './output-reference';

type Display = (file: string) => string;

export function bisectReport(r: BisectResult, passes: readonly string[], display: Display = (f) => f): string[] {
  const list = passes.join(', ') || 'no passes';
  const lines = [`passes ${r.passes.map((p) => `${p.pass} (${p.rewrites} rewrite${p.rewrites === 1 ? '' : 's'}${p.alwaysRuns ? ', always runs' : ''})`).join(', ') || 'none'}; compared with ${r.against}; ${r.runs} run${r.runs === 1 ? '' : 's'}`];
  if (r.verdict === 'nothing differs') {
    lines.push(`nothing differs after ${list}: the outputs agree with ${r.against}`);
    return lines;
  }
  if (r.verdict === 'as written') {
    lines.push(`the program differs from ${r.against} before any rewrite: no pass is to blame`, `  ${mismatchText(r.mismatch!, r.against)}`);
    return lines;
  }
  const c = r.culprit!;
  const ordinal = r.passes.slice(0, c.passIndex).reduce((n, p) => n + (p.alwaysRuns ? 0 : p.rewrites), 0) + c.rewrite.index + 1;
  lines.push(
    `the outputs differ after rewrite ${c.rewrite.index} of pass '${c.pass}' (the ${ordinal}${suffix(ordinal)} of ${r.rewrites} rewrites): ${c.rewrite.what} (${place(c.rewrite.span, display)})`,
    `  ${mismatchText(r.mismatch!, r.against)}`,
  );
  if (r.divergence) {
    lines.push('the program after the rewrite (A) against the program before it (B):', ...diffReport(r.divergence, display).map((l) => `  ${l}`));
  } else if (r.divergenceError) {
    lines.push(`no lockstep diff of the program before and after the rewrite: ${r.divergenceError}`);
  }
  return lines;
}

export function bisectJson(r: BisectResult, display: Display = (f) => f): Record<string, unknown> {
  const out: Record<string, unknown> = { verdict: r.verdict, against: r.against, passes: r.passes, rewrites: r.rewrites, runs: r.runs };
  if (r.culprit) {
    const w = r.culprit.rewrite;
    out.culprit = { pass: r.culprit.pass, passIndex: r.culprit.passIndex, rewrite: w.index, what: w.what, at: place(w.span, display), node: w.node };
  }
  if (r.mismatch) out.output = r.mismatch;
  const d = r.divergence?.dram;
  if (d) {
    out.firstDivergence = { element: d.element, write: d.ordinal + 1, after: sideJson(d.a, display), before: sideJson(d.b, display) };
    const steps = r.divergence!.steps;
    const born = steps?.[steps.length - 1];
    if (born) (out.firstDivergence as Record<string, unknown>).bornAt = { after: { element: born.a.name, origin: relative(born.a.origin.text, display) }, before: { element: born.b.name, origin: relative(born.b.origin.text, display) } };
  } else if (r.divergence?.endings) {
    out.firstDivergence = { endings: r.divergence.endings };
  }
  if (r.divergenceError) out.divergenceError = r.divergenceError;
  return out;
}

function sideJson(side: WriteSide | undefined, display: Display): Record<string, unknown> | null {
  if (!side) return null;
  const w = side.writer;
  const node = w && (w.member ?? w.node);
  return {
    value: side.value,
    bits: `0x${(side.bits >>> 0).toString(16)}`,
    ...(w && node ? { by: relative(describeWrite({ ...w, allocation: false }, absolutePath), display), at: place(node.span, display), instruction: w.instructions, core: w.core } : {}),
  };
}

function mismatchText(m: OutputMismatch, against: string): string {
  if (m.kind === 'ending') return `the run ${m.ending}; with ${against} it ${m.expected}`;
  return `first output element that differs: ${m.element} = ${formatNumber(m.value)}, ${against} has ${formatNumber(m.expected)}`;
}

function place(span: { file: string; line: number; col: number }, display: Display): string {
  return `${display(span.file)}:${span.line}:${span.col}`;
}

function suffix(n: number): string {
  const tens = n % 100;
  return tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
}

/** Spans in origins' texts are absolute paths: shown as the terminal shows files. */
function relative(text: string, display: Display): string {
  return text.replace(/(\/[^\s:]+\.bir):(\d+):(\d+)/g, (_m, file: string, l: string, c: string) => `${display(file)}:${l}:${c}`);
}
