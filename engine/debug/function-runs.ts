/**
 * How many times each function has run up to a stop: the activations the machine started, every core's (a replay of
 * the past restores the count of its checkpoint, so the answer is the stop's). For the editor's CodeLens above each
 * function; a call the `inline` pass inlined runs in its caller's activation and is not counted.
 */
import * as path from 'path';
import type { FunctionRuns } from '../../contract/requests';
import { Program } from '../ir/program';
import { Machine } from '../machine/machine';

export function functionRuns(program: Program, machine: Machine): FunctionRuns[] {
  return [...program.functions.values()].map((fn) => ({
    name: fn.fullName, path: path.resolve(fn.span.file), line: fn.span.line, runs: machine.activations.get(fn) ?? 0,
  }));
}
