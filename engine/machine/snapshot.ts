/**
 * The state of a machine apart from its memory, as at a checkpoint of time travel: every core's stack (the same frame
 * objects, with their registers and positions), the counters, the allocation pools and the race detector's map.
 * Memory (tensors, written flags, race logs) is put back by the journal; this puts back the rest.
 */
import { Engine } from '../ir/program';
import { Core, CoreState, Frame, RegionCursor } from './core';
import { Machine } from './machine';
import { Tensor } from './tensor';

interface FrameState {
  readonly frame: Frame;
  readonly regs: Float64Array;
  readonly regWritten: number;
  readonly started: boolean;
  readonly lastLineKey: number;
  readonly cursors: readonly RegionCursor[];
}

interface CoreSnapshot {
  readonly state: CoreState;
  readonly executed: number;
  readonly barrierNode: Core['barrierNode'];
  readonly frames: readonly FrameState[];
}

export interface MachineSnapshot {
  readonly counters: Readonly<Record<Engine, number>>;
  readonly barrierEpoch: number;
  readonly nextActivation: number;
  readonly activations: Machine['activations'];
  readonly madeCount: number;
  readonly instructionBudget: number;
  readonly pools: ReadonlyMap<string, readonly Tensor[]>;
  readonly writeLogs: Machine['writeLogs'];
  readonly cores: readonly CoreSnapshot[];
}

export function snapshotMachine(m: Machine): MachineSnapshot {
  return {
    counters: { ...m.counters },
    barrierEpoch: m.barrierEpoch,
    nextActivation: m.nextActivation,
    activations: new Map(m.activations),
    madeCount: m.madeCount,
    instructionBudget: m.instructionBudget,
    pools: new Map([...m.pools].map(([k, list]) => [k, [...list]])),
    writeLogs: new Map(m.writeLogs),
    cores: m.cores.map((c) => ({ state: c.state, executed: c.executed, barrierNode: c.barrierNode, frames: c.frames.map(frameState) })),
  };
}

export function restoreMachine(m: Machine, s: MachineSnapshot): void {
  Object.assign(m.counters, s.counters);
  m.barrierEpoch = s.barrierEpoch;
  m.nextActivation = s.nextActivation;
  m.activations = new Map(s.activations);
  m.madeCount = s.madeCount;
  m.instructionBudget = s.instructionBudget;
  m.suppressed = undefined;
  m.pools = new Map([...s.pools].map(([k, list]) => [k, [...list]]));
  m.writeLogs = new Map(s.writeLogs);
  m.cores.forEach((core, i) => {
    const c = s.cores[i];
    core.state = c.state;
    core.executed = c.executed;
    core.barrierNode = c.barrierNode;
    core.frames.length = 0;
    for (const f of c.frames) core.frames.push(restoreFrame(f));
  });
}

function frameState(frame: Frame): FrameState {
  return {
    frame,
    regs: frame.regs.slice(),
    regWritten: frame.regWritten,
    started: frame.started,
    lastLineKey: frame.lastLineKey,
    cursors: frame.cursors.map(copyCursor),
  };
}

function restoreFrame(s: FrameState): Frame {
  const f = s.frame;
  f.regs.set(s.regs);
  f.regWritten = s.regWritten;
  f.started = s.started;
  f.lastLineKey = s.lastLineKey;
  f.cursors.length = 0;
  for (const c of s.cursors) f.cursors.push(copyCursor(c));
  return f;
}

/** A copy of a position: its loop too, which the run advances in place. */
function copyCursor(c: RegionCursor): RegionCursor {
  return { region: c.region, pc: c.pc, loop: c.loop && { ...c.loop }, activation: c.activation };
}
