/** Programs written in a test, checked without touching the disk. */
import * as path from 'path';
import { checkProgram, CheckResult, SourceHost } from '../../engine/lang/check/checker';
import { formatDiagnostic } from '../../engine/lang/diagnostics';
import { Program } from '../../engine/ir/program';

export function virtualHost(files: Record<string, string>): SourceHost {
  const abs = new Map(Object.entries(files).map(([name, text]) => [path.resolve('/virtual', name), text]));
  return { readText: (f) => abs.get(f), exists: (f) => abs.has(f) };
}

export function checkText(text: string, name = 'test.bir', more: Record<string, string> = {}): CheckResult {
  return checkProgram(path.resolve('/virtual', name), { host: virtualHost({ [name]: text, ...more }) });
}

/** A program that must check without errors; fails the test with the diagnostics otherwise. */
export function programOf(text: string, name = 'test.bir', more: Record<string, string> = {}): Program {
  const r = checkText(text, name, more);
  if (!r.program) throw new Error(`program does not check:\n${r.diagnostics.map((d) => formatDiagnostic(d)).join('\n')}`);
  return r.program;
}

/** A text's diagnostics as `line:col: message`. */
export function diagnosticsAt(text: string): string[] {
  return checkText(text).diagnostics.map((d) => `${d.span.line}:${d.span.col}: ${d.message}`);
}

/** `module m`, the declarations, and a `main` whose body is the lines given (indented). */
export function mainModule(decls: readonly string[], body: readonly string[]): string {
  return ['module m', ...decls, 'func main() {', ...body.map((l) => `  ${l}`), '}', ''].join('\n');
}
