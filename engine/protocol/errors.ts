/**
 * The engine's answer to a request it cannot serve: a reason for the user, and its kind, from which the adapter
 * gives the error response a stable id (clients may act on the id, never on the text).
 */
export type EngineErrorKind =
  /** The request does not fit the session's state: the program is running, not launched, ended, in the compiler. */
  | 'state'
  /** An id the engine never handed out or no longer knows: a variables reference, a thread, a snapshot. */
  | 'reference'
  /**
   * A frame id that does not exist at this stop (frame ids are void once the program resumes): a client that kept the
   * id of an earlier stop asks again without one, in the stopped thread's top frame.
   */
  | 'frame'
  /** A value the engine cannot use: an unknown exception filter, a bad expression or step-in target. */
  | 'argument'
  /** The program cannot run: errors in it, inputs that do not fit. */
  | 'program'
  /** An expression that is well formed but cannot be evaluated here. */
  | 'evaluation'
  /** A file that cannot be read or written. */
  | 'io'
  /** A bug of the engine. */
  | 'internal';

export class EngineError extends Error {
  constructor(
    message: string,
    readonly kind: EngineErrorKind = 'argument',
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

/** How an error crosses from the engine's thread to its client. */
export interface EngineErrorData {
  readonly message: string;
  readonly kind: EngineErrorKind;
}

export function errorData(e: unknown): EngineErrorData {
  if (e instanceof EngineError) return { message: e.message, kind: e.kind };
  return { message: `internal error of the engine (please report it): ${(e as Error).stack ?? e}`, kind: 'internal' };
}
