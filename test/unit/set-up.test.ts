/**
 * What a new user meets in the README's set-up commands, each part that can be tried without the machine's own state:
 * the Debian packages' installer (with stand-ins for dpkg and apt-get), the headers of Node the VS Code preparation
 * builds against, npm's install-script policy, npm start's words when the server ends, the leftovers check, and the
 * unit tests' reporter.
 */
import * as assert from 'assert';
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { pathToFileURL } from 'url';

const ROOT = path.join(__dirname, '..', '..');
const INSTALLER = path.join(ROOT, '.ci', 'install-system-packages');

async function load<T>(file: string): Promise<T> {
  return (await import(pathToFileURL(path.join(ROOT, file)).href)) as T;
}

/**
 * A folder of stand-ins for the commands the installer runs: dpkg, dpkg-query and apt-get work on a list of
 * installed packages (`state`), apt-get logs its arguments and writes as much as apt does; every other command it
 * uses is the real one. `rg` and `chromium` exist once their package is installed.
 */
function fakeDebian(installed: Record<string, string>): { bin: string; dir: string; aptCalls: () => string[][] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'set-up-test-'));
  const bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  const state = path.join(dir, 'state');
  fs.writeFileSync(state, Object.entries(installed).map(([p, v]) => `${p} ${v}\n`).join(''));
  for (const tool of ['bash', 'env', 'tail', 'mkdir', 'date', 'cat', 'grep', 'sed', 'sh', 'mv', 'chmod']) {
    const real = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (real) fs.symlinkSync(real, path.join(bin, tool));
  }
  const script = (name: string, body: string): void => fs.writeFileSync(path.join(bin, name), `#!/bin/sh\nSTATE='${state}'\nBIN='${bin}'\n${body}\n`, { mode: 0o755 });
  const tools = (): void => {
    for (const [pkg, tool] of [['ripgrep', 'rg'], ['chromium', 'chromium']]) {
      if (fs.readFileSync(state, 'utf8').includes(`${pkg} `)) script(tool, 'exit 0');
    }
  };
  tools();
  script('id', 'echo 0');
  script('dpkg', '[ "$1" = -s ] && grep -q "^$2 " "$STATE"');
  script('dpkg-query', `
if [ "$#" -eq 3 ]; then sed -n "s/^$3 //p" "$STATE"; else cat "$STATE"; fi`);
  // Installs what it is asked, one library it needs, and upgrades an installed one; says a lot meanwhile.
  script('apt-get', `
echo "$@" >> '${dir}/apt-calls'
i=0; while [ $i -lt 60 ]; do echo "Unpacking something ($i) ..."; i=$((i+1)); done
[ "$1" = update ] && exit 0
for a in "$@"; do case "$a" in -*|*=*) ;; install) ;; *) echo "$a 1.0-1" >> "$STATE";; esac; done
echo "libnew 2.0" >> "$STATE"
sed -i "s/^libkrb5-3 .*/libkrb5-3 1.20-5/" "$STATE"
for p in ripgrep chromium; do grep -q "^$p " "$STATE" || continue; t=$p; [ $p = ripgrep ] && t=rg; printf '#!/bin/sh\\nexit 0\\n' > "$BIN/$t"; chmod +x "$BIN/$t"; done`);
  return {
    bin, dir,
    aptCalls: () => (fs.existsSync(path.join(dir, 'apt-calls')) ? fs.readFileSync(path.join(dir, 'apt-calls'), 'utf8').trim().split('\n').map((l) => l.split(' ')) : []),
  };
}

function runInstaller(fake: { bin: string; dir: string }): { status: number | null; stdout: string; stderr: string; log: string } {
  const log = path.join(fake.dir, 'apt.log');
  const r = spawnSync(path.join(fake.bin, 'bash'), [INSTALLER], { encoding: 'utf8', env: { PATH: fake.bin, HOME: fake.dir, BIR_APT_LOG: log } });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, log: fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '' };
}

describe('set-up: the Debian packages installer (.ci/install-system-packages)', () => {
  const dirs: string[] = [];
  after(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('installs only what is missing, without recommended packages or upgrades of named ones, apt\'s output in a log, a line per package', () => {
    const fake = fakeDebian({ ripgrep: '13.0.0-4', 'libkrb5-3': '1.20-3', perl: '5.36-2' });
    dirs.push(fake.dir);
    const r = runInstaller(fake);
    assert.strictEqual(r.status, 0, r.stderr);
    const install = fake.aptCalls().find((args) => args.includes('install'))!;
    assert.ok(install, 'apt-get install ran');
    assert.ok(install.includes('--no-install-recommends') && install.includes('--no-upgrade'), install.join(' '));
    assert.deepStrictEqual(install.filter((a) => !a.startsWith('-') && a !== 'install' && !a.includes('=')), ['chromium', 'libkrb5-dev']);
    const lines = r.stdout.trim().split('\n');
    assert.ok(lines.length <= 5, `a line per package, and two more:\n${r.stdout}`);
    assert.doesNotMatch(r.stdout, /Unpacking/, 'apt\'s own output is in the log, not on the screen');
    assert.match(r.log, /Unpacking something \(59\)/);
    assert.match(r.stdout, /^ripgrep: already installed \(13\.0\.0-4\)$/m);
    assert.match(r.stdout, /^chromium: installed 1\.0-1$/m);
    assert.match(r.stdout, /^libkrb5-dev: installed 1\.0-1$/m);
    assert.match(r.stdout, /1 more package\(s\) they depend on installed; 1 installed package\(s\) upgraded because a new one needs a newer version: libkrb5-3$/m);
  });

  it('runs no apt when nothing is missing', () => {
    const fake = fakeDebian({ ripgrep: '13', chromium: '156', 'libkrb5-dev': '1.20' });
    dirs.push(fake.dir);
    const r = runInstaller(fake);
    assert.strictEqual(r.status, 0, r.stderr);
    assert.deepStrictEqual(fake.aptCalls(), []);
    assert.deepStrictEqual(r.stdout.trim().split('\n'), ['ripgrep: already installed (13)', 'chromium: already installed (156)', 'libkrb5-dev: already installed (1.20)']);
  });
});

interface VSCodeServer {
  nodeHeaders(o: { execPath: string; version: string; env: Record<string, string>; nodePrefix?: string; packageOf: (f: string) => { name: string; version: string } | undefined }): string;
  headersSource(owner: { name: string; version: string } | undefined): string;
  rebuildEnv(nodedir: string): Record<string, string>;
}

describe('set-up: the headers of Node that VS Code\'s native modules are built against', () => {
  let m: VSCodeServer;
  let dir: string;
  before(async () => {
    m = await load<VSCodeServer>('scripts/vscode-server.mjs');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'set-up-test-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A Node installed under `prefix` (bin/node), with the headers of `headers` (or none). */
  function node(prefix: string, headers?: string): string {
    fs.mkdirSync(path.join(prefix, 'bin'), { recursive: true });
    fs.writeFileSync(path.join(prefix, 'bin', 'node'), '');
    if (headers) {
      const [major, minor, patch] = headers.split('.');
      fs.mkdirSync(path.join(prefix, 'include', 'node'), { recursive: true });
      fs.writeFileSync(path.join(prefix, 'include', 'node', 'node_version.h'), `#define NODE_MAJOR_VERSION ${major}\n#define NODE_MINOR_VERSION ${minor}\n#define NODE_PATCH_VERSION ${patch}\n`);
      fs.writeFileSync(path.join(prefix, 'include', 'node', 'common.gypi'), '{}');
    }
    return path.join(prefix, 'bin', 'node');
  }
  const none = (): undefined => undefined;

  it('are those of the running Node\'s prefix when their version is its own', () => {
    const execPath = node(path.join(dir, 'usr'), '20.20.2');
    assert.strictEqual(m.nodeHeaders({ execPath, version: '20.20.2', env: {}, packageOf: none }), path.join(dir, 'usr'));
    // and node-gyp is told so, and kerberos is built from source (no prebuilt binary downloaded)
    assert.deepStrictEqual(m.rebuildEnv('/usr'), { npm_config_nodedir: '/usr', npm_config_build_from_source: 'kerberos' });
  });

  it('npm_config_nodedir first, when it has the right version', () => {
    const execPath = node(path.join(dir, 'a'), '20.20.2');
    node(path.join(dir, 'b'), '20.20.2');
    assert.strictEqual(m.nodeHeaders({ execPath, version: '20.20.2', env: { npm_config_nodedir: path.join(dir, 'b') }, packageOf: none }), path.join(dir, 'b'));
  });

  it('missing: one line naming the package that has them', () => {
    const execPath = node(path.join(dir, 'bare'));
    const message = (owner?: { name: string; version: string }): string => {
      try {
        m.nodeHeaders({ execPath, version: '20.20.2', env: {}, packageOf: () => owner });
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    for (const [owner, pkg] of [
      [{ name: 'nodejs', version: '20.20.2-1nodesource1' }, /NodeSource's nodejs package: sudo apt-get install --reinstall nodejs/],
      [{ name: 'nodejs', version: '20.19.2+dfsg-1' }, /libnode-dev: sudo apt-get install libnode-dev/],
      [undefined, /Node's own distribution .*npm_config_nodedir/],
    ] as const) {
      const text = message(owner);
      assert.doesNotMatch(text, /\n/, 'one line');
      assert.match(text, /the headers of this Node \(v20\.20\.2\) .* not in .*bare\/include\/node/);
      assert.match(text, pkg);
    }
  });

  it('of another version: refused, saying which', () => {
    const execPath = node(path.join(dir, 'old'), '18.19.1');
    assert.throws(() => m.nodeHeaders({ execPath, version: '20.20.2', env: {}, packageOf: none }), /found only v18\.19\.1 in .*old\/include\/node/);
  });
});

describe('set-up: npm install runs no install script it was not told about', () => {
  it('every dependency with an install script is allowed or denied in package.json (npm 11\'s allowScripts)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
    const withScripts = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([, p]) => p.hasInstallScript).map(([where]) => where.replace(/^.*node_modules\//, ''));
    assert.ok(withScripts.includes('esbuild'), 'the lock file says which have install scripts');
    for (const name of withScripts) assert.strictEqual(typeof pkg.allowScripts?.[name], 'boolean', `${name} in allowScripts`);
    // Name-only entries: a pinned one (name@version) never matches a lock file without resolved URLs.
    for (const key of Object.keys(pkg.allowScripts)) assert.doesNotMatch(key, /.@/, key);
  });
});

interface Start {
  serverEnd(o: { code: number | null; signal: string | null; stopping: boolean }): { message: string; status: number };
  packagingLine(line: string): boolean;
}

describe('set-up: npm start', () => {
  let m: Start;
  before(async () => {
    m = await load<Start>('scripts/start.mjs');
  });

  it('Ctrl+C stops it: "Stopped", exit status 0, whoever the signal reached first', () => {
    for (const end of [{ code: null, signal: 'SIGINT', stopping: false }, { code: null, signal: 'SIGTERM', stopping: true }, { code: 0, signal: null, stopping: true }]) {
      assert.deepStrictEqual(m.serverEnd(end), { message: 'Stopped the VS Code server.', status: 0 });
    }
  });

  it('runs as npm\'s child itself: the shell npm runs it with would die of the SIGINT and npm exit with 130', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.strictEqual(pkg.scripts.start, 'exec node scripts/start.mjs');
  });

  it('a crash of the server is one, with its status', () => {
    const end = m.serverEnd({ code: 3, signal: null, stopping: false });
    assert.strictEqual(end.status, 3);
    assert.match(end.message, /crashed \(exit status 3\)/);
    assert.strictEqual(m.serverEnd({ code: null, signal: 'SIGSEGV', stopping: false }).status, 1);
  });

  it('shows the build\'s lines and vsce\'s verdict while packaging, not the list of files', () => {
    assert.ok(m.packagingLine('build: bundling dist/cli.js (esbuild, for production)...'));
    assert.ok(m.packagingLine('built in 9.1 s'));
    assert.ok(m.packagingLine(' DONE  Packaged: bir-debug-0.1.0.vsix (35 files, 3.98 MB)'));
    assert.ok(m.packagingLine(' WARNING  LICENSE not found'));
    assert.ok(!m.packagingLine('   ├─ dist/'));
    assert.ok(!m.packagingLine(' INFO  Files included in the VSIX:'));
  });
});

describe('set-up: a run leaves nothing in the temporary folder (scripts/no-leftovers.mjs)', () => {
  it('fails a command that leaves a bir- folder, keeps failure pictures, passes a clean one', async () => {
    const check = (script: string) => spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'no-leftovers.mjs'), process.execPath, '-e', script], { encoding: 'utf8' });
    const dirty = check("require('fs').mkdtempSync(require('path').join(require('os').tmpdir(), 'bir-vscode-'))");
    assert.strictEqual(dirty.status, 1);
    assert.match(dirty.stderr, /left 1 entry in the temporary folder: bir-vscode-\w+/);
    const picture = `bir-e2e-set-up-test-${process.pid}-failure.png`;
    const clean = check(`const fs = require('fs'), p = require('path'), os = require('os'); fs.rmSync(fs.mkdtempSync(p.join(os.tmpdir(), 'bir-x-')), { recursive: true }); fs.writeFileSync(p.join(os.tmpdir(), '${picture}'), '')`);
    assert.strictEqual(clean.status, 0, clean.stderr);
    assert.ok(fs.existsSync(path.join(os.tmpdir(), picture)), 'the picture moved to the system\'s temporary folder');
    fs.rmSync(path.join(os.tmpdir(), picture));
    assert.strictEqual(check('process.exit(3)').status, 3);
  });
});

describe('set-up: the unit tests\' reporter says what runs', () => {
  it('names the running test when it is quiet for long, and each suite as it ends', async function () {
    this.timeout(60000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'set-up-test-'));
    try {
      // A test that waits for a line on its standard input: it ends when the reporter has named it.
      fs.writeFileSync(path.join(dir, 'slow.test.js'), `
describe('a slow suite', () => {
  it('waits for its input', () => new Promise((resolve) => process.stdin.once('data', resolve)));
});
describe('a quick suite', () => {
  it('passes', () => undefined);
});`);
      const mocha = require.resolve('mocha/bin/mocha.js');
      const child = spawn(process.execPath, [mocha, '--no-config', '--reporter', path.join(ROOT, 'scripts', 'mocha-progress.cjs'), path.join(dir, 'slow.test.js')], {
        env: { ...process.env, BIR_PROGRESS_SECONDS: '1' }, stdio: ['pipe', 'pipe', 'pipe'],
      });
      let out = '';
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no line named the running test:\n${out}`)), 30000);
        child.stdout.on('data', (chunk) => {
          out += chunk;
          if (/… running "a slow suite waits for its input" \(for \d+ s; 1 s without a line\)/.test(out)) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.stderr.on('data', (chunk) => (out += chunk));
      });
      child.stdin.end('go\n');
      assert.strictEqual(await exit, 0, out);
      assert.match(out, /^✓ a slow suite: 1 passed \(\d+\.\d s, .*slow\.test\.js\)$/m);
      assert.match(out, /^✓ a quick suite: 1 passed/m);
      assert.match(out, /2 passing/);
      const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
      assert.match(pkg.scripts['test:unit'], /^node scripts\/no-leftovers\.mjs mocha --reporter \.\/scripts\/mocha-progress\.cjs/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
