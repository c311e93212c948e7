// What a person does, in a real VS Code in Chromium: opens an example, sets a breakpoint with F9, presses F5,
// waits until the Call Stack shows the paused frame, hovers an access pattern and reads the hover, runs
// "BIR: Toggle Subgraph Frames" from the command palette and sees the Call Stack change. Screenshots go to
// docs/screenshots/ (shown in the README). The extension is the packaged .vsix, installed as a user would.
import assert from 'assert';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { installExtension, installVSCode, startServer } from '../../scripts/vscode-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Screenshots go to test-results/screenshots; `npm run screenshots` refreshes the README's (docs/screenshots).
const shots = path.resolve(root, process.env.BIR_SCREENSHOTS ?? path.join('test-results', 'screenshots'));
const WAIT = 60000;

function packagedExtension() {
  const vsix = readdirSync(root).filter((f) => /^bir-debug-.*\.vsix$/.test(f)).sort().pop();
  if (!vsix) throw new Error('no bir-debug-*.vsix in the repository: run `npm run package` first');
  return path.join(root, vsix);
}

async function shot(page, name) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** Runs a command from the command palette, as a person types it. */
async function palette(page, command) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: WAIT });
  await input.fill(`>${command}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: command }).first().waitFor({ timeout: WAIT });
  await page.keyboard.press('Enter');
}

/** Opens a file by clicking it in the Explorer. */
async function openFile(page, name) {
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first().click();
  await page.locator('.tab.active', { hasText: name }).waitFor({ timeout: WAIT });
  await page.locator('.monaco-editor textarea').first().focus();
}

async function goToLine(page, line) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: WAIT });
  await input.fill(`:${line}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: WAIT });
  await page.locator('.statusbar', { hasText: `Ln ${line},` }).waitFor({ timeout: WAIT });
}

/**
 * F9 works once VS Code has registered the extension's debugger (the `debuggersAvailable` context), which has no
 * mark on the screen: as a person would, press it again while no breakpoint appears.
 */
async function toggleBreakpointWithF9(page) {
  const breakpoint = page.locator('.monaco-editor .codicon-debug-breakpoint, .monaco-editor .codicon-debug-breakpoint-unverified').first();
  const deadline = Date.now() + WAIT;
  while (Date.now() < deadline) {
    await page.keyboard.press('F9');
    try {
      await breakpoint.waitFor({ timeout: 2000 });
      return;
    } catch {
      // not registered yet: try again
    }
  }
  throw new Error('F9 set no breakpoint');
}

/** Rests the pointer on a point until the hover shows, moving it a little between tries as a hand does. */
async function hoverUntil(page, at, hover) {
  const deadline = Date.now() + WAIT;
  for (let k = 0; Date.now() < deadline; k++) {
    await page.mouse.move(at.x + (k % 3) - 1, at.y, { steps: 4 });
    try {
      await hover.waitFor({ state: 'visible', timeout: 3000 });
      return;
    } catch {
      // the hover did not open: move again
    }
  }
  throw new Error('no hover appeared');
}

/** Screen position of a column of the editor line that contains `text`. */
async function positionOf(page, text, offsetInText) {
  const line = page.locator('.monaco-editor .view-line', { hasText: text }).first();
  await line.waitFor({ timeout: WAIT });
  return line.evaluate((el, [t, k]) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const full = el.textContent.replace(/\u00a0/g, ' ');
    let target = full.indexOf(t) + k;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (target < node.length) {
        const range = document.createRange();
        range.setStart(node, target);
        range.setEnd(node, target + 1);
        const r = range.getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      }
      target -= node.length;
    }
    throw new Error(`column not found in '${full}'`);
  }, [text, offsetInText]);
}

async function main() {
  installVSCode();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bir-e2e-'));
  cpSync(path.join(root, 'examples'), folder, { recursive: true });
  const server = await startServer();
  installExtension(packagedExtension(), server.extensionsDir);
  // The server reads its extensions when a window connects: installing before opening the page is enough.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
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
    await page.locator('.monaco-editor .view-line', { hasText: 'Activation dst <- src' }).first().click();
    await toggleBreakpointWithF9(page);
    await page.keyboard.press('F5');

    // The Call Stack shows the paused frame: epilogue, called from full_tile, called from main.
    const callStack = page.locator('.debug-call-stack');
    await callStack.locator('.monaco-list-row', { hasText: 'epilogue' }).first().waitFor({ timeout: WAIT });
    await page.getByText(/Paused on breakpoint/i).first().waitFor({ timeout: WAIT });
    await shot(page, 'breakpoint-call-stack');

    // Hover the access pattern in the function that called epilogue: select full_tile in the Call Stack first.
    await callStack.locator('.monaco-list-row', { hasText: 'full_tile' }).first().click();
    // Give the editor the focus (a click at the end of the closing line of the loop), as a person does before reading.
    await page.locator('.monaco-editor .view-line', { hasText: 'DmaCopy dst <- out' }).first().click();
    const at = await positionOf(page, 'acc[0:TM, r2*CH : r2*CH+CH]', 10);
    const hover = page.locator('.debug-hover-widget');
    await hoverUntil(page, at, hover);
    const hoverText = await hover.innerText();
    assert.match(hoverText, /f32\[128, 64\] min/, `the hover shows the tensor summary, found: ${hoverText}`);
    await shot(page, 'hover-access-pattern');
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');

    await palette(page, 'BIR: Toggle Subgraph Frames');
    await callStack.locator('.monaco-list-row', { hasText: 'full_tile › for r2 @54' }).first().waitFor({ timeout: WAIT });
    // VS Code loads a refreshed stack lazily; a person clicks "Show More Stack Frames" to see all of it.
    const more = callStack.locator('.monaco-list-row', { hasText: /Show \d+ More Stack Frames/ });
    if (await more.count()) await more.first().click();
    await callStack.locator('.monaco-list-row', { hasText: 'main › for r0 @33' }).first().waitFor({ timeout: WAIT });
    await page.locator('.statusbar', { hasText: 'BIR frames: subgraphs' }).waitFor({ timeout: WAIT });
    await shot(page, 'subgraph-frames');
    console.log(`e2e: breakpoint, Call Stack, hover and frames toggle work in VS Code; screenshots in ${path.relative(root, shots)}/`);
  } catch (e) {
    const failure = path.join(os.tmpdir(), 'bir-e2e-failure.png');
    await page.screenshot({ path: failure }).catch(() => undefined);
    console.error(`e2e failed; the page at that moment: ${failure}`);
    throw e;
  } finally {
    await browser.close();
    await server.stop();
    rmSync(server.tmp, { recursive: true, force: true });
    rmSync(folder, { recursive: true, force: true });
  }
}

if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM) {
  console.error('e2e: Chromium is not installed: run .ci/install-system-packages');
  process.exit(1);
}
main().catch((e) => {
  console.error(e.stack ?? e);
  process.exit(1);
});
