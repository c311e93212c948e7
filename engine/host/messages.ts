/** Messages from a DebugEngine server to its client (a worker's parent, or the same thread). */
import { EngineErrorData } from '../protocol/errors';
import { EngineEvent } from '../protocol/types';

export type EngineToClient =
  /** The answer to the request with that id: its result, or why it could not be served. */
  | { readonly type: 'reply'; readonly id: number; readonly result?: unknown; readonly error?: EngineErrorData }
  | { readonly type: 'event'; readonly event: EngineEvent };
