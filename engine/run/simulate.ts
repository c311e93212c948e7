/** Running a checked program to its end without a debugger: what bir-sim and `noDebug` launches use. */
import { Program } from '../ir/program';
import { Machine, MachineOptions } from '../machine/machine';
import { NpyArray } from '../io/npy';
import { npySource } from '../io/tensor-files';
import { Interpreter, RunOutcome } from './interpreter';

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

export function runProgram(program: Program, options: RunOptions = {}, control?: Int32Array): RunResult {
  const machine = new Machine(program, npyMachineOptions(options));
  const outcome = new Interpreter(machine, control).runFast();
  return { outcome, machine };
}
