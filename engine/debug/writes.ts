/**
 * Searches of the past for writes: to elements of a tensor (a view of it) or to a register of one activation. A
 * search replays the history interval by interval, going back from a tick, with watchers on the journal (memory)
 * and on frames (registers) that see every write as it happens, with the node (and fused member) making it and the
 * value before it. Intervals whose journal saved no page of the tensor cannot have written it and are not replayed.
 * A tensor allocated by an activation is a new tensor for that activation: the search stops at its allocation.
 */
import type { ShownPath } from './shown-path';
import { InstrNode, Node } from '../ir/program';
import { Frame } from '../machine/core';
import { decode } from '../machine/dtypes';
import { Tracked } from '../machine/journal';
import { Machine } from '../machine/machine';
import { Tensor } from '../machine/tensor';
import { View, viewExtent, viewPosition } from '../machine/view';
import { TravelContext } from './travel';

/** What a search watches. */
export type WriteTarget =
  | {
      readonly kind: 'memory';
      readonly view: View;
      readonly text: string;
      /** For a tensor an activation allocated: that activation, before which the tensor was another one's. */
      readonly allocatedBy?: number;
    }
  | { readonly kind: 'register'; readonly activation: number; readonly index: number; readonly text: string };

export interface Sample {
  readonly value: number;
  readonly written: boolean;
}

export interface Write {
  /** The tick to stop at for it: before the node that writes (a loop's next iteration: after the loop set its register). */
  readonly tick: number;
  readonly instructions: number;
  readonly core: number;
  readonly node: Node;
  /** The member of a fused group that wrote. */
  readonly member?: InstrNode;
  /** The tensor was allocated here (a new activation's tensor, unwritten), not written. */
  readonly allocation: boolean;
  /** The first element of the target it wrote, as a row-major position in the target, and how many of them. */
  readonly position: number;
  count: number;
  readonly before: Sample;
  after?: Sample;
}

/**
 * Where a page of writes ends: the writes before `tick`, and the first `atTick` of those made at `tick` itself (the
 * members of a fused group write at one tick, and a page may end between them).
 */
export interface WriteBound {
  readonly tick: number;
  readonly atTick: number;
}

export interface WriteSearch {
  /** In the order they happened: every write from `earlier` (or the horizon) to the bound searched before. */
  readonly writes: Write[];
  /** Set when the search stopped with enough writes: earlier writes may be before this point (the next page). */
  readonly earlier?: WriteBound & { readonly instructions: number };
  /** Why the search went no further back: the history's start, the target's allocation, or its activation's start. */
  readonly horizon: 'history' | 'allocation' | 'activation';
}

export interface SearchContext extends TravelContext {
  readonly machine: Machine;
  /** Replays from the present state to a tick without the debugger's hooks (fast; nothing to stop at). */
  runTo(tick: number): void;
  /** How the Debug Console writes a file's path (relative to the workspace). */
  readonly shown: ShownPath;
}

/**
 * The latest writes to a target before a tick (or a bound), going back interval by interval until at least `enough`
 * are found (1 for the last write) or nothing earlier can have written it: every write of the intervals replayed, so
 * how many depends on where checkpoints fell (writesPage cuts a page exactly). Leaves the machine somewhere in the
 * past: the caller moves it back.
 */
export function findWrites(ctx: SearchContext, target: WriteTarget, before: number | WriteBound, enough: number): WriteSearch {
  const t = ctx.timeline;
  const bound = typeof before === 'number' ? undefined : before;
  // A bound's own tick is replayed too, for the writes made at it that are before the bound.
  const until = bound ? bound.tick + 1 : (before as number);
  const found: Write[][] = [];
  let count = 0;
  let horizon: WriteSearch['horizon'] = 'history';
  let earlier: WriteSearch['earlier'];
  for (let k = t.checkpointBefore(Math.max(t.start, until - 1)); k >= 0; k--) {
    const from = t.checkpoints[k].tick;
    if (from >= until) continue;
    // The target's activation began in this interval: nothing before it can have written the target.
    const owner = target.kind === 'register' ? target.activation : target.allocatedBy;
    const bornHere = owner !== undefined && t.checkpoints[k].machine.nextActivation <= owner;
    if (!bornHere && target.kind === 'memory' && !mayWrite(ctx, k, target.view)) continue;
    const end = Math.min(until, t.checkpoints[k + 1]?.tick ?? until);
    t.restore(k, ctx.interpreter.ticks);
    let writes = watch(ctx, target, () => ctx.runTo(end));
    if (bound) writes = withinBound(writes, bound);
    const allocated = writes.map((w) => w.allocation).lastIndexOf(true);
    if (allocated >= 0) writes = writes.slice(allocated);
    found.unshift(writes);
    count += writes.length;
    if (allocated >= 0 || bornHere) {
      horizon = allocated >= 0 ? 'allocation' : 'activation';
      break;
    }
    if (count >= enough && k > 0) {
      earlier = { tick: from, atTick: 0, instructions: t.checkpoints[k].instructions };
      break;
    }
  }
  return { writes: found.flat(), earlier, horizon };
}

/**
 * The writes before the bound: those of its tick past the first `atTick`, and any after it, belong to a later page.
 * Writes come in the order they were made, and their ticks never decrease.
 */
function withinBound(writes: Write[], bound: WriteBound): Write[] {
  let atTick = 0;
  return writes.filter((w) => w.tick < bound.tick || (w.tick === bound.tick && atTick++ < bound.atTick));
}

/**
 * A page of a target's history: exactly the latest `size` writes before the bound when there are more (then
 * `earlier` bounds the page before it), else all of them. The page does not depend on where checkpoints fell, which
 * the clock decides: the search goes back until it has found more than a page, and the page is cut at its size.
 */
export function writesPage(ctx: SearchContext, target: WriteTarget, before: number | WriteBound, size: number): WriteSearch {
  const search = findWrites(ctx, target, before, size + 1);
  if (search.writes.length <= size) return { writes: search.writes, horizon: search.horizon };
  const cut = search.writes.length - size;
  const writes = search.writes.slice(cut);
  const first = writes[0];
  // The writes made at the first one's tick before it, which the page before holds.
  let atTick = 0;
  for (let i = cut - 1; i >= 0 && search.writes[i].tick === first.tick; i--) atTick++;
  return { writes, horizon: search.horizon, earlier: { tick: first.tick, atTick, instructions: first.instructions } };
}

/** Whether interval k journaled a page the view reaches. */
function mayWrite(ctx: SearchContext, k: number, view: View): boolean {
  const { lo, hi } = viewExtent(view);
  return ctx.timeline.journal.touched(k, view.tensor, lo, hi + 1);
}

/** Runs `replay` with watchers on the target; returns its writes in order. */
function watch(ctx: SearchContext, target: WriteTarget, replay: () => void): Write[] {
  const writes: Write[] = [];
  const journal = ctx.timeline.journal;
  const watcher = new WriteWatcher(ctx, target, writes);
  if (target.kind === 'memory') journal.watcher = (owner, from, to, allocating) => watcher.memory(owner, from, to, allocating);
  else Frame.watcher = (frame, index, value) => watcher.register(frame, index, value);
  try {
    replay();
  } finally {
    journal.watcher = undefined;
    Frame.watcher = undefined;
  }
  watcher.settle();
  return writes;
}

class WriteWatcher {
  /** Writes whose value after is not known yet, by the tensor element they wrote first. */
  private readonly pending = new Map<number, Write>();
  private readonly tensor?: Tensor;
  private readonly lo: number = 0;
  private readonly hi: number = -1;

  constructor(
    private readonly ctx: SearchContext,
    private readonly target: WriteTarget,
    private readonly writes: Write[],
  ) {
    if (target.kind === 'memory') {
      this.tensor = target.view.tensor;
      ({ lo: this.lo, hi: this.hi } = viewExtent(target.view));
    }
  }

  memory(owner: Tracked, from: number, to: number, allocating: boolean): void {
    if (owner !== this.tensor || to <= this.lo || from > this.hi || this.target.kind !== 'memory') return;
    const view = this.target.view;
    const tensor = this.tensor;
    let first = -1;
    let firstIndex = -1;
    let count = 0;
    for (let index = Math.max(from, this.lo), end = Math.min(to, this.hi + 1); index < end; index++) {
      const position = viewPosition(view, index);
      if (position < 0) continue;
      if (count++ === 0) {
        first = position;
        firstIndex = index;
      }
      // A later write of an element tells the earlier one's value after.
      const earlier = this.pending.get(index);
      if (earlier && !allocating) {
        earlier.after = sample(tensor, index);
        this.pending.delete(index);
      }
    }
    if (count === 0) return;
    const write = this.merge(count, allocating) ?? this.add(first, count, allocating, sample(tensor, firstIndex));
    if (!allocating && write.position === first) this.pending.set(firstIndex, write);
  }

  register(frame: Frame, index: number, value: number): void {
    if (this.target.kind !== 'register' || frame.activation !== this.target.activation || index !== this.target.index) return;
    const write = this.add(0, 1, false, { value: frame.regs[index], written: frame.isWritten(index) });
    write.after = { value, written: true };
  }

  /** Values after the writes not overwritten since: as memory is now, at the end of the replay. */
  settle(): void {
    for (const [index, write] of this.pending) write.after = sample(this.tensor!, index);
    this.pending.clear();
    for (const w of this.writes) if (w.allocation) w.after = { value: 0, written: false };
  }

  /** Rows of one instruction arrive one by one: they add to its write. */
  private merge(count: number, allocating: boolean): Write | undefined {
    const last = this.writes[this.writes.length - 1];
    const running = this.ctx.interpreter.running;
    if (!last || allocating || last.allocation || last.tick !== this.ctx.interpreter.ticks || last.node.index !== running?.node.index || last.member?.index !== this.member()?.index) return undefined;
    last.count += count;
    return last;
  }

  private add(position: number, count: number, allocation: boolean, before: Sample): Write {
    const running = this.ctx.interpreter.running!;
    const write: Write = {
      tick: this.ctx.interpreter.ticks,
      instructions: this.ctx.machine.instructionsExecuted,
      core: running.core.index,
      node: running.node,
      member: this.member(),
      allocation,
      position,
      count,
      before,
    };
    this.writes.push(write);
    return write;
  }

  private member(): InstrNode | undefined {
    const node = this.ctx.interpreter.running?.node;
    const m = this.ctx.machine.member;
    return node?.kind === 'instr' && node.members && m >= 0 ? node.members[m] : undefined;
  }
}

export function sample(t: Tensor, index: number): Sample {
  return { value: decode(t.dtype, t.data[index]), written: t.written[index] !== 0 };
}
