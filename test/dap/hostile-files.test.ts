/**
 * Hostile files through the stdio adapter, every message checked against the DAP schema: a launch whose `dump`,
 * `program` or `inputs` is an endless device, a FIFO, a link to one, a gzip bomb, a dump nested a million deep or of
 * 10^9 cores; a dump whose source files are such paths; the tensor view's reference file and `:dump`'s target as a
 * FIFO or a link to /dev/zero; a tensor view request of more cells than one answer holds. Each is answered within
 * a limit, with the file and the reason; `terminate` and `disconnect` are answered after it and the adapter ends; its
 * peak memory stays bounded.
 */
import * as assert from 'assert';
import { ChildProcess } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import fc from 'fast-check';
import { DebugProtocol } from '@vscode/debugprotocol';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import { HAS_FIFOS, HostileFile, hostileDir, hostileDumps, hostileNpys, peakRssMB, specialFiles } from '../helpers/hostile-files';
import { main as cli } from '../../engine/cli/bir-sim';
import type { TensorData } from '../../contract/tensor';

/** The longest a refusal may take to be answered. */
const ANSWER_MS = 5000;
/** The adapter's peak memory (it and its engine worker start at about 150 MB). */
const ADAPTER_PEAK_MB = 600;

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

const VIEWED = `module viewed

dram x : f32[4, 8] input = iota
dram column : f32[4096, 1] input = iota

func main() {
  sbuf a : f32[4, 8]
  DmaCopy a <- x
  Print "here"
}
`;

function adapterPid(s: DapSession): number {
  return (s.dc as unknown as { _adapterProcess: ChildProcess })._adapterProcess.pid!;
}

/** Checks the adapter's peak memory (where /proc tells it), then ends it with terminate and disconnect. */
async function endsBounded(s: DapSession, what: string): Promise<void> {
  const peak = peakRssMB(adapterPid(s));
  if (peak !== undefined) assert.ok(peak < ADAPTER_PEAK_MB, `${what}: the adapter reached ${peak.toFixed(0)} MB`);
  if (process.env.BIR_HOSTILE_FIGURES) process.stderr.write(`${what}: the adapter's peak ${peak?.toFixed(0)} MB\n`);
  await s.request('terminate', {}, ANSWER_MS);
  await s.close();
  assert.ok(s.endedAfterDisconnect, `${what}: the adapter ended after disconnect`);
}

(HAS_FIFOS ? describe : describe.skip)('DAP: hostile files', function () {
  this.timeout(120000);
  useDapSessions();

  let dir: string;
  let dumps: HostileFile[];
  let npys: HostileFile[];
  let viewed: string;
  let crashDump: string;

  before(() => {
    dir = hostileDir();
    fs.writeFileSync(path.join(dir, 'crash.bir'), CRASH);
    crashDump = path.join(dir, 'crash.birdump');
    assert.strictEqual(cli(['run', path.join(dir, 'crash.bir'), '--quiet', '--dump', crashDump], { out: () => undefined, err: () => undefined }), 1);
    dumps = [...specialFiles(dir, '.birdump'), ...hostileDumps(dir, fs.readFileSync(crashDump))];
    npys = [...specialFiles(dir, '.npy'), ...hostileNpys(dir)];
    viewed = path.join(tempProgramDir({ 'viewed.bir': VIEWED }), 'viewed.bir');
  });

  it('a launch of each hostile dump is refused with the file and the reason', async () => {
    // A failed launch leaves the session as it was: one adapter is asked them all.
    const s = await DapSession.start();
    for (const f of dumps) {
      const message = await s.error('launch', { dump: f.path }, ANSWER_MS);
      assert.ok(message.includes(f.path), `${f.name}: '${message}' names the file`);
      // The adapter refuses a special file itself (its own words); the engine says what else is wrong.
      assert.match(message, /not a regular file|is damaged|may hold|folder/, f.name);
      assert.doesNotMatch(message, /internal error|0x1fffffe8|RangeError/, f.name);
    }
    await endsBounded(s, 'the hostile dumps');
  });

  it('after the launch of a FIFO as a dump, terminate is answered and disconnect ends the adapter', async () => {
    for (const fifo of [path.join(dir, 'fifo.birdump'), path.join(dir, 'fifo-link.birdump')]) {
      const s = await DapSession.start();
      assert.match(await s.error('launch', { dump: fifo }, ANSWER_MS), /FIFO/);
      await endsBounded(s, fifo);
    }
  });

  it('a launch whose program or input is a hostile file is refused naming it', async () => {
    const s = await DapSession.start();
    for (const f of specialFiles(dir, '.npy')) {
      assert.match(await s.error('launch', { program: f.path }, ANSWER_MS), /cannot read|is a folder/, f.name);
    }
    for (const f of npys) {
      const message = await s.error('launch', { program: viewed, inputs: { x: f.path } }, ANSWER_MS);
      assert.ok(message.startsWith(`input 'x'`) && message.includes(f.path), `${f.name}: ${message}`);
      assert.match(message, f.refusal, f.name);
    }
    await endsBounded(s, 'hostile programs and inputs');
  });

  it('a dump whose source files are a device and a FIFO opens, with their text from the dump', async () => {
    const bytes = fs.readFileSync(crashDump);
    const json = JSON.parse(zlib.gunzipSync(bytes.subarray('BIR-DUMP\n'.length)).toString('utf8')) as { program: { entry: string; sources: Record<string, string> }; fault: { span?: { file: string } } };
    for (const entry of ['/dev/zero', path.join(dir, 'fifo.birdump')]) {
      const text = json.program.sources[json.program.entry];
      const moved = { ...json, program: { ...json.program, entry, sources: { [entry]: text } }, fault: { ...json.fault, span: json.fault.span && { ...json.fault.span, file: entry } } };
      const file = path.join(dir, `moved-${path.basename(entry)}.birdump`);
      fs.writeFileSync(file, Buffer.concat([Buffer.from('BIR-DUMP\n'), zlib.gzipSync(JSON.stringify(moved))]));
      const s = await DapSession.start();
      await s.launch({ dump: file });
      await s.waitForStop(ANSWER_MS);
      const top = await s.topFrame();
      assert.ok(top.source!.sourceReference! > 0, `${entry}: not read from the disk, given by reference`);
      const source = await s.ok<DebugProtocol.SourceResponse>('source', { source: top.source, sourceReference: top.source!.sourceReference });
      assert.strictEqual(source.body.content, text);
      await endsBounded(s, entry);
    }
  });

  it('the tensor view\'s reference and :dump\'s target refuse FIFOs and links to devices', async () => {
    const folder = path.dirname(viewed);
    const targets = specialFiles(folder, '.npy').filter((f) => f.path.startsWith(folder));
    const s = await DapSession.start();
    await s.launch({ program: viewed }, async (x) => {
      await x.setBreakpoints(viewed, [{ line: lineOf(viewed, 'Print') }]);
    });
    await s.waitForStop();
    for (const f of npys.filter((n) => n.path.endsWith('.npy'))) {
      const message = await s.error('bir/tensor', { expression: 'a', compare: { file: f.path } }, ANSWER_MS);
      assert.ok(message.includes(f.path), `${f.name}: ${message}`);
      assert.match(message, f.refusal, f.name);
    }
    for (const f of targets) {
      const message = await s.error('evaluate', { expression: `:dump! a ${path.basename(f.path)}`, context: 'repl' }, ANSWER_MS);
      assert.match(message, new RegExp(`:dump cannot write ${f.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*not a regular file`), f.name);
    }
    assert.ok(fs.statSync(path.join(folder, 'fifo.npy')).isFIFO(), 'the FIFO is left as it was');
    await endsBounded(s, 'the tensor view and :dump');
  });

  it('bir/tensor refuses a maxCells above 16,777,216 with the limit, and answers a large region in pieces', async () => {
    const s = await DapSession.start();
    await s.launch({ program: viewed }, async (x) => {
      await x.setBreakpoints(viewed, [{ line: lineOf(viewed, 'Print') }]);
    });
    await s.waitForStop();
    const r = await s.request('bir/tensor', { expression: 'a', maxCells: 2 ** 31 - 1 }, ANSWER_MS);
    assert.strictEqual(r.success, false);
    assert.strictEqual((r.body as { error: { id: number } }).error.id, 2002);
    assert.match(r.message!, /maxCells/);
    assert.match(r.message!, /'bir\/tensor': maxCells is at most 16,777,216, found 2147483647/);
    // The most the request allows, on a region of 4,096 × 4,096 (a column broadcast: no memory), comes as an
    // overview of at most 1,048,576 cells (test/unit/tensor-answer-bound.test.ts: what one answer carries at most).
    const big = 'column[0:4096, 0:1].bcast(4096) * 1';
    const d = (await s.ok('bir/tensor', { expression: big, maxCells: 1, statistics: false }, 30000)).body as TensorData;
    assert.deepStrictEqual([d.rows, d.cols, d.values.type], [4096, 4096, 'f64']);
    assert.ok(Buffer.from(d.values.base64, 'base64').length <= 8 * 1_048_576, 'an overview of at most 1,048,576 cells');
    // A window of it, at full resolution: the pieces the view asks for next.
    const w = (await s.ok('bir/tensor', { expression: big, window: { row: 100, col: 200, rows: 64, cols: 64 }, statistics: false }, ANSWER_MS)).body as TensorData;
    assert.deepStrictEqual([w.window.stepRows, w.window.stepCols, Buffer.from(w.values.base64, 'base64').length], [1, 1, 64 * 64 * 8]);
    await endsBounded(s, 'a tensor of 4,096 × 4,096');
  });

  it('fuzz: hostile files in random places of launches and requests, each answered in time, the adapter bounded', async () => {
    const s = await DapSession.start();
    await s.launch({ program: viewed }, async (x) => {
      await x.setBreakpoints(viewed, [{ line: lineOf(viewed, 'Print') }]);
    });
    await s.waitForStop();
    specialFiles(path.dirname(viewed), '.npy');
    const files = [...dumps, ...npys].map((f) => f.path);
    const request = fc.oneof(
      fc.record({ command: fc.constant('bir/tensor'), args: fc.record({ expression: fc.constantFrom('a', 'x', 'a * 2'), compare: fc.record({ file: fc.constantFrom(...files) }) }) }),
      fc.record({ command: fc.constant('bir/tensorDivergence'), args: fc.record({ expression: fc.constantFrom('a', 'x'), compare: fc.record({ file: fc.constantFrom(...files) }) }) }),
      fc.record({ command: fc.constant('evaluate'), args: fc.record({ expression: fc.constantFrom(...['fifo.npy', 'zero.npy', 'urandom.npy', 'fifo-link.npy', 'folder.npy'].map((t) => `:dump! a ${t}`)), context: fc.constant('repl') }) }),
    );
    await fc.assert(fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 4 }), async (batch) => {
      const responses = await Promise.all(batch.map((r) => s.request(r.command, r.args, ANSWER_MS)));
      responses.forEach((response, i) => {
        assert.strictEqual(response.success, false, `${JSON.stringify(batch[i])} is refused`);
        assert.doesNotMatch(response.message ?? '', /internal error|0x1fffffe8|RangeError/);
      });
      assert.ok(s.alive);
    }), { numRuns: 25, seed: 4242, endOnFailure: true });
    // Still stopped where it was, and serving.
    assert.strictEqual((await s.topFrame()).line, lineOf(viewed, 'Print'));
    await endsBounded(s, 'the fuzz');
  });

  it('fuzz: launches with hostile files as the dump, the program or an input, each refused in time', async () => {
    const files = [...dumps, ...npys].map((f) => f.path);
    // As programs, the files no reader can read to their end (a binary file of a megabyte is read, and refused by the
    // checker with an error for every character it cannot lex: a check, not a read).
    const programs = [...specialFiles(dir, '.npy'), ...specialFiles(dir, '.birdump')].map((f) => f.path).concat(path.join(dir, 'huge.birdump'), path.join(dir, 'huge.npy'));
    const launch = fc.oneof(
      fc.record({ dump: fc.constantFrom(...files) }),
      fc.record({ program: fc.constantFrom(...programs) }),
      fc.record({ program: fc.constant(viewed), inputs: fc.record({ x: fc.constantFrom(...files) }) }),
    );
    const s = await DapSession.start();
    await fc.assert(fc.asyncProperty(fc.array(launch, { minLength: 1, maxLength: 3 }), async (batch) => {
      const messages = await Promise.all(batch.map(async (args) => s.error('launch', args, ANSWER_MS)));
      for (const message of messages) assert.doesNotMatch(message, /internal error|0x1fffffe8|RangeError/);
      assert.ok(s.alive);
    }), { numRuns: 30, seed: 4343, endOnFailure: true });
    await endsBounded(s, 'the launches of the fuzz');
  });
});
