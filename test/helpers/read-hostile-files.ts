/**
 * Run as a child process (`node -r tsx/cjs read-hostile-files.ts CASES.json`) by test/unit/hostile-files.test.ts: every
 * reader of a user-named file on every file of the cases, one after another, each answered with what it said, how
 * long it took and the process's peak memory after it. The parent bounds the child's time and heap and reads the peaks:
 * a reader that waits on a FIFO, reads a device without end or inflates a bomb whole shows there.
 */
import * as fs from 'fs';
import * as path from 'path';
import { readDump } from '../../engine/io/dump';
import { readNpyFile } from '../../engine/io/npy';
import { Machine } from '../../engine/machine/machine';
import { npyMachineOptions } from '../../engine/run/simulate';
import { checkProgram } from '../../engine/lang/check/checker';
import { DebugCore } from '../../engine/debug/debug-core';
import { main as cli } from '../../engine/cli/bir-sim';
import { dumpProblem } from '../../adapter/launch-config';
import { programOf } from './virtual-host';

export type Reader = 'dump' | 'dump-check' | 'inspect' | 'npy' | 'input' | 'run --input' | 'reference' | ':dump' | 'program';

export interface HostileCase {
  readonly reader: Reader;
  readonly file: string;
}

export interface HostileOutcome extends HostileCase {
  /** What the reader said: its error's message, or `read` when it read the file. */
  readonly said: string;
  readonly ms: number;
  /** The process's peak resident memory after this case, in MB. */
  readonly peakMB: number;
}

const TENSOR = `module h
dram x : f32[4, 8] input = iota

func main() {
  sbuf a : f32[4, 8]
  DmaCopy a <- x
  Print "here"
}
`;

/** A debug core stopped at the Print, whose folder (for :dump and relative references) is `dir`. */
function stopped(dir: string): DebugCore {
  const program = programOf(TENSOR);
  const core = new DebugCore(program, npyMachineOptions({}), { baseDir: dir }, new Int32Array(2));
  core.setBreakpoints(program.entry.file, [{ line: 7 }]);
  let o = core.run();
  while (o.kind === 'yield') o = core.run();
  return core;
}

/** The CLI's words, from its standard error. */
function cliSaid(argv: string[]): string {
  const err: string[] = [];
  const status = cli(argv, { out: () => undefined, err: (t) => err.push(t) });
  return `exit ${status}: ${err.join('\n')}`;
}

const READERS: Record<Reader, (file: string) => string> = {
  dump: (file) => (readDump(file), 'read'),
  'dump-check': (file) => dumpProblem(file) ?? 'read',
  inspect: (file) => cliSaid(['inspect', file]),
  npy: (file) => (readNpyFile(file), 'read'),
  input: (file) => (new Machine(programOf(TENSOR), npyMachineOptions({ inputs: { x: file } })), 'read'),
  'run --input': (file) => {
    const dir = path.dirname(file);
    const program = path.join(dir, 'input.bir');
    if (!fs.existsSync(program)) fs.writeFileSync(program, TENSOR);
    return cliSaid(['run', program, '--quiet', '--input', `x=${file}`]);
  },
  reference: (file) => (stopped(path.dirname(file)).tensorData({ expression: 'a', compare: { file } }), 'read'),
  ':dump': (file) => stopped(path.dirname(file)).evaluate(`:dump! a ${path.basename(file)}`, undefined, 'repl').result,
  program: (file) => {
    const checked = checkProgram(file);
    return checked.program ? 'read' : checked.diagnostics.map((d) => d.message).join('\n');
  },
};

function runCase(c: HostileCase): HostileOutcome {
  const start = performance.now();
  let said: string;
  try {
    said = READERS[c.reader](c.file);
  } catch (e) {
    said = (e as Error).message;
  }
  return { ...c, said, ms: Math.round(performance.now() - start), peakMB: Math.round(process.resourceUsage().maxRSS / 1024) };
}

if (require.main === module) {
  const cases = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as HostileCase[];
  for (const c of cases) process.stdout.write(`${JSON.stringify(runCase(c))}\n`);
}
