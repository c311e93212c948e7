/** Running a checked program to its end without a debugger: what bir-sim and `noDebug` launches use. */
import { Program } from '../ir/program';
import { Machine, MachineOptions } from '../machine/machine';
import { Interpreter, RunOutcome } from './interpreter';

export interface RunResult {
  readonly outcome: RunOutcome;
  readonly machine: Machine;
}

export function runProgram(program: Program, options: MachineOptions = {}, control?: Int32Array): RunResult {
  const machine = new Machine(program, options);
  const outcome = new Interpreter(machine, control).runFast();
  return { outcome, machine };
}
