// Setting values and completions as a person uses them, in a real VS Code in Chromium with the packaged .vsix: at a
// breakpoint, Ctrl+Space in the Debug Console offers a tensor with its type and, after `acc[0, `, the size of the
// dimension; Set Value on an element in the Variables view stores a value, and the next Print shows it. Screenshots go
// to docs/screenshots/ with BIR_SCREENSHOTS.
import assert from 'assert';
import { writeFileSync } from 'fs';
import * as path from 'path';
import { WAIT, chooseMenuItem, openSource, root, runE2E, runToLine, shot, shots, withWorkbench } from './vscode-ui.mjs';

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
  await withWorkbench({ name: 'set-values', prepare: (folder) => writeFileSync(path.join(folder, 'edits.bir'), PROGRAM) }, async (page, folder) => {
    await openSource(page, 'edits.bir');
    await runToLine(page, path.join(folder, 'edits.bir'), 'Print "acc');

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
    // The element [2] of the partition [0], under Locals, acc and [0]: acc's partition [2] is a row whose text starts alike.
    const element = rows.and(page.locator('[aria-level="4"]')).filter({ hasText: /^\[2\]/ }).first();
    await element.waitFor({ timeout: WAIT });
    await element.click({ button: 'right' });
    await chooseMenuItem(page, 'Set Value');
    const box = page.locator('.debug-variables .monaco-inputbox input').first();
    await box.waitFor({ timeout: WAIT });
    await box.fill('2.5 * 3');
    await page.keyboard.press('Enter');
    await rows.and(page.locator('[aria-level="4"]')).filter({ hasText: /^\[2\]\s*[=:]?\s*7\.5$/ }).first().waitFor({ timeout: WAIT });
    await shot(page, 'set-value');

    // The program goes on with the value: the next Print shows it.
    await page.keyboard.press('F5');
    const printed = page.locator('.repl .monaco-list-row', { hasText: /acc\[0, 0:4\] = \[[^,]+, [^,]+, 7\.5, / }).first();
    await printed.waitFor({ timeout: WAIT });
    assert.match(await printed.innerText(), /7\.5/);
    console.log(`e2e: completions on Ctrl+Space and Set Value work in VS Code; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
