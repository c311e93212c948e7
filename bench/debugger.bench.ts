/**
 * Debugger benchmarks, measured in one run and reported as ratios and latencies:
 *   npx tsx bench/debugger.bench.ts [--json FILE]
 * - the debug loop with breakpoints set but never hit, divided by the fast loop, on the same program (the history of
 *   time travel off: its cost is measured by bench/time-travel.bench.ts), and the same with the history on, as a
 *   session runs by default;
 * - a conditional breakpoint evaluated at every instruction, divided by the plain debug loop;
 * - 8 data breakpoints on regions of a tensor that every iteration reads and writes elsewhere (disjoint rows; and
 *   interleaved strided columns, where every access is compared with every region), ÷ the plain debug loop;
 * - the step round trip (next -> stopped) over stdio with the real adapter and worker, median and 95th percentile;
 * - the first page of variables of a 128x512 tensor, and a hover evaluate of a 128x512 access pattern.
 */
import * as path from 'path';
import { performance } from 'perf_hooks';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugCore } from '../engine/debug/debug-core';
import { Machine } from '../engine/machine/machine';
import { Interpreter } from '../engine/run/interpreter';
import { bestOfRounds, report, virtualProgram, writeJson } from './harness';

const LOOP = (n: number) => `module loop
dram y : f32[4, 16] output
func main() {
  sbuf a : f32[4, 16]
  Memset a <- 0
  Set r1 = 0
  for r0 in 0..${n} {
    Set r1 = r1 + r0 * 2 + 1
    TensorScalar a <- a, op = add, scalar = 1
    Set r2 = r1 % 7
  }
  DmaCopy y <- a
}
`;

/** Runs the debug loop to the end of the program. */
function debugLoop(program: ReturnType<typeof virtualProgram>, setup: (core: DebugCore) => void, historyMiB = 0): () => void {
  return () => {
    const core = new DebugCore(program, {}, { historyMiB }, new Int32Array(2));
    setup(core);
    for (let outcome = core.run(); outcome.kind !== 'ended'; outcome = core.run()) {
      if (outcome.kind === 'stopped') core.continue();
    }
  };
}

function loopRatios(): Record<string, number> {
  const program = virtualProgram(LOOP(300_000));
  // Rounds alternate between the variants, so that a load on the shared machine falls on all of them alike.
  const t = bestOfRounds(5, {
    fast: () => new Interpreter(new Machine(program)).runFast(),
    // Breakpoints on lines the run never reaches (a branch never taken is simulated by a line after the loop end).
    withBreakpoints: debugLoop(program, (core) => {
      core.setBreakpoints('/virtual/bench.bir', [{ line: 2 }, { line: 12 }]);
      core.setFunctionBreakpoints([{ name: 'nothing' }]);
    }),
    conditional: debugLoop(program, (core) => {
      core.setBreakpoints('/virtual/bench.bir', [{ line: 8, condition: 'r0 < 0' }, { line: 9, condition: 'r0 < 0' }, { line: 10, condition: 'r0 < 0' }]);
    }),
    plainDebug: debugLoop(program, () => undefined),
    recorded: debugLoop(program, () => undefined, 512),
  });
  const { fast, withBreakpoints, conditional, plainDebug, recorded } = t;
  return {
    instructions: 300_000 * 3 + 4,
    fastSeconds: fast,
    debugWithBreakpointsSeconds: withBreakpoints,
    debugOverFast: withBreakpoints / fast,
    conditionalEveryInstructionSeconds: conditional,
    conditionalOverDebug: conditional / plainDebug,
    debugWithHistorySeconds: recorded,
    debugWithHistoryOverFast: recorded / fast,
  };
}

/** Every iteration reads and writes `access` (r3 is one of 0..7); the data breakpoints watch regions it never touches. */
const WATCHED = (n: number, access: string) => `module watched
dram y : f32[16, 16] output
func main() {
  sbuf a : f32[16, 16]
  Memset a <- 0
  Set r1 = 0
  for r0 in 0..${n} {
    Set r1 = r1 + r0 * 2 + 1
    Set r3 = r0 % 8
    TensorScalar ${access} <- ${access}, op = add, scalar = 1
    Set r2 = r1 % 7
  }
  DmaCopy y <- a
}
`;

/**
 * 8 data breakpoints ÷ the plain debug loop, on two layouts: rows 8..15 while the loop touches rows 0..7 (one look at
 * the hull of the regions rules each access out), and the odd columns of rows 0..7 while the loop touches the even
 * ones (every access is compared with every region, strided ranges solved for a common index).
 */
function dataBreakpointRatios(): Record<string, number> {
  const n = 200_000;
  const layouts = {
    rows: { access: 'a[r3, 0:16]', regions: Array.from({ length: 8 }, (_, i) => `a[${8 + i}, 0:16]`) },
    interleaved: { access: 'a[r3, 0:16:2]', regions: Array.from({ length: 8 }, (_, i) => `a[${i}, 1:16:2]`) },
  };
  const out: Record<string, number> = { instructions: n * 4 + 4 };
  for (const [name, layout] of Object.entries(layouts)) {
    const program = virtualProgram(WATCHED(n, layout.access));
    // Data ids asked at the entry as the Watch view would (once: data ids hold across runs).
    const probe = new DebugCore(program, {}, { historyMiB: 0, stopOnEntry: true }, new Int32Array(2));
    probe.run();
    const frameId = probe.stackTrace(1).frames[0].id;
    const ids = layout.regions.map((r) => probe.dataBreakpointInfo(undefined, r, frameId).dataId!);
    const watch = (accessType: string) => (core: DebugCore): void => {
      const infos = core.setDataBreakpoints(ids.map((dataId) => ({ dataId, accessType })));
      if (!infos.every((b) => b.verified)) throw new Error(`a data breakpoint of the benchmark is not verified: ${infos.map((b) => b.message).join('; ')}`);
    };
    const runs = { plainDebug: debugLoop(program, () => undefined), writes8: debugLoop(program, watch('write')), readWrites8: debugLoop(program, watch('readWrite')) };
    // Ratios are taken within each round (the variants run back to back, in turns), and their median reported: on a
    // shared, loaded machine a ratio of one round's runs is steadier than a ratio of two best-of times.
    const ratios = { writes8: [] as number[], readWrites8: [] as number[] };
    const plain: number[] = [];
    for (let round = 0; round < 9; round++) {
      const t = bestOfRounds(1, runs);
      plain.push(t.plainDebug);
      ratios.writes8.push(t.writes8 / t.plainDebug);
      ratios.readWrites8.push(t.readWrites8 / t.plainDebug);
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    out[`${name}PlainDebugSeconds`] = Math.min(...plain);
    out[`${name}Write8OverDebug`] = median(ratios.writes8);
    out[`${name}ReadWrite8OverDebug`] = median(ratios.readWrites8);
  }
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

async function overStdio(): Promise<Record<string, number>> {
  const root = path.join(__dirname, '..');
  const dc = new DebugClient('node', path.join(root, 'dist', 'adapter.js'), 'bir');
  await dc.start();
  try {
    await dc.initializeRequest();
    const file = path.join(root, 'bench', 'programs', 'steps.bir');
    await dc.launchRequest({ program: file, stopOnEntry: true } as never);
    await dc.configurationDoneRequest();
    await dc.waitForEvent('stopped');
    const times: number[] = [];
    for (let i = 0; i < 1000; i++) {
      const t0 = performance.now();
      const stopped = dc.waitForEvent('stopped');
      await dc.nextRequest({ threadId: 1 });
      await stopped;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const stack = await dc.stackTraceRequest({ threadId: 1 });
    const frameId = stack.body.stackFrames[0].id;
    const scopes = await dc.scopesRequest({ frameId });
    const locals = await dc.variablesRequest({ variablesReference: scopes.body.scopes[0].variablesReference });
    const big = locals.body.variables.find((v) => v.name === 'big')!;
    const pageTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await dc.variablesRequest({ variablesReference: big.variablesReference, start: 0, count: 100 });
      pageTimes.push(performance.now() - t0);
    }
    const hoverTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await dc.evaluateRequest({ expression: 'big[0:128, r0 : r0 + 512]', frameId, context: 'hover' });
      hoverTimes.push(performance.now() - t0);
    }
    pageTimes.sort((a, b) => a - b);
    hoverTimes.sort((a, b) => a - b);
    return {
      steps: times.length,
      stepMedianMs: percentile(times, 0.5),
      stepP95Ms: percentile(times, 0.95),
      variablesFirstPage128x512MedianMs: percentile(pageTimes, 0.5),
      hoverEvaluate128x512MedianMs: percentile(hoverTimes, 0.5),
    };
  } finally {
    await dc.disconnectRequest({}).catch(() => undefined);
    await dc.stop();
  }
}

async function main(): Promise<void> {
  // `--data` measures the data breakpoints alone (quick to run while working on them).
  if (process.argv.includes('--data')) {
    const data = { dataBreakpoints: dataBreakpointRatios() };
    report('debugger', data);
    writeJson(process.argv, data);
    return;
  }
  const results = { debugLoop: loopRatios(), dataBreakpoints: dataBreakpointRatios(), stdio: await overStdio() };
  report('debugger', results);
  writeJson(process.argv, results);
}

void main();
