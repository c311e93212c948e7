// Bundles each entry point into dist/: the extension, the stdio adapter, the language server, the engine worker, the CLI, the webview.
import * as esbuild from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'fs';
import { buildKernels, isStale, OUTPUT as KERNELS } from './scripts/build-kernels.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// Each long step says what it does (npm install runs this as its prepare script, after a long quiet download).
const started = Date.now();
const log = (line) => console.log(line);

// The engine's WebAssembly kernels, compiled from engine/kernels/wasm/ and carried inside every bundle that holds
// the engine (engine/kernels/wasm-bytes.ts reads the constant): nothing to ship or find beside the bundles.
if (isStale()) {
  log('build: compiling the WebAssembly kernels (engine/kernels/wasm/, AssemblyScript) into dist/kernels.wasm...');
  await buildKernels();
}
const kernels = JSON.stringify(readFileSync(KERNELS).toString('base64'));

const node = { platform: 'node', format: 'cjs', target: 'node20', bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', define: { BIR_KERNELS_WASM: kernels } };

const entries = [
  { ...node, entryPoints: ['engine/cli/main.ts'], outfile: 'dist/cli.js' },
  { ...node, entryPoints: ['engine/host/worker.ts'], outfile: 'dist/engine-worker.js' },
  { ...node, entryPoints: ['adapter/stdio.ts'], outfile: 'dist/adapter.js' },
  { ...node, entryPoints: ['language/server.ts'], outfile: 'dist/language-server.js' },
  { ...node, entryPoints: ['extension/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] },
  { platform: 'browser', format: 'iife', target: 'es2022', bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', entryPoints: ['webview/graph/main.ts'], outfile: 'dist/webview.js' },
  { platform: 'browser', format: 'iife', target: 'es2022', bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', entryPoints: ['webview/tensor/main.ts'], outfile: 'dist/tensor-view.js' },
  { platform: 'browser', format: 'iife', target: 'es2022', bundle: true, sourcemap: !production, minify: production, logLevel: 'warning', entryPoints: ['webview/timeline/main.ts'], outfile: 'dist/timeline-view.js' },
].filter((e) => existsSync(e.entryPoints[0]));

// The suite that runs inside a real VS Code extension host (test/vscode), built beside the bundles.
const vscodeTests = readdirSync('test/vscode').filter((f) => f === 'index.ts' || f.endsWith('.test.ts'));
if (!production) {
  entries.push({ ...node, entryPoints: vscodeTests.map((f) => `test/vscode/${f}`), outdir: 'out/test/vscode', external: ['vscode', 'mocha'], sourcemap: 'inline' });
}

const outputs = entries.map((e) => e.outfile ?? `${e.outdir}/`);
log(`build: bundling ${outputs.join(', ')} (esbuild${production ? ', for production' : ''})...`);
if (watch) {
  for (const e of entries) await (await esbuild.context(e)).watch();
  log('build: watching for changes');
} else {
  await Promise.all(entries.map((e) => esbuild.build(e)));
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
