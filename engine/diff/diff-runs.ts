/**
 * A differential run: two programs on the same inputs, the first DRAM write where their bits differ (lockstep.ts),
 * and where that difference was born, found by asking `:why` on both sides at once (origin-walk.ts) in a debugger
 * stopped on each side before its write (stopped-side.ts). What `bir-sim diff` prints and Compare Runs opens.
 */
import { Program } from '../ir/program';
import { ContinuableFault } from '../machine/fault';
import { MachineOptions } from '../machine/machine';
import { unravel } from '../machine/view';
import { NpyArray } from '../io/npy';
import { npyMachineOptions } from '../run/simulate';
import { RunOutcome } from '../run/interpreter';
import { DebugCore } from '../debug/debug-core';
import { explainWrite, Origin } from '../debug/origins';
import { SearchContext, Write, WriteTarget } from '../debug/writes';
import { matchDrams, UnmatchedPrograms } from './dram-match';
import { Writer } from './dram-writes';
import { DramDifference, lockstep, WriteSide } from './lockstep';
import { runToWrite, stoppedBefore } from './stopped-side';
import { walkDifference, WalkStep } from './origin-walk';

export interface DiffSide {
  readonly program: Program;
  /** How the reports name it: its file, or `A`. */
  readonly label: string;
  readonly cores: number;
}

export interface DiffOptions {
  /** Data for DRAM tensors by name, for whichever program has them. */
  readonly inputs?: Readonly<Record<string, string | NpyArray>>;
  readonly faults?: Partial<Record<ContinuableFault, boolean>>;
  readonly maxInstructions?: number;
  /** Calls nested before the recursion-depth fault, in both runs (the launch attribute maxCallDepth). */
  readonly maxCallDepth?: number;
  readonly settingNames?: MachineOptions['settingNames'];
  /** The history each side's debugger keeps to explain the difference, in MiB. */
  readonly historyMiB?: number;
  /**
   * A side's debugger, made on its program and not yet run (a debug session's): it is the one run to its write and
   * asked `:why`, and is left stopped there. Without it, each side gets a debugger of its own.
   */
  readonly debuggers?: { readonly a?: DebugCore; readonly b?: DebugCore };
}

export interface RunDiff {
  readonly differ: boolean;
  readonly labels: { readonly a: string; readonly b: string };
  /** The DRAM tensors compared, and those only one program has. */
  readonly compared: readonly string[];
  readonly onlyA: readonly string[];
  readonly onlyB: readonly string[];
  /** Element writes of run A compared with run B's. */
  readonly writes: number;
  /** Instructions each run executed (A's up to the difference, where the lockstep run stopped it). */
  readonly instructions: { readonly a: number; readonly b: number };
  /** The first DRAM difference, with the element's name (`out[2, 5]`). */
  readonly dram?: DramDifference & { readonly element: string };
  /** `:why` on both sides, from the DRAM write back to the instruction where the difference was born (the last step). */
  readonly steps?: readonly WalkStep[];
  /** For a write one side made and the other did not: what that side's write read. */
  readonly lone?: { readonly side: 'a' | 'b'; readonly origin: Origin };
  readonly outcomes: { readonly a?: RunOutcome; readonly b: RunOutcome };
  /** When the DRAM agrees but the runs ended differently (one faulted): how. */
  readonly endings?: string;
}

export function diffRuns(a: DiffSide, b: DiffSide, options: DiffOptions = {}): RunDiff {
  const labels = { a: a.label, b: b.label };
  const match = matchDrams(a.program, b.program, labels);
  const optionsA = machineOptions(a, options);
  const optionsB = machineOptions(b, options);
  const unknown = Object.keys(options.inputs ?? {}).filter((n) => !hasDram(a.program, n) && !hasDram(b.program, n));
  if (unknown.length) throw new UnmatchedPrograms(`--input ${unknown.join(', ')}: neither ${a.label} nor ${b.label} has a dram tensor of that name`);
  const run = lockstep(a.program, b.program, match, optionsA, optionsB);
  const base = { labels, compared: match.pairs.map((p) => p.name), onlyA: match.onlyA, onlyB: match.onlyB, writes: run.writes, instructions: run.instructions, outcomes: { a: run.outcomeA, b: run.outcomeB } };
  const d = run.difference;
  if (!d) {
    const endings = run.outcomeA && differentEndings(run.outcomeA, run.outcomeB, labels);
    return { ...base, differ: endings !== undefined, endings };
  }
  const dram = { ...d, element: `${d.pair.name}[${unravel(d.pair.a.shape, d.index).join(', ')}]` };
  if (d.initial) return { ...base, differ: true, dram };
  const sideA = d.a?.writer && explainer(a.program, optionsA, d.a.writer, options.historyMiB, options.debuggers?.a);
  const sideB = d.b?.writer && explainer(b.program, optionsB, d.b.writer, options.historyMiB, options.debuggers?.b);
  if (sideA && sideB) {
    const steps = sideA.inThePast((ctxA) => sideB.inThePast((ctxB) => walkDifference(
      start(ctxA, d.pair.a.slot, d.index, dram.element, d.a!), start(ctxB, d.pair.b.slot, d.index, dram.element, d.b!))));
    return { ...base, differ: true, dram, steps };
  }
  const lone = sideA ?? sideB!;
  const side = sideA ? 'a' : 'b';
  const written = (sideA ? d.a : d.b)!;
  const slot = sideA ? d.pair.a.slot : d.pair.b.slot;
  const origin = lone.inThePast((ctx) => { const s = start(ctx, slot, d.index, dram.element, written); return explainWrite(ctx, s.target, s.write); });
  return { ...base, differ: true, dram, lone: { side, origin } };
}

function machineOptions(side: DiffSide, options: DiffOptions): MachineOptions {
  const inputs = Object.fromEntries(Object.entries(options.inputs ?? {}).filter(([name]) => hasDram(side.program, name)));
  return npyMachineOptions({ cores: side.cores, inputs, faults: options.faults, maxInstructions: options.maxInstructions, maxCallDepth: options.maxCallDepth, settingNames: options.settingNames });
}

function hasDram(p: Program, name: string): boolean {
  return p.drams.some((d) => d.name === name);
}

/** A side's debugger stopped before its write, and its searches of the past. */
function explainer(program: Program, options: MachineOptions, writer: Writer, historyMiB: number | undefined, given: DebugCore | undefined): { inThePast<T>(search: (ctx: SearchContext) => T): T } {
  const core: DebugCore = given ? runToWrite(given, options.faults ?? {}, writer) : stoppedBefore(program, options, writer, historyMiB);
  return { inThePast: (search) => core.travel.inThePast('diff', search) };
}

/** Where a side's walk starts: its DRAM element, as its write left it. */
function start(ctx: SearchContext, slot: number, index: number, element: string, side: WriteSide): { ctx: SearchContext; target: WriteTarget; write: Write; value: { value: number; written: boolean } } {
  const w = side.writer!;
  const tensor = ctx.machine.drams[slot];
  const target: WriteTarget = { kind: 'memory', view: { tensor, offset: index, shape: [], strides: [] }, text: element };
  const write: Write = { tick: w.tick, instructions: w.instructions, core: w.core, node: w.node, member: w.member, allocation: false, position: 0, count: 1, before: { value: 0, written: false } };
  return { ctx, target, write, value: { value: side.value, written: true } };
}

/** How two runs whose DRAM agrees ended differently, or undefined when they ended alike. */
function differentEndings(a: RunOutcome, b: RunOutcome, labels: { a: string; b: string }): string | undefined {
  const ending = (o: RunOutcome): string => (o.kind === 'failed' ? `faulted (${o.fault.code}: ${o.fault.message})` : o.kind === 'exited' ? 'ended normally' : o.kind);
  return ending(a) === ending(b) ? undefined : `${labels.a} ${ending(a)}; ${labels.b} ${ending(b)}`;
}
