/**
 * The DebugEngine in the caller's thread: the same server, without a worker. Tests use it to drive the engine's
 * contract quickly; a light client could use it where a long run may block its thread.
 */
import { EngineClient } from './engine-client';
import { EngineServer } from './engine-server';
import { CONTROL_INTERRUPT, CONTROL_SLOTS, CONTROL_TERMINATE } from '../run/interpreter';
import { EngineRequestMessage } from '../protocol/requests';

export class InProcessEngine extends EngineClient {
  private readonly control = new Int32Array(CONTROL_SLOTS);
  private readonly server = new EngineServer((event) => this.receive({ type: 'event', event }), this.control);

  protected send(message: EngineRequestMessage): void {
    if (message.method === 'pause') Atomics.store(this.control, CONTROL_INTERRUPT, 1);
    // Served on a later turn, as a worker would: the caller has registered its callbacks by then.
    setImmediate(() => this.receive(this.server.handle(message)));
  }

  async terminate(): Promise<void> {
    this.control[CONTROL_TERMINATE] = 1;
    await this.request('terminate', {});
  }

  async dispose(): Promise<void> {
    this.closed = true;
  }
}
