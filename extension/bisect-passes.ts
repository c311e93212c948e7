/**
 * BIR: Bisect Passes…: asks for the passes and what the outputs are compared with (the program without passes, or a
 * folder of .npy references), and starts a debug session with the launch attribute bisect, which the engine bisects
 * at launch. Progress shows until the session's `bir/bisect` event; its verdict is shown, and with a culprit the graph
 * view is opened on the session, stopped at the pipeline snapshot after the culprit rewrite.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { PASS_NAMES } from '../adapter/launch-config';
import type { BisectEvent } from '../contract/bisection';
import { birEventBody } from './bir-requests';

/** What a caller (a test, a keybinding) gives instead of the quick picks. */
export interface BisectChoice {
  readonly passes: readonly string[];
  readonly reference?: string;
}

export function registerBisectPasses(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.commands.registerCommand('bir.bisectPasses', (uri?: vscode.Uri, choice?: BisectChoice) => bisectPasses(uri, choice)));
}

/** The verdict, once the session has given it; undefined when no session started or it ended without one. */
async function bisectPasses(uri: vscode.Uri | undefined, given: BisectChoice | undefined): Promise<BisectEvent | undefined> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target || target.scheme !== 'file' || !target.fsPath.endsWith('.bir')) {
    void vscode.window.showWarningMessage('BIR: Bisect Passes needs a .bir file: open one, or run the command from its editor.');
    return undefined;
  }
  const choice = given ?? (await pickBisection(target));
  if (!choice) return undefined;
  const file = target.fsPath;
  const config: vscode.DebugConfiguration = {
    type: 'bir', request: 'launch', name: `Bisect ${path.basename(file)} (${choice.passes.join(', ')})`, program: file, passes: [...choice.passes],
    bisect: choice.reference ? { reference: choice.reference } : {},
  };
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `BIR: bisecting the passes ${choice.passes.join(', ')} of ${path.basename(file)}…` }, async () => {
    const answer = verdictOfNextSession();
    if (!(await vscode.debug.startDebugging(vscode.workspace.getWorkspaceFolder(target), config))) return undefined;
    const { session, body } = await answer;
    if (body) await show(session, body);
    return body;
  });
}

/** The `bir/bisect` event of the next BIR session, or its end without one. */
function verdictOfNextSession(): Promise<{ session?: vscode.DebugSession; body?: BisectEvent }> {
  return new Promise((resolve) => {
    const subs: vscode.Disposable[] = [];
    const done = (r: { session?: vscode.DebugSession; body?: BisectEvent }): void => {
      for (const s of subs) s.dispose();
      resolve(r);
    };
    subs.push(
      vscode.debug.onDidReceiveDebugSessionCustomEvent((e) => {
        const body = birEventBody(e, 'bir/bisect');
        if (body) done({ session: e.session, body });
      }),
      vscode.debug.onDidTerminateDebugSession((s) => {
        if (s.type === 'bir' && typeof s.configuration.bisect === 'object') done({ session: s });
      }),
    );
  });
}

/** The verdict in a notification; with a culprit, the graph view on the snapshot after it (where the session stops). */
async function show(session: vscode.DebugSession | undefined, body: BisectEvent): Promise<void> {
  if (body.verdict !== 'culprit' || !session || body.snapshot === undefined) {
    void vscode.window.showInformationMessage(`BIR: Bisect Passes: ${body.message}`);
    return;
  }
  void vscode.window.showWarningMessage(`BIR: Bisect Passes: ${body.message} Opened the graph view on snapshot ${body.snapshot}, the program after the rewrite: what it changed is marked; Continue runs that program.`);
  await vscode.commands.executeCommand('bir.showGraphView');
}

/** The passes (in pipeline order), then what to compare the outputs with. */
async function pickBisection(target: vscode.Uri): Promise<BisectChoice | undefined> {
  const passes = await vscode.window.showQuickPick(PASS_NAMES.map((p) => ({ label: p, picked: true })), { title: `BIR: Bisect Passes of ${path.basename(target.fsPath)}: the pipeline, in order`, canPickMany: true });
  if (!passes?.length) return undefined;
  const against = await vscode.window.showQuickPick([
    { label: '$(file-code) The program without passes', detail: 'the outputs bit for bit against those of the program as written', folder: false },
    { label: '$(folder) A folder of reference .npy files…', detail: 'NAME.npy for every output tensor', folder: true },
  ], { title: 'BIR: Bisect Passes: compare the outputs with' });
  if (!against) return undefined;
  const names = passes.map((p) => p.label);
  if (!against.folder) return { passes: names };
  const folder = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: false, defaultUri: vscode.Uri.file(path.dirname(target.fsPath)), openLabel: 'Compare with' });
  return folder?.[0] ? { passes: names, reference: folder[0].fsPath } : undefined;
}
