/**
 * Where a run's time went, per opcode (issue 23): `bir-sim run --stats` and `--stats-json`, and the launch attribute
 * `stats` with `:stats` in the Debug Console. The counts are checked against a program counted by hand; times are
 * only checked to order the table.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { main as cli } from '../../engine/cli/bir-sim';
import { InProcessEngine } from '../../engine/host/in-process-engine';
import { EngineEvent } from '../../engine/protocol/types';

/**
 * By hand: Memset 1 (32 elements); TensorScalar 5 in `body` (32 each) and 3 on a column a register places (4 each):
 * 8, 172; TensorReduce 5 reading [4, 8] into [4, 1]: 160 (its larger operand); Set 1 (none); TensorCopy of a
 * [r2, 2] view with r2 = 3: 6; DmaCopy 1 (32).
 */
const PROGRAM = `module stats
dram y : f32[4, 8] output
func body(t: sbuf f32[4, 8], r3) {
  TensorScalar t <- t, op = add, scalar = r3
}
func main() {
  sbuf acc : f32[4, 8]
  sbuf col : f32[4, 1]
  Memset acc <- 0
  for r0 in 0..5 {
    call body(acc, r0)
    TensorReduce col <- acc, op = add
  }
  for r1 in 0..3 {
    TensorScalar acc[0:4, r1:r1+1] <- acc[0:4, r1:r1+1], op = mul, scalar = 2
  }
  Set r2 = 3
  TensorCopy acc[0:r2, 0:2] <- acc[0:r2, 2:4]
  DmaCopy y <- acc
}
`;

const EXPECTED: readonly [string, number, number][] = [
  ['TensorScalar', 8, 172], ['TensorReduce', 5, 160], ['Memset', 1, 32], ['DmaCopy', 1, 32], ['TensorCopy', 1, 6], ['Set', 1, 0],
];

interface Row {
  readonly opcode: string;
  readonly instructions: number;
  readonly elements: number;
  readonly ms: number;
}

/** The opcode rows of a printed table, in order. */
function rowsOf(table: string): Row[] {
  const lines = table.split('\n');
  const header = lines.findIndex((l) => /^opcode\s+instructions\s+elements\s+time ms\s+share\s+instructions\/s\s+elements\/s$/.test(l));
  assert.ok(header > 0, table);
  const rows: Row[] = [];
  for (const line of lines.slice(header + 1)) {
    const m = /^(\S+)\s+([\d,]+)\s+([\d,]+)\s+([\d.]+)\s+[\d.]+%\s+\S+\s+\S+$/.exec(line);
    if (!m) break;
    rows.push({ opcode: m[1], instructions: Number(m[2].replace(/,/g, '')), elements: Number(m[3].replace(/,/g, '')), ms: Number(m[4]) });
  }
  return rows;
}

function assertCounts(rows: readonly { opcode: string; instructions: number; elements: number }[], expected = EXPECTED): void {
  const byOpcode = Object.fromEntries(rows.map((r) => [r.opcode, [r.instructions, r.elements]]));
  assert.deepStrictEqual(byOpcode, Object.fromEntries(expected.map(([op, n, e]) => [op, [n, e]])));
}

function assertByTime(rows: readonly { ms: number }[]): void {
  for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].ms >= rows[i].ms, `sorted by time: ${JSON.stringify(rows)}`);
}

describe('per-opcode statistics of a run', () => {
  let dir: string;
  let program: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-stats-'));
    program = path.join(dir, 'stats.bir');
    fs.writeFileSync(program, PROGRAM);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function run(argv: string[]): { status: number; out: string; err: string } {
    const out: string[] = [];
    const err: string[] = [];
    const status = cli(argv, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { status, out: out.join('\n'), err: err.join('\n') };
  }

  it('bir-sim run --stats prints each opcode\'s instructions and elements on standard error, the most time first', () => {
    const r = run(['run', program, '--stats']);
    assert.strictEqual(r.status, 0, r.err);
    assert.doesNotMatch(r.out, /time per opcode/, 'the table is not mixed with the program\'s output');
    assert.match(r.err, /^--- time per opcode ---$/m);
    const rows = rowsOf(r.err);
    assertCounts(rows);
    assertByTime(rows);
    assert.match(r.err, /^instructions: [\d.]+ ms of the run's [\d.]+ ms; the other [\d.]+ ms \([\d.]+%\) went to loops, calls, branches and the timing itself$/m);
  });

  it('bir-sim run --stats-json FILE writes the same figures as JSON; a plain run prints no table', () => {
    const file = path.join(dir, 'stats.json');
    const r = run(['run', program, '--stats-json', file]);
    assert.strictEqual(r.status, 0, r.err);
    assert.doesNotMatch(r.err, /time per opcode/, 'the table only with --stats');
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { runMs: number; opcodes: Row[] };
    assert.ok(json.runMs > 0);
    assertCounts(json.opcodes);
    assertByTime(json.opcodes);
    assert.doesNotMatch(run(['run', program]).err, /time per opcode/);
  });

  it('a file the statistics cannot be written to is exit status 2, saying why', () => {
    const r = run(['run', program, '--stats-json', path.join(dir, 'no-such-folder', 'stats.json')]);
    assert.strictEqual(r.status, 2);
    assert.match(r.err, /^bir-sim: cannot write the statistics to .*no-such-folder.*: ENOENT/m);
  });

  it('a Barrier counts as an instruction with no time of its own', () => {
    const file = path.join(dir, 'barrier.bir');
    fs.writeFileSync(file, 'module barrier\ncores 2\nfunc main() {\n  Set r0 = core\n  Barrier\n}\n');
    const rows = rowsOf(run(['run', file, '--stats']).err);
    assertCounts(rows, [['Set', 2, 0], ['Barrier', 2, 0]]);
  });

  describe('in a debug session (the launch attribute stats)', () => {
    async function session(launch: Record<string, unknown>): Promise<{ engine: InProcessEngine; console: () => string; next: (kind: EngineEvent['kind']) => Promise<EngineEvent> }> {
      const engine = new InProcessEngine();
      const events: EngineEvent[] = [];
      const waiting: { kind: string; resolve: (e: EngineEvent) => void }[] = [];
      engine.onEvent((e) => {
        events.push(e);
        const i = waiting.findIndex((w) => w.kind === e.kind);
        if (i >= 0) waiting.splice(i, 1)[0].resolve(e);
      });
      const r = await engine.request('launch', { program, ...launch });
      assert.ok(r.ok, JSON.stringify(r));
      const console = (): string => events.filter((e): e is Extract<EngineEvent, { kind: 'output' }> => e.kind === 'output').map((e) => e.text).join('');
      return { engine, console, next: (kind) => new Promise((resolve) => waiting.push({ kind, resolve })) };
    }

    it('the end of a run without debugging prints the table after the summary', async () => {
      const s = await session({ noDebug: true, stats: true });
      const exited = s.next('exited');
      await s.engine.request('configurationDone', {});
      await exited;
      const text = s.console();
      assert.ok(text.indexOf('--- time per opcode ---') > text.indexOf('Run ended with exit code 0'), text);
      assertCounts(rowsOf(text));
    });

    it(':stats gives the table so far at a stop; what time travel replays is not counted again', async () => {
      const s = await session({ stats: true });
      await s.engine.request('setBreakpoints', { path: program, breakpoints: [{ line: 17 }] });
      const stopped = s.next('stopped');
      await s.engine.request('configurationDone', {});
      await stopped;
      const soFar = await s.engine.request('evaluate', { expression: ':stats', context: 'repl' });
      assertCounts(rowsOf(soFar.result), [['TensorScalar', 8, 172], ['TensorReduce', 5, 160], ['Memset', 1, 32]]);
      // Back to the start and forward again over the same instructions: replayed, not run anew.
      const back = s.next('stopped');
      await s.engine.request('evaluate', { expression: ':goto 3', context: 'repl' });
      await back;
      const exited = s.next('exited');
      await s.engine.request('setBreakpoints', { path: program, breakpoints: [] });
      await s.engine.request('continue', { threadId: 1 });
      await exited;
      assertCounts(rowsOf(s.console()));
    });

    it(':stats alone in a run that keeps none names the launch attribute; :stats EXPR is as before', async () => {
      const s = await session({ stopOnEntry: true });
      const stopped = s.next('stopped');
      await s.engine.request('configurationDone', {});
      await stopped;
      await assert.rejects(s.engine.request('evaluate', { expression: ':stats', context: 'repl' }), /set the launch attribute 'stats' to true/);
      const acc = await s.engine.request('evaluate', { expression: ':stats acc', context: 'repl' });
      assert.match(acc.result, /^f32\[4, 8\]: 32 elements/);
      await s.engine.request('terminate', {});
    });
  });
});
