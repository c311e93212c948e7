/**
 * Activation: wires the adapter factory, configurations, providers, the CodeLens of function runs, commands, the language server's client and its pass documents, the graph view, time
 * travel, the marks of data breakpoints' accesses, the tensor view, the timeline view, the walkthrough (opened beside the editor on the first activation), Compare Runs, Bisect Passes and the agent tools. No
 * debugging logic.
 */
import * as vscode from 'vscode';
import { AccessMarksOf, registerAccessMarks } from './access-mark';
import { registerAdapterFactory } from './adapter-factory';
import { registerAgentTools } from './agent-tools';
import { registerCommands } from './commands';
import { registerCompareRuns } from './compare-runs';
import { registerBisectPasses } from './bisect-passes';
import { registerConfigurations } from './configuration';
import { registerFunctionRunsLenses } from './function-runs-lens';
import { registerGraphPanel } from './graph-panel';
import { registerLanguageClient } from './language-client';
import { registerValuesAtStop } from './values-at-stop';
import { registerOpenDump } from './open-dump';
import { registerPassDocuments } from './pass-document';
import { evaluatableExpression, registerProviders } from './providers';
import { registerTensorPanel } from './tensor-panel';
import { registerTimelinePanel } from './timeline-panel';
import { registerTimeTravel } from './time-travel';
import { registerWalkthrough } from './walkthrough';

/** What the extension offers other extensions (and its tests). */
export interface BirDebuggerApi {
  evaluatableExpression(doc: vscode.TextDocument, position: vscode.Position): vscode.EvaluatableExpression | undefined;
  /** The lines of a file marked as a data breakpoint's access at the current stops. */
  accessMarks: AccessMarksOf;
}

export function activate(context: vscode.ExtensionContext): BirDebuggerApi {
  const log = vscode.window.createOutputChannel('BIR Debugger', { log: true });
  context.subscriptions.push(log);
  registerAdapterFactory(context, log);
  registerConfigurations(context);
  registerProviders(context);
  registerFunctionRunsLenses(context);
  registerCommands(context);
  const client = registerLanguageClient(context);
  registerPassDocuments(context, client);
  registerValuesAtStop(context, client);
  registerGraphPanel(context);
  registerTimeTravel(context);
  registerTensorPanel(context);
  registerTimelinePanel(context);
  registerWalkthrough(context);
  registerOpenDump(context);
  registerCompareRuns(context);
  registerBisectPasses(context);
  registerAgentTools(context);
  const accessMarks = registerAccessMarks(context);
  return { evaluatableExpression, accessMarks };
}

export function deactivate(): void {
  // Everything registered is disposed through the context's subscriptions.
}
