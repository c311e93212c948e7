/**
 * F5 on a big program, through the real adapter over stdio (dist/adapter.js and its engine worker, as VS Code runs
 * them): the time from starting the adapter to the first stop, at a breakpoint on line 2 of a 100,000-line program.
 *   npm run build && npx tsx bench/startup.bench.ts [--json FILE]
 * Each round is a fresh adapter process: nothing is warm, as on a real F5. The launch request's own time (parse,
 * check, the machine) is reported beside the whole.
 *
 * Then F5 on a small program (examples/softmax.bir) and on the big one as the extension's inline adapter sees it:
 * from asking for an engine to the stop on entry (line 2 of the big one), with an engine started then (cold) and
 * with the one SpareEngines kept loaded in reserve (warm), rounds taking turns.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { bigProgram } from './big-program';
import { report, writeJson } from './harness';
import { SpareEngines } from '../engine/host/spare-engines';
import { WorkerEngine } from '../engine/host/worker-engine';
import { EngineEvent } from '../engine/protocol/types';

const LINES = 100_000;
const ROUNDS = 3;

interface Round { readonly firstStopMs: number; readonly launchMs: number }

/** Starts the adapter, launches, sets the breakpoint when the adapter asks for configuration, and waits for the stop. */
async function f5(file: string): Promise<Round> {
  const dc = new DebugClient('node', path.join(__dirname, '..', 'dist', 'adapter.js'), 'bir');
  const t0 = performance.now();
  await dc.start();
  try {
    await dc.initializeRequest();
    const configured = dc.waitForEvent('initialized', 120_000).then(async () => {
      const set = await dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line: 2 }] });
      if (!set.body.breakpoints[0]?.verified) throw new Error('the breakpoint on line 2 was not verified');
      await dc.configurationDoneRequest();
    });
    const stopped = dc.waitForEvent('stopped', 120_000);
    const launchStart = performance.now();
    await dc.launchRequest({ program: file } as never);
    const launchMs = performance.now() - launchStart;
    await configured;
    const event = await stopped;
    const firstStopMs = performance.now() - t0;
    if (event.body.reason !== 'breakpoint') throw new Error(`stopped for '${event.body.reason}', not at the breakpoint`);
    const stack = await dc.stackTraceRequest({ threadId: event.body.threadId });
    if (stack.body.stackFrames[0]?.line !== 2) throw new Error(`stopped at line ${stack.body.stackFrames[0]?.line}, not 2`);
    return { firstStopMs, launchMs };
  } finally {
    await dc.disconnectRequest({}).catch(() => undefined);
    await dc.stop();
  }
}

const WORKER = path.join(__dirname, '..', 'dist', 'engine-worker.js');
const SMALL = path.join(__dirname, '..', 'examples', 'softmax.bir');

/** From asking for an engine to the stop on entry of a program. */
async function engineF5(program: string, take: () => WorkerEngine): Promise<number> {
  const t0 = performance.now();
  const engine = take();
  try {
    const stopped = new Promise<void>((resolve) => engine.onEvent((e: EngineEvent) => e.kind === 'stopped' && resolve()));
    const launched = await engine.request('launch', { program, stopOnEntry: true });
    if (!launched.ok) throw new Error(launched.message);
    await engine.request('configurationDone', {});
    await stopped;
    return performance.now() - t0;
  } finally {
    await engine.dispose();
  }
}

/** F5 as the inline adapter sees it, with an engine started then (cold) and with one kept in reserve (warm). */
async function engineColdAndWarm(program: string, rounds: number): Promise<Record<string, number>> {
  const cold: number[] = [];
  const warm: number[] = [];
  const spares = new SpareEngines(() => new WorkerEngine(WORKER));
  try {
    for (let i = 0; i < rounds; i++) {
      cold.push(await engineF5(program, () => new WorkerEngine(WORKER)));
      // A person opens the file and presses F5 a second later: the engine in reserve has loaded by then.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      warm.push(await engineF5(program, () => spares.take()));
    }
  } finally {
    await spares.dispose();
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { rounds, coldMs: median(cold), warmMs: median(warm), coldOverWarm: median(cold) / median(warm) };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-startup-'));
  try {
    const { text, lines } = bigProgram(LINES, 'called');
    const file = path.join(dir, 'big.bir');
    fs.writeFileSync(file, text);
    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push(await f5(file));
    const fastest = rounds.reduce((a, b) => (b.firstStopMs < a.firstStopMs ? b : a));
    const results = { f5: { lines, rounds: ROUNDS, firstStopMs: fastest.firstStopMs, launchRequestMs: fastest.launchMs }, smallProgramF5: await engineColdAndWarm(SMALL, 5), bigProgramEngineF5: await engineColdAndWarm(file, 3) };
    report('startup', results);
    writeJson(process.argv, results);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
