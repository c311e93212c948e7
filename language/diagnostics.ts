/**
 * Live diagnostics: each open document is checked as the entry of a program (its imports read as the editor has them),
 * shortly after it changes, and the checker's diagnostics of that file are published. A change to one file checks
 * again every open document, since any of them may import it. An edit of instruction lines of a file whose last check
 * had no error is answered from that check and a probe of the changed lines (incremental-check.ts); the whole
 * check follows when the editing pauses, for the programs hovers and hints read and for the other open documents.
 */
import type { Connection, Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { DiagnosticSeverity } from 'vscode-languageserver';
import { checkProgram } from '../engine/lang/check/checker';
import { Program } from '../engine/ir/program';
import { Diagnostic } from '../engine/lang/diagnostics';
import { CheckBase, quickDiagnostics } from './incremental-check';
import { toRange, uriOf } from './positions';
import { Workspace } from './workspace';

/** How long after the last keystroke a check starts. */
const DELAY_MS = 60;
/** How long after the last keystroke the whole check follows an incremental one. */
const WHOLE_DELAY_MS = 1500;

export class LiveDiagnostics {
  private timer: NodeJS.Timeout | undefined;
  private readonly due = new Set<string>();
  /** The last program each open document checked to, without errors: what hovers and inlay hints read shapes and places from. */
  private readonly programs = new Map<string, Program>();
  /** Each open document's last check without errors, what an incremental check starts from. */
  private readonly bases = new Map<string, CheckBase>();
  /** The files whose whole check waits for the editing to pause, after an incremental check. */
  private readonly later = new Set<string>();
  private laterTimer: NodeJS.Timeout | undefined;

  /** `checked`: told when a file's whole check has a new program (the editor's inlay hints of it are out of date). */
  constructor(private readonly ws: Workspace, private readonly connection: Connection, private readonly checked: () => void = () => undefined) {}

  /** Checks every open document soon, `first` first. */
  changed(first?: string): void {
    clearTimeout(this.laterTimer);
    for (const f of this.later) this.due.add(f);
    this.later.clear();
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
    this.later.delete(file);
    this.programs.delete(file);
    this.bases.delete(file);
    void this.connection.sendDiagnostics({ uri: uriOf(file), diagnostics: [] });
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.laterTimer);
  }

  private run(first: string | undefined): void {
    const order = [...this.due];
    if (first && this.due.has(first)) order.unshift(...order.splice(order.indexOf(first), 1));
    this.due.clear();
    const quick = first === undefined ? undefined : this.incremental(first);
    if (quick) {
      void this.connection.sendDiagnostics({ uri: uriOf(first!), diagnostics: quick });
      for (const f of order) this.later.add(f);
      this.laterTimer = setTimeout(() => this.runLater(), WHOLE_DELAY_MS);
      return;
    }
    if (order.map((file) => this.checkWhole(file)).some((made) => made)) this.checked();
  }

  private runLater(): void {
    const files = [...this.later];
    this.later.clear();
    if (files.map((file) => this.checkWhole(file)).some((made) => made)) this.checked();
  }

  /** Whether the check made a program: hints read it, and may have been asked for before it existed. */
  private checkWhole(file: string): boolean {
    if (!this.ws.isOpen(file)) return false;
    const text = this.ws.text(file);
    const { diagnostics, program } = checkFile(this.ws, file);
    if (program) this.programs.set(file, program);
    if (program && text !== undefined) this.bases.set(file, { text, program, diagnostics });
    else this.bases.delete(file);
    void this.connection.sendDiagnostics({ uri: uriOf(file), diagnostics });
    return program !== undefined;
  }

  /** The diagnostics of an edited file from its last check without errors, when an incremental check can give them. */
  private incremental(file: string): LspDiagnostic[] | undefined {
    const base = this.bases.get(file);
    const text = this.ws.text(file);
    if (!base || text === undefined || !this.ws.isOpen(file)) return undefined;
    try {
      return quickDiagnostics(base, file, text, this.ws.host(), toLsp);
    } catch {
      return undefined; // the whole check says what went wrong
    }
  }
}

/**
 * The diagnostics of a file checked as a program's entry, and the program when it has no error. A file without
 * `func main` is a library others import (the parts of a model split over modules): checked whole, not an error.
 */
export function checkFile(ws: Workspace, file: string): { diagnostics: LspDiagnostic[]; program?: Program } {
  try {
    const { diagnostics, program } = checkProgram(file, { host: ws.host(), library: true });
    return { diagnostics: diagnostics.filter((d) => d.span.file === file).map(toLsp), program };
  } catch (e) {
    // A defect of the checker is shown where the user looks, not lost in a log.
    return { diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Error, source: 'bir', message: `internal error of the checker: ${(e as Error).message}` }] };
  }
}

/** An engine diagnostic as the protocol carries it (an empty range widened to one character, which editors show). */
export function toLsp(d: Diagnostic): LspDiagnostic {
  const range = toRange(d.span);
  if (range.end.line === range.start.line && range.end.character <= range.start.character) range.end = { line: range.start.line, character: range.start.character + 1 };
  return { range, severity: d.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning, source: 'bir', message: d.message };
}
