/** Commands of the Debug Console that start with ':' (everything else is an expression). */
import * as fs from 'fs';
import * as path from 'path';
import { EngineError } from '../protocol/errors';
import { EvaluateResult } from '../protocol/types';
import { writeNpyFile } from '../io/npy';
import { notRegularFile } from '../io/read-file';
import { EVAL_FUNCTIONS } from '../base/eval-functions';
import { formatNumber } from '../eval/format';
import { dtypeLabel, materialize, shapeOf, Value } from '../eval/value';
import { exactStatistics, formatStat } from './tensor-summary';

const HELP = [
  'Expressions: registers (r0..r15, core, ncores), constants, tensors and access patterns (acc[0:4, r0*8 : r0*8+8], x.T),',
  '  + - * / % **, comparisons, && || !, element access t[3, 7], and the functions:',
  ...[...EVAL_FUNCTIONS].map(([name, info]) => `    ${name}: ${info.summary}`),
  'Commands:',
  '  :help                  this text',
  '  :stats EXPR            exact statistics of every element of EXPR (any size): min, max, mean, zeros, NaN, Inf, never written',
  '  :stats                 where the run\'s time went so far, per opcode (launch attribute stats: true)',
  '  :dump EXPR FILE.npy    write the value of EXPR as a .npy file (f64), in the program\'s folder or below it;',
  '                         an existing file is kept: :dump! EXPR FILE.npy replaces it',
  '  :show EXPR            open EXPR in the tensor view (VS Code): a heatmap, histogram, changes, comparison, memory map',
  'Time travel (EXPR: an element, a slice, a tensor or a register):',
  '  :goto N                go to where N instructions have run (all cores together), back or forward',
  '  :last EXPR             go back to the instruction that last wrote any element of EXPR',
  '  :history EXPR          every write to EXPR up to now: instruction count, instruction, line, core, old and new value',
  '  :why EXPR              where one element\'s (or register\'s) value came from: the write and what it read, step by step',
  'A shadow run (launch attribute shadow: true):',
  '  :error EXPR            an element\'s error against float64 in ulps of its dtype (a slice: its largest), and where it entered',
].join('\n');

/** The commands with what they take and do: completions offer them (keep in step with HELP). */
export const REPL_COMMANDS: readonly { readonly name: string; readonly args: string; readonly summary: string }[] = [
  { name: 'help', args: '', summary: 'the expressions and commands of the console' },
  { name: 'stats', args: 'EXPR', summary: 'exact statistics of every element of EXPR; alone, the run\'s time per opcode' },
  { name: 'dump', args: 'EXPR FILE.npy', summary: 'write the value of EXPR as a .npy file (f64)' },
  { name: 'dump!', args: 'EXPR FILE.npy', summary: 'the same, replacing an existing file' },
  { name: 'show', args: 'EXPR', summary: 'open EXPR in the tensor view' },
  { name: 'goto', args: 'N', summary: 'go to where N instructions have run' },
  { name: 'last', args: 'EXPR', summary: 'go back to the instruction that last wrote EXPR' },
  { name: 'history', args: 'EXPR', summary: 'every write to EXPR up to now' },
  { name: 'why', args: 'EXPR', summary: 'where a value came from, step by step' },
  { name: 'error', args: 'EXPR', summary: 'in a shadow run, the error against float64 in ulp, and where it entered' },
];

const COMMANDS = ':help, :stats [EXPR], :dump EXPR FILE.npy, :dump! EXPR FILE.npy, :show EXPR, :goto N, :last EXPR, :history EXPR, :why EXPR, :error EXPR';

/** What the console's commands work with. */
export interface ReplContext {
  evaluate(text: string): Value;
  /** Where :dump writes. */
  readonly baseDir: string;
  history(text: string): EvaluateResult;
  why(text: string): EvaluateResult;
  /** `:error EXPR` (shadow-errors.ts). */
  error(text: string): EvaluateResult;
  /** The run's time per opcode so far (opcode-stats.ts); throws when the run keeps none. */
  runStats(): string;
}

/** The commands that move the program through time: the engine answers them with a stop, not a value. */
export const MOVING_COMMANDS = new Set(['goto', 'last']);

/** The command word and what follows it: `:last acc[3, 7]` is ['last', 'acc[3, 7]']. */
export function splitCommand(line: string): [string, string] {
  const body = line.trim().slice(1).trim();
  const space = body.search(/\s/);
  return space < 0 ? [body, ''] : [body.slice(0, space), body.slice(space).trim()];
}

export function replCommand(line: string, ctx: ReplContext): EvaluateResult {
  const [command, text] = splitCommand(line);
  const rest = text === '' ? [] : text.split(/\s+/);
  if (command === 'help' || command === '') return { result: HELP, reference: 0 };
  if (command === 'dump' || command === 'dump!') return dump(rest, ctx.evaluate, ctx.baseDir, command === 'dump!');
  if (command === 'stats' && text === '') return { result: ctx.runStats(), reference: 0 };
  if (command === 'stats') return stats(text, ctx.evaluate);
  if (command === 'show') return show(text, ctx.evaluate);
  if (command === 'history') return ctx.history(text);
  if (command === 'why') return ctx.why(text);
  if (command === 'error') return ctx.error(text);
  throw new EngineError(`unknown command ':${command}' (commands: ${COMMANDS})`);
}

/** Exact statistics, streamed over the elements: what a summary of a large tensor only estimates. */
function stats(text: string, evaluate: (text: string) => Value): EvaluateResult {
  const value = evaluate(text);
  if (value.kind === 'scalar') return { result: value.written ? formatNumber(value.value) : '<uninit>', reference: 0 };
  const s = exactStatistics(value);
  const lines = [`${dtypeLabel(value)}[${shapeOf(value).join(', ')}]: ${s.seen} elements`];
  if (s.count > 0) lines.push(`  min ${formatNumber(s.min)}  max ${formatNumber(s.max)}  mean ${formatStat(s.sum / s.count)}  sum ${formatStat(s.sum)}`);
  lines.push(`  zero ${s.zero}  nan ${s.nan}  +inf ${s.posInf}  -inf ${s.negInf}  never written ${s.unwritten}`);
  return { result: lines.join('\n'), reference: 0 };
}

/**
 * `:show EXPR`: checked here (a tensor, evaluable in this frame); the answer asks the editor to open the tensor view
 * (the adapter sends the `bir/showTensor` event after it).
 */
function show(text: string, evaluate: (text: string) => Value): EvaluateResult {
  if (text === '') throw new EngineError(':show takes an expression: :show acc');
  const value = evaluate(text);
  if (value.kind === 'scalar') throw new EngineError(`:show shows tensors; '${text}' is a number`);
  return { result: `showing ${text} (${dtypeLabel(value)}[${shapeOf(value).join(', ')}]) in the tensor view`, reference: 0, show: { expression: text } };
}

function dump(args: string[], evaluate: (text: string) => Value, baseDir: string, replace: boolean): EvaluateResult {
  if (args.length < 2) throw new EngineError(':dump takes an expression and a file: :dump acc[0:4, :] acc.npy');
  const file = args[args.length - 1];
  if (!file.endsWith('.npy')) throw new EngineError(`:dump writes a .npy file; '${file}' does not end in .npy`);
  const target = dumpTarget(file, baseDir, replace);
  const value = evaluate(args.slice(0, -1).join(' '));
  const dense = value.kind === 'scalar' ? { shape: [] as number[], data: new Float64Array([value.value]) } : materialize(value);
  try {
    fs.mkdirSync(path.dirname(target), { recursive: true });
    writeNpyFile(target, { dtype: 'f64', shape: [...dense.shape], data: Float64Array.from(dense.data) });
  } catch (e) {
    throw new EngineError(`:dump cannot write ${target}: ${(e as Error).message}`, 'io');
  }
  return { result: `wrote ${target} (f64[${dense.shape.join(', ')}])`, reference: 0 };
}

/**
 * Where :dump writes: a path relative to the program's folder, inside it. A typed path never reaches elsewhere on the
 * disk, and a file already there is replaced only when asked (`:dump!`), since a REPL line is easy to repeat by mistake.
 */
function dumpTarget(file: string, baseDir: string, replace: boolean): string {
  if (path.isAbsolute(file)) throw new EngineError(`:dump writes in the program's folder (${baseDir}); give a relative path, not '${file}'`, 'io');
  const target = path.resolve(baseDir, file);
  const inside = path.relative(baseDir, target);
  if (inside.startsWith('..') || path.isAbsolute(inside)) throw new EngineError(`:dump writes in the program's folder (${baseDir}) or below it; '${file}' is outside it`, 'io');
  // A FIFO, a device or a folder there is not a file to replace (nor a link to one): it is left as it is.
  const special = notRegularFile(target);
  if (special) throw new EngineError(`:dump cannot write ${target}: ${special}, not a regular file; :dump writes and replaces only regular files`, 'io');
  if (!replace && fs.existsSync(target)) throw new EngineError(`:dump: ${target} exists; :dump! ${'EXPR'} ${file} replaces it`, 'io');
  return target;
}
