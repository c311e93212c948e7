/**
 * BIR: Compare Runs… in a real VS Code extension host (issue 27): two programs written into the workspace, B adding
 * 0.5 to s[1, 2] only, so that the first divergence is y[1, 2] (13 in A, 13.5 in B). The command opens side A stopped
 * at its write and side B as a child session stopped at its own; `:why` answers on each side. A program compared with
 * itself after passes gets the bit-identical verdict.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import { adapterMessages, AdapterMessage, nextEvent, stopAllSessions, trackAdapters, waitFor, workspaceFile } from './helpers';

const A = `module k
dram x : f32[2, 4] input = iota
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[2, 4]
  DmaCopy s <- x
  TensorScalar s <- s, op = mul, scalar = 2
  TensorScalar s <- s, op = add, scalar = 1
  DmaCopy y <- s
}
`;
const B = A.replace('  DmaCopy y <- s', '  TensorScalar s[1:2, 2:3] <- s[1:2, 2:3], op = add, scalar = 0.5\n  DmaCopy y <- s');

type Seen = { session: vscode.DebugSession; message: AdapterMessage };

/** The stops of two sessions, whichever comes first: by the side each session compares as. */
function stopsOfBothSides(): Promise<{ a: Seen; b: Seen }> {
  const seen: Seen[] = [];
  return waitFor(adapterMessages.event, (e) => {
    if (e.message.type !== 'event' || e.message.event !== 'stopped') return false;
    seen.push(e);
    return seen.length === 2;
  }, 'the stops of sides A and B').then(() => {
    const side = (s: Seen): string => ((s.session.configuration.compareWith as { side?: string }).side ?? 'a');
    const a = seen.find((s) => side(s) === 'a');
    const b = seen.find((s) => side(s) === 'b');
    assert.ok(a && b, `one stop per side: ${seen.map(side).join(', ')}`);
    return { a, b };
  });
}

async function why(session: vscode.DebugSession, threadId: number, expression: string): Promise<string> {
  const frames = (await session.customRequest('stackTrace', { threadId })) as { stackFrames: { id: number; line: number }[] };
  const r = (await session.customRequest('evaluate', { expression, frameId: frames.stackFrames[0].id, context: 'repl' })) as { result: string };
  return r.result;
}

describe('BIR: Compare Runs… (issue 27)', function () {
  this.timeout(180000);
  let tracker: vscode.Disposable;
  let a: vscode.Uri;
  let b: vscode.Uri;

  before(async () => {
    tracker = trackAdapters();
    await vscode.extensions.all.find((e) => e.packageJSON?.name === 'bir-debug')?.activate();
    a = workspaceFile('compare-a.bir');
    b = workspaceFile('compare-b.bir');
    fs.writeFileSync(a.fsPath, A);
    fs.writeFileSync(b.fsPath, B);
  });

  after(() => {
    tracker.dispose();
    fs.rmSync(a.fsPath, { force: true });
    fs.rmSync(b.fsPath, { force: true });
  });

  afterEach(() => stopAllSessions());

  it('opens side A stopped at the first divergence and side B as a child session stopped at its write', async () => {
    const stops = stopsOfBothSides();
    assert.strictEqual(await vscode.commands.executeCommand('bir.compareRuns', a, { program: b.fsPath }), true, 'a session started');
    const { a: sideA, b: sideB } = await stops;
    assert.strictEqual(sideA.message.body?.reason, 'divergence');
    assert.match(String(sideA.message.body?.description), /^Paused on divergence: y\[1, 2\] = 13 here, 13\.5 in B \(instruction 3\)$/);
    assert.match(String(sideB.message.body?.description), /^Paused on divergence: y\[1, 2\] = 13\.5 here, 13 in A \(instruction 4\)$/);
    assert.strictEqual(sideB.session.parentSession?.id, sideA.session.id, 'B is a child of A in the Call Stack');
    assert.match(await why(sideA.session, 1, ':why s[1, 2]'), /^s\[1, 2\] = 13 ← TensorScalar at instruction 2 \(core 0\) compare-a\.bir:8:3/);
    assert.match(await why(sideB.session, 1, ':why s[1, 2]'), /^s\[1, 2\] = 13\.5 ← TensorScalar at instruction 3 \(core 0\) compare-b\.bir:9:3/);
  });

  it('a program compared with itself after passes is bit-identical, and says how many instructions ran', async () => {
    const verdict = nextEvent('bir/comparison');
    const ended = nextEvent('exited');
    assert.strictEqual(await vscode.commands.executeCommand('bir.compareRuns', a, { passes: ['fuse'] }), true);
    const body = (await verdict).message.body as { differ: boolean; message: string };
    assert.strictEqual(body.differ, false);
    assert.match(body.message, /^The runs are bit-identical: every DRAM write and value agrees \(8 element writes compared; A ran 4 instructions, B \d+\)\.$/);
    assert.strictEqual((await ended).message.body?.exitCode, 0);
  });
});

describe('BIR: Bisect Passes… (issue 27)', function () {
  this.timeout(180000);
  let tracker: vscode.Disposable;
  let k: vscode.Uri;

  before(async () => {
    tracker = trackAdapters();
    await vscode.extensions.all.find((e) => e.packageJSON?.name === 'bir-debug')?.activate();
    k = workspaceFile('bisect-k.bir');
    fs.writeFileSync(k.fsPath, A);
  });

  after(() => {
    tracker.dispose();
    fs.rmSync(k.fsPath, { force: true });
  });

  afterEach(() => stopAllSessions());

  it('bisects the passes given and answers the verdict (the project\'s passes are bit-exact: nothing differs)', async () => {
    const ended = nextEvent('exited');
    const body = (await vscode.commands.executeCommand('bir.bisectPasses', k, { passes: ['fuse', 'schedule'] })) as { verdict: string; message: string } | undefined;
    assert.strictEqual(body?.verdict, 'nothing differs');
    assert.match(body.message, /^Nothing differs after fuse, schedule: the outputs agree with the program without passes/);
    assert.strictEqual((await ended).message.body?.exitCode, 0);
  });
});
