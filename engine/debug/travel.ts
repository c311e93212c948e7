/**
 * Searches of the past. A search goes back interval by interval from the present: it puts the state of an
 * interval's checkpoint back and replays the interval, looking at every node as the run met it (with the same
 * breakpoint hit counts and frame positions), and keeps the latest node it wants before the present. The first
 * interval (going back) that has one answers; earlier ones are not replayed.
 */
import { Core } from '../machine/core';
import { Node } from '../ir/program';
import { Interpreter } from '../run/interpreter';
import { Replay, Visit } from './replay';
import { Timeline } from './timeline';

/** What a search needs of the debugger. */
export interface TravelContext {
  readonly timeline: Timeline;
  readonly interpreter: Interpreter;
  /** Replays from the present state up to the replay's target tick; the core and node it stopped before. */
  replayTo(replay: Replay): { readonly core: Core; readonly node: Node };
}

export interface Found {
  readonly tick: number;
  readonly hitIds: readonly number[];
  /** Found after its node ran (a data breakpoint's stop). */
  readonly after?: boolean;
}

/**
 * The latest node before `now` (ticks) that `wanted` accepts, or undefined when the history holds none. Intervals
 * that `mayHold` rules out (from what the timeline knows of them) are not replayed.
 */
export function findBack(ctx: TravelContext, now: number, wanted: (v: Visit) => boolean, mayHold: (k: number, from: number, end: number) => boolean = () => true): Found | undefined {
  const t = ctx.timeline;
  for (let k = t.checkpointBefore(Math.max(t.start, now - 1)); k >= 0; k--) {
    const from = t.checkpoints[k].tick;
    if (from >= now) continue;
    const end = Math.min(now, t.checkpoints[k + 1]?.tick ?? now);
    if (!mayHold(k, from, end)) continue;
    t.restore(k, ctx.interpreter.ticks);
    let found: Found | undefined;
    ctx.replayTo({ target: end, reason: 'step', observe: (v) => {
      // What a node did right before `now` is seen after it, at `now`: earlier than a stop before the node at now.
      if ((v.tick < now || (v.after && v.tick === now)) && wanted(v)) found = { tick: v.tick, hitIds: v.hitIds, after: v.after };
    } });
    if (found) return found;
  }
  return undefined;
}

/** Puts the run as it was at a tick of its history (the checkpoint before it, then a replay to it): the node next. */
export function moveTo(ctx: TravelContext, replay: Replay): { readonly core: Core; readonly node: Node } {
  const t = ctx.timeline;
  t.restore(t.checkpointBefore(replay.target), ctx.interpreter.ticks);
  return ctx.replayTo(replay);
}
