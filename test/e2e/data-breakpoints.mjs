// Data breakpoints as a person uses them, in a real VS Code in Chromium with the packaged .vsix: at a breakpoint,
// Break on Value Change on a partition row in the Variables view; Continue stops after the instruction that wrote
// the row, and the Call Stack says what it wrote. Screenshots go to docs/screenshots/ with BIR_SCREENSHOTS.
import assert from 'assert';
import { writeFileSync } from 'fs';
import * as path from 'path';
import { WAIT, chooseMenuItem, openSource, root, runE2E, runToLine, shot, shots, withWorkbench } from './vscode-ui.mjs';

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
  await withWorkbench({ name: 'data-breakpoints', prepare: (folder) => writeFileSync(path.join(folder, 'watch.bir'), PROGRAM) }, async (page, folder) => {
    await openSource(page, 'watch.bir');
    await runToLine(page, path.join(folder, 'watch.bir'), 'for r0 in');

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
  });
}

runE2E(main);
