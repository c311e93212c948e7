/**
 * One side of a diff under the debugger, stopped right before a write the lockstep run saw: with its history, so
 * that what the write read, and where each of those values came from, can be asked (`:why`) on that side.
 */
import { Program } from '../ir/program';
import { MachineOptions } from '../machine/machine';
import { DebugCore } from '../debug/debug-core';
import { DebugOutcome } from '../debug/replay';
import { ExceptionFilter } from '../protocol/types';
import { Writer } from './dram-writes';

/** A debug core stopped before the writer's node at its tick; undefined when the run never gets there (it cannot: the run is deterministic). */
export function stoppedBefore(program: Program, options: MachineOptions, writer: Writer, historyMiB?: number): DebugCore {
  return runToWrite(new DebugCore(program, options, { historyMiB }, new Int32Array(2)), options.faults ?? {}, writer);
}

/**
 * A debug core that has not run (a debug session's, before its breakpoints are set) run to right before the writer's
 * node at its tick, with the history from the start of the run that time travel and `:why` search.
 */
export function runToWrite(core: DebugCore, faults: NonNullable<MachineOptions['faults']>, writer: Writer): DebugCore {
  // The run stops at what would have ended the lockstep run, and at nothing else.
  core.setExceptionFilters(filtersOf(faults));
  if (writer.instructions > 0) {
    const move = core.travel.goTo('diff', writer.instructions)();
    if (move === 'run') expectStop(core, core.run(), writer);
  }
  if (core.interpreter.ticks === writer.tick) return core;
  // Only nodes that are not instructions (loops, calls) can be between: the writer's next visit is the one.
  core.setNodeBreakpoints([writer.node.id]);
  while (core.interpreter.ticks < writer.tick) {
    if (core.stopped) core.continue();
    expectStop(core, core.run(), writer);
  }
  core.setNodeBreakpoints([]);
  if (core.interpreter.ticks !== writer.tick) throw new Error(`the debugger's run went past tick ${writer.tick} (at ${core.interpreter.ticks}) without meeting the write`);
  return core;
}

function expectStop(core: DebugCore, first: DebugOutcome, writer: Writer): void {
  let o = first;
  while (o.kind === 'yield') o = core.run();
  if (o.kind !== 'stopped') throw new Error(`the debugger's run ended before the write at instruction ${writer.instructions} that the lockstep run made`);
}

/** The filters that stop where the machine's faults would end a run (a read of an unwritten element does unless told not to). */
function filtersOf(faults: NonNullable<MachineOptions['faults']>): ExceptionFilter[] {
  const filters: ExceptionFilter[] = ['assert', 'fault'];
  if (faults['uninitialized-read'] ?? true) filters.push('uninitialized');
  if (faults.nan) filters.push('nan');
  if (faults.race) filters.push('race');
  return filters;
}
