/** The DebugEngine in the caller's thread: the same server, without a worker (for tests and light clients). */
import { EngineClient } from './engine-client';
import { EngineServer } from './engine-server';
import { CONTROL_PAUSE, CONTROL_TERMINATE } from '../run/interpreter';
import { EngineError } from '../protocol/types';

export class InProcessEngine extends EngineClient {
  private readonly control = new Int32Array(2);
  private readonly server = new EngineServer((event) => this.receive({ type: 'event', event }), this.control);

  protected send(id: number, method: string, params: Record<string, unknown>): void {
    // Served on a later turn, as a worker would: the caller has registered its callbacks by then.
    setImmediate(() => {
      try {
        this.receive({ type: 'reply', id, result: this.server.handle(method, params) });
      } catch (e) {
        const message = e instanceof EngineError ? e.message : `internal error of the engine (please report it): ${(e as Error).stack ?? e}`;
        this.receive({ type: 'reply', id, error: message });
      }
    });
  }

  override pause(threadId?: number): Promise<void> {
    this.control[CONTROL_PAUSE] = 1;
    return super.pause(threadId);
  }

  async terminate(): Promise<void> {
    this.control[CONTROL_TERMINATE] = 1;
    await this.request('terminate');
  }

  async dispose(): Promise<void> {
    this.closed = true;
  }
}
