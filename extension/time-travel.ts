/**
 * Time travel in the editor: the commands DAP has no button for (Step Back Into, Step Back Out, Go to Instruction
 * Count…, Go to Last Write), and the status bar item that shows where the run is in time at each stop. Step Back
 * and Reverse Continue are VS Code's own toolbar buttons (the adapter declares supportsStepBack).
 */
import * as vscode from 'vscode';
import { birEventBody, birRequest } from './bir-requests';

export function registerTimeTravel(context: vscode.ExtensionContext): void {
  const status = vscode.window.createStatusBarItem('bir.instructions', vscode.StatusBarAlignment.Left, 49);
  status.name = 'BIR: Instruction Count';
  status.command = 'bir.goToInstruction';
  const counts = new Map<string, number>();
  const show = (): void => {
    const session = vscode.debug.activeDebugSession;
    const n = session && counts.get(session.id);
    if (n === undefined) return status.hide();
    status.text = `$(history) instruction ${n.toLocaleString('en-US')}`;
    status.tooltip = `Instructions run (all cores together) at this stop: ${n.toLocaleString('en-US')}. Click to go to another instruction count.`;
    status.show();
  };

  context.subscriptions.push(
    status,
    vscode.debug.onDidReceiveDebugSessionCustomEvent((e) => {
      const body = birEventBody(e, 'bir/stopped');
      if (!body) return;
      if (body.instructions !== undefined) counts.set(e.session.id, body.instructions);
      show();
    }),
    vscode.debug.onDidChangeActiveDebugSession(show),
    vscode.debug.onDidTerminateDebugSession((s) => {
      counts.delete(s.id);
      show();
    }),
    vscode.commands.registerCommand('bir.stepBackInto', () => stepBack('bir/stepBackInto')),
    vscode.commands.registerCommand('bir.stepBackOut', () => stepBack('bir/stepBackOut')),
    vscode.commands.registerCommand('bir.goToInstruction', (n?: number) => goToInstruction(n, counts)),
    vscode.commands.registerCommand('bir.goToLastWrite', (arg?: VariableContext) => goToLastWrite(arg)),
  );
}

/** What VS Code passes to a command of the Variables view's context menu. */
interface VariableContext {
  readonly variable?: { readonly name?: string; readonly evaluateName?: string };
}

function birSession(what: string): vscode.DebugSession | undefined {
  const session = vscode.debug.activeDebugSession;
  if (session?.type === 'bir') return session;
  void vscode.window.showWarningMessage(`BIR: ${what} works in a BIR debug session.`);
  return undefined;
}

/** The thread of the selected stack item (the Call Stack's selection), else the first. */
function selectedThread(): number {
  const item = vscode.debug.activeStackItem;
  return item && 'threadId' in item ? item.threadId : 1;
}

async function stepBack(command: 'bir/stepBackInto' | 'bir/stepBackOut'): Promise<void> {
  const session = birSession(command === 'bir/stepBackInto' ? 'Step Back Into' : 'Step Back Out');
  if (!session) return;
  await refusalShown(birRequest(session, command, { threadId: selectedThread() }));
}

async function goToInstruction(given: number | undefined, counts: ReadonlyMap<string, number>): Promise<void> {
  const session = birSession('Go to Instruction Count');
  if (!session) return;
  let n = given;
  if (n === undefined) {
    const now = counts.get(session.id);
    const text = await vscode.window.showInputBox({
      title: 'BIR: Go to Instruction Count',
      prompt: `Instructions run, all cores together${now === undefined ? '' : ` (now ${now.toLocaleString('en-US')})`}: back through the history or forward`,
      value: now === undefined ? '' : String(now),
      validateInput: (v) => (/^\s*[\d,_]+\s*$/.test(v) ? undefined : 'a whole number of instructions, as in 1200'),
    });
    if (text === undefined) return;
    n = Number(text.replace(/[\s,_]/g, ''));
  }
  await refusalShown(birRequest(session, 'bir/goto', { instructions: n }));
}

/** Runs `:last` on the variable's expression in the selected frame: the program goes back to the write. */
async function goToLastWrite(arg: VariableContext | undefined): Promise<void> {
  const session = birSession('Go to Last Write');
  const expression = arg?.variable?.evaluateName;
  if (!session) return;
  if (!expression) {
    void vscode.window.showWarningMessage(`BIR: Go to Last Write needs a tensor, an element or a register${arg?.variable?.name ? `; '${arg.variable.name}' is none` : ''}.`);
    return;
  }
  const item = vscode.debug.activeStackItem;
  const frameId = item && 'frameId' in item ? item.frameId : undefined;
  // 'variables': the adapter then says in the Debug Console what the move does (a 'repl' answer goes nowhere here).
  await refusalShown(session.customRequest('evaluate', { expression: `:last ${expression}`, frameId, context: 'variables' }));
}

/** A refused move (no history before this point, history off) is shown, not thrown into the void. */
async function refusalShown(request: Thenable<unknown>): Promise<void> {
  try {
    await request;
  } catch (e) {
    void vscode.window.showErrorMessage(`BIR: ${(e as Error).message}`);
  }
}
