/**
 * The debug loop against the fast loop as a user meets them (issue 23): the same program launched through the real
 * adapter over stdio (dist/adapter.js and its engine worker), once with `noDebug` and once under the debugger with
 * breakpoints set that are hit only at the end (the last line), the history of time travel off (`historyMiB: 0`) and
 * on (the default); then with a conditional breakpoint that is never true and with data breakpoints that are never
 * hit. The time is from configurationDone (the run starts) to the end (`terminated`) or the stop at the last line.
 *   node esbuild.mjs && npx tsx bench/debug-loop.bench.ts [--rounds 3] [--scale 1] [--json FILE]
 * Rounds alternate the variants, each a fresh adapter; the best of each is kept and the ratios are of those bests.
 * The data breakpoint is set at a stop on entry, so its variant is timed from the continue there.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugProtocol } from '@vscode/debugprotocol';
import { processCpuMs, report, writeJson } from './harness';

/** The program: a million calls of a function of two small instructions, and one more in the loop. */
const CALL_LOOP = (n: number): string => `module callloop
dram y : f32[1, 4] output
func body(t: sbuf f32[1, 4], r3) {
  TensorScalar t <- t, op = add, scalar = r3
  TensorScalar t <- t, op = mul, scalar = 0.5
}
func main() {
  sbuf acc : f32[1, 4]
  sbuf other : f32[1, 4]
  Memset acc <- 0
  for r0 in 0..${n} {
    call body(acc, r0)
    TensorScalar acc <- acc, op = add, scalar = 1
  }
  DmaCopy y <- acc
}
`;

/** bench/debugger.bench.ts's loop: register arithmetic and a small instruction, 3 instructions an iteration. */
const SET_LOOP = (n: number): string => `module setloop
dram y : f32[4, 16] output
func main() {
  sbuf acc : f32[4, 16]
  sbuf other : f32[4, 16]
  Memset acc <- 0
  Set r1 = 0
  for r0 in 0..${n} {
    Set r1 = r1 + r0 * 2 + 1
    TensorScalar acc <- acc, op = add, scalar = 1
    Set r2 = r1 % 7
  }
  DmaCopy y <- acc
}
`;

/** A kernel's shape: the scores, mask and softmax of one attention tile of 128 x 128, again and again. */
const KERNEL_LOOP = (n: number): string => `module kernelloop
dram q : f32[64, 128] input = random(seed=1, low=-1, high=1)
dram y : f32[128, 128] output
func main() {
  sbuf acc : f32[128, 128]
  sbuf other : f32[4, 4]
  sbuf qT : bf16[64, 128]
  psum sp : f32[128, 128]
  sbuf ms : f32[128, 128]
  sbuf mx : f32[128, 1]
  sbuf ex : f32[128, 128]
  sbuf sm : f32[128, 1]
  DmaCopy qT <- q
  for r0 in 0..${n} {
    MatMult sp <- qT, qT
    Activation ms <- sp, func = identity, scale = 0.125
    TensorReduce mx <- ms, op = max
    TensorScalar mx <- mx, op = mul, scalar = -1
    Activation ex <- ms, func = exp, bias = mx
    TensorReduce sm <- ex, op = add
    TensorScalar acc <- ex, op = mul, scalar = sm
  }
  DmaCopy y <- acc
}
`;

interface Case {
  readonly name: string;
  readonly text: string;
  readonly instructions: number;
  /** A line in the loop, for the conditional breakpoint. */
  readonly loopLine: number;
}

type Variant = 'fast' | 'debug' | 'history' | 'conditional' | 'data';

const ADAPTER = path.join(__dirname, '..', 'dist', 'adapter.js');

function lineOf(text: string, what: string): number {
  return text.split('\n').findIndex((l) => l.includes(what)) + 1;
}

/** The run's summary line in the Debug Console: the engine sends it as the run ends. */
function summary(dc: DebugClient): Promise<DebugProtocol.Event> {
  return new Promise((resolve) => {
    const listener = (e: DebugProtocol.OutputEvent): void => {
      if (!e.body.output.startsWith('Run ended')) return;
      dc.removeListener('output', listener);
      resolve(e);
    };
    dc.on('output', listener);
  });
}

interface Time { readonly wall: number; readonly cpu: number }

/** One launch of a variant: ms from configurationDone to the end of the run (or the stop at its end), wall and CPU. */
async function launch(file: string, c: Case, variant: Variant): Promise<Time> {
  const dc = new DebugClient('node', ADAPTER, 'bir');
  await dc.start();
  const pid = (dc as unknown as { _adapterProcess: { pid: number } })._adapterProcess.pid;
  try {
    await dc.initializeRequest();
    const last = lineOf(c.text, 'DmaCopy y');
    const noDebug = variant === 'fast';
    const history = variant === 'debug' ? { historyMiB: 0 } : {};
    const initialized = dc.waitForEvent('initialized', 120_000);
    await dc.launchRequest({ program: file, noDebug, stopOnEntry: variant === 'data', ...history } as never);
    await initialized;
    if (!noDebug) {
      const breakpoints = [{ line: last }, ...(variant === 'conditional' ? [{ line: c.loopLine, condition: 'r0 < 0' }] : [])];
      await dc.setBreakpointsRequest({ source: { path: file }, breakpoints });
      await dc.setFunctionBreakpointsRequest({ breakpoints: [{ name: 'nothing' }] });
    }
    // The end of a run without debugging is its summary (the adapter's shutdown of the engine that follows is not the run).
    const end = noDebug ? summary(dc) : dc.waitForEvent('stopped', 600_000);
    let t0 = performance.now();
    let c0 = processCpuMs(pid);
    await dc.configurationDoneRequest();
    if (variant === 'data') {
      // Stopped on entry: watch a tensor the loop never touches, then run to the end.
      const entry = (await end) as DebugProtocol.StoppedEvent;
      const frameId = (await dc.stackTraceRequest({ threadId: entry.body.threadId ?? 1 })).body.stackFrames[0].id;
      const info = await dc.customRequest('dataBreakpointInfo', { name: 'other', frameId });
      const set = await dc.customRequest('setDataBreakpoints', { breakpoints: [{ dataId: info.body.dataId, accessType: 'readWrite' }] });
      if (!set.body.breakpoints[0]?.verified) throw new Error('the data breakpoint was not verified');
      const stopped = dc.waitForEvent('stopped', 600_000);
      t0 = performance.now();
      c0 = processCpuMs(pid);
      await dc.continueRequest({ threadId: entry.body.threadId ?? 1 });
      const event = await stopped;
      if (event.body.reason !== 'breakpoint') throw new Error(`${c.name} ${variant}: stopped for '${event.body.reason}', not at the last line`);
      return { wall: performance.now() - t0, cpu: processCpuMs(pid) - c0 };
    }
    const event = await end;
    if (!noDebug && (event as DebugProtocol.StoppedEvent).body.reason !== 'breakpoint') throw new Error(`${c.name} ${variant}: stopped for '${(event as DebugProtocol.StoppedEvent).body.reason}', not at the last line`);
    return { wall: performance.now() - t0, cpu: processCpuMs(pid) - c0 };
  } finally {
    await dc.disconnectRequest({}).catch(() => undefined);
    await dc.stop();
  }
}

/** Every variant of a case, rounds alternating; conditions and data breakpoints are compared with the history on, as they run. */
async function measure(c: Case, rounds: number): Promise<Record<string, number>> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bir-debug-loop-')), `${c.name}.bir`);
  fs.writeFileSync(file, c.text);
  const variants: Variant[] = ['fast', 'debug', 'history', 'conditional', 'data'];
  const wall = Object.fromEntries(variants.map((v) => [v, Infinity])) as Record<Variant, number>;
  const cpu = { ...wall };
  for (let r = 0; r < rounds; r++) {
    for (const v of variants) {
      const t = await launch(file, c, v);
      wall[v] = Math.min(wall[v], t.wall);
      cpu[v] = Math.min(cpu[v], t.cpu);
    }
  }
  const ratios = (best: Record<Variant, number>, unit: string): Record<string, number> => ({
    [`fast${unit}Seconds`]: best.fast / 1000,
    [`debug${unit}Seconds`]: best.debug / 1000,
    [`history${unit}Seconds`]: best.history / 1000,
    [`debugOverFast${unit}`]: best.debug / best.fast,
    [`historyOverFast${unit}`]: best.history / best.fast,
    [`conditionalOverHistory${unit}`]: best.conditional / best.history,
    [`dataOverHistory${unit}`]: best.data / best.history,
  });
  return { instructions: c.instructions, ...ratios(cpu, 'Cpu'), ...ratios(wall, 'Wall') };
}

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<void> {
  const rounds = option('--rounds', 3);
  const scale = option('--scale', 1);
  const n = (k: number): number => Math.round(k * scale);
  const cases: Case[] = [
    { name: 'callLoop', text: CALL_LOOP(n(1_000_000)), instructions: n(1_000_000) * 3 + 4, loopLine: lineOf(CALL_LOOP(1), 'call body') },
    { name: 'setLoop', text: SET_LOOP(n(1_000_000)), instructions: n(1_000_000) * 3 + 5, loopLine: lineOf(SET_LOOP(1), 'Set r2') },
    { name: 'kernelLoop', text: KERNEL_LOOP(n(2_000)), instructions: n(2_000) * 7 + 3, loopLine: lineOf(KERNEL_LOOP(1), 'TensorScalar acc') },
  ];
  const only = process.argv.indexOf('--case');
  const results: Record<string, Record<string, number>> = {};
  for (const c of cases) {
    if (only >= 0 && process.argv[only + 1] !== c.name) continue;
    results[c.name] = await measure(c, rounds);
    report('debug loop', { [c.name]: results[c.name] });
  }
  writeJson(process.argv, results);
}

void main();
