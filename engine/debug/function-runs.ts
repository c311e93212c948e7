/**
 * How many times each function has run up to a stop: the activations the machine started, every core's (a replay of
 * the past restores the count of its checkpoint, so the answer is the stop's). For the editor's CodeLens above each
 * function; a call the `inline` pass inlined runs in its caller's activation and is not counted. Once the session
 * has a timeline (bir/timeline of its program), each function's modelled time over the whole run comes with it.
 */
import * as path from 'path';
import type { FunctionRuns } from '../../contract/requests';
import { Program } from '../ir/program';
import { Machine } from '../machine/machine';

/** With `timeOf` (from the session's last timeline, by `module::name`), each function's modelled time in the whole run too. */
export function functionRuns(program: Program, machine: Machine, timeOf?: (fullName: string) => FunctionRuns['time']): FunctionRuns[] {
  return [...program.functions.values()].map((fn) => {
    const time = timeOf?.(fn.fullName);
    return { name: fn.fullName, path: path.resolve(fn.span.file), line: fn.span.line, runs: machine.activations.get(fn) ?? 0, ...(time ? { time } : {}) };
  });
}
