/**
 * A session that is one side of a comparison of two runs (the launch attribute `compareWith`, BIR: Compare Runs…):
 * the body of the `bir/comparison` event, sent after the launch's response. Types only.
 */
import type { Span } from './span';

/** Which program of the comparison a session runs: A's writes are compared in order, B's are matched to them. */
export type ComparisonSide = 'a' | 'b';

/** One side's write of the first divergence. */
export interface DivergentWrite {
  /** The program's file, and the passes run on it. */
  readonly program: string;
  readonly passes: readonly string[];
  readonly value: number;
  /** The element's bits in hexadecimal (`0x40c00000`). */
  readonly bits: string;
  /** The instruction that wrote it, its opcode, and instructions run before it (all cores, as `:goto` takes). */
  readonly opcode: string;
  readonly span: Span;
  readonly instructions: number;
  readonly core: number;
}

export interface ComparisonEvent {
  /** This session's side. */
  readonly side: ComparisonSide;
  /** Whether the runs differ (in a DRAM write or value, or in how they ended). */
  readonly differ: boolean;
  /** The verdict in one sentence, as an information message says it. */
  readonly message: string;
  /** Instructions each run executed (up to the divergence for A, whose run stops there). */
  readonly instructions: { readonly a: number; readonly b: number };
  /** Element writes of DRAM compared. */
  readonly writes: number;
  /** The first divergence: the element (`out[2, 5]`), its write (from 0), and each side's write (none: it never made it). */
  readonly divergence?: { readonly element: string; readonly ordinal: number; readonly a?: DivergentWrite; readonly b?: DivergentWrite };
  /**
   * The launch configuration of the other side, a session that opens stopped at its own write of the divergence:
   * given to side A's session when the runs differ at a write the other side made.
   */
  readonly otherSide?: Readonly<Record<string, unknown>>;
  /** The whole answer as `bir-sim diff` prints it (also written in the Debug Console). */
  readonly report: readonly string[];
}
