// A post-mortem dump opened in a real VS Code in Chromium, as a person does it: the dump was written on another
// machine (bir-sim run --dump), whose program file this one does not have. "BIR: Open Dump…" from the command palette,
// the path typed into VS Code's file dialog: the session stops at the fault, the Call Stack shows the frames, the editor
// shows the program's text from the dump (read-only), the hover reads a register and a tensor there, the Debug
// Console says what was opened, the tensor view draws a tensor; Step Over answers that a dump cannot run. The
// extension is the packaged .vsix (run `npm run package` first).
import assert from 'assert';
import { execFileSync } from 'child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { WAIT, clickLine, graphView, hoverUntil, palette, root, runE2E, shot, shots, withWorkbench } from './vscode-ui.mjs';

/** The dump of examples/faults/out-of-bounds.bir, written in a folder that is then removed: "another machine". */
function dumpFromElsewhere(into) {
  const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'bir-e2e-elsewhere-'));
  cpSync(path.join(root, 'examples', 'faults', 'out-of-bounds.bir'), path.join(elsewhere, 'out-of-bounds.bir'));
  const dump = path.join(into, 'oob.birdump');
  try {
    execFileSync(process.execPath, [path.join(root, 'bin', 'bir-sim.js'), 'run', path.join(elsewhere, 'out-of-bounds.bir'), '--quiet', '--dump', dump], { stdio: 'pipe' });
  } catch (e) {
    if (e.status !== 1) throw e; // the run faults: that is the point
  }
  rmSync(elsewhere, { recursive: true, force: true });
  assert.ok(existsSync(dump), 'bir-sim wrote the dump');
  return dump;
}

async function openDumpCommand(page) {
  const input = page.locator('.quick-input-widget input');
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: 'BIR: Open Dump' }).first();
  // (While the window still starts, the palette may also close under the typing: it is opened again.)
  for (let k = 0; k < 10; k++) {
    await page.keyboard.press('F1');
    const typed = await input.waitFor({ state: 'visible', timeout: 5000 }).then(() => input.fill('>BIR: Open Dump', { timeout: 5000 })).then(() => true, () => false);
    if (typed && (await row.waitFor({ timeout: 5000 }).then(() => true, () => false))) return page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
  }
  throw new Error('the command palette never listed BIR: Open Dump…');
}

async function main() {
  let dump;
  await withWorkbench({ name: 'post-mortem', prepare: (folder) => { dump = dumpFromElsewhere(folder); }, settings: { 'workbench.startupEditor': 'none' }, viewport: { width: 1600, height: 900 } }, async (page) => {
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'oob.birdump' }).first().waitFor({ timeout: WAIT });

    // BIR: Open Dump…, and the path typed into the file dialog. (No .bir file is open: the palette lists the command
    // once VS Code has read the installed extension, which may come after the window shows; asked again until then.)
    await openDumpCommand(page);
    // (The dialog fills its input with the folder once it has listed it: the path is typed after that.)
    const input = page.locator('.quick-input-widget input');
    await page.locator('.quick-input-widget', { hasText: 'BIR: Open a post-mortem dump' }).waitFor({ timeout: WAIT });
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'oob.birdump' }).first().waitFor({ timeout: WAIT });
    await input.fill(dump);
    await page.waitForFunction((want) => document.querySelector('.quick-input-widget input')?.value === want, dump, { timeout: WAIT });
    await page.keyboard.press('Enter');

    // Stopped at the fault, in the program's text from the dump.
    await page.getByText(/Paused on out-of-bounds/i).first().waitFor({ timeout: WAIT });
    await page.locator('.debug-call-stack .monaco-list-row', { hasText: 'main' }).first().waitFor({ timeout: WAIT });
    await page.locator('.tab.active', { hasText: 'out-of-bounds.bir' }).waitFor({ timeout: WAIT });
    await page.locator('.monaco-editor .view-line', { hasText: 'DmaCopy y[r0*T : r0*T+T, 0:64] <- t' }).first().waitFor({ timeout: WAIT });
    await page.locator('.debug-variables .monaco-list-row', { hasText: 'r0' }).first().waitFor({ timeout: WAIT });
    const repl = page.locator('.repl');
    await repl.getByText(/Opened oob\.birdump is a post-mortem dump of out-of-bounds\.bir/).first().waitFor({ timeout: WAIT });

    await page.mouse.move(5, 5);
    await shot(page, 'post-mortem-dump');

    // The hover reads the machine at the fault.
    const hover = page.locator('.debug-hover-widget');
    await hoverUntil(page, { line: 16, text: 'for r0 in', offset: 4 }, hover);
    assert.match(await hover.innerText(), /4/, 'r0 is 4 at the fault');
    await page.mouse.move(5, 5);
    await hover.waitFor({ state: 'hidden', timeout: WAIT }).catch(() => undefined);
    await hoverUntil(page, { line: 15, text: 'sbuf t : f32', offset: 5 }, hover);
    assert.match(await hover.innerText(), /f32\[32, 64\]/, 'the tensor t');
    await page.mouse.move(5, 5);

    // A dump cannot run: Step Over is answered so.
    await clickLine(page, 'func main()');
    await page.keyboard.press('F10');
    await page.getByText(/a dump cannot run/).first().waitFor({ timeout: WAIT });
    await page.getByText(/Paused on out-of-bounds/i).first().waitFor({ timeout: WAIT });

    // The graph view: the faulting DmaCopy current, the one after it run (in the loop's earlier iterations), as the
    // live session shows them; a click on it opens its line in the dump's text.
    await palette(page, 'BIR: Show Graph View');
    const view = graphView(page);
    await view.locator('g[data-node-id="out_of_bounds::main@17:5"].state-current').waitFor({ timeout: WAIT });
    await view.locator('g[data-node-id="out_of_bounds::main@18:5"].state-run').click();
    await page.locator('.monaco-editor .line-numbers.active-line-number', { hasText: /^18$/ }).first().waitFor({ timeout: WAIT });

    // The tensor view draws a tensor of the dump.
    await palette(page, 'BIR: Show Tensor');
    const ask = page.locator('.quick-input-widget input');
    await ask.waitFor({ state: 'visible', timeout: WAIT });
    await ask.fill('x');
    await page.keyboard.press('Enter');
    await page.locator('.tab', { hasText: /Tensor/ }).first().waitFor({ timeout: WAIT });
    // The Explorer's menu on a dump offers to open it too.
    await palette(page, 'View: Show Explorer');
    await page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'oob.birdump' }).first().click({ button: 'right' });
    await page.locator('.context-view .monaco-menu .action-item', { hasText: 'Open Dump…' }).first().waitFor({ timeout: WAIT });
    await page.keyboard.press('Escape');
    console.log(`e2e: a post-mortem dump opens with BIR: Open Dump…, stops at its fault with its own text, reads in the hover, refuses to run; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
