/**
 * Error responses: a stable id per kind of error (clients and tests may act on the id, never on the text), and
 * whether VS Code should put the message in front of the user rather than only answer the request with it.
 */
import { EngineError, EngineErrorKind } from '../engine/protocol/errors';

export const ERROR_IDS = {
  /** A command the adapter does not serve. */
  unsupported: 2001,
  /** Arguments that do not fit the request's schema (the message names the field). */
  arguments: 2002,
  /** Out of the session's order: before initialize or launch, after the end. */
  lifecycle: 2003,
  /** A launch or restart ended by terminate before its program started. */
  terminated: 2011,
  /** A launch refused for its program's errors, which the client was shown another way (SessionOptions.showProgramErrors). */
  shown: 2013,
  /** The engine's kinds (engine/protocol/errors.ts). */
  state: 2004,
  reference: 2005,
  argument: 2006,
  program: 2007,
  evaluation: 2008,
  io: 2009,
  internal: 2010,
  frame: 2012,
} as const satisfies Record<EngineErrorKind | 'unsupported' | 'arguments' | 'lifecycle' | 'terminated' | 'shown', number>;

export type ErrorKind = keyof typeof ERROR_IDS;

/** A request the session refuses, with the kind of refusal. */
export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: ErrorKind,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

/** The id and text of an error response for anything a handler threw. */
export function describeFailure(e: unknown): { id: number; kind: ErrorKind; message: string } {
  if (e instanceof RequestError || e instanceof EngineError) return { id: ERROR_IDS[e.kind], kind: e.kind, message: e.message };
  const message = e instanceof Error ? e.message : String(e);
  return { id: ERROR_IDS.internal, kind: 'internal', message: `internal error of the debug adapter (please report it): ${message}` };
}

/** Whether a person should see the error where they are, not only in the reply (a failed launch, a bug). */
export function showsUser(command: string, kind: ErrorKind): boolean {
  if (kind === 'terminated' || kind === 'shown') return false;
  return command === 'launch' || command === 'restart' || kind === 'internal';
}
