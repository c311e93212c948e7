/**
 * Engines started before they are needed. A worker takes a few tenths of a second to load the engine, which F5 would
 * otherwise wait for: one engine is kept in reserve, and taking it starts the next (a restart, or the next F5, finds
 * one ready). The engine in reserve does not keep the process alive.
 */
import { WorkerEngine } from './worker-engine';

export class SpareEngines {
  private spare?: WorkerEngine;
  private closed = false;

  constructor(private readonly start: () => WorkerEngine) {
    this.refill();
  }

  /** The engine in reserve (or a new one when there is none), for a session to keep. */
  take(): WorkerEngine {
    const spare = this.spare;
    this.spare = undefined;
    // (One that ended while it waited, which nothing should make happen, is not handed out.)
    if (spare && !spare.running) void spare.dispose();
    const engine = spare?.running ? spare : this.start();
    engine.keepAlive(true);
    // On a later turn: the caller launches its program first.
    setImmediate(() => this.refill());
    return engine;
  }

  /** Ends the engine in reserve; take() starts engines on demand from now on, and none is kept. */
  async dispose(): Promise<void> {
    this.closed = true;
    const spare = this.spare;
    this.spare = undefined;
    await spare?.dispose();
  }

  private refill(): void {
    if (this.closed || this.spare) return;
    this.spare = this.start();
    this.spare.keepAlive(false);
  }
}
