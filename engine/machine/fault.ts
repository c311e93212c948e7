/** Faults: what a program did wrong while it ran, with a code, a message that names the values, and where. */
import { Span } from '../base/span';
import type { Tensor } from './tensor';

export const FAULT_CODES = [
  'out-of-bounds',
  'uninitialized-read',
  'assert',
  'division-by-zero',
  'nan',
  'race',
  'recursion-depth',
  'memory-overflow',
  'shape-mismatch',
  'memory-kind',
  'invalid-loop',
  'bank-crossing',
  'barrier-deadlock',
  'instruction-limit',
  'internal-error',
] as const;
export type FaultCode = (typeof FAULT_CODES)[number];

/** Faults after which the instruction can still complete (the read reads zero, the NaN is stored, the write lands). */
export const CONTINUABLE_FAULTS = ['uninitialized-read', 'nan', 'race'] as const;
export type ContinuableFault = (typeof CONTINUABLE_FAULTS)[number];

export function isContinuable(code: FaultCode): code is ContinuableFault {
  return (CONTINUABLE_FAULTS as readonly string[]).includes(code);
}

export class Fault extends Error {
  /** The node that faulted and its core, filled in by the run loop. */
  nodeIndex = -1;
  core = -1;
  /** For a `nan` fault: the element the instruction was about to give a non-finite value, and that value. */
  made?: { readonly tensor: Tensor; readonly index: number; readonly value: number };

  constructor(
    readonly code: FaultCode,
    message: string,
    /** The operand (or instruction) the fault is about. */
    readonly span?: Span,
  ) {
    super(message);
    this.name = 'Fault';
  }
}

/** An exception that is not a Fault is a bug of the simulator: reported as such, never as the program's fault. */
export function internalFault(err: unknown, span: Span | undefined): Fault {
  const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
  return new Fault('internal-error', `internal error of the simulator (please report it): ${detail}`, span);
}
