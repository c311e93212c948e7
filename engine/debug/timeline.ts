/**
 * Time travel: checkpoints of the run and the journal of its memory. At the frontier (the furthest the run has gone)
 * the debugger records: a checkpoint of the machine's state apart from memory every CHECKPOINT_TICKS nodes, and the
 * journal's undo and redo pages of memory per interval between checkpoints. Any past position is then reached by
 * putting the state of the checkpoint before it back (memory through the journal, the rest from the snapshot) and
 * re-executing the program from there, which is deterministic and bit-exact.
 *
 * The history is bounded (`historyMiB`): past it, the oldest intervals are merged (fewer checkpoints, longer
 * replays), then dropped, and the debugger says how far back the history reaches.
 */
import { performance } from 'perf_hooks';
import { Core } from '../machine/core';
import { Journal, Tracked } from '../machine/journal';
import { Machine } from '../machine/machine';
import { MachineSnapshot, restoreMachine, snapshotMachine } from '../machine/snapshot';
import { Interpreter, InterpreterSnapshot } from '../run/interpreter';
import type { FunctionIR } from '../ir/program';

/** Nodes between checkpoints at most: a step back re-executes no more than this many. */
export const CHECKPOINT_TICKS = 20_000;
/**
 * Run time between checkpoints, in ms: a replay of an interval takes about this long whatever the instructions cost
 * (small ones run 20,000 in a few ms, a large MatMult takes a ms alone), so a step back answers in tens of ms.
 */
export const CHECKPOINT_MS = 4;
/**
 * Bytes of saved pages an interval may take per ms of its run before it is cut: an interval that saves more runs
 * longer, so that saving its pages (once before their first write, once more at the checkpoint) stays a small share of
 * the run (a tile written into a wide DRAM tensor saves a whole page per row it touches, in every interval).
 */
export const SAVED_BYTES_PER_MS = 64 * 1024;
/** Nodes between checkpoints at least: taking one costs a copy of the pages the interval wrote. */
const MIN_CHECKPOINT_TICKS = 16;
/** Ticks between looks at the clock. */
const CLOCK_EVERY = 64;

/** The debugger's own state at a checkpoint (what it keeps about the run besides the machine). */
export interface DebuggerState {
  snapshot(): unknown;
  restore(state: unknown): void;
}

export interface Checkpoint {
  /** Nodes executed before it. */
  readonly tick: number;
  /** Instructions executed before it (what the user counts). */
  readonly instructions: number;
  readonly machine: MachineSnapshot;
  readonly interpreter: InterpreterSnapshot;
  readonly debugger: unknown;
  /**
   * Values the user set while stopped here (setVariable, setExpression, writeMemory): the checkpoint holds the state
   * before them, and they are made again whenever the run is put back here or runs forward through here.
   */
  edits?: (() => void)[];
}

/** What a value set while stopped changed: elements [lo, hi] of a tensor, or a register of an activation. */
export type SetRegion =
  | { readonly kind: 'memory'; readonly tensor: Tracked; readonly lo: number; readonly hi: number }
  | { readonly kind: 'register'; readonly activation: number; readonly index: number };

/** A change the user made while stopped, as searches of the past name it (no instruction made it). */
export interface UserSet {
  readonly tick: number;
  readonly instructions: number;
  readonly regions: readonly SetRegion[];
}

export class Timeline {
  readonly journal = new Journal();
  readonly checkpoints: Checkpoint[] = [];
  /** The furthest tick the run has reached: beyond it nothing is recorded yet. */
  frontier = 0;
  /** Instructions run when the run was furthest. */
  frontierInstructions = 0;
  /** Said when the history had to be thinned or cut, for the user. */
  readonly notices: string[] = [];
  /** The changes the user made while stopped, in the order of the run (those of a discarded future forgotten). */
  userSets: UserSet[] = [];
  /**
   * Per interval, the nodes that ran in it (each once): a search for breakpoint hits skips the intervals where no
   * node it looks for ran, without replaying them.
   */
  private readonly nodesRun: number[][] = [];
  /** Per node, the last interval whose list has it. */
  private listed: Int32Array;

  constructor(
    private readonly machine: Machine,
    private readonly interpreter: Interpreter,
    private readonly state: DebuggerState,
    /** The most memory the history may take, in bytes. */
    private readonly limit: number,
    /** Tells the user (the Debug Console) when the history is first thinned and first cut. */
    private readonly tell: (text: string) => void = () => undefined,
    /** The clock checkpoints are timed by, in ms (tests give one of their own: where checkpoints fall then does not depend on the machine's speed). */
    private readonly clock: () => number = () => performance.now(),
  ) {
    machine.attachJournal(this.journal);
    this.listed = new Int32Array(machine.program.code.length).fill(-1);
  }

  /** The tick of the earliest position history can reach. */
  get start(): number {
    return this.checkpoints[0]?.tick ?? 0;
  }

  get startInstructions(): number {
    return this.checkpoints[0]?.instructions ?? 0;
  }

  /**
   * Below this tick a node at the frontier only moves it and is noted: no checkpoint can be due before it (see
   * quietFrom), while the journal saves no page (the interval being recorded was under a quarter of the limit when
   * it was set, and only a save makes it grow). Zero when that is not known.
   */
  private quietUntil = 0;
  /** The journal's count of saves when quietUntil was set. */
  private quietSaves = 0;

  /** Where a core is about to run `node`: records when the run is at its frontier. */
  atNode(core: Core, node: number): void {
    const ticks = this.interpreter.ticks;
    if (ticks < this.quietUntil && ticks >= this.frontier && this.journal.saves === this.quietSaves) {
      // What nearly every node of a recorded run takes: the checks below would find nothing to do.
      this.frontier = ticks;
      this.frontierInstructions = this.machine.instructionsExecuted;
      this.noteNode(node);
      return;
    }
    this.quietUntil = 0;
    if (ticks < this.frontier) {
      // Running again through recorded history: follow the intervals, to record again from the frontier on.
      if (ticks >= this.nextBoundary) {
        this.follow(ticks);
        this.applyEdits(this.journal.current, ticks);
      }
      return;
    }
    if (this.journal.current !== this.checkpoints.length - 1 && this.checkpoints.length) {
      this.follow(ticks);
      // The frontier can be a checkpoint where the user changed values (made there, in the past): made again.
      this.applyEdits(this.journal.current, ticks);
    }
    this.frontier = ticks;
    this.frontierInstructions = this.machine.instructionsExecuted;
    const last = this.checkpoints[this.checkpoints.length - 1];
    if (last && !this.checkpointDue(ticks, last.tick)) {
      this.noteNode(node);
      this.beQuiet(this.quietFrom(ticks, last.tick));
      return;
    }
    if (last) this.journal.seal();
    this.checkpoints.push({
      tick: ticks,
      instructions: this.machine.instructionsExecuted,
      machine: snapshotMachine(this.machine),
      interpreter: this.interpreter.snapshot(core),
      debugger: this.state.snapshot(),
    });
    this.nodesRun.push([]);
    this.checkpointTime = this.clock();
    this.keepWithinLimit();
    this.follow(ticks);
    this.noteNode(node);
    this.beQuiet(this.quietFrom(ticks, ticks));
  }

  /** Nodes before `until` take the quiet path, while the interval being recorded is under a quarter of the limit. */
  private beQuiet(until: number): void {
    this.quietUntil = this.journal.currentBytes <= this.limit / 4 ? until : 0;
    this.quietSaves = this.journal.saves;
  }

  /**
   * The first tick after `ticks` where checkpointDue could say yes, with the last checkpoint at `lastTick`: the next
   * look at the clock, or CHECKPOINT_TICKS (its other reason, the interval's size, is checked at every node).
   */
  private quietFrom(ticks: number, lastTick: number): number {
    const nextClock = lastTick + (Math.floor((ticks - lastTick) / CLOCK_EVERY) + 1) * CLOCK_EVERY;
    return Math.min(nextClock, lastTick + CHECKPOINT_TICKS);
  }

  /** When the run last took a checkpoint, by the clock. */
  private checkpointTime = 0;

  /**
   * A checkpoint after CHECKPOINT_MS of running (longer when the interval saved more than SAVED_BYTES_PER_MS for
   * each ms) or CHECKPOINT_TICKS nodes, whichever comes first; or sooner when the interval being recorded takes a
   * quarter of the limit: history is cut at checkpoints, so one there lets the oldest go.
   */
  private checkpointDue(ticks: number, lastTick: number): boolean {
    const since = ticks - lastTick;
    if (since >= CHECKPOINT_TICKS) return true;
    if (since < MIN_CHECKPOINT_TICKS) return false;
    const saved = this.journal.currentBytes;
    if (saved > this.limit / 4) return true;
    if (since % CLOCK_EVERY !== 0) return false;
    const ran = this.clock() - this.checkpointTime;
    return ran >= CHECKPOINT_MS && ran * SAVED_BYTES_PER_MS >= saved;
  }

  /** Notes a node run at the frontier in the interval being recorded. */
  private noteNode(node: number): void {
    const k = this.checkpoints.length - 1;
    if (this.listed[node] === k) return;
    this.listed[node] = k;
    this.nodesRun[k].push(node);
  }

  /** Whether any of these nodes ran in interval k. */
  ranIn(k: number, nodes: ReadonlySet<number>): boolean {
    return this.nodesRun[k].some((n) => nodes.has(n));
  }

  /** Whether a node of one of these functions ran in interval k. */
  ranInFunctions(k: number, functions: ReadonlySet<FunctionIR>): boolean {
    const code = this.machine.program.code;
    return this.nodesRun[k].some((n) => functions.has(code.functionOf(n)));
  }

  /** The tick of the checkpoint after the journal's current interval: crossing it moves to the next interval. */
  private nextBoundary = Infinity;

  /** Puts the journal on the interval that holds a tick (recording only in the last one). */
  private follow(tick: number): void {
    this.quietUntil = 0;
    const k = this.checkpointBefore(tick);
    this.journal.current = k;
    this.journal.recording = k === this.checkpoints.length - 1;
    this.nextBoundary = this.checkpoints[k + 1]?.tick ?? Infinity;
  }

  /** The checkpoint at or before a tick. */
  checkpointBefore(tick: number): number {
    let lo = 0;
    let hi = this.checkpoints.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.checkpoints[mid].tick <= tick) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * Puts the whole state back as at checkpoint k, from the state at tick `now`. Memory moves through the journal:
   * backward with undo pages, forward with redo pages; the rest comes from the checkpoint's snapshots.
   */
  restore(k: number, now: number): void {
    this.quietUntil = 0;
    const i = this.checkpointBefore(now);
    this.journal.undo(i);
    if (k <= i) for (let j = i - 1; j >= k; j--) this.journal.undo(j);
    else for (let j = i; j < k; j++) this.journal.redo(j);
    const c = this.checkpoints[k];
    restoreMachine(this.machine, c.machine);
    this.interpreter.restore(c.interpreter);
    this.state.restore(c.debugger);
    // Only the interval at the frontier records; in the others every page a replay writes is saved already.
    this.follow(c.tick);
    this.applyEdits(k, c.tick);
  }

  /**
   * The user changes the state where the run is stopped (`core` about to run `node`). The change becomes part of the
   * history: a checkpoint here holds the state before it, and the change is made again whenever the run comes back
   * here (see applyEdits). In the past, the recorded future no longer follows from the changed state: it is
   * forgotten. Returns whether it was.
   */
  edit(core: Core, node: number, change: () => void, regions: readonly SetRegion[] = []): boolean {
    this.quietUntil = 0;
    const now = this.interpreter.ticks;
    const past = now < this.frontier;
    if (past) this.forgetFuture(now);
    let last = this.checkpoints[this.checkpoints.length - 1];
    if (!last || last.tick !== now) {
      if (last) this.journal.seal();
      last = { tick: now, instructions: this.machine.instructionsExecuted, machine: snapshotMachine(this.machine), interpreter: this.interpreter.snapshot(core), debugger: this.state.snapshot() };
      this.checkpoints.push(last);
      this.nodesRun.push([]);
      this.frontier = now;
      this.frontierInstructions = this.machine.instructionsExecuted;
      this.follow(now);
      this.noteNode(node);
    }
    change();
    (last.edits ??= []).push(change);
    this.userSets.push({ tick: now, instructions: this.machine.instructionsExecuted, regions });
    this.keepWithinLimit();
    return past;
  }

  /** Makes again the changes the user made at checkpoint k, when the run is at its tick. */
  private applyEdits(k: number, tick: number): void {
    const c = this.checkpoints[k];
    if (c?.edits && c.tick === tick) for (const change of c.edits) change();
  }

  /**
   * The state changed in the past (a value set while stopped there): the recorded future is not this run's any more.
   * History after the current tick is forgotten; the run records again from here.
   */
  forgetFuture(now: number): void {
    this.quietUntil = 0;
    const k = this.checkpointBefore(now);
    this.checkpoints.length = k + 1;
    this.nodesRun.length = k + 1;
    this.listed.fill(-1);
    this.journal.truncateAfter(k);
    this.frontier = now;
    this.userSets = this.userSets.filter((u) => u.tick <= now);
    this.follow(now);
  }

  /** Merges old intervals, then drops the oldest, until the history fits its limit again. */
  private keepWithinLimit(): void {
    const before = this.startInstructions;
    let thinned = false;
    let thinnedOnce = false;
    while (this.journal.bytes > this.limit && this.checkpoints.length > 2) {
      // Merge every other interval of the older half: replays there get twice as long.
      const half = Math.floor((this.checkpoints.length - 1) / 2);
      if (half >= 2 && !thinned) {
        for (let k = half - 1; k >= 1; k -= 2) this.mergeInterval(k - 1);
        thinned = true;
        thinnedOnce = true;
        continue;
      }
      this.journal.dropFirst();
      this.checkpoints.shift();
      this.nodesRun.shift();
      this.listed.fill(-1);
      thinned = false;
    }
    if (thinnedOnce && !this.toldThinned) {
      this.toldThinned = true;
      this.say(`The history of the run reached its memory limit (launch attribute historyMiB, ${this.limit / 2 ** 20} MiB): older history is kept more coarsely, so going back there replays longer.`);
    }
    if (this.startInstructions !== before) {
      const text = `The history reached its memory limit: stepping back now reaches instruction ${this.startInstructions} at the earliest.`;
      this.notices.push(text);
      if (!this.toldCut) {
        this.toldCut = true;
        this.tell(`${text} The earliest point moves on with the run; a larger historyMiB keeps more.`);
      }
    }
  }

  private toldThinned = false;
  private toldCut = false;

  private say(text: string): void {
    this.notices.push(text);
    this.tell(text);
  }

  private mergeInterval(k: number): void {
    // A checkpoint where the user changed values stays: the change is made again there.
    if (this.checkpoints[k + 1]?.edits) return;
    this.journal.merge(k);
    this.checkpoints.splice(k + 1, 1);
    const [a, b] = this.nodesRun.splice(k, 2);
    this.nodesRun.splice(k, 0, [...new Set([...a, ...b])]);
    // Marks name intervals by index: some now name another one. A node noted twice in one list is harmless.
    this.listed.fill(-1);
  }
}

/** What the debugger's record of which nodes ran looks like to the journal. */
export function trackedArray(a: Float64Array): Tracked {
  return { arrays: [a] };
}
