/**
 * Live diagnostics: each open document is checked as the entry of a program (its imports read as the editor has them),
 * shortly after it changes, and the checker's diagnostics of that file are published. A change to one file checks
 * again every open document, since any of them may import it.
 */
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { checkProgram } from '../engine/lang/check/checker';
import { Program } from '../engine/ir/program';
import { Diagnostic } from '../engine/lang/diagnostics';
import { toRange, uriOf } from './positions';
import { Workspace } from './workspace';

/** How long after the last keystroke a check starts. */
const DELAY_MS = 60;

export class LiveDiagnostics {
  private timer: NodeJS.Timeout | undefined;
  private readonly due = new Set<string>();
  /** The last program each open document checked to, without errors: what hovers and inlay hints read shapes and places from. */
  private readonly programs = new Map<string, Program>();

  constructor(private readonly ws: Workspace, private readonly connection: Connection) {}

  /** Checks every open document soon, `first` first. */
  changed(first?: string): void {
    for (const f of this.ws.openFiles()) this.due.add(f);
    if (first) {
      this.due.delete(first);
      this.due.add(first);
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(first), DELAY_MS);
  }

  /** A checked program that holds a file (as its entry or an import), the entry's first. */
  programFor(file: string): Program | undefined {
    return this.programs.get(file) ?? [...this.programs.values()].find((p) => p.sources.has(file));
  }

  closed(file: string): void {
    this.due.delete(file);
    this.programs.delete(file);
    void this.connection.sendDiagnostics({ uri: uriOf(file), diagnostics: [] });
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private run(first: string | undefined): void {
    const order = [...this.due];
    if (first && this.due.has(first)) order.unshift(...order.splice(order.indexOf(first), 1));
    this.due.clear();
    for (const file of order) {
      if (!this.ws.isOpen(file)) continue;
      const { diagnostics, program } = checkFile(this.ws, file);
      if (program) this.programs.set(file, program);
      void this.connection.sendDiagnostics({ uri: uriOf(file), diagnostics });
    }
  }
}

/** The diagnostics of a file checked as a program's entry, and the program when it has no error. */
export function checkFile(ws: Workspace, file: string): { diagnostics: LspDiagnostic[]; program?: Program } {
  try {
    const { diagnostics, program } = checkProgram(file, { host: ws.host() });
    return { diagnostics: diagnostics.filter((d) => d.span.file === file).map(toLsp), program };
  } catch (e) {
    // A defect of the checker is shown where the user looks, not lost in a log.
    return { diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Error, source: 'bir', message: `internal error of the checker: ${(e as Error).message}` }] };
  }
}

function toLsp(d: Diagnostic): LspDiagnostic {
  const range = toRange(d.span);
  if (range.end.line === range.start.line && range.end.character <= range.start.character) range.end = { line: range.start.line, character: range.start.character + 1 };
  return { range, severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning, source: 'bir', message: d.message };
}
