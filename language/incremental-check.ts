/**
 * Diagnostics after an edit without checking the whole program again, where that gives what the whole check would.
 * The base is the file's last check without errors: its text, its program and its diagnostics (warnings). When the
 * edit changed, added or removed only instruction lines inside one function (no declaration, no brace, no call), the
 * changed lines are checked in a probe: the file without the lines of the function's body but its allocations, the
 * lines of its loops and branches and the changed lines, and without the other functions' bodies. The probe's lines
 * are the file's lines, in order, and its diagnostics are put back on the file's line numbers (their spans, and the
 * lines their messages name). The diagnostics are the base's outside the changed lines (moved as the edit moved the
 * lines after it) and the probe's on them. What the probe cannot see is left to the whole check: an edit inside an
 * independent loop (whose warning is about the whole body), near a PSUM allocation's name (the warning of a matmul
 * accumulating onto another instruction's write), in a function with a `return` (unreachable code). */
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { checkProgram, SourceHost } from '../engine/lang/check/checker';
import { Diagnostic } from '../engine/lang/diagnostics';
import { FunctionIR, Node, Program } from '../engine/ir/program';
import { ChangedLines, changedLines, moved, plainLine } from './changed-lines';

/** The last check of a file without errors. */
export interface CheckBase {
  readonly text: string;
  readonly program: Program;
  /** Its diagnostics in this file (warnings), as published. */
  readonly diagnostics: readonly LspDiagnostic[];
}

/** More changed lines than this are checked whole: the probe would be most of the function. */
const MAX_CHANGED_LINES = 500;

/**
 * The diagnostics of `file` with text `text`, from `base` and a probe of the changed lines, or undefined when only
 * the whole check can say (then the caller checks the whole program).
 */
export function quickDiagnostics(base: CheckBase, file: string, text: string, host: SourceHost, toLsp: (d: Diagnostic) => LspDiagnostic): LspDiagnostic[] | undefined {
  // Back to the base's text (a mistake mended): its diagnostics.
  if (text === base.text) return [...base.diagnostics];
  const changed = changedLines(base.text, text);
  if (Math.max(changed.before.length, changed.after.length) > MAX_CHANGED_LINES) return undefined;
  if (![...changed.before, ...changed.after].every(plainLine)) return undefined;
  const fn = [...base.program.functions.values()].find((f) => f.span.file === file && f.span.line < changed.first && changed.lastBefore < f.body.end.line);
  if (!fn || !probeable(base.program, fn, changed)) return undefined;
  const probe = probeOf(text, base.program, file, fn, changed);
  const probeHost: SourceHost = { readText: (f) => (f === file ? probe.text : host.readText(f)), exists: (f) => f === file || host.exists(f) };
  const { diagnostics } = checkProgram(file, { host: probeHost });
  const wasChanged = (line: number): boolean => line >= changed.first && line <= changed.lastBefore;
  const isChanged = (line: number): boolean => line >= changed.first && line <= changed.lastAfter;
  const kept = base.diagnostics.filter((d) => !wasChanged(d.range.start.line + 1)).map((d) => shifted(d, changed));
  const found = diagnostics.filter((d) => d.span.file === file).map((d) => inFileLines(d, probe.lineOf)).filter((d) => isChanged(d.span.line)).map(toLsp);
  return [...kept, ...found].sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}

/** A diagnostic of the base in the edited text's lines: its range's, and those its message names. */
function shifted(d: LspDiagnostic, changed: ChangedLines): LspDiagnostic {
  if (changed.lastAfter === changed.lastBefore) return d;
  const line = (l: number): number => moved(l + 1, changed) - 1;
  const message = d.message.replace(/\bline (\d+)\b/g, (_, n: string) => `line ${moved(Number(n), changed)}`);
  return { ...d, message, range: { start: { ...d.range.start, line: line(d.range.start.line) }, end: { ...d.range.end, line: line(d.range.end.line) } } };
}

/** A line of a text (1-based), found without splitting the text. */
function lineAt(text: string, line: number): string {
  let start = 0;
  for (let l = 1; l < line && start >= 0; l++) start = text.indexOf('\n', start) + 1 || -1;
  if (start < 0) return '';
  const end = text.indexOf('\n', start);
  return text.slice(start, end < 0 ? undefined : end);
}

/** The loops and branches of a function (its nodes kept as objects), and whether it has a return. */
function structureOf(program: Program, fn: FunctionIR): Node[] {
  const out: Node[] = [];
  for (const node of program.code.objectNodes()) if (node.fn === fn) out.push(node);
  return out;
}

/** Whether the probe sees all that decides the changed lines' diagnostics (see the file's comment). */
function probeable(program: Program, fn: FunctionIR, changed: ChangedLines): boolean {
  const header = lineAt(program.sources.get(fn.span.file) ?? '', fn.span.line);
  if (!header.includes('{')) return false;
  for (const node of structureOf(program, fn)) {
    if (node.kind === 'return') return false;
    if (node.kind === 'for' && node.independent && node.span.line <= changed.lastBefore && node.body.end.line >= changed.first) return false;
  }
  const psum = fn.allocs.filter((a) => a.memory === 'psum').map((a) => new RegExp(`\\b${a.name}\\b`));
  return !psum.some((name) => [...changed.before, ...changed.after].some((l) => name.test(l)));
}

/**
 * The file with the lines the changed ones need and no other, in their order: the probe's text, and the file's line
 * of each of its lines (1-based; index 0 unused).
 */
function probeOf(text: string, program: Program, file: string, fn: FunctionIR, changed: ChangedLines): { text: string; lineOf: number[] } {
  // The base's lines are the edited text's where the edit moved them.
  const at = (line: number): number => moved(line, changed);
  const kept = new Set<number>();
  const functions = [...program.functions.values()].filter((f) => f.span.file === file);
  // Top-level lines (declarations, imports) are kept, and the header and end of every function of the file.
  const bodies = functions.map((f) => [at(f.span.line) + 1, at(f.body.end.line) - 1]).sort((a, b) => a[0] - b[0]);
  for (const a of fn.allocs) for (let l = a.span.line; l <= a.span.endLine; l++) kept.add(at(l));
  for (const node of structureOf(program, fn)) {
    kept.add(at(node.span.line));
    if (node.kind === 'for') kept.add(at(node.body.end.line));
    if (node.kind === 'if') {
      kept.add(at(node.then.end.line));
      if (node.else) kept.add(at(node.else.end.line));
    }
  }
  for (let l = changed.first; l <= changed.lastAfter; l++) kept.add(l);
  const lines: string[] = [];
  const lineOf = [0];
  let body = 0;
  let start = 0;
  for (let line = 1; start <= text.length; line++) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    while (body < bodies.length && bodies[body][1] < line) body++;
    const inBody = body < bodies.length && bodies[body][0] <= line;
    if (!inBody || kept.has(line)) {
      lines.push(text.slice(start, end));
      lineOf.push(line);
    }
    if (nl < 0) break;
    start = nl + 1;
  }
  return { text: lines.join('\n'), lineOf };
}

/** A diagnostic of the probe in the file's lines: its span's, and those its message names (`the loop at line 3`). */
function inFileLines(d: Diagnostic, lineOf: readonly number[]): Diagnostic {
  const real = (l: number): number => lineOf[l] ?? l;
  const message = d.message.replace(/\bline (\d+)\b/g, (_, n: string) => `line ${real(Number(n))}`);
  return { ...d, message, span: { ...d.span, line: real(d.span.line), endLine: real(d.span.endLine) } };
}
