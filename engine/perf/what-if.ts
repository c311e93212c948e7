/**
 * What-if: two schedules of a program, before and after a change (an edit, a pass, another machine), side by side:
 * the total time, each engine's busy time, and the critical path before and after, with the differences.
 */
import { EngineBusy, PathStep, ProfileSummary } from './summary';

export interface EngineDifference {
  readonly core: number;
  readonly engine: string;
  /** ns; 0 where the engine had no work on that side. */
  readonly before: number;
  readonly after: number;
  readonly delta: number;
  readonly instructionsBefore: number;
  readonly instructionsAfter: number;
}

export interface ScheduleDifference {
  readonly before: { readonly machine: string; readonly total: number; readonly criticalPath: readonly PathStep[] };
  readonly after: { readonly machine: string; readonly total: number; readonly criticalPath: readonly PathStep[] };
  /** after − before, ns: negative is faster. */
  readonly delta: number;
  /** after / before. */
  readonly ratio: number;
  readonly engines: readonly EngineDifference[];
}

export function compareSchedules(before: ProfileSummary, after: ProfileSummary): ScheduleDifference {
  const key = (e: EngineBusy): string => `${e.core}:${e.engine}`;
  const a = new Map(before.engines.map((e) => [key(e), e]));
  const b = new Map(after.engines.map((e) => [key(e), e]));
  const keys = [...new Set([...a.keys(), ...b.keys()])];
  const engines = keys.map((k) => {
    const x = a.get(k);
    const y = b.get(k);
    const e = (x ?? y)!;
    return {
      core: e.core, engine: e.engine, before: x?.busy ?? 0, after: y?.busy ?? 0, delta: (y?.busy ?? 0) - (x?.busy ?? 0),
      instructionsBefore: x?.instructions ?? 0, instructionsAfter: y?.instructions ?? 0,
    };
  });
  return {
    before: { machine: before.machine, total: before.total, criticalPath: before.criticalPath },
    after: { machine: after.machine, total: after.total, criticalPath: after.criticalPath },
    delta: after.total - before.total,
    ratio: before.total > 0 ? after.total / before.total : 1,
    engines,
  };
}
