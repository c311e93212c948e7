// Runs a command with a temporary folder of its own (TMPDIR, which os.tmpdir(), Chromium and VS Code use), and fails
// when the command leaves anything with the bir- prefix there: every folder a test or `npm start` makes in the
// temporary folder, it removes. The pictures a failed browser test keeps (bir-e2e-NAME-failure.png) are kept on
// purpose: they are moved to the system's temporary folder, where the test said they are.
//
//   node scripts/no-leftovers.mjs COMMAND [ARG...]
import { spawn } from 'child_process';
import { mkdtempSync, readdirSync, renameSync, rmSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath } from 'url';

/** The test's pictures of failures, kept on purpose. */
const KEPT = /^bir-e2e-.*-failure\.png$/;

/** The entries of a temporary folder a run left behind: those with the bir- prefix, less the pictures kept. */
export function leftovers(dir) {
  return readdirSync(dir).filter((f) => f.startsWith('bir-') && !KEPT.test(f)).sort();
}

/** Runs the command with TMPDIR set to a new folder; resolves with its exit status, what it left there with the
 * bir- prefix, and everything else it left (VS Code's sockets, for one: not this project's, not checked). */
export function runWithOwnTmp(command, args, { env = process.env, stdio = 'inherit' } = {}) {
  const system = os.tmpdir();
  const tmp = mkdtempSync(path.join(system, 'tmp-of-check-'));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio, env: { ...env, TMPDIR: tmp } });
    // Ctrl+C reaches the command too (same process group): wait for it to end, then clean up. A SIGTERM or SIGHUP
    // sent to this process alone is passed on, and the same.
    const ignore = () => undefined;
    const pass = (signal) => child.kill(signal);
    process.on('SIGINT', ignore);
    process.on('SIGTERM', pass);
    process.on('SIGHUP', pass);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.removeListener('SIGINT', ignore);
      process.removeListener('SIGTERM', pass);
      process.removeListener('SIGHUP', pass);
      const left = leftovers(tmp);
      const others = readdirSync(tmp).filter((f) => !f.startsWith('bir-')).sort();
      for (const f of readdirSync(tmp).filter((f) => KEPT.test(f))) renameSync(path.join(tmp, f), path.join(system, f));
      rmSync(tmp, { recursive: true, force: true, maxRetries: 3 });
      resolve({ status: code ?? 1, signal, left, others });
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: node scripts/no-leftovers.mjs COMMAND [ARG...]');
    process.exit(2);
  }
  const { status, left, others } = await runWithOwnTmp(command, args);
  if (others.length) console.error(`no-leftovers: note: the run also left ${others.slice(0, 8).join(', ')}${others.length > 8 ? ', ...' : ''} (not checked)`);
  if (left.length) {
    console.error(`no-leftovers: \`${[command, ...args].join(' ')}\` left ${left.length} entr${left.length === 1 ? 'y' : 'ies'} in the temporary folder: ${left.join(', ')}`);
    process.exit(status || 1);
  }
  process.exit(status);
}
