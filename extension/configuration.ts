/** F5 without a launch.json, the dynamic "Debug BIR File" / "Run BIR File" configurations, and the snippets' defaults. */
import * as path from 'path';
import * as vscode from 'vscode';

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
    return [{ type: 'bir', request: 'launch', name: 'Debug BIR File', program: '${file}' }];
  }

  /** An empty configuration is F5 with no launch.json: debug the active .bir file. */
  resolveDebugConfiguration(_folder: vscode.WorkspaceFolder | undefined, config: vscode.DebugConfiguration): vscode.DebugConfiguration | undefined {
    if (!config.type && !config.request && !config.name) {
      const file = activeBirFile();
      if (!file) {
        void vscode.window.showInformationMessage('Open a .bir file to debug it, or add a "bir" configuration to launch.json.');
        return undefined;
      }
      return fileConfiguration(file, false);
    }
    if (config.program === undefined) {
      const file = activeBirFile();
      if (file) config.program = file;
    }
    return config;
  }
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
