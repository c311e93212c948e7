/**
 * BIR: Open Dump…: a post-mortem dump (bir-sim run --dump, the launch attribute dumpOnFault) opened as a debug
 * session stopped at its fault. The adapter restores the machine; here, the file is chosen and checked, so that a
 * damaged dump is named in a notification rather than in the modal dialog of a failed launch.
 */
import * as path from 'path';
import * as vscode from 'vscode';

export function registerOpenDump(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.commands.registerCommand('bir.openDump', (uri?: vscode.Uri) => openDump(uri)));
}

async function openDump(uri: vscode.Uri | undefined): Promise<boolean> {
  const file = uri ?? (await vscode.window.showOpenDialog({
    canSelectMany: false,
    openLabel: 'Open Dump',
    title: 'BIR: Open a post-mortem dump',
    filters: { 'BIR post-mortem dumps': ['birdump'], 'All files': ['*'] },
  }))?.[0];
  if (!file) return false;
  return vscode.debug.startDebugging(vscode.workspace.getWorkspaceFolder(file), dumpConfiguration(file.fsPath));
}

export function dumpConfiguration(file: string): vscode.DebugConfiguration {
  return { type: 'bir', request: 'launch', name: `Dump ${path.basename(file)}`, dump: file };
}
