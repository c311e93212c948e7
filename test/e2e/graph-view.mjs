// The graph view, in a real VS Code in Chromium, as a person uses it: stops at a breakpoint in
// examples/calls_loops.bir (F9, F5), runs "BIR: Show Graph View" from the command palette and sees the current
// node highlighted beside the source; steps (F10) and sees the highlight move to the next node; clicks a node
// and the editor goes to its line; presses B on a node and a breakpoint dot appears; shows a node's destination in
// the tensor view from its menu; then starts a launch with
// compiler passes, chooses the inline pass in the pass list and sees its diff (removed calls ghosted, inlined
// copies added); reloads the window and finds the panel restored. The extension is the packaged .vsix (run `npm run package` first), installed as a user would.
// Screenshots go to test-results/screenshots (BIR_SCREENSHOTS=docs/screenshots for the docs).
import assert from 'assert';
import * as path from 'path';
import { WAIT, clickLine, copyExamples, graphView, openSource, palette, root, runE2E, runToLine, shot, shots, webviewErrors, withWorkbench, writeLaunchJson } from './vscode-ui.mjs';


const EPILOGUE = 'calls_loops::epilogue@71:3';
const CALL_EPILOGUE = 'calls_loops::full_tile@55:5';
const MATMUL = 'calls_loops::full_tile@53:3';
const DMA_OUT = 'calls_loops::full_tile@57:3';
const CALL_FULL_TILE = 'calls_loops::main@37:9';

/** Waits until the editor's cursor is on a line (its number highlighted; the focus may be in the graph view). */
async function editorLine(page, line) {
  await page.locator('.monaco-editor .line-numbers.active-line-number', { hasText: new RegExp(`^${line}$`) }).first().waitFor({ timeout: WAIT });
}

/** A node of the graph view by its id (an attribute selector with the id quoted as CSS wants). */
function node(view, id, extra = '') {
  return view.locator(`g[data-node-id=${JSON.stringify(id)}]${extra}`);
}

/** The one highlighted (current) node's id. */
async function currentNode(view) {
  const current = view.locator('g.node.state-current');
  await current.first().waitFor({ timeout: WAIT });
  assert.strictEqual(await current.count(), 1, 'one node is current');
  return current.getAttribute('data-node-id');
}

async function main() {
  let viewErrors;
  const prepare = (folder) => {
    copyExamples(folder);
    // F5 starts the first configuration (the file in the editor); the second runs compiler passes first.
    writeLaunchJson(folder, [
      { type: 'bir', request: 'launch', name: 'Debug BIR File', program: '${file}' },
      { type: 'bir', request: 'launch', name: 'BIR with passes', program: '${workspaceFolder}/calls_loops.bir', passes: ['inline', 'dce', 'fuse'], stopOnPassEntry: true },
    ]);
  };
  const settings = { 'debug.toolBarLocation': 'docked' };
  // Errors of the graph view's page (its script, or a Content-Security-Policy refusal).
  const onPage = (page) => { viewErrors = webviewErrors(page, 'webview.js'); };
  await withWorkbench({ name: 'graph-view', prepare, settings, viewport: { width: 1600, height: 900 }, onPage }, async (page, folder) => {
    await openSource(page, 'calls_loops.bir');
    await runToLine(page, path.join(folder, 'calls_loops.bir'), 'Activation dst <- src');
    const callStack = page.locator('.debug-call-stack');
    await callStack.locator('.monaco-list-row', { hasText: 'epilogue' }).first().waitFor({ timeout: WAIT });

    // While a BIR session is active, .bir editors have the graph view's button in their title.
    await page.locator('.editor-actions .action-label[aria-label*="Show Graph View"]').first().waitFor({ timeout: WAIT });
    // The graph view beside the source, from the command palette.
    await palette(page, 'BIR: Show Graph View');
    await page.locator('.tab', { hasText: 'BIR Graph' }).waitFor({ timeout: WAIT });
    const view = graphView(page);
    await view.locator('svg.graph').waitFor({ state: 'attached', timeout: WAIT });
    assert.strictEqual(await currentNode(view), EPILOGUE, 'the stopped node is highlighted');
    await view.locator('#title', { hasText: 'calls_loops::epilogue' }).waitFor({ timeout: WAIT });
    const label = await node(view, EPILOGUE).getAttribute('aria-label');
    assert.match(label, /^Activation dst <- src, func = relu, scale = r3, ACT engine, line 71, current node/, `the node's accessible name: ${label}`);
    // The layout comes from ELK in its worker (not the list layout shown while a large graph is laid out), under
    // the page's strict policy; its stylesheet applies.
    await view.locator('body[data-layout="elk"]').waitFor({ state: 'attached', timeout: WAIT });
    const csp = await view.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    assert.match(csp, /^default-src 'none'; .*script-src 'nonce-[^']+'; worker-src [^;]* blob:$/, `the policy: ${csp}`);
    assert.strictEqual(await view.locator('svg.graph').evaluate((e) => getComputedStyle(e).position), 'absolute', 'dist/webview.css applies');
    await shot(page, 'graph-view-current');

    // Step over (the editor has the keyboard): the view follows to the caller's next node.
    await clickLine(page, 'Activation dst <- src');
    await page.keyboard.press('F10');
    await node(view, CALL_EPILOGUE, '.state-current').waitFor({ timeout: WAIT });
    assert.strictEqual(await currentNode(view), CALL_EPILOGUE, 'the highlight moved to the next node');
    await node(view, MATMUL, '.state-run').waitFor({ timeout: WAIT });
    await node(view, DMA_OUT, '.state-not-run').waitFor({ timeout: WAIT });
    await view.locator('#title', { hasText: 'calls_loops::full_tile' }).waitFor({ timeout: WAIT });
    await view.locator('body[data-layout="elk"]').waitFor({ state: 'attached', timeout: WAIT });

    // A click on a node opens its line in the editor.
    await node(view, MATMUL).click();
    await editorLine(page, 53);
    // B on the focused node sets a node breakpoint: a red dot once the adapter has verified it.
    await node(view, DMA_OUT).click();
    await editorLine(page, 57);
    await node(view, DMA_OUT).press('b');
    await node(view, DMA_OUT, '.has-bp:not(.bp-unverified)').waitFor({ timeout: WAIT });
    // The keyboard moves along the edges: up from the DmaCopy is the call it reads from.
    await node(view, DMA_OUT).press('ArrowUp');
    await view.locator(`g[data-node-id=${JSON.stringify(CALL_EPILOGUE)}]:focus`).waitFor({ timeout: WAIT });
    await view.locator('#tooltip:not([hidden])').waitFor({ timeout: WAIT });
    await shot(page, 'graph-view-step');

    // The node's menu shows its destination in the tensor view, evaluated in the selected frame.
    await node(view, MATMUL).click({ button: 'right' });
    const showAcc = view.locator('#node-menu [data-action="tensor"]');
    await showAcc.waitFor({ timeout: WAIT });
    assert.strictEqual(await showAcc.innerText(), 'Show acc in Tensor View');
    await showAcc.click();
    const tensorTab = page.locator('.tab', { hasText: 'BIR Tensor' }).first();
    await tensorTab.waitFor({ timeout: WAIT });
    await page.waitForFunction(() => document.querySelectorAll('iframe.webview').length === 2, undefined, { timeout: WAIT });
    const titles = [0, 1].map((k) => page.frameLocator(`iframe.webview >> nth=${k}`).frameLocator('#active-frame').locator('#title', { hasText: 'PSUM acc in full_tile' }));
    await Promise.any(titles.map((t) => t.waitFor({ timeout: WAIT })));
    await tensorTab.hover();
    await tensorTab.locator('.codicon-close').click();
    await tensorTab.waitFor({ state: 'detached', timeout: WAIT });

    // Stop; then a launch with compiler passes, stopped before the first pass.
    await page.keyboard.press('Shift+F5');
    await view.locator('#empty', { hasText: 'Start debugging a .bir file (F5)' }).waitFor({ timeout: WAIT });
    await palette(page, 'Debug: Select and Start Debugging');
    const pick = page.locator('.quick-input-list .monaco-list-row', { hasText: 'BIR with passes' }).first();
    await pick.waitFor({ timeout: WAIT });
    await pick.click();
    await view.locator('#title', { hasText: 'compiler stop at snapshot 0' }).waitFor({ timeout: WAIT });
    const passes = view.locator('#pass-list li');
    await passes.filter({ hasText: '1 inline' }).waitFor({ timeout: WAIT });
    assert.deepStrictEqual((await passes.locator('.pass-name').allTextContents()), ['Running program', '0 as written', '1 inline', '2 dce', '3 fuse']);
    await node(view, CALL_FULL_TILE).waitFor({ timeout: WAIT });
    assert.strictEqual(await view.locator('g.node.ghost').count(), 0, 'the program as written has no diff');

    // More room for the graph: no side bar, no panel, its editor group maximized (a double click on its tab).
    await clickLine(page, 'DmaCopy dst <- out');
    await palette(page, 'View: Close Primary Side Bar');
    await clickLine(page, 'DmaCopy dst <- out');
    await palette(page, 'View: Hide Panel');
    // (the debug toolbar is docked in the Run and Debug view: floating, it covered the view's tab, and a double click
    // there pressed its Step Back)
    const tab = await page.locator('.tab', { hasText: 'BIR Graph' }).first().boundingBox();
    await page.mouse.dblclick(tab.x + tab.width - 36, tab.y + tab.height / 2);
    await passes.filter({ hasText: '1 inline' }).click();
    await view.locator('#title', { hasText: 'snapshot 1 (inline)' }).waitFor({ timeout: WAIT });
    await node(view, CALL_FULL_TILE, '.ghost').waitFor({ timeout: WAIT });
    assert.match(await node(view, CALL_FULL_TILE).getAttribute('aria-label'), /removed by this pass/);
    assert.ok(await view.locator('g.node.added').count() > 0, 'the inlined copies are marked added');
    await view.locator('body[data-layout="elk"]').waitFor({ state: 'attached', timeout: WAIT });
    await shot(page, 'graph-view-passes');

    // A reload restores the panel (its serializer); the session is gone, so it says what to do.
    await page.reload();
    await page.locator('.monaco-workbench').waitFor({ timeout: WAIT });
    await page.locator('.tab', { hasText: 'BIR Graph' }).waitFor({ timeout: WAIT });
    await page.locator('.tab', { hasText: 'BIR Graph' }).first().click();
    // (The window may hold another webview of the extension after the reload: the restored graph view is the one that
    // says what to do.)
    const restored = [0, 1].map((k) => page.frameLocator(`iframe.webview[src*="extensionId=bir-tools.bir-debug"] >> nth=${k}`).frameLocator('#active-frame').locator('#empty', { hasText: 'Start debugging a .bir file (F5)' }));
    await Promise.any(restored.map((t) => t.waitFor({ timeout: WAIT })));
    assert.deepStrictEqual(viewErrors, [], 'no errors in the graph view');
    console.log(`e2e: graph view follows stops and steps, reveals source, sets node breakpoints and shows pass diffs; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
