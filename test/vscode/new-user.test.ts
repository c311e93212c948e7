/**
 * What a new user met (issue 13), in a real VS Code extension host: Run Without Debugging with no launch.json,
 * "create a launch.json file", the summary that ends every run, the operands of a call in the Node scope, hovers
 * that name what they evaluated, and the cores a program declares. The workspace is a copy of examples/.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { adapterMessages, AdapterMessage, lineOf, nextEvent, openInEditor, stopAllSessions, trackAdapters, waitFor, workspaceFile } from './helpers';

interface Frame { id: number; name: string; line: number }

async function stackOf(session: vscode.DebugSession, threadId: number): Promise<Frame[]> {
  return ((await session.customRequest('stackTrace', { threadId })) as { stackFrames: Frame[] }).stackFrames;
}

/** Every event the adapters send until the first `exited`, and that one. */
function eventsUntilExit(): Promise<AdapterMessage[]> {
  const seen: AdapterMessage[] = [];
  return waitFor(adapterMessages.event, (e) => {
    if (e.message.type === 'event') seen.push(e.message);
    return e.message.type === 'event' && e.message.event === 'exited';
  }, 'the end of the run').then(() => seen);
}

function consoleText(events: readonly AdapterMessage[]): string {
  return events.filter((e) => e.event === 'output').map((e) => String(e.body?.output)).join('');
}

function breakpointAt(uri: vscode.Uri, line: number): void {
  vscode.debug.addBreakpoints([new vscode.SourceBreakpoint(new vscode.Location(uri, new vscode.Position(line - 1, 0)))]);
}

describe('BIR Debugger for a new user (issue 13)', function () {
  this.timeout(180000);
  let tracker: vscode.Disposable;

  before(async () => {
    tracker = trackAdapters();
    await vscode.extensions.all.find((e) => e.packageJSON?.name === 'bir-debug')?.activate();
  });

  after(() => tracker.dispose());

  afterEach(async () => {
    await stopAllSessions();
    vscode.debug.removeBreakpoints(vscode.debug.breakpoints);
  });

  it('Run Without Debugging (Ctrl+F5) with no launch.json runs to the end past a breakpoint', async () => {
    assert.ok(!fs.existsSync(workspaceFile('.vscode', 'launch.json').fsPath), 'the workspace has no launch.json');
    const editor = await openInEditor(workspaceFile('softmax.bir'));
    breakpointAt(editor.document.uri, lineOf(editor.document, 'TensorReduce mx <- xs'));
    const started = waitFor(vscode.debug.onDidStartDebugSession, (s) => s.type === 'bir', 'the run to start');
    const events = eventsUntilExit();
    await vscode.commands.executeCommand('workbench.action.debug.run');
    assert.strictEqual((await started).configuration.noDebug, true, 'the configuration is a run without debugging');
    const seen = await events;
    assert.deepStrictEqual(seen.filter((e) => e.event === 'stopped').map((e) => e.body?.reason), [], 'no stop');
    assert.strictEqual(seen.find((e) => e.event === 'exited')?.body?.exitCode, 0);
  });

  it('every run ends with a summary in the Debug Console: exit code, instructions per engine, outputs written (no speed for a run this short)', async () => {
    const program = workspaceFile('two_cores.bir').fsPath;
    const events = eventsUntilExit();
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], { type: 'bir', request: 'launch', name: 'summary', program, outDir: 'out-summary', noDebug: true });
    const text = consoleText(await events);
    const summary = text.split('\n').find((l) => l.startsWith('Run ended'));
    assert.ok(summary, `a summary line in:\n${text}`);
    assert.match(summary, /exit code 0/);
    assert.match(summary, /\d+ instructions \((PE|ACT|DVE|POOL|DMA|SP) \d+/);
    assert.doesNotMatch(summary, /instructions\/s/, '28 instructions measure the start of a run, not the simulator');
    assert.match(summary, /out-summary[/\\]rowsum\.npy/);
    assert.match(summary, /out-summary[/\\]colsum\.npy/);
    assert.ok(fs.existsSync(workspaceFile('out-summary', 'rowsum.npy').fsPath));
  });

  it('a debugged run that faults ends with its summary too', async () => {
    const events = eventsUntilExit();
    const stopped = nextEvent('stopped', 'the stop at the fault');
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], { type: 'bir', request: 'launch', name: 'fault', program: workspaceFile('faults', 'assert.bir').fsPath });
    const { session, message } = await stopped;
    assert.strictEqual(message.body?.reason, 'exception');
    await session.customRequest('continue', { threadId: message.body?.threadId });
    const summary = consoleText(await events).split('\n').find((l) => l.startsWith('Run ended'));
    assert.ok(summary, 'a summary line');
    assert.match(summary, /exit code 1/);
    assert.match(summary, /no outputs written/);
  });

  it('the Node scope of a call lists its operands, named by the parameters they bind', async () => {
    const editor = await openInEditor(workspaceFile('calls_loops.bir'));
    breakpointAt(editor.document.uri, lineOf(editor.document, 'call epilogue(out[0:TM'));
    const stopped = nextEvent('stopped', 'a stop at the call');
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], { type: 'bir', request: 'launch', name: 'node', program: editor.document.uri.fsPath });
    const { session, message } = await stopped;
    const [top] = await stackOf(session, message.body?.threadId as number);
    const scopes = ((await session.customRequest('scopes', { frameId: top.id })) as { scopes: { name: string; variablesReference: number }[] }).scopes;
    const node = scopes.find((s) => s.name === 'Node')!;
    const vars = ((await session.customRequest('variables', { variablesReference: node.variablesReference })) as { variables: { name: string; value: string }[] }).variables;
    const byName = new Map(vars.map((v) => [v.name, v.value]));
    assert.strictEqual(byName.get('opcode'), 'call');
    assert.match(byName.get('dst out[0:TM, r2*CH : r2*CH+CH]') ?? '', /^f32\[128, 64\]/, vars.map((v) => v.name).join(' | '));
    assert.match(byName.get('src acc[0:TM, r2*CH : r2*CH+CH]') ?? '', /^f32\[128, 64\]/);
    assert.match(byName.get('r3 r3') ?? '', /^-?\d/);
  });

  it('a hover names the expression it evaluated', async () => {
    const editor = await openInEditor(workspaceFile('calls_loops.bir'));
    const line = lineOf(editor.document, 'DmaCopy xT <- x[');
    breakpointAt(editor.document.uri, line);
    const stopped = nextEvent('stopped', 'a stop at the breakpoint');
    await vscode.debug.startDebugging(vscode.workspace.workspaceFolders![0], { type: 'bir', request: 'launch', name: 'hover', program: editor.document.uri.fsPath });
    const { session, message } = await stopped;
    const [top] = await stackOf(session, message.body?.threadId as number);
    const hover = (await session.customRequest('evaluate', { expression: 'x[r0*TM : r0*TM+TM, 0:K].T', frameId: top.id, context: 'hover' })) as { result: string };
    assert.match(hover.result, /^x\[r0\*TM : r0\*TM\+TM, 0:K\]\.T = f32\[128, 128\] min/);
    const register = (await session.customRequest('evaluate', { expression: 'r0', frameId: top.id, context: 'hover' })) as { result: string };
    assert.strictEqual(register.result, 'r0 = 0');
  });

  it('F5 on a program that declares its cores runs it on them', async () => {
    const editor = await openInEditor(workspaceFile('two_cores.bir'));
    const events = eventsUntilExit();
    // F5 with no launch.json, as a new user presses it.
    await vscode.commands.executeCommand('workbench.action.debug.start');
    const seen = await events;
    assert.strictEqual(seen.find((e) => e.event === 'exited')?.body?.exitCode, 0, consoleText(seen));
    assert.match(consoleText(seen), /\[core 1\] rows 64 to 127 done/);
    assert.ok(editor.document.getText().includes('\ncores 2'), 'the example declares its cores');
  });

  // Last: creating launch.json selects one of its configurations, which the other tests must not start.
  it('"create a launch.json file" writes one configuration per kind, each different', async () => {
    const launchJson = workspaceFile('.vscode', 'launch.json');
    await openInEditor(workspaceFile('softmax.bir'));
    try {
      // The command resolves once it has written launch.json and opened it.
      await vscode.commands.executeCommand('workbench.action.debug.configure');
      const text = fs.readFileSync(launchJson.fsPath, 'utf8');
      // launch.json is JSON with comments.
      const configs = (JSON.parse(text.replace(/^\s*\/\/.*$/gm, '')) as { configurations: Record<string, unknown>[] }).configurations;
      const names = configs.map((c) => c.name);
      assert.strictEqual(new Set(names).size, names.length, `names: ${names.join(', ')}`);
      assert.ok(configs.some((c) => c.noDebug === true), 'a run without debugging');
      assert.ok(configs.some((c) => Array.isArray(c.passes)), 'a debug after compiler passes');
      assert.ok(configs.some((c) => c.cores === 2), 'a debug on two cores');
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      fs.rmSync(workspaceFile('.vscode').fsPath, { recursive: true, force: true });
    }
  });
});
