/**
 * The limits a user relies on, measured over stdio with the real adapter and worker (`node esbuild.mjs` first):
 *   npx tsx bench/limits.bench.ts [--json FILE]
 * - terminate → `terminated`, in every state: running an endless loop, stopped, during a slow launch, while the
 *   engine is busy with a long evaluation, inside one long instruction;
 * - `bir/graph` of a 200,000-node function: the answer's size and time (it comes in parts);
 * - reductions and a hover summary of a 1 GiB tensor.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { performance } from 'perf_hooks';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { report, writeJson } from './harness';

const ROOT = path.join(__dirname, '..');
const DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-limits-'));

function program(name: string, text: string): string {
  const file = path.join(DIR, name);
  fs.writeFileSync(file, text);
  return file;
}

const ENDLESS = program('endless.bir', 'module endless\nfunc main() {\n  for r0 in 0..1000000000000 {\n    Set r1 = r0 + 1\n  }\n}\n');
const BIG_CHECK = program('big.bir', `module big\nfunc main() {\n${'  Set r0 = r0 + 1\n'.repeat(150_000)}}\n`);
const HUGE = program('huge.bir', 'module huge\ndram a : f32[16384, 16384] = iota\nfunc main() {\n  Set r0 = 1\n}\n');
const LONG_MATMUL = program('matmul.bir', `module mm
dram x : f32[128, 128] = iota
dram w : f32[128, 512] = iota
func main() {
  sbuf xs : f32[128, 128]
  sbuf ws : f32[128, 512]
  psum acc : f32[128, 512]
  DmaCopy xs <- x
  DmaCopy ws <- w
  for r0 in 0..100000 {
    MatMult acc <- xs, ws
  }
}
`);

function graphProgram(): string {
  const body: string[] = [];
  for (let i = 0; i < 50_000; i++) body.push(`  for r1 in 0..2 {\n    TensorScalar t <- t, op = add, scalar = 1\n    TensorTensor u <- t, u, op = add\n  }\n  Memset t <- ${i % 100}`);
  return program('graph.bir', `module big\nfunc main() {\n  sbuf t : f32[128, 8]\n  sbuf u : f32[128, 8]\n  Memset u <- 0\n${body.join('\n')}\n}\n`);
}

async function client(): Promise<DebugClient> {
  const dc = new DebugClient('node', path.join(ROOT, 'dist', 'adapter.js'), 'bir');
  await dc.start();
  await dc.initializeRequest();
  return dc;
}

async function stopped(dc: DebugClient, args: Record<string, unknown>): Promise<number> {
  await dc.launchRequest(args as never);
  await dc.configurationDoneRequest();
  await dc.waitForEvent('stopped', 120_000);
  return (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0].id;
}

/** Milliseconds from terminate to `terminated`, after `before` has put the session in its state. */
async function terminateIn(before: (dc: DebugClient) => Promise<void>): Promise<number> {
  const dc = await client();
  try {
    await before(dc);
    const t0 = performance.now();
    const terminated = dc.waitForEvent('terminated', 30_000);
    await dc.terminateRequest({});
    await terminated;
    return performance.now() - t0;
  } finally {
    await dc.stop();
  }
}

async function terminateLatencies(): Promise<Record<string, number>> {
  return {
    runningMs: await terminateIn(async (dc) => {
      await dc.launchRequest({ program: ENDLESS } as never);
      await dc.configurationDoneRequest();
      await new Promise((r) => setTimeout(r, 300));
    }),
    stoppedMs: await terminateIn(async (dc) => void (await stopped(dc, { program: ENDLESS, stopOnEntry: true }))),
    duringLaunchMs: await terminateIn(async (dc) => {
      void dc.launchRequest({ program: BIG_CHECK } as never).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
    }),
    busyEvaluateMs: await terminateIn(async (dc) => {
      const frameId = await stopped(dc, { program: HUGE, stopOnEntry: true });
      void dc.evaluateRequest({ expression: 'sum(a * a + a)', frameId, context: 'repl' }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 200));
    }),
    insideLongInstructionsMs: await terminateIn(async (dc) => {
      await dc.launchRequest({ program: LONG_MATMUL } as never);
      await dc.configurationDoneRequest();
      await new Promise((r) => setTimeout(r, 300));
    }),
  };
}

async function largeAnswers(): Promise<Record<string, number>> {
  const dc = await client();
  try {
    let frameId = await stopped(dc, { program: graphProgram(), stopOnEntry: true });
    let t0 = performance.now();
    const first = await dc.customRequest('bir/graph', {});
    const graphFirstMs = performance.now() - t0;
    t0 = performance.now();
    const again = await dc.customRequest('bir/graph', {});
    const graphAgainMs = performance.now() - t0;
    const block = (again.body as { regions: { id: string }[] }).regions[3].id;
    t0 = performance.now();
    const part = await dc.customRequest('bir/graph', { expand: [block] });
    const expandMs = performance.now() - t0;
    await dc.disconnectRequest({});
    await dc.stop();

    const huge = await client();
    frameId = await stopped(huge, { program: HUGE, stopOnEntry: true });
    const timed = async (expression: string, context: string): Promise<number> => {
      const s = performance.now();
      await huge.evaluateRequest({ expression, frameId, context });
      return performance.now() - s;
    };
    const hover1GiBMs = await timed('a', 'hover');
    const sum1GiBMs = await timed('sum(a)', 'repl');
    const mean1GiBMs = await timed('mean(a * a + 1)', 'repl');
    await huge.disconnectRequest({});
    await huge.stop();
    return {
      graph200kNodes: (first.body as { total: number }).total,
      graphFirstAnswerMs: graphFirstMs,
      graphAnswerMs: graphAgainMs,
      graphAnswerKB: JSON.stringify(again.body).length / 1000,
      expandBlockMs: expandMs,
      expandBlockKB: JSON.stringify(part.body).length / 1000,
      hover1GiBMs,
      sum1GiBMs,
      mean1GiBMs,
    };
  } catch (e) {
    await dc.stop().catch(() => undefined);
    throw e;
  }
}

async function main(): Promise<void> {
  try {
    const results = { terminate: await terminateLatencies(), large: await largeAnswers() };
    report('limits', results);
    writeJson(process.argv, results);
  } finally {
    fs.rmSync(DIR, { recursive: true, force: true });
  }
}

void main();
