/**
 * The adapter's custom requests and events from the extension's side, typed by their one declaration
 * (contract/requests.ts, contract/stops.ts).
 */
import type * as vscode from 'vscode';
import type { BirArguments, BirBody, BirCommand } from '../contract/requests';
import type { BirEvents } from '../contract/stops';

export function birRequest<C extends BirCommand>(session: vscode.DebugSession, command: C, args: BirArguments<C>): Promise<BirBody<C>> {
  return Promise.resolve(session.customRequest(command, args));
}

/** The body of a custom event of a BIR session when it is the event named, else undefined. */
export function birEventBody<E extends keyof BirEvents>(e: vscode.DebugSessionCustomEvent, event: E): BirEvents[E] | undefined {
  return e.session.type === 'bir' && e.event === event ? e.body : undefined;
}
