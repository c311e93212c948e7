/**
 * Every request a debug session answers, DAP's own and the custom `bir/*` ones: one entry each, with what the
 * request does. Every list that follows a kind of request is derived from here: the capabilities the adapter
 * announces and those a post-mortem dump takes back, the requests the session serves itself or forwards to the
 * engine as they are, those whose events it holds, the engine's refusals in a dump and without history, and the
 * requests after which the extension's views wait for a stop or mark breakpoints again. The compiler asks for the
 * rest of a new entry: its arguments and body (adapter/arguments.ts and adapter/dap-bodies.ts for DAP's requests,
 * contract/requests.ts for `bir/*`), the session's handler or the engine's.
 *
 * It is the engine's protocol because the engine reads it as it serves (its refusals), and the engine uses only the
 * types of contract/ (test/unit/layers.test.ts). It is plain data: no DAP types, no schemas.
 */
import type { BirCommand } from '../../contract/requests';

export interface RequestProperties {
  /** The engine answers it as it is (a `bir/*` request of the contract); without it the session's handler translates it. */
  readonly forwarded?: true;
  /** After it the program runs (or moves through time) until the next stop. */
  readonly resumes?: true;
  /** It changes the stopped program: memory or registers. */
  readonly changesState?: true;
  /** It sets breakpoints that bind node by node (lines with a column, instructions, nodes): the graph view marks them. */
  readonly setsBreakpoints?: true;
  /**
   * What a post-mortem dump does with it, when not what a run does: `refused`, since it would run or change the
   * machine at its fault; `hidden`, answered, but its capability is taken back so that VS Code does not offer it (a
   * data breakpoint, set on a value in the Variables view, could never stop a dump; breakpoints of lines, functions
   * and instructions, which VS Code keeps from session to session, are answered unverified with the reason).
   */
  readonly inDump?: 'refused' | 'hidden';
  /** It moves through the recorded past: refused when the history is off. */
  readonly needsHistory?: true;
  /**
   * Its effect may be reported before it is answered (it acts through flags the running program reads at once): the
   * session holds the engine's events while it serves it, so that no event precedes the answer.
   */
  readonly holdsEvents?: true;
  /** The DAP capability that announces it (a key of DAP's Capabilities; the adapter checks it is one). */
  readonly capability?: `supports${string}`;
}

const stepBack = { resumes: true, inDump: 'refused', needsHistory: true } as const;

/** DAP's requests, each translated by the session (their arguments and bodies are DAP's, the engine's are its own). */
const DAP_REQUESTS = {
  initialize: {},
  launch: {},
  attach: {},
  restart: { capability: 'supportsRestartRequest', resumes: true, setsBreakpoints: true },
  disconnect: {},
  terminate: { capability: 'supportsTerminateRequest', holdsEvents: true },
  setBreakpoints: { setsBreakpoints: true },
  setFunctionBreakpoints: { capability: 'supportsFunctionBreakpoints' },
  setExceptionBreakpoints: {},
  setInstructionBreakpoints: { capability: 'supportsInstructionBreakpoints', setsBreakpoints: true },
  disassemble: { capability: 'supportsDisassembleRequest' },
  configurationDone: { capability: 'supportsConfigurationDoneRequest' },
  source: {},
  threads: {},
  stackTrace: {},
  scopes: {},
  variables: {},
  evaluate: {},
  continue: { resumes: true, inDump: 'refused' },
  next: { resumes: true, inDump: 'refused' },
  stepIn: { resumes: true, inDump: 'refused' },
  stepOut: { resumes: true, inDump: 'refused' },
  stepBack: { capability: 'supportsStepBack', ...stepBack },
  reverseContinue: { capability: 'supportsStepBack', ...stepBack },
  stepInTargets: { capability: 'supportsStepInTargetsRequest' },
  restartFrame: { capability: 'supportsRestartFrame', ...stepBack },
  cancel: { capability: 'supportsCancelRequest', holdsEvents: true },
  pause: { holdsEvents: true },
  exceptionInfo: { capability: 'supportsExceptionInfoRequest' },
  dataBreakpointInfo: { capability: 'supportsDataBreakpoints', inDump: 'hidden' },
  setDataBreakpoints: { capability: 'supportsDataBreakpoints', inDump: 'hidden' },
  setVariable: { capability: 'supportsSetVariable', changesState: true, inDump: 'refused' },
  setExpression: { capability: 'supportsSetExpression', changesState: true, inDump: 'refused' },
  readMemory: { capability: 'supportsReadMemoryRequest' },
  writeMemory: { capability: 'supportsWriteMemoryRequest', changesState: true, inDump: 'refused' },
  completions: { capability: 'supportsCompletionsRequest' },
} as const satisfies Readonly<Record<string, RequestProperties>>;

/** The `bir/*` requests of contract/requests.ts (which declares their arguments and bodies), one entry each. */
const BIR_REQUESTS = {
  'bir/setFrames': {},
  'bir/setNodeBreakpoints': { setsBreakpoints: true },
  'bir/nodeBreakpoints': { forwarded: true },
  'bir/graph': { forwarded: true },
  'bir/passGraphs': { forwarded: true },
  'bir/passGraph': { forwarded: true },
  'bir/nextPass': { forwarded: true, resumes: true },
  'bir/stepBackInto': { forwarded: true, ...stepBack },
  'bir/stepBackOut': { forwarded: true, ...stepBack },
  'bir/goto': { forwarded: true, ...stepBack },
  'bir/history': { forwarded: true },
  'bir/why': { forwarded: true },
  'bir/tensor': { forwarded: true },
  'bir/tensorDivergence': { forwarded: true },
  'bir/memoryMap': { forwarded: true },
  'bir/functionRuns': { forwarded: true },
  'bir/setPassBreakpoints': { forwarded: true },
  'bir/timeline': { forwarded: true },
} as const satisfies { readonly [C in BirCommand]: RequestProperties };

export const REQUESTS = { ...DAP_REQUESTS, ...BIR_REQUESTS };

type Requests = typeof REQUESTS;
export type Command = keyof Requests;
export type DapCommand = keyof typeof DAP_REQUESTS;

/** The commands whose entry has `property` set to `value`. */
type CommandsWith<K extends keyof RequestProperties, V> = { [C in Command]: Requests[C] extends { readonly [P in K]: V } ? C : never }[Command];

/** The requests the engine answers as they are; the session has a handler for every other one. */
export type ForwardedCommand = CommandsWith<'forwarded', true>;
export type SessionCommand = Exclude<Command, ForwardedCommand>;
/** The `bir/*` requests the session translates into engine requests of their own. */
export type TranslatedBirCommand = Extract<SessionCommand, BirCommand>;

/** The capabilities of the requests, as the entries name them. */
export type RequestCapability = { [C in Command]: Requests[C] extends { readonly capability: infer K } ? K : never }[Command];

export function isCommand(command: string): command is Command {
  return Object.prototype.hasOwnProperty.call(REQUESTS, command);
}

/** What a request does; nothing for a command the session does not answer. */
export function propertiesOf(command: string): RequestProperties {
  return isCommand(command) ? REQUESTS[command] : {};
}

/** The commands whose entry passes `test`. */
export function commandsWhere(test: (properties: RequestProperties) => boolean): ReadonlySet<string> {
  return new Set(Object.entries(REQUESTS as Readonly<Record<Command, RequestProperties>>).filter(([, p]) => test(p)).map(([c]) => c));
}

/** Every capability a request depends on, once each: what initialize announces of the requests. */
export const REQUEST_CAPABILITIES: readonly RequestCapability[] = capabilitiesWhere(() => true);

/** What a post-mortem dump takes back from the client: the capabilities of what it refuses or hides. */
export const CAPABILITIES_NOT_IN_A_DUMP: readonly RequestCapability[] = capabilitiesWhere((p) => p.inDump !== undefined);

function capabilitiesWhere(test: (properties: RequestProperties) => boolean): RequestCapability[] {
  const all = Object.values(REQUESTS as Readonly<Record<Command, RequestProperties>>).filter(test).map((p) => p.capability as RequestCapability | undefined);
  return [...new Set(all.filter((c) => c !== undefined))];
}

/** Why a session of a post-mortem dump refuses the request, as the refusal says it; undefined when the dump serves it. */
export function refusalInADump(command: Command): 'cannot run' | 'cannot be changed' | undefined {
  const p: RequestProperties = REQUESTS[command];
  if (p.inDump !== 'refused') return undefined;
  return p.changesState ? 'cannot be changed' : 'cannot run';
}

/** Whether a request moves through the recorded past (time travel refuses it when there is no history). */
export function needsHistory(command: Command): boolean {
  const p: RequestProperties = REQUESTS[command];
  return p.needsHistory === true;
}
