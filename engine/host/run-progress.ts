/**
 * Progress of a long run for the client: once the program has run forward for half a second since it was started or
 * resumed, a `progress` event every quarter of a second with the instructions executed, and the instructions the run
 * will execute when the program says it ahead (engine/ir/dynamic-count.ts). Stops and the end close it (the adapter).
 */
import { performance } from 'perf_hooks';
import { EngineEvent } from '../protocol/types';

/** How long a run goes before it shows progress, and how often it says more. */
export const PROGRESS_AFTER_MS = 500;
export const PROGRESS_EVERY_MS = 250;

export class RunProgress {
  private since?: number;
  private last = 0;
  /** The run's count of instructions: null when it cannot be known ahead; made the first time it is needed. */
  private total?: number | null;

  constructor(
    private readonly emit: (event: EngineEvent) => void,
    private readonly totalOf: () => number | undefined,
  ) {}

  /** The program starts running forward (configurationDone, continue, a step): the half second counts from now. */
  begin(): void {
    this.since = performance.now();
    this.last = 0;
  }

  /** After a slice of running forward. */
  ran(instructions: number): void {
    if (this.since === undefined) return;
    const now = performance.now();
    if (now - this.since < PROGRESS_AFTER_MS || now - this.last < PROGRESS_EVERY_MS) return;
    this.last = now;
    if (this.total === undefined) this.total = this.totalOf() ?? null;
    this.emit({ kind: 'progress', instructions, total: this.total ?? undefined });
  }
}
