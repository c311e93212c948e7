/**
 * Pass bisection to the single rewrite: the first pass of a pipeline, and the first rewrite in it (passes count their
 * rewrites: passes/rewrite-counter.ts), after which the outputs differ from a reference (the program without passes,
 * or a folder of .npy files: output-reference.ts); then, for that rewrite, the first DRAM write whose bits differ
 * between the program after it and the program before it, with where the difference was born (diff-runs.ts).
 *
 * The pipeline's rewrites are put in one line, pass after pass: position g is the program after the first g of them
 * (the passes before the one that holds rewrite g run whole, that one runs with a budget, the ones after it do not
 * run; passes that must always run run whole in every trial and are not counted). Position 0 agrees with the
 * reference and the last one does not, so a binary search finds g whose program agrees while g + 1's does not: rewrite
 * g is the culprit, in O(log total rewrites) runs. The search looks first among the ends of passes, whose programs
 * the whole pipeline (run once, with its rewrites recorded) made: a trial there is a run. Then within the pass: a
 * trial runs that pass with a budget on its input, kept from the whole pipeline, and the program.
 */
import { Program } from '../ir/program';
import { ContinuableFault } from '../machine/fault';
import { Machine, MachineOptions } from '../machine/machine';
import { NpyArray } from '../io/npy';
import { PassInfo } from '../passes/registry';
import { Rewrite } from '../passes/rewrite-counter';
import { Interpreter } from '../run/interpreter';
import { npyMachineOptions } from '../run/simulate';
import { diffRuns, RunDiff } from './diff-runs';
import { TooManyWrites } from './write-stream';
import { FinishedRun, OutputMismatch, OutputReference, runReference } from './output-reference';

export interface BisectSettings {
  readonly passes: readonly PassInfo[];
  /** How reports name the program (its file as shown). */
  readonly label: string;
  readonly cores: number;
  readonly inputs?: Readonly<Record<string, NpyArray>>;
  readonly faults?: Partial<Record<ContinuableFault, boolean>>;
  /** The most instructions a run may execute; by default ten times the program's own run and a million more. */
  readonly maxInstructions?: number;
  /** Calls nested before the recursion-depth fault, in every run. */
  readonly maxCallDepth?: number;
  readonly settingNames?: MachineOptions['settingNames'];
  /** What the outputs are compared with; the program without passes when undefined. */
  readonly reference?: OutputReference;
}

export interface PassRewrites {
  readonly pass: string;
  readonly rewrites: number;
  readonly alwaysRuns: boolean;
}

export interface Culprit {
  readonly pass: string;
  /** Its place in the pipeline, from 0. */
  readonly passIndex: number;
  readonly rewrite: Rewrite;
}

export interface BisectResult {
  /** What the outputs were compared with, as reports name it. */
  readonly against: string;
  readonly passes: readonly PassRewrites[];
  /** The rewrites searched: those of the passes that need not run. */
  readonly rewrites: number;
  /** Runs of the simulator made (the reference's included). */
  readonly runs: number;
  /** `as written`: the program before any rewrite that may be left out already differs from the reference. */
  readonly verdict: 'nothing differs' | 'culprit' | 'as written';
  readonly culprit?: Culprit;
  /** The outputs after the culprit (or of the program as written) against the reference. */
  readonly mismatch?: OutputMismatch;
  /** The program after the culprit (A) against the program before it (B): the first DRAM write whose bits differ. */
  readonly divergence?: RunDiff;
  /** Why there is no divergence to show, when the lockstep diff could not be made. */
  readonly divergenceError?: string;
}

/** One pass of the whole pipeline: its input and output, and where its rewrites are in the line of positions. */
interface Stage {
  readonly info: PassInfo;
  readonly input: Program;
  readonly output: Program;
  readonly rewrites: readonly Rewrite[];
  /** Position of its first rewrite; its rewrites are positions [offset, offset + count). */
  readonly offset: number;
  readonly count: number;
}

const DEFAULT_LIMIT_FACTOR = 10;
const DEFAULT_LIMIT_SLACK = 1_000_000;

export function bisectPasses(program: Program, settings: BisectSettings): BisectResult {
  const stages = wholePipeline(program, settings.passes);
  const total = stages.reduce((n, s) => n + s.count, 0);
  const trials = new Trials(program, stages, settings);
  const reference = settings.reference ?? runReference(program, trials.run(program));
  const passes = stages.map((s) => ({ pass: s.info.name, rewrites: s.info.alwaysRuns ? s.rewrites.length : s.count, alwaysRuns: s.info.alwaysRuns }));
  const base = { against: reference.name, passes, rewrites: total };
  const mismatchAt = (g: number): OutputMismatch | undefined => reference.firstMismatch(trials.run(trials.programAt(g)));

  // The program as written agrees with itself: only a reference folder (or a pass that always runs) can differ at 0.
  // It runs first, so that its instructions bound the runs of programs a wrong rewrite may have made endless.
  const first = settings.reference || trials.programAt(0) !== program ? mismatchAt(0) : undefined;
  if (first) return { ...base, runs: trials.runs, verdict: 'as written', mismatch: first };
  const last = mismatchAt(total);
  if (!last) return { ...base, runs: trials.runs, verdict: 'nothing differs' };
  let lo = 0;
  let hi = total;
  let mismatch = last;
  /** Narrows (lo, hi) by one trial at position g. */
  const probe = (g: number): boolean => {
    const m = mismatchAt(g);
    if (m) {
      hi = g;
      mismatch = m;
    } else {
      lo = g;
    }
    return m !== undefined;
  };
  // First the pass, among the ends of passes (whose programs the whole pipeline made: a trial there is a run only).
  const ends = [...new Set(stages.map((st) => st.offset + st.count))].filter((end) => end > 0 && end < total);
  for (let a = 0, b = ends.length; b > a;) {
    const mid = (a + b) >> 1;
    if (probe(ends[mid])) b = mid;
    else a = mid + 1;
  }
  // Then the rewrite in it.
  while (hi - lo > 1) probe(lo + Math.floor((hi - lo) / 2));
  const culprit = culpritAt(stages, lo);
  const { divergence, divergenceError } = firstDivergence(trials.programAt(hi), trials.programAt(lo), culprit, { ...settings, maxInstructions: trials.limit });
  return { ...base, runs: trials.runs, verdict: 'culprit', culprit, mismatch, divergence, divergenceError };
}

/** Every pass run whole, in order, recording its rewrites. */
function wholePipeline(program: Program, passes: readonly PassInfo[]): Stage[] {
  const stages: Stage[] = [];
  let input = program;
  let offset = 0;
  for (const info of passes) {
    const outcome = info.run(input, { record: true });
    const rewrites = outcome.rewrites.rewrites ?? [];
    const count = info.alwaysRuns ? 0 : rewrites.length;
    stages.push({ info, input, output: outcome.program, rewrites, offset, count });
    offset += count;
    input = outcome.program;
  }
  return stages;
}

function culpritAt(stages: readonly Stage[], g: number): Culprit {
  const passIndex = stages.findIndex((s) => g >= s.offset && g < s.offset + s.count);
  const stage = stages[passIndex];
  return { pass: stage.info.name, passIndex, rewrite: stage.rewrites[g - stage.offset] };
}

/** The programs at positions of the line, and their runs (counted). */
class Trials {
  runs = 0;
  private readonly programs = new Map<number, Program>();
  /** The most instructions a run may execute (set by the first run, unless the settings say it). */
  limit: number | undefined;

  constructor(
    private readonly program: Program,
    private readonly stages: readonly Stage[],
    private readonly settings: BisectSettings,
  ) {
    this.limit = settings.maxInstructions;
  }

  /** The program after the first g rewrites of the line. */
  programAt(g: number): Program {
    let known = this.programs.get(g);
    if (!known) this.programs.set(g, (known = this.make(g)));
    return known;
  }

  private make(g: number): Program {
    let p = this.program;
    for (const stage of this.stages) {
      if (stage.info.alwaysRuns) {
        p = p === stage.input ? stage.output : stage.info.run(p).program;
        continue;
      }
      const budget = Math.max(0, Math.min(stage.count, g - stage.offset));
      // A pass given all its rewrites on the input it had in the whole pipeline makes what it made there.
      if (budget === stage.count && p === stage.input) p = stage.output;
      else if (budget > 0) p = stage.info.run(p, { budget }).program;
    }
    return p;
  }

  run(program: Program): FinishedRun {
    this.runs++;
    const machine = new Machine(program, this.machineOptions());
    const outcome = new Interpreter(machine).runFast();
    // A wrong rewrite may make a loop that never ends: later runs stop well beyond what the first one needed.
    this.limit ??= machine.instructionsExecuted * DEFAULT_LIMIT_FACTOR + DEFAULT_LIMIT_SLACK;
    return { outcome, machine };
  }

  machineOptions(): MachineOptions {
    const s = this.settings;
    return npyMachineOptions({ cores: s.cores, inputs: s.inputs, faults: s.faults, maxInstructions: this.limit, maxCallDepth: s.maxCallDepth, settingNames: s.settingNames });
  }
}

/** The lockstep diff of the program after the culprit against the program before it. */
function firstDivergence(after: Program, before: Program, culprit: Culprit, s: BisectSettings): { divergence?: RunDiff; divergenceError?: string } {
  try {
    const divergence = diffRuns(
      { program: after, label: `${s.label} after rewrite ${culprit.rewrite.index} of ${culprit.pass}`, cores: s.cores },
      { program: before, label: `${s.label} before it`, cores: s.cores },
      { inputs: s.inputs, faults: s.faults, maxInstructions: s.maxInstructions, maxCallDepth: s.maxCallDepth, settingNames: s.settingNames },
    );
    return { divergence };
  } catch (e) {
    if (e instanceof TooManyWrites) return { divergenceError: e.message };
    throw e;
  }
}
