/** The adapter's custom requests from the extension's side, typed by their one declaration (contract/requests.ts). */
import type * as vscode from 'vscode';
import type { BirArguments, BirBody, BirCommand } from '../contract/requests';

export function birRequest<C extends BirCommand>(session: vscode.DebugSession, command: C, args: BirArguments<C>): Promise<BirBody<C>> {
  return Promise.resolve(session.customRequest(command, args));
}
