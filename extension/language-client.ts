/**
 * Starts the BIR language server (dist/language-server.js, the file nvim and other editors start with `--stdio`) for
 * .bir files: Problems, navigation, the Outline and what else it serves come from it, not from the extension.
 */
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';

export function registerLanguageClient(context: vscode.ExtensionContext): LanguageClient {
  const module = context.asAbsolutePath('dist/language-server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'bir' }],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.bir'), configurationSection: 'bir' },
  };
  const client = new LanguageClient('bir', 'BIR Language Server', serverOptions, clientOptions);
  void client.start();
  context.subscriptions.push({ dispose: () => void client.stop() });
  return client;
}
