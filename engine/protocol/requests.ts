/**
 * The DebugEngine's requests, declared once: each method with its parameters and its result. The client's
 * `request` and the server's handler table are typed from this map, so adding a request is one entry here plus its
 * handler in the server (the compiler asks for both).
 *
 * Names are the DAP commands they serve. The `bir/*` requests the engine answers as they are (forwarded, in the
 * request table: request-table.ts) come from the adapter's contract (contract/requests.ts) with their arguments and
 * body; those the adapter translates (`bir/setFrames`, `bir/setNodeBreakpoints`) have engine-side types of their own here.
 */
import type { BirArguments, BirBody, FramesMode } from '../../contract/requests';
import type { ForwardedCommand } from './request-table';
import type {
  BreakpointInfo, DisassembledInstruction, EngineEvent, EvaluateResult, ExceptionInfoResult, FunctionBreakpoint, InstructionBreakpoint, LaunchConfig, LaunchResult, ScopeInfo, SourceBreakpoint,
  StackFrameInfo, StepGranularity, StepInTarget, ThreadInfo, VariableInfo,
} from './types';
import type { CompletionInfo, ReadMemoryResult, SetValueResult, WriteMemoryResult } from './types';
import type { DataBreakpointInfoResult, DataBreakpointRequest } from './types';

interface Request<P, R> {
  readonly params: P;
  readonly result: R;
}

type None = Record<string, never>;

interface Thread {
  readonly threadId: number;
}

interface Step extends Thread {
  readonly granularity?: StepGranularity;
}

type ForwardedBirRequests = { [C in ForwardedCommand]: Request<BirArguments<C>, BirBody<C>> };

export interface EngineRequests extends ForwardedBirRequests {
  launch: Request<LaunchConfig, LaunchResult>;
  /** Line breakpoints of one file (an absolute path), lines counted from 1. */
  setBreakpoints: Request<{ readonly path: string; readonly breakpoints: readonly SourceBreakpoint[] }, BreakpointInfo[]>;
  setFunctionBreakpoints: Request<{ readonly breakpoints: readonly FunctionBreakpoint[] }, BreakpointInfo[]>;
  setExceptionBreakpoints: Request<{ readonly filters: readonly string[] }, void>;
  /** Instruction breakpoints by address; the same set as node breakpoints, replaced whole. */
  setInstructionBreakpoints: Request<{ readonly breakpoints: readonly InstructionBreakpoint[] }, BreakpointInfo[]>;
  /** `count` instructions from `address + instructionOffset`, addresses outside the program marked invalid. */
  disassemble: Request<{ readonly address: number; readonly instructionOffset: number; readonly count: number }, DisassembledInstruction[]>;
  /** The program starts (at full speed when the launch was noDebug). */
  configurationDone: Request<None, void>;
  continue: Request<Thread, void>;
  next: Request<Step, void>;
  stepIn: Request<Step & { readonly targetId?: number }, void>;
  stepOut: Request<Step, void>;
  /** Time travel: back over the previous line (or instruction) of this frame or its callers. */
  stepBack: Request<Step, void>;
  /** Time travel: a function frame back to its entry (before its first instruction); a `restart` stop follows. */
  restartFrame: Request<{ readonly frameId: number }, Record<string, never>>;
  /** Time travel: back to the previous stop of a breakpoint or an exception, or to the start of the history. */
  reverseContinue: Request<Thread, void>;
  pause: Request<Partial<Thread>, void>;
  threads: Request<None, ThreadInfo[]>;
  stackTrace: Request<Thread & { readonly startFrame?: number; readonly levels?: number }, { frames: StackFrameInfo[]; total: number }>;
  scopes: Request<{ readonly frameId: number }, ScopeInfo[]>;
  variables: Request<{ readonly reference: number; readonly start?: number; readonly count?: number; readonly filter?: 'indexed' | 'named' }, VariableInfo[]>;
  evaluate: Request<{ readonly expression: string; readonly frameId?: number; readonly context: string }, EvaluateResult>;
  stepInTargets: Request<{ readonly frameId: number }, StepInTarget[]>;
  exceptionInfo: Request<Thread, ExceptionInfoResult>;
  /** Sets a variable of a variables reference (a register, a tensor, a row, an element) to an expression's value. */
  setVariable: Request<{ readonly reference: number; readonly name: string; readonly value: string }, SetValueResult>;
  /** Sets what an expression names (an access pattern, a tensor, an element, a register) to another's value. */
  setExpression: Request<{ readonly expression: string; readonly value: string; readonly frameId?: number }, SetValueResult>;
  /** Bytes of the address space from a memory reference plus an offset. */
  readMemory: Request<{ readonly memoryReference: string; readonly offset: number; readonly count: number }, ReadMemoryResult>;
  /** Writes bytes (base64) at a memory reference plus an offset. */
  writeMemory: Request<{ readonly memoryReference: string; readonly offset: number; readonly data: string; readonly allowPartial: boolean }, WriteMemoryResult>;
  /** Completions of the Debug Console's and the Watch view's input at a column (counted from 0). */
  completions: Request<{ readonly text: string; readonly column: number; readonly frameId?: number }, CompletionInfo[]>;
  /** The data id of a variable (a reference and a name) or of an expression (evaluated in a frame). */
  dataBreakpointInfo: Request<{ readonly reference?: number; readonly name: string; readonly frameId?: number }, DataBreakpointInfoResult>;
  /** Replaces every data breakpoint. */
  setDataBreakpoints: Request<{ readonly breakpoints: readonly DataBreakpointRequest[] }, BreakpointInfo[]>;
  /** Ends the run at its next instruction; the exit code is 143. */
  terminate: Request<None, void>;
  /** `stopped`: the frames on show are the stop's, so the views that show them must be refreshed. */
  'bir/setFrames': Request<{ readonly frames: FramesMode }, { readonly frames: FramesMode; readonly stopped: boolean }>;
  'bir/setNodeBreakpoints': Request<{ readonly nodes: readonly string[] }, BreakpointInfo[]>;
}

export type EngineMethod = keyof EngineRequests;
export type EngineParams<M extends EngineMethod> = EngineRequests[M]['params'];
export type EngineResult<M extends EngineMethod> = EngineRequests[M]['result'];

/** A request as it travels to the engine's thread. */
export interface EngineRequestMessage<M extends EngineMethod = EngineMethod> {
  readonly id: number;
  readonly method: M;
  readonly params: EngineParams<M>;
}

/** The engine as a debugger front end sees it: typed requests, events, and its end. */
export interface DebugEngine {
  request<M extends EngineMethod>(method: M, params: EngineParams<M>): Promise<EngineResult<M>>;
  /** Ends the run at its next instruction (exit code 143); a run that does not end in time is killed. */
  terminate(): Promise<void>;
  /** Releases the engine (kills its worker). */
  dispose(): Promise<void>;
  onEvent(listener: (event: EngineEvent) => void): void;
}
