/**
 * The compiled executors of recently run instructions, by node index, bounded (direct-mapped): a loop's body is
 * compiled once and stays, a straight-line program of millions of instructions keeps no closure per instruction it
 * ran. An executor that a fault interrupted is kept outside the cache until the fault is settled (a fused group
 * remembers where to resume).
 */
import { Executor } from '../kernels';

/** Entries: a loop body of this many instructions runs without compiling again. */
const SIZE = 1 << 13;

export class ExecutorCache {
  private readonly indices = new Int32Array(SIZE).fill(-1);
  private readonly executors: (Executor | undefined)[] = new Array<Executor | undefined>(SIZE);
  private pinned?: { readonly index: number; readonly executor: Executor };

  /** The executor of a node, compiled by `compile` when it is not cached. */
  get(index: number, compile: () => Executor): Executor {
    const slot = index & (SIZE - 1);
    if (this.indices[slot] === index) return this.executors[slot]!;
    if (this.pinned?.index === index) return this.pinned.executor;
    const executor = compile();
    this.indices[slot] = index;
    this.executors[slot] = executor;
    return executor;
  }

  /** Keeps a node's executor until `unpin`, whatever else is compiled meanwhile. */
  pin(index: number): void {
    const slot = index & (SIZE - 1);
    if (this.indices[slot] === index) this.pinned = { index, executor: this.executors[slot]! };
  }

  unpin(): void {
    this.pinned = undefined;
  }
}
