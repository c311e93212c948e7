// Time travel as a person uses it, in a real VS Code in Chromium with the packaged .vsix: stops at a breakpoint,
// continues to its next hit, presses the debug toolbar's Step Back and Reverse Continue buttons and sees the Call
// Stack and the instruction count in the status bar go back, then asks the Debug Console `:why`. Screenshots go to
// docs/screenshots/ with BIR_SCREENSHOTS (shown in the README).
import assert from 'assert';
import * as path from 'path';
import { WAIT, copyExamples, openSource, root, runE2E, runToLine, shot, shots, withWorkbench } from './vscode-ui.mjs';

/** The instruction count the status bar shows. */
async function instructionCount(page) {
  const item = page.locator('.statusbar-item', { hasText: /instruction [\d,]+/ }).first();
  await item.waitFor({ timeout: WAIT });
  return Number((await item.innerText()).match(/instruction ([\d,]+)/)[1].replace(/,/g, ''));
}

/** Waits until the status bar's count is another than `before`; returns it. */
async function countChangedFrom(page, before) {
  await page.waitForFunction((n) => {
    const item = [...document.querySelectorAll('.statusbar-item')].find((e) => /instruction [\d,]+/.test(e.textContent));
    return item && Number(item.textContent.match(/instruction ([\d,]+)/)[1].replace(/,/g, '')) !== n;
  }, before, { timeout: WAIT });
  return instructionCount(page);
}

async function toolbarButton(page, label) {
  const button = page.locator(`.debug-toolbar .action-item a[aria-label^="${label}"]`).first();
  await button.waitFor({ timeout: WAIT });
  return button;
}

async function main() {
  await withWorkbench({ name: 'time-travel', prepare: copyExamples }, async (page, folder) => {
    await openSource(page, 'calls_loops.bir');
    await runToLine(page, path.join(folder, 'calls_loops.bir'), 'Activation dst <- src');
    const callStack = page.locator('.debug-call-stack');
    await callStack.locator('.monaco-list-row', { hasText: 'epilogue' }).first().waitFor({ timeout: WAIT });
    const first = await instructionCount(page);

    // Forward to the breakpoint's next hit: the count grows.
    await page.keyboard.press('F5');
    const second = await countChangedFrom(page, first);
    assert.ok(second > first, `continue moves forward in time: ${first} → ${second}`);

    // Step Back: to the line before, in the caller: the call of epilogue in full_tile's loop (a call is no
    // instruction, so the count stays; the Call Stack shows the move).
    await (await toolbarButton(page, 'Step Back')).click();
    await page.locator('.debug-call-stack .monaco-list-row').first().filter({ hasText: 'full_tile' }).waitFor({ timeout: WAIT });
    await page.getByText(/Paused after step \(instruction [\d,]+\)/).first().waitFor({ timeout: WAIT });
    const back = await instructionCount(page);
    assert.ok(back <= second, `Step Back does not move forward: ${second} → ${back}`);
    await shot(page, 'step-back');

    // Reverse Continue: back to the breakpoint's previous hit, the first one.
    await (await toolbarButton(page, 'Reverse')).click();
    const reversed = await countChangedFrom(page, back);
    assert.strictEqual(reversed, first, 'Reverse Continue stops where the breakpoint first stopped');
    await callStack.locator('.monaco-list-row', { hasText: 'epilogue' }).first().waitFor({ timeout: WAIT });

    // Where did a value come from? The Debug Console answers, a step at a time.
    await page.keyboard.press('Control+Shift+Y');
    const input = page.locator('.repl-input-wrapper .monaco-editor textarea').first();
    await input.waitFor({ timeout: WAIT });
    // The console's input lies under the editor's layers in this layout: focused, not clicked.
    await input.focus();
    await page.keyboard.type(':why src[5, 3]');
    await page.keyboard.press('Enter');
    const answer = page.locator('.repl .monaco-list-row', { hasText: /src\[5, 3\] = .* ← MatMult/ }).first();
    await answer.waitFor({ timeout: WAIT });
    // Opened, it lists what the MatMult read: a column of each operand, each with its values then.
    await answer.click();
    await page.locator('.repl .monaco-list-row', { hasText: /moving w\s*=\s*128 values: ws\[0, 3\]/ }).first().waitFor({ timeout: WAIT });
    await page.locator('.repl .monaco-list-row', { hasText: /stationary xT\s*=\s*128 values: xT\[0, 5\]/ }).first().click();
    await page.locator('.repl .monaco-list-row', { hasText: /stationary xT: xT\[\d+, 5\]\s*=/ }).first().waitFor({ timeout: WAIT });
    await shot(page, 'why-console');
    console.log(`e2e: Step Back, Reverse Continue, the instruction count and :why work in VS Code; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
