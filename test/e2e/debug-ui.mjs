// What a person does, in a real VS Code in Chromium: opens an example, sets a breakpoint with F9, presses F5,
// waits until the Call Stack shows the paused frame, hovers an access pattern and reads the hover, runs
// "BIR: Toggle Subgraph Frames" from the command palette and sees the Call Stack change. Screenshots go to
// docs/screenshots/ (shown in the README). The extension is the packaged .vsix, installed as a user would.
import assert from 'assert';
import * as path from 'path';
import { WAIT, copyExamples, hoverUntil, openSource, palette, root, runE2E, runToLine, shot, shots, withWorkbench } from './vscode-ui.mjs';


async function main() {
  await withWorkbench({ name: 'debug-ui', prepare: copyExamples }, async (page, folder) => {
    await openSource(page, 'calls_loops.bir');
    await runToLine(page, path.join(folder, 'calls_loops.bir'), 'Activation dst <- src');

    // The Call Stack shows the paused frame: epilogue, called from full_tile, called from main.
    const callStack = page.locator('.debug-call-stack');
    await callStack.locator('.monaco-list-row', { hasText: 'epilogue' }).first().waitFor({ timeout: WAIT });
    await shot(page, 'breakpoint-call-stack');

    // Hover the access pattern in the function that called epilogue: select full_tile in the Call Stack first.
    await callStack.locator('.monaco-list-row', { hasText: 'full_tile' }).first().click();
    // Selecting the frame moves the editor to its line; the pointer goes there once the editor has settled.
    await page.locator('.statusbar', { hasText: 'Ln 55,' }).waitFor({ timeout: WAIT });
    const hover = page.locator('.debug-hover-widget');
    await hoverUntil(page, { line: 55, text: 'acc[0:TM, r2*CH : r2*CH+CH]', offset: 10 }, hover);
    const hoverText = await hover.innerText();
    assert.match(hoverText, /f32\[128, 64\] min/, `the hover shows the tensor summary, found: ${hoverText}`);
    await shot(page, 'hover-access-pattern');
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');

    await palette(page, 'BIR: Toggle Subgraph Frames');
    await callStack.locator('.monaco-list-row', { hasText: 'full_tile › for r2 @54' }).first().waitFor({ timeout: WAIT });
    // Every frame is listed: frames of subgraphs are not folded under "Show N More Stack Frames" (new-user.mjs checks).
    await callStack.locator('.monaco-list-row', { hasText: 'main › for r0 @33' }).first().waitFor({ timeout: WAIT });
    await page.locator('.statusbar', { hasText: 'BIR frames: subgraphs' }).waitFor({ timeout: WAIT });
    await shot(page, 'subgraph-frames');
    console.log(`e2e: breakpoint, Call Stack, hover and frames toggle work in VS Code; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
