/**
 * Live diagnostics: each open document is checked as the entry of a program (its imports read as the editor has them),
 * shortly after it changes, and the checker's diagnostics of that file are published. A change to one file checks
 * again every open document, since any of them may import it.
 */
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { checkProgram } from '../engine/lang/check/checker';
import { Diagnostic } from '../engine/lang/diagnostics';
import { toRange, uriOf } from './positions';
import { Workspace } from './workspace';

/** How long after the last keystroke a check starts. */
const DELAY_MS = 60;

export class LiveDiagnostics {
  private timer: NodeJS.Timeout | undefined;
  private readonly due = new Set<string>();

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

  closed(file: string): void {
    this.due.delete(file);
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
      void this.connection.sendDiagnostics({ uri: uriOf(file), diagnostics: checkFile(this.ws, file) });
    }
  }
}

/** The diagnostics of a file checked as a program's entry. */
export function checkFile(ws: Workspace, file: string): LspDiagnostic[] {
  try {
    const { diagnostics } = checkProgram(file, { host: ws.host() });
    return diagnostics.filter((d) => d.span.file === file).map(toLsp);
  } catch (e) {
    // A defect of the checker is shown where the user looks, not lost in a log.
    return [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Error, source: 'bir', message: `internal error of the checker: ${(e as Error).message}` }];
  }
}

function toLsp(d: Diagnostic): LspDiagnostic {
  const range = toRange(d.span);
  if (range.end.line === range.start.line && range.end.character <= range.start.character) range.end = { line: range.start.line, character: range.start.character + 1 };
  return { range, severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning, source: 'bir', message: d.message };
}
