/**
 * bir-sim run FILE --reference DIR [--rtol X] [--atol X]: the run compared with DIR/NAME.npy for every output as it
 * goes (diff/reference-run.ts), ending at the first write out of tolerance with the instruction, the element, both
 * values and `:why` of the element. Exit status 1 when a write differs (or the run faults), 0 when every write
 * agrees, 2 on a reference that cannot be used.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Program } from '../ir/program';
import { LoadError } from '../machine/machine';
import { formatNumber } from '../eval/format';
import { describeWrite, formatSample } from '../debug/origins';
import { absolutePath } from '../debug/shown-path';
import { describeFault } from '../run/describe-fault';
import { npyMachineOptions, RunOptions } from '../run/simulate';
import { BadReference, ReferenceFolder, Tolerance } from '../diff/output-reference';
import { runAgainstReference } from '../diff/reference-run';
import { UsageError } from './args';
import { display } from './run-flags';

export const REFERENCE_HELP = `        --reference DIR
                       compare every write of an output with DIR/NAME.npy as the run goes (bit for bit, or
                       within --rtol X / --atol X: |a - b| <= atol + rtol * |b|); the run ends at the first write
                       that differs, printed with its instruction (file:line:col), both values and :why`;

interface ReferenceIO {
  out(text: string): void;
  err(text: string): void;
}

/** --rtol and --atol, which need --reference; either one alone leaves the other 0; neither compares bit for bit. */
export function parseTolerance(rtol: string | undefined, atol: string | undefined, referenceDir: string | undefined): Tolerance | undefined {
  if (rtol === undefined && atol === undefined) return undefined;
  if (referenceDir === undefined) throw new UsageError('--rtol and --atol compare with a reference: they need --reference DIR');
  return { rtol: nonNegative('--rtol', rtol), atol: nonNegative('--atol', atol) };
}

function nonNegative(flag: string, value: string | undefined): number {
  if (value === undefined) return 0;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new UsageError(`${flag} must be a number from 0, found '${value}'`);
  return n;
}

export function checkReferenceDir(dir: string): void {
  let folder = false;
  try {
    folder = fs.statSync(dir).isDirectory();
  } catch {
    folder = false;
  }
  if (!folder) throw new UsageError(`--reference ${dir}: no such folder`);
}

export function runWithReference(program: Program, options: RunOptions, dir: string, tolerance: Tolerance | undefined, io: ReferenceIO): number {
  let folder: ReferenceFolder;
  try {
    folder = new ReferenceFolder(program, path.resolve(dir), dir, tolerance);
  } catch (e) {
    if (e instanceof BadReference) {
      io.err(`bir-sim: ${e.message}`);
      return 2;
    }
    throw e;
  }
  let result;
  try {
    result = runAgainstReference(program, npyMachineOptions(options), folder);
  } catch (e) {
    if (e instanceof LoadError) {
      io.err(`bir-sim: ${e.message}`);
      return 2;
    }
    throw e;
  }
  const compared = `${folder.tensors.map((d) => d.name).join(', ')} against ${dir}${tolerance ? ` (rtol ${tolerance.rtol}, atol ${tolerance.atol})` : ' bit for bit'}`;
  const first = result.first;
  if (first) {
    const m = first.mismatch;
    io.err(`bir-sim: ${m.element} = ${formatNumber(m.value)} differs from ${path.join(dir, `${m.tensor}.npy`)} (${formatNumber(m.expected)}), written by ${shown(describeWrite({ ...first.writer, allocation: false }, absolutePath))}`);
    if (first.origin) {
      io.err(`  :why ${m.element} = ${formatNumber(m.value)} ← ${shown(first.origin.text)}`);
      for (const input of first.origin.inputs.slice(0, 8)) io.err(`    ${input.name} = ${formatSample(input.value)}`);
    }
    io.err(`bir-sim: the run was ended there, after ${result.writes.toLocaleString('en-US')} element writes of ${compared}`);
    return 1;
  }
  const outcome = result.outcome!;
  if (outcome.kind === 'failed') {
    io.err(describeFault(outcome.fault, result.machine, display));
    return 1;
  }
  io.out(`every write agrees: ${result.writes.toLocaleString('en-US')} element writes of ${compared}`);
  return 0;
}

/** Paths in the texts are absolute: shown as the terminal shows files. */
function shown(text: string): string {
  return text.replace(/(\/[^\s:]+\.bir):(\d+):(\d+)/g, (_m, file: string, l: string, c: string) => `${display(file)}:${l}:${c}`);
}
