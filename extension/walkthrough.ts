/**
 * The "Get started with the BIR Debugger" walkthrough (package.json `contributes.walkthroughs`): it opens beside the
 * editor on the extension's first activation (once, unless the user turned walkthroughs off), and from the command
 * palette (BIR: Get Started). Its steps' links run the commands below, each doing what the step describes on the
 * example `calls_loops.bir`.
 */
import * as vscode from 'vscode';

export const WALKTHROUGH = 'getStarted';
const SHOWN_KEY = 'bir.walkthroughShown';
/**
 * A context key true while an editor tab shows the example: the first step ("Open an example") completes on it
 * (`onContext:` in package.json), however the file was opened (npm start opens it, or the Explorer).
 */
export const EXAMPLE_OPEN_CONTEXT = 'bir.walkthrough.exampleOpen';
/** The first step, by the id VS Code gives it (extension#walkthrough#step). */
const OPEN_EXAMPLE_STEP = 'openExample';
const EXAMPLE = 'calls_loops.bir';
/** The line of the walkthrough's breakpoint: the call of the epilogue in full_tile's loop. */
const BREAKPOINT_LINE = 55;
/** The access pattern the hover step shows (on that line). */
const PATTERN = 'acc[0:TM, r2*CH : r2*CH+CH]';
/** The tensor the tensor view's step shows: full_tile's accumulator. */
const TENSOR = 'acc';

export function registerWalkthrough(context: vscode.ExtensionContext): void {
  const id = `${context.extension.id}#${WALKTHROUGH}`;
  const open = (toSide: boolean): Thenable<unknown> => vscode.commands.executeCommand('workbench.action.openWalkthrough', id, toSide);
  context.subscriptions.push(
    vscode.commands.registerCommand('bir.openWalkthrough', () => open(vscode.window.activeTextEditor !== undefined)),
    vscode.commands.registerCommand('bir.openExample', () => openExample()),
    vscode.commands.registerCommand('bir.walkthrough.setBreakpoint', () => setBreakpoint()),
    vscode.commands.registerCommand('bir.walkthrough.debug', () => debugExample()),
    vscode.commands.registerCommand('bir.walkthrough.hover', () => showHover()),
    vscode.commands.registerCommand('bir.walkthrough.memory', () => vscode.commands.executeCommand('workbench.debug.action.focusVariablesView')),
    vscode.commands.registerCommand('bir.walkthrough.tensor', () => whileDebugging('the tensor view shows acc', () => vscode.commands.executeCommand('bir.showTensor', { expression: TENSOR }))),
    vscode.commands.registerCommand('bir.walkthrough.stepBack', () => whileDebugging('Step Back goes back a line', () => vscode.commands.executeCommand('workbench.action.debug.stepBack'))),
  );
  watchExampleOpen(context);
  // Once per user, on the first activation; not in extension tests, and not when walkthroughs are turned off.
  if (context.extensionMode === vscode.ExtensionMode.Test || context.globalState.get<boolean>(SHOWN_KEY)) return;
  void context.globalState.update(SHOWN_KEY, true);
  if (!vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall', true)) return;
  void afterEditorsRestored().then(() => open(true));
}

/**
 * Resolves once an editor is visible, or after a while without one. Activated while the window still restores its
 * editors (the Run and Debug view asks for configurations early), a walkthrough opened at once can be replaced by
 * the editor the window opens next.
 */
function afterEditorsRestored(): Promise<void> {
  const LIMIT_MS = 5000;
  if (vscode.window.visibleTextEditors.length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(limit);
      sub.dispose();
      resolve();
    };
    const sub = vscode.window.onDidChangeVisibleTextEditors((editors) => {
      if (editors.length > 0) done();
    });
    const limit = setTimeout(done, LIMIT_MS);
  });
}

function isExample(uri: vscode.Uri): boolean {
  return uri.path.endsWith(`/${EXAMPLE}`);
}

/**
 * Keeps EXAMPLE_OPEN_CONTEXT true while a tab (or a visible editor) shows the example, and marks the first step
 * complete when it does. VS Code creates its walkthroughs service when something first needs it (the Welcome page,
 * or the walkthrough this extension opens after activating): a context key already true when the service reads the
 * step's completion events never completes it (VS Code 1.100 notes the event as seen and waits for a change), so the
 * step is also marked complete with VS Code's own command, welcome.markStepComplete. Asked before the service has
 * read the extension's walkthrough, the command keeps the step's progress and then fails; once more, a moment
 * later, it succeeds.
 */
function watchExampleOpen(context: vscode.ExtensionContext): void {
  const stepId = `${context.extension.id}#${WALKTHROUGH}#${OPEN_EXAMPLE_STEP}`;
  let last: boolean | undefined;
  let marked = false;
  const markComplete = (attempt = 1): void => {
    vscode.commands.executeCommand('welcome.markStepComplete', stepId).then(() => {
      marked = true;
    }, () => {
      if (attempt < 3) setTimeout(() => markComplete(attempt + 1), 1000 * attempt);
    });
  };
  const update = (): void => {
    const open = vscode.window.visibleTextEditors.some((e) => isExample(e.document.uri))
      || vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && isExample(t.input.uri)));
    if (open === last) return;
    last = open;
    void vscode.commands.executeCommand('setContext', EXAMPLE_OPEN_CONTEXT, open);
    if (open && !marked) markComplete();
  };
  context.subscriptions.push(vscode.window.onDidChangeVisibleTextEditors(update), vscode.window.tabGroups.onDidChangeTabs(update));
  update();
}

/** The example in the workspace (this repository's examples/ folder), if there is one. */
async function findExample(): Promise<vscode.Uri | undefined> {
  const open = vscode.workspace.textDocuments.find((d) => isExample(d.uri));
  if (open) return open.uri;
  const [found] = await vscode.workspace.findFiles(`**/${EXAMPLE}`, '**/node_modules/**', 1);
  return found;
}

async function openExample(): Promise<vscode.TextEditor | undefined> {
  const uri = await findExample();
  if (!uri) {
    const choice = await vscode.window.showInformationMessage(
      `The examples are in the examples/ folder of the BIR Debugger's repository: open that folder to follow the walkthrough (${EXAMPLE}).`,
      'Open Folder...',
    );
    if (choice) await vscode.commands.executeCommand('vscode.openFolder');
    return undefined;
  }
  const shown = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
  return vscode.window.showTextDocument(uri, { viewColumn: shown?.viewColumn ?? vscode.ViewColumn.One, preview: false });
}

async function setBreakpoint(): Promise<void> {
  const editor = await openExample();
  if (!editor) return;
  const position = new vscode.Position(BREAKPOINT_LINE - 1, 0);
  const line = editor.document.lineAt(position.line);
  editor.selection = new vscode.Selection(position.line, line.firstNonWhitespaceCharacterIndex, position.line, line.firstNonWhitespaceCharacterIndex);
  editor.revealRange(line.range, vscode.TextEditorRevealType.InCenter);
  const there = vscode.debug.breakpoints.some((b) => b instanceof vscode.SourceBreakpoint
    && b.location.uri.toString() === editor.document.uri.toString() && b.location.range.start.line === position.line);
  if (!there) vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(editor.document.uri, position))]);
}

async function debugExample(): Promise<void> {
  const editor = await openExample();
  if (editor) await vscode.commands.executeCommand('bir.debugFile', editor.document.uri);
}

/** Runs a step's action in a BIR debug session, or says to start one first. */
async function whileDebugging(what: string, action: () => Thenable<unknown>): Promise<void> {
  if (vscode.debug.activeDebugSession?.type !== 'bir') {
    void vscode.window.showInformationMessage(`Start debugging first (F5): ${what} while the program is stopped at line ${BREAKPOINT_LINE}.`);
    return;
  }
  await action();
}

/** Puts the cursor in the access pattern of the breakpoint's line and asks for the debug hover there. */
async function showHover(): Promise<void> {
  const editor = await openExample();
  if (!editor) return;
  const line = editor.document.lineAt(BREAKPOINT_LINE - 1);
  const at = line.text.indexOf(PATTERN);
  if (at < 0) return;
  const position = new vscode.Position(line.lineNumber, at + 1);
  editor.selection = new vscode.Selection(position, position);
  // A hover closes when its editor scrolls: it is asked for once the pattern is in view and the scrolling is over.
  // The pattern's own range is revealed, not the line's: in an editor narrowed by the walkthrough beside it, the
  // pattern may lie right of the view, where VS Code shows no hover.
  await whileDebugging('the hover shows values', async () => {
    await revealed(editor, new vscode.Range(position.translate(0, -1), position.translate(0, PATTERN.length - 1)));
    // The hover is the focused editor's: the walkthrough, whose button was just clicked, may have taken the focus back.
    await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, selection: editor.selection, preserveFocus: false });
    await vscode.commands.executeCommand('editor.debug.action.showDebugHover');
  });
}

/** Reveals the range in the middle of the editor; resolves when it is in view and the editor has not scrolled for a moment. */
function revealed(editor: vscode.TextEditor, range: vscode.Range): Promise<void> {
  const QUIET_MS = 150;
  const LIMIT_MS = 2000;
  return new Promise((resolve) => {
    let quiet: NodeJS.Timeout | undefined;
    const done = (): void => {
      clearTimeout(quiet);
      clearTimeout(limit);
      sub.dispose();
      resolve();
    };
    const settle = (): void => {
      clearTimeout(quiet);
      if (editor.visibleRanges.some((r) => r.contains(range.start))) quiet = setTimeout(done, QUIET_MS);
    };
    const sub = vscode.window.onDidChangeTextEditorVisibleRanges((e) => {
      if (e.textEditor === editor) settle();
    });
    const limit = setTimeout(done, LIMIT_MS);
    editor.revealRange(range, vscode.TextEditorRevealType.InCenter);
    settle();
  });
}
