// The tensor view, in a real VS Code in Chromium with the packaged .vsix, as a person uses it: stops in
// examples/softmax.bir, opens the view from the Variables view's context menu on a tensor, hovers an element and
// reads its value, turns on "Changed since last stop", steps and sees the elements the step wrote outlined, writes a
// reference with :dump (then changes one element of it, as a reference made elsewhere would differ), compares with
// it and goes to the divergence, opens the memory map, and shows another tensor with :show in the Debug Console.
// Screenshots go to test-results/screenshots (BIR_SCREENSHOTS=docs/screenshots for the README).
import assert from 'assert';
import { existsSync, readFileSync, writeFileSync } from 'fs';
import * as path from 'path';
import { WAIT, chooseMenuItem, clickLine, copyExamples, openSource, root, runE2E, runToLine, shot, shots, webviewErrors, withWorkbench } from './vscode-ui.mjs';

/** The tensor view's page (the extension's webview). */
function tensorView(page) {
  return page.frameLocator('iframe.webview[src*="extensionId=bir-tools.bir-debug"]').frameLocator('#active-frame');
}

/** Types a line into the Debug Console and presses Enter. */
async function consoleLine(page, text) {
  const input = page.locator('.repl-input-wrapper .monaco-editor textarea').first();
  if (!(await input.isVisible())) await page.keyboard.press('Control+Shift+Y');
  await input.waitFor({ timeout: WAIT });
  // The console's input lies under the editor's layers in this layout: focused, not clicked.
  await input.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Adds `delta` to element k of a .npy file of f64 (what :dump writes), in place. */
function changeElement(file, k, delta) {
  const bytes = readFileSync(file);
  const header = bytes.readUInt16LE(8);
  const at = 10 + header + 8 * k;
  bytes.writeDoubleLE(bytes.readDoubleLE(at) + delta, at);
  writeFileSync(file, bytes);
}

async function main() {
  let viewErrors;
  await withWorkbench({ name: 'tensor-view', prepare: copyExamples, viewport: { width: 1800, height: 1000 }, onPage: (page) => { viewErrors = webviewErrors(page, 'tensor-view.js'); } }, async (page, folder) => {
    await openSource(page, 'softmax.bir');
    await runToLine(page, path.join(folder, 'softmax.bir'), 'TensorScalar sh <- xs');

    // The Variables view: Locals opens by itself; a right click on the tensor xs offers the view.
    const xs = page.locator('.debug-variables .monaco-list-row', { hasText: /^xs/ }).first();
    await xs.waitFor({ timeout: WAIT });
    await xs.click({ button: 'right' });
    await chooseMenuItem(page, 'Show Tensor');
    await page.locator('.tab', { hasText: 'BIR Tensor' }).waitFor({ timeout: WAIT });
    const view = tensorView(page);
    await view.locator('#title', { hasText: 'f32[128, 96] · SBUF xs in main' }).waitFor({ timeout: WAIT });
    const csp = await view.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    assert.match(csp, /^default-src 'none'; .*script-src 'nonce-[^']+'$/, `the policy: ${csp}`);

    // Hover an element: its value, index and bits.
    const canvas = view.locator('#heatmap');
    const box = await canvas.boundingBox();
    await page.mouse.move(box.x + box.width * (10.5 / 96), box.y + box.height * (3.5 / 128), { steps: 4 });
    const hover = await view.locator('#hover').innerText();
    assert.match(hover, /^xs\[3, 10\] = -?\d+(\.\d+)? · f32 0x[0-9a-f]{8} \(sign [01], exponent [01]{8}, mantissa [01]{23}\)/, `the hover: ${hover}`);
    await view.locator('#legend-min').waitFor({ timeout: WAIT });
    await shot(page, 'tensor-view-heatmap');

    // Changed since the last stop: on; show sh, step (F10 in the editor), and the step's writes are outlined.
    await view.locator('#changed').check();
    await view.locator('#expression').fill('sh');
    await view.locator('#expression').press('Enter');
    await view.locator('#title', { hasText: 'SBUF sh in main' }).waitFor({ timeout: WAIT });
    await clickLine(page, 'TensorScalar sh <- xs');
    await page.keyboard.press('F10');
    await view.locator('#changed-count .count', { hasText: '12,288' }).waitFor({ timeout: WAIT });
    await view.locator('#status', { hasText: /instruction \d+/ }).waitFor({ timeout: WAIT });
    // Zoomed in (the keyboard, on the heatmap), each written element is outlined.
    await canvas.click();
    for (let i = 0; i < 5; i++) await canvas.press('+');
    await shot(page, 'tensor-view-changed');
    await canvas.press('0');

    // A reference: sh written by :dump, with one element changed (row 7, column 11).
    await consoleLine(page, ':dump sh sh-ref.npy');
    await page.locator('.repl .monaco-list-row', { hasText: /wrote .*sh-ref\.npy/ }).first().waitFor({ timeout: WAIT });
    const ref = path.join(folder, 'sh-ref.npy');
    assert.ok(existsSync(ref));
    changeElement(ref, 7 * 96 + 11, 0.25);
    // The comparison alone: the outlines of the step's writes off.
    await view.locator('#changed').uncheck();
    await view.locator('#reference').fill('sh-ref.npy');
    await view.locator('#reference').press('Enter');
    await view.locator('#verdict', { hasText: 'allclose: no — 1 of 12,288 elements differ' }).waitFor({ timeout: WAIT });
    await view.locator('#first-divergence').click();
    await view.locator('#status', { hasText: 'divergence at [7, 11]' }).waitFor({ timeout: WAIT });
    const at = await view.locator('#hover').innerText();
    assert.match(at, /^sh\[7, 11\] = -?[\d.]+ · reference -?[\d.]+ · \|a − b\| 0\.25 · not close · f32 0x/, `the element: ${at}`);
    await shot(page, 'tensor-view-compare');

    // The memory map of the core: every SBUF allocation of main, and where sh lies.
    await view.locator('#tab-memory').click();
    await view.locator('#memory-table td', { hasText: 'chk' }).waitFor({ timeout: WAIT });
    const rows = await view.locator('#memory-table tr td:first-child').allInnerTexts();
    assert.deepStrictEqual(rows, ['xs', 'mx', 'sh', 'ex', 'sm', 'rs', 'ys', 'chk']);
    await view.locator('#memory-title', { hasText: 'sh: partitions 0..127' }).waitFor({ timeout: WAIT });
    await shot(page, 'tensor-view-memory');
    await view.locator('#tab-heatmap').click();

    // :show in the Debug Console shows another tensor.
    await consoleLine(page, ':show ex');
    await page.locator('.repl .monaco-list-row', { hasText: 'showing ex (f32[128, 96]) in the tensor view' }).first().waitFor({ timeout: WAIT });
    await view.locator('#title', { hasText: 'SBUF ex in main' }).waitFor({ timeout: WAIT });
    assert.deepStrictEqual(viewErrors, [], 'no errors in the tensor view');
    console.log(`e2e: the tensor view opens from the Variables view and :show, hovers, outlines changes, compares with a .npy and shows the memory map; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
