/**
 * The vocabulary of replaying the past, shared by the debug core (which runs a replay through its hooks) and the
 * searches and moves of time travel (which ask for replays and look at what they meet). A leaf: it imports no other
 * file of the debug core.
 */
import { Node } from '../ir/program';
import { Core, Frame } from '../machine/core';
import { Fault } from '../machine/fault';
import { StopReason, StoppedInfo } from '../protocol/types';
import { RunOutcome } from '../run/interpreter';
import { FramePosition } from './stepping';

/** A node as a search of the past sees it. */
export interface Visit {
  readonly tick: number;
  readonly core: Core;
  readonly frame: Frame;
  readonly node: Node;
  /** The frame enters the node's line here (a line step would stop). */
  readonly enters: boolean;
  /** Breakpoints that stop here, as they did when the node first ran. */
  readonly hitIds: readonly number[];
  readonly key: number;
  /** Seen after the node ran (data breakpoints stop there), not before it: `tick` counts the node. */
  readonly after?: boolean;
  /** The frame's identity and depth, as steps compare them: computed when asked (during the visit only). */
  position(): FramePosition;
}

/** A replay of the past: up to the target tick (where it stops), shown node by node to a search. */
export interface Replay {
  readonly target: number;
  readonly reason: StopReason;
  readonly hitIds?: readonly number[];
  readonly text?: string;
  readonly observe?: (visit: Visit) => void;
  /** Stops before the target at the first node this accepts. */
  readonly until?: (visit: Visit) => boolean;
  /** Stops after the node that brings the ticks to the target (where a data breakpoint stopped), not before the next. */
  readonly after?: boolean;
  /** Brings the run back to the present (after a search of the past): a pause does not interrupt it. */
  readonly toPresent?: boolean;
}

/** A replay stopped by a pause the user asked for while it ran: the move that made it stops where it is. */
export class ReplayInterrupted extends Error {
  constructor() {
    super('the replay was paused');
  }
}

/** Where a replay stopped: before `node` of `core`, or after it. */
export interface ReplayStop {
  readonly core: Core;
  readonly node: Node;
  readonly after?: boolean;
}

/** What a run of the debug loop ended with. */
export type DebugOutcome =
  | { readonly kind: 'stopped'; readonly info: StoppedInfo }
  /** The time slice ran out: nothing to report, resume soon. */
  | { readonly kind: 'yield' }
  | { readonly kind: 'ended'; readonly outcome: Extract<RunOutcome, { exitCode: number }> };

/**
 * A move of the program, checked when it was asked for (a refusal answers the request) and made when called, after
 * the answer: it lands at a stop, or runs on (`'run'`: a :goto past the furthest point the run has reached).
 */
export type Move = () => DebugOutcome | 'run';

/** A move that always lands at a stop (every move but a :goto past the frontier). */
export type Landing = () => DebugOutcome;

/** The stop the program is at, as time travel needs it: to come back to it, and to go on from it. */
export interface StopPoint {
  readonly core: Core;
  readonly node?: Node;
  readonly reason: StopReason;
  readonly fault?: Fault;
  /** Stopped after a node ran (a data breakpoint), not before one. */
  readonly after?: boolean;
}
