// npm start: build and package the extension, install it into a locally served VS Code (prepared once, cached in
// .vscode-test/), and serve it with examples/ open on calls_loops.bir (the extension's walkthrough opens beside it the
// first time). No telemetry, no prompt about the repository's git folder. Prints the address; Ctrl+C stops it (exit
// status 0). Each long step says what it does.
//
//   BIR_START_STATE=DIR  the profile (user data, server data, extensions) to use instead of .vscode-test/start
//   BIR_START_SKIP_PACKAGE=1  install the .vsix already in the repository instead of building one
//   PORT=N               serve on that port
import { spawn } from 'child_process';
import { mkdirSync, readdirSync } from 'fs';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { freePort, installExtension, installVSCode, startServer, workbenchAddress } from './vscode-server.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE = 'calls_loops.bir';

/** What a first start shows: the example alone (no welcome page), the walkthrough beside it. */
const START_SETTINGS = { 'workbench.startupEditor': 'none' };

/**
 * What npm start says when the server ends, and its exit status. Stopped here (Ctrl+C, a signal to npm start) or by
 * a signal (Ctrl+C reaches the server too: the terminal signals the whole process group) is a stop, status 0;
 * anything else is a crash, with the server's status.
 */
export function serverEnd({ code, signal, stopping }) {
  if (stopping || signal === 'SIGINT' || signal === 'SIGTERM' || signal === 'SIGHUP') return { message: 'Stopped the VS Code server.', status: 0 };
  if (code === 0) return { message: 'The VS Code server ended by itself (exit status 0).', status: 0 };
  return { message: `The VS Code server crashed (${code === null ? `signal ${signal}` : `exit status ${code}`}); the end of its output is above.`, status: code || 1 };
}

/**
 * Which lines of `npm run package` npm start shows: the build's own progress lines and vsce's verdicts (not the list
 * of files in the package, which `vsce ls --tree` shows).
 */
export function packagingLine(line) {
  return /^(build|built)\b/.test(line) || /^\s*(DONE|WARNING|ERROR)\b/.test(line);
}

/** Runs a command, printing the lines `show` keeps as they come; on a failure, all of its output, then throws. */
function runShowing(cmd, args, show) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let all = '';
    let partial = '';
    const read = (chunk) => {
      const text = chunk.toString();
      all += text;
      const lines = (partial + text).split('\n');
      partial = lines.pop();
      for (const line of lines) if (show(line)) console.log(`  ${line.trim()}`);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('error', reject);
    child.once('exit', (code) => {
      if (partial && show(partial)) console.log(`  ${partial.trim()}`);
      if (code === 0) return resolve();
      process.stderr.write(all);
      reject(new Error(`${cmd} ${args.join(' ')} failed (exit status ${code})`));
    });
  });
}

async function main() {
  // Before the long steps: the Debian packages VS Code needs, installed here when this user can.
  ensureSystemPackages((line) => console.log(line));
  if (!process.env.BIR_START_SKIP_PACKAGE) {
    console.log('Building the extension for production and packaging it as a .vsix (npm run package)...');
    await runShowing('npm', ['run', '--silent', 'package'], packagingLine);
  }
  const vsix = readdirSync(root).filter((f) => /^bir-debug-.*\.vsix$/.test(f)).sort().pop();
  if (!vsix) throw new Error('no bir-debug-*.vsix in the repository: run `npm run package`');
  console.log(`Preparing VS Code (once per machine; later starts reuse .vscode-test/)...`);
  installVSCode((line) => console.log(line));
  const state = path.resolve(process.env.BIR_START_STATE ?? path.join(root, '.vscode-test', 'start'));
  const extensionsDir = path.join(state, 'extensions');
  mkdirSync(extensionsDir, { recursive: true });
  console.log(`Installing ${vsix} into the served VS Code...`);
  installExtension(path.join(root, vsix), extensionsDir);
  const port = Number(process.env.PORT) || (await freePort());
  console.log('Starting the VS Code server...');
  const server = await startServer({
    port, extensionsDir, userDataDir: path.join(state, 'user-data'), serverDataDir: path.join(state, 'server-data'), settings: START_SETTINGS,
  });
  const folder = path.join(root, 'examples');
  console.log(`\nThe BIR Debugger is served at ${workbenchAddress(server, folder, EXAMPLE)}`);
  console.log(`It opens examples/ on ${EXAMPLE}, with the walkthrough "Get started with the BIR Debugger" beside it the first time`);
  console.log('(later: BIR: Get Started in the command palette). Ctrl+C stops the server.');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void server.stop();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  server.child.once('exit', async (code, signal) => {
    const end = serverEnd({ code, signal, stopping });
    if (end.status !== 0) process.stderr.write(server.output().slice(-4000));
    await server.stop(); // its temporary files, if any
    (end.status === 0 ? console.log : console.error)(`\n${end.message}`);
    process.exit(end.status);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e.message ?? e);
    process.exit(1);
  });
}
