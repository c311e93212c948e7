// Data breakpoints as a person uses them, in a real VS Code in Chromium with the packaged .vsix: at a breakpoint,
// Break on Value Change on a partition row in the Variables view; Continue stops after the instruction that wrote
// the row, and the Call Stack says what it wrote. Screenshots go to docs/screenshots/ with BIR_SCREENSHOTS.
import assert from 'assert';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { installExtension, installVSCode, startServer } from '../../scripts/vscode-server.mjs';
import { WAIT, chooseMenuItem, clickLine, goToLine, keepFailure, launchChromium, openFile, packagedExtension, root, runE2E, shot, shots, toggleBreakpointWithF9 } from './vscode-ui.mjs';

const PROGRAM = `# watch.bir: a row written by one iteration of a loop
module watch

const N = 8

dram src : f32[4, N] input = iota
dram out : f32[4, N] output

func main() {
  sbuf acc : f32[4, N]

  DmaCopy acc <- src
  for r0 in 0..4 {
    TensorScalar acc[r0, 0:4] <- acc[r0, 0:4], op = add, scalar = 1.0
  }
  DmaCopy out <- acc
}
`;

async function main() {
  installVSCode();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bir-e2e-data-'));
  writeFileSync(path.join(folder, 'watch.bir'), PROGRAM);
  const server = await startServer({ settings: { 'workbench.welcomePage.walkthroughs.openOnInstall': false } });
  installExtension(packagedExtension(), server.extensionsDir);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  try {
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: WAIT });
    await openFile(page, 'watch.bir');
    await page.locator('.monaco-editor .view-line', { hasText: 'func main()' }).first().waitFor({ timeout: WAIT });
    await page.waitForFunction(() => [...document.querySelectorAll('.monaco-editor .glyph-margin')].some((e) => e.getBoundingClientRect().width >= 10), undefined, { timeout: WAIT });
    const line = PROGRAM.split('\n').findIndex((l) => l.includes('for r0 in')) + 1;
    await goToLine(page, line);
    await clickLine(page, 'for r0 in');
    await toggleBreakpointWithF9(page);
    await page.keyboard.press('F5');
    await page.getByText(/Paused on breakpoint/i).first().waitFor({ timeout: WAIT });

    // Break on Value Change on acc's partition [2] in the Variables view.
    const rows = page.locator('.debug-variables .monaco-list-row');
    await rows.filter({ hasText: /^acc/ }).first().click();
    const row = rows.filter({ hasText: /^\[2\]/ }).first();
    await row.waitFor({ timeout: WAIT });
    await row.click({ button: 'right' });
    await chooseMenuItem(page, 'Break on Value Change');
    await page.locator('.debug-breakpoints .monaco-list-row', { hasText: 'acc[2, 0:8]' }).first().waitFor({ timeout: WAIT });

    // Continue: the third iteration of the loop writes the row; the stop says so, and acc[2, 0] is 17 now.
    await page.keyboard.press('F5');
    await page.getByText(/TensorScalar at line \d+ wrote acc\[2, 0:4\]: 16 → 17 \(first of 4 elements changed\)/).first().waitFor({ timeout: WAIT });
    await page.keyboard.press('Control+Shift+Y');
    const input = page.locator('.repl-input-wrapper .monaco-editor textarea').first();
    await input.waitFor({ timeout: WAIT });
    await input.focus();
    await page.keyboard.type('acc[2, 0:4]');
    await page.keyboard.press('Enter');
    const answer = page.locator('.repl .monaco-list-row', { hasText: /17/ }).first();
    await answer.waitFor({ timeout: WAIT });
    assert.match(await answer.innerText(), /17/);
    await shot(page, 'data-breakpoint');
    console.log(`e2e: Break on Value Change stops where the row is written; screenshots in ${path.relative(root, shots)}/`);
  } catch (e) {
    await keepFailure(page, 'bir-e2e-data-breakpoints-failure');
    throw e;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.tmp, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
}

runE2E(main);
