/**
 * Time travel, measured in one run on a program of 10 million instructions (`node esbuild.mjs` first):
 *   npx tsx bench/time-travel.bench.ts [--json FILE] [--instructions N]
 * - recording: the debug loop with the history on ÷ the same loop with it off (historyMiB 0), to the end of the run,
 *   in-process, alternating rounds;
 * - over stdio with the real adapter and worker, stopped after 10 million instructions: the stepBack round trip
 *   (request → stopped), median of 30; reverseContinue back across the 10 million instructions ÷ the forward continue
 *   across them; :history and :why of single elements (written once at the start, written at every iteration);
 * - the history's memory at the end against its bound.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { DebugCore } from '../engine/debug/debug-core';
import { report, virtualProgram, writeJson } from './harness';

const ROOT = path.join(__dirname, '..');
const arg = process.argv.indexOf('--instructions');
const INSTRUCTIONS = arg >= 0 ? Number(process.argv[arg + 1]) : 10_000_000;
/** Instructions per iteration of the loop below. */
const PER_ITERATION = 4;

/**
 * A reduction over rows with scalar bookkeeping: four instructions per iteration, one of them a tensor write; `mark`
 * runs before and after the loop (the breakpoint that reverseContinue and continue cross the loop between).
 */
function source(instructions: number): string {
  const n = Math.ceil(instructions / PER_ITERATION);
  return `module tt
dram x : f32[128, 64] input = iota
dram out : f32[1, 64] output

func main() {
  sbuf t : f32[128, 64]
  sbuf acc : f32[1, 64]
  DmaCopy t <- x
  Memset acc <- 0
  call mark(acc)
  for r1 in 0..${n} {
    Set r2 = r1 % 128
    Set r3 = r2 * 2
    TensorTensor acc <- acc, t[r2:r2+1, 0:64], op = add
    Set r4 = r3 + 1
  }
  call mark(acc)
  DmaCopy out <- acc
  Print "done"
}

func mark(a: sbuf f32[1, 64]) {
  TensorScalar a <- a, op = mul, scalar = 1
}
`;
}

const TEXT = source(INSTRUCTIONS);
const lineOf = (needle: string): number => TEXT.split('\n').findIndex((l) => l.includes(needle)) + 1;

/** Seconds of the debug loop to the end of the run, with the given history. */
function debugLoop(historyMiB: number): { seconds: number; historyBytes: number } {
  const program = virtualProgram(TEXT);
  const core = new DebugCore(program, {}, { historyMiB }, new Int32Array(2));
  const t0 = performance.now();
  for (let o = core.run(); o.kind !== 'ended'; o = core.run()) {
    if (o.kind === 'stopped') core.continue();
  }
  return { seconds: (performance.now() - t0) / 1000, historyBytes: core.travel.timeline?.journal.bytes ?? 0 };
}

function recording(): Record<string, number> {
  let off = Infinity;
  let on = Infinity;
  let bytes = 0;
  // Alternating rounds, best of each: the least disturbed by a shared machine.
  for (let round = 0; round < 3; round++) {
    off = Math.min(off, debugLoop(0).seconds);
    const r = debugLoop(512);
    on = Math.min(on, r.seconds);
    bytes = r.historyBytes;
  }
  return { instructions: INSTRUCTIONS, debugLoopSeconds: off, recordingSeconds: on, recordingOverDebugLoop: on / off, historyMiB: bytes / 2 ** 20 };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const r = await f();
  return [performance.now() - t0, r];
}

/** A move (a request followed by a stop) timed from the request to the stopped event. */
async function move(dc: DebugClient, command: string, args: Record<string, unknown>): Promise<number> {
  const [ms] = await timed(async () => {
    const stopped = dc.waitForEvent('stopped', 600_000);
    await dc.customRequest(command, args);
    await stopped;
  });
  return ms;
}

async function overStdio(file: string): Promise<Record<string, number>> {
  const dc = new DebugClient('node', path.join(ROOT, 'dist', 'adapter.js'), 'bir');
  await dc.start();
  try {
    await dc.initializeRequest();
    await dc.launchRequest({ program: file } as never);
    await dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line: lineOf('TensorScalar a') }] });
    const first = dc.waitForEvent('stopped', 600_000);
    await dc.configurationDoneRequest();
    await first;
    const forwardMs = await move(dc, 'continue', { threadId: 1 });
    const reverseMs = await move(dc, 'reverseContinue', { threadId: 1 });
    // To the end, where :history and :why look back over the whole run.
    await move(dc, 'continue', { threadId: 1 });
    await dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [] });
    const stepBack: number[] = [];
    for (let i = 0; i < 30; i++) stepBack.push(await move(dc, 'stepBack', { threadId: 1 }));
    const frameId = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].id;
    const query = async (expression: string): Promise<number> => (await timed(() => dc.evaluateRequest({ expression, frameId, context: 'repl' })))[0];
    const historyOnceMs = await query(':history t[5, 3]');
    const historyHotMs = await query(':history acc[0, 5]');
    const [whyMs, why] = await timed(() => dc.evaluateRequest({ expression: ':why acc[0, 5]', frameId, context: 'repl' }));
    const inputs = (await dc.variablesRequest({ variablesReference: why.body.variablesReference })).body.variables;
    const input = inputs.find((v) => v.name.startsWith('second operand'))!;
    const [whyInputMs] = await timed(() => dc.variablesRequest({ variablesReference: input.variablesReference }));
    return {
      forwardContinueMs: forwardMs,
      reverseContinueMs: reverseMs,
      reverseOverForward: reverseMs / forwardMs,
      stepBackMedianMs: median(stepBack),
      stepBackMaxMs: Math.max(...stepBack),
      historyWrittenOnceMs: historyOnceMs,
      historyWrittenEveryIterationMs: historyHotMs,
      whyMs,
      whyOpenInputMs: whyInputMs,
    };
  } finally {
    await dc.stop();
  }
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-time-travel-'));
  try {
    const file = path.join(dir, 'tt.bir');
    fs.writeFileSync(file, TEXT);
    const results = { recording: recording(), stdio: await overStdio(file) };
    report('time travel', results);
    writeJson(process.argv, results);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
