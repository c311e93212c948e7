/**
 * One debug session driven for an agent, on a DebugEngine: launched, configured, and moved a whole step at a time.
 * Every move waits until the program stops or ends, so that the answer is the new state; a program that runs past
 * its time limit is paused there and the answer says so (an agent never waits on an endless loop).
 */
import type { DebugEngine } from '../protocol/requests';
import type { BreakpointInfo, EngineEvent, LaunchConfig, StoppedInfo } from '../protocol/types';
import { OutputLog, OutputReport } from './output-log';
import { Places } from './places';
import { ToolError } from './tool-errors';
import type { Breakpoint } from './tool-schemas';

export type SessionState = 'running' | 'stopped' | 'ended';

/** How a move ended. */
export type Settled =
  | { readonly kind: 'stopped' }
  | { readonly kind: 'ended' }
  /** Still running at the time limit: paused there. */
  | { readonly kind: 'paused'; readonly seconds: number }
  /** Still running at the time limit of a run without the debugger, which cannot pause: ended there. */
  | { readonly kind: 'timed-out'; readonly seconds: number };

/** A program that neither stops nor ends after a pause was asked for this long has an engine that does not answer. */
const PAUSE_ANSWER_MS = 10_000;

export const DEFAULT_TIMEOUT_SECONDS = 30;

export class AgentSession {
  state: SessionState = 'running';
  stop?: StoppedInfo;
  /** Counts the stops: frame numbers and cursors belong to one. */
  stopSerial = 0;
  exitCode?: number;
  readonly output = new OutputLog();
  private settle?: () => void;
  /** Files that hold line breakpoints: replacing the set clears those no longer named. */
  private breakpointFiles = new Set<string>();

  constructor(readonly engine: DebugEngine, readonly program: string, private readonly places: Places) {
    engine.onEvent((e) => this.onEvent(e));
  }

  /** Launches the program; refused with its diagnostics when it does not check. */
  async launch(config: LaunchConfig): Promise<void> {
    const launched = await this.engine.request('launch', config);
    if (!launched.ok) {
      const errors = launched.diagnostics.filter((d) => d.severity === 'error').slice(0, 10).map((d) => d.text);
      throw new ToolError(`${this.places.show(this.program)} cannot run: ${launched.message}${errors.length ? `\n${errors.join('\n')}` : ''}\nFix the program and start it again.`);
    }
  }

  /** Replaces every breakpoint; answers the ones that bind no instruction, with why. */
  async setBreakpoints(breakpoints: readonly Breakpoint[]): Promise<string[]> {
    const byFile = new Map<string, Breakpoint[]>();
    const functions: Breakpoint[] = [];
    for (const b of breakpoints) {
      if ((b.line === undefined) === (b.function === undefined)) throw new ToolError(`a breakpoint takes a line or a function, one of them: ${JSON.stringify(b)}`);
      if (b.function !== undefined) functions.push(b);
      else {
        const file = b.file === undefined ? this.program : this.places.resolve(b.file);
        byFile.set(file, [...(byFile.get(file) ?? []), b]);
      }
    }
    const problems: string[] = [];
    const report = (where: string, info: BreakpointInfo): void => {
      if (!info.verified) problems.push(`${where}: ${info.message ?? 'binds no instruction'}`);
    };
    for (const file of new Set([...this.breakpointFiles, ...byFile.keys()])) {
      const lines = byFile.get(file) ?? [];
      const infos = await this.engine.request('setBreakpoints', { path: file, breakpoints: lines.map((b) => ({ line: b.line!, condition: b.condition, hitCondition: b.hitCondition })) });
      infos.forEach((info, i) => report(`${this.places.show(file)}:${lines[i].line}`, info));
    }
    this.breakpointFiles = new Set(byFile.keys());
    const infos = await this.engine.request('setFunctionBreakpoints', { breakpoints: functions.map((b) => ({ name: b.function!, condition: b.condition, hitCondition: b.hitCondition })) });
    infos.forEach((info, i) => report(`function ${functions[i].function}`, info));
    return problems;
  }

  /**
   * Sends a request that sets the program going and waits until it stops or ends; past `seconds` it is paused. A
   * refused request changes nothing and is thrown as it is.
   */
  async move(request: () => Promise<unknown>, seconds = DEFAULT_TIMEOUT_SECONDS, late: 'pause' | 'end' = 'pause'): Promise<Settled> {
    const settled = this.nextSettle();
    const before = this.state;
    try {
      this.state = 'running';
      await request();
    } catch (e) {
      this.settle = undefined;
      this.state = before;
      throw e;
    }
    return this.waitOrPause(settled, seconds, late);
  }

  /** What was printed since the last answer. */
  printed(): OutputReport {
    return this.output.report();
  }

  /** Ends the run (exit code 143 unless it had ended) and releases the engine. */
  async end(): Promise<void> {
    if (this.state !== 'ended') {
      const ended = this.nextSettle();
      await this.engine.terminate().catch(() => undefined);
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, PAUSE_ANSWER_MS).unref())]);
    }
    this.state = 'ended';
    await this.engine.dispose();
  }

  private async waitOrPause(settled: Promise<void>, seconds: number, late: 'pause' | 'end'): Promise<Settled> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<'late'>((resolve) => {
      timer = setTimeout(() => resolve('late'), seconds * 1000);
    });
    const first = await Promise.race([settled.then(() => 'settled' as const), deadline]);
    clearTimeout(timer);
    if (first === 'settled') return { kind: this.state === 'ended' ? 'ended' : 'stopped' };
    if (late === 'end') {
      await this.engine.terminate();
      await settled;
      return { kind: 'timed-out', seconds };
    }
    await this.engine.request('pause', {});
    const answered = await Promise.race([settled.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), PAUSE_ANSWER_MS).unref())]);
    if (!answered) throw new ToolError(`the program ran for ${seconds} s and did not stop when paused: end the session with bir_end`);
    return this.state === 'ended' ? { kind: 'ended' } : { kind: 'paused', seconds };
  }

  /** Resolves at the next stop or end of the run. */
  private nextSettle(): Promise<void> {
    return new Promise((resolve) => {
      this.settle = resolve;
    });
  }

  private onEvent(e: EngineEvent): void {
    if (e.kind === 'output') this.output.add(e.category, e.text);
    if (e.kind === 'stopped') {
      this.state = 'stopped';
      this.stop = e.info;
      this.stopSerial++;
      this.settled();
    }
    if (e.kind === 'exited') {
      this.state = 'ended';
      this.exitCode = e.exitCode;
      this.settled();
    }
  }

  private settled(): void {
    const settle = this.settle;
    this.settle = undefined;
    settle?.();
  }
}
