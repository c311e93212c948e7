/**
 * BIR: Compare Runs…: asks for the second program (this one after a pass pipeline, or another .bir file of the
 * workspace) and starts a debug session with the launch attribute compareWith, which the engine opens stopped at the
 * first divergence. When the session's `bir/comparison` event hands over the other side's launch, side B is started
 * as a child session (stopped at its own write); when the runs do not differ, the event's verdict is shown.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { PASS_NAMES } from '../adapter/launch-config';
import { birEventBody } from './bir-requests';

/** What the command compares with, when a caller (a test, a keybinding) gives it instead of the quick picks. */
export interface CompareChoice {
  readonly program?: string;
  readonly passes?: readonly string[];
}

export function registerCompareRuns(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('bir.compareRuns', (uri?: vscode.Uri, choice?: CompareChoice) => compareRuns(uri, choice)),
    vscode.debug.onDidReceiveDebugSessionCustomEvent((e) => {
      const body = birEventBody(e, 'bir/comparison');
      if (!body || body.side !== 'a') return;
      if (body.otherSide) void vscode.debug.startDebugging(e.session.workspaceFolder, { ...body.otherSide } as vscode.DebugConfiguration, { parentSession: e.session, compact: false });
      else void vscode.window.showInformationMessage(`BIR: Compare Runs: ${body.message}`);
    }),
  );
}

async function compareRuns(uri: vscode.Uri | undefined, given: CompareChoice | undefined): Promise<boolean> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target || target.scheme !== 'file' || !target.fsPath.endsWith('.bir')) {
    void vscode.window.showWarningMessage('BIR: Compare Runs needs a .bir file: open one, or run the command from its editor.');
    return false;
  }
  const choice = given ?? (await pickOther(target));
  if (!choice) return false;
  const folder = vscode.workspace.getWorkspaceFolder(target);
  const file = target.fsPath;
  const inputs = launchInputs(folder, file);
  const other = choice.program ? path.basename(choice.program) : `${path.basename(file)} after ${choice.passes?.join(', ') || 'no passes'}`;
  const config: vscode.DebugConfiguration = {
    type: 'bir', request: 'launch', name: `A: ${path.basename(file)} (compared with ${other})`, program: file,
    ...(inputs ? { inputs } : {}),
    compareWith: { ...(choice.program ? { program: choice.program } : {}), ...(choice.passes ? { passes: [...choice.passes] } : {}) },
  };
  return vscode.debug.startDebugging(folder, config);
}

/** The quick picks: the other program, and the passes when it is this one after a pipeline. */
async function pickOther(target: vscode.Uri): Promise<CompareChoice | undefined> {
  const files = (await vscode.workspace.findFiles('**/*.bir', '**/node_modules/**', 500)).filter((f) => f.fsPath !== target.fsPath);
  const afterPasses = { label: '$(layers) This program after the pass pipeline…', detail: 'the program as written (A) against it after the passes you pick (B)', file: undefined as string | undefined };
  const items = [afterPasses, ...files.map((f) => ({ label: `$(file) ${vscode.workspace.asRelativePath(f)}`, detail: 'another program (B), on the same inputs', file: f.fsPath }))];
  const picked = await vscode.window.showQuickPick(items, { title: `BIR: Compare Runs: compare ${path.basename(target.fsPath)} (A) with`, placeHolder: 'the second program (B)', matchOnDetail: true });
  if (!picked) return undefined;
  if (picked.file) return { program: picked.file };
  const passes = await vscode.window.showQuickPick(PASS_NAMES.map((p) => ({ label: p, picked: true })), { title: 'BIR: Compare Runs: passes of B, in pipeline order', canPickMany: true });
  if (!passes?.length) return undefined;
  return { passes: passes.map((p) => p.label) };
}

/** The inputs of the first launch configuration of this program, if launch.json has one. */
function launchInputs(folder: vscode.WorkspaceFolder | undefined, file: string): Record<string, string> | undefined {
  const configs = vscode.workspace.getConfiguration('launch', folder).get<vscode.DebugConfiguration[]>('configurations') ?? [];
  const root = folder?.uri.fsPath ?? '';
  const programOf = (c: vscode.DebugConfiguration): string | undefined => (typeof c.program === 'string' ? path.resolve(root, c.program.replace('${workspaceFolder}', root)) : undefined);
  const mine = configs.find((c) => c.type === 'bir' && c.inputs && typeof c.inputs === 'object' && programOf(c) === file);
  if (!mine) return undefined;
  // The inputs are relative to their program, which is this one.
  return { ...(mine.inputs as Record<string, string>) };
}
