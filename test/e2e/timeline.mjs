// The timeline view, in a real VS Code in Chromium with the packaged .vsix, as a person uses it: sets a breakpoint in
// examples/calls_loops.bir (F9) and runs "BIR: Show Timeline" from the command palette with no session, which starts
// one stopped at its entry; continues to the breakpoint (F5) and sees one lane per engine and DMA queue with work,
// the critical path drawn, and the stopped instruction marked; steps (F10)
// and sees the mark move; clicks a bar of the critical path and the editor goes to its line while the debugger goes
// there in time; then duplicates a transfer in the editor (a what-if edit), saves, and sees the difference: the total
// before and after, the engines' change and the critical path before and after; compares after a pass; then, on
// softmax.bir, moves a TensorScalar to the scalar engine from its bar's menu and sees the edit, the what-if and the
// bar on the ACT lane, undoes the edit in the editor, and gives a size constant of the same bar another value.
// Screenshots go to test-results/screenshots (BIR_SCREENSHOTS=docs/screenshots for the README).
import assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { WAIT, clickLine, copyExamples, goToLine, openSource, palette, root, runE2E, shot, shots, toggleBreakpointWithF9, webviewErrors, withWorkbench } from './vscode-ui.mjs';

/** The timeline view's page (the one webview of the extension this test opens). */
function timelineView(page) {
  return page.frameLocator('iframe.webview[src*="extensionId=bir-tools.bir-debug"]').frameLocator('#active-frame');
}

/** The body's dataset of the page, where it says what it shows. */
async function shown(view) {
  return view.locator('body').evaluate((b) => ({ ...b.dataset }));
}

/** Waits until the editor's cursor is on a line (its number highlighted; the focus may be in the view). */
async function editorLine(page, line) {
  await page.locator('.monaco-editor .line-numbers.active-line-number', { hasText: new RegExp(`^${line}$`) }).first().waitFor({ timeout: WAIT });
}

async function main() {
  let viewErrors;
  const onPage = (page) => { viewErrors = webviewErrors(page, 'timeline-view.js'); };
  await withWorkbench({ name: 'timeline', prepare: copyExamples, settings: { 'debug.toolBarLocation': 'docked' }, viewport: { width: 1600, height: 900 }, onPage }, async (page, folder) => {
    const file = path.join(folder, 'calls_loops.bir');
    await openSource(page, 'calls_loops.bir');
    // A breakpoint on the epilogue's Activation (F9), and no session yet.
    const activation = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes('Activation dst <- src')) + 1;
    await goToLine(page, activation);
    await clickLine(page, 'Activation dst <- src');
    await toggleBreakpointWithF9(page);

    // The timeline beside the source, from the command palette: without a session it starts one, stopped at entry.
    await palette(page, 'BIR: Show Timeline');
    await page.locator('.tab', { hasText: 'BIR Timeline' }).waitFor({ timeout: WAIT });
    const view = timelineView(page);
    await view.locator('body[data-state="timeline"][data-stop="stopped"][data-current="0"]').waitFor({ state: 'attached', timeout: WAIT });
    assert.match(await view.locator('#position').innerText(), /^stopped before instruction 0 \(DmaCopy, line 32\) at 0\.00 ns: 0 of 25 have run$/);
    // On to the breakpoint (F5 in the editor, which shows the entry): the mark follows.
    await clickLine(page, 'DmaCopy ws <- w');
    await page.keyboard.press('F5');
    await page.getByText(/Paused on breakpoint/i).first().waitFor({ timeout: WAIT });
    await page.locator('.debug-call-stack .monaco-list-row', { hasText: 'epilogue' }).first().waitFor({ timeout: WAIT });
    await view.locator('body[data-current="3"]').waitFor({ state: 'attached', timeout: WAIT });
    await view.locator('#title', { hasText: 'Timeline of calls_loops.bir on trn2' }).waitFor({ timeout: WAIT });
    let d = await shown(view);
    const lanes = d.lanes.split('|');
    assert.deepStrictEqual(lanes.filter((l) => !l.startsWith('DMA')), ['PE', 'ACT'], `the lanes: ${d.lanes}`);
    assert.ok(lanes.includes('DMA q0') && lanes.includes('DMA q15'), 'the 16 DMA queues have lanes');
    assert.deepStrictEqual(await view.locator('.lane-label').allTextContents(), lanes, 'each lane is labelled');
    // The critical path: the chain that sets the end, drawn end to end (the program's first transfer to its last).
    const pathLines = d.criticalLines.split(',').map(Number);
    assert.ok(Number(d.critical) > 1 && pathLines[0] === 32 && pathLines.at(-1) === 66, `the critical path's lines: ${d.criticalLines}`);
    await view.locator('body:not([data-critical-drawn="0"])').waitFor({ state: 'attached', timeout: WAIT });
    assert.match(await view.locator('#summary').innerText(), /^total [\d.]+ µs · 25 instructions on trn2 · critical path \d+ instructions/);
    assert.match(await view.locator('#utilisation').innerText(), /PE [\d.]+%[\s\S]*ACT [\d.]+%[\s\S]*DMA [\d.]+%/);
    // The stop: before the first Activation, after the first transfers and the MatMult.
    assert.match(await view.locator('#position').innerText(), /^stopped before instruction 3 \(Activation, line 71\)/);
    assert.strictEqual(d.current, '3');

    // Hovering a bar says what it is and what it waited for.
    const bars = JSON.parse(d.criticalBars);
    const matmul = bars.find((b) => b.line === 53);
    assert.ok(matmul, `a MatMult of line 53 on the visible critical path: ${d.criticalBars}`);
    const canvas = view.locator('canvas');
    await canvas.hover({ position: { x: matmul.x + matmul.w / 2, y: matmul.y + matmul.h / 2 } });
    const tooltip = view.locator('#tooltip:not([hidden])');
    await tooltip.waitFor({ timeout: WAIT });
    const tip = await tooltip.innerText();
    assert.match(tip, /^MatMult \(instruction 2\)\ncalls_loops\.bir:53 · PE\n.* cycles at 2\.4 GHz\nstart set by RAW: DmaCopy line 34[\s\S]*waited for:\n {2}RAW on line 34 \(DmaCopy\): [\d.]+ µs[\s\S]*on the critical path\nhas run$/, tip);
    await shot(page, 'timeline');

    // A step moves the mark to the next instruction.
    await clickLine(page, 'Activation dst <- src');
    await page.keyboard.press('F10');
    await view.locator('body[data-current="4"]').waitFor({ state: 'attached', timeout: WAIT });
    assert.match(await view.locator('#position').innerText(), /^stopped before instruction 4 \(Activation, line 71\)/);

    // A click on a bar: its line in the editor, and the debugger goes there in time (back to just before the MatMult).
    await canvas.click({ position: { x: matmul.x + matmul.w / 2, y: matmul.y + matmul.h / 2 } });
    await editorLine(page, 53);
    await view.locator('body[data-current="2"]').waitFor({ state: 'attached', timeout: WAIT });
    // (bir/goto stops where that many instructions have run: before the next node, here main's loop that calls full_tile)
    await page.getByText(/Paused at instruction 2\b/).first().waitFor({ timeout: WAIT });

    // What-if: a second copy of the transfer of x (line 34) in the editor, saved: the difference against the schedule shown.
    // (the editor shows it: the stop is at line 35; a click gives the editor the keyboard back from the view)
    await clickLine(page, 'DmaCopy xT <- x');
    await page.locator('.statusbar', { hasText: 'Ln 34,' }).waitFor({ timeout: WAIT });
    await palette(page, 'Copy Line Down');
    await page.keyboard.press('Control+S');
    await view.locator('body[data-program="saved"]').waitFor({ state: 'attached', timeout: WAIT });
    d = await shown(view);
    assert.ok(Number(d.whatIfDelta) > 0, `an extra transfer takes longer: ${d.whatIfDelta}`);
    await view.locator('#whatif-total', { hasText: /^total [\d.]+ µs → [\d.]+ µs \(\+[\d.]+ [nµ]s, 1\.\d{3}×\)$/ }).waitFor({ timeout: WAIT });
    const dmaRow = await view.locator('#whatif-engines tr', { hasText: /^DMA/ }).innerText();
    assert.match(dmaRow, /^DMA\s+[\d.]+ µs\s+[\d.]+ µs\s+\+[\d.]+ [nµ]s$/, dmaRow);
    assert.match(await view.locator('#whatif-path-before').innerText(), /^critical path before: \d+ instructions, lines 32 → 34 → /);
    assert.match(await view.locator('#whatif-path-after').innerText(), /^critical path after: \d+ instructions, lines 32 → 34 → 35 → /);
    assert.match(await view.locator('#title').innerText(), /as saved on trn2$/);
    await shot(page, 'timeline-what-if');

    // Compare after pass: the program shown after one more pass (fuse), against the schedule shown.
    await view.locator('#pass').selectOption('fuse');
    await view.locator('#whatif h2', { hasText: /^What-if against the saved program on trn2$/ }).waitFor({ timeout: WAIT });
    assert.strictEqual(await view.locator('#pass').inputValue(), '', 'the choice goes back to its prompt');

    // Move to engine: softmax.bir's last TensorScalar, from the vector engine to the scalar engine, from its bar's menu.
    await clickLine(page, 'DmaCopy xT <- x');
    await page.keyboard.press('Shift+F5');
    await view.locator('body[data-stop="none"]').waitFor({ state: 'attached', timeout: WAIT });
    await palette(page, 'View: Show Explorer');
    await openSource(page, 'softmax.bir');
    const softmax = path.join(folder, 'softmax.bir');
    const scale = readFileSync(softmax, 'utf8').split('\n').findIndex((l) => l.includes('TensorScalar ys <- ex')) + 1;
    await palette(page, 'BIR: Show Timeline');
    await view.locator('#title', { hasText: 'Timeline of softmax.bir on trn2' }).waitFor({ timeout: WAIT });
    await view.locator('body[data-program="session"][data-stop="stopped"]').waitFor({ state: 'attached', timeout: WAIT });
    d = await shown(view);
    const bar = JSON.parse(d.criticalBars).find((b) => b.line === scale);
    assert.ok(bar, `the TensorScalar of line ${scale} on the visible critical path: ${d.criticalBars}`);
    const at = { x: bar.x + bar.w / 2, y: bar.y + bar.h / 2 };
    await canvas.click({ button: 'right', position: at });
    await view.locator('#bar-menu:not([hidden])').waitFor({ timeout: WAIT });
    await view.locator('#move-engine').click();
    const engines = view.locator('#engine-menu:not([hidden]) button');
    await engines.first().waitFor({ timeout: WAIT });
    assert.deepStrictEqual(await engines.allTextContents(), ['scalar (ACT)', '✓ vector (DVE)'], 'mul with a [P, 1] scalar: Vector or Scalar (GpSimd takes only rsqrt)');
    await engines.filter({ hasText: 'scalar (ACT)' }).click();
    // The source edited (the editor can undo it) and saved: the what-if against the schedule shown.
    await page.locator('.monaco-editor .view-line', { hasText: 'TensorScalar ys <- ex, op = mul, scalar = rs, engine = scalar' }).waitFor({ timeout: WAIT });
    await view.locator('body[data-program="saved"]').waitFor({ state: 'attached', timeout: WAIT });
    await view.locator('#whatif-engines tr', { hasText: /^ACT/ }).waitFor({ timeout: WAIT });
    const act = await view.locator('#whatif-engines tr', { hasText: /^ACT/ }).innerText();
    assert.match(act, /^ACT\s+[\d.]+ [nµ]s\s+[\d.]+ [nµ]s\s+\+[\d.]+ [nµ]s$/, `ACT runs the TensorScalar now: ${act}`);
    d = await shown(view);
    const moved = JSON.parse(d.criticalBars).find((b) => b.line === scale);
    await canvas.hover({ position: { x: moved.x + moved.w / 2, y: moved.y + moved.h / 2 } });
    await view.locator('#tooltip:not([hidden])', { hasText: `softmax.bir:${scale} · ACT` }).waitFor({ timeout: WAIT });
    await shot(page, 'timeline-move-engine');
    // Undone in the editor, as any edit.
    await clickLine(page, 'engine = scalar');
    await page.keyboard.press('Control+Z');
    await page.locator('.monaco-editor .view-line', { hasText: 'engine = scalar' }).waitFor({ state: 'detached', timeout: WAIT });
    await page.locator('.monaco-editor .view-line', { hasText: 'TensorScalar ys <- ex, op = mul, scalar = rs' }).waitFor({ timeout: WAIT });

    // Change a size constant: the same bar's menu offers the constants of its tensors' shapes (P, F); F = 96 becomes 64.
    d = await shown(view);
    const again = JSON.parse(d.criticalBars).find((b) => b.line === scale);
    await canvas.click({ button: 'right', position: { x: again.x + again.w / 2, y: again.y + again.h / 2 } });
    await view.locator('#size-constant').click();
    const rows = page.locator('.quick-input-list .monaco-list-row');
    await rows.filter({ hasText: 'F = 96' }).first().waitFor({ timeout: WAIT });
    const offered = await rows.allInnerTexts();
    assert.ok(offered.length === 2 && offered[0].includes('P = 128') && offered[1].includes('F = 96'), `the constants of the shapes of ys, ex and rs: ${offered.join(' | ')}`);
    await rows.filter({ hasText: 'F = 96' }).first().click();
    const input = page.locator('.quick-input-widget input');
    await page.locator('.quick-input-widget', { hasText: 'const F' }).waitFor({ timeout: WAIT });
    // The move to ACT left a what-if of its own on the page (its delta may be negative too): wait for another one.
    const before = await view.locator('body').getAttribute('data-what-if-delta');
    await input.fill('64');
    await page.keyboard.press('Enter');
    const other = before === null ? '' : `:not([data-what-if-delta="${before}"])`;
    await view.locator(`body[data-what-if-delta^="-"]${other}`).waitFor({ state: 'attached', timeout: WAIT });
    assert.match(readFileSync(softmax, 'utf8'), /^const F = 64$/m, 'the constant saved with its new value');
    await view.locator('#whatif-total', { hasText: /\(−[\d.]+ [nµ]s, 0\.\d{3}×\)$/ }).waitFor({ timeout: WAIT });
    assert.deepStrictEqual(viewErrors, [], 'no errors in the timeline view');
    console.log(`e2e: the timeline shows lanes and the critical path, marks the stop, follows a step, reveals and goes to a clicked instruction, shows a what-if edit's and a pass's difference, moves an instruction to another engine and changes a size constant from its bar; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
