// The Debian packages that real VS Code and the browser tests need (ripgrep for the VS Code server's search,
// Chromium for the browser, the Kerberos headers for a native module of the server): `npm test` and `npm start`
// install the missing ones themselves when they can (as root, or with passwordless sudo), and otherwise stop with the
// one command to run. .ci/install-system-packages does the installing, for CI and for that command alike.
//
//   node scripts/system-packages.mjs      check, install what is missing when possible, exit 1 with the command if not
import { execFileSync, spawnSync } from 'child_process';
import * as path from 'path';
import { fileURLToPath } from 'url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const INSTALLER = '.ci/install-system-packages';

/** Each package with how to tell it is there; the same list as .ci/install-system-packages. */
export const SYSTEM_PACKAGES = [
  { name: 'ripgrep', present: () => onPath('rg') },
  { name: 'chromium', present: () => onPath('chromium') },
  { name: 'libkrb5-dev', present: () => succeeds('dpkg', ['-s', 'libkrb5-dev']) },
];

function succeeds(cmd, args) {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

function onPath(tool) {
  return succeeds('sh', ['-c', `command -v ${tool}`]);
}

/**
 * What to do about the missing packages, from the facts of the machine (kept apart from running anything, so that a
 * test can ask it every question): nothing, install (as root or through sudo), or stop with the command to run.
 */
export function plan({ missing, root: isRoot, passwordlessSudo, apt }) {
  if (missing.length === 0) return { action: 'none' };
  const list = missing.join(', ');
  if (!apt) {
    return { action: 'stop', message: `missing system packages: ${list}. This machine has no apt-get: install them with its package manager, then run the command again.` };
  }
  if (isRoot) return { action: 'install', command: [INSTALLER], message: `installing the missing Debian packages (${list})...` };
  if (passwordlessSudo) return { action: 'install', command: ['sudo', '-n', INSTALLER], message: `installing the missing Debian packages (${list}) with sudo...` };
  return { action: 'stop', message: `missing Debian packages: ${list}. Install them with this command, then run this one again:\n\n    sudo ${INSTALLER}\n` };
}

function facts() {
  return {
    missing: SYSTEM_PACKAGES.filter((p) => !p.present()).map((p) => p.name),
    root: typeof process.getuid === 'function' && process.getuid() === 0,
    passwordlessSudo: onPath('sudo') && succeeds('sudo', ['-n', 'true']),
    apt: onPath('apt-get'),
  };
}

/** Installs what is missing when it can; throws with the command to run when it cannot, or when installing failed. */
export function ensureSystemPackages(log = console.error) {
  const step = plan(facts());
  if (step.action === 'none') return;
  if (step.action === 'stop') throw new Error(step.message);
  log(step.message);
  try {
    execFileSync(step.command[0], step.command.slice(1), { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  } catch (e) {
    throw new Error(`installing the Debian packages failed (${e.message.split('\n')[0]}); run it yourself: sudo ${INSTALLER}`);
  }
  const still = SYSTEM_PACKAGES.filter((p) => !p.present()).map((p) => p.name);
  if (still.length) throw new Error(`still missing after the installation: ${still.join(', ')}; run: sudo ${INSTALLER}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    ensureSystemPackages();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
