/** Messages between a DebugEngine client and its server (a worker, or the same thread). */
import { EngineEvent } from '../protocol/types';

export interface EngineRequestMessage {
  readonly id: number;
  readonly method: string;
  readonly params?: Record<string, unknown>;
}

export type EngineToClient =
  | { readonly type: 'reply'; readonly id: number; readonly result?: unknown; readonly error?: string }
  | { readonly type: 'event'; readonly event: EngineEvent };
