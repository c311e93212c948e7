/**
 * The capabilities the session announces: those of its requests, from the request table
 * (engine/protocol/request-table.ts), and what the requests support beyond being answered; and those a post-mortem
 * dump takes back from the client, and a run that can use them gives again.
 */
import { DebugProtocol as P } from '@vscode/debugprotocol';
import { EXCEPTION_FILTERS } from '../engine/protocol/types';
import { CAPABILITIES_NOT_IN_A_DUMP, REQUEST_CAPABILITIES } from '../engine/protocol/request-table';

/** The capabilities DAP defines as true or false; the table's entries name only those (the compiler checks it). */
type Flag = { [K in keyof P.Capabilities]-?: NonNullable<P.Capabilities[K]> extends boolean ? K : never }[keyof P.Capabilities];

const OF_REQUESTS: readonly Flag[] = REQUEST_CAPABILITIES;
const NOT_IN_A_DUMP: readonly Flag[] = CAPABILITIES_NOT_IN_A_DUMP;

/** What the requests do beyond being answered: conditions and log messages, hovers, granularity, lazy stacks. */
const FEATURES: P.Capabilities = {
  supportsConditionalBreakpoints: true,
  supportsHitConditionalBreakpoints: true,
  supportsLogPoints: true,
  supportsEvaluateForHovers: true,
  supportsClipboardContext: true,
  exceptionBreakpointFilters: EXCEPTION_FILTERS.map((f) => ({ filter: f.filter, label: f.label, description: f.description, default: f.default })),
  supportsSteppingGranularity: true,
  supportTerminateDebuggee: true,
  supportsDelayedStackTraceLoading: true,
  completionTriggerCharacters: ['[', ':', ','],
};

/** The answer to initialize. */
export function sessionCapabilities(): P.Capabilities {
  return { ...FEATURES, ...flags(OF_REQUESTS, true) };
}

/**
 * What a post-mortem dump cannot do, taken back from the client when one opens (VS Code then hides Step Back,
 * Reverse, Restart Frame, Set Value and data breakpoints), and given again when a run that can follows (a restart).
 */
export const CANNOT_IN_A_DUMP: P.Capabilities = flags(NOT_IN_A_DUMP, false);
export const CAN_IN_A_RUN: P.Capabilities = flags(NOT_IN_A_DUMP, true);

function flags(names: readonly Flag[], value: boolean): P.Capabilities {
  return Object.fromEntries(names.map((name) => [name, value]));
}
