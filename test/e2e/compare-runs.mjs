// Differential debugging in a real VS Code in Chromium with the packaged .vsix (issue 27):
// - BIR: Compare Runs… from the palette on compare-a.bir, another file picked in its quick pick (compare-b.bir, which
//   adds 0.5 to s[1, 2] only): both sessions stop at the first divergence, y[1, 2], 13 in A and 13.5 in B, each on its
//   DmaCopy; `:why s[1, 2]` in the Debug Console answers with the side's value.
// - The NaN / Inf exception filter checked in the Breakpoints view: faults/nan.bir stops at the producer (the
//   Activation whose rsqrt(0) is +inf), not at the TensorScalar that carries it on (0 · inf), and the run ends after.
// Screenshots go to test-results/screenshots.
import assert from 'assert';
import { copyFileSync, readFileSync, writeFileSync } from 'fs';
import * as path from 'path';
import { WAIT, copyExamples, openSource, palette, root, runE2E, shot, shots, withWorkbench, writeLaunchJson } from './vscode-ui.mjs';

const A = `module k
dram x : f32[2, 4] input = iota
dram y : f32[2, 4] output
func main() {
  sbuf s : f32[2, 4]
  DmaCopy s <- x
  TensorScalar s <- s, op = mul, scalar = 2
  TensorScalar s <- s, op = add, scalar = 1
  DmaCopy y <- s
}
`;
const B = A.replace('  DmaCopy y <- s', '  TensorScalar s[1:2, 2:3] <- s[1:2, 2:3], op = add, scalar = 0.5\n  DmaCopy y <- s');

function prepare(folder) {
  copyExamples(folder);
  writeFileSync(path.join(folder, 'compare-a.bir'), A);
  writeFileSync(path.join(folder, 'compare-b.bir'), B);
  // At the top of the Explorer, beside the others.
  copyFileSync(path.join(folder, 'faults', 'nan.bir'), path.join(folder, 'nan.bir'));
  writeLaunchJson(folder, [{ type: 'bir', request: 'launch', name: 'NaN at entry', program: '${workspaceFolder}/nan.bir', stopOnEntry: true }]);
}

async function consoleLine(page, text) {
  const input = page.locator('.repl-input-wrapper .monaco-editor textarea').first();
  if (!(await input.isVisible())) await page.keyboard.press('Control+Shift+Y');
  await input.waitFor({ timeout: WAIT });
  await input.focus();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Ends every debug session, as a person does: Shift+F5 until the debug toolbar goes. */
async function stopDebugging(page) {
  const toolbar = page.locator('.debug-toolbar');
  for (let i = 0; i < 4 && (await toolbar.isVisible()); i++) {
    await page.keyboard.press('Shift+F5');
    await toolbar.waitFor({ state: 'hidden', timeout: 10000 }).catch(() => undefined);
  }
  await toolbar.waitFor({ state: 'hidden', timeout: WAIT });
}

async function compareRuns(page) {
  await openSource(page, 'compare-a.bir');
  await palette(page, 'BIR: Compare Runs');
  const pick = page.locator('.quick-input-widget input');
  await pick.waitFor({ state: 'visible', timeout: WAIT });
  await pick.fill('compare-b');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'compare-b.bir' }).first().waitFor({ timeout: WAIT });
  await page.keyboard.press('Enter');
  // Side A and side B (its child session) each stopped at its write of y[1, 2].
  // (The Call Stack's narrow column cuts the labels off: they are there in full, as their tooltips are.)
  await page.getByText(/Paused on divergence: y\[1, 2\] = 13 here, 13\.5 in B/).first().waitFor({ state: 'attached', timeout: WAIT });
  await page.getByText(/Paused on divergence: y\[1, 2\] = 13\.5 here, 13 in A/).first().waitFor({ state: 'attached', timeout: WAIT });
  await page.locator('.debug-top-stack-frame-line, .debug-focused-stack-frame-line').first().waitFor({ timeout: WAIT });
  await consoleLine(page, ':why s[1, 2]');
  const why = page.locator('.repl .monaco-list-row', { hasText: /s\[1, 2\] = 13(\.5)? ← TensorScalar at instruction [23] \(core 0\) compare-[ab]\.bir:[89]:3/ }).first();
  await why.waitFor({ timeout: WAIT });
  await shot(page, 'compare-runs');
  await stopDebugging(page);
}

async function nanProducer(page) {
  await page.keyboard.press('Control+Shift+E');
  await openSource(page, 'nan.bir');
  await page.keyboard.press('F5');
  await page.locator('.debug-top-stack-frame-line').first().waitFor({ timeout: WAIT });
  // The filters are in the Breakpoints view of Run and Debug.
  await page.keyboard.press('Control+Shift+D');
  await page.getByText(/Paused on entry/i).first().waitFor({ state: 'attached', timeout: WAIT });
  const filter = page.locator('.debug-breakpoints .monaco-list-row', { hasText: 'NaN / Inf' }).first();
  await filter.waitFor({ timeout: WAIT });
  await filter.locator('input[type=checkbox]').check();
  await page.keyboard.press('F5');
  // The producer: rsqrt of row 5's zero mean square; the exception widget names what it computed.
  const widget = page.locator('.zone-widget .exception-widget');
  await widget.waitFor({ timeout: WAIT });
  const text = await widget.innerText();
  assert.match(text, /the destination 'rstd' gets Infinity at \[5, 0\] from finite inputs: rsqrt\(0 · 0\.015625 \+ 0\) is \+inf/, `the exception widget: ${text}`);
  const producer = readFileSync(path.join(root, 'examples', 'faults', 'nan.bir'), 'utf8').split('\n').findIndex((l) => l.includes('Activation   rstd')) + 1;
  await page.locator('.debug-call-stack .monaco-list-row', { hasText: `nan.bir${producer}:16` }).first().waitFor({ timeout: WAIT });
  await shot(page, 'nan-producer');
  // The propagators (the infinity times x, 0 · inf is NaN) do not stop: the run ends.
  await page.keyboard.press('F5');
  await page.locator('.debug-toolbar').waitFor({ state: 'hidden', timeout: WAIT });
}

async function main() {
  await withWorkbench({ name: 'compare-runs', prepare, viewport: { width: 1600, height: 940 } }, async (page) => {
    await compareRuns(page);
    await nanProducer(page);
    console.log(`e2e: Compare Runs stopped both sides at the first divergence; the NaN / Inf filter stopped at the producer; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
