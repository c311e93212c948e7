/**
 * Post-mortem dumps in a real VS Code extension host: a debugged run that faults writes one (dumpOnFault); BIR: Open
 * Dump… opens it as a session stopped at the same place, whose stack, values and hover read as the live session's did,
 * and which refuses to run; a damaged dump starts no session. The workspace is a copy of examples/.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { nextEvent, stopAllSessions, trackAdapters, workspaceFile } from './helpers';

interface Frame { id: number; name: string; line: number; source?: { path?: string } }

/** What a user reads at a stop: each frame's name and line, and some values in the top frame. */
async function readStop(session: vscode.DebugSession, threadId: number): Promise<unknown> {
  const frames = ((await session.customRequest('stackTrace', { threadId })) as { stackFrames: Frame[] }).stackFrames;
  const values: string[] = [];
  for (const expression of ['x', 'r0', 'x[0, 0:4]', 't', 'y[96:98, 0:2]']) {
    const r = await session.customRequest('evaluate', { expression, frameId: frames[0].id, context: 'hover' }).then((b: { result: string }) => b.result, (e: Error) => `error: ${e.message}`);
    values.push(`${expression} = ${r}`);
  }
  return { frames: frames.map((f) => `${f.name}:${f.line}`), values };
}

describe('post-mortem dumps in VS Code (issue 13)', function () {
  this.timeout(180000);
  let tracker: vscode.Disposable;

  before(async () => {
    tracker = trackAdapters();
    await vscode.extensions.all.find((e) => e.packageJSON?.name === 'bir-debug')?.activate();
  });

  after(() => tracker.dispose());

  afterEach(() => stopAllSessions());

  it('BIR: Open Dump… opens the dump a faulting run wrote, stopped where the run stopped, and refuses to run', async () => {
    const folder = vscode.workspace.workspaceFolders![0];
    const program = workspaceFile('faults', 'out-of-bounds.bir').fsPath;
    const dump = workspaceFile('faults', 'oob.birdump');
    let stopped = nextEvent('stopped', 'the live stop at the fault');
    await vscode.debug.startDebugging(folder, { type: 'bir', request: 'launch', name: 'live', program, dumpOnFault: 'oob.birdump' });
    const live = await stopped;
    // The dump is written before the stop is reported.
    assert.ok(fs.existsSync(dump.fsPath), 'dumpOnFault wrote the dump');
    const seenLive = await readStop(live.session, live.message.body?.threadId as number);
    await stopAllSessions();

    stopped = nextEvent('stopped', 'the stop of the dump');
    assert.strictEqual(await vscode.commands.executeCommand('bir.openDump', dump), true, 'a session started');
    const opened = await stopped;
    assert.strictEqual(opened.session.configuration.dump, dump.fsPath);
    assert.deepStrictEqual([opened.message.body?.reason, opened.message.body?.description], [live.message.body?.reason, live.message.body?.description]);
    assert.deepStrictEqual(await readStop(opened.session, opened.message.body?.threadId as number), seenLive);
    await assert.rejects(Promise.resolve(opened.session.customRequest('next', { threadId: 1 })), /a dump cannot run/);
    await assert.rejects(Promise.resolve(opened.session.customRequest('continue', { threadId: 1 })), /a dump cannot run/);
  });

  it('a damaged dump starts no session', async () => {
    const damaged = workspaceFile('damaged.birdump');
    fs.writeFileSync(damaged.fsPath, 'BIR-DUMP\nnot compressed at all');
    const started = await vscode.commands.executeCommand('bir.openDump', damaged);
    assert.strictEqual(started, false);
    assert.strictEqual(vscode.debug.activeDebugSession, undefined);
  });
});
