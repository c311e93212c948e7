/**
 * The DebugEngine seen from the adapter: each verb is a request to an engine server, answered asynchronously.
 * Subclasses carry the requests (to a worker thread, or to a server in the same thread).
 */
import {
  BreakpointInfo, DebugEngine, EngineError, EngineEvent, EvaluateResult, ExceptionInfoResult, FramesMode, FunctionBreakpoint,
  LaunchConfig, LaunchResult, ScopeInfo, SourceBreakpoint, StackFrameInfo, StepGranularity, StepInTarget, ThreadInfo, VariableInfo,
} from '../protocol/types';
import { EngineToClient } from './messages';

export abstract class EngineClient implements DebugEngine {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; method: string }>();
  private readonly listeners: ((event: EngineEvent) => void)[] = [];
  protected closed = false;

  protected abstract send(id: number, method: string, params: Record<string, unknown>): void;

  protected request<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    if (this.closed) return Promise.reject(new EngineError(`the engine has ended; '${method}' cannot be served`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, method });
      this.send(id, method, params);
    });
  }

  /** A message from the server: a reply settles its request; an event goes to the listeners. */
  protected receive(message: EngineToClient): void {
    if (message.type === 'event') {
      for (const l of this.listeners) l(message.event);
      return;
    }
    const p = this.pending.get(message.id);
    if (!p) return;
    this.pending.delete(message.id);
    if (message.error !== undefined) p.reject(new EngineError(message.error));
    else p.resolve(message.result);
  }

  /** The server is gone: every open request fails with the reason. */
  protected failAll(reason: string): void {
    this.closed = true;
    for (const [, p] of this.pending) p.reject(new EngineError(`${p.method}: ${reason}`));
    this.pending.clear();
  }

  protected emit(event: EngineEvent): void {
    for (const l of this.listeners) l(event);
  }

  onEvent(listener: (event: EngineEvent) => void): void {
    this.listeners.push(listener);
  }

  launch(config: LaunchConfig): Promise<LaunchResult> {
    return this.request('launch', { ...config });
  }
  setBreakpoints(path: string, breakpoints: readonly SourceBreakpoint[]): Promise<BreakpointInfo[]> {
    return this.request('setBreakpoints', { path, breakpoints });
  }
  setFunctionBreakpoints(breakpoints: readonly FunctionBreakpoint[]): Promise<BreakpointInfo[]> {
    return this.request('setFunctionBreakpoints', { breakpoints });
  }
  setNodeBreakpoints(nodes: readonly string[]): Promise<BreakpointInfo[]> {
    return this.request('setNodeBreakpoints', { nodes });
  }
  setExceptionFilters(filters: readonly string[]): Promise<void> {
    return this.request('setExceptionFilters', { filters });
  }
  start(): Promise<void> {
    return this.request('start');
  }
  continue(threadId: number): Promise<void> {
    return this.request('continue', { threadId });
  }
  next(threadId: number, granularity?: StepGranularity): Promise<void> {
    return this.request('next', { threadId, granularity });
  }
  stepIn(threadId: number, granularity?: StepGranularity, targetId?: number): Promise<void> {
    return this.request('stepIn', { threadId, granularity, targetId });
  }
  stepOut(threadId: number, granularity?: StepGranularity): Promise<void> {
    return this.request('stepOut', { threadId, granularity });
  }
  pause(threadId?: number): Promise<void> {
    return this.request('pause', { threadId });
  }
  threads(): Promise<ThreadInfo[]> {
    return this.request('threads');
  }
  stackTrace(threadId: number, startFrame?: number, levels?: number): Promise<{ frames: StackFrameInfo[]; total: number }> {
    return this.request('stackTrace', { threadId, startFrame, levels });
  }
  scopes(frameId: number): Promise<ScopeInfo[]> {
    return this.request('scopes', { frameId });
  }
  variables(reference: number, start?: number, count?: number, filter?: 'indexed' | 'named'): Promise<VariableInfo[]> {
    return this.request('variables', { reference, start, count, filter });
  }
  evaluate(expression: string, frameId: number | undefined, context: string): Promise<EvaluateResult> {
    return this.request('evaluate', { expression, frameId, context });
  }
  stepInTargets(frameId: number): Promise<StepInTarget[]> {
    return this.request('stepInTargets', { frameId });
  }
  exceptionInfo(threadId: number): Promise<ExceptionInfoResult> {
    return this.request('exceptionInfo', { threadId });
  }
  setFrames(mode: FramesMode): Promise<FramesMode> {
    return this.request('setFrames', { mode });
  }
  graph(frameId?: number): Promise<unknown> {
    return this.request('graph', { frameId });
  }
  passGraphs(): Promise<unknown> {
    return this.request('passGraphs');
  }
  passGraph(index: number, fn?: string): Promise<unknown> {
    return this.request('passGraph', { index, function: fn });
  }
  nextPass(): Promise<unknown> {
    return this.request('nextPass');
  }
  setPassBreakpoints(indices: readonly number[]): Promise<unknown> {
    return this.request('setPassBreakpoints', { indices });
  }
  abstract terminate(): Promise<void>;
  abstract dispose(): Promise<void>;
}
