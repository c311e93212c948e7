/**
 * The timeline view's page model and level of detail, in Node (no DOM): the engine's answer (engine/perf/timeline-data.ts)
 * decoded as the page decodes it gives one lane per engine and DMA queue with work, a transfer on every queue it
 * spans, the instruction under a point and the one a stop is before; the level of detail fills every visible bar
 * wider than a pixel exactly and at most one bar per pixel otherwise, also for a million instructions; the page's
 * messages are checked; the machines the view offers are the engine's profiles and the setting's.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { summarize } from '../../engine/perf/summary';
import { timelineData } from '../../engine/perf/timeline-data';
import { PROFILES } from '../../engine/perf/profile';
import type { TimelineData } from '../../contract/timeline';
import { gallop, visibleBars } from '../../webview/timeline/lod';
import { columnsOf, ENGINE_ATTRIBUTES, isFromTimelineView, MACHINES, PASSES, TimelineBuffers, TimelineHeader } from '../../webview/timeline/messages';
import { ENGINE_WORDS } from '../../engine/ir/opcodes';
import { PASS_NAMES } from '../../engine/passes/pipeline';
import { buildModel, engineChoices, instructionAt, instructionOfTick, lineOfInstruction, lowerBound, Model, opcodeOf } from '../../webview/timeline/model';
import { lineOf, scheduled } from '../helpers/perf-programs';

const PROGRAM = `module t
dram a : f32[128, 512] input = random(seed=1)
dram b : f32[128, 512] output
func main() {
  sbuf t : f32[128, 512]
  sbuf u : f32[128, 512]
  DmaCopy t <- a
  TensorScalar u <- t, op = mul, scalar = 2
  Activation t <- t, func = relu
  TensorTensor u <- u, t, op = add
  DmaCopy b <- u
}
`;

/** The answer as the host passes it to the page: its columns as ArrayBuffers. */
function asPage(d: TimelineData): { header: TimelineHeader; buffers: TimelineBuffers } {
  const { columns: _c, sites: _s, criticalPath: _p, ...header } = d;
  const buffers = Object.fromEntries(Object.entries(columnsOf(d)).map(([k, c]) => {
    const b = Buffer.from(c.base64, 'base64');
    return [k, b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)];
  })) as unknown as TimelineBuffers;
  return { header, buffers };
}

function modelOf(src: string): Model {
  const s = scheduled(src, 'trn1');
  const d = timelineData(s.schedule, s.program, summarize(s.schedule, s.program), 'session');
  const { header, buffers } = asPage(d);
  return buildModel(header, buffers);
}

/** One lane of `n` instructions of 1 ns each, back to back, then one of `wide` ns. */
function oneLane(n: number, wide: number): Model {
  const start = new Float64Array(n + 1);
  const end = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) {
    start[i] = i;
    end[i] = i + 1;
  }
  start[n] = n;
  end[n] = n + wide;
  const zeros = (k: number): ArrayBuffer => new ArrayBuffer(k);
  const header = {
    machine: 'trn2', program: 'session', total: n + wide, instructions: n + 1, cores: 1, lanesPerCore: 1, dmaQueues: 0, lanes: ['DVE'], clocks: {},
    files: ['t.bir'], opcodes: ['TensorScalar'], engineChoices: [], waitNames: ['start'], engines: [], warnings: [], psumConflicts: [],
  } as TimelineHeader;
  const buffers = {
    start: start.buffer, end: end.buffer, lane: zeros(4 * (n + 1)), queues: new Uint8Array(n + 1).fill(1).buffer, site: zeros(4 * (n + 1)),
    tick: Float64Array.from({ length: n + 1 }, (_, i) => i).buffer, waitedOn: new Int32Array(n + 1).fill(-1).buffer, waitKind: zeros(n + 1),
    hazardStart: zeros(4 * (n + 2)), hazardFrom: zeros(0), hazardKind: zeros(0), hazardWait: zeros(0),
    'site.file': zeros(4), 'site.line': Int32Array.of(5).buffer, 'site.col': Int32Array.of(3).buffer, 'site.opcode': zeros(4), 'site.engines': zeros(1), criticalPath: zeros(0),
  } as TimelineBuffers;
  return buildModel(header, buffers);
}

describe('timeline view: the page model', function () {
  this.timeout(20000);
  it('has one lane per engine and DMA queue with work, a transfer on each queue it spans', () => {
    const m = modelOf(PROGRAM);
    const names = m.lanes.map((l) => l.name);
    assert.deepStrictEqual(names.filter((n) => !n.startsWith('DMA')), ['ACT', 'DVE']);
    assert.deepStrictEqual(names.filter((n) => n.startsWith('DMA')), Array.from({ length: 16 }, (_, q) => `DMA q${q}`));
    // Both transfers move all 128 partitions: each queue lane holds both.
    for (const lane of m.lanes.filter((l) => l.name.startsWith('DMA'))) assert.deepStrictEqual([...lane.order], [0, 4]);
    assert.deepStrictEqual(Array.from({ length: m.count }, (_, i) => opcodeOf(m, i)), ['DmaCopy', 'TensorScalar', 'Activation', 'TensorTensor', 'DmaCopy']);
    assert.deepStrictEqual(Array.from({ length: m.count }, (_, i) => lineOfInstruction(m, i)), [7, 8, 9, 10, 11].map((k) => k));
    assert.strictEqual(lineOf(PROGRAM, 'TensorTensor'), 10);
    // The critical path ends with the last transfer, and is marked per instruction.
    assert.strictEqual(m.critical[m.critical.length - 1], 4);
    assert.ok(m.onPath[4] === 1 && m.onPath[0] === 1);
  });

  it('knows the engines each instruction may move to, and the one it runs on', () => {
    const src = PROGRAM.replace('TensorScalar u <- t, op = mul, scalar = 2', 'TensorScalar u <- t, op = mul, scalar = 2, engine = scalar');
    const m = modelOf(src);
    const choices = (i: number): string[] => engineChoices(m, i).map((c) => `${c.attribute} (${c.engine})${c.current ? ' now' : ''}`);
    // TensorScalar mul: vector or scalar (GpSimd takes only rsqrt), now on ACT; TensorTensor: vector or gpsimd.
    assert.deepStrictEqual(choices(1), ['scalar (ACT) now', 'vector (DVE)']);
    assert.deepStrictEqual(choices(3), ['vector (DVE) now', 'gpsimd (POOL)']);
    assert.deepStrictEqual(choices(2), [], 'Activation runs on ACT only');
    assert.deepStrictEqual(choices(0), [], 'nor does a transfer choose');
  });

  it('finds the instruction under a point and the one a stop is before', () => {
    const m = modelOf(PROGRAM);
    const act = m.lanes.find((l) => l.name === 'ACT')!;
    assert.strictEqual(instructionAt(m, act, (m.start[2] + m.end[2]) / 2, 0), 2);
    assert.strictEqual(instructionAt(m, act, m.end[2] + 1000, 1), -1, 'past its end, nothing');
    assert.strictEqual(instructionAt(m, act, m.end[2] + 0.5, 1), 2, 'within the slack of its end');
    assert.strictEqual(instructionOfTick(m, m.tick[3]), 3);
    assert.strictEqual(instructionOfTick(m, m.tick[4] + 1), -1, 'after every instruction');
  });
});

describe('timeline view: the level of detail', function () {
  // A million instructions are made for one of them: on a loaded machine, more than mocha's 2 s.
  this.timeout(20000);
  it('fills every visible bar wider than a pixel exactly', () => {
    const m = oneLane(1000, 50);
    const bars: [number, number, number][] = [];
    // 2 pixels per ns over 100 pixels from 100 ns: instructions 100 to 149 (99 ends, and 150 starts, at an edge).
    const n = visibleBars(m, m.lanes[0], 100, 0.5, 100, (i, x, w) => bars.push([i, x, w]));
    assert.strictEqual(n, 50);
    assert.deepStrictEqual(bars[0], [100, 0, 2]);
    assert.deepStrictEqual(bars[49], [149, 98, 2]);
    const shifted: number[] = [];
    visibleBars(m, m.lanes[0], 100.25, 0.5, 100, (i) => shifted.push(i));
    assert.deepStrictEqual([shifted[0], shifted[shifted.length - 1], shifted.length], [100, 150, 51], 'parts of bars at both edges');
  });

  it('merges sub-pixel bars into one per pixel, and still draws a wide bar that starts inside a merged pixel', () => {
    const m = oneLane(1_000_000, 400_000);
    const narrowPixels = new Set<number>();
    const bars: [number, number, number][] = [];
    let calls = 0;
    // 1,400,000 ns over 1,000 pixels: 1,400 instructions per pixel.
    const n = visibleBars(m, m.lanes[0], 0, 1400, 1000, (i, x, w) => {
      calls++;
      if (w === 1) narrowPixels.add(x);
      bars.push([i, x, w]);
    });
    assert.strictEqual(n, calls);
    // The narrow ones take 1,000,000 / 1,400 = 714.3 pixels: 715 merged pixels, each filled once.
    assert.strictEqual(n, 716);
    assert.strictEqual(narrowPixels.size, 715, 'no pixel filled twice');
    const last = bars[bars.length - 1];
    assert.strictEqual(last[0], 1_000_000, 'the wide instruction after a million narrow ones is drawn');
    assert.ok(Math.abs(last[2] - 400_000 / 1400) < 1e-9, `its width: ${last[2]}`);
  });
});

describe('timeline view: searches', () => {
  it('the galloping search from a start finds what the binary search finds, at every start', () => {
    const a = Float64Array.from([0, 0, 1, 1, 1, 2, 3, 5, 5, 8, 13, 13, 21]);
    for (let lo = 0; lo <= a.length; lo++) {
      for (const x of [-1, 0, 0.5, 1, 2, 4, 5, 6, 13, 20, 21, 22]) assert.strictEqual(gallop(a, x, lo), lowerBound(a, x, lo), `x = ${x} from ${lo}`);
    }
  });
});

describe('timeline view: messages and machines', () => {
  it('takes only well-formed requests of the page', () => {
    assert.ok(isFromTimelineView({ type: 'reveal', file: '/a.bir', line: 3, col: 1, instructions: 12 }));
    assert.ok(isFromTimelineView({ type: 'machine', machine: 'trn3' }));
    assert.ok(isFromTimelineView({ type: 'pass', pass: 'fuse' }));
    assert.ok(!isFromTimelineView({ type: 'pass', pass: 'fusion' }));
    assert.ok(!isFromTimelineView({ type: 'machine', machine: 'trn9' }));
    assert.ok(!isFromTimelineView({ type: 'reveal', file: '/a.bir', line: -1, col: 1, instructions: 0 }));
    assert.ok(!isFromTimelineView({ type: 'reveal', file: 3, line: 1, col: 1, instructions: 0 }));
    assert.ok(isFromTimelineView({ type: 'moveEngine', file: '/a.bir', line: 3, col: 3, attribute: 'gpsimd' }));
    assert.ok(!isFromTimelineView({ type: 'moveEngine', file: '/a.bir', line: 3, col: 3, attribute: 'pool' }));
    assert.ok(isFromTimelineView({ type: 'sizeConstant', file: '/a.bir', line: 3, col: 3 }));
    assert.ok(!isFromTimelineView({ type: 'sizeConstant', file: '/a.bir', line: 0.5, col: 3 }));
    assert.ok(!isFromTimelineView({ type: 'goto' }));
    assert.ok(!isFromTimelineView(null));
  });

  it('moves instructions with the words of the engine\'s attribute', () => {
    assert.deepStrictEqual([...ENGINE_ATTRIBUTES].sort(), Object.values(ENGINE_WORDS).sort());
  });

  it('offers the engine\'s passes for a quick what-if', () => {
    assert.deepStrictEqual([...PASSES], [...PASS_NAMES]);
  });

  it('offers the engine\'s machine profiles, as the setting bir.timeline.machine does', () => {
    assert.deepStrictEqual([...MACHINES], [...PROFILES.keys()]);
    const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8'));
    const setting = pkg.contributes.configuration.properties['bir.timeline.machine'];
    assert.deepStrictEqual(setting.enum, [...MACHINES]);
    assert.ok(MACHINES.includes(setting.default));
  });
});
