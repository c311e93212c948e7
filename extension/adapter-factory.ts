/** The debug adapter runs inline in the extension host; its engine runs in a worker from the extension's dist/. */
import * as path from 'path';
import * as vscode from 'vscode';
import { BirDebugSession } from '../adapter/session';
import { WorkerEngine } from '../engine/host/worker-engine';

export function registerAdapterFactory(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  const workerScript = path.join(context.extensionPath, 'dist', 'engine-worker.js');
  context.subscriptions.push(
    vscode.debug.registerDebugAdapterDescriptorFactory('bir', {
      createDebugAdapterDescriptor() {
        const session = new BirDebugSession({ createEngine: () => new WorkerEngine(workerScript), trace: (line) => log.info(line) });
        return new vscode.DebugAdapterInlineImplementation(session);
      },
    }),
  );
}
