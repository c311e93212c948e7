/**
 * The DebugEngine: the verbs a debugger front end needs from the engine, as plain data. The adapter translates
 * DAP to these; the engine never sees DAP. Two implementations: a worker thread (the default) and in-process.
 */
import { Span } from '../base/span';

export type FramesMode = 'functions' | 'subgraphs';
export type StepGranularity = 'line' | 'instruction';
export type StopReason = 'entry' | 'breakpoint' | 'function breakpoint' | 'data breakpoint' | 'step' | 'pause' | 'exception';

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
  readonly passes?: readonly string[];
  readonly stopOnEntry?: boolean;
  readonly stepBy?: StepGranularity;
  readonly frames?: FramesMode;
  readonly inputs?: Readonly<Record<string, string>>;
  readonly outDir?: string;
  readonly noDebug?: boolean;
  readonly maxCallDepth?: number;
  /** Stop before the first pass, and after these snapshots of the pipeline. */
  readonly stopOnPassEntry?: boolean;
  readonly passBreakpoints?: readonly number[];
  /** Unsaved editor text of files, by absolute path, checked instead of the disk's. */
  readonly overlays?: Readonly<Record<string, string>>;
}

export interface DiagnosticInfo {
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly span: Span;
  /** `file:line:col: severity: message` */
  readonly text: string;
}

export type LaunchResult =
  | { readonly ok: true; readonly diagnostics: readonly DiagnosticInfo[]; readonly cores: number; readonly files: readonly string[] }
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
  /** 'subtle' for frames of regions, 'label' for frames without a location. */
  readonly hint?: 'normal' | 'label' | 'subtle';
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
}

export interface EvaluateResult {
  readonly result: string;
  readonly type?: string;
  readonly reference: number;
  readonly named?: number;
  readonly indexed?: number;
}

export interface StepInTarget {
  readonly id: number;
  readonly label: string;
  readonly line: number;
  readonly column: number;
}

export interface ExceptionInfoResult {
  readonly exceptionId: string;
  readonly description: string;
  readonly breakMode: 'always' | 'unhandled';
  readonly details: { readonly message: string; readonly typeName: string; readonly stackTrace?: string; readonly location?: Span };
}

export interface NodeSummary {
  readonly id: string;
  readonly opcode: string;
  readonly engine: string;
  readonly span: Span;
}

export interface SkippedLine {
  readonly path: string;
  readonly line: number;
  readonly text: string;
}

/** The `bir/stopped` body, sent before each stop. */
export interface StoppedInfo {
  readonly threadId: number;
  readonly reason: StopReason;
  readonly description?: string;
  readonly text?: string;
  readonly hitBreakpointIds?: readonly number[];
  readonly node?: NodeSummary;
  readonly skipped: readonly SkippedLine[];
  /** At a fused group's stop: the group, its members in order, and the sentence the console prints. */
  readonly fusion?: { readonly group: string; readonly members: readonly { readonly id: string; readonly opcode: string; readonly line: number }[]; readonly text: string };
  /** At a compiler stop: which snapshot of the pass pipeline. */
  readonly pipeline?: { readonly index: number; readonly pass: string; readonly boundary: 'initial' | 'after' };
}

export type EngineEvent =
  | { readonly kind: 'stopped'; readonly info: StoppedInfo }
  | { readonly kind: 'continued'; readonly threadId: number; readonly allThreads: boolean }
  | { readonly kind: 'output'; readonly category: 'stdout' | 'stderr' | 'console'; readonly text: string; readonly span?: Span }
  | { readonly kind: 'breakpoint'; readonly breakpoint: BreakpointInfo }
  | { readonly kind: 'exited'; readonly exitCode: number };

/** The engine's answer to a request it cannot serve: a reason for the user. */
export class EngineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineError';
  }
}

export interface DebugEngine {
  launch(config: LaunchConfig): Promise<LaunchResult>;
  setBreakpoints(path: string, breakpoints: readonly SourceBreakpoint[]): Promise<BreakpointInfo[]>;
  setFunctionBreakpoints(breakpoints: readonly FunctionBreakpoint[]): Promise<BreakpointInfo[]>;
  setNodeBreakpoints(nodes: readonly string[]): Promise<BreakpointInfo[]>;
  setExceptionFilters(filters: readonly string[]): Promise<void>;
  /** configurationDone: the program starts (at full speed when the launch was noDebug). */
  start(): Promise<void>;
  continue(threadId: number): Promise<void>;
  next(threadId: number, granularity?: StepGranularity): Promise<void>;
  stepIn(threadId: number, granularity?: StepGranularity, targetId?: number): Promise<void>;
  stepOut(threadId: number, granularity?: StepGranularity): Promise<void>;
  pause(threadId?: number): Promise<void>;
  threads(): Promise<ThreadInfo[]>;
  stackTrace(threadId: number, startFrame?: number, levels?: number): Promise<{ frames: StackFrameInfo[]; total: number }>;
  scopes(frameId: number): Promise<ScopeInfo[]>;
  variables(reference: number, start?: number, count?: number, filter?: 'indexed' | 'named'): Promise<VariableInfo[]>;
  evaluate(expression: string, frameId: number | undefined, context: string): Promise<EvaluateResult>;
  stepInTargets(frameId: number): Promise<StepInTarget[]>;
  exceptionInfo(threadId: number): Promise<ExceptionInfoResult>;
  setFrames(mode: FramesMode): Promise<FramesMode>;
  /** bir/graph, bir/passGraphs, bir/passGraph, bir/nextPass, bir/setPassBreakpoints: answered as plain data. */
  graph(frameId?: number): Promise<unknown>;
  passGraphs(): Promise<unknown>;
  passGraph(index: number, fn?: string): Promise<unknown>;
  nextPass(): Promise<unknown>;
  setPassBreakpoints(indices: readonly number[]): Promise<unknown>;
  /** Ends the run at its next instruction; the exit code is 143. */
  terminate(): Promise<void>;
  /** Releases the engine (kills the worker). */
  dispose(): Promise<void>;
  onEvent(listener: (event: EngineEvent) => void): void;
}
