/**
 * The bytes of the WebAssembly kernels (engine/kernels/wasm/). Each bundle carries them: esbuild.mjs defines
 * BIR_KERNELS_WASM as their base64. Run from the TypeScript sources (unit tests, benchmarks, tsx), they are read
 * from dist/kernels.wasm, which is compiled first when it is missing or older than its sources.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

declare const BIR_KERNELS_WASM: string | undefined;

export function kernelBytes(): Uint8Array {
  if (typeof BIR_KERNELS_WASM === 'string') return Buffer.from(BIR_KERNELS_WASM, 'base64');
  return builtFromSources();
}

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCES = path.join(ROOT, 'engine', 'kernels', 'wasm');
const OUTPUT = path.join(ROOT, 'dist', 'kernels.wasm');
const BUILD = path.join(ROOT, 'scripts', 'build-kernels.mjs');

function builtFromSources(): Uint8Array {
  if (isStale()) {
    try {
      execFileSync(process.execPath, [BUILD], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    } catch (e) {
      const detail = (e as { stderr?: string }).stderr || (e as Error).message;
      throw new Error(`the WebAssembly kernels (dist/kernels.wasm) are missing or older than engine/kernels/wasm/, and building them failed; run 'npm install' and 'npm run build'.\n${detail}`);
    }
  }
  return fs.readFileSync(OUTPUT);
}

function isStale(): boolean {
  if (!fs.existsSync(OUTPUT)) return true;
  const built = fs.statSync(OUTPUT).mtimeMs;
  return fs.readdirSync(SOURCES).some((f) => fs.statSync(path.join(SOURCES, f)).mtimeMs > built);
}
