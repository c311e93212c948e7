// What a person does, in a real VS Code in Chromium: opens an example, sets a breakpoint with F9, presses F5,
// waits until the Call Stack shows the paused frame, hovers an access pattern and reads the hover, runs
// "BIR: Toggle Subgraph Frames" from the command palette and sees the Call Stack change. Screenshots go to
// docs/screenshots/ (shown in the README). The extension is the packaged .vsix, installed as a user would.
import assert from 'assert';
import { cpSync, mkdtempSync, rmSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { installExtension, installVSCode, startServer } from '../../scripts/vscode-server.mjs';
import { WAIT, clickLine, goToLine, hoverUntil, keepFailure, launchChromium, openFile, packagedExtension, palette, root, runE2E, shot, shots, toggleBreakpointWithF9 } from './vscode-ui.mjs';


async function main() {
  installVSCode();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bir-e2e-'));
  cpSync(path.join(root, 'examples'), folder, { recursive: true });
  // The walkthrough that opens on a first start has a test of its own (first-start.mjs).
  const server = await startServer({ settings: { 'workbench.welcomePage.walkthroughs.openOnInstall': false } });
  installExtension(packagedExtension(), server.extensionsDir);
  // The server reads its extensions when a window connects: installing before opening the page is enough.
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  try {
    await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: WAIT });
    await page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor({ timeout: WAIT });

    await openFile(page, 'calls_loops.bir');
    await page.locator('.monaco-editor .view-line', { hasText: 'func main()' }).first().waitFor({ timeout: WAIT });
    // Breakpoints can be set once VS Code has read the extension's contributions: the editor then shows its glyph margin.
    await page.waitForFunction(() => [...document.querySelectorAll('.monaco-editor .glyph-margin')].some((e) => e.getBoundingClientRect().width >= 10), undefined, { timeout: WAIT });
    await goToLine(page, 71);
    // A person looks at the line before pressing F9: the click also makes sure the editor has the keyboard.
    await clickLine(page, 'Activation dst <- src');
    await toggleBreakpointWithF9(page);
    await page.keyboard.press('F5');

    // The Call Stack shows the paused frame: epilogue, called from full_tile, called from main.
    const callStack = page.locator('.debug-call-stack');
    await callStack.locator('.monaco-list-row', { hasText: 'epilogue' }).first().waitFor({ timeout: WAIT });
    await page.getByText(/Paused on breakpoint/i).first().waitFor({ timeout: WAIT });
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
  } catch (e) {
    await keepFailure(page, 'bir-e2e-failure');
    throw e;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.tmp, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
}

runE2E(main);
