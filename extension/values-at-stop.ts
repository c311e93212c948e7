/**
 * The values at line ends while a BIR session is stopped are the language server's inlay hints
 * (language/values-at-stop.ts): this tells the server where the frame selected in the Call Stack stands
 * (`bir/stopAt`, again at each stop and frame selection, `null` when the session runs or ends, or when the setting
 * `bir.inlayHints.valuesAtStop` is off) and answers its `bir/valuesAtStop` with the adapter's evaluation of each name
 * in that frame. VS Code's inline values are not provided for BIR: one source of values at line ends.
 */
import * as vscode from 'vscode';
import { LanguageClient, State } from 'vscode-languageclient/node';
import type { StopAtMethod, StopAtParams, ValuesAtStopMethod, ValuesAtStopParams, ValuesAtStopResult } from '../contract/language-requests';
import { stoppedFrame } from './stopped-frame';

const SETTING = 'inlayHints.valuesAtStop';

/** Where a frame stands: its source and 1-based line, as the adapter said in its last stack traces. */
interface FramePlace { readonly path: string; readonly line: number }

/**
 * The places of the frames of each session's stop, read from the adapter's answers to VS Code's own `stackTrace`
 * requests (a request of this file's own would number the frames again), forgotten at the next stop.
 */
class FramePlaces {
  private readonly places = new Map<string, Map<number, FramePlace>>();

  tracker(session: vscode.DebugSession): vscode.DebugAdapterTracker {
    return {
      onDidSendMessage: (m: { type?: string; event?: string; command?: string; body?: { stackFrames?: { id: number; line: number; source?: { path?: string } }[] } }) => {
        if (m.type === 'event' && m.event === 'stopped') this.places.delete(session.id);
        if (m.type !== 'response' || m.command !== 'stackTrace') return;
        const frames = this.places.get(session.id) ?? new Map<number, FramePlace>();
        for (const f of m.body?.stackFrames ?? []) if (f.source?.path) frames.set(f.id, { path: f.source.path, line: f.line });
        this.places.set(session.id, frames);
      },
    };
  }

  forget(session: vscode.DebugSession): void {
    this.places.delete(session.id);
  }

  /** The frame selected in the Call Stack, as `bir/stopAt` says it (null while nothing of a BIR session is selected). */
  selected(): StopAtParams['stop'] {
    const stop = stoppedFrame();
    if (!stop || !vscode.workspace.getConfiguration('bir').get<boolean>(SETTING, true)) return null;
    const place = this.places.get(stop.session.id)?.get(stop.frameId);
    if (!place) return null;
    const uri = place.path.includes('://') ? vscode.Uri.parse(place.path) : vscode.Uri.file(place.path);
    return { uri: uri.toString(), line: place.line - 1 };
  }
}

async function valuesAtStop(p: ValuesAtStopParams): Promise<ValuesAtStopResult> {
  const stop = stoppedFrame();
  const expressions = Array.isArray(p?.expressions) ? p.expressions : [];
  const values = await Promise.all(expressions.map(async (expression) => {
    if (!stop || typeof expression !== 'string') return null;
    try {
      const answer = (await stop.session.customRequest('evaluate', { expression, frameId: stop.frameId, context: 'watch' })) as { result: string };
      return answer.result;
    } catch {
      return null; // a name the frame does not have: no value at its line's end
    }
  }));
  return { values };
}

export function registerValuesAtStop(context: vscode.ExtensionContext, client: LanguageClient): void {
  const places = new FramePlaces();
  const send = (): void => {
    if (client.state === State.Running) void client.sendNotification('bir/stopAt' satisfies StopAtMethod, { stop: places.selected() } satisfies StopAtParams);
  };
  client.onRequest('bir/valuesAtStop' satisfies ValuesAtStopMethod, valuesAtStop);
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterTrackerFactory('bir', { createDebugAdapterTracker: (session) => places.tracker(session) }),
    vscode.debug.onDidChangeActiveStackItem(send),
    vscode.debug.onDidTerminateDebugSession((session) => {
      places.forget(session);
      send();
    }),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration(`bir.${SETTING}`)) send();
    }),
  );
}
