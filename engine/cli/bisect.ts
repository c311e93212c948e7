/**
 * bir-sim bisect FILE --passes LIST: the first pass, and the first rewrite in it, after which the outputs differ from
 * the program without passes or from a reference folder (diff/bisect.ts). Exit status 1 when a culprit is found (or
 * the program differs from the reference before any pass), 0 when nothing differs, 2 on bad input.
 */
import * as path from 'path';
import { checkProgram } from '../lang/check/checker';
import { LoadError } from '../machine/machine';
import { NpyArray, NpyError, readNpyFile } from '../io/npy';
import { passNamed } from '../passes/registry';
import { bisectPasses } from '../diff/bisect';
import { bisectJson, bisectReport } from '../diff/bisect-report';
import { BadReference, folderReference } from '../diff/output-reference';
import { parseArgs, UsageError } from './args';
import { checkReferenceDir, parseTolerance } from './run-reference';
import { display, fileArgument, parseCores, parseFaults, parseInputs, parseLimit, parsePasses, printDiagnostics, runCores } from './run-flags';

export const BISECT_USAGE = `  bir-sim bisect FILE --passes LIST [--reference DIR [--rtol X] [--atol X]] [--input NAME=FILE.npy]...
                   [--cores N] [--faults LIST] [--max-instructions N] [--json]`;

export const BISECT_HELP = `bisect  finds the first pass of LIST, and the first rewrite in it (an inlined call, an unrolled loop, a fused
        group, a moved or a removed instruction), after which FILE's outputs differ from the program without
        passes (bit for bit) or from a reference folder; prints the rewrite (what it was, file:line:col), the
        first output element that differs, and the first write whose bits differ between the program after the
        rewrite and before it (as diff prints it). Exit status 1 when it finds one, 0 when nothing differs.
        --reference DIR  DIR/NAME.npy for every output dram tensor (as run --out writes them)
        --rtol X, --atol X
                       with --reference: agree when |a - b| <= atol + rtol * |b| (default: bit for bit)
        --json         print the answer as JSON
        --input, --cores, --faults, --max-instructions as for run`;

interface BisectIO {
  out(text: string): void;
  err(text: string): void;
}

export function bisectCommand(argv: readonly string[], io: BisectIO): number {
  const args = parseArgs(argv, { passes: 'value', reference: 'value', rtol: 'value', atol: 'value', input: 'value', cores: 'value', faults: 'value', 'max-instructions': 'value', json: 'switch' });
  const file = fileArgument(args.positional, 'bisect');
  const passesFlag = args.flags.get('passes')?.at(-1);
  if (passesFlag === undefined) throw new UsageError("'bisect' needs --passes LIST: the pipeline to bisect");
  const passes = parsePasses(passesFlag);
  if (passes.length === 0) throw new UsageError("--passes names no pass: the pipeline to bisect is empty");
  const referenceDir = args.flags.get('reference')?.at(-1);
  const tolerance = parseTolerance(args.flags.get('rtol')?.at(-1), args.flags.get('atol')?.at(-1), referenceDir);
  if (referenceDir !== undefined) checkReferenceDir(referenceDir);
  const coresFlag = parseCores(args.flags.get('cores')?.at(-1));
  const inputs = readInputs(parseInputs(args.flags.get('input') ?? []));
  const faults = parseFaults(args.flags.get('faults')?.at(-1));
  const maxInstructions = parseLimit(args.flags.get('max-instructions')?.at(-1));

  const checked = checkProgram(file);
  printDiagnostics(checked.diagnostics, io.err);
  const program = checked.program;
  if (!program) return 2;
  const unknown = Object.keys(inputs).filter((name) => !program.drams.some((d) => d.name === name));
  if (unknown.length) throw new UsageError(`--input ${unknown.join(', ')}: ${display(file)} has no dram tensor of that name (it has ${program.drams.map((d) => d.name).join(', ') || 'none'})`);
  try {
    const reference = referenceDir === undefined ? undefined : folderReference(program, path.resolve(referenceDir), referenceDir, tolerance);
    const result = bisectPasses(program, {
      passes: passes.map(passNamed), label: display(file), cores: runCores(coresFlag, program, io), inputs, faults, maxInstructions,
      settingNames: { maxInstructions: '--max-instructions' }, reference,
    });
    if (args.flags.has('json')) io.out(JSON.stringify(bisectJson(result, display), null, 2));
    else for (const line of bisectReport(result, passes, display)) io.out(line);
    return result.verdict === 'nothing differs' ? 0 : 1;
  } catch (e) {
    if (e instanceof BadReference || e instanceof LoadError) {
      io.err(`bir-sim bisect: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

/** The inputs read once: every trial of the bisection runs on the same arrays. */
function readInputs(files: Record<string, string>): Record<string, NpyArray> {
  const out: Record<string, NpyArray> = {};
  for (const [name, file] of Object.entries(files)) {
    try {
      out[name] = readNpyFile(file);
    } catch (e) {
      if (e instanceof NpyError) throw new UsageError(`--input ${name}: ${e.message}`);
      throw e;
    }
  }
  return out;
}
