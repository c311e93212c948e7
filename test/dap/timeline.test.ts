/**
 * The timeline view's request through the stdio adapter, every message checked against the DAP schema: bir/timeline
 * answers the schedule of the session's program as columns (one lane per engine and DMA queue, the critical path
 * that sets the end), each instruction with the instruction count bir/goto takes to stop just before it; an edit
 * saved to disk, asked for as "saved" against the previous answer, gives the what-if difference; and the refusals
 * (an unknown machine, a saved program with an error, bad arguments); a run that faults is scheduled up to its fault,
 * and a post-mortem dump, which cannot run, refuses it.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DapSession, lineOf, tempProgramDir, useDapSessions } from '../helpers/dap-client';
import type { Column, TimelineData } from '../../contract/timeline';

function numbers(c: Column): number[] {
  const bytes = Buffer.from(c.base64, 'base64');
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return [...(c.type === 'f64' ? new Float64Array(buffer) : c.type === 'i32' ? new Int32Array(buffer) : new Uint8Array(buffer))];
}

const CHAIN = `module t
dram a : f32[128, 512] input = random(seed=1)
dram b : f32[128, 512] output
func main() {
  sbuf t : f32[128, 512]
  DmaCopy t <- a
  TensorScalar t <- t, op = mul, scalar = 2
  TensorScalar t <- t, op = add, scalar = 3
  Activation t <- t, func = relu
  DmaCopy b <- t
}
`;

describe('DAP: the timeline', function () {
  this.timeout(60000);
  useDapSessions();

  let file: string;

  beforeEach(() => {
    file = path.join(tempProgramDir({ 't.bir': CHAIN }), 't.bir');
  });

  async function stoppedAt(text: string): Promise<DapSession> {
    const s = await DapSession.start();
    await s.launch({ program: file }, async (x) => {
      await x.setBreakpoints(file, [{ line: lineOf(file, text) }]);
    });
    await s.waitForStop();
    return s;
  }

  async function timeline(s: DapSession, args: Record<string, unknown> = {}): Promise<TimelineData> {
    return (await s.ok('bir/timeline', args)).body as TimelineData;
  }

  it('answers the schedule as columns: lanes, lines, the critical path end to end, and each instruction\'s count for bir/goto', async () => {
    const s = await stoppedAt('Activation t <- t');
    const stop = (s.events('bir/stopped').at(-1)!.body as { instructions: number }).instructions;
    const t = await timeline(s, { machine: 'trn1' });
    assert.deepStrictEqual([t.machine, t.program, t.instructions, t.cores], ['trn1', 'session', 5, 1]);
    assert.deepStrictEqual(t.lanes.slice(0, 6), ['PE', 'ACT', 'DVE', 'POOL', 'SP', 'DMA q0']);
    assert.strictEqual(t.lanes.length, t.lanesPerCore);
    const start = numbers(t.columns.start);
    const end = numbers(t.columns.end);
    const site = numbers(t.columns.site);
    const lines = numbers(t.sites.line);
    const opcodes = numbers(t.sites.opcode).map((k) => t.opcodes[k]);
    assert.deepStrictEqual(site.map((k) => lines[k]), [6, 7, 8, 9, 10]);
    assert.deepStrictEqual(site.map((k) => opcodes[k]), ['DmaCopy', 'TensorScalar', 'TensorScalar', 'Activation', 'DmaCopy']);
    assert.strictEqual(t.files[numbers(t.sites.file)[0]], file);
    // A chain: each instruction starts when the one before it ends, and the path is all of it.
    for (let i = 1; i < 5; i++) assert.strictEqual(start[i], end[i - 1], `instruction ${i} waits for ${i - 1}`);
    assert.deepStrictEqual(numbers(t.criticalPath), [0, 1, 2, 3, 4]);
    assert.strictEqual(Math.max(...end), t.total);
    assert.deepStrictEqual(numbers(t.columns.waitedOn), [-1, 0, 1, 2, 3]);
    // The second TensorScalar's engine was free when its operand was: the engine is named first.
    assert.deepStrictEqual(numbers(t.columns.waitKind).map((k) => t.waitNames[k]), ['start', 'RAW', 'engine', 'RAW', 'RAW']);
    // The DMA transfers of all 128 partitions run on the 16 queues at once.
    assert.deepStrictEqual([numbers(t.columns.queues)[0], t.lanes[numbers(t.columns.lane)[0]]], [16, 'DMA q0']);
    // Each dependency with the wait it caused: the Activation waited on the second TensorScalar (RAW, and WAW).
    const hs = numbers(t.columns.hazardStart);
    const from = numbers(t.columns.hazardFrom).slice(hs[3], hs[4]);
    assert.ok(from.includes(2), `the Activation's dependencies: ${from}`);
    assert.ok(numbers(t.columns.hazardWait).slice(hs[3], hs[4]).some((w) => w > 0));
    // The stop is before the Activation: its count is the stop's.
    const tick = numbers(t.columns.tick);
    assert.strictEqual(tick[3], stop);
    assert.deepStrictEqual(t.engines.map((e) => e.engine), ['ACT', 'DVE', 'DMA'].filter((e) => t.engines.some((x) => x.engine === e)));
    // bir/goto with an instruction's count stops just before it: the last DmaCopy's line.
    const { frame } = await s.resumeToStop('bir/goto', { instructions: tick[4] });
    assert.strictEqual(frame.line, 10);
    const back = await s.resumeToStop('bir/goto', { instructions: tick[1] });
    assert.strictEqual(back.frame.line, 7);
  });

  it('compares the program as saved after an edit with the previous schedule: the what-if difference', async () => {
    const s = await stoppedAt('TensorScalar t <- t, op = mul');
    const before = await timeline(s);
    assert.strictEqual(before.whatIf, undefined, 'no previous schedule to compare with');
    fs.writeFileSync(file, CHAIN.replace('  TensorScalar t <- t, op = add, scalar = 3\n', ''));
    const after = await timeline(s, { program: 'saved', against: 'previous' });
    assert.deepStrictEqual([after.program, after.instructions], ['saved', 4]);
    const d = after.whatIf!;
    assert.strictEqual(d.before.total, before.total);
    assert.strictEqual(d.after.total, after.total);
    assert.ok(d.delta < 0 && d.ratio < 1, `one instruction fewer is faster: ${d.delta}`);
    assert.strictEqual(d.delta, after.total - before.total);
    assert.deepStrictEqual([d.before.lines, d.after.lines], [[6, 7, 8, 9, 10], [6, 7, 8, 9]]);
    assert.match(d.against, /the session's program on trn2/);
    const changed = d.engines.filter((e) => e.delta !== 0);
    assert.ok(changed.length >= 1 && changed.every((e) => e.delta < 0), JSON.stringify(d.engines));
    // The session still runs the program it launched: its own schedule is unchanged.
    const again = await timeline(s);
    assert.deepStrictEqual([again.instructions, again.total], [5, before.total]);
  });

  it('says which engines each instruction may move to, and an edit that moves one shows where its time went', async () => {
    const s = await stoppedAt('TensorScalar t <- t, op = mul');
    const before = await timeline(s, { machine: 'trn1' });
    assert.deepStrictEqual(before.engineChoices, [{ engine: 'PE', attribute: 'tensor' }, { engine: 'ACT', attribute: 'scalar' }, { engine: 'DVE', attribute: 'vector' }, { engine: 'POOL', attribute: 'gpsimd' }]);
    const bits = numbers(before.sites.engines);
    const choices = (site: number): string[] => before.engineChoices.filter((_, k) => bits[site] & (1 << k)).map((c) => c.engine);
    const site = numbers(before.columns.site);
    // The TensorScalars (mul, add) may run on DVE or ACT; the transfers and the Activation run where they are.
    assert.deepStrictEqual([0, 1, 2, 3, 4].map((i) => choices(site[i]).join('|')), ['', 'ACT|DVE', 'ACT|DVE', '', '']);
    // The timeline's "Move to engine": the attribute in the source, saved; the schedule of the saved program against it.
    fs.writeFileSync(file, CHAIN.replace('op = add, scalar = 3', 'op = add, scalar = 3, engine = scalar'));
    const after = await timeline(s, { machine: 'trn1', program: 'saved', against: 'previous' });
    const lane = numbers(after.columns.lane);
    assert.deepStrictEqual([1, 2, 3].map((i) => after.lanes[lane[i]]), ['DVE', 'ACT', 'ACT']);
    const busy = (e: string): number => after.whatIf!.engines.find((x) => x.engine === e)!.delta;
    // 512 cycles leave DVE at 1.12 GHz and reach ACT at 1.4 GHz (plus the exposed latency of a dependent instruction).
    assert.ok(busy('DVE') < 0 && busy('ACT') > 0, JSON.stringify(after.whatIf!.engines));
    assert.ok(after.whatIf!.delta < 0, `ACT's faster clock makes the chain shorter: ${after.whatIf!.delta}`);
  });

  it('compares the schedule after a pass with the one shown (a quick what-if of fuse), the session untouched', async () => {
    const s = await stoppedAt('DmaCopy b <- t');
    const before = await timeline(s);
    const fused = await timeline(s, { passes: ['fuse'], against: 'previous' });
    assert.ok(fused.instructions < before.instructions, `fuse joins the chain: ${before.instructions} -> ${fused.instructions}`);
    const d = fused.whatIf!;
    assert.match(d.against, /the session's program on trn2/);
    assert.strictEqual(d.before.total, before.total);
    assert.strictEqual(d.after.total, fused.total);
    assert.match(await s.error('bir/timeline', { passes: ['fusion'] }), /passes: unknown pass 'fusion' \(passes: inline, dce, fuse, unroll, schedule\)/);
    assert.match(await s.error('bir/timeline', { passes: 'fuse' }), /needs passes as an array of pass names, found "fuse"/);
    const again = await timeline(s);
    assert.deepStrictEqual([again.instructions, again.total], [before.instructions, before.total]);
  });

  it('refuses an unknown machine, a saved program with an error and bad arguments, naming what is wrong', async () => {
    const s = await stoppedAt('DmaCopy b <- t');
    assert.match(await s.error('bir/timeline', { machine: 'trn9' }), /machine: unknown machine 'trn9' \(machines: trn1, trn2, trn3/);
    assert.match(await s.error('bir/timeline', { machine: 'missing.json' }), /cannot read the profile .*missing\.json/);
    assert.match(await s.error('bir/timeline', { program: 'other' }), /needs program: "session" or "saved", found "other"/);
    fs.writeFileSync(file, CHAIN.replace('op = mul', 'op = mull'));
    assert.match(await s.error('bir/timeline', { program: 'saved' }), /the saved t\.bir has 1 error:\n.*t\.bir:7:/);
    // The session goes on: the stop is where it was.
    assert.strictEqual((await s.topFrame()).line, 10);
  });

  it('schedules a run that faults up to its fault, and a dump (which cannot run) refuses the request', async () => {
    const crash = path.join(path.dirname(file), 'crash.bir');
    fs.writeFileSync(crash, CHAIN.replace('  DmaCopy b <- t\n', '  Assert all(t < 0), "never"\n  DmaCopy b <- t\n'));
    const dump = path.join(path.dirname(file), 'crash.birdump');
    const live = await DapSession.start();
    await live.launch({ program: crash, dumpOnFault: dump });
    await live.waitForStop();
    await live.waitForOutput(/Wrote a post-mortem dump/);
    const t = await timeline(live);
    assert.strictEqual(t.instructions, 4, 'the instructions before the failed Assert');
    assert.match(t.fault!, /crash\.bir:10:3: fault\[assert\]: never/);
    await live.close();
    const opened = await DapSession.start();
    await opened.launch({ dump });
    await opened.waitForStop();
    assert.match(await opened.error('bir/timeline', {}), /'bir\/timeline': a dump cannot run .*profile the program with bir-sim profile/);
  });
});
