/**
 * The requests the extension's views follow in a session's messages, from the request table
 * (engine/protocol/request-table.ts): the extension reaches the engine's protocol only through the adapter.
 */
import { commandsWhere } from '../engine/protocol/request-table';

/** Requests after which the program runs (or moves through time) until the next stop: a view then waits for it. */
export const RESUMING = commandsWhere((p) => p.resumes === true);

/** Requests after which the breakpoints bound node by node may differ: the graph view marks its nodes again. */
export const SETS_BREAKPOINTS = commandsWhere((p) => p.setsBreakpoints === true);
