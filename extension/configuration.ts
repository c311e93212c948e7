/**
 * F5 and Ctrl+F5 without a launch.json, the configurations "create a launch.json file" writes, the dynamic "Debug
 * BIR File" / "Run BIR File" configurations, and the check of a program before its launch.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { INITIAL_CONFIGURATIONS } from './initial-configurations';
import { dumpProblem } from '../adapter/launch-config';

export function registerConfigurations(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.debug.registerDebugConfigurationProvider('bir', new InitialProvider(), vscode.DebugConfigurationProviderTriggerKind.Initial),
    vscode.debug.registerDebugConfigurationProvider('bir', new DynamicProvider(), vscode.DebugConfigurationProviderTriggerKind.Dynamic),
  );
}

function activeBirFile(): string | undefined {
  const doc = vscode.window.activeTextEditor?.document;
  return doc && doc.languageId === 'bir' && doc.uri.scheme === 'file' ? doc.uri.fsPath : undefined;
}

export function fileConfiguration(file: string, noDebug: boolean): vscode.DebugConfiguration {
  return { type: 'bir', request: 'launch', name: `${noDebug ? 'Run' : 'Debug'} ${path.basename(file)}`, program: file, ...(noDebug ? { noDebug: true } : {}) };
}

class InitialProvider implements vscode.DebugConfigurationProvider {
  provideDebugConfigurations(): vscode.DebugConfiguration[] {
    return INITIAL_CONFIGURATIONS.map((c) => ({ ...c }) as vscode.DebugConfiguration);
  }

  /**
   * An empty configuration is F5 (or Ctrl+F5, which VS Code marks noDebug) with no launch.json: debug, or run, the
   * active .bir file.
   */
  resolveDebugConfiguration(_folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration): vscode.DebugConfiguration | undefined {
    if (!config.type && !config.request && !config.name) {
      const file = activeBirFile();
      if (!file) {
        void vscode.window.showInformationMessage('Open a .bir file to debug it, or add a "bir" configuration to launch.json.');
        return undefined;
      }
      return fileConfiguration(file, config.noDebug === true);
    }
    if (config.program === undefined && config.dump === undefined) {
      const file = activeBirFile();
      if (file) config.program = file;
    }
    return config;
  }

  /**
   * A dump that cannot be opened does not start. A program's errors are found by the launch itself (one check, in the
   * engine's worker, with its progress: checking here too would block the extension host for as long again on a
   * compiled model), and named in a notification that opens Problems (adapter-factory.ts).
   */
  resolveDebugConfigurationWithSubstitutedVariables(folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration): vscode.DebugConfiguration | undefined {
    // The Debug Console links paths relative to the workspace folder: the adapter writes them so.
    const root = folder ?? vscode.workspace.workspaceFolders?.[0];
    if (config.cwd === undefined && root?.uri.scheme === 'file') config.cwd = root.uri.fsPath;
    if (typeof config.dump === 'string' && config.dump !== '') return checkedDump(config);
    return config;
  }
}

/** A dump that cannot be opened is named in a notification; the launch would put up a modal dialog. */
function checkedDump(config: vscode.DebugConfiguration): vscode.DebugConfiguration | undefined {
  const problem = dumpProblem(path.resolve(config.dump as string));
  if (!problem) return config;
  void vscode.window.showErrorMessage(`BIR: cannot open the dump: ${problem}`);
  return undefined;
}

class DynamicProvider implements vscode.DebugConfigurationProvider {
  provideDebugConfigurations(): vscode.DebugConfiguration[] {
    const file = activeBirFile();
    const program = file ?? '${file}';
    return [
      { type: 'bir', request: 'launch', name: 'Debug BIR File', program },
      { type: 'bir', request: 'launch', name: 'Run BIR File', program, noDebug: true },
    ];
  }
}
