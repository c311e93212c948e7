/**
 * The plain data of the DebugEngine's requests, answers and events (requests.ts maps each request to its own).
 * The adapter translates DAP to these; the engine never sees DAP.
 */
import type { FramesMode } from '../../contract/requests';
import type { Span } from '../../contract/span';
import type { StoppedInfo } from '../../contract/stops';
import type { ComparisonEvent, ComparisonSide } from '../../contract/comparison';
import type { BisectEvent } from '../../contract/bisection';
import type { PassName } from '../passes/registry';

export type { FramesMode };
export type { NodeSummary, SkippedLine, StoppedInfo, StopReason } from '../../contract/stops';
export type StepGranularity = 'line' | 'instruction';

export const EXCEPTION_FILTERS = [
  { filter: 'assert', label: 'Failed assertions', description: 'Stop when Assert or Assert.close fails', default: true },
  { filter: 'fault', label: 'Faults', description: 'Stop at faults: out-of-bounds accesses, division by zero, shape mismatches, ...', default: true },
  { filter: 'uninitialized', label: 'Uninitialized reads', description: 'Stop when never-written memory or registers are read (when off, they read as zero)', default: true },
  { filter: 'nan', label: 'NaN / Inf', description: 'Stop when an instruction makes NaN or infinity from finite inputs', default: false },
  { filter: 'race', label: 'Cross-core races', description: 'Stop when two cores write the same DRAM element between barriers', default: false },
] as const;
export type ExceptionFilter = (typeof EXCEPTION_FILTERS)[number]['filter'];

export interface LaunchConfig {
  readonly program: string;
  readonly cores?: number;
  readonly passes?: readonly PassName[];
  readonly stopOnEntry?: boolean;
  readonly stepBy?: StepGranularity;
  readonly frames?: FramesMode;
  readonly inputs?: Readonly<Record<string, string>>;
  readonly outDir?: string;
  readonly noDebug?: boolean;
  readonly maxCallDepth?: number;
  readonly maxInstructions?: number;
  /** Memory for the history of the run (time travel), in MiB; 0 turns it off. */
  readonly historyMiB?: number;
  /** Stop before the first pass, and after these snapshots of the pipeline. */
  readonly stopOnPassEntry?: boolean;
  readonly passBreakpoints?: readonly number[];
  /** Where a post-mortem dump is written when the program faults (relative to the program). */
  readonly dumpOnFault?: string;
  /** Per-opcode statistics of the run, printed at its end (and by `:stats`). */
  readonly stats?: boolean;
  /** A shadow run: every instruction also runs in float64 (errors in ulp, the tensor view's error layer). */
  readonly shadow?: boolean;
  /** Unsaved editor text of files, by absolute path, checked instead of the disk's. */
  readonly overlays?: Readonly<Record<string, string>>;
  /**
   * A post-mortem dump to open instead of running a program (absolute): the session stops at its fault and cannot
   * run. `program` is then the dump file itself.
   */
  readonly dump?: string;
  /** The folder the Debug Console writes file paths relative to (the workspace); absolute without it. */
  readonly cwd?: string;
  /** A comparison of two runs: the session opens stopped at its side's write of the first divergence. */
  readonly compareWith?: CompareWith;
  /** Bisect the pipeline of `passes` to the rewrite after which the outputs differ; the session stops after it. */
  readonly bisect?: BisectLaunch;
}

/** The launch attribute bisect: what the outputs are compared with (the program without passes by default). */
export interface BisectLaunch {
  /** A folder of NAME.npy references, absolute. */
  readonly reference?: string;
  readonly rtol?: number;
  readonly atol?: number;
}

/** The other program of a comparison (the launch attribute compareWith). */
export interface CompareWith {
  /** Absolute; the session's own program when left out. */
  readonly program?: string;
  readonly passes?: readonly PassName[];
  /** This session's side ('a' when left out): A's writes are compared in order, B's matched to them. */
  readonly side?: ComparisonSide;
}

export interface DiagnosticInfo {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly span: Span;
  /** `file:line:col: severity: message` */
  readonly text: string;
}

export type LaunchResult =
  | {
    readonly ok: true; readonly diagnostics: readonly DiagnosticInfo[]; readonly cores: number; readonly files: readonly string[];
    /** A dump's sources that are not on this disk as they were (by their path in the dump): the client shows this text. */
    readonly sources?: Readonly<Record<string, string>>;
    /** A post-mortem dump: the run cannot move or be changed. */
    readonly readOnly?: boolean;
    /** A comparison's answer (compareWith), for the client's `bir/comparison` event. */
    readonly comparison?: ComparisonEvent;
    /** A bisection's answer (bisect), for the client's `bir/bisect` event. */
    readonly bisection?: BisectEvent;
  }
  | { readonly ok: false; readonly diagnostics: readonly DiagnosticInfo[]; readonly message: string };

export interface SourceBreakpoint {
  readonly line: number;
  readonly column?: number;
  readonly condition?: string;
  readonly hitCondition?: string;
  readonly logMessage?: string;
}

export interface FunctionBreakpoint {
  readonly name: string;
  readonly condition?: string;
  readonly hitCondition?: string;
}

export interface BreakpointInfo {
  readonly id: number;
  /** For an instruction breakpoint: the address of the instruction it binds (engine/debug/disassembly.ts). */
  readonly address?: number;
  readonly verified: boolean;
  readonly message?: string;
  readonly path?: string;
  readonly line?: number;
  readonly column?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  /** Instructions the breakpoint binds. */
  readonly instructions: number;
}

export interface ThreadInfo {
  readonly id: number;
  readonly name: string;
}

export interface StackFrameInfo {
  readonly id: number;
  readonly name: string;
  readonly path?: string;
  readonly line: number;
  readonly column: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  /**
   * 'label' for frames without a location. Frames of regions are 'normal' too: VS Code folds runs of 'subtle' frames
   * under "Show N More Stack Frames", which would hide the loop iteration the program is stopped in.
   */
  readonly hint?: 'normal' | 'label' | 'subtle';
  /** The address of the instruction the frame is at: where the Disassembly view shows it. */
  readonly address?: number;
  /** Restart Frame can take the frame back to its entry (a function frame, with the history on). */
  readonly canRestart?: boolean;
}

/** An instruction breakpoint: the address of an instruction (engine/debug/disassembly.ts). */
export interface InstructionBreakpoint {
  readonly address: number;
  readonly condition?: string;
  readonly hitCondition?: string;
}

/** One line of the disassembly: an instruction of the program that runs, or an address outside it. */
export interface DisassembledInstruction {
  readonly address: number;
  /** Engine, opcode and operands; empty outside the program. */
  readonly text: string;
  /** The function the instruction belongs to. */
  readonly symbol?: string;
  readonly path?: string;
  readonly line?: number;
  readonly column?: number;
  readonly endLine?: number;
  readonly endColumn?: number;
  /** An address outside the program (the Disassembly view asks around what it shows). */
  readonly invalid?: boolean;
}

export interface ScopeInfo {
  readonly name: string;
  readonly reference: number;
  readonly named?: number;
  readonly indexed?: number;
  readonly expensive: boolean;
  readonly hint?: 'arguments' | 'locals' | 'registers';
}

export interface VariableInfo {
  readonly name: string;
  readonly value: string;
  readonly type?: string;
  readonly evaluateName?: string;
  readonly reference: number;
  readonly named?: number;
  readonly indexed?: number;
  readonly hint?: { readonly kind?: string; readonly attributes?: readonly string[] };
  /** The address of its first element when it is memory (docs/debugging.md, the address space). */
  readonly memoryReference?: string;
}

export interface EvaluateResult {
  readonly result: string;
  readonly type?: string;
  readonly reference: number;
  readonly named?: number;
  readonly indexed?: number;
  /** `:show EXPR`: the tensor view is to open on this expression (the adapter's `bir/showTensor` event). */
  readonly show?: { readonly expression: string };
  /** The address of its first element when the result is memory (an access pattern, a tensor, an element). */
  readonly memoryReference?: string;
}

/** What setVariable and setExpression answer: the value as stored, and what changed. */
export interface SetValueResult {
  readonly value: string;
  readonly type?: string;
  readonly reference: number;
  readonly indexed?: number;
  readonly memoryReference?: string;
  /** Memory the change wrote (for DAP's memory events). */
  readonly changed: readonly MemoryRange[];
  /** Said in the Debug Console after the answer: the change discarded the recorded future. */
  readonly notice?: string;
}

/** Bytes of the debugger's address space. */
export interface MemoryRange {
  readonly address: number;
  readonly count: number;
}

export interface ReadMemoryResult {
  /** The address of the first byte, hex. */
  readonly address: string;
  /** The readable bytes from there, base64. */
  readonly data: string;
  /** Unreadable bytes right after them (never written, or held by no tensor). */
  readonly unreadableBytes: number;
}

export interface WriteMemoryResult {
  readonly bytesWritten: number;
  readonly changed: readonly MemoryRange[];
  readonly notice?: string;
}

/** An item of DAP's completions. */
export interface CompletionInfo {
  readonly label: string;
  readonly text?: string;
  readonly detail?: string;
  readonly type: 'function' | 'variable' | 'value' | 'keyword' | 'text';
  /** Where the text replaces the line, 0-based, and how much of it. */
  readonly start: number;
  readonly length: number;
}

export interface StepInTarget {
  readonly id: number;
  readonly label: string;
  readonly line: number;
  readonly column: number;
}

/** A data breakpoint as set: a data id from dataBreakpointInfo, what access stops, and its conditions. */
export interface DataBreakpointRequest {
  readonly dataId: string;
  /** `read`, `write` (the default) or `readWrite`. */
  readonly accessType?: string;
  readonly condition?: string;
  readonly hitCondition?: string;
}

/** What dataBreakpointInfo answers: a data id, or null with the reason in the description. */
export interface DataBreakpointInfoResult {
  readonly dataId: string | null;
  readonly description: string;
  readonly accessTypes?: ('read' | 'write' | 'readWrite')[];
  readonly canPersist?: boolean;
}

export interface ExceptionInfoResult {
  readonly exceptionId: string;
  readonly description: string;
  readonly breakMode: 'always' | 'unhandled';
  readonly details: { readonly message: string; readonly typeName: string; readonly stackTrace?: string; readonly location?: Span };
}

export type EngineEvent =
  | { readonly kind: 'stopped'; readonly info: StoppedInfo }
  | { readonly kind: 'continued'; readonly threadId: number; readonly allThreads: boolean }
  | { readonly kind: 'output'; readonly category: 'stdout' | 'stderr' | 'console'; readonly text: string; readonly span?: Span }
  | { readonly kind: 'breakpoint'; readonly breakpoint: BreakpointInfo }
  | { readonly kind: 'exited'; readonly exitCode: number }
  /** A long run's progress (engine/host/run-progress.ts): instructions executed, and of how many when known ahead. */
  | { readonly kind: 'progress'; readonly instructions: number; readonly total?: number }
  /** A big program's check while it launches: lines of function bodies checked, of the lines of its files. */
  | { readonly kind: 'loading'; readonly file: string; readonly lines: number; readonly total: number };
