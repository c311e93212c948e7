/**
 * The README's commands on a fresh machine: `npm test` and `npm start` install the missing Debian packages when this
 * user can (root, or passwordless sudo) and otherwise stop with the one command to run (scripts/system-packages.mjs).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';

interface Step { action: 'none' | 'install' | 'stop'; command?: string[]; message?: string }
interface Module {
  plan(facts: { missing: string[]; root: boolean; passwordlessSudo: boolean; apt: boolean }): Step;
  SYSTEM_PACKAGES: { name: string }[];
}

const ROOT = path.join(__dirname, '..', '..');

describe('system packages of npm test and npm start', () => {
  let m: Module;
  before(async () => {
    m = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'system-packages.mjs')).href)) as Module;
  });

  it('does nothing when every package is there, whoever runs it', () => {
    for (const root of [true, false]) assert.deepStrictEqual(m.plan({ missing: [], root, passwordlessSudo: false, apt: true }), { action: 'none' });
  });

  it('installs as root, or through passwordless sudo, with the CI installer', () => {
    assert.deepStrictEqual(m.plan({ missing: ['ripgrep'], root: true, passwordlessSudo: false, apt: true }).command, ['.ci/install-system-packages']);
    assert.deepStrictEqual(m.plan({ missing: ['ripgrep', 'chromium'], root: false, passwordlessSudo: true, apt: true }).command, ['sudo', '-n', '.ci/install-system-packages']);
  });

  it('otherwise stops with the packages and the one command to run', () => {
    const step = m.plan({ missing: ['ripgrep', 'libkrb5-dev'], root: false, passwordlessSudo: false, apt: true });
    assert.strictEqual(step.action, 'stop');
    assert.match(step.message!, /missing Debian packages: ripgrep, libkrb5-dev/);
    assert.match(step.message!, /^ {4}sudo \.ci\/install-system-packages$/m);
    const noApt = m.plan({ missing: ['chromium'], root: true, passwordlessSudo: false, apt: false });
    assert.strictEqual(noApt.action, 'stop');
    assert.match(noApt.message!, /no apt-get/);
  });

  it('checks the packages the CI installer installs, and npm test checks them first', () => {
    const installer = fs.readFileSync(path.join(ROOT, '.ci', 'install-system-packages'), 'utf8');
    for (const p of m.SYSTEM_PACKAGES) assert.ok(installer.includes(`need+=(${p.name})`), `${p.name} in .ci/install-system-packages`);
    assert.strictEqual((installer.match(/need\+=\(/g) ?? []).length, m.SYSTEM_PACKAGES.length);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.match(pkg.scripts.test, /^node scripts\/system-packages\.mjs && /);
    assert.match(fs.readFileSync(path.join(ROOT, 'scripts', 'start.mjs'), 'utf8'), /ensureSystemPackages\(/);
  });
});
