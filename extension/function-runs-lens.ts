/**
 * A CodeLens above each function while a BIR session is stopped: how many times it has run up to the stop
 * (`bir/functionRuns`, the engine's count of activations), asked again at each stop and frame selection, gone when the
 * session ends.
 */
import * as vscode from 'vscode';
import type { FunctionRuns } from '../contract/requests';
import { birRequest } from './bir-requests';
import { stoppedFrame } from './stopped-frame';

class FunctionRunsLenses implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  /** The answer of the stop being shown, asked once for every editor that shows lenses. */
  private answer?: { readonly session: string; readonly runs: Promise<FunctionRuns[]> };

  /** A stop, a frame selected, a session ended: the counts are asked again. */
  refresh(): void {
    this.answer = undefined;
    this.changed.fire();
  }

  async provideCodeLenses(doc: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const stop = stoppedFrame();
    if (!stop || doc.uri.scheme !== 'file') return [];
    if (this.answer?.session !== stop.session.id) {
      this.answer = { session: stop.session.id, runs: birRequest(stop.session, 'bir/functionRuns', {}).then((b) => b.functions, () => []) };
    }
    const runs = await this.answer.runs;
    return runs.filter((f) => f.path === doc.uri.fsPath && f.line >= 1 && f.line <= doc.lineCount).map((f) => {
      const range = new vscode.Range(f.line - 1, 0, f.line - 1, 0);
      return new vscode.CodeLens(range, { title: lensTitle(f.runs), command: '', tooltip: `${f.name}: activations started up to this stop, on every core (a call the inline pass inlined runs in its caller)` });
    });
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function lensTitle(runs: number): string {
  if (runs === 0) return 'not run yet';
  return `ran ${runs.toLocaleString('en-US')} ${runs === 1 ? 'time' : 'times'} up to this stop`;
}

export function registerFunctionRunsLenses(context: vscode.ExtensionContext): void {
  const lenses = new FunctionRunsLenses();
  context.subscriptions.push(
    lenses,
    vscode.languages.registerCodeLensProvider({ language: 'bir', scheme: 'file' }, lenses),
    vscode.debug.onDidChangeActiveStackItem(() => lenses.refresh()),
    vscode.debug.onDidTerminateDebugSession(() => lenses.refresh()),
  );
}
