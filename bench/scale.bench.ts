/**
 * Compiled-model scale (issue 22): programs in a compiler's shape (test/helpers/compiled-model.ts) of 100k, 1M and
 * 5M instructions, and what the bundled tools do with them, each in a process of its own:
 *
 * - the floor: the file read and split into lines (`fs.readFileSync` + `split('\n')`), what no parser can beat;
 * - `bir-sim check`: seconds (wall and CPU), lines per CPU second, peak RSS, and its ratio to the floor;
 * - bytes a checked program keeps per instruction (test/helpers/program-memory-probe.ts, a forced collection);
 * - `bir-sim run`: seconds and peak RSS;
 * - `bir-sim run --passes P` (P the full pipeline and dce and fuse once more: seven snapshots): seconds and peak RSS,
 *   the measure of what the pass snapshots hold (`--skip passes` leaves it out; sizes above 1M are not tried);
 * - F5 over stdio (the real adapter and its worker): launch with stopOnEntry to the stop, then the graph view's
 *   first drawing (`bir/graph`, collapsed to the hierarchy), the answer's size, what the debugger shows at the stop
 *   (call stack, variables, a breakpoint in the middle, hover, disassembly windows, the outline of passes, a step:
 *   milliseconds each), and the adapter's peak RSS.
 *
 *   node esbuild.mjs && npx tsx bench/scale.bench.ts [--sizes 100000,1000000,5000000] [--skip run,f5,memory]
 *     [--modules K] [--old DIR] [--json FILE]
 *
 * `--modules K` splits each program over K modules the way a compiler splits a model (splitOverModules: a function
 * per module, called in turn from the entry module); the floor then reads and splits every file.
 *
 * `--old DIR` measures a checkout of an older commit too (its own `dist/`, built there), in the same run, size by
 * size, so that the before and after see the same machine.
 */
import { execFileSync, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { ModelProgram, splitOverModules, straightLine } from '../test/helpers/compiled-model';
import { processCpuMs } from './harness';

const ROOT = path.join(__dirname, '..');
const PIPELINE = 'inline,dce,fuse,unroll,schedule,dce,fuse';

interface Options {
  readonly sizes: number[];
  readonly skip: Set<string>;
  readonly old?: string;
  readonly json?: string;
  /** Modules each program is split over; 0 for one file. */
  readonly modules: number;
}

function options(argv: string[]): Options {
  const value = (flag: string): string | undefined => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const sizes = (value('--sizes') ?? '100000,1000000,5000000').split(',').map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`--sizes takes instruction counts, like 100000,1000000: ${value('--sizes')}`);
  const modules = Number(value('--modules') ?? 0);
  if (!Number.isInteger(modules) || modules < 0) throw new Error(`--modules takes a count of modules, like 50: ${value('--modules')}`);
  return { sizes, skip: new Set((value('--skip') ?? '').split(',').filter(Boolean)), old: value('--old'), json: value('--json'), modules };
}

/**
 * Seconds (wall and CPU: user and system, every thread) and peak RSS (MB) of a command, from /usr/bin/time; its
 * output is dropped. On a shared machine the CPU seconds are the measure: the wall clock counts the waits for a core.
 */
function timed(command: string, args: string[]): { seconds: number; cpuSeconds: number; peakMB: number; status: number | null } {
  const out = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', command, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  const last = out.stderr.trim().split('\n').pop() ?? '';
  const [seconds, user, system, kb] = last.split(' ').map(Number);
  return { seconds, cpuSeconds: user + system, peakMB: kb / 1024, status: out.status };
}

/** The floor: CPU seconds to read the files and split them into lines, in a fresh process (the best of three). */
function readAndSplit(files: readonly string[]): number {
  const script = `const fs = require('fs'); let best = Infinity;
    for (let i = 0; i < 3; i++) { const t = process.cpuUsage(); let n = 0;
      for (const f of ${JSON.stringify(files)}) n += fs.readFileSync(f, 'utf8').split('\\n').length;
      if (n < 1) throw new Error('empty'); const u = process.cpuUsage(t); best = Math.min(best, (u.user + u.system) / 1e6); }
    process.stdout.write(String(best));`;
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8', maxBuffer: 1 << 20 }));
}

/** Bytes the checked program keeps per instruction, after a forced collection (the probe generates its own copy). */
function retainedPerInstruction(n: number): number {
  const probe = path.join(ROOT, 'test', 'helpers', 'program-memory-probe.ts');
  const out = execFileSync(process.execPath, ['--expose-gc', '-r', 'tsx/cjs', probe, String(n)], { encoding: 'utf8', maxBuffer: 1 << 20, cwd: ROOT });
  return (JSON.parse(out) as { checkedBytesPerInstruction: number }).checkedBytesPerInstruction;
}

/** The peak RSS of a process, in MB, from /proc (Linux), or NaN. */
function peakOf(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status);
    return kb ? Number(kb[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** F5 over stdio: the launch to the stop on entry, then the graph view's first drawing. */
async function f5(root: string, file: string): Promise<Record<string, number>> {
  const dc = new DebugClient('node', path.join(root, 'dist', 'adapter.js'), 'bir');
  dc.defaultTimeout = 30 * 60_000;
  await dc.start();
  const pid = (dc as unknown as { _adapterProcess?: { pid?: number } })._adapterProcess?.pid;
  try {
    await dc.initializeRequest();
    const t0 = performance.now();
    const stopped = dc.waitForEvent('stopped');
    await dc.launchRequest({ program: file, stopOnEntry: true } as never);
    await dc.configurationDoneRequest();
    await stopped;
    const toStop = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    const c1 = pid === undefined ? NaN : processCpuMs(pid);
    const graph = await dc.customRequest('bir/graph', {});
    const graphSeconds = (performance.now() - t1) / 1000;
    // The adapter's CPU (its engine's thread included) while it answers: the measure a shared machine disturbs least.
    const graphCpuSeconds = pid === undefined ? NaN : (processCpuMs(pid) - c1) / 1000;
    const atStop = await requestsAtTheStop(dc, file);
    return { f5ToStopSeconds: toStop, graphFirstSeconds: graphSeconds, graphFirstCpuSeconds: graphCpuSeconds, graphAnswerKB: JSON.stringify(graph.body).length / 1000, ...atStop, f5PeakMB: peakOf(pid) };
  } finally {
    await dc.disconnectRequest({}).catch(() => undefined);
    await dc.stop();
  }
}

/** Milliseconds of a request's round trip. */
async function ms(work: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await work();
  return performance.now() - t;
}

/**
 * What the debugger shows at the stop on entry, each request's round trip in milliseconds (the issue's "instant"):
 * the call stack, the Variables view, a breakpoint in the middle of the program, a hover, a disassembly window at the
 * stop and in the middle, the outline of passes, and a step (request to `stopped`).
 */
async function requestsAtTheStop(dc: DebugClient, file: string): Promise<Record<string, number>> {
  let frames: DebugProtocol.StackFrame[] = [];
  const stackTraceMs = await ms(async () => (frames = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames));
  const top = frames[0];
  const variablesMs = await ms(async () => {
    const scopes = (await dc.scopesRequest({ frameId: top.id })).body.scopes;
    for (const scope of scopes) if (!scope.expensive) await dc.variablesRequest({ variablesReference: scope.variablesReference });
  });
  const middle = Math.floor(lineCountOf(file) / 2);
  const setBreakpointsMs = await ms(() => dc.setBreakpointsRequest({ source: { path: file }, breakpoints: [{ line: middle }] }));
  const hoverMs = await ms(() => dc.evaluateRequest({ expression: 'x', frameId: top.id, context: 'hover' }));
  const reference = top.instructionPointerReference ?? '0';
  const disassembleMs = await ms(() => dc.customRequest('disassemble', { memoryReference: reference, instructionOffset: -50, instructionCount: 100, resolveSymbols: true }));
  const disassembleFarMs = await ms(() => dc.customRequest('disassemble', { memoryReference: reference, instructionOffset: 2_000_000, instructionCount: 100, resolveSymbols: true }));
  const passOutlineMs = await ms(() => dc.customRequest('bir/passGraphs', {}));
  const stepMs = await ms(async () => {
    const stopped = dc.waitForEvent('stopped');
    await dc.nextRequest({ threadId: 1 });
    await stopped;
  });
  return { stackTraceMs, variablesMs, setBreakpointsMs, hoverMs, disassembleMs, disassembleFarMs, passOutlineMs, stepMs };
}

/** The lines of a program's entry file. */
function lineCountOf(file: string): number {
  return fs.readFileSync(file, 'utf8').split('\n').length;
}

/** Everything measured of one build (`root`) on one program. */
async function measure(root: string, file: string, lines: number, floor: number, o: Options): Promise<Record<string, number>> {
  const cli = path.join(root, 'dist', 'cli.js');
  const check = timed(process.execPath, [cli, 'check', file]);
  const out: Record<string, number> = {
    checkSeconds: check.seconds, checkCpuSeconds: check.cpuSeconds, checkLinesPerCpuSecond: lines / check.cpuSeconds, checkPeakMB: check.peakMB,
    checkCpuOverReadAndSplit: check.cpuSeconds / floor, checkOk: check.status === 0 ? 1 : 0,
  };
  if (!o.skip.has('run')) {
    const run = timed(process.execPath, [cli, 'run', file]);
    Object.assign(out, { runSeconds: run.seconds, runCpuSeconds: run.cpuSeconds, runPeakMB: run.peakMB, runOk: run.status === 0 ? 1 : 0 });
  }
  if (!o.skip.has('passes') && lines <= 1_000_100) {
    const run = timed(process.execPath, ['--max-old-space-size=16384', cli, 'run', '--passes', PIPELINE, file]);
    Object.assign(out, { passesCpuSeconds: run.cpuSeconds, passesPeakMB: run.peakMB, passesOk: run.status === 0 ? 1 : 0 });
  }
  if (!o.skip.has('f5')) Object.assign(out, await f5(root, file));
  return out;
}

/** The program of `n` instructions written into `dir`: its entry file, every file, and its size. */
function writeProgram(dir: string, n: number, modules: number): { file: string; files: string[]; lines: number; megabytes: number } {
  const program: ModelProgram = modules > 0 ? splitOverModules(n, modules) : straightLine(n);
  const files: string[] = [];
  let lines = 0;
  let bytes = 0;
  for (const [name, text] of program.files) {
    const file = path.join(dir, name === 'model.bir' ? `model-${n}.bir` : name);
    fs.writeFileSync(file, text);
    files.push(file);
    lines += text.split('\n').length - 1;
    bytes += text.length;
  }
  return { file: files[0], files, lines, megabytes: bytes / 1e6 };
}

async function main(): Promise<void> {
  const o = options(process.argv);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-scale-'));
  const results: Record<string, Record<string, number>> = {};
  try {
    for (const n of o.sizes) {
      const { file, files, lines, megabytes } = writeProgram(dir, n, o.modules);
      const floor = readAndSplit(files);
      const base = { instructions: n, modules: o.modules, lines, megabytes, readAndSplitCpuSeconds: floor };
      const retained: Record<string, number> = !o.skip.has('memory') && n <= 1_000_000 ? { retainedBytesPerInstruction: retainedPerInstruction(n) } : {};
      results[`${n}`] = { ...base, ...retained, ...(await measure(ROOT, file, lines, floor, o)) };
      if (o.old) results[`${n} (old)`] = { ...base, ...(await measure(o.old, file, lines, floor, o)) };
      console.log(`${n}: ${JSON.stringify(results[`${n}`])}${o.old ? `\n${n} (old): ${JSON.stringify(results[`${n} (old)`])}` : ''}`);
      for (const f of files) fs.rmSync(f);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (o.json) fs.writeFileSync(o.json, `${JSON.stringify({ node: process.version, date: new Date().toISOString(), results }, null, 2)}\n`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
