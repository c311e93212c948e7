/** Waiting on VS Code events with a limit, and watching what a BIR debug adapter sends. */
import * as path from 'path';
import * as vscode from 'vscode';

/** Resolves with the first event that satisfies the predicate; rejects after `ms` with what was awaited. */
export function waitFor<T>(event: vscode.Event<T>, predicate: (e: T) => boolean, what: string, ms = 60000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sub.dispose();
      reject(new Error(`timed out after ${ms} ms waiting for ${what}`));
    }, ms);
    const sub = event((e) => {
      if (!predicate(e)) return;
      clearTimeout(timer);
      sub.dispose();
      resolve(e);
    });
  });
}

export interface AdapterMessage {
  readonly type: string;
  readonly event?: string;
  readonly command?: string;
  readonly body?: Record<string, unknown>;
}

/** Every message the bir adapters send, as an event: stops and exits are awaited through it. */
export const adapterMessages = new vscode.EventEmitter<{ session: vscode.DebugSession; message: AdapterMessage }>();

/** The last messages the adapters sent, told when a wait for an event times out. */
const recent: string[] = [];
const RECENT = 20;

export function trackAdapters(): vscode.Disposable {
  return vscode.debug.registerDebugAdapterTrackerFactory('bir', {
    createDebugAdapterTracker(session) {
      return {
        onDidSendMessage: (message: AdapterMessage) => {
          recent.push(JSON.stringify(message).slice(0, 240));
          if (recent.length > RECENT) recent.shift();
          adapterMessages.fire({ session, message });
        },
      };
    },
  });
}

export function nextEvent(name: string, what = `the '${name}' event`, ms?: number): Promise<{ session: vscode.DebugSession; message: AdapterMessage }> {
  return waitFor(adapterMessages.event, (e) => e.message.type === 'event' && e.message.event === name, what, ms).catch((e: Error) => {
    throw new Error(`${e.message}; the adapters' last messages:\n${recent.join('\n')}`);
  });
}

export function workspaceFile(...parts: string[]): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the suite needs a workspace folder (the harness opens a copy of examples/)');
  return vscode.Uri.file(path.join(folder.uri.fsPath, ...parts));
}

export async function openInEditor(uri: vscode.Uri): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(uri);
  return vscode.window.showTextDocument(doc);
}

/** The 1-based line of the first line of a document that contains `text`. */
export function lineOf(doc: vscode.TextDocument, text: string): number {
  for (let i = 0; i < doc.lineCount; i++) if (doc.lineAt(i).text.includes(text)) return i + 1;
  throw new Error(`'${text}' is not in ${doc.uri.fsPath}`);
}

export async function stopAllSessions(): Promise<void> {
  while (vscode.debug.activeDebugSession) {
    const session = vscode.debug.activeDebugSession;
    const ended = waitFor(vscode.debug.onDidTerminateDebugSession, (s) => s.id === session.id, 'the session to end', 20000);
    await vscode.debug.stopDebugging(session);
    await ended;
  }
}
