// The README's set-up on a fresh clone, as a new user meets it: the repository cloned into a new folder, an empty
// home folder (no ~/.npmrc: no nodedir, nothing a team set up), an empty npm cache and a temporary folder of its own.
// It runs the Debian packages' installer, `npm install`, the VS Code preparation (`node scripts/vscode-server.mjs
// install`, what `npm start` and `npm test` do first) and `npm start`, stopped as Ctrl+C stops it; with --full,
// `npm test` too. It checks:
//   - nothing is downloaded from anywhere but the npm registry: every host name a Node process looks up is noted
//     (scripts/network-log.cjs) and must be the registry's; node-gyp's cache of downloaded headers stays absent;
//     no log mentions nodejs.org or a headers tarball;
//   - npm install says nothing about install scripts not covered by allowScripts, and its prepare says what it builds;
//   - the system packages' installer prints a line per package (and one more), not apt's output;
//   - npm start shows its packaging, and Ctrl+C stops it with "Stopped the VS Code server." and exit status 0;
//   - nothing with the bir- prefix is left in the temporary folder.
// Prints a line per check and the duration of each step; the logs stay in the check's folder when a check fails
// (or with --keep).
//
//   node scripts/fresh-clone-check.mjs [--full] [--keep] [--source REPO] [--ref COMMIT]
//     --source  the repository to clone (default: this one); --ref  the commit to check (default: its HEAD)
import { execFileSync, spawn } from 'child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'fs';
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { leftovers } from './no-leftovers.mjs';
import { freePort } from './vscode-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const thisRepo = path.resolve(here, '..');
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const full = args.includes('--full');
const keep = args.includes('--keep');
const source = option('--source') ?? thisRepo;
const started = Date.now();
/** npm start packages the extension, then serves (VS Code is prepared by then). */
const START_LIMIT_MS = 15 * 60 * 1000;
const elapsed = (since = started) => `${Math.round((Date.now() - since) / 1000)} s`;

const work = mkdtempSync(path.join(os.tmpdir(), 'fresh-clone-'));
const dirs = { home: path.join(work, 'home'), cache: path.join(work, 'npm-cache'), tmp: path.join(work, 'tmp'), logs: path.join(work, 'logs'), repo: path.join(work, 'repo') };
for (const d of [dirs.home, dirs.cache, dirs.tmp, dirs.logs]) mkdirSync(d);
const networkLog = path.join(dirs.logs, 'network.log');

/**
 * A new user's environment: this one without npm's variables (npm run sets npm_config_* from the user's .npmrc,
 * nodedir among them), without XDG folders of the user's, without node_modules/.bin on the PATH; an empty home
 * folder, npm cache and temporary folder; every Node process noting the hosts it looks up.
 */
function freshEnv() {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^npm_/i.test(k) || /^XDG_/.test(k) || k === 'NODE_OPTIONS' || k === 'INIT_CWD') continue;
    env[k] = v;
  }
  env.PATH = (process.env.PATH ?? '').split(path.delimiter).filter((p) => !p.includes(`node_modules${path.sep}.bin`) && !p.includes('node-gyp-bin')).join(path.delimiter);
  env.HOME = dirs.home;
  env.npm_config_cache = dirs.cache;
  env.TMPDIR = dirs.tmp;
  env.NODE_OPTIONS = `--require ${path.join(here, 'network-log.cjs')}`;
  env.BIR_NETWORK_LOG = networkLog;
  return env;
}
const env = freshEnv();

const results = [];
function check(ok, what, detail = '') {
  results.push({ ok, what });
  console.log(`${ok ? '✓' : '✗'} ${what}${detail ? `: ${detail}` : ''}`);
  return ok;
}

/**
 * Runs a step in the clone, its output shown as it comes (indented, with the seconds since the step began) and kept
 * in logs/NAME.log; resolves with its exit status, signal, output and longest silence.
 */
function step(name, cmd, cmdArgs, { cwd = dirs.repo, detached = false, onLine } = {}) {
  console.log(`\n▸ ${name}: ${cmd} ${cmdArgs.join(' ')}`);
  const log = createWriteStream(path.join(dirs.logs, `${name.replace(/\W+/g, '-')}.log`));
  const begin = Date.now();
  let last = begin;
  let silence = 0;
  let output = '';
  let partial = '';
  const child = spawn(cmd, cmdArgs, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached });
  const read = (chunk) => {
    const text = chunk.toString();
    output += text;
    log.write(text);
    const lines = (partial + text).split('\n');
    partial = lines.pop();
    for (const line of lines) {
      const now = Date.now();
      silence = Math.max(silence, now - last);
      last = now;
      console.log(`  [${String(Math.round((now - begin) / 1000)).padStart(4)} s] ${line}`);
      onLine?.(line, child);
    }
  };
  child.stdout.on('data', read);
  child.stderr.on('data', read);
  const done = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      if (partial) read('\n');
      silence = Math.max(silence, Date.now() - last);
      log.end();
      resolve({ code, signal, output, seconds: (Date.now() - begin) / 1000, silence: silence / 1000 });
    });
  });
  return { child, done };
}


function httpStatus(url) {
  return new Promise((resolve) => {
    http.get(url, (res) => {
      res.resume();
      resolve(res.statusCode);
    }).on('error', (e) => resolve(e.code));
  });
}

/** The host names looked up since the log's line `from`, less those allowed; and how many lines there are. */
function lookups(allowed, from = 0) {
  const lines = existsSync(networkLog) ? readFileSync(networkLog, 'utf8').trim().split('\n').filter(Boolean) : [];
  const other = lines.slice(from).map((l) => l.split('\t')).filter(([host]) => !allowed.has(host));
  return { count: lines.length, other };
}

function networkCheck(what, allowed, from) {
  const { count, other } = lookups(allowed, from);
  const hosts = [...new Set(other.map(([host]) => host))];
  check(hosts.length === 0, `${what}: no network but the npm registry`, hosts.length
    ? `looked up ${hosts.join(', ')} (${[...new Set(other.map(([, , cmd]) => cmd))].slice(0, 3).join(' | ')})`
    : '');
  return count;
}

async function main() {
  console.log(`fresh-clone check of ${source} in ${work}`);
  console.log(`(home ${dirs.home}, npm cache ${dirs.cache}, TMPDIR ${dirs.tmp}; Node ${process.version})`);
  const dirty = source === thisRepo ? execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: thisRepo, encoding: 'utf8' }).trim() : '';
  if (dirty) console.log('note: this working tree has uncommitted changes; the check clones the commit, without them');
  const ref = option('--ref') ?? (source === thisRepo ? execFileSync('git', ['rev-parse', 'HEAD'], { cwd: thisRepo, encoding: 'utf8' }).trim() : undefined);
  execFileSync('git', ['clone', '--quiet', '--no-hardlinks', source, dirs.repo], { env, stdio: 'inherit' });
  if (ref) execFileSync('git', ['checkout', '--quiet', '--detach', ref], { cwd: dirs.repo, env, stdio: 'inherit' });
  const commit = execFileSync('git', ['log', '-1', '--format=%h %s'], { cwd: dirs.repo, encoding: 'utf8' }).trim();
  console.log(`cloned ${commit.slice(0, 100)}`);
  const registry = new URL(execFileSync('npm', ['config', 'get', 'registry'], { cwd: dirs.repo, env, encoding: 'utf8' }).trim());
  const allowed = new Set([registry.hostname, 'localhost', '127.0.0.1', '::1']);
  let from = lookups(allowed).count;

  // The Debian packages (the README: npm test and npm start install them when missing; CI runs the installer).
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    const { code, output } = await step('system packages', path.join(dirs.repo, '.ci', 'install-system-packages'), []).done;
    const lines = output.trim().split('\n');
    check(code === 0, 'system packages installed', `exit status ${code}`);
    const named = ['ripgrep', 'chromium', 'libkrb5-dev'].every((p) => new RegExp(`^${p}: `, 'm').test(output));
    check(named && lines.length <= 5 && !/Unpacking|Setting up|Reading/.test(output), 'system packages: a line per package, apt\'s output in its log', `${lines.length} lines`);
  } else {
    console.log('\n(not root: the system packages step is left to `npm start`, which installs them or says the command)');
  }

  const install = await step('npm install', 'npm', ['install']).done;
  check(install.code === 0, 'npm install', `exit status ${install.code}, ${install.seconds.toFixed(0)} s; longest silence ${install.silence.toFixed(0)} s`);
  check(!/not yet covered by allowScripts|install-scripts/.test(install.output), 'npm install: no install script left undeclared (allowScripts)');
  check(/^build: bundling /m.test(install.output) && /^built in /m.test(install.output), 'npm install: the prepare script says what it builds');
  from = networkCheck('npm install', allowed, from);
  if (install.code !== 0) return;

  const prepare = await step('VS Code preparation', 'node', ['scripts/vscode-server.mjs', 'install']).done;
  check(prepare.code === 0 && existsSync(path.join(dirs.repo, '.vscode-test', 'vscode-1.100.3', '.ready')), 'VS Code prepared', `exit status ${prepare.code}, ${prepare.seconds.toFixed(0)} s`);
  check(!existsSync(path.join(dirs.home, '.cache', 'node-gyp')), 'VS Code preparation: node-gyp downloaded no headers (no ~/.cache/node-gyp)');
  check(!/nodejs\.org|headers\.tar\.gz|network connectivity|prebuild-install (http|WARN)/.test(prepare.output), 'VS Code preparation: its output names no download');
  from = networkCheck('VS Code preparation', allowed, from);
  if (prepare.code !== 0) return;

  // npm start, in a process group of its own as in a terminal; Ctrl+C once it serves.
  const port = await freePort();
  env.PORT = String(port);
  let address;
  const start = step('npm start', 'npm', ['start'], {
    detached: true,
    onLine: (line) => {
      address ??= /served at (\S+)/.exec(line)?.[1];
    },
  });
  const group = start.child.pid;
  const endGroup = () => {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // gone already
    }
  };
  process.once('exit', endGroup);
  process.once('SIGINT', () => process.exit(130));
  const limit = Date.now() + START_LIMIT_MS;
  const served = await new Promise((resolve) => {
    const timer = setInterval(() => {
      if (address || start.child.exitCode !== null || start.child.signalCode !== null || Date.now() > limit) {
        clearInterval(timer);
        resolve(address);
      }
    }, 200);
  });
  delete env.PORT;
  check(Boolean(served), 'npm start printed its address', served ? '' : `not within ${START_LIMIT_MS / 60000} min`);
  if (served) {
    check(await httpStatus(served) === 200, 'npm start serves VS Code', served.replace(/\?.*/, '?...'));
    process.kill(-group, 'SIGINT');
  } else {
    endGroup();
  }
  const stopped = await start.done;
  check(stopped.code === 0 && stopped.signal === null, 'npm start: Ctrl+C exits with status 0', `status ${stopped.code ?? stopped.signal}`);
  check(/Stopped the VS Code server\./.test(stopped.output) && !/exited \(null\)|crashed/.test(stopped.output), 'npm start: Ctrl+C says it stopped');
  check(/build: bundling .*for production/.test(stopped.output) && /DONE\s+Packaged/.test(stopped.output), 'npm start: packaging shows progress');
  from = networkCheck('npm start', allowed, from);

  if (full) {
    const test = await step('npm test', 'npm', ['test']).done;
    check(test.code === 0, 'npm test', `exit status ${test.code}, ${(test.seconds / 60).toFixed(1)} min; longest silence ${test.silence.toFixed(0)} s`);
    networkCheck('npm test', allowed, from);
  }
}

let failure;
try {
  await main();
} catch (e) {
  failure = e;
  check(false, 'the check ran to its end', e.message);
}
const left = leftovers(dirs.tmp);
check(left.length === 0, 'nothing with the bir- prefix left in the temporary folder', left.join(', '));
const others = readdirSync(dirs.tmp);
if (others.length) console.log(`  (also left there, not this project's: ${others.slice(0, 6).join(', ')}${others.length > 6 ? ', ...' : ''})`);
const failed = results.filter((r) => !r.ok);
console.log(`\nfresh-clone check: ${results.length - failed.length} of ${results.length} checks passed in ${elapsed()}${failed.length ? `; failed: ${failed.map((r) => r.what).join('; ')}` : ''}`);
if (failed.length || keep) {
  console.log(`the clone, its home folder and the logs of every step are in ${work}`);
} else {
  rmSync(work, { recursive: true, force: true, maxRetries: 3 });
}
process.exit(failed.length || failure ? 1 : 0);
