/**
 * Small column instructions and register-dependent views (issue 23, item 2), measured in one run:
 *   npx tsx bench/views.bench.ts [--json FILE]
 * A TensorTensor on [128, 1] columns of a [128, 64] f32 tile, with constant bounds and with bounds from a register
 * (`t[0:128, r3 : r3+1]`), each net of its loop: the same loop with only a `Set` in its body is timed beside them,
 * the variants taking turns. Measured twice: as bundled by esbuild (what the extension and bir-sim run) and under
 * tsx (CommonJS, whose imports are getters: slower per call).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Machine } from '../engine/machine/machine';
import { Interpreter } from '../engine/run/interpreter';
import { bestOfRounds, report, virtualProgram, writeJson } from './harness';

const N = 100_000;

function program(body: string): string {
  return `module views
func main() {
  sbuf t : f32[128, 64]
  Iota t <- base = 0, pstep = 64, fstep = 1
  Set r3 = 5
  for r0 in 0..${N} {
    ${body}
  }
}
`;
}

const VARIANTS = {
  loop: program('Set r2 = r0'),
  constant: program('TensorTensor t[0:128, 5:6] <- t[0:128, 4:5], t[0:128, 5:6], op = add'),
  register: program('TensorTensor t[0:128, r3 : r3+1] <- t[0:128, r3-1 : r3], t[0:128, r3 : r3+1], op = add'),
};

function columnViews(): Record<string, number> {
  const runs = {} as Record<keyof typeof VARIANTS, () => void>;
  for (const k of Object.keys(VARIANTS) as (keyof typeof VARIANTS)[]) {
    const p = virtualProgram(VARIANTS[k]);
    runs[k] = () => void new Interpreter(new Machine(p)).runFast();
  }
  const s = bestOfRounds(5, runs);
  const constant = s.constant - s.loop;
  const register = s.register - s.loop;
  return { instructions: N, constantPerSecond: N / constant, registerPerSecond: N / register, registerOverConstant: register / constant };
}

/** This file bundled as the extension's engine is, then run in a fresh node: its figures as JSON on stdout. */
async function bundled(): Promise<Record<string, number>> {
  const esbuild = await import('esbuild');
  const root = path.resolve(__dirname, '..');
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bir-views-')), 'views.js');
  const kernels = JSON.stringify(fs.readFileSync(path.join(root, 'dist', 'kernels.wasm')).toString('base64'));
  await esbuild.build({
    entryPoints: [__filename], outfile: out, bundle: true, platform: 'node', format: 'cjs', target: 'node20',
    logLevel: 'warning', define: { BIR_KERNELS_WASM: kernels }, external: ['esbuild'],
  });
  try {
    return JSON.parse(execFileSync(process.execPath, [out, '--measure'], { encoding: 'utf8' })) as Record<string, number>;
  } finally {
    fs.rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv.includes('--measure')) {
    process.stdout.write(JSON.stringify(columnViews()));
    return;
  }
  // The kernels' bytes come from dist/kernels.wasm, built from the sources when missing: running once here builds it.
  const tsx = columnViews();
  const results = { columnViewsBundled: await bundled(), columnViewsTsx: tsx };
  report('views', results);
  writeJson(process.argv, results);
}

void main();
