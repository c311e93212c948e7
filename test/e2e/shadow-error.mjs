// The tensor view's "Error vs float64" layer of a shadow run, in a real VS Code in Chromium with the packaged .vsix:
// F5 on a launch.json with shadow: true, stopped after softmax's last DMA, :show ys in the Debug Console, the layer
// turned on: the status line gives the largest error in ulp, the hover an element's, and :error in the console where
// the error entered. Screenshots go to test-results/screenshots.
import assert from 'assert';
import * as path from 'path';
import { WAIT, copyExamples, openSource, root, runE2E, runToLine, shot, shots, webviewErrors, withWorkbench, writeLaunchJson } from './vscode-ui.mjs';

function tensorView(page) {
  return page.frameLocator('iframe.webview[src*="extensionId=bir-tools.bir-debug"]').frameLocator('#active-frame');
}

async function consoleLine(page, text) {
  const input = page.locator('.repl-input-wrapper .monaco-editor textarea').first();
  if (!(await input.isVisible())) await page.keyboard.press('Control+Shift+Y');
  await input.waitFor({ timeout: WAIT });
  await input.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

function prepare(folder) {
  copyExamples(folder);
  writeLaunchJson(folder, [{ type: 'bir', request: 'launch', name: 'Shadow run', program: '${workspaceFolder}/softmax.bir', shadow: true }]);
}

async function main() {
  let viewErrors;
  await withWorkbench({ name: 'shadow-error', prepare, viewport: { width: 1800, height: 1000 }, onPage: (page) => { viewErrors = webviewErrors(page, 'tensor-view.js'); } }, async (page, folder) => {
    await openSource(page, 'softmax.bir');
    await runToLine(page, path.join(folder, 'softmax.bir'), 'TensorReduce chk <- ys');

    await consoleLine(page, ':show ys');
    await page.locator('.tab', { hasText: 'BIR Tensor' }).waitFor({ timeout: WAIT });
    const view = tensorView(page);
    await view.locator('#title', { hasText: 'SBUF ys in main' }).waitFor({ timeout: WAIT });
    await view.locator('#error-layer').check();
    await view.locator('#status', { hasText: /error vs float64: max [\d.e+-]+ ulp over 12,288 shadowed elements/ }).waitFor({ timeout: WAIT });

    const canvas = view.locator('#heatmap');
    const box = await canvas.boundingBox();
    await page.mouse.move(box.x + box.width * (10.5 / 96), box.y + box.height * (3.5 / 128), { steps: 4 });
    const hover = await view.locator('#hover').innerText();
    assert.match(hover, /^ys\[3, 10\] = [\d.e-]+ · error vs float64 [\d.e+-]+ ulp · f32 0x/, `the hover: ${hover}`);
    await shot(page, 'tensor-view-error-layer');

    await consoleLine(page, ':error ys[3, 10]');
    await page.locator('.repl .monaco-list-row', { hasText: /ys\[3, 10\]: [\d.e-]+ \(f32\), float64 [\d.e-]+, error/ }).first().waitFor({ timeout: WAIT });
    assert.deepStrictEqual(viewErrors, [], 'no errors in the tensor view');
    console.log(`e2e: a shadow run's error layer in the tensor view, its hover and :error; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
