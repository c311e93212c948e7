/**
 * What the pass pipeline's snapshots hold (issue 22): a compiled model of N instructions (test/helpers/compiled-model.ts)
 * checked, then the full pipeline and dce and fuse once more (seven snapshots) run with every snapshot alive, as the
 * debugger keeps them; the bytes per instruction the heap and array buffers hold after a forced collection, before and
 * after the pipeline, the pipeline's CPU seconds and the process's peak RSS.
 *
 *   npx tsx bench/pass-snapshots.bench.ts [--size 200000] [--rounds 2] [--old DIR] [--json FILE]
 *
 * Each build measured is this file's probe bundled by esbuild against that checkout's engine (`--old DIR`, a checkout
 * of an older commit, measured in the same run, the two taking turns), run in a fresh node with --expose-gc.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { report, writeJson } from './harness';

const ROOT = path.join(__dirname, '..');
const PIPELINE = ['inline', 'dce', 'fuse', 'unroll', 'schedule', 'dce', 'fuse'];

/** The probe's source, importing the engine of checkout `root`. */
function probeSource(root: string): string {
  const at = (p: string): string => JSON.stringify(path.join(root, p));
  return `
import { checkProgram } from ${at('engine/lang/check/checker')};
import { runPipeline } from ${at('engine/passes/pipeline')};
import { straightLine } from ${at('test/helpers/compiled-model')};
const gc = (globalThis as { gc?: () => void }).gc!;
const used = (): number => { gc(); gc(); const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
const n = Number(process.argv[2]);
const text = straightLine(n).files.get('model.bir')!;
const host = { readText: () => text, exists: () => true };
const start = used();
const program = checkProgram('/virtual/model.bir', { host }).program!;
const checked = used();
const t = process.cpuUsage();
const snapshots = runPipeline(program, ${JSON.stringify(PIPELINE)} as never);
const cpu = process.cpuUsage(t);
const piped = used();
process.stdout.write(JSON.stringify({
  checkedBytesPerInstruction: (checked - start) / n,
  withSnapshotsBytesPerInstruction: (piped - start) / n,
  pipelineCpuSeconds: (cpu.user + cpu.system) / 1e6,
  peakMB: process.resourceUsage().maxRSS / 1024,
  snapshots: snapshots.length,
}));
`;
}

async function bundle(root: string, dir: string): Promise<string> {
  const esbuild = await import('esbuild');
  const source = path.join(dir, `probe-${path.basename(root)}.ts`);
  fs.writeFileSync(source, probeSource(root));
  const out = source.replace(/\.ts$/, '.js');
  await esbuild.build({ entryPoints: [source], outfile: out, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
  return out;
}

function value(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const size = Number(value('--size') ?? 200_000);
  const rounds = Number(value('--rounds') ?? 2);
  const old = value('--old');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-snapshots-'));
  try {
    const builds: [string, string][] = [['now', await bundle(ROOT, dir)], ...(old ? [['old', await bundle(path.resolve(old), dir)] as [string, string]] : [])];
    const results: Record<string, Record<string, number>> = {};
    for (let r = 0; r < rounds; r++) {
      for (const [name, probe] of builds) {
        const out = JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--max-old-space-size=16384', probe, String(size)], { encoding: 'utf8' })) as Record<string, number>;
        const best = results[name];
        // The round that held least is the one least disturbed by the collector's timing.
        if (!best || out.withSnapshotsBytesPerInstruction < best.withSnapshotsBytesPerInstruction) results[name] = { instructions: size, ...out };
      }
    }
    report('pass snapshots', results);
    writeJson(process.argv, results);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
