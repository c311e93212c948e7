// npm start: build and package the extension, install it into a locally served VS Code (prepared once, cached in
// .vscode-test/), and serve it with examples/ open on calls_loops.bir (the extension's walkthrough opens beside it the
// first time). No telemetry, no prompt about the repository's git folder. Prints the address; Ctrl+C stops it.
//
//   BIR_START_STATE=DIR  the profile (user data, server data, extensions) to use instead of .vscode-test/start
//   BIR_START_SKIP_PACKAGE=1  install the .vsix already in the repository instead of building one
//   PORT=N               serve on that port
import { execFileSync } from 'child_process';
import { mkdirSync, readdirSync } from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { freePort, installExtension, installVSCode, startServer, workbenchAddress } from './vscode-server.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE = 'calls_loops.bir';

/** What a first start shows: the example alone (no welcome page), the walkthrough beside it. */
const START_SETTINGS = { 'workbench.startupEditor': 'none' };

async function main() {
  // Before the long steps: the Debian packages VS Code needs, installed here when this user can.
  ensureSystemPackages((line) => console.log(line));
  if (!process.env.BIR_START_SKIP_PACKAGE) {
    console.log('Building and packaging the extension...');
    execFileSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const vsix = readdirSync(root).filter((f) => /^bir-debug-.*\.vsix$/.test(f)).sort().pop();
  if (!vsix) throw new Error('no bir-debug-*.vsix in the repository: run `npm run package`');
  console.log(`Preparing VS Code (once per machine; later starts reuse .vscode-test/)...`);
  installVSCode((line) => console.log(line));
  const state = path.resolve(process.env.BIR_START_STATE ?? path.join(root, '.vscode-test', 'start'));
  const extensionsDir = path.join(state, 'extensions');
  mkdirSync(extensionsDir, { recursive: true });
  installExtension(path.join(root, vsix), extensionsDir);
  const port = Number(process.env.PORT) || (await freePort());
  const server = await startServer({
    port, extensionsDir, userDataDir: path.join(state, 'user-data'), serverDataDir: path.join(state, 'server-data'), settings: START_SETTINGS,
  });
  const folder = path.join(root, 'examples');
  console.log(`\nThe BIR Debugger is served at ${workbenchAddress(server, folder, EXAMPLE)}`);
  console.log(`It opens examples/ on ${EXAMPLE}, with the walkthrough "Get started with the BIR Debugger" beside it the first time`);
  console.log('(later: BIR: Get Started in the command palette). Ctrl+C stops the server.');
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
