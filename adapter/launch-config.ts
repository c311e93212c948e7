/**
 * The launch attributes of the `bir` debugger: one zod schema each, with its description and default, read by the
 * validator, by the test that compares them with package.json (LAUNCH_ATTRIBUTES: the type and enum come from the
 * schema), and by the documentation. A wrong type or value fails the launch naming the attribute; an unknown
 * attribute is ignored with a warning.
 */
import * as fs from 'fs';
import * as path from 'path';
import { z } from 'zod';
import { LaunchConfig } from '../engine/protocol/types';
import { PASS_NAMES, PassName, unknownPass } from '../engine/passes/registry';
import { DumpError, readDump } from '../engine/io/dump';
import { notRegularFile } from '../engine/io/read-file';

/** The passes `passes` and `compareWith.passes` take, in pipeline order: what the extension offers to pick from. */
export { PASS_NAMES };

// Each schema's messages say what follows `launch attribute 'NAME'` in the refusal: ` must be ...`, or `: ...`.

/** A refusal that describes the value found. */
type Refusal = (issue: { readonly input?: unknown }) => string;

const flag = z.boolean({ error: (issue) => ` must be true or false, found ${describe(issue.input)}` });

function text(): z.ZodString {
  const error: Refusal = (issue) => ` must be a non-empty string, found ${describe(issue.input)}`;
  return z.string({ error }).min(1, { error });
}

function integer(min: number, max: number): z.ZodInt {
  const error: Refusal = (issue) => ` must be an integer from ${min} to ${max}, found ${describe(issue.input)}`;
  return z.int({ error }).min(min, { error }).max(max, { error });
}

function oneOf<const T extends readonly [string, ...string[]]>(values: T): z.ZodEnum<{ [K in T[number]]: K }> {
  return z.enum(values, { error: (issue) => ` must be one of ${values.map((a) => `"${a}"`).join(', ')}, found ${describe(issue.input)}` });
}

/** A file that exists and is not a folder; `what` says what to give instead of a folder. */
function existingFile(schema: z.ZodString, what: string): z.ZodString {
  return schema
    .refine((f) => fs.existsSync(path.resolve(f)), { error: (issue) => `: no such file '${String(issue.input)}'`, abort: true })
    .refine((f) => !fs.statSync(path.resolve(f)).isDirectory(), { error: (issue) => `: '${String(issue.input)}' is a folder; ${what}` });
}

const PROGRAM_NEEDED = ' is required: the .bir file to debug';

const program = existingFile(
  z.string({ error: (issue) => (issue.input === undefined ? PROGRAM_NEEDED : ` must be a string (a path), found ${describe(issue.input)}`) }).min(1, { error: PROGRAM_NEEDED }),
  'give a .bir file',
);

/** Pass names in order; "inline, dce" is read as the array it lists. */
function passNames(): z.ZodType<PassName[], unknown> {
  const strings: Refusal = (issue) => ` must be an array of strings, found ${describe(issue.input)}`;
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter((s) => s) : v),
    z.array(z.unknown(), { error: strings })
      .refine((v) => v.every((x) => typeof x === 'string'), { error: strings })
      .pipe(z.array(z.enum(PASS_NAMES, { error: (issue) => `: ${unknownPass(String(issue.input))}` }))),
  );
}

/** Tensor names to .npy paths; the refusal of a value names its tensor. */
function tensorFiles(): z.ZodType<Record<string, string>, unknown> {
  const notAFile = (issue: { readonly input?: unknown; readonly path?: readonly PropertyKey[] }): string =>
    `: the value of '${String(issue.path?.at(-1))}' must be a path to a .npy file, found ${describe(issue.input)}`;
  return z.record(z.string(), z.string({ error: notAFile }).min(1, { error: notAFile }), { error: (issue) => ` must be an object { "tensor": "file.npy" }, found ${describe(issue.input)}` });
}

/** Integers from 0; the refusal describes the whole value, as one mistake. */
function snapshotIndices(): z.ZodType<number[], unknown> {
  const error: Refusal = (issue) => ` must be an array of snapshot indices (integers ≥ 0), found ${describe(issue.input)}`;
  return z.array(z.unknown(), { error })
    .refine((v) => v.every((i) => Number.isInteger(i) && (i as number) >= 0), { error })
    .pipe(z.array(z.number()));
}

/** The other program of a comparison: `{ program?, passes?, side? }`, nothing else. */
function comparison(): z.ZodType<{ program?: string; passes?: PassName[]; side?: 'a' | 'b' }, unknown> {
  const error: Refusal = (issue) => ` must be an object with "program" (the other .bir file) and "passes" (either may be left out), found ${describe(issue.input)}`;
  return z.strictObject({
    program: z.string({ error: (issue) => `.program must be a path to a .bir file, found ${describe(issue.input)}` }).min(1, { error: () => '.program must be a path to a .bir file, found an empty string' }).optional(),
    passes: passNames().optional(),
    side: z.enum(['a', 'b'], { error: (issue) => `.side must be "a" or "b", found ${describe(issue.input)}` }).optional(),
  }, { error: (issue) => (issue.code === 'unrecognized_keys' ? `: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')} (keys: program, passes, side)` : error(issue)) });
}

/** What a bisection compares the outputs with: `{ reference?, rtol?, atol? }`, nothing else. */
function bisection(): z.ZodType<{ reference?: string; rtol?: number; atol?: number }, unknown> {
  const tolerance = (key: string): z.ZodOptional<z.ZodNumber> => z.number({ error: (issue) => `.${key} must be a number ≥ 0, found ${describe(issue.input)}` }).min(0, { error: (issue) => `.${key} must be a number ≥ 0, found ${describe(issue.input)}` }).optional();
  return z.strictObject({
    reference: z.string({ error: (issue) => `.reference must be a path to a folder of NAME.npy files, found ${describe(issue.input)}` }).min(1, { error: () => '.reference must be a path to a folder of NAME.npy files, found an empty string' }).optional(),
    rtol: tolerance('rtol'),
    atol: tolerance('atol'),
  }, { error: (issue) => (issue.code === 'unrecognized_keys' ? `: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `'${k}'`).join(', ')} (keys: reference, rtol, atol)` : ` must be an object with "reference" (a folder of NAME.npy files), "rtol" and "atol" (each may be left out), found ${describe(issue.input)}`) });
}

interface Attribute<S extends z.ZodType> {
  readonly schema: S;
  readonly description: string;
  /** What package.json says the default is (the engine applies it: an attribute left out stays out of the config). */
  readonly default?: unknown;
}

const attribute = <S extends z.ZodType>(schema: S, description: string, byDefault?: unknown): Attribute<S> => ({ schema, description, default: byDefault });

/** Every attribute, in the order package.json lists them. */
const ATTRIBUTES = {
  program: attribute(program, 'The .bir file to debug.', '${file}'),
  cores: attribute(integer(1, 8).optional(), 'Number of cores that run main (1 to 8); overrides the program\'s \'cores N\' declaration. Without either, one core.', 1),
  passes: attribute(passNames().optional(), `Compiler passes to run before the program, in order (of ${PASS_NAMES.join(', ')}).`, []),
  stopOnEntry: attribute(flag.optional(), 'Stop before the first instruction.', false),
  stepBy: attribute(oneOf(['line', 'instruction']).optional(), 'What plain Step Over / Step Into step by: a line or one instruction.', 'line'),
  frames: attribute(oneOf(['functions', 'subgraphs']).optional(), 'What the Call Stack shows: frames of functions, or frames of subgraphs (every loop iteration and branch arm a frame).', 'functions'),
  inputs: attribute(tensorFiles().optional(), 'Data for dram tensors: { "name": "file.npy" }, paths relative to the program.', {}),
  outDir: attribute(text().optional(), 'Folder where output tensors are written as NAME.npy when the run completes (relative to the program).'),
  stopOnPassEntry: attribute(flag.optional(), 'Stop before the first compiler pass (pass view).', false),
  passBreakpoints: attribute(snapshotIndices().optional(), 'Snapshot indices of the pass pipeline to stop after (0 is the program as written).', []),
  maxCallDepth: attribute(integer(1, 100000).optional(), 'Nested calls allowed before the recursion-depth fault.', 64),
  maxInstructions: attribute(integer(1, Number.MAX_SAFE_INTEGER).optional(), 'Instructions the run may execute (all cores together) before the instruction-limit fault; no limit when left out (Pause stops an endless loop).'),
  historyMiB: attribute(integer(0, 1 << 20).optional(), 'Memory the history of the run may take for time travel (Step Back, Reverse Continue, :goto, :last, :why), in MiB; the oldest history is thinned, then dropped, beyond it. 0 turns time travel off.', 512),
  dumpOnFault: attribute(text().optional(), 'File where a post-mortem dump of the machine is written when the program faults (relative to the program): tensors, registers, every core\'s stack, the fault, the program\'s sources; compressed, written atomically.'),
  dump: attribute(existingFile(text(), 'give a dump file (bir-sim run --dump FILE writes one)'), 'A post-mortem dump to open instead of running a program (bir-sim run --dump, dumpOnFault): the session stops at its fault, shows the machine as it was, and cannot run. The program comes from the dump; \'program\' is not needed.'),
  stats: attribute(flag.optional(), 'At the end of the run, also print in the Debug Console where its time went: per opcode the instructions executed, elements processed, time, share of the run, instructions/s and elements/s, the most time first (as bir-sim run --stats; timing slows the run a little). :stats prints the table so far at a stop.', false),
  shadow: attribute(flag.optional(), 'A shadow run: every instruction also runs in float64 alongside (a shadow value per element written), so that each element shows its error against float64 in ulps of its dtype (:error t[i, j], the tensor view\'s error layer, :why), and the end of the run prints each output\'s largest error and the instruction where it entered. Integer and packed dtypes have no shadow.', false),
  compareWith: attribute(comparison().optional(), 'Compare this run with another, in lockstep on the same inputs, and open the session stopped at the first divergence (the first DRAM write whose bits differ): { "program": "other.bir" } (relative to the program; this program when left out), "passes": the other program\'s passes. The element, both values and where the difference was born are in the Debug Console; BIR: Compare Runs… also opens the other side as a second session.'),
  bisect: attribute(bisection().optional(), 'Bisect the pipeline of passes to the single rewrite after which the outputs differ (as bir-sim bisect): from the program without passes, or, with "reference", from a folder of NAME.npy files (bit for bit, or within "rtol"/"atol"). The session stops at the pipeline snapshot after the culprit rewrite (the graph view shows what it changed); when no rewrite is to blame it ends with the verdict.'),
  cwd: attribute(text().optional(), 'The folder the Debug Console writes file paths relative to (in :history, :why, :last, Go to Last Write); VS Code sets it to the workspace folder. Paths are absolute without it.'),
  trace: attribute(flag.optional(), 'Log the DAP messages of the session (the BIR Debugger output channel).', false),
};

type Name = keyof typeof ATTRIBUTES;
type Schemas = { readonly [N in Name]: (typeof ATTRIBUTES)[N]['schema'] };

const ALL = z.looseObject(Object.fromEntries(Object.entries(ATTRIBUTES).map(([name, a]) => [name, a.schema])) as Schemas);

/** What a run reads, in the order it is checked: of several mistakes, the first here is the one reported. */
const RUN = ALL.pick({
  program: true, cores: true, passes: true, stepBy: true, frames: true, inputs: true, outDir: true, passBreakpoints: true, stopOnPassEntry: true,
  stopOnEntry: true, maxCallDepth: true, maxInstructions: true, historyMiB: true, dumpOnFault: true, stats: true, shadow: true, compareWith: true, bisect: true, cwd: true, trace: true,
});

/** What opening a post-mortem dump reads: the dump, and how to show it. */
const DUMP = ALL.pick({ dump: true, stepBy: true, frames: true, cwd: true, trace: true });

/** What a run uses and a dump does not: given with `dump`, they are ignored with a warning. */
const RUN_ONLY = (Object.keys(ATTRIBUTES) as Name[]).filter((name) => name in RUN.shape && !(name in DUMP.shape));

export interface AttributeSpec {
  readonly type: 'string' | 'boolean' | 'integer' | 'array' | 'object';
  readonly description: string;
  readonly default?: unknown;
  readonly enum?: readonly string[];
}

/** The attributes as package.json documents them: the type and enum of each from its schema. */
export const LAUNCH_ATTRIBUTES: Readonly<Record<Name, AttributeSpec>> = Object.fromEntries(
  Object.entries(ATTRIBUTES).map(([name, a]: [string, Attribute<z.ZodType>]) => [name, documented(a)]),
) as Record<Name, AttributeSpec>;

function documented(a: Attribute<z.ZodType>): AttributeSpec {
  const json = z.toJSONSchema(a.schema, { io: 'output', unrepresentable: 'any' }) as { type: AttributeSpec['type']; enum?: string[] };
  return { type: json.type, description: a.description, ...(a.default === undefined ? {} : { default: a.default }), ...(json.enum ? { enum: json.enum } : {}) };
}

/** Attributes every client or VS Code itself may add; not ours to warn about. */
const CLIENT_ATTRIBUTES = new Set(['type', 'request', 'name', 'noDebug', 'preLaunchTask', 'postDebugTask', 'internalConsoleOptions', 'debugServer', 'presentation', 'console', 'env', 'windows', 'linux', 'osx', 'serverReadyAction', 'suppressMultipleSessionWarning']);

export interface ValidatedLaunch {
  readonly config: LaunchConfig;
  readonly trace: boolean;
  readonly warnings: string[];
}

export class LaunchError extends Error {}

export function validateLaunch(args: Record<string, unknown>): ValidatedLaunch {
  const warnings = Object.keys(args).filter((key) => !(key in ATTRIBUTES) && !CLIENT_ATTRIBUTES.has(key) && !key.startsWith('__'))
    .map((key) => `launch attribute '${key}' is not known to the BIR debugger and is ignored (known: ${Object.keys(ATTRIBUTES).join(', ')})`);
  if (args.dump !== undefined) return validateDump(args, warnings);
  const a = parse(RUN, args);
  const config: LaunchConfig = {
    program: path.resolve(a.program),
    cores: a.cores,
    passes: a.passes,
    stopOnEntry: a.stopOnEntry,
    stepBy: a.stepBy,
    frames: a.frames,
    inputs: a.inputs,
    outDir: a.outDir,
    noDebug: args.noDebug === true,
    maxCallDepth: a.maxCallDepth,
    maxInstructions: a.maxInstructions,
    historyMiB: a.historyMiB,
    stopOnPassEntry: a.stopOnPassEntry,
    passBreakpoints: a.passBreakpoints,
    dumpOnFault: a.dumpOnFault,
    stats: a.stats,
    shadow: a.shadow,
    cwd: a.cwd && path.resolve(a.cwd),
    compareWith: a.compareWith && compareWithOf(a.compareWith, a.program, args.noDebug === true),
    bisect: a.bisect && bisectOf(a.bisect, a.program, a.passes ?? [], args.noDebug === true || a.compareWith !== undefined),
  };
  return { config, trace: a.trace ?? false, warnings };
}

/** compareWith with its program found relative to the session's program; refused in a run without debugging. */
function compareWithOf(c: { program?: string; passes?: PassName[]; side?: 'a' | 'b' }, program: string, noDebug: boolean): LaunchConfig['compareWith'] {
  if (noDebug) throw new LaunchError('launch attribute \'compareWith\' needs debugging (the session opens stopped at the first divergence): it cannot be a run without debugging');
  const other = c.program === undefined ? undefined : path.resolve(path.dirname(path.resolve(program)), c.program);
  if (other !== undefined && !fs.existsSync(other)) throw new LaunchError(`launch attribute 'compareWith': no such file '${c.program}' (${other})`);
  if (other !== undefined && fs.statSync(other).isDirectory()) throw new LaunchError(`launch attribute 'compareWith': '${c.program}' is a folder; give a .bir file`);
  return { program: other, passes: c.passes, side: c.side };
}

/** bisect with its reference folder found relative to the program; it needs passes, debugging, and no compareWith. */
function bisectOf(b: { reference?: string; rtol?: number; atol?: number }, program: string, passes: readonly PassName[], alone: boolean): LaunchConfig['bisect'] {
  if (alone) throw new LaunchError('launch attribute \'bisect\' needs debugging and no \'compareWith\' (the session stops at the snapshot after the culprit rewrite)');
  if (passes.length === 0) throw new LaunchError('launch attribute \'bisect\' needs the passes to bisect: set the launch attribute \'passes\'');
  if (b.reference === undefined && (b.rtol !== undefined || b.atol !== undefined)) throw new LaunchError('launch attribute \'bisect\': rtol and atol are tolerances of a reference: give "reference" too');
  const reference = b.reference === undefined ? undefined : path.resolve(path.dirname(path.resolve(program)), b.reference);
  if (reference !== undefined && !(fs.existsSync(reference) && fs.statSync(reference).isDirectory())) throw new LaunchError(`launch attribute 'bisect': the reference '${b.reference}' is not a folder (${reference})`);
  return { reference, rtol: b.rtol, atol: b.atol };
}

function validateDump(args: Record<string, unknown>, warnings: string[]): ValidatedLaunch {
  const a = parse(DUMP, args);
  const file = path.resolve(a.dump);
  // Refused here, before the engine opens anything: a FIFO or a device is no dump.
  const special = notRegularFile(file);
  if (special) throw new LaunchError(`launch attribute 'dump': '${a.dump}' cannot be a dump: ${special}, not a regular file (bir-sim run --dump FILE writes one)`);
  const ignored = RUN_ONLY.filter((name) => args[name] !== undefined);
  if (ignored.length) warnings.push(`launch attribute${ignored.length > 1 ? 's' : ''} ${ignored.map((n) => `'${n}'`).join(', ')} ${ignored.length > 1 ? 'are' : 'is'} ignored with 'dump': a dump holds the program and how it ran`);
  const config: LaunchConfig = { program: file, dump: file, stepBy: a.stepBy, frames: a.frames, noDebug: false, cwd: a.cwd && path.resolve(a.cwd) };
  return { config, trace: a.trace ?? false, warnings };
}

/** The attributes as their schemas read them, or the launch refused for the first that does not fit. */
function parse<S extends z.ZodType>(schema: S, args: Record<string, unknown>): z.output<S> {
  const r = schema.safeParse(args);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  throw new LaunchError(`launch attribute '${String(issue.path[0])}'${issue.message}`);
}

/**
 * Why a dump cannot be opened (not a dump, damaged, another format), or undefined when it can: for a client that
 * checks before it launches.
 */
export function dumpProblem(file: string): string | undefined {
  try {
    readDump(file);
    return undefined;
  } catch (e) {
    if (e instanceof DumpError) return e.message;
    throw e;
  }
}

function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `an array ${JSON.stringify(v)}`;
  if (typeof v === 'object') return 'an object';
  return `${typeof v} ${JSON.stringify(v)}`;
}
