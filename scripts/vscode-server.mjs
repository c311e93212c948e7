// Real VS Code without a download from Microsoft: the VS Code server inside the `code-server` npm package,
// prepared once per machine in .vscode-test/ (see docs/testing.md), then served on localhost.
//
//   node scripts/vscode-server.mjs install          prepare VS Code 1.100.3 (cached)
//   node scripts/vscode-server.mjs serve [folder]   serve it with the extension installed, print the address
import { execFileSync, spawn } from 'child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'fs';
import * as net from 'net';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { ensureSystemPackages } from './system-packages.mjs';

export const CODE_SERVER_VERSION = '4.100.3';
export const VSCODE_VERSION = '1.100.3';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(root, '.vscode-test');
export const vscodeDir = path.join(cacheDir, `vscode-${VSCODE_VERSION}`, 'package', 'lib', 'vscode');
const readyMarker = path.join(cacheDir, `vscode-${VSCODE_VERSION}`, '.ready');

function run(cmd, args, cwd, env = {}) {
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
}

/** Installs the VS Code server once; later calls return at once. */
export function installVSCode(log = console.error) {
  if (existsSync(readyMarker)) return vscodeDir;
  // ripgrep is copied into the server below: the Debian packages first (installed here when this user can).
  ensureSystemPackages(log);
  const base = path.join(cacheDir, `vscode-${VSCODE_VERSION}`);
  rmSync(base, { recursive: true, force: true });
  mkdirSync(base, { recursive: true });
  log(`vscode-server: fetching code-server@${CODE_SERVER_VERSION} from the npm registry...`);
  run('npm', ['pack', `code-server@${CODE_SERVER_VERSION}`, '--silent'], base);
  const tarball = readdirSync(base).find((f) => f.endsWith('.tgz'));
  run('tar', ['xzf', tarball], base);
  rmSync(path.join(base, tarball));
  log('vscode-server: installing VS Code\'s own modules (scripts skipped: one downloads ripgrep)...');
  run('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], vscodeDir);
  const rgDir = path.join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
  mkdirSync(rgDir, { recursive: true });
  copyFileSync(execFileSync('which', ['rg'], { encoding: 'utf8' }).trim(), path.join(rgDir, 'rg'));
  log('vscode-server: building native modules against this Node...');
  run('npm', ['rebuild', 'kerberos', '@vscode/spdlog', 'node-pty', 'native-watchdog', '@parcel/watcher', '@vscode/deviceid', '--loglevel=error'], vscodeDir, { npm_config_yes: 'true' });
  if (!existsSync(path.join(vscodeDir, 'node_modules.asar'))) symlinkSync('node_modules', path.join(vscodeDir, 'node_modules.asar'));
  run('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], path.join(vscodeDir, 'extensions'));
  writeFileSync(readyMarker, `${new Date().toISOString()}\n`);
  log(`vscode-server: VS Code ${VSCODE_VERSION} is ready in ${path.relative(root, vscodeDir)}`);
  return vscodeDir;
}

export function serverMain() {
  return path.join(vscodeDir, 'out', 'server-main.js');
}

/** Installs a .vsix into an extensions folder with the server's own command line. */
export function installExtension(vsix, extensionsDir) {
  run(process.execPath, [serverMain(), '--install-extension', vsix, '--extensions-dir', extensionsDir, '--force'], root);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * User settings of every server started here: no telemetry (and so no notice about usage data), no prompt to open
 * the git repository of a parent folder (this repository, around examples/).
 */
export const QUIET_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'git.openRepositoryInParentFolders': 'never',
};

/**
 * Writes settings into a settings.json, over what it has (a file that is not plain JSON, for example with comments a
 * user added, is left as it is).
 */
export function writeSettings(file, settings) {
  let current = {};
  if (existsSync(file)) {
    try {
      current = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return;
    }
  }
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...current, ...settings }, null, 2)}\n`);
}

/**
 * Starts the server; resolves when it accepts connections. `dirs` holds the user data, server data and
 * extensions folders (fresh temporary ones by default); `settings` are user settings added to QUIET_SETTINGS. The
 * server runs without telemetry and without code-server's own getting-started page (VS Code's, and the extension's
 * walkthrough, remain).
 */
export async function startServer({ port, extensionsDir, userDataDir, serverDataDir, settings = {}, log = () => undefined, timeoutMs = 120000 } = {}) {
  port ??= await freePort();
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'bir-vscode-'));
  userDataDir ??= path.join(tmp, 'user-data');
  serverDataDir ??= path.join(tmp, 'server-data');
  extensionsDir ??= path.join(tmp, 'extensions');
  // The user's settings, and the machine's: the extension host of a served VS Code reads machine-scoped settings
  // (workbench.welcomePage.walkthroughs.openOnInstall is one) from the user data folder's Machine/settings.json.
  writeSettings(path.join(userDataDir, 'User', 'settings.json'), { ...QUIET_SETTINGS, ...settings });
  writeSettings(path.join(userDataDir, 'Machine', 'settings.json'), { ...QUIET_SETTINGS, ...settings });
  const child = spawn(process.execPath, [
    serverMain(), '--host', '127.0.0.1', '--port', String(port), '--without-connection-token', '--accept-server-license-terms',
    '--user-data-dir', userDataDir, '--server-data-dir', serverDataDir, '--extensions-dir', extensionsDir, '--disable-workspace-trust',
    '--telemetry-level', 'off', '--disable-getting-started-override',
  ], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const listeners = [];
  const onData = (chunk) => {
    const text = chunk.toString();
    output.push(text);
    log(text);
    for (const l of listeners) l(text);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  await waitForPort(port, child, timeoutMs, () => output.join(''));
  return {
    port, child, extensionsDir, userDataDir, serverDataDir, tmp,
    url: `http://127.0.0.1:${port}`,
    output: () => output.join(''),
    onOutput: (listener) => listeners.push(listener),
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    }),
  };
}

/**
 * The address that opens a folder in the served VS Code, and a file of it in the editor (VS Code's web payload
 * `openFile`, a vscode-remote URI of this server).
 */
export function workbenchAddress(server, folder, file) {
  let address = `${server.url}/?folder=${encodeURIComponent(folder)}`;
  if (file) {
    const uri = `vscode-remote://127.0.0.1:${server.port}${path.resolve(folder, file).split(path.sep).map(encodeURIComponent).join('/')}`;
    address += `&payload=${encodeURIComponent(JSON.stringify([['openFile', uri]]))}`;
  }
  return address;
}

function waitForPort(port, child, timeoutMs, output) {
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`the VS Code server exited (${child.exitCode}):\n${output()}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`the VS Code server did not listen on ${port} within ${timeoutMs} ms:\n${output()}`));
        else setTimeout(attempt, 200);
      });
    };
    attempt();
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [command] = process.argv.slice(2);
  if (command === 'install') {
    installVSCode();
  } else {
    console.error('usage: node scripts/vscode-server.mjs install');
    process.exit(2);
  }
}
