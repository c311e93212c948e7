/**
 * The extension in a real VS Code extension host: F5 without launch.json, a breakpoint added through the API,
 * hover evaluation, the frames toggle, problems of a broken file, Run File. The workspace is a copy of examples/.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { lineOf, nextEvent, openInEditor, stopAllSessions, trackAdapters, waitFor, workspaceFile } from './helpers';

interface BirApi {
  evaluatableExpression(doc: vscode.TextDocument, position: vscode.Position): vscode.EvaluatableExpression | undefined;
  accessMarks(file: string): readonly { line: number; text: string }[];
}

async function api(): Promise<BirApi> {
  const ext = vscode.extensions.all.find((e) => e.packageJSON?.name === 'bir-debug');
  assert.ok(ext, 'the extension is installed');
  return (await ext.activate()) as BirApi;
}

async function topFrame(session: vscode.DebugSession, threadId: number): Promise<{ id: number; name: string; line: number; source?: { path?: string } }> {
  const trace = (await session.customRequest('stackTrace', { threadId })) as { stackFrames: { id: number; name: string; line: number; source?: { path?: string } }[] };
  return trace.stackFrames[0];
}

describe('BIR Debugger in VS Code', function () {
  this.timeout(180000);
  let tracker: vscode.Disposable;

  before(async () => {
    tracker = trackAdapters();
    await api();
  });

  after(() => tracker.dispose());

  afterEach(async () => {
    await stopAllSessions();
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
  });

  it('F5 on an open .bir file with no launch.json stops at a breakpoint added through the API', async () => {
    assert.ok(!fs.existsSync(workspaceFile('.vscode', 'launch.json').fsPath), 'the workspace has no launch.json');
    const editor = await openInEditor(workspaceFile('calls_loops.bir'));
    const line = lineOf(editor.document, 'DmaCopy xT <- x[');
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(editor.document.uri, new vscode.Position(line - 1, 0)))]);
    const stopped = nextEvent('stopped', 'a stop at the breakpoint');
    await vscode.commands.executeCommand('workbench.action.debug.start');
    const { session, message } = await stopped;
    assert.strictEqual(session.type, 'bir');
    assert.strictEqual(message.body?.reason, 'breakpoint');
    const frame = await topFrame(session, message.body?.threadId as number);
    assert.strictEqual(frame.line, line);
    assert.strictEqual(frame.name, 'main');
    // Through a remote (served) VS Code, custom requests see paths as vscode-remote URIs.
    const framePath = frame.source?.path ?? '';
    assert.strictEqual(framePath.includes('://') ? vscode.Uri.parse(framePath).path : framePath, editor.document.uri.path);
  });

  it('hover: the expression at a position inside an access pattern is the whole pattern, and evaluates to its summary', async () => {
    const editor = await openInEditor(workspaceFile('calls_loops.bir'));
    const doc = editor.document;
    const line = lineOf(doc, 'DmaCopy xT <- x[');
    const text = doc.lineAt(line - 1).text;
    const inside = text.indexOf('r0*TM :') + 1;
    const expression = (await api()).evaluatableExpression(doc, new vscode.Position(line - 1, inside));
    assert.ok(expression, 'an evaluatable expression is found');
    assert.strictEqual(expression.expression, 'x[r0*TM : r0*TM+TM, 0:K].T');
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(doc.uri, new vscode.Position(line - 1, 0)))]);
    const stopped = nextEvent('stopped', 'a stop at the breakpoint');
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], { type: 'bir', request: 'launch', name: 'hover', program: doc.uri.fsPath });
    const { session, message } = await stopped;
    const frame = await topFrame(session, message.body?.threadId as number);
    const hover = (await session.customRequest('evaluate', { expression: expression.expression, frameId: frame.id, context: 'hover' })) as { result: string; variablesReference: number };
    assert.match(hover.result, /^x\[r0\*TM : r0\*TM\+TM, 0:K\]\.T = f32\[128, 128\] min -?\d/);
    assert.ok(hover.variablesReference > 0, 'the tensor can be expanded');
  });

  it('BIR: Toggle Subgraph Frames changes the frames of the stopped session without resuming it', async () => {
    const editor = await openInEditor(workspaceFile('calls_loops.bir'));
    const line = lineOf(editor.document, 'Activation dst <- src');
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(editor.document.uri, new vscode.Position(line - 1, 0)))]);
    const stopped = nextEvent('stopped', 'a stop in epilogue');
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], { type: 'bir', request: 'launch', name: 'frames', program: editor.document.uri.fsPath });
    const { session, message } = await stopped;
    const threadId = message.body?.threadId as number;
    const before = (await session.customRequest('stackTrace', { threadId })) as { stackFrames: { name: string }[] };
    assert.deepStrictEqual(before.stackFrames.map((f) => f.name), ['epilogue', 'full_tile', 'main']);
    const mode = await vscode.commands.executeCommand('bir.toggleSubgraphFrames');
    assert.strictEqual(mode, 'subgraphs');
    const after = (await session.customRequest('stackTrace', { threadId })) as { stackFrames: { name: string }[] };
    const names = after.stackFrames.map((f) => f.name);
    assert.ok(names.some((n) => /^main › for r0 @33 \[iteration 1 of 2, r0 = 0\]$/.test(n)), names.join(' | '));
    assert.ok(names.some((n) => /^main › if @36 \[then\]$/.test(n)), names.join(' | '));
    assert.ok(names.length > before.stackFrames.length);
    assert.strictEqual(await vscode.commands.executeCommand('bir.toggleSubgraphFrames'), 'functions');
  });

  it('time travel commands: BIR: Step Back Out, BIR: Go to Instruction Count', async () => {
    const editor = await openInEditor(workspaceFile('calls_loops.bir'));
    const line = lineOf(editor.document, 'Activation dst <- src');
    vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(editor.document.uri, new vscode.Position(line - 1, 0)))]);
    const stopped = nextEvent('stopped', 'a stop in epilogue');
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], { type: 'bir', request: 'launch', name: 'time travel', program: editor.document.uri.fsPath });
    const { session, message } = await stopped;
    const threadId = message.body?.threadId as number;
    // Out of epilogue, back to its call in full_tile.
    const out = nextEvent('stopped', 'a stop after BIR: Step Back Out');
    await vscode.commands.executeCommand('bir.stepBackOut');
    assert.strictEqual((await out).message.body?.reason, 'step');
    assert.strictEqual((await topFrame(session, threadId)).name, 'full_tile');
    // To instruction 1: after the first DmaCopy of main.
    const goto = nextEvent('stopped', 'a stop after BIR: Go to Instruction Count');
    await vscode.commands.executeCommand('bir.goToInstruction', 1);
    assert.strictEqual((await goto).message.body?.reason, 'goto');
    assert.match((await goto).message.body?.description as string, /\(instruction 1\)$/);
  });

  it("a data breakpoint's stop marks the line that wrote, with what it did, until the session resumes", async () => {
    const bir = await api();
    const editor = await openInEditor(workspaceFile('calls_loops.bir'));
    const file = editor.document.uri.fsPath;
    const entry = nextEvent('stopped', 'the stop on entry');
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], { type: 'bir', request: 'launch', name: 'access mark', program: file, stopOnEntry: true });
    const { session } = await entry;
    const frame = await topFrame(session, 1);
    const info = (await session.customRequest('dataBreakpointInfo', { name: 'xT[0, 0]', frameId: frame.id })) as { dataId: string };
    await session.customRequest('setDataBreakpoints', { breakpoints: [{ dataId: info.dataId, accessType: 'write' }] });
    const told = waitFor(vscode.debug.onDidReceiveDebugSessionCustomEvent, (e) => e.event === 'bir/stopped' && e.body?.reason === 'data breakpoint', 'the data breakpoint stop');
    await session.customRequest('continue', { threadId: 1 });
    await told;
    const wrote = lineOf(editor.document, 'DmaCopy xT <- x');
    const marks = bir.accessMarks(file);
    assert.deepStrictEqual(marks.map((m) => m.line), [wrote], 'the line of the DmaCopy that wrote, not the line the run stopped before');
    assert.match(marks[0].text, /^DmaCopy at line \d+ wrote xT\[0, 0\]: /);
    assert.notStrictEqual((await topFrame(session, 1)).line, wrote, 'the stop arrow is on another line');
    await session.customRequest('continue', { threadId: 1 });
    assert.deepStrictEqual(bir.accessMarks(file), [], 'resuming takes the mark away');
  });

  it('a broken file shows problems at the right positions, without a debug session', async () => {
    const uri = workspaceFile('broken.bir');
    fs.writeFileSync(uri.fsPath, 'module broken\nfunc main() {\n  sbuf a : f32[128, 4]\n  Memset a <- 1\n  TensorTensor a <- a, b, op = add\n  Foo a\n}\n');
    const problems = waitFor(vscode.languages.onDidChangeDiagnostics, (e) => e.uris.some((u) => u.fsPath === uri.fsPath) && vscode.languages.getDiagnostics(uri).length >= 2, 'problems of broken.bir');
    await openInEditor(uri);
    await problems;
    const found = vscode.languages.getDiagnostics(uri).map((d) => [d.range.start.line + 1, d.range.start.character + 1, d.severity, d.message]);
    assert.deepStrictEqual(found.map(([l, c, s]) => [l, c, s]), [[5, 24, vscode.DiagnosticSeverity.Error], [6, 3, vscode.DiagnosticSeverity.Error]]);
    assert.match(String(found[0][3]), /unknown name 'b'/);
    assert.match(String(found[1][3]), /unknown opcode 'Foo'/);
  });

  it('BIR: Run File runs to the end and reports the exit code', async () => {
    await openInEditor(workspaceFile('softmax.bir'));
    const exited = nextEvent('exited', 'the end of the run');
    assert.strictEqual(await vscode.commands.executeCommand('bir.runFile'), true);
    assert.strictEqual((await exited).message.body?.exitCode, 0);
    await openInEditor(workspaceFile('faults', 'assert.bir'));
    const failed = nextEvent('exited', 'the end of the failing run');
    await vscode.commands.executeCommand('bir.runFile');
    assert.strictEqual((await failed).message.body?.exitCode, 1);
  });
});
