/**
 * The memory references the client was given (on variables, evaluate and set answers), so that a change of memory
 * can be told to every view that may show it: VS Code matches a `memory` event to an open binary data view by the
 * reference it opened, so one event per reference near the change, with the change's offset from it.
 */
import type { MemoryRange } from '../engine/protocol/types';

/** References kept: the most recent ones (a view is opened on a variable just listed). */
const KEPT = 256;
/** How far past its reference a binary data view may show: one partition's span of the address space. */
const VIEW_SPAN = 0x10_0000;

export interface MemoryEventBody {
  readonly memoryReference: string;
  readonly offset: number;
  readonly count: number;
}

export class MemoryReferences {
  /** Reference text to its address, oldest first. */
  private readonly seen = new Map<string, number>();

  note(reference: string | undefined): void {
    if (reference === undefined) return;
    const address = Number.parseInt(reference.slice(2), 16);
    if (!Number.isSafeInteger(address)) return;
    this.seen.delete(reference);
    this.seen.set(reference, address);
    if (this.seen.size > KEPT) this.seen.delete(this.seen.keys().next().value!);
  }

  /** The memory events of changed ranges: one per reference whose view may show part of them. */
  eventsFor(changes: readonly MemoryRange[]): MemoryEventBody[] {
    const out: MemoryEventBody[] = [];
    for (const [memoryReference, address] of this.seen) {
      for (const c of changes) {
        if (address >= c.address + c.count || address + VIEW_SPAN <= c.address) continue;
        out.push({ memoryReference, offset: c.address - address, count: c.count });
      }
    }
    return out;
  }
}
