/**
 * The debug adapter runs inline in the extension host; its engine runs in a worker from the extension's dist/, one of
 * which is kept loaded in reserve so that F5 does not wait for it.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import { BirDebugSession } from '../adapter/session';
import { SpareEngines } from '../engine/host/spare-engines';
import { WorkerEngine } from '../engine/host/worker-engine';
import { showProgramErrors } from './diagnostics';

export function registerAdapterFactory(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  const workerScript = path.join(context.extensionPath, 'dist', 'engine-worker.js');
  const engines = new SpareEngines(() => new WorkerEngine(workerScript));
  context.subscriptions.push(
    { dispose: () => void engines.dispose() },
    vscode.debug.registerDebugAdapterDescriptorFactory('bir', {
      createDebugAdapterDescriptor() {
        const session = new BirDebugSession({ createEngine: () => engines.take(), trace: (line) => log.info(line), showProgramErrors });
        return new vscode.DebugAdapterInlineImplementation(session);
      },
    }),
  );
}
