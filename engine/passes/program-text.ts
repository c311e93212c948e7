/**
 * A program after passes printed as BIR text, each line with the source position it came from (the editor's "program
 * after pass" document, shown in a diff against the source). The text follows the source wherever a pass left it as it
 * was: top-level lines (module, imports, constants, tensors, comments between functions) are the source's, and a node
 * whose IR prints as the written program's node at the same place prints as its source line, with the comment and
 * blank lines before it. What a pass made (inlined, unrolled, fused, rewritten) is printed from the IR.
 */
import * as path from 'path';
import { Span } from '../base/span';
import { printAllocation, printScalar } from '../ir/print';
import { AllocInfo, CallArg, FunctionIR, IfNode, Node, Program, Region } from '../ir/program';
import { forEachNode } from '../ir/numbering';
import { instructionLabel } from '../graph/build';

/** Where a printed line came from: a file of the program and a 1-based line and column. */
export interface LineOrigin {
  readonly file: string;
  readonly line: number;
  readonly col: number;
}

export interface ProgramText {
  readonly text: string;
  /** One per line of the text: the source position it came from. */
  readonly origins: readonly LineOrigin[];
}

const INDENT = '  ';

/** `after` (a snapshot of the pipeline) as text; `written` is the program as written, to tell what the passes left alone. */
export function printProgramText(written: Program, after: Program): ProgramText {
  const out = new Printer(after.sources, writtenLines(written));
  const files = [after.entry.file, ...after.modules.map((m) => m.file).filter((f) => f !== after.entry.file)];
  files.forEach((file, i) => {
    if (i > 0) out.separator(file, path.relative(path.dirname(after.entry.file), file), after.modules.find((m) => m.file === file)?.name);
    printFile(out, file, written, after);
  });
  return { text: out.lines.join('\n') + '\n', origins: out.origins };
}

/** The head line of a node as the IR prints it: an instruction, a loop's or a branch's header, a call. */
function headOf(node: Node): string {
  switch (node.kind) {
    case 'instr': return node.members ? `Fused ${node.group} {` : instructionLabel(node);
    case 'for': {
      const step = node.step.kind === 'const' && node.step.value === 1 ? '' : ` step ${printScalar(node.step)}`;
      return `for r${node.register} in ${printScalar(node.from)}..${printScalar(node.to)}${step}${node.independent ? ' independent' : ''} {`;
    }
    case 'if': return node.block ? '{' : `if ${printScalar(node.cond)} {`;
    case 'call': {
      const name = node.callee.module === node.fn.module ? node.callee.name : node.callee.fullName;
      return `call ${name}(${node.args.map(argText).join(', ')})`;
    }
    case 'return': return 'return';
  }
}

function argText(a: CallArg): string {
  return a.kind === 'tensor' ? a.ap.text : printScalar(a.expr);
}

const placeKey = (s: Span): string => `${s.file}:${s.line}:${s.col}`;

/** The head of every node of the written program, by its source position. */
function writtenLines(written: Program): Map<string, string> {
  const heads = new Map<string, string>();
  for (const fn of written.functions.values()) forEachNode(fn.body, (n) => heads.set(placeKey(n.span), headOf(n)));
  return heads;
}

/** A file's lines: top-level ones as written, each function (where the written program has it) printed from `after`. */
function printFile(out: Printer, file: string, written: Program, after: Program): void {
  const source = out.sourceLines(file);
  const ranges = [...written.functions.values()].filter((f) => f.span.file === file).map((f) => ({ first: f.span.line, last: f.body.end.line, name: f.fullName }));
  ranges.sort((a, b) => a.first - b.first);
  let line = 1;
  for (const r of ranges) {
    for (; line < r.first; line++) out.source(file, line);
    const fn = after.functions.get(r.name);
    if (fn) printFunction(out, fn);
    line = r.last + 1;
  }
  for (; line <= source.length; line++) out.source(file, line);
  const known = new Set(ranges.map((r) => r.name));
  for (const fn of after.functions.values()) if (fn.span.file === file && !known.has(fn.fullName)) printFunction(out, fn);
}

function printFunction(out: Printer, fn: FunctionIR): void {
  out.startFunction(fn.span.file, fn.span.line, fn.body.end.line);
  // A function's span is its name's: its header is the line that names it.
  const header = out.sourceLines(fn.span.file)[fn.span.line - 1]?.trim();
  out.line(0, header?.startsWith('func') ? header : `func ${fn.name}(…) {`, fn.span);
  // A block's own allocations (a loop body's, an arm's) are printed at the start of their block.
  for (const a of fn.allocs) if (a.scope === undefined) out.line(1, allocText(out, a), a.span, true);
  printRegion(out, fn.body, 1);
  out.line(0, '}', fn.body.end);
}

function allocText(out: Printer, a: AllocInfo): string {
  const written = out.sourceText(a.span);
  const declares = written !== undefined && new RegExp(`^${a.memory}\\s+${a.name}\\s*[:[]`).test(written);
  return declares ? written : printAllocation(a);
}

function printRegion(out: Printer, region: Region, level: number): void {
  if (region.kind !== 'body') for (const a of region.allocs ?? []) out.line(level, allocText(out, a), a.span, true);
  for (const node of region.nodes) {
    out.node(level, node, headOf(node));
    if (node.kind === 'for') {
      printRegion(out, node.body, level + 1);
      out.line(level, '}', node.body.end);
    } else if (node.kind === 'if') {
      printBranches(out, node, level);
    } else if (node.kind === 'instr' && node.members) {
      for (const m of node.members) out.node(level + 1, m, headOf(m));
      out.line(level, '}', node.span);
    }
  }
}

/** An `if`'s arms; an `else` holding only an `if` that starts on its line was written `} else if ... {`. */
function printBranches(out: Printer, node: IfNode, level: number): void {
  printRegion(out, node.then, level + 1);
  const only = node.else?.nodes.length === 1 ? node.else.nodes.at(0) : undefined;
  if (only?.kind === 'if' && only.span.line === node.then.end.line) {
    out.node(level, only, headOf(only), '} else ');
    printBranches(out, only, level);
    return;
  }
  if (node.else) {
    out.line(level, '} else {', node.then.end);
    printRegion(out, node.else, level + 1);
  }
  out.line(level, '}', (node.else ?? node.then).end);
}

/** The lines being printed and their origins, with the source's lines at hand. */
class Printer {
  readonly lines: string[] = [];
  readonly origins: LineOrigin[] = [];
  private readonly split = new Map<string, string[]>();
  /** The last source line printed as written in the function being printed: comments after it and before the next one are kept. */
  private gapFile = '';
  private gapLine = 0;
  private gapEnd = 0;

  constructor(private readonly sources: ReadonlyMap<string, string>, private readonly written: ReadonlyMap<string, string>) {}

  sourceLines(file: string): string[] {
    let lines = this.split.get(file);
    if (!lines) {
      lines = (this.sources.get(file) ?? '').split(/\r?\n/);
      if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
      this.split.set(file, lines);
    }
    return lines;
  }

  /** The source line a one-line span starts, trimmed, when nothing but blanks (and `prefix`) comes before the span on it. */
  sourceText(span: Span, prefix = ''): string | undefined {
    if (span.endLine !== span.line) return undefined;
    const text = this.sourceLines(span.file)[span.line - 1];
    if (text === undefined || text.slice(0, span.col - 1).trim() !== prefix.trim()) return undefined;
    return text.trim();
  }

  /** A line of the source as it is. */
  source(file: string, line: number): void {
    this.push(this.sourceLines(file)[line - 1] ?? '', { file, line, col: 1 });
  }

  line(level: number, text: string, origin: Span, asWritten = false): void {
    if (asWritten) this.gapTo(origin, level);
    this.push(INDENT.repeat(level) + text, { file: origin.file, line: origin.line, col: origin.col });
  }

  /** A node: its source line when the passes left it as written, else its head as the IR prints it. */
  node(level: number, node: Node, head: string, prefix = ''): void {
    const asWritten = this.written.get(placeKey(node.span)) === head ? this.sourceText(node.span, prefix) : undefined;
    if (asWritten === undefined) this.line(level, prefix + head, node.span);
    else this.line(level, asWritten, node.span, true);
  }

  /** A function written on lines [first, last] of a file: the comments kept are its own. */
  startFunction(file: string, first: number, last: number): void {
    this.gapFile = file;
    this.gapLine = first;
    this.gapEnd = last;
  }

  separator(file: string, shown: string, module: string | undefined): void {
    this.push('', { file, line: 1, col: 1 });
    this.push(`# ---- ${shown}${module ? ` (module ${module})` : ''} ----`, { file, line: 1, col: 1 });
  }

  /** The comment and blank lines of the source between the last line printed as written and `to`. */
  private gapTo(to: Span, level: number): void {
    if (to.file !== this.gapFile || to.line <= this.gapLine || to.line > this.gapEnd) return;
    const lines = this.sourceLines(to.file);
    for (let l = this.gapLine + 1; l < to.line; l++) {
      const t = lines[l - 1]?.trim() ?? '';
      if (t === '' || t.startsWith('#')) this.push(t === '' ? '' : INDENT.repeat(level) + t, { file: to.file, line: l, col: 1 });
    }
    this.gapLine = to.line;
  }

  private push(text: string, origin: LineOrigin): void {
    this.lines.push(text);
    this.origins.push(origin);
  }
}
