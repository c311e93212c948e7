// What the browser tests share: the packaged extension, Chromium, screenshots, and the gestures of a person in
// VS Code (the command palette, the Explorer, Go to Line, F9, hovering a column of a line).
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import * as os from 'os';
import * as path from 'path';
import { fileURLToPath } from 'url';
import { installExtension, installVSCode, startServer } from '../../scripts/vscode-server.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Screenshots go to test-results/screenshots; `npm run screenshots` refreshes the README's (docs/screenshots).
export const shots = path.resolve(root, process.env.BIR_SCREENSHOTS ?? path.join('test-results', 'screenshots'));
export const WAIT = 60000;

/**
 * Debian's Chromium, with nothing that reaches the network and a fresh profile. Its pages wait for a navigation as
 * long as for anything else (VS Code's workbench loads slowly on a busy machine).
 */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => {
    const page = await newPage(...args);
    page.setDefaultNavigationTimeout(WAIT);
    return page;
  };
  return browser;
}

/**
 * A browser test's VS Code: a new folder that `prepare(folder)` fills, a VS Code server with the packaged extension,
 * and Chromium on the folder's workbench. `use(page, folder)` drives it. A failure keeps a picture of the page
 * (bir-e2e-NAME-failure.png in the system's temporary folder); the browser, the server and the folders go, whatever
 * happens. `onPage` sees the page before the workbench loads (to listen to its console).
 */
export async function withWorkbench({ name, prepare, settings = {}, viewport = { width: 1400, height: 860 }, onPage }, use) {
  installVSCode();
  const folder = mkdtempSync(path.join(os.tmpdir(), `bir-e2e-${name}-`));
  let server;
  let browser;
  try {
    prepare?.(folder);
    // The walkthrough that opens on a first start has a test of its own (first-start.mjs).
    server = await startServer({ settings: { 'workbench.welcomePage.walkthroughs.openOnInstall': false, ...settings } });
    // The server reads its extensions when a window connects: installing before opening the page is enough.
    installExtension(packagedExtension(), server.extensionsDir);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport });
    onPage?.(page);
    try {
      await page.goto(`${server.url}/?folder=${encodeURIComponent(folder)}`);
      await page.locator('.monaco-workbench').waitFor({ timeout: WAIT });
      await use(page, folder);
    } catch (e) {
      await keepFailure(page, `bir-e2e-${name}-failure`);
      throw e;
    }
  } finally {
    await browser?.close();
    await server?.stop(); // and its temporary folder
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Fills a test's folder with the repository's examples. */
export function copyExamples(folder) {
  cpSync(path.join(root, 'examples'), folder, { recursive: true });
}

/** Gives a test's folder a .vscode/launch.json with these configurations (F5 starts the first). */
export function writeLaunchJson(folder, configurations) {
  mkdirSync(path.join(folder, '.vscode'), { recursive: true });
  writeFileSync(path.join(folder, '.vscode', 'launch.json'), JSON.stringify({ version: '0.2.0', configurations }, null, 2));
}

/**
 * The errors a webview's page reports in the browser's console (its script `script`, or a Content-Security-Policy
 * refusal), collected from now on into the array returned.
 */
export function webviewErrors(page, script) {
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && (/Content.Security.Policy/i.test(m.text()) || m.location()?.url?.includes(script))) errors.push(m.text());
  });
  return errors;
}

export function packagedExtension() {
  const vsix = readdirSync(root).filter((f) => /^bir-debug-.*\.vsix$/.test(f)).sort().pop();
  if (!vsix) throw new Error('no bir-debug-*.vsix in the repository: run `npm run package` first');
  return path.join(root, vsix);
}

export async function shot(page, name) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

/** Runs a command from the command palette, as a person types it (and picks the row that shows `pick`). */
export async function palette(page, command, pick = command) {
  const input = page.locator('.quick-input-widget input');
  // F1, as a person presses it; where the focus swallows it (a REPL input), Ctrl+Shift+P, as a person then does.
  for (const key of ['F1', 'Control+Shift+P', 'F1']) {
    await page.keyboard.press(key);
    try {
      await input.waitFor({ state: 'visible', timeout: 5000 });
      break;
    } catch {
      // the palette did not open: the other key
    }
  }
  await input.waitFor({ state: 'visible', timeout: WAIT });
  await input.fill(`>${command}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: pick }).first().waitFor({ timeout: WAIT });
  await page.keyboard.press('Enter');
}

/**
 * Clicks a line of the active editor near its start, which puts the cursor on it. (A click on the middle of a
 * `.view-line`, which is as wide as the longest line, makes the browser scroll the editor's container sideways to
 * bring that point into view, under Monaco's feet: the text then shows shifted, its start cut off.)
 */
export async function clickLine(page, text) {
  // Near the start of what the editor shows of the line: when the editor's container was scrolled natively (VS Code
  // in a browser does so at times), the line's own start lies left of the editor, under the side bar.
  const line = page.locator('.monaco-editor .view-line', { hasText: text }).first();
  await line.waitFor({ timeout: WAIT });
  const x = await line.evaluate((el) => {
    const content = el.closest('.editor-scrollable');
    return Math.max(0, (content?.getBoundingClientRect().left ?? 0) - el.getBoundingClientRect().left) + 4;
  }).catch(() => 4);
  // (Playwright finds the line again if Monaco draws it anew meanwhile.)
  await line.click({ position: { x, y: 6 }, timeout: WAIT });
}

/** Opens a file by clicking it in the Explorer. */
export async function openFile(page, name) {
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first().click();
  await page.locator('.tab.active', { hasText: name }).waitFor({ timeout: WAIT });
  await page.locator('.monaco-editor textarea').first().focus();
}

/**
 * Opens a source file from the Explorer, and waits until its editor can take breakpoints: VS Code has read the
 * extension's contributions once the editor shows its glyph margin.
 */
export async function openSource(page, name) {
  await page.locator('.explorer-folders-view .monaco-list-row', { hasText: name }).first().waitFor({ timeout: WAIT });
  await openFile(page, name);
  await page.locator('.monaco-editor .view-line').first().waitFor({ timeout: WAIT });
  await page.waitForFunction(() => [...document.querySelectorAll('.monaco-editor .glyph-margin')].some((e) => e.getBoundingClientRect().width >= 10), undefined, { timeout: WAIT });
}

/**
 * Runs the program of the active editor (`file`, its path) to a breakpoint on the first line that holds `text`, as a
 * person does: Go to Line, a click on the line (which also gives the editor the keyboard), F9, F5.
 */
export async function runToLine(page, file, text) {
  const line = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(text)) + 1;
  if (line === 0) throw new Error(`no line of ${file} holds '${text}'`);
  await goToLine(page, line);
  await clickLine(page, text);
  await toggleBreakpointWithF9(page);
  await page.keyboard.press('F5');
  await page.getByText(/Paused on breakpoint/i).first().waitFor({ timeout: WAIT });
}

export async function goToLine(page, line) {
  await page.keyboard.press('Control+G');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: WAIT });
  await input.fill(`:${line}`);
  await page.keyboard.press('Enter');
  await input.waitFor({ state: 'hidden', timeout: WAIT });
  const [l, c] = String(line).split(':');
  await page.locator('.statusbar', { hasText: c ? `Ln ${l}, Col ${c}` : `Ln ${l},` }).waitFor({ timeout: WAIT });
}

/**
 * F9 works once VS Code has registered the extension's debugger (the `debuggersAvailable` context), which has no
 * mark on the screen: as a person would, press it again while no breakpoint appears.
 */
export async function toggleBreakpointWithF9(page) {
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

/**
 * Rests the pointer on a column of a line (`target`: the line number, a text on it and an offset into that text)
 * until the debug hover shows, moving it a little between tries as a hand does; the position is measured again
 * each time, in case the editor scrolled. A headless browser's synthetic pointer sometimes never wakes the editor's
 * hover: then the cursor is put there (Go to Line with a column) and the keyboard asks for the same hover (Debug:
 * Show Hover), as a person may do too.
 */
export async function hoverUntil(page, target, hover) {
  for (let k = 0; k < 4; k++) {
    const at = await positionOf(page, target.text, target.offset);
    await page.mouse.move(at.x + (k % 3) - 1, at.y, { steps: 4 });
    try {
      await hover.waitFor({ state: 'visible', timeout: 3000 });
      return;
    } catch {
      // the hover did not open: move again
    }
  }
  const lineText = await page.locator('.monaco-editor .view-line', { hasText: target.text }).first().evaluate((el) => el.textContent.replace(/\u00a0/g, ' '));
  const column = lineText.indexOf(target.text) + target.offset + 1;
  await goToLine(page, `${target.line}:${column}`);
  await palette(page, 'Debug: Show Hover');
  await hover.waitFor({ state: 'visible', timeout: WAIT });
}

export async function positionOf(page, text, offsetInText) {
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

/** The graph view's page (the extension's webview; other webviews, such as a walkthrough's, are not it). */
export function graphView(page) {
  return page.frameLocator('iframe.webview[src*="extensionId=bir-tools.bir-debug"]').frameLocator('#active-frame');
}

/** Keeps a screenshot of the page as it was when a test failed, and says where. */
export async function keepFailure(page, name) {
  const failure = path.join(os.tmpdir(), `${name}.png`);
  await page.screenshot({ path: failure }).catch(() => undefined);
  console.error(`e2e failed; the page at that moment: ${failure}`);
}

/** Runs a browser test's main: refuses at once without Chromium, and exits with 1 on any failure. */
export function runE2E(main) {
  if (!existsSync('/usr/bin/chromium') && !process.env.CHROMIUM) {
    console.error('e2e: Chromium is not installed: run .ci/install-system-packages');
    process.exit(1);
  }
  main().catch((e) => {
    console.error(e.stack ?? e);
    process.exit(1);
  });
}

/**
 * Chooses an item of the open context menu, as a person does: a click, and if the menu took no notice of it (a
 * click landing while the menu is still being drawn is dropped), Enter on the item the pointer highlights.
 */
export async function chooseMenuItem(page, text) {
  const menu = page.locator('.context-view .monaco-menu');
  const item = menu.locator('.action-item', { hasText: text }).first();
  await item.waitFor({ timeout: WAIT });
  await item.click();
  const closed = await menu.first().waitFor({ state: 'hidden', timeout: 5000 }).then(() => true, () => false);
  if (closed) return;
  await item.hover();
  await page.keyboard.press('Enter');
  await menu.first().waitFor({ state: 'hidden', timeout: WAIT });
}
