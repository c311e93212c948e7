/** What bir-sim's commands take alike: the FILE argument, the flags of a run, how files and diagnostics are shown. */
import * as fs from 'fs';
import * as path from 'path';
import { Diagnostic, formatDiagnostic } from '../lang/diagnostics';
import { Program } from '../ir/program';
import { CONTINUABLE_FAULTS, ContinuableFault } from '../machine/fault';
import { isPassName } from '../passes/pipeline';
import { PassName, unknownPass } from '../passes/registry';
import { UsageError } from './args';

export function fileArgument(positional: string[], command: string): string {
  if (positional.length !== 1) throw new UsageError(`'${command}' takes one FILE, found ${positional.length}`);
  const file = positional[0];
  if (!fs.existsSync(file)) throw new UsageError(`no such file: ${file}`);
  return file;
}

/** Paths under the working directory are printed relative to it, as compilers do. */
export function display(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}

export function printDiagnostics(diagnostics: readonly Diagnostic[], write: (text: string) => void): void {
  for (const d of diagnostics) write(formatDiagnostic(d, display));
}

export function parsePasses(value: string | undefined): PassName[] {
  if (value === undefined) return [];
  const names = value.split(',').map((s) => s.trim()).filter((s) => s);
  for (const n of names) if (!isPassName(n)) throw new UsageError(`--passes: ${unknownPass(n)}`);
  return names as PassName[];
}

/** --cores, else the program's `cores N`, else 1; a flag that overrides the declaration says so. */
export function runCores(flag: number | undefined, program: Program, io: { err(text: string): void }): number {
  const declared = program.cores;
  if (declared && flag !== undefined && flag !== declared.count) {
    io.err(`bir-sim: --cores ${flag} overrides the program's declaration 'cores ${declared.count}' (${display(declared.span.file)}:${declared.span.line})`);
  }
  return flag ?? declared?.count ?? 1;
}

export function parseCores(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new UsageError(`--cores must be an integer from 1 to 8, found '${value}'`);
  return n;
}

export function parseInputs(values: readonly string[]): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const v of values) {
    const eq = v.indexOf('=');
    if (eq <= 0 || eq === v.length - 1) throw new UsageError(`--input takes NAME=FILE.npy, found '${v}'`);
    const file = v.slice(eq + 1);
    if (!fs.existsSync(file)) throw new UsageError(`--input ${v}: no such file: ${file}`);
    inputs[v.slice(0, eq)] = path.resolve(file);
  }
  return inputs;
}

export function parseLimit(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^[0-9]+$/.test(value) || !Number.isSafeInteger(n) || n < 1) throw new UsageError(`--max-instructions must be a whole number from 1, found '${value}'`);
  return n;
}

export function parseFaults(value: string | undefined): Partial<Record<ContinuableFault, boolean>> | undefined {
  if (value === undefined) return undefined;
  const chosen = value === 'none' ? [] : value.split(',').map((s) => s.trim()).filter((s) => s);
  for (const c of chosen) {
    if (!(CONTINUABLE_FAULTS as readonly string[]).includes(c)) throw new UsageError(`--faults: unknown fault '${c}' (choose from ${CONTINUABLE_FAULTS.join(', ')}, or none)`);
  }
  return Object.fromEntries(CONTINUABLE_FAULTS.map((c) => [c, chosen.includes(c)]));
}
