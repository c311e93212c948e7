/**
 * The agent tools, one record each: the name and descriptions a model and a user read, the input schema
 * (tool-schemas.ts), whether the tool changes or resumes a session (VS Code then asks the user first, with the
 * confirmation said here) and whether it needs a session (its `when` clause in VS Code). MCP's tools/list and
 * package.json's `contributes.languageModelTools` are both made from this list; a test holds them equal and
 * snapshots them.
 */
import * as path from 'path';
import { z } from 'zod';
import { TOOL_INPUTS, ToolInput, ToolName } from './tool-schemas';

export interface ToolRecord<N extends ToolName = ToolName> {
  readonly name: N;
  readonly displayName: string;
  /** What a model reads to choose the tool and call it right. */
  readonly description: string;
  /** What a user reads in VS Code's tool picker. */
  readonly userDescription: string;
  /** It starts, resumes, moves or ends a session: a user confirms it in VS Code. */
  readonly changes: boolean;
  /** It needs a session that bir_debug started. */
  readonly needsSession: boolean;
  /** The confirmation VS Code shows before a tool that changes a session runs. */
  readonly confirm?: (input: ToolInput<N>) => { readonly title: string; readonly message: string };
  /** What VS Code shows while the tool runs. */
  readonly progress: (input: ToolInput<N>) => string;
}

const file = (program: string): string => path.basename(program);

/** The VS Code context key that is true while an agent session exists (the `when` of the tools that need one). */
export const SESSION_CONTEXT_KEY = 'bir.agentSession';

const TOOLS: { readonly [N in ToolName]: Omit<ToolRecord<N>, 'name'> } = {
  bir_run: {
    displayName: 'Run BIR Program',
    description: 'Runs a .bir program on the BIR simulator to its end, without the debugger, and answers the exit code (0 completed, 1 a fault or a failed Assert ended it), what it printed (Print lines, the fault with file:line:col, the summary line) and the outputs written (with outDir). To stop and look inside, use bir_debug instead.',
    userDescription: 'Run a .bir program on the simulator to its end and report the result.',
    changes: true,
    needsSession: false,
    confirm: (input) => ({ title: `Run ${file(input.program)}?`, message: `The BIR simulator runs ${input.program} to its end${input.outDir ? `, writing its outputs to ${input.outDir}` : ''}.` }),
    progress: (input) => `Running ${file(input.program)}`,
  },
  bir_debug: {
    displayName: 'Debug BIR Program',
    description: 'Starts a debug session of a .bir program (ending the previous one) and runs it to the first breakpoint, fault or failed Assert (or its entry, with stopOnEntry). Answers the snapshot of the stop: reason, location with the source line, the instruction about to run with its operands, the stack, the written registers, and each tensor as dtype, shape, min, max, mean, NaN and never-written counts. Faults stop the run by default, so a run without breakpoints stops where it goes wrong. Then use bir_evaluate, bir_compare, bir_why, bir_history to inspect and bir_step, bir_continue, bir_goto to move, forward or back in time.',
    userDescription: 'Start a debug session of a .bir program and stop at the first breakpoint or fault.',
    changes: true,
    needsSession: false,
    confirm: (input) => ({
      title: `Debug ${file(input.program)}?`,
      message: `The BIR debugger runs ${input.program}${input.breakpoints?.length ? ` with ${input.breakpoints.length} breakpoint${input.breakpoints.length === 1 ? '' : 's'}` : ''} and stops at the first breakpoint or fault. A session the tools started before is ended.`,
    }),
    progress: (input) => `Debugging ${file(input.program)}`,
  },
  bir_snapshot: {
    displayName: 'BIR Debug Snapshot',
    description: 'The snapshot of the stopped session, as every move answers it: reason, location and source line, the instruction about to run, the stack, registers, and a summary of each tensor (never its elements). With cursor: the tensors an earlier snapshot left out. After the end of the run: the exit code and output.',
    userDescription: 'Show where the BIR debug session is stopped, with its stack, registers and tensors.',
    changes: false,
    needsSession: true,
    progress: () => 'Reading the stopped BIR session',
  },
  bir_evaluate: {
    displayName: 'Evaluate in BIR Session',
    description: 'Evaluates an expression in the stopped session, as the Debug Console does: a tensor or an access pattern answers its dtype, shape and statistics (and its elements when they are few); an element or a register its value; arithmetic and functions such as sum, mean, max, abs, allclose(a, b) work on tensors. Read-only.',
    userDescription: 'Evaluate an expression in the stopped BIR debug session.',
    changes: false,
    needsSession: true,
    progress: (input) => `Evaluating ${input.expression}`,
  },
  bir_step: {
    displayName: 'Step in BIR Session',
    description: 'Steps the stopped session and answers the new snapshot: over, into or out of calls, forward; back (the previous line of this frame), back_into (the previous line of any frame), back_out (the call that made this frame), backward in time. By line (default) or instruction; count steps at once, stopping early at a breakpoint or fault.',
    userDescription: 'Step the BIR debug session forward or back.',
    changes: true,
    needsSession: true,
    confirm: (input) => ({ title: `Step ${input.action.replace('_', ' ')}?`, message: `The BIR debug session steps ${input.action.replace('_', ' ')}${input.count && input.count > 1 ? ` ${input.count} times` : ''} by ${input.granularity ?? 'line'}.` }),
    progress: (input) => `Stepping ${input.action.replace('_', ' ')}`,
  },
  bir_continue: {
    displayName: 'Continue BIR Session',
    description: 'Continues the stopped session to the next breakpoint, fault or the end of the run (direction reverse: back to the previous breakpoint or fault, or the start of the history) and answers the new snapshot, or the exit code and output when the run ends. breakpoints, when given, replace every breakpoint first.',
    userDescription: 'Continue the BIR debug session to the next breakpoint, forward or back.',
    changes: true,
    needsSession: true,
    confirm: (input) => ({
      title: input.direction === 'reverse' ? 'Reverse continue?' : 'Continue?',
      message: `The BIR debug session runs ${input.direction === 'reverse' ? 'back in time' : 'on'}${input.breakpoints ? ` with its breakpoints replaced by ${input.breakpoints.length}` : ''} until a breakpoint or fault stops it.`,
    }),
    progress: (input) => (input.direction === 'reverse' ? 'Running back' : 'Continuing'),
  },
  bir_goto: {
    displayName: 'Go To in BIR Session',
    description: 'Moves the stopped session through time and answers the new snapshot: to an instruction count (back or forward), or, with lastWriteOf, back to just before the instruction that last wrote an element, slice, tensor or register (the answer says which instruction: stepping over it shows the write).',
    userDescription: 'Go to an instruction count, or to the last write of a value, in the BIR debug session.',
    changes: true,
    needsSession: true,
    confirm: (input) => ({
      title: input.lastWriteOf ? `Go to the last write of ${input.lastWriteOf}?` : `Go to instruction ${input.instructions ?? '?'}?`,
      message: 'The BIR debug session moves through time; the run\'s results are unchanged, and going forward again replays it.',
    }),
    progress: (input) => (input.lastWriteOf ? `Going to the last write of ${input.lastWriteOf}` : `Going to instruction ${input.instructions ?? ''}`),
  },
  bir_history: {
    displayName: 'BIR Write History',
    description: 'Lists the writes to an element, slice, tensor or register up to the stop, oldest first: instruction count, the opcode that wrote, file:line:col, core, the value before and after. The latest ones; more.cursor pages back. Read-only: the session stays where it is.',
    userDescription: 'List every write to a value in the BIR debug session.',
    changes: false,
    needsSession: true,
    progress: (input) => `Searching the writes of ${input.expression}`,
  },
  bir_why: {
    displayName: 'Why This BIR Value',
    description: 'Explains where one element\'s or register\'s value came from: the instruction that wrote it (opcode, file:line:col, instruction count) and the values it read, each with its value then. Pass path to follow an input back ([0]: where input 0 came from, [0, 2]: input 2 of that), down to the program\'s inputs. Read-only.',
    userDescription: 'Explain where a value of the BIR debug session came from.',
    changes: false,
    needsSession: true,
    progress: (input) => `Explaining ${input.expression}`,
  },
  bir_compare: {
    displayName: 'Compare BIR Value with .npy',
    description: 'Compares a tensor or access pattern of the stopped session with a .npy reference made in NumPy (isclose with atol, rtol): the verdict (allclose or differs), how many elements differ, the largest absolute, relative and ulp errors, and the first divergence, with its index, both values and the tensor element to pass to bir_why. Read-only.',
    userDescription: 'Compare a value of the BIR debug session with a .npy reference.',
    changes: false,
    needsSession: true,
    progress: (input) => `Comparing ${input.expression} with ${path.basename(input.reference)}`,
  },
  bir_end: {
    displayName: 'End BIR Session',
    description: 'Ends the debug session the tools started (its run, if it had not ended). Answers the exit code.',
    userDescription: 'End the BIR debug session.',
    changes: true,
    needsSession: true,
    confirm: () => ({ title: 'End the BIR debug session?', message: 'The session the tools started ends; its state is gone.' }),
    progress: () => 'Ending the BIR session',
  },
};

/** Every tool, in the order they are listed. */
export const TOOL_LIST: readonly ToolRecord[] = (Object.keys(TOOLS) as ToolName[]).map((name) => ({ name, ...TOOLS[name] }) as ToolRecord);

export function isToolName(name: string): name is ToolName {
  return Object.prototype.hasOwnProperty.call(TOOLS, name);
}

export function toolRecord<N extends ToolName>(name: N): ToolRecord<N> {
  return { name, ...TOOLS[name] } as ToolRecord<N>;
}

/** What VS Code shows before and while a tool runs: a message, and for a tool that changes a session a confirmation. */
export interface PreparedInvocation {
  readonly invocationMessage: string;
  readonly confirmation?: { readonly title: string; readonly message: string };
}

/**
 * The invocation VS Code prepares (the LanguageModelTool's prepareInvocation): read-only tools never ask; the
 * others ask unless the user turned confirmations off. Input a model got wrong is still described (the call then
 * answers what is wrong with it).
 */
export function preparedInvocation(name: ToolName, input: unknown, confirmChanges: boolean): PreparedInvocation {
  const record = toolRecord(name) as ToolRecord<ToolName>;
  const parsed = TOOL_INPUTS[name].safeParse(input ?? {});
  if (!parsed.success) return { invocationMessage: record.displayName };
  const valid = parsed.data as never;
  const confirmation = record.changes && confirmChanges && record.confirm ? record.confirm(valid) : undefined;
  return { invocationMessage: record.progress(valid), ...(confirmation ? { confirmation } : {}) };
}

/** A tool's input as JSON Schema, as MCP and VS Code announce it. */
export function inputJsonSchema(name: ToolName): Record<string, unknown> {
  const schema: Record<string, unknown> = z.toJSONSchema(TOOL_INPUTS[name]);
  delete schema.$schema;
  return schema;
}

/** What package.json's `contributes.languageModelTools` holds: one entry per tool, made from this list. */
export function languageModelToolContributions(): Record<string, unknown>[] {
  return TOOL_LIST.map((t) => ({
    name: t.name,
    displayName: t.displayName,
    toolReferenceName: t.name.replace(/^bir_/, 'bir-'),
    canBeReferencedInPrompt: true,
    icon: '$(debug)',
    tags: ['bir', 'debug'],
    userDescription: t.userDescription,
    modelDescription: t.description,
    ...(t.needsSession ? { when: SESSION_CONTEXT_KEY } : {}),
    inputSchema: inputJsonSchema(t.name),
  }));
}
