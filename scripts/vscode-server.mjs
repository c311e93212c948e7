// Real VS Code without a download from Microsoft: the VS Code server inside the `code-server` npm package,
// prepared once per machine in .vscode-test/ (see docs/testing.md), then served on localhost.
//
//   node scripts/vscode-server.mjs install          prepare VS Code 1.100.3 (cached)
//   node scripts/vscode-server.mjs serve [folder]   serve it with the extension installed, print the address
import { execFileSync, spawn, spawnSync } from 'child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'fs';
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

/** VS Code's modules with native code, built for the Node that runs the server. */
export const NATIVE_MODULES = ['kerberos', '@vscode/spdlog', 'node-pty', 'native-watchdog', '@parcel/watcher', '@vscode/deviceid'];

/**
 * The environment of `npm rebuild` for NATIVE_MODULES: node-gyp compiles against `nodedir` (it would download Node's
 * headers otherwise), and prebuild-install (kerberos's install script) builds from source instead of downloading a
 * prebuilt binary. Only kerberos: @parcel/watcher would build from source too, where its prebuilt package is here.
 */
export function rebuildEnv(nodedir) {
  return { npm_config_nodedir: nodedir, npm_config_build_from_source: 'kerberos' };
}

const VERSION_H = /#define NODE_(MAJOR|MINOR|PATCH)_VERSION (\d+)/g;

/** The version a node_version.h declares ('20.20.2'), or undefined when the file is missing or says none. */
function headersVersion(dir) {
  let text;
  try {
    text = readFileSync(path.join(dir, 'include', 'node', 'node_version.h'), 'utf8');
  } catch {
    return undefined;
  }
  const parts = {};
  for (const [, part, n] of text.matchAll(VERSION_H)) parts[part] ??= n;
  return parts.MAJOR && parts.MINOR && parts.PATCH ? `${parts.MAJOR}.${parts.MINOR}.${parts.PATCH}` : undefined;
}

/** The Debian package that installed a file ('nodejs'), with its version, or undefined. */
function debianPackageOf(file) {
  const owner = spawnSync('dpkg', ['-S', file], { encoding: 'utf8' });
  const name = owner.status === 0 ? /^([^:\s]+)(?::\S+)?: /.exec(owner.stdout)?.[1] : undefined;
  if (!name) return undefined;
  const version = spawnSync('dpkg-query', ['-W', '-f', '${Version}', name], { encoding: 'utf8' });
  return { name, version: version.status === 0 ? version.stdout.trim() : '' };
}

/**
 * Where the headers of the running Node come from, for the message that says they are missing: NodeSource's nodejs
 * package carries them; Debian's nodejs has them in libnode-dev; a Node not installed by dpkg (nvm, a tarball) has
 * them in its own include/node.
 */
export function headersSource(owner) {
  if (owner && /nodesource/i.test(owner.version)) return `they come with NodeSource's ${owner.name} package: sudo apt-get install --reinstall ${owner.name}`;
  if (owner) return 'Debian\'s nodejs has them in the package libnode-dev: sudo apt-get install libnode-dev';
  return `they come with Node's own distribution (include/node beside bin/node, or node-v${process.versions.node}-headers.tar.gz): set npm_config_nodedir to the folder that holds include/node`;
}

/**
 * The folder whose include/node holds the headers of the running Node (its prefix: /usr for /usr/bin/node), checked
 * against its version (node_version.h against process.versions.node). npm_config_nodedir, when set, is tried first.
 * Throws an error of one line, which says where the headers come from, when none matches.
 */
export function nodeHeaders({
  execPath = process.execPath, version = process.versions.node, env = process.env,
  nodePrefix = process.config?.variables?.node_prefix, packageOf = debianPackageOf,
} = {}) {
  let real = execPath;
  try {
    real = realpathSync(execPath);
  } catch {
    // the path as given
  }
  const candidates = [...new Set([env.npm_config_nodedir, path.dirname(path.dirname(real)), path.dirname(path.dirname(execPath)), nodePrefix].filter(Boolean))];
  const found = [];
  for (const dir of candidates) {
    const v = headersVersion(dir);
    if (v === version && existsSync(path.join(dir, 'include', 'node', 'common.gypi'))) return dir;
    if (v) found.push(`v${v} in ${path.join(dir, 'include', 'node')}`);
  }
  const where = path.join(candidates[env.npm_config_nodedir ? 1 : 0] ?? '/usr', 'include', 'node');
  const seen = found.length ? `found only ${found.join(', ')}` : `not in ${where}`;
  throw new Error(`vscode-server: the headers of this Node (v${version}) are needed to build VS Code's native modules and are ${seen} (node-gyp would download them); ${headersSource(packageOf(real))}`);
}

/** Installs the VS Code server once; later calls return at once. */
export function installVSCode(log = console.error) {
  if (existsSync(readyMarker)) return vscodeDir;
  // ripgrep is copied into the server below: the Debian packages first (installed here when this user can).
  ensureSystemPackages(log);
  // Before anything is fetched: the headers the native modules are built against (found, or one line saying where
  // they come from).
  const nodedir = nodeHeaders();
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
  // Against the headers installed with this Node (node-gyp would download them from nodejs.org otherwise), and from
  // source (kerberos's install script would first try to download a prebuilt binary from GitHub).
  log(`vscode-server: building native modules against this Node (v${process.versions.node}, headers in ${path.join(nodedir, 'include', 'node')})...`);
  run('npm', ['rebuild', ...NATIVE_MODULES, '--loglevel=error'], vscodeDir, { npm_config_yes: 'true', ...rebuildEnv(nodedir) });
  if (!existsSync(path.join(vscodeDir, 'node_modules.asar'))) symlinkSync('node_modules', path.join(vscodeDir, 'node_modules.asar'));
  log('vscode-server: installing the modules of VS Code\'s built-in extensions...');
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
  run(process.execPath, [serverMain(), '--install-extension', vsix, '--extensions-dir', extensionsDir, '--force'], root, { EXTENSIONS_GALLERY: GALLERY });
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
 * The extension gallery of every server started here: none (code-server's default, open-vsx.org, is asked about the
 * installed extensions as soon as a window connects; nothing goes to the network but what a test asks for). An
 * EXTENSIONS_GALLERY of the user's (code-server's JSON) is kept.
 */
export const GALLERY = process.env.EXTENSIONS_GALLERY ?? '{}';

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
 * extensions folders (fresh temporary ones, in one folder of the system's temporary folder, for those not given);
 * `settings` are user settings added to QUIET_SETTINGS. The server runs without telemetry and without code-server's
 * own getting-started page (VS Code's, and the extension's walkthrough, remain). `stop()` ends the server and
 * removes the temporary folder; so does the end of this process, whatever ends it.
 */
export async function startServer({ port, extensionsDir, userDataDir, serverDataDir, settings = {}, log = () => undefined, timeoutMs = 120000 } = {}) {
  port ??= await freePort();
  // A temporary folder only for what the caller did not give (npm start gives all three).
  const tmp = extensionsDir && userDataDir && serverDataDir ? undefined : mkdtempSync(path.join(os.tmpdir(), 'bir-vscode-'));
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
  ], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, EXTENSIONS_GALLERY: GALLERY } });
  const removeTmp = () => {
    if (tmp) rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
  };
  // Whatever ends this process (an error, process.exit), the server and its temporary folder go with it.
  const onExit = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    removeTmp();
  };
  process.once('exit', onExit);
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
  try {
    await waitForPort(port, child, timeoutMs, () => output.join(''));
  } catch (e) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    process.removeListener('exit', onExit);
    removeTmp();
    throw e;
  }
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  return {
    port, child, extensionsDir, userDataDir, serverDataDir, tmp,
    url: `http://127.0.0.1:${port}`,
    output: () => output.join(''),
    onOutput: (listener) => listeners.push(listener),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
        kill.unref();
        await exited;
        clearTimeout(kill);
      }
      process.removeListener('exit', onExit);
      removeTmp();
    },
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
      if (child.exitCode !== null || child.signalCode !== null) return reject(new Error(`the VS Code server exited (${child.exitCode ?? child.signalCode}) before it listened:\n${output()}`));
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
    try {
      installVSCode();
    } catch (e) {
      // The step that failed has printed its own output; here, the one line that says what to do.
      console.error(e.status === undefined ? e.message : `vscode-server: ${e.message.split('\n')[0]}`);
      process.exit(1);
    }
  } else {
    console.error('usage: node scripts/vscode-server.mjs install');
    process.exit(2);
  }
}
