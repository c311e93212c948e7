/**
 * The agent tools' one implementation, shared by VS Code's language-model tools (extension/agent-tools.ts) and the
 * MCP server (mcp-server.ts): a call by name with JSON arguments, answered with JSON text within the answer's bound,
 * or an error worded for the model to act on. It holds at most one debug session, on an engine it is given (a
 * worker, or one in this thread), and serves one call at a time, in the order they come.
 */
import * as fs from 'fs';
import type { DebugEngine } from '../protocol/requests';
import type { LaunchConfig } from '../protocol/types';
import { AgentSession } from './agent-session';
import { answerSize, clip, MAX_ANSWER_CHARS } from './answer-size';
import { compareWithReference } from './compare-reference';
import { Places } from './places';
import { afterMove, endedReport, frameIdOf, snapshot, SnapshotContext } from './snapshot';
import { SourceLines } from './source-lines';
import { tensorFacts } from './tensor-facts';
import { compactWrite, historyAnswer, whyAnswer } from './time-answers';
import { argumentsError, ToolError, toolMessage } from './tool-errors';
import { isToolName, TOOL_LIST } from './tool-list';
import { TOOL_INPUTS, ToolInput, ToolName } from './tool-schemas';

export interface AgentToolsOptions {
  /** A new engine for each session or run. */
  readonly createEngine: () => DebugEngine;
  /** The workspace: relative paths of the tools' arguments are relative to it. */
  readonly root: string;
  /** Told when a session starts (true) or is ended by bir_end (false): VS Code's `when` clauses follow it. */
  readonly onSession?: (active: boolean) => void;
}

/** A tool's answer: JSON text, or an error's message. */
export interface ToolAnswer {
  readonly text: string;
  readonly isError: boolean;
}

type Handlers = { readonly [N in ToolName]: (input: ToolInput<N>) => Promise<Record<string, unknown>> };

const STEP_REQUESTS = { over: 'next', into: 'stepIn', out: 'stepOut', back: 'stepBack', back_into: 'bir/stepBackInto', back_out: 'bir/stepBackOut' } as const;

export class AgentTools {
  private session?: AgentSession;
  private readonly places: Places;
  private readonly sources = new SourceLines();
  /** Calls are served one after the other: a session moves one step at a time. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: AgentToolsOptions) {
    this.places = new Places(options.root);
  }

  /** Serves one call; never throws: what goes wrong is the answer, worded for the model. */
  call(name: string, args: unknown): Promise<ToolAnswer> {
    const answer = this.queue.then(() => this.serve(name, args));
    this.queue = answer;
    return answer;
  }

  /** Ends the session (when the server stops). */
  async dispose(): Promise<void> {
    await this.queue;
    await this.endSession();
  }

  private async serve(name: string, args: unknown): Promise<ToolAnswer> {
    if (!isToolName(name)) return failure(`unknown tool '${clip(name, 60)}': the tools are ${TOOL_LIST.map((t) => t.name).join(', ')}`);
    const parsed = TOOL_INPUTS[name].safeParse(args ?? {});
    if (!parsed.success) return failure(argumentsError(name, parsed.error).message);
    try {
      const handler = this.handlers[name] as (input: unknown) => Promise<Record<string, unknown>>;
      return { text: boundedJson(await handler(parsed.data)), isError: false };
    } catch (e) {
      return failure(toolMessage(name, e));
    }
  }

  private readonly handlers: Handlers = {
    bir_run: (input) => this.run(input),
    bir_debug: (input) => this.debug(input),
    bir_snapshot: async (input) => {
      const session = this.existing('bir_snapshot');
      if (session.state === 'ended') return endedReport(session);
      return snapshot(this.context(this.stopped('bir_snapshot')), input);
    },
    bir_evaluate: (input) => this.evaluate(input),
    bir_step: (input) => this.step(input),
    bir_continue: async (input) => {
      const session = this.stopped('bir_continue');
      const problems = input.breakpoints ? await session.setBreakpoints(input.breakpoints) : [];
      const threadId = session.stop!.threadId;
      const request = input.direction === 'reverse' ? 'reverseContinue' : 'continue';
      const settled = await session.move(() => session.engine.request(request, { threadId }), input.timeoutSeconds);
      return afterMove(this.context(session), settled, problems.length ? { breakpointProblems: problems } : {});
    },
    bir_goto: (input) => this.goTo(input),
    bir_history: async (input) => {
      const session = this.stopped('bir_history');
      return historyAnswer(session, this.places, input, await frameIdOf(session, 'bir_history', input.frame));
    },
    bir_why: async (input) => {
      const session = this.stopped('bir_why');
      return whyAnswer(session, this.places, input, await frameIdOf(session, 'bir_why', input.frame));
    },
    bir_compare: async (input) => {
      const session = this.stopped('bir_compare');
      return compareWithReference(session.engine, this.places, input, await frameIdOf(session, 'bir_compare', input.frame));
    },
    bir_end: async () => {
      const session = this.existing('bir_end');
      await this.endSession();
      return endedReport(session, { program: this.places.show(session.program) });
    },
  };

  private async run(input: ToolInput<'bir_run'>): Promise<Record<string, unknown>> {
    const program = this.programFile(input.program);
    const session = new AgentSession(this.options.createEngine(), program, this.places);
    try {
      await session.launch({ ...this.launchConfig(program, input), noDebug: true, ...(input.outDir ? { outDir: this.places.resolve(input.outDir) } : {}) });
      const settled = await session.move(() => session.engine.request('configurationDone', {}), input.timeoutSeconds, 'end');
      const note = settled.kind === 'timed-out' ? { note: `still running after ${settled.seconds} s: ended there (timeoutSeconds allows longer; bir_debug can pause it and look)` } : {};
      return { program: this.places.show(program), exitCode: session.exitCode, ...note, ...session.printed() };
    } finally {
      await session.end();
    }
  }

  private async debug(input: ToolInput<'bir_debug'>): Promise<Record<string, unknown>> {
    const program = this.programFile(input.program);
    await this.endSession();
    const session = new AgentSession(this.options.createEngine(), program, this.places);
    try {
      await session.launch({ ...this.launchConfig(program, input), stopOnEntry: input.stopOnEntry });
      const problems = await session.setBreakpoints(input.breakpoints ?? []);
      if (input.exceptions) await session.engine.request('setExceptionBreakpoints', { filters: input.exceptions });
      this.session = session;
      this.options.onSession?.(true);
      const settled = await session.move(() => session.engine.request('configurationDone', {}), input.timeoutSeconds);
      return afterMove(this.context(session), settled, { program: this.places.show(program), ...(problems.length ? { breakpointProblems: problems } : {}) });
    } catch (e) {
      if (this.session !== session) await session.end();
      throw e;
    }
  }

  private async evaluate(input: ToolInput<'bir_evaluate'>): Promise<Record<string, unknown>> {
    const session = this.stopped('bir_evaluate');
    const text = input.expression.trim();
    if (text.startsWith(':')) {
      throw new ToolError('bir_evaluate takes expressions; the Debug Console\'s commands are tools: :history is bir_history, :why is bir_why, :last and :goto are bir_goto, and the statistics of :stats come with any tensor bir_evaluate answers');
    }
    const frameId = await frameIdOf(session, 'bir_evaluate', input.frame);
    const result = await session.engine.request('evaluate', { expression: text, frameId, context: 'watch' });
    // A tensor's summary says what the Variables view says; its facts add exact statistics as numbers.
    const facts = result.reference > 0 ? await tensorFacts(session.engine, text, frameId).catch(() => undefined) : undefined;
    return { expression: text, value: clip(result.result, 1500), ...(result.type ? { type: result.type } : {}), ...(facts ? { tensor: facts } : {}) };
  }

  private async step(input: ToolInput<'bir_step'>): Promise<Record<string, unknown>> {
    const session = this.stopped('bir_step');
    const threadId = input.thread ?? session.stop!.threadId;
    const request = STEP_REQUESTS[input.action];
    const count = input.count ?? 1;
    let taken = 0;
    let settled = await session.move(() => session.engine.request(request, { threadId, granularity: input.granularity }), input.timeoutSeconds);
    taken++;
    // Several steps stop early where a step would not have stopped on its own: a breakpoint, a fault, the end.
    while (taken < count && settled.kind === 'stopped' && session.stop?.reason === 'step') {
      settled = await session.move(() => session.engine.request(request, { threadId, granularity: input.granularity }), input.timeoutSeconds);
      taken++;
    }
    return afterMove(this.context(session), settled, count > 1 ? { steps: taken } : {});
  }

  private async goTo(input: ToolInput<'bir_goto'>): Promise<Record<string, unknown>> {
    const session = this.stopped('bir_goto');
    if ((input.instructions === undefined) === (input.lastWriteOf === undefined)) {
      throw new ToolError('bir_goto takes instructions (a count to go to) or lastWriteOf (an expression whose last write to go back to), one of them');
    }
    if (input.instructions !== undefined) {
      const instructions = input.instructions;
      return afterMove(this.context(session), await session.move(() => session.engine.request('bir/goto', { instructions })));
    }
    const expression = input.lastWriteOf!;
    // The write, as data, then the Debug Console's own move to it (stopped just before it).
    const { writes, elements } = await session.engine.request('bir/history', { expression, limit: 1 });
    const settled = await session.move(() => session.engine.request('evaluate', { expression: `:last ${expression}`, context: 'repl' }));
    const last = writes[0] ? { lastWrite: compactWrite(writes[0], this.places, elements), next: 'bir_step over runs the write' } : {};
    return afterMove(this.context(session), settled, last);
  }

  /** The launch of a run or session: the program, and its inputs and options as the engine takes them. */
  private launchConfig(program: string, input: ToolInput<'bir_run'> | ToolInput<'bir_debug'>): LaunchConfig {
    const inputs = input.inputs && Object.fromEntries(Object.entries(input.inputs).map(([name, file]) => [name, this.places.resolve(file)]));
    return { program, inputs, cores: input.cores, passes: input.passes, maxInstructions: input.maxInstructions };
  }

  private programFile(program: string): string {
    const file = this.places.resolve(program);
    if (!fs.existsSync(file)) throw new ToolError(`no such file: ${program} (paths are relative to the workspace, ${this.places.root})`);
    return file;
  }

  private existing(tool: string): AgentSession {
    if (!this.session) throw new ToolError(`${tool}: there is no session: start one with bir_debug`);
    return this.session;
  }

  private stopped(tool: string): AgentSession {
    const session = this.session;
    if (!session) throw new ToolError(`${tool}: no session is stopped: start one with bir_debug`);
    if (session.state === 'ended') {
      throw new ToolError(`${tool}: the session of ${this.places.show(session.program)} has ended (exit code ${session.exitCode}): start another with bir_debug (with breakpoints, or stopOnEntry, to stop before the end)`);
    }
    if (session.state !== 'stopped') throw new ToolError(`${tool}: the session is running: call bir_snapshot once it stops, or bir_end`);
    return session;
  }

  private context(session: AgentSession): SnapshotContext {
    return { session, places: this.places, sources: this.sources };
  }

  private async endSession(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.session = undefined;
    await session.end();
    this.options.onSession?.(false);
  }
}

function failure(text: string): ToolAnswer {
  return { text: clip(text, 4000), isError: true };
}

/** The answer's JSON; the lists are cut to fit before, so this only guards the bound. */
function boundedJson(answer: Record<string, unknown>): string {
  const text = JSON.stringify(answer);
  if (answerSize(answer) <= MAX_ANSWER_CHARS) return text;
  return JSON.stringify({ truncated: `the answer was ${text.length} characters, more than ${MAX_ANSWER_CHARS}: ask for less (a slice, a smaller limit)`, start: text.slice(0, MAX_ANSWER_CHARS - 300) });
}
