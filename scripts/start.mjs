// npm start: build and package the extension, install it into a locally served VS Code (prepared once, cached in
// .vscode-test/), and serve it with examples/ open. Prints the address; Ctrl+C stops it.
import { execFileSync } from 'child_process';
import { mkdirSync, readdirSync } from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { freePort, installExtension, installVSCode, startServer } from './vscode-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  console.log('Building and packaging the extension...');
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const vsix = readdirSync(root).filter((f) => /^bir-debug-.*\.vsix$/.test(f)).sort().pop();
  console.log(`Preparing VS Code (once per machine; later starts reuse .vscode-test/)...`);
  installVSCode((line) => console.log(line));
  const state = path.join(root, '.vscode-test', 'start');
  const extensionsDir = path.join(state, 'extensions');
  mkdirSync(extensionsDir, { recursive: true });
  installExtension(path.join(root, vsix), extensionsDir);
  const port = Number(process.env.PORT) || (await freePort());
  const server = await startServer({
    port, extensionsDir, userDataDir: path.join(state, 'user-data'), serverDataDir: path.join(state, 'server-data'),
  });
  const folder = path.join(root, 'examples');
  console.log(`\nThe BIR Debugger is served at ${server.url}/?folder=${encodeURIComponent(folder)}`);
  console.log('Open an example (calls_loops.bir is a good start), set a breakpoint with F9 and press F5. Ctrl+C stops the server.');
  const stop = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  server.child.on('exit', (code) => {
    console.error(`The VS Code server exited (${code}).`);
    process.exit(code ?? 1);
  });
}

main().catch((e) => {
  console.error(e.message ?? e);
  process.exit(1);
});
