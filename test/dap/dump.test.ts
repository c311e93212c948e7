/**
 * Post-mortem dumps from a debug session (the launch attribute dumpOnFault), through the stdio adapter: written when
 * the program stops at a fault, and when a run without debugging ends with one; said in the Debug Console; refused
 * as a launch attribute of the wrong type. Opened (the launch attribute dump): a session stopped at the fault that
 * shows what the live session showed there, gives the text of files this disk no longer has, and refuses to run.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DapSession, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import * as zlib from 'zlib';
import { DebugProtocol } from '@vscode/debugprotocol';
import { readDump } from '../../engine/io/dump';

const CRASH = `module crash

func main() {
  sbuf acc : f32[4, 8]
  for r0 in 0..4 {
    Set r1 = r0 * 10
    call check(r1)
  }
}

func check(r4) {
  Assert r4 < 20, "r4 grew too large"
}
`;

/** Two cores, written tensors in SBUF and DRAM, a tensor parameter that views a row of its caller's. */
const CORES = `module cores
cores 2

dram x : f32[4, 8] = iota
dram out : f32[4, 8] output

func main() {
  sbuf acc : f32[4, 8]
  DmaCopy acc <- x
  for r0 in 0..4 {
    Set r1 = r0 * 10
    call fill(acc[r0:r0+1, 0:8], r1)
  }
  DmaCopy out <- acc
}

func fill(dst: sbuf f32[1, 8], r4) {
  Memset dst <- r4
  Assert r4 < 20, "r4 grew too large"
}
`;

describe('DAP: post-mortem dumps', function () {
  this.timeout(60000);
  useDapSessions();

  let dir: string;
  let crash: string;

  beforeEach(() => {
    dir = tempProgramDir({ 'crash.bir': CRASH });
    crash = path.join(dir, 'crash.bir');
  });

  it('dumpOnFault writes the machine at the fault stop, and says where', async () => {
    const s = await DapSession.start();
    await s.launch({ program: crash, dumpOnFault: 'out/../crash.birdump' });
    const stop = await s.waitForStop();
    assert.strictEqual(stop.stopped.body.reason, 'exception');
    const file = path.join(dir, 'crash.birdump');
    await s.waitForOutput(new RegExp(`Wrote a post-mortem dump of the fault to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    const dump = readDump(file);
    assert.deepStrictEqual([dump.fault.code, dump.fault.node], ['assert', 'crash::check@12:3']);
    assert.deepStrictEqual(dump.stacks[0].frames.map((f) => [f.function, f.registers[4]]), [['crash::main', 0], ['crash::check', 20]]);
    // Continuing ends the run without writing the dump again.
    const before = fs.statSync(file).mtimeMs;
    await s.ok('continue', { threadId: 1 });
    assert.strictEqual(await s.waitForEnd(), 1);
    assert.strictEqual(fs.statSync(file).mtimeMs, before);
    assert.strictEqual(s.output().match(/Wrote a post-mortem dump/g)?.length, 1);
  });

  it('a run without debugging that faults writes its dump at the end', async () => {
    const s = await DapSession.start();
    await s.launch({ program: crash, noDebug: true, dumpOnFault: 'nodebug.birdump' });
    assert.strictEqual(await s.waitForEnd(), 1);
    assert.strictEqual(readDump(path.join(dir, 'nodebug.birdump')).fault.code, 'assert');
  });

  it('a dumpOnFault that is not a path fails the launch, naming it', async () => {
    const s = await DapSession.start();
    assert.match(await s.error('launch', { program: crash, dumpOnFault: 3 }), /launch attribute 'dumpOnFault' must be a non-empty string, found number 3/);
  });

  /** What a client sees at a stop: every frame, its scopes and their variables (one level down), and some values. */
  async function picture(s: DapSession, threadId: number): Promise<unknown> {
    const { stackFrames } = await s.stackTrace(threadId);
    const frames = [];
    for (const f of stackFrames) {
      const scopes = [];
      for (const scope of await s.scopes(f.id)) {
        const vars = await s.variables(scope.variablesReference);
        const inner = [];
        for (const v of vars.filter((x) => x.variablesReference > 0).slice(0, 4)) inner.push((await s.variables(v.variablesReference)).map((x) => `${x.name}=${x.value}`));
        scopes.push({ scope: scope.name, vars: vars.map((v) => `${v.name}=${v.value}:${v.type ?? ''}`), inner });
      }
      const values = [];
      for (const e of ['acc', 'acc[1, :]', 'r1', 'r4', 'sum(acc)', 'dst', 'x', 'out[3, :]']) values.push(await s.evaluate(e, 'watch', f.id).then((r) => r.result, () => 'error'));
      frames.push({ name: f.name, line: f.line, column: f.column, file: f.source?.name, instruction: f.instructionPointerReference, scopes, values });
    }
    return frames;
  }

  /** The picture of every thread. */
  async function pictures(s: DapSession): Promise<unknown[]> {
    const { threads } = (await s.ok<DebugProtocol.ThreadsResponse>('threads', {})).body;
    const out = [];
    for (const t of threads) out.push({ thread: t.name, frames: await picture(s, t.id) });
    return out;
  }

  /** The live session's pictures at the fault, in frames of functions and then of subgraphs. */
  async function liveAtFault(dumpFile: string, program = crash, more: Record<string, unknown> = {}): Promise<{ picture: unknown; subgraphs: unknown; description?: string }> {
    const live = await DapSession.start();
    await live.launch({ program, dumpOnFault: dumpFile, ...more });
    const stop = await live.waitForStop();
    await live.waitForOutput(/Wrote a post-mortem dump/);
    const shown = await pictures(live);
    const subgraphs = await inSubgraphs(live);
    await live.close();
    return { picture: shown, subgraphs, description: stop.stopped.body.description };
  }

  async function inSubgraphs(s: DapSession): Promise<unknown> {
    await s.ok('bir/setFrames', { frames: 'subgraphs' });
    return pictures(s);
  }

  it('a dump opens as a session stopped at its fault that shows what the live session showed there', async () => {
    const file = path.join(dir, 'crash.birdump');
    const live = await liveAtFault(file);
    const s = await DapSession.start();
    await s.launch({ dump: file });
    const stop = await s.waitForStop();
    assert.strictEqual(stop.stopped.body.reason, 'exception');
    assert.strictEqual(stop.stopped.body.description, live.description);
    assert.deepStrictEqual(await pictures(s), live.picture);
    assert.match(s.output(), /Opened crash\.birdump is a post-mortem dump of crash\.bir, at its fault after [\d,]+ instructions:\n.*crash\.bir:12:3: fault\[assert\]: r4 grew too large/);
    const info = (await s.ok<DebugProtocol.ExceptionInfoResponse>('exceptionInfo', { threadId: 1 })).body;
    assert.strictEqual(info.exceptionId, 'assert');
  });

  it('a dump of two cores shows each core as the live session did, tensors and their views included', async () => {
    const program = path.join(dir, 'cores.bir');
    fs.writeFileSync(program, CORES);
    const file = path.join(dir, 'cores.birdump');
    const live = await liveAtFault(file, program);
    const s = await DapSession.start();
    await s.launch({ dump: file });
    const stop = await s.waitForStop();
    assert.strictEqual(stop.stopped.body.description, live.description);
    const shown = await pictures(s);
    assert.deepStrictEqual(shown, live.picture);
    assert.deepStrictEqual(await inSubgraphs(s), live.subgraphs, 'frames of subgraphs too');
    assert.match(JSON.stringify(shown), /dst=f32\[1, 8\] \[\[20, 20, 20/, "the parameter's view of its caller's row");
  });

  it('a dump of a program put through passes shows the program after them, as the live session did', async () => {
    const program = path.join(dir, 'cores.bir');
    fs.writeFileSync(program, CORES);
    const file = path.join(dir, 'passes.birdump');
    const live = await liveAtFault(file, program, { passes: ['inline', 'fuse', 'schedule'] });
    assert.deepStrictEqual(readDump(file).program.passes, ['inline', 'fuse', 'schedule']);
    const s = await DapSession.start();
    await s.launch({ dump: file });
    await s.waitForStop();
    assert.deepStrictEqual(await pictures(s), live.picture);
    assert.match(JSON.stringify(live.picture), /inlined code of fill/, 'the passes changed the program');
    const graphs = (await s.ok('bir/passGraphs', {})).body as { graphs: { pass: string }[] };
    assert.deepStrictEqual(graphs.graphs.map((g) => g.pass), ['as written', 'inline', 'fuse', 'schedule']);
  });

  it('a dump cannot run or be changed; breakpoints are answered unverified; it reads memory, tensors and the graph', async () => {
    const file = path.join(dir, 'crash.birdump');
    await liveAtFault(file);
    const s = await DapSession.start();
    await s.launch({ dump: file }, async (x) => {
      const bps = await x.setBreakpoints(crash, [{ line: 6 }]);
      assert.deepStrictEqual(bps.map((b) => [b.verified, b.message]), [[false, 'breakpoints do not stop a post-mortem dump: it does not run']]);
    });
    await s.waitForStop();
    for (const [command, args] of [['continue', {}], ['next', {}], ['stepIn', {}], ['stepOut', {}], ['stepBack', {}], ['reverseContinue', {}]] as const) {
      assert.match(await s.error(command, { threadId: 1, ...args }), new RegExp(`'${command}': a dump cannot run \\(crash\\.birdump is a post-mortem dump: the machine at its fault\\)`));
    }
    const top = await s.topFrame();
    assert.match(await s.error('restartFrame', { frameId: top.id }), /a dump cannot run/);
    assert.match(await s.error('setExpression', { expression: 'r4', value: '1', frameId: top.id }), /'setExpression': a dump cannot be changed/);
    assert.match(await s.error('evaluate', { expression: ':goto 3', context: 'repl', frameId: top.id }), /needs the history of the run: crash\.birdump is a post-mortem dump/);
    // Reading works as in a live session.
    const acc = await s.evaluate('acc', 'watch', (await s.stackTrace()).stackFrames[1].id);
    assert.ok(acc.memoryReference, 'a tensor has a memory reference');
    const memory = (await s.ok<DebugProtocol.ReadMemoryResponse>('readMemory', { memoryReference: acc.memoryReference, count: 16 })).body!;
    // acc was never written: its bytes are unreadable, as in the live session.
    assert.deepStrictEqual([memory.data ?? '', memory.unreadableBytes], ['', 16]);
    const graph = (await s.ok('bir/graph', {})).body as { nodes: { opcode: string; state: string }[] };
    assert.deepStrictEqual(graph.nodes.map((n) => [n.opcode, n.state]), [['Assert', 'current']]);
    await s.ok('terminate', {});
    await s.waitForEnd();
  });

  it('a dump takes back what it cannot do from the client\'s capabilities, and a restart into a program gives it back', async () => {
    const file = path.join(dir, 'crash.birdump');
    await liveAtFault(file);
    const s = await DapSession.start();
    await s.launch({ dump: file });
    await s.waitForStop();
    const taken = { supportsStepBack: false, supportsRestartFrame: false, supportsSetVariable: false, supportsSetExpression: false, supportsWriteMemoryRequest: false, supportsDataBreakpoints: false };
    assert.deepStrictEqual(s.events('capabilities').map((e) => e.body.capabilities), [taken]);
    assert.ok(s.indexOf(s.events('capabilities')[0]) < s.indexOf(s.events('initialized')[0]), 'before initialized');
    // The dump's own event was read above without a wait: skip it, so the wait meets the restart's event.
    s.skip('capabilities');
    await s.ok('restart', { arguments: { program: crash } });
    const given = await s.waitFor('capabilities');
    assert.deepStrictEqual(given.body.capabilities, Object.fromEntries(Object.keys(taken).map((k) => [k, true])));
    // A program's launch sends none.
    const live = await DapSession.start();
    await live.launch({ program: crash });
    await live.waitForStop();
    assert.deepStrictEqual(live.events('capabilities'), []);
  });

  it('files this disk no longer has are given by reference, with the text the dump holds', async () => {
    const file = path.join(dir, 'crash.birdump');
    await liveAtFault(file);
    fs.rmSync(crash);
    const s = await DapSession.start();
    await s.launch({ dump: file, program: crash });
    await s.waitForStop();
    assert.match(s.output(), /launch attribute 'program' is ignored with 'dump': a dump holds the program and how it ran/);
    const top = await s.topFrame();
    assert.ok(top.source!.sourceReference! > 0, 'a file not on the disk has a reference');
    assert.deepStrictEqual([top.source!.name, top.source!.path, top.line], ['crash.bir', crash, 12]);
    const text = (await s.ok<DebugProtocol.SourceResponse>('source', { source: top.source, sourceReference: top.source!.sourceReference })).body.content;
    assert.strictEqual(text, CRASH);
    assert.match(await s.error('source', { sourceReference: 99 }), /no source with reference 99/);
  });

  it('a file that is not a dump, a damaged dump and a dump of another format are refused with the reason', async () => {
    const file = path.join(dir, 'crash.birdump');
    await liveAtFault(file);
    const bytes = fs.readFileSync(file);
    const damaged = path.join(dir, 'damaged.birdump');
    fs.writeFileSync(damaged, Buffer.concat([bytes.subarray(0, bytes.length - 12), Buffer.alloc(12)]));
    const future = path.join(dir, 'future.birdump');
    const json = JSON.parse(zlib.gunzipSync(bytes.subarray('BIR-DUMP\n'.length)).toString('utf8'));
    fs.writeFileSync(future, Buffer.concat([Buffer.from('BIR-DUMP\n'), zlib.gzipSync(JSON.stringify({ ...json, format: 2 }))]));
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ dump: crash }, /crash\.bir is not a BIR post-mortem dump/],
      [{ dump: damaged }, /damaged\.birdump is damaged/],
      [{ dump: future }, /future\.birdump is a dump of format 2; this version of the BIR debugger reads format 1/],
      [{ dump: path.join(dir, 'none.birdump') }, /launch attribute 'dump': no such file/],
      [{ dump: dir }, /launch attribute 'dump': '.*' is a folder/],
      [{ dump: 7 }, /launch attribute 'dump' must be a non-empty string, found number 7/],
    ];
    for (const [args, message] of cases) {
      const s = await DapSession.start();
      assert.match(await s.error('launch', args), message);
      await s.close();
    }
  });
});
