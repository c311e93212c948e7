/**
 * Starts the BIR language server (dist/language-server.js, the file nvim and other editors start with `--stdio`) for
 * .bir files: Problems, navigation, the Outline and what else it serves come from it, not from the extension; its
 * hover gets the value at the stop while a BIR session is stopped (hover-value.ts).
 */
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { hoverWithValue } from './hover-value';

export function registerLanguageClient(context: vscode.ExtensionContext): LanguageClient {
  const module = context.asAbsolutePath('dist/language-server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: ['--nolazy', '--inspect=6010'] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ scheme: 'file', language: 'bir' }],
    synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.bir'), configurationSection: 'bir' },
    // While a BIR session is stopped, the value under the pointer joins the server's hover: one hover with both.
    middleware: { provideHover: hoverWithValue },
  };
  const client = new LanguageClient('bir', 'BIR Language Server', serverOptions, clientOptions);
  void client.start();
  context.subscriptions.push({ dispose: () => void client.stop() });
  return client;
}
