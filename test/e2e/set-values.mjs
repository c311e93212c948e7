// Setting values and completions as a person uses them, in a real VS Code in Chromium with the packaged .vsix: at a
// breakpoint, Ctrl+Space in the Debug Console offers a tensor with its type and, after `acc[0, `, the size of the
// dimension; Set Value on an element in the Variables view stores a value, and the next Print shows it. Screenshots go
// to docs/screenshots/ with BIR_SCREENSHOTS.
import assert from 'assert';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { installExtension, installVSCode, startServer } from '../../scripts/vscode-server.mjs';
import { WAIT, chooseMenuItem, clickLine, goToLine, keepFailure, launchChromium, openFile, packagedExtension, root, runE2E, shot, shots, toggleBreakpointWithF9 } from './vscode-ui.mjs';

const PROGRAM = `# edits.bir: values set while stopped
module edits

const N = 8

dram src : f32[4, N] input = random(seed=1, low=0, high=1)
dram out : f32[4, N] output

func main() {
  sbuf acc : f32[4, N]
  sbuf half : bf16[4, N]

  DmaCopy acc <- src
  TensorCopy half <- acc
  Print "acc[0, 0:4] =", acc[0, 0:4]
  DmaCopy out <- acc
}
`;

/** The suggestions VS Code shows, once one with this text is there. */
async function suggestion(page, text) {
  const row = page.locator('.suggest-widget .monaco-list-row', { hasText: text }).first();
  await row.waitFor({ timeout: WAIT });
  return row;
}

async function main() {
  installVSCode();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bir-e2e-set-'));
  writeFileSync(path.join(folder, 'edits.bir'), PROGRAM);
  const server = await startServer({ settings: { 'workbench.welcomePage.walkthroughs.openOnInstall': false } });
  installExtension(packagedExtension(), server.extensionsDir);
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  try {
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: WAIT });
    await openFile(page, 'edits.bir');
    await page.locator('.monaco-editor .view-line', { hasText: 'func main()' }).first().waitFor({ timeout: WAIT });
    await page.waitForFunction(() => [...document.querySelectorAll('.monaco-editor .glyph-margin')].some((e) => e.getBoundingClientRect().width >= 10), undefined, { timeout: WAIT });
    const line = PROGRAM.split('\n').findIndex((l) => l.includes('Print "acc')) + 1;
    await goToLine(page, line);
    await clickLine(page, 'Print "acc');
    await toggleBreakpointWithF9(page);
    await page.keyboard.press('F5');
    await page.getByText(/Paused on breakpoint/i).first().waitFor({ timeout: WAIT });

    // Completions in the Debug Console: Ctrl+Space after "ac" offers acc with its type.
    await page.keyboard.press('Control+Shift+Y');
    const input = page.locator('.repl-input-wrapper .monaco-editor textarea').first();
    await input.waitFor({ timeout: WAIT });
    await input.focus();
    await page.keyboard.type('ac');
    await page.keyboard.press('Control+Space');
    await suggestion(page, 'acc');
    // The detail (the type) shows for the focused suggestion.
    await page.locator('.suggest-widget', { hasText: 'f32[4, 8] in sbuf' }).first().waitFor({ timeout: WAIT });
    await shot(page, 'completions-name');
    await page.keyboard.press('Escape');
    await page.keyboard.type('c[0, ');
    await page.keyboard.press('Control+Space');
    await suggestion(page, '0:8');
    await shot(page, 'completions');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');

    // Set Value on an element in the Variables view: acc, its partition [0], its element [2].
    const rows = page.locator('.debug-variables .monaco-list-row');
    await rows.filter({ hasText: /^acc/ }).first().click();
    await rows.filter({ hasText: /^\[0\]/ }).first().click();
    const element = rows.filter({ hasText: /^\[2\]/ }).first();
    await element.waitFor({ timeout: WAIT });
    await element.click({ button: 'right' });
    await chooseMenuItem(page, 'Set Value');
    const box = page.locator('.debug-variables .monaco-inputbox input').first();
    await box.waitFor({ timeout: WAIT });
    await box.fill('2.5 * 3');
    await page.keyboard.press('Enter');
    await rows.filter({ hasText: /^\[2\]\s*[=:]?\s*7\.5$/ }).first().waitFor({ timeout: WAIT });
    await shot(page, 'set-value');

    // The program goes on with the value: the next Print shows it.
    await page.keyboard.press('F5');
    const printed = page.locator('.repl .monaco-list-row', { hasText: /acc\[0, 0:4\] = \[[^,]+, [^,]+, 7\.5, / }).first();
    await printed.waitFor({ timeout: WAIT });
    assert.match(await printed.innerText(), /7\.5/);
    console.log(`e2e: completions on Ctrl+Space and Set Value work in VS Code; screenshots in ${path.relative(root, shots)}/`);
  } catch (e) {
    await keepFailure(page, 'bir-e2e-set-values-failure');
    throw e;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.tmp, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
}

runE2E(main);
