/**
 * The agent tools as VS Code language-model tools (agent mode, and any extension's vscode.lm.invokeTool): each tool of
 * engine/agent's list registered under its name, whose package.json entry a test holds equal to the list. The tools
 * run their own sessions, each on an engine in a worker, with paths relative to the first workspace folder; while one
 * exists the context key `bir.agentSession` is set, which the `when` clauses of the tools that need it read. Tools
 * that change or resume a session ask the user first (the setting bir.agentTools.confirmChanges turns that off).
 */
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import { AgentTools } from '../engine/agent/agent-tools';
import { preparedInvocation, SESSION_CONTEXT_KEY, TOOL_LIST } from '../engine/agent/tool-list';
import type { ToolName } from '../engine/agent/tool-schemas';
import { WorkerEngine } from '../engine/host/worker-engine';

export function registerAgentTools(context: vscode.ExtensionContext): void {
  const workerScript = path.join(context.extensionPath, 'dist', 'engine-worker.js');
  const tools = new AgentTools({
    createEngine: () => new WorkerEngine(workerScript),
    root: vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir(),
    onSession: (active) => void vscode.commands.executeCommand('setContext', SESSION_CONTEXT_KEY, active),
  });
  context.subscriptions.push({ dispose: () => void tools.dispose() });
  for (const tool of TOOL_LIST) context.subscriptions.push(vscode.lm.registerTool(tool.name, languageModelTool(tools, tool.name)));
}

function languageModelTool(tools: AgentTools, name: ToolName): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation(options) {
      const confirm = vscode.workspace.getConfiguration('bir.agentTools').get<boolean>('confirmChanges', true);
      const prepared = preparedInvocation(name, options.input, confirm);
      const c = prepared.confirmation;
      return { invocationMessage: prepared.invocationMessage, ...(c ? { confirmationMessages: { title: c.title, message: new vscode.MarkdownString(c.message) } } : {}) };
    },
    async invoke(options) {
      const answer = await tools.call(name, options.input);
      // VS Code tells the model a tool's failure by the error's message: it says what to do instead.
      if (answer.isError) throw new Error(answer.text);
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.text)]);
    },
  };
}
