/**
 * bir-sim diff A.bir B.bir: two programs run on the same inputs, compared write by write on their DRAM tensors; the
 * first divergence (the element, both values, the instruction of each side), where it was born, and `:why` of each
 * side. Exit status 0 when the runs do not differ, 1 when they do, 2 on bad input.
 */
import { checkProgram } from '../lang/check/checker';
import { LoadError } from '../machine/machine';
import { runPipeline } from '../passes/pipeline';
import { diffRuns, DiffSide } from '../diff/diff-runs';
import { UnmatchedPrograms } from '../diff/dram-match';
import { TooManyWrites } from '../diff/write-stream';
import { diffReport } from '../diff/diff-report';
import { parseArgs, UsageError } from './args';
import { display, parseCores, parseFaults, parseInputs, parseLimit, parsePasses, printDiagnostics, runCores } from './run-flags';
import * as fs from 'fs';

export const DIFF_USAGE = `  bir-sim diff A.bir B.bir [--input NAME=FILE.npy]... [--cores N] [--passes-a LIST] [--passes-b LIST]
                   [--faults LIST] [--max-instructions N]`;

export const DIFF_HELP = `diff    runs A and B on the same inputs and compares every write of the dram tensors they share (by name),
        element by element in order; prints the first write whose bits differ (the element, both values, the
        instruction of each side as file:line:col), the instruction where the difference was born and :why of
        each side. Exit status 0 when the runs do not differ, 1 when they do.
        --input N=F    data for dram tensor N of either program (repeatable)
        --passes-a LIST, --passes-b LIST
                       compiler passes to run on A (on B) first: diff a program with itself after passes
        --cores, --faults, --max-instructions as for run, for both programs`;

interface DiffIO {
  out(text: string): void;
  err(text: string): void;
}

export function diffCommand(argv: readonly string[], io: DiffIO): number {
  const args = parseArgs(argv, { input: 'value', cores: 'value', 'passes-a': 'value', 'passes-b': 'value', faults: 'value', 'max-instructions': 'value' });
  if (args.positional.length !== 2) throw new UsageError(`'diff' takes two programs, A.bir and B.bir, found ${args.positional.length}`);
  for (const file of args.positional) if (!fs.existsSync(file)) throw new UsageError(`no such file: ${file}`);
  const cores = parseCores(args.flags.get('cores')?.at(-1));
  const inputs = parseInputs(args.flags.get('input') ?? []);
  const faults = parseFaults(args.flags.get('faults')?.at(-1));
  const maxInstructions = parseLimit(args.flags.get('max-instructions')?.at(-1));
  const [fileA, fileB] = args.positional;
  const a = side(fileA, parsePasses(args.flags.get('passes-a')?.at(-1)), cores, io);
  const b = side(fileB, parsePasses(args.flags.get('passes-b')?.at(-1)), cores, io);
  if (!a || !b) return 2;
  try {
    const diff = diffRuns(a, b, { inputs, faults, maxInstructions, settingNames: { maxInstructions: '--max-instructions' } });
    for (const line of diffReport(diff, display)) io.out(line);
    return diff.differ ? 1 : 0;
  } catch (e) {
    if (e instanceof LoadError || e instanceof UnmatchedPrograms || e instanceof TooManyWrites) {
      io.err(`bir-sim diff: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

/** A side checked (its diagnostics on standard error) and passed; undefined when it has errors. */
function side(file: string, passes: ReturnType<typeof parsePasses>, coresFlag: number | undefined, io: DiffIO): DiffSide | undefined {
  const checked = checkProgram(file);
  printDiagnostics(checked.diagnostics, io.err);
  if (!checked.program) return undefined;
  const snapshots = runPipeline(checked.program, passes);
  const program = snapshots[snapshots.length - 1].program;
  const label = `${display(file)}${passes.length ? ` after ${passes.join(', ')}` : ''}`;
  return { program, label, cores: runCores(coresFlag, program, io) };
}
