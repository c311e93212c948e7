// bir-sim profile: the summary a terminal shows, the Chrome/Perfetto trace it writes, and its refusals.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main as cli } from '../../engine/cli/bir-sim';

const EXAMPLES = path.resolve(__dirname, '../../examples');

function run(argv: string[]): { status: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const status = cli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { status, out: out.join('\n'), err: err.join('\n') };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts?: number;
  dur?: number;
  cat?: string;
  args: Record<string, unknown>;
}

describe('perf: bir-sim profile', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-profile-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('prints the total, each engine’s busy time, the critical path and the small-DMA warning', () => {
    const r = run(['profile', path.join(EXAMPLES, 'matmul_tiled.bir'), '--machine', 'trn1']);
    assert.equal(r.status, 0, r.err);
    assert.match(r.out, /--- profile on trn1 \(a first-order model, not cycle-accurate\) ---/);
    assert.match(r.out, /^total: [\d.]+ µs \(21 instructions\)$/m);
    assert.match(r.out, /^PE {12}[\d.]+ ns/m);
    assert.match(r.out, /^DMA per queue/m);
    assert.match(r.out, /^critical path: \d+ instructions/m);
    assert.match(r.out, /matmul_tiled\.bir:37 +DmaCopy/);
    assert.match(r.out, /DMA transfers? under 2048 bytes per partition \(lines 37, 38, 42, 50\)/);
  });

  it('lists the PSUM bank conflicts with their lines: two accumulation groups packed in one bank', () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-banks-'));
    try {
      const file = path.join(own, 'banks.bir');
      fs.writeFileSync(file, `module t
dram a : bf16[128, 256] input = random(seed=1)
dram o : f32[128, 512] output
func main() {
  sbuf x : bf16[128, 256]
  psum p : f32[128, 256]
  psum q : f32[128, 256]
  sbuf y : f32[128, 512]
  DmaCopy x <- a
  MatMult p <- x[0:128, 0:128], x
  MatMult q <- x[0:128, 0:128], x
  TensorCopy y[0:128, 0:256] <- p
  TensorCopy y[0:128, 256:512] <- q
  DmaCopy o <- y
}
`);
      const r = run(['profile', file]);
      assert.equal(r.status, 0, r.err);
      assert.match(r.out, /PSUM bank conflicts at lines 11, 12: /);
      assert.match(r.out, /^PSUM bank conflicts \(the hardware serialises them; the model does not delay them\):\n {2}.*banks\.bir:11 +line 11 \(MatMult\) starts an accumulation group in PSUM bank 0 while the group of line 10 \(MatMult\) holds it unread/m);
      assert.match(r.out, /banks\.bir:12 +line 12 \(TensorCopy, DVE\) accesses PSUM bank 0 while line 11 \(MatMult, PE\) does/);
      const json = JSON.parse(run(['profile', file, '--json']).out);
      assert.deepEqual(json.psumConflicts.map((c: { kind: string; line: number }) => [c.kind, c.line]), [['groups', 11], ['engines', 12]]);
    } finally {
      fs.rmSync(own, { recursive: true, force: true });
    }
  });

  it('writes a Chrome/Perfetto trace: complete events in µs, one named thread per lane, the critical path marked', () => {
    const trace = path.join(dir, 'trace.json');
    const r = run(['profile', path.join(EXAMPLES, 'matmul_tiled.bir'), '--trace', trace, '--json']);
    assert.equal(r.status, 0, r.err);
    const summary = JSON.parse(r.out) as { total: number; machine: string };
    assert.equal(summary.machine, 'trn2');
    const events = (JSON.parse(fs.readFileSync(trace, 'utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    const complete = events.filter((e) => e.ph === 'X');
    const threads = new Map(events.filter((e) => e.name === 'thread_name').map((e) => [e.tid, e.args.name]));
    assert.ok(complete.length >= 21, 'an event per instruction, one per queue of a DMA transfer');
    for (const e of complete) assert.ok(threads.has(e.tid), `thread ${e.tid} is named`);
    assert.deepEqual(new Set(threads.values()), new Set(['PE', 'DVE', ...Array.from({ length: 16 }, (_, q) => `DMA q${q}`)]));
    const end = Math.max(...complete.map((e) => e.ts! + e.dur!));
    assert.ok(Math.abs(end - summary.total / 1000) < 1e-9, 'ts and dur are microseconds');
    assert.ok(complete.some((e) => e.cat === 'critical' && e.args.critical === true));
    assert.ok(complete.every((e) => typeof e.args.line === 'number'));
    assert.deepEqual(fs.readdirSync(dir), ['trace.json'], 'written atomically: no temporary file is left');
  });

  it('takes a JSON profile that overrides fields, and refuses a bad one naming the field', () => {
    const good = path.join(dir, 'fast-dma.json');
    fs.writeFileSync(good, JSON.stringify({ base: 'trn1', dmaFixedNs: 0, dmaBytesPerNs: 1000 }));
    const slow = run(['profile', path.join(EXAMPLES, 'matmul_tiled.bir'), '--machine', 'trn1', '--json']);
    const fast = run(['profile', path.join(EXAMPLES, 'matmul_tiled.bir'), '--machine', good, '--json']);
    assert.equal(fast.status, 0, fast.err);
    assert.ok((JSON.parse(fast.out) as { total: number }).total < (JSON.parse(slow.out) as { total: number }).total / 5);
    const bad = path.join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ dmaBytesPerNs: -3 }));
    const refused = run(['profile', path.join(EXAMPLES, 'matmul_tiled.bir'), '--machine', bad]);
    assert.equal(refused.status, 2);
    assert.match(refused.err, /--machine: .*bad\.json: 'dmaBytesPerNs': /);
    const unknown = run(['profile', path.join(EXAMPLES, 'matmul_tiled.bir'), '--machine', 'trn9']);
    assert.match(unknown.err, /unknown machine 'trn9'/);
    const nowhere = run(['profile', path.join(EXAMPLES, 'matmul_tiled.bir'), '--trace', path.join(dir, 'no', 'such', 't.json')]);
    assert.equal(nowhere.status, 2);
    assert.match(nowhere.err, /--trace: no such folder/);
  });

  it('profiles two cores: a lane per engine of each core', () => {
    const r = run(['profile', path.join(EXAMPLES, 'two_cores.bir'), '--json']);
    assert.equal(r.status, 0, r.err);
    const s = JSON.parse(r.out) as { engines: { core: number; engine: string }[] };
    assert.deepEqual([...new Set(s.engines.map((e) => e.core))], [0, 1]);
  });
});
