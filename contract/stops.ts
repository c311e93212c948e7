/**
 * What the debugger says about a stop beyond DAP's `stopped` event: the body of the `bir/stopped` event, sent just
 * before each `stopped`. Types only.
 */
import type { Span } from './span';
import type { ShowTensorEvent } from './tensor';
import type { ComparisonEvent } from './comparison';
import type { BisectEvent } from './bisection';

export type StopReason = 'entry' | 'breakpoint' | 'function breakpoint' | 'data breakpoint' | 'step' | 'pause' | 'exception' | 'goto' | 'restart' | 'divergence';

/** The node a stop is before. */
export interface NodeSummary {
  readonly id: string;
  readonly opcode: string;
  readonly engine: string;
  readonly span: Span;
}

/** A line a step went past without executing it, because a pass emptied it, and why. */
export interface SkippedLine {
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

export interface FusionStop {
  readonly group: string;
  readonly members: readonly { readonly id: string; readonly opcode: string; readonly line: number }[];
  /** The sentence the Debug Console prints. */
  readonly text: string;
}

export interface StoppedInfo {
  readonly threadId: number;
  readonly reason: StopReason;
  readonly description?: string;
  readonly text?: string;
  readonly hitBreakpointIds?: readonly number[];
  readonly node?: NodeSummary;
  readonly skipped: readonly SkippedLine[];
  /** At a fused group's stop: the group and its members in order. */
  readonly fusion?: FusionStop;
  /** Instructions run before this stop, all cores together: where the run is in time. */
  readonly instructions?: number;
  /**
   * At a data breakpoint's stop: the line whose instruction made the access (the stop is before the next node, so
   * the editor's stop arrow is on another line) and what the access did, which the editor marks on that line.
   */
  readonly access?: { readonly span: Span; readonly text: string };
  /** At a compiler stop: which snapshot of the pass pipeline. */
  readonly pipeline?: { readonly index: number; readonly pass: string; readonly boundary: 'initial' | 'after' };
}

/** The custom events of the adapter, by name: their bodies. */
export interface BirEvents {
  readonly 'bir/stopped': StoppedInfo;
  /** `:show EXPR` in the Debug Console: open the tensor view on it. */
  readonly 'bir/showTensor': ShowTensorEvent;
  /** A session of a comparison (compareWith): whether the runs differ, where, and the other side's launch. */
  readonly 'bir/comparison': ComparisonEvent;
  /** A session that bisected its pass pipeline (bisect): the culprit rewrite, and the snapshot the session stops at. */
  readonly 'bir/bisect': BisectEvent;
}
