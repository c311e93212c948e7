/** Commands of the palette (category BIR) and the status bar item that shows the frames setting while debugging. */
import * as vscode from 'vscode';
import type { FramesMode } from '../contract/requests';
import { birRequest } from './bir-requests';
import { fileConfiguration } from './configuration';


export function registerCommands(context: vscode.ExtensionContext): void {
  const frames = new Map<string, FramesMode>();
  const status = vscode.window.createStatusBarItem(vscode.StatusBarAlignment.Left, 50);
  status.command = 'bir.toggleSubgraphFrames';
  status.tooltip = 'BIR: Toggle Subgraph Frames';
  const show = (): void => {
    const session = vscode.debug.activeDebugSession;
    if (session?.type !== 'bir') return status.hide();
    const mode = frames.get(session.id) ?? ((session.configuration.frames as FramesMode | undefined) ?? 'functions');
    status.text = `$(list-tree) BIR frames: ${mode}`;
    status.show();
  };

  context.subscriptions.push(
    status,
    vscode.debug.onDidChangeActiveDebugSession(show),
    vscode.debug.onDidStartDebugSession(show),
    vscode.debug.onDidTerminateDebugSession((s) => {
      frames.delete(s.id);
      show();
    }),
    vscode.commands.registerCommand('bir.toggleSubgraphFrames', async () => {
      const session = vscode.debug.activeDebugSession;
      if (session?.type !== 'bir') {
        void vscode.window.showWarningMessage('BIR: Toggle Subgraph Frames works in a BIR debug session.');
        return undefined;
      }
      const current = frames.get(session.id) ?? ((session.configuration.frames as FramesMode | undefined) ?? 'functions');
      const next: FramesMode = current === 'functions' ? 'subgraphs' : 'functions';
      const answer = await birRequest(session, 'bir/setFrames', { frames: next });
      frames.set(session.id, answer.frames);
      show();
      return answer.frames;
    }),
    vscode.commands.registerCommand('bir.runFile', (uri?: vscode.Uri) => start(uri, true)),
    vscode.commands.registerCommand('bir.debugFile', (uri?: vscode.Uri) => start(uri, false)),
  );
  show();
}

async function start(uri: vscode.Uri | undefined, noDebug: boolean): Promise<boolean> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri;
  if (!target || !target.fsPath.endsWith('.bir')) {
    void vscode.window.showWarningMessage(`BIR: ${noDebug ? 'Run' : 'Debug'} File needs a .bir file in the editor.`);
    return false;
  }
  const folder = vscode.workspace.getWorkspaceFolder(target);
  return vscode.debug.startDebugging(folder, fileConfiguration(target.fsPath, noDebug), { noDebug });
}
