/** Running a checked program to its end without a debugger: what bir-sim and `noDebug` launches use. */
import { performance } from 'perf_hooks';
import { Program } from '../ir/program';
import { Machine, MachineOptions } from '../machine/machine';
import { NpyArray } from '../io/npy';
import { npySource } from '../io/tensor-files';
import { Interpreter, RunOutcome } from './interpreter';
import { OpcodeStats } from './opcode-stats';

/** A run's options with its data as .npy: paths (or arrays) of inputs; file initializers read from disk. */
export interface RunOptions extends Omit<MachineOptions, 'inputs' | 'files'> {
  readonly inputs?: Readonly<Record<string, string | NpyArray>>;
}

/** The machine's options for a run whose data comes from .npy files. */
export function npyMachineOptions(options: RunOptions): MachineOptions {
  const inputs = Object.fromEntries(Object.entries(options.inputs ?? {}).map(([name, input]) => [name, npySource(input)]));
  return { ...options, inputs, files: npySource };
}

export interface RunResult {
  readonly outcome: RunOutcome;
  readonly machine: Machine;
}

/** How long the run goes between two calls of `onSlice`. */
const SLICE_MS = 100;

/**
 * `onSlice`: told between slices of the run (a progress bar); without it the run goes in one piece. `stats`: the
 * per-opcode statistics to keep, when asked for.
 */
export function runProgram(program: Program, options: RunOptions = {}, control?: Int32Array, onSlice?: (machine: Machine) => void, stats?: OpcodeStats): RunResult {
  const machine = new Machine(program, npyMachineOptions(options));
  const interpreter = new Interpreter(machine, control, stats);
  if (!onSlice) return { outcome: interpreter.runFast(), machine };
  for (;;) {
    const outcome = interpreter.runFast(performance.now() + SLICE_MS);
    if (outcome) return { outcome, machine };
    onSlice(machine);
  }
}
