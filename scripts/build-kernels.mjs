// Compiles the WebAssembly kernels (engine/kernels/wasm/, AssemblyScript) into dist/kernels.wasm with SIMD,
// optimised by Binaryen (inside the AssemblyScript compiler). esbuild.mjs runs it before bundling and embeds the
// bytes in each bundle; running the engine from its TypeScript sources (tests, benchmarks) runs it when the
// file is missing or older than its sources (engine/kernels/wasm-bytes.ts).
// Usage: node scripts/build-kernels.mjs [--if-stale]
import { mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'fs';
import { dirname, join } from 'path';
import { fileURLToPath } from 'url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SOURCES = join(root, 'engine', 'kernels', 'wasm');
export const OUTPUT = join(root, 'dist', 'kernels.wasm');

// No assertions and no allocator: the kernels only read and write buffers the host lays out.
const FLAGS = ['--enable', 'simd', '-O3', '--runtime', 'stub', '--noAssert', '--initialMemory', '1'];

/** True when the output is missing or older than one of its sources. */
export function isStale() {
  let built;
  try {
    built = statSync(OUTPUT).mtimeMs;
  } catch {
    return true;
  }
  return readdirSync(SOURCES).some((f) => statSync(join(SOURCES, f)).mtimeMs > built);
}

export async function buildKernels() {
  // Imported here: loading the compiler takes a moment, and a fresh build is the only use of it.
  const { default: asc } = await import('assemblyscript/asc');
  let binary;
  let errors = '';
  const { error } = await asc.main([join(SOURCES, 'index.ts'), ...FLAGS, '--outFile', 'kernels.wasm'], {
    writeFile: (name, contents) => {
      if (name.endsWith('.wasm')) binary = contents;
    },
    stdout: { write: () => true },
    stderr: { write: (text) => ((errors += text), true) },
  });
  if (error || !binary) throw new Error(`the WebAssembly kernels do not compile:\n${errors || error}`);
  // Written whole and renamed, so that a test run reading the file never sees half of it.
  mkdirSync(dirname(OUTPUT), { recursive: true });
  const partial = `${OUTPUT}.${process.pid}.tmp`;
  writeFileSync(partial, binary);
  renameSync(partial, OUTPUT);
  return binary;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || isStale()) await buildKernels();
}
