/**
 * bir-sim fmt FILE... [--check] [--write]: the canonical layout of BIR files (engine/lang/format.ts). Without a flag it
 * prints each file formatted; --check prints the files that would change and exits 1 when there is one; --write
 * replaces each file that changes, atomically. A file that does not parse is left as it is, with its mistakes on
 * standard error, and makes the exit status 2.
 */
import { writeFileAtomic } from '../io/atomic-write';
import { FileRefused, readTextFile } from '../io/read-file';
import { MAX_SOURCE_CHARS } from '../lang/check/program-size';
import { formatBir } from '../lang/format';
import { parseArgs, UsageError } from './args';
import { display, printDiagnostics } from './run-flags';

export const FMT_USAGE = '  bir-sim fmt FILE... [--check | --write]';

export const FMT_HELP = `fmt     prints each FILE in the canonical layout (docs/editor.md#formatting); a file that does not parse is
        refused with its mistakes and left as it is (exit status 2).
        --check        print the files whose layout would change, change nothing; exit status 1 when there is one
        --write        write the new layout over each file that changes (atomically)`;

/** As large as the checker reads. */
const SOURCE_LIMIT = { bytes: MAX_SOURCE_CHARS, what: 'a BIR source file' };

interface FmtIO {
  out(text: string): void;
  err(text: string): void;
}

export function fmtCommand(argv: readonly string[], io: FmtIO): number {
  const args = parseArgs(argv, { check: 'switch', write: 'switch' });
  const check = args.flags.has('check');
  const write = args.flags.has('write');
  if (check && write) throw new UsageError("'fmt' takes --check or --write, not both");
  if (args.positional.length === 0) throw new UsageError("'fmt' takes one FILE or more");
  let status = 0;
  for (const file of args.positional) {
    const outcome = fmtFile(file, { check, write }, io);
    status = Math.max(status, outcome);
  }
  return status;
}

/** 0 done (or already formatted), 1 would change (--check), 2 not read, not parsed or not written. */
function fmtFile(file: string, mode: { check: boolean; write: boolean }, io: FmtIO): number {
  let text: string;
  try {
    text = readTextFile(file, SOURCE_LIMIT);
  } catch (e) {
    if (e instanceof FileRefused || (e as NodeJS.ErrnoException).code !== undefined) {
      io.err(`bir-sim fmt: cannot read ${file}: ${(e as Error).message}`);
      return 2;
    }
    throw e;
  }
  const result = formatBir(text, file);
  if (result.refused) {
    printDiagnostics(result.refused, io.err);
    io.err(`bir-sim fmt: ${display(file)} does not parse: left as it is`);
    return 2;
  }
  const changed = result.text !== text;
  if (mode.check) {
    if (changed) io.out(display(file));
    return changed ? 1 : 0;
  }
  if (mode.write) {
    if (!changed) return 0;
    try {
      writeFileAtomic(file, result.text);
    } catch (e) {
      io.err(`bir-sim fmt: cannot write ${file}: ${(e as Error).message}`);
      return 2;
    }
    io.out(`formatted ${display(file)}`);
    return 0;
  }
  if (result.text !== '') io.out(result.text.slice(0, -1));
  return 0;
}
