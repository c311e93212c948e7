import { Span, formatSpan } from '../base/span';

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
}

/** `file:line:col: error: message`, the form compilers print and editors link; `display` may shorten the path. */
export function formatDiagnostic(d: Diagnostic, display: (file: string) => string = (f) => f): string {
  return `${formatSpan({ ...d.span, file: display(d.span.file) })}: ${d.severity}: ${d.message}`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Collects diagnostics in the order they are found; sorted by position when read. */
export class DiagnosticBag {
  private readonly items: Diagnostic[] = [];

  error(span: Span, message: string): void {
    this.items.push({ severity: 'error', message, span });
  }

  warning(span: Span, message: string): void {
    this.items.push({ severity: 'warning', message, span });
  }

  add(d: Diagnostic): void {
    this.items.push(d);
  }

  /** How many were collected so far: a reader compares it before and after a step to know whether it reported any. */
  get count(): number {
    return this.items.length;
  }

  get hasErrors(): boolean {
    return hasErrors(this.items);
  }

  sorted(): Diagnostic[] {
    return [...this.items].sort(compareDiagnostics);
  }
}

function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.span.file !== b.span.file) return a.span.file < b.span.file ? -1 : 1;
  return a.span.line - b.span.line || a.span.col - b.span.col;
}
