// A new user's first start, as `npm start` serves it: scripts/start.mjs on a fresh profile, the address it prints
// opened in Chromium. The examples folder opens on calls_loops.bir with the walkthrough "Get started with the BIR
// Debugger" beside it; no notice about usage data, no prompt about the git repository of a parent folder. Each step's
// link does what the step says: a breakpoint on line 55, a debug session stopped there, the hover of an access
// pattern, the Variables view, acc in the tensor view, frames of subgraphs, the graph view, a step back. The
// walkthrough opens once (not again after a reload) and from the command palette (BIR: Get Started). Its first step,
// "Open an example", is complete: the example is open. Ctrl+C (SIGINT to npm start's process group, as a terminal
// sends it) stops it with "Stopped the VS Code server." and exit status 0, leaving nothing in its temporary folder.
// The extension is the packaged .vsix (`npm run package`).
// Screenshots go to test-results/screenshots (BIR_SCREENSHOTS=docs/screenshots for the README).
import assert from 'assert';
import { spawn } from 'child_process';
import { mkdtempSync, rmSync } from 'fs';
import { leftovers } from '../../scripts/no-leftovers.mjs';
import * as os from 'os';
import * as path from 'path';
import { installVSCode } from '../../scripts/vscode-server.mjs';
import { graphView, keepFailure, launchChromium, packagedExtension, palette, root, runE2E, shot, shots, WAIT } from './vscode-ui.mjs';

const WALKTHROUGH_TAB = 'Walkthrough: BIR Debugger';

/**
 * Runs scripts/start.mjs on a fresh profile, with a temporary folder of its own, in a process group of its own (as a
 * terminal runs it); resolves with the address it prints and a way to stop it as Ctrl+C does.
 */
async function npmStart(state, tmp) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    env: { ...process.env, BIR_START_STATE: state, BIR_START_SKIP_PACKAGE: '1', TMPDIR: tmp },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const address = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no address within ${WAIT} ms:\n${out}`)), WAIT);
    const read = (chunk) => {
      out += chunk.toString();
      const m = /served at (\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(({ code }) => reject(new Error(`npm start exited (${code}):\n${out}`)));
  });
  /** Ctrl+C: SIGINT to the whole process group (npm start and the VS Code server); resolves with how it ended. */
  const interrupt = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        // already gone
      }
    }
    return exited;
  };
  return { address, interrupt, output: () => out };
}

/**
 * The lines of the example's editor that show a breakpoint (its glyph beside the line number), once they are
 * `expected` (or what they are when the wait ends).
 */
async function breakpointLines(page, expected) {
  const read = (want) => {
    const editor = [...document.querySelectorAll('.monaco-editor')].find((e) => e.querySelector('.codicon-debug-breakpoint, .codicon-debug-breakpoint-unverified'));
    if (!editor) return want ? false : [];
    const numbers = [...editor.querySelectorAll('.line-numbers')].map((e) => ({ top: Math.round(e.getBoundingClientRect().top), line: Number(e.textContent) }));
    const lines = [...editor.querySelectorAll('.codicon-debug-breakpoint, .codicon-debug-breakpoint-unverified')]
      .map((g) => numbers.find((n) => Math.abs(n.top - g.getBoundingClientRect().top) < 4)?.line)
      .filter((l) => l !== undefined);
    return want ? JSON.stringify(lines) === JSON.stringify(want) : lines;
  };
  await page.waitForFunction(read, expected, { timeout: WAIT }).catch(() => undefined);
  return page.evaluate(read, null);
}

/** Opens a step of the walkthrough and clicks its link (a button). */
async function runStep(page, step, link) {
  const walkthrough = page.locator('.gettingStartedContainer');
  // A view opened by an earlier step (the graph view) may cover it: its tab brings it back, as a person would click.
  if (!(await walkthrough.isVisible())) await page.locator('.tab', { hasText: WALKTHROUGH_TAB }).first().click();
  await walkthrough.locator('.getting-started-step', { hasText: step }).first().click();
  const button = walkthrough.getByRole('button', { name: link, exact: true });
  await button.waitFor({ timeout: WAIT });
  await button.click();
}

async function main() {
  installVSCode();
  packagedExtension(); // refuses at once without a .vsix
  const state = mkdtempSync(path.join(os.tmpdir(), 'bir-e2e-start-'));
  const startTmp = mkdtempSync(path.join(os.tmpdir(), 'bir-e2e-start-tmp-'));
  const start = await npmStart(state, startTmp);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  try {
    assert.match(start.address, /\/\?folder=[^&]*examples&payload=/, `the address opens examples/ on a file: ${start.address}`);
    await page.goto(start.address);
    await page.locator('.monaco-workbench').waitFor({ timeout: WAIT });

    // The example in the editor, the walkthrough beside it (another editor group).
    await page.locator('.tab.active', { hasText: 'calls_loops.bir' }).first().waitFor({ timeout: WAIT });
    await page.locator('.monaco-editor .view-line', { hasText: 'func main()' }).first().waitFor({ timeout: WAIT });
    const walkthrough = page.locator('.gettingStartedContainer');
    await walkthrough.getByText('Get started with the BIR Debugger').first().waitFor({ timeout: WAIT });
    const groups = page.locator('.editor-group-container');
    assert.strictEqual(await groups.count(), 2, 'two editor groups: the example and the walkthrough');
    assert.strictEqual(await groups.nth(0).locator('.tab', { hasText: 'calls_loops.bir' }).count(), 1, 'the example on the left');
    assert.strictEqual(await groups.nth(1).locator('.tab', { hasText: WALKTHROUGH_TAB }).count(), 1, 'the walkthrough beside it');
    // The first step is done: npm start opened the example.
    await walkthrough.locator('.getting-started-step', { hasText: 'Open an example' }).locator('.codicon.complete').first().waitFor({ timeout: WAIT });
    for (const step of ['Open an example', 'Set a breakpoint', 'Press F5', 'Hover an access pattern', 'Tensors in the Variables view', 'See a tensor as a picture', 'Frames of subgraphs', 'The graph view and compiler passes', 'Step back in time', 'Stop when a tensor changes']) {
      await walkthrough.locator('.getting-started-step', { hasText: step }).first().waitFor({ timeout: WAIT });
    }
    await shot(page, 'first-start');

    // No notice about usage data, no prompt about a git repository: once the git extension has looked at the folder
    // (the Source Control view shows what it found), the notification center has neither.
    await page.locator('.activitybar .action-item a[aria-label^="Source Control"]').first().click();
    await page.getByText('A Git repository was found in the parent folders').first().waitFor({ timeout: WAIT });
    await palette(page, 'Notifications: Show Notifications');
    const center = page.locator('.notifications-center');
    await center.waitFor({ timeout: WAIT });
    const notices = await center.innerText();
    assert.doesNotMatch(notices, /usage data|telemetry|git repositor/i, `notifications: ${notices}`);
    await page.keyboard.press('Escape');
    await palette(page, 'View: Show Explorer');

    // Each step's link does what the step says.
    await runStep(page, 'Set a breakpoint', 'Set a breakpoint on line 55');
    assert.deepStrictEqual(await breakpointLines(page, [55]), [55], 'a breakpoint on line 55');

    await runStep(page, 'Press F5', 'Start debugging calls_loops.bir');
    const callStack = page.locator('.debug-call-stack');
    await callStack.locator('.monaco-list-row', { hasText: 'full_tile' }).first().waitFor({ timeout: WAIT });
    await page.getByText(/Paused on breakpoint/i).first().waitFor({ timeout: WAIT });

    await runStep(page, 'Hover an access pattern', 'Show the hover on line 55');
    const hover = page.locator('.debug-hover-widget');
    await hover.waitFor({ state: 'visible', timeout: WAIT });
    assert.match(await hover.innerText(), /f32\[128, 64\] min/, 'the hover of acc[0:TM, r2*CH : r2*CH+CH]');
    await shot(page, 'walkthrough-hover');
    await page.keyboard.press('Escape');

    await runStep(page, 'Tensors in the Variables view', 'Show the Variables view');
    await page.locator('.debug-variables .monaco-list-row', { hasText: 'Memory' }).first().waitFor({ timeout: WAIT });

    await runStep(page, 'See a tensor as a picture', 'Show acc in the tensor view');
    const tensorTab = page.locator('.tab', { hasText: 'BIR Tensor' }).first();
    await tensorTab.waitFor({ timeout: WAIT });
    await graphView(page).locator('#title', { hasText: 'PSUM acc in full_tile' }).waitFor({ timeout: WAIT });
    await tensorTab.hover();
    await tensorTab.locator('.codicon-close').click();
    await tensorTab.waitFor({ state: 'detached', timeout: WAIT });

    await runStep(page, 'Frames of subgraphs', 'Toggle Subgraph Frames');
    await page.locator('.statusbar', { hasText: 'BIR frames: subgraphs' }).waitFor({ timeout: WAIT });

    await runStep(page, 'The graph view and compiler passes', 'Show Graph View');
    await page.locator('.tab', { hasText: 'BIR Graph' }).first().waitFor({ timeout: WAIT });
    const view = graphView(page);
    await view.locator('g.node.state-current').first().waitFor({ timeout: WAIT });
    await shot(page, 'walkthrough-graph');

    // Step back: from the call on line 55 back to its loop's header, line 54.
    await runStep(page, 'Step back in time', 'Step back one line');
    await callStack.locator('.monaco-list-row', { hasText: /full_tile.*54:3/ }).first().waitFor({ timeout: WAIT });
    await page.getByText(/Paused after step \(instruction \d+\)/i).first().waitFor({ timeout: WAIT });

    // Stop the session; close the walkthrough; after a reload it does not open again by itself, and the command
    // palette opens it.
    await page.keyboard.press('Shift+F5');
    await page.locator('.statusbar', { hasText: 'BIR frames' }).waitFor({ state: 'detached', timeout: WAIT });
    const tab = page.locator('.tab', { hasText: WALKTHROUGH_TAB }).first();
    await tab.hover();
    await tab.locator('.codicon-close').click();
    await tab.waitFor({ state: 'detached', timeout: WAIT });
    await page.reload();
    await page.locator('.monaco-workbench').waitFor({ timeout: WAIT });
    await page.locator('.tab', { hasText: 'calls_loops.bir' }).first().waitFor({ timeout: WAIT });
    // The extension is active again (its output channel exists, in the Output view's list) and the walkthrough stayed
    // closed.
    await page.locator('.monaco-editor .view-lines').first().click();
    await palette(page, 'Output: Focus on Output View');
    await page.waitForFunction(() => [...document.querySelectorAll('.part.panel select option, .part.panel .monaco-select-box option')]
      .some((o) => o.textContent === 'BIR Debugger'), undefined, { timeout: WAIT });
    assert.strictEqual(await page.locator('.tab', { hasText: WALKTHROUGH_TAB }).count(), 0, 'the walkthrough opens once');
    await page.locator('.monaco-editor .view-lines').first().click();
    await palette(page, 'BIR: Get Started');
    await page.locator('.gettingStartedContainer').getByText('Get started with the BIR Debugger').first().waitFor({ timeout: WAIT });

    // Ctrl+C: a stop, not a crash, and nothing left behind.
    await browser.close();
    const end = await start.interrupt();
    assert.deepStrictEqual(end, { code: 0, signal: null }, `npm start after Ctrl+C:\n${start.output()}`);
    assert.match(start.output(), /Stopped the VS Code server\.\n*$/, start.output());
    assert.doesNotMatch(start.output(), /exited \(null\)|crashed/);
    assert.deepStrictEqual(leftovers(startTmp), [], 'npm start leaves nothing in the temporary folder');
    console.log(`e2e: npm start opens calls_loops.bir with the walkthrough beside it (its first step done), quietly; every step's link works; Ctrl+C stops it (status 0) leaving nothing behind; screenshots in ${path.relative(root, shots)}/`);
  } catch (e) {
    await keepFailure(page, 'bir-e2e-first-start-failure');
    console.error(start.output());
    throw e;
  } finally {
    await browser.close();
    await start.interrupt();
    rmSync(state, { recursive: true, force: true });
    rmSync(startTmp, { recursive: true, force: true });
  }
}

runE2E(main);
