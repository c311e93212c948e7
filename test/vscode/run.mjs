// Runs test/vscode inside a real VS Code extension host.
// - Where VS Code can be downloaded (BIR_VSCODE_RUNNER=electron), through @vscode/test-electron.
// - Otherwise (the default here: no internet), through the VS Code server of the code-server npm package,
//   opened in Debian's Chromium with playwright-core: the extension under development and the suite are passed
//   in the URL's payload, the suite runs in the real (Node) extension host and writes mocha JSON results.
// Fails on a missing results file, a failed test, or a time-out.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { installVSCode, startServer } from '../../scripts/vscode-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const suite = path.join(root, 'out', 'test', 'vscode', 'index.js');
const TIMEOUT_MS = 10 * 60 * 1000;

function workspace() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bir-ws-'));
  cpSync(path.join(root, 'examples'), dir, { recursive: true });
  return dir;
}

async function runWithElectron(folder, resultsFile) {
  const { runTests } = await import('@vscode/test-electron');
  process.env.BIR_VSCODE_RESULTS = resultsFile;
  await runTests({ version: '1.100.3', extensionDevelopmentPath: root, extensionTestsPath: suite, launchArgs: [folder, '--disable-extensions'] });
}

async function runWithServer(folder, resultsFile) {
  installVSCode();
  process.env.BIR_VSCODE_RESULTS = resultsFile;
  const server = await startServer({ log: (t) => process.env.BIR_VSCODE_VERBOSE && process.stderr.write(t) });
  const { chromium } = await import('playwright-core');
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
    });
    const remote = (p) => `vscode-remote://127.0.0.1:${server.port}${p}`;
    const payload = JSON.stringify([['extensionDevelopmentPath', remote(root)], ['extensionTestsPath', remote(suite)]]);
    const page = await browser.newPage();
    // A loaded machine takes a while to serve the workbench: a generous limit, as for every wait.
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(payload)}`, { timeout: 180000 });
    const exitCode = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the suite did not finish within ${TIMEOUT_MS / 1000} s\n${server.output().slice(-4000)}`)), TIMEOUT_MS);
      const check = (text) => {
        const m = /Extension Host Process exited with code: (\d+)/.exec(text);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      };
      server.onOutput(check);
      check(server.output());
    });
    return exitCode;
  } finally {
    await browser?.close();
    await server.stop(); // and its temporary folder
  }
}

function report(resultsFile) {
  if (!existsSync(resultsFile)) throw new Error(`the suite wrote no results (${resultsFile})`);
  const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
  for (const t of results.passes) console.log(`  ✓ ${t.fullTitle}`);
  for (const t of results.failures) console.log(`  ✗ ${t.fullTitle}\n      ${(t.err?.stack ?? t.err?.message ?? '').split('\n').join('\n      ')}`);
  console.log(`VS Code suite: ${results.stats.passes} passing, ${results.stats.failures} failing`);
  if (results.stats.failures > 0 || results.stats.passes === 0) throw new Error('the VS Code suite failed');
}

const folder = workspace();
const resultsDir = mkdtempSync(path.join(os.tmpdir(), 'bir-results-'));
const resultsFile = path.join(resultsDir, 'results.json');
try {
  if (process.env.BIR_VSCODE_RUNNER === 'electron') await runWithElectron(folder, resultsFile);
  else await runWithServer(folder, resultsFile);
  report(resultsFile);
} catch (e) {
  console.error(e.message ?? e);
  process.exitCode = 1;
} finally {
  // Nothing of the run stays in the temporary folder (scripts/no-leftovers.mjs checks it in npm test).
  rmSync(folder, { recursive: true, force: true });
  rmSync(resultsDir, { recursive: true, force: true });
}
