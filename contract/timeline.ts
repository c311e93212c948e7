/**
 * The timeline view's data (`bir/timeline`): the schedule of a session's program on a machine profile, as the engine
 * computes it (engine/perf/). One instruction is a row of columns, never an object: each column a typed array's
 * little-endian bytes in base64, which the panel host turns into ArrayBuffers for the page. Types only.
 */

/** A column of one number per row: the bytes of a Float64Array, an Int32Array or a Uint8Array, in base64. */
export interface Column {
  readonly type: 'f64' | 'i32' | 'u8';
  readonly base64: string;
}

/** The instructions of the schedule, in the order the run executed them (cores interleaved). */
export interface TimelineColumns {
  /** ns from the start of the run. */
  readonly start: Column;
  readonly end: Column;
  /** The lane of the engine (index into `lanes`); of a DMA transfer, its first queue, with `queues` of them. */
  readonly lane: Column;
  readonly queues: Column;
  /** Index into `sites`: the source line and opcode. */
  readonly site: Column;
  /** Instructions the run had executed before it (all cores together): `bir/goto` there stops just before it. */
  readonly tick: Column;
  /** The instruction whose end set its start (-1: none), and how (index into `waitNames`). */
  readonly waitedOn: Column;
  readonly waitKind: Column;
  /** Instruction i's incoming dependencies are rows [hazardStart[i], hazardStart[i + 1]) of the next three. */
  readonly hazardStart: Column;
  readonly hazardFrom: Column;
  readonly hazardKind: Column;
  /** ns the dependency alone held the instruction back. */
  readonly hazardWait: Column;
}

/** The source places instructions ran from, each once; `site` of a row indexes them. */
export interface TimelineSites {
  readonly file: Column;
  readonly line: Column;
  readonly col: Column;
  readonly opcode: Column;
  /**
   * u8: the engines the site's instruction may run on (its attribute `engine`), bit k for `engineChoices[k]`; 0 for
   * an instruction of one engine (and for what is not an instruction).
   */
  readonly engines: Column;
}

/** An engine an instruction may be moved to, and the word of the attribute that puts it there. */
export interface EngineChoice {
  /** PE, ACT, DVE, POOL. */
  readonly engine: string;
  /** `engine = vector`: NKI's name. */
  readonly attribute: string;
}

export interface TimelineEngine {
  readonly core: number;
  /** PE, ACT, DVE, POOL, SP, or DMA (its queues together). */
  readonly engine: string;
  readonly instructions: number;
  /** ns it ran; for DMA the mean of its queues. */
  readonly busy: number;
  readonly utilisation: number;
}

/** A critical path as lines, first to last (what-if shows both sides' paths). */
export interface TimelinePathLines {
  readonly total: number;
  readonly instructions: number;
  readonly lines: readonly number[];
}

/** The schedule against the previous one the session answered: what an edit (or another machine) changed. */
export interface TimelineDifference {
  /** What the previous schedule was of: "the session's program", "the saved program", and its machine. */
  readonly against: string;
  readonly before: TimelinePathLines & { readonly machine: string };
  readonly after: TimelinePathLines & { readonly machine: string };
  /** after − before, ns: negative is faster. */
  readonly delta: number;
  /** after / before. */
  readonly ratio: number;
  readonly engines: readonly {
    readonly core: number;
    readonly engine: string;
    readonly before: number;
    readonly after: number;
    readonly delta: number;
  }[];
}

/** An instruction that would wait for a PSUM bank another accumulation group or engine holds (engine/perf/psum-banks.ts). */
export interface TimelinePsumConflict {
  /** `groups`: two accumulation groups in one bank; `engines`: two engines on one bank at once. */
  readonly kind: 'groups' | 'engines';
  readonly core: number;
  readonly bank: number;
  /** The instruction (row) that would wait, and the one it would wait for: their first meeting. */
  readonly instruction: number;
  readonly other: number;
  readonly line: number;
  readonly otherLine: number;
  readonly count: number;
  readonly message: string;
}

export interface TimelineData {
  /** The machine profile's name. */
  readonly machine: string;
  /** Which program: the one the session runs, or its files as saved now (after an edit). */
  readonly program: 'session' | 'saved';
  /** When the last instruction ends, ns. */
  readonly total: number;
  readonly instructions: number;
  readonly cores: number;
  /** Lanes per core: the compute engines, then the DMA queues. */
  readonly lanesPerCore: number;
  readonly dmaQueues: number;
  /** The clock of each compute engine (PE, ACT, DVE, POOL, SP), GHz: an instruction's ns as its engine's cycles. */
  readonly clocks: Readonly<Record<string, number>>;
  /** Lane names, by lane index: "PE", "DMA q3", "core 1 ACT". */
  readonly lanes: readonly string[];
  readonly files: readonly string[];
  readonly opcodes: readonly string[];
  /** The engines of `sites.engines`' bits, in bit order. */
  readonly engineChoices: readonly EngineChoice[];
  /** What set an instruction's start, by waitKind: start, engine, RAW, WAR, WAW, barrier. */
  readonly waitNames: readonly string[];
  readonly columns: TimelineColumns;
  readonly sites: TimelineSites;
  /** The instructions of the critical path, first to last (i32). */
  readonly criticalPath: Column;
  readonly engines: readonly TimelineEngine[];
  readonly warnings: readonly string[];
  readonly psumConflicts: readonly TimelinePsumConflict[];
  /** The run faulted: the schedule is of the instructions before the fault. */
  readonly fault?: string;
  /**
   * A what-if recorded with sizes only (engine/perf/sizes-only.ts): the same schedule as a full run's, made without
   * computing values, so a fault only values raise (NaN, a read of unwritten memory, a failed Assert) is not found.
   */
  readonly sizesOnly?: true;
  /** Asked for with `against: "previous"` and a previous schedule exists. */
  readonly whatIf?: TimelineDifference;
}
