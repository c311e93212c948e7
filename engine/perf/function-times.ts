/**
 * Each function's modelled time in a schedule: the engine time of the instructions it executed (each instruction's
 * end minus its start on its engine or queues, summed over its runs and cores), and its share of all the
 * instructions' engine time. For the editor's CodeLens beside a function's runs; the instructions of a call the
 * `inline` pass inlined are its caller's, as its runs are.
 */
import { Program } from '../ir/program';
import { Schedule } from './scheduler';

export interface FunctionTimes {
  /** The machine profile's name (`trn2`). */
  readonly machine: string;
  /** ns of engine time, by the function's `module::name`. */
  readonly byFunction: ReadonlyMap<string, number>;
  /** ns of engine time of every instruction. */
  readonly all: number;
}

export function functionTimes(s: Schedule, program: Program): FunctionTimes {
  const byFunction = new Map<string, number>();
  const nodes = s.stream.node;
  let all = 0;
  let last = -1;
  let name = '';
  for (let i = 0; i < s.stream.count; i++) {
    const node = nodes[i];
    // Consecutive instructions are mostly of one function: its name is looked up again only when the node changes.
    if (node !== last) {
      name = program.code.functionOf(node).fullName;
      last = node;
    }
    const busy = s.end[i] - s.start[i];
    byFunction.set(name, (byFunction.get(name) ?? 0) + busy);
    all += busy;
  }
  return { machine: s.profile.name, byFunction, all };
}

/** A function's time and share, as `bir/functionRuns` answers it; undefined when it executed no instruction. */
export function timeOfFunction(times: FunctionTimes, fullName: string): { ns: number; share: number; machine: string } | undefined {
  const ns = times.byFunction.get(fullName);
  return ns === undefined ? undefined : { ns, share: times.all > 0 ? ns / times.all : 0, machine: times.machine };
}
