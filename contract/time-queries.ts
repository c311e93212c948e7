/**
 * The questions about the past as data, for clients that read answers rather than show them (the agent tools of
 * engine/agent/): `bir/history`, every write to an element, a slice or a register, and `bir/why`, where one value came
 * from. The Debug Console's `:history` and `:why` ask the same searches and show them as text and rows.
 */
import type { Span } from './span';

/**
 * A value as JSON carries it: a finite number as a number; NaN and the infinities, which JSON has no numbers for, as
 * 'NaN', 'Infinity' and '-Infinity'; an element or register never written as 'uninit'.
 */
export type SampleValue = number | 'NaN' | 'Infinity' | '-Infinity' | 'uninit';

/** One write of the history of the run. */
export interface WriteRecord {
  /** Instructions run before it (all cores together): `bir/goto` there stops just before the write. */
  readonly instructions: number;
  readonly core: number;
  /** The node that wrote (`module::func@line:col`). */
  readonly node: string;
  /** What wrote: an opcode (a fused group's member by its own), `for` (a loop setting its register), `call` (a register parameter). */
  readonly by: string;
  /** The fusion group of the member that wrote. */
  readonly group?: string;
  /** Where the writer is written: the member's span for a fused group. */
  readonly span: Span;
  /** A tensor allocated here (a new activation's, unwritten), not written. */
  readonly allocation?: true;
  /** The first element of the target it wrote, as a row-major position in the target, and how many it wrote. */
  readonly position: number;
  readonly count: number;
  readonly before: SampleValue;
  readonly after?: SampleValue;
  /** One line, as the Debug Console says it: `TensorScalar at instruction 7 (core 0) /w/ln.bir:21:3`. */
  readonly text: string;
}

/** Where a page of the history ends; the next page is asked for with it as `before`. */
export interface HistoryBound {
  readonly tick: number;
  readonly atTick: number;
  /** The instruction count of the bound, to say where the earlier writes end. */
  readonly instructions: number;
}

export interface HistoryAnswer {
  readonly expression: string;
  /** Elements the expression names (1 for a register). */
  readonly elements: number;
  /** Oldest first: the latest `limit` writes before the bound. */
  readonly writes: readonly WriteRecord[];
  /** Set when there are earlier writes: ask again with `before` set to it. */
  readonly earlier?: HistoryBound;
  /** Why the search went no further back: the history's start, the target's allocation or its activation's start. */
  readonly horizon: 'history' | 'allocation' | 'activation';
  /** Instruction counts of the stops at which values were set in the target (Set Value, writeMemory): no instruction wrote them. */
  readonly setWhileStopped: readonly number[];
}

/** A value a write read, the next step back of an explanation. */
export interface OriginInputRecord {
  /** The operand it was read through (`moving w`, `scalar rstd`). */
  readonly operand: string;
  /** The element or register (`w[3, 5]`, `r2`). */
  readonly name: string;
  readonly value: SampleValue;
}

export interface WhyAnswer {
  /** The element or register asked about. */
  readonly expression: string;
  /** The input explained: the expression's own value at `path` [], else the input reached by following `path`. */
  readonly path: readonly number[];
  readonly name: string;
  readonly value: SampleValue;
  /** The write that made the value, when an instruction did. */
  readonly write?: WriteRecord;
  /** Who made the value, or why nothing did (an input of the program, its declaration, never written, ...). */
  readonly origin: string;
  /** The instruction count of the stop at which the value was set by hand (no instruction wrote it since). */
  readonly setWhileStopped?: number;
  /** The values the write read, each explained in turn by the path with its index appended. */
  readonly inputs: readonly OriginInputRecord[];
}
