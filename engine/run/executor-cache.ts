/**
 * The compiled executors of recently run instructions, by node index, bounded (direct-mapped): a loop's body is
 * compiled again once and then stays, a straight-line program of millions of instructions keeps no closure per
 * instruction it ran. An executor is kept only when its node runs a second time: in straight-line code every
 * executor runs once, and keeping it would only make it live long enough to burden the collector. An executor that a fault interrupted is kept outside the cache until the fault is settled (a fused group
 * remembers where to resume).
 */
import { Executor } from '../kernels';

/** Entries: a loop body of this many instructions runs without compiling again. */
const SIZE = 1 << 13;

export class ExecutorCache {
  private readonly indices = new Int32Array(SIZE).fill(-1);
  /** Nodes that ran once (by slot): the next run of one keeps its executor. */
  private readonly seen = new Int32Array(SIZE).fill(-1);
  private readonly executors: (Executor | undefined)[] = new Array<Executor | undefined>(SIZE);
  private pinned?: { readonly index: number; readonly executor: Executor };
  /** The executor compiled last, cached or not: the one a fault may have just interrupted. */
  private last?: { readonly index: number; readonly executor: Executor };

  /** The executor of a node, compiled by `compile` when it is not cached. */
  get(index: number, compile: () => Executor): Executor {
    const slot = index & (SIZE - 1);
    if (this.indices[slot] === index) return this.executors[slot]!;
    if (this.pinned?.index === index) return this.pinned.executor;
    const executor = compile();
    this.last = { index, executor };
    if (this.seen[slot] !== index) {
      this.seen[slot] = index;
      return executor;
    }
    this.indices[slot] = index;
    this.executors[slot] = executor;
    return executor;
  }

  /** Keeps a node's executor until `unpin`, whatever else is compiled meanwhile. */
  pin(index: number): void {
    const slot = index & (SIZE - 1);
    if (this.indices[slot] === index) this.pinned = { index, executor: this.executors[slot]! };
    else if (this.last?.index === index) this.pinned = this.last;
  }

  unpin(): void {
    this.pinned = undefined;
  }
}
