/**
 * `:history` pages: exactly HISTORY_PAGE writes each while more exist, the same on every run whatever the clock made
 * of the checkpoints (they fall every 4 ms of running), and together every write once, in order, with the last page
 * holding what is left. A page may end between two writes of one tick (the members of a fused group).
 */
import * as assert from 'assert';
import { DebugCore } from '../../engine/debug/debug-core';
import { DebugOutcome } from '../../engine/debug/replay';
import { HISTORY_PAGE } from '../../engine/debug/time-queries';
import { VariableInfo } from '../../engine/protocol/types';
import { runPipeline } from '../../engine/passes/pipeline';
import { npyMachineOptions } from '../../engine/run/simulate';
import { programOf } from '../helpers/virtual-host';

const WRITES = 2_500;

/** One element written WRITES times after a Memset: WRITES + 1 writes in all. */
const REWRITTEN = `module h

func main() {
  sbuf t : f32[1, 4]
  Memset t <- 0
  for r0 in 0..${WRITES} {
    TensorScalar t <- t, op = add, scalar = 1
  }
  Print "done"
}
`;

/**
 * Two instructions fused into one group, each writing the element: two writes at each tick of the group; one more
 * write after the loop puts the cut of every page between the two writes of a tick.
 */
const FUSED = `module g

func main() {
  sbuf t : f32[1, 4]
  Memset t <- 0
  for r0 in 0..1500 {
    TensorScalar t <- t, op = add, scalar = 1
    TensorScalar t <- t, op = mul, scalar = 1
  }
  Print "loop done"
  TensorScalar t <- t, op = add, scalar = 5
  Print "done"
}
`;

function settle(core: DebugCore, outcome: DebugOutcome): DebugOutcome {
  let o = outcome;
  while (o.kind === 'yield') o = core.run();
  return o;
}

/** A debug core stopped at the Print, with checkpoints timed by `clock`. */
function stoppedAtPrint(text: string, clock: () => number, passes: string[] = []): DebugCore {
  const snapshots = runPipeline(programOf(text), passes as never[]);
  const program = snapshots[snapshots.length - 1].program;
  const core = new DebugCore(program, npyMachineOptions({}), { clock }, new Int32Array(2));
  const line = text.split('\n').findIndex((l) => l.includes('Print "done"')) + 1;
  core.setBreakpoints(program.entry.file, [{ line }]);
  assert.strictEqual(settle(core, core.run()).kind, 'stopped');
  return core;
}

interface Page {
  readonly result: string;
  /** The write rows, without the row that opens the page before. */
  readonly writes: VariableInfo[];
  readonly earlier?: VariableInfo;
}

function pageOf(core: DebugCore, rows: VariableInfo[], result = ''): Page {
  const earlier = rows[0]?.name === '…' ? rows[0] : undefined;
  return { result, writes: earlier ? rows.slice(1) : rows, earlier };
}

/** Every page of a history, latest first. */
function allPages(core: DebugCore, expression: string): Page[] {
  const r = core.evaluate(`:history ${expression}`, undefined, 'repl');
  const pages = [pageOf(core, core.variables(r.reference), r.result)];
  for (let last = pages[0]; last.earlier; last = pages[pages.length - 1]) pages.push(pageOf(core, core.variables(last.earlier.reference)));
  return pages;
}

/** Clocks that put the checkpoints in different places: each look at the clock advances it by its own steps. */
const CLOCKS: [string, () => () => number][] = [
  ['a clock of 1 ms per look', () => { let ms = 0; return () => (ms += 1); }],
  ['a clock of 3 ms per look', () => { let ms = 0; return () => (ms += 3); }],
  ['a clock of uneven steps', () => { let ms = 0; let k = 0; return () => (ms += [0.5, 7, 1.5, 2, 11][k++ % 5]); }],
  ['a clock that never reaches 4 ms', () => () => 0],
];

describe(':history pages', () => {
  it(`are exactly ${HISTORY_PAGE} writes while more exist, and the same wherever checkpoints fell`, () => {
    const seen: string[][] = [];
    for (const [name, clock] of CLOCKS) {
      const pages = allPages(stoppedAtPrint(REWRITTEN, clock()), 't[0, 0]');
      assert.match(pages[0].result, new RegExp(`^t\\[0, 0\\]: the latest ${HISTORY_PAGE} writes \\(instructions `), name);
      const sizes = pages.map((p) => p.writes.length);
      const total = WRITES + 1;
      const full = Math.floor(total / HISTORY_PAGE);
      assert.deepStrictEqual(sizes, [...new Array<number>(full).fill(HISTORY_PAGE), total - full * HISTORY_PAGE], `${name}: pages of ${sizes.join(', ')}`);
      // Oldest first on each page, the pages latest first: together every write once, in order.
      const rows = pages.slice().reverse().flatMap((p) => p.writes.map((w) => `${w.name} ${w.value}`));
      const counts = rows.map((r) => Number(/^#([\d,]+)/.exec(r)![1].replace(/,/g, '')));
      assert.ok(counts.every((c, i) => i === 0 || c > counts[i - 1]), `${name}: every write once, in order`);
      assert.match(rows[0], /<uninit> → 0: Memset/);
      seen.push(rows);
    }
    for (const rows of seen.slice(1)) assert.deepStrictEqual(rows, seen[0], 'the same pages whatever the clock');
  });

  it('may end between two writes of one tick (a fused group), and the page before holds the other', () => {
    // Memset, then each iteration's add and mul, then the last add: 3,002 writes, each change in its place.
    const expected = ['<uninit> → 0', ...Array.from({ length: 1500 }, (_, i) => [`${i} → ${i + 1}`, `${i + 1} → ${i + 1}`]).flat(), '1500 → 1505'];
    for (const [name, clock] of CLOCKS.slice(0, 3)) {
      const pages = allPages(stoppedAtPrint(FUSED, clock(), ['fuse']), 't[0, 0]');
      const sizes = pages.map((p) => p.writes.length);
      assert.deepStrictEqual(sizes, [HISTORY_PAGE, HISTORY_PAGE, HISTORY_PAGE, 2], `${name}: pages of ${sizes.join(', ')}`);
      assert.match(pages[0].writes[0].value, /^1001 → 1001: TensorScalar \(in fusion group/, 'the first page starts with the second write of a tick');
      const changes = pages.slice().reverse().flatMap((p) => p.writes.map((w) => /^(.*? → [^:]*):/.exec(w.value)![1]));
      assert.deepStrictEqual(changes, expected, name);
    }
  });
});
