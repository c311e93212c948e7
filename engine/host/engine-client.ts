/**
 * The DebugEngine seen from the adapter: each request goes to an engine server and is answered asynchronously.
 * Subclasses carry the requests (to a worker thread, or to a server in the same thread).
 */
import { EngineError } from '../protocol/errors';
import { DebugEngine, EngineMethod, EngineParams, EngineRequestMessage, EngineResult } from '../protocol/requests';
import { EngineEvent } from '../protocol/types';
import { EngineToClient } from './messages';

interface Pending {
  readonly method: EngineMethod;
  readonly resolve: (result: unknown) => void;
  readonly reject: (e: Error) => void;
}

export abstract class EngineClient implements DebugEngine {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners: ((event: EngineEvent) => void)[] = [];
  protected closed = false;

  protected abstract send(message: EngineRequestMessage): void;
  abstract terminate(): Promise<void>;
  abstract dispose(): Promise<void>;

  request<M extends EngineMethod>(method: M, params: EngineParams<M>): Promise<EngineResult<M>> {
    if (this.closed) return Promise.reject(new EngineError(`the engine has ended; '${method}' cannot be served`, 'state'));
    const id = this.nextId++;
    return new Promise<EngineResult<M>>((resolve, reject) => {
      // The server answers a request with that request's result type: the map of requests is its contract.
      this.pending.set(id, { method, resolve: (result) => resolve(result as EngineResult<M>), reject });
      this.send({ id, method, params });
    });
  }

  /** A message from the server: a reply settles its request; an event goes to the listeners. */
  protected receive(message: EngineToClient): void {
    if (message.type === 'event') {
      this.emit(message.event);
      return;
    }
    const p = this.pending.get(message.id);
    if (!p) return;
    this.pending.delete(message.id);
    if (message.error !== undefined) p.reject(new EngineError(message.error.message, message.error.kind));
    else p.resolve(message.result);
  }

  /** The server is gone: every open request fails with the reason. */
  protected failAll(reason: string): void {
    this.closed = true;
    for (const [, p] of this.pending) p.reject(new EngineError(`${p.method}: ${reason}`, 'state'));
    this.pending.clear();
  }

  protected emit(event: EngineEvent): void {
    for (const l of this.listeners) l(event);
  }

  onEvent(listener: (event: EngineEvent) => void): void {
    this.listeners.push(listener);
  }
}
