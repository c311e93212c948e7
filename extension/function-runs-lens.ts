/**
 * A CodeLens above each function while a BIR session is stopped: how many times it has run up to the stop
 * (`bir/functionRuns`, the engine's count of activations) and, once the session's timeline has scheduled the program,
 * its modelled time over the whole run; asked again at each stop and frame selection, gone when the session ends.
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
      const time = f.time ? `; ${timeText(f.time.ns)} on ${f.time.machine}: the engine time of its instructions over the whole run in the timeline's cost model, ${percentText(f.time.share)} of all the instructions'` : '';
      return new vscode.CodeLens(range, { title: lensTitle(f), command: '', tooltip: `${f.name}: activations started up to this stop, on every core (a call the inline pass inlined runs in its caller)${time}` });
    });
  }

  dispose(): void {
    this.changed.dispose();
  }
}

/** `ran 12 times up to this stop`, and once the timeline has scheduled the run, `· 3.4 µs on trn2 (18% of the kernel)`. */
export function lensTitle(f: Pick<FunctionRuns, 'runs' | 'time'>): string {
  const runs = f.runs === 0 ? 'not run yet' : `ran ${f.runs.toLocaleString('en-US')} ${f.runs === 1 ? 'time' : 'times'} up to this stop`;
  return f.time ? `${runs} · ${timeText(f.time.ns)} on ${f.time.machine} (${percentText(f.time.share)} of the kernel)` : runs;
}

function timeText(ns: number): string {
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(1)} µs`;
  return `${ns.toFixed(0)} ns`;
}

function percentText(share: number): string {
  const p = share * 100;
  return p > 0 && p < 1 ? '<1%' : `${p.toFixed(0)}%`;
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
