/**
 * The launch attributes of the `bir` debugger: one table, read by the validator, by the test that compares it
 * with package.json, and by the documentation. A wrong type or value fails the launch naming the attribute;
 * an unknown attribute is ignored with a warning.
 */
import * as fs from 'fs';
import * as path from 'path';
import { FramesMode, LaunchConfig, StepGranularity } from '../engine/protocol/types';
import { isPassName, PASS_NAMES } from '../engine/passes/registry';
import { DumpError, readDump } from '../engine/io/dump';
import { notRegularFile } from '../engine/io/read-file';

export interface AttributeSpec {
  readonly type: 'string' | 'boolean' | 'integer' | 'array' | 'object';
  readonly description: string;
  readonly default?: unknown;
  readonly enum?: readonly string[];
}

export const LAUNCH_ATTRIBUTES: Readonly<Record<string, AttributeSpec>> = {
  program: { type: 'string', description: 'The .bir file to debug.', default: '${file}' },
  cores: { type: 'integer', description: 'Number of cores that run main (1 to 8); overrides the program\'s \'cores N\' declaration. Without either, one core.', default: 1 },
  passes: { type: 'array', description: `Compiler passes to run before the program, in order (of ${PASS_NAMES.join(', ')}).`, default: [] },
  stopOnEntry: { type: 'boolean', description: 'Stop before the first instruction.', default: false },
  stepBy: { type: 'string', description: 'What plain Step Over / Step Into step by: a line or one instruction.', enum: ['line', 'instruction'], default: 'line' },
  frames: { type: 'string', description: 'What the Call Stack shows: frames of functions, or frames of subgraphs (every loop iteration and branch arm a frame).', enum: ['functions', 'subgraphs'], default: 'functions' },
  inputs: { type: 'object', description: 'Data for dram tensors: { "name": "file.npy" }, paths relative to the program.', default: {} },
  outDir: { type: 'string', description: 'Folder where output tensors are written as NAME.npy when the run completes (relative to the program).' },
  stopOnPassEntry: { type: 'boolean', description: 'Stop before the first compiler pass (pass view).', default: false },
  passBreakpoints: { type: 'array', description: 'Snapshot indices of the pass pipeline to stop after (0 is the program as written).', default: [] },
  maxCallDepth: { type: 'integer', description: 'Nested calls allowed before the recursion-depth fault.', default: 64 },
  maxInstructions: { type: 'integer', description: 'Instructions the run may execute (all cores together) before the instruction-limit fault; no limit when left out (Pause stops an endless loop).' },
  historyMiB: { type: 'integer', description: 'Memory the history of the run may take for time travel (Step Back, Reverse Continue, :goto, :last, :why), in MiB; the oldest history is thinned, then dropped, beyond it. 0 turns time travel off.', default: 512 },
  dumpOnFault: { type: 'string', description: 'File where a post-mortem dump of the machine is written when the program faults (relative to the program): tensors, registers, every core\'s stack, the fault, the program\'s sources; compressed, written atomically.' },
  dump: { type: 'string', description: 'A post-mortem dump to open instead of running a program (bir-sim run --dump, dumpOnFault): the session stops at its fault, shows the machine as it was, and cannot run. The program comes from the dump; \'program\' is not needed.' },
  trace: { type: 'boolean', description: 'Log the DAP messages of the session (the BIR Debugger output channel).', default: false },
};

/** Attributes every client or VS Code itself may add; not ours to warn about. */
const CLIENT_ATTRIBUTES = new Set(['type', 'request', 'name', 'noDebug', 'preLaunchTask', 'postDebugTask', 'internalConsoleOptions', 'debugServer', 'presentation', 'console', 'cwd', 'env', 'windows', 'linux', 'osx', 'serverReadyAction', 'suppressMultipleSessionWarning']);

export interface ValidatedLaunch {
  readonly config: LaunchConfig;
  readonly trace: boolean;
  readonly warnings: string[];
}

export class LaunchError extends Error {}

export function validateLaunch(args: Record<string, unknown>): ValidatedLaunch {
  const warnings: string[] = [];
  for (const key of Object.keys(args)) {
    if (!(key in LAUNCH_ATTRIBUTES) && !CLIENT_ATTRIBUTES.has(key) && !key.startsWith('__')) {
      warnings.push(`launch attribute '${key}' is not known to the BIR debugger and is ignored (known: ${Object.keys(LAUNCH_ATTRIBUTES).join(', ')})`);
    }
  }
  if (args.dump !== undefined) return validateDump(args, warnings);
  const program = args.program;
  if (program === undefined || program === '') throw new LaunchError('launch attribute \'program\' is required: the .bir file to debug');
  if (typeof program !== 'string') throw new LaunchError(`launch attribute 'program' must be a string (a path), found ${describe(program)}`);
  const file = path.resolve(program);
  if (!fs.existsSync(file)) throw new LaunchError(`launch attribute 'program': no such file '${program}'`);
  if (fs.statSync(file).isDirectory()) throw new LaunchError(`launch attribute 'program': '${program}' is a folder; give a .bir file`);
  const cores = integer(args, 'cores', 1, 8);
  const passes = stringArray(args, 'passes');
  for (const p of passes ?? []) {
    if (!isPassName(p)) throw new LaunchError(`launch attribute 'passes': unknown pass '${p}' (passes: ${PASS_NAMES.join(', ')})`);
  }
  const stepBy = oneOf(args, 'stepBy') as StepGranularity | undefined;
  const frames = oneOf(args, 'frames') as FramesMode | undefined;
  const inputs = stringRecord(args, 'inputs');
  const outDir = string(args, 'outDir');
  const passBreakpoints = args.passBreakpoints;
  if (passBreakpoints !== undefined && (!Array.isArray(passBreakpoints) || passBreakpoints.some((i) => !Number.isInteger(i) || i < 0))) {
    throw new LaunchError(`launch attribute 'passBreakpoints' must be an array of snapshot indices (integers ≥ 0), found ${describe(passBreakpoints)}`);
  }
  const stopOnPassEntry = boolean(args, 'stopOnPassEntry');
  const config: LaunchConfig = {
    program: file,
    cores,
    passes,
    stopOnEntry: boolean(args, 'stopOnEntry'),
    stepBy,
    frames,
    inputs,
    outDir,
    noDebug: args.noDebug === true,
    maxCallDepth: integer(args, 'maxCallDepth', 1, 100000),
    maxInstructions: integer(args, 'maxInstructions', 1, Number.MAX_SAFE_INTEGER),
    historyMiB: integer(args, 'historyMiB', 0, 1 << 20),
    stopOnPassEntry,
    passBreakpoints: passBreakpoints as number[] | undefined,
    dumpOnFault: string(args, 'dumpOnFault'),
  };
  return { config, trace: boolean(args, 'trace') ?? false, warnings };
}

/** What a run uses and a dump does not: given with `dump`, they are ignored with a warning. */
const RUN_ATTRIBUTES = ['program', 'cores', 'passes', 'stopOnEntry', 'inputs', 'outDir', 'stopOnPassEntry', 'passBreakpoints', 'maxCallDepth', 'maxInstructions', 'historyMiB', 'dumpOnFault'];

function validateDump(args: Record<string, unknown>, warnings: string[]): ValidatedLaunch {
  const dump = string(args, 'dump')!;
  const file = path.resolve(dump);
  if (!fs.existsSync(file)) throw new LaunchError(`launch attribute 'dump': no such file '${dump}'`);
  if (fs.statSync(file).isDirectory()) throw new LaunchError(`launch attribute 'dump': '${dump}' is a folder; give a dump file (bir-sim run --dump FILE writes one)`);
  // Refused here, before the engine opens anything: a FIFO or a device is no dump.
  const special = notRegularFile(file);
  if (special) throw new LaunchError(`launch attribute 'dump': '${dump}' cannot be a dump: ${special}, not a regular file (bir-sim run --dump FILE writes one)`);
  const ignored = RUN_ATTRIBUTES.filter((name) => args[name] !== undefined);
  if (ignored.length) warnings.push(`launch attribute${ignored.length > 1 ? 's' : ''} ${ignored.map((n) => `'${n}'`).join(', ')} ${ignored.length > 1 ? 'are' : 'is'} ignored with 'dump': a dump holds the program and how it ran`);
  const config: LaunchConfig = { program: file, dump: file, stepBy: oneOf(args, 'stepBy') as StepGranularity | undefined, frames: oneOf(args, 'frames') as FramesMode | undefined, noDebug: false };
  return { config, trace: boolean(args, 'trace') ?? false, warnings };
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

function boolean(args: Record<string, unknown>, name: string): boolean | undefined {
  const v = args[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new LaunchError(`launch attribute '${name}' must be true or false, found ${describe(v)}`);
  return v;
}

function string(args: Record<string, unknown>, name: string): string | undefined {
  const v = args[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw new LaunchError(`launch attribute '${name}' must be a non-empty string, found ${describe(v)}`);
  return v;
}

function integer(args: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const v = args[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) throw new LaunchError(`launch attribute '${name}' must be an integer from ${min} to ${max}, found ${describe(v)}`);
  return v;
}

function oneOf(args: Record<string, unknown>, name: string): string | undefined {
  const v = args[name];
  const allowed = LAUNCH_ATTRIBUTES[name].enum!;
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || !allowed.includes(v)) throw new LaunchError(`launch attribute '${name}' must be one of ${allowed.map((a) => `"${a}"`).join(', ')}, found ${describe(v)}`);
  return v;
}

function stringArray(args: Record<string, unknown>, name: string): string[] | undefined {
  const v = args[name];
  if (v === undefined) return undefined;
  if (typeof v === 'string') return v.split(',').map((s) => s.trim()).filter((s) => s);
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw new LaunchError(`launch attribute '${name}' must be an array of strings, found ${describe(v)}`);
  return v as string[];
}

function stringRecord(args: Record<string, unknown>, name: string): Record<string, string> | undefined {
  const v = args[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new LaunchError(`launch attribute '${name}' must be an object { "tensor": "file.npy" }, found ${describe(v)}`);
  for (const [k, x] of Object.entries(v)) {
    if (typeof x !== 'string' || x === '') throw new LaunchError(`launch attribute '${name}': the value of '${k}' must be a path to a .npy file, found ${describe(x)}`);
  }
  return v as Record<string, string>;
}
