// The Disassembly view and node breakpoints, in a real VS Code in Chromium, as a person uses them: stops at a
// breakpoint in examples/calls_loops.bir (F9, F5), runs "Open Disassembly View" from the command palette and sees
// the program's instructions with their engines and operands, the current one marked; steps (F10 in the Disassembly
// view steps by instruction) and sees the mark move to the next instruction; opens the graph view, presses B on a
// node and finds that breakpoint in the Breakpoints view; continues and stops there; removes it in the Breakpoints
// view and sees the graph's mark go. The extension is the packaged .vsix (run `npm run package` first).
import assert from 'assert';
import * as path from 'path';
import { WAIT, clickLine, copyExamples, graphView, openSource, palette, root, runE2E, runToLine, shot, shots, withWorkbench } from './vscode-ui.mjs';

const DMA_OUT = 'calls_loops::full_tile@57:3';

/** The Disassembly view's row of the instruction the program is stopped at (marked with the stack frame's icon). */
function currentRow(page) {
  return page.locator('.disassembly-view .monaco-list-row:has(.codicon-debug-stackframe)');
}

async function main() {
  await withWorkbench({ name: 'disassembly', prepare: copyExamples, viewport: { width: 1600, height: 900 } }, async (page, folder) => {
    await openSource(page, 'calls_loops.bir');
    await runToLine(page, path.join(folder, 'calls_loops.bir'), 'MatMult acc <- xT, w');
    await page.locator('.debug-call-stack .monaco-list-row', { hasText: 'full_tile' }).first().waitFor({ timeout: WAIT });
    await page.locator('.debug-variables .monaco-list-row', { hasText: 'xT' }).first().waitFor({ timeout: WAIT });
    await clickLine(page, 'MatMult acc <- xT, w');

    // The Disassembly view: the program's instructions, engine first, the current one marked.
    await palette(page, 'Open Disassembly View');
    await page.locator('.disassembly-view').first().waitFor({ timeout: WAIT });
    await currentRow(page).first().waitFor({ timeout: WAIT });
    assert.match(await currentRow(page).first().textContent(), /PE\s+MatMult acc <- xT, w/, 'the stop is at the MatMult');
    await page.locator('.disassembly-view .monaco-list-row', { hasText: /ACT\s+Activation dst <- src, func = relu, scale = r3/ }).first().waitFor({ timeout: WAIT });
    await shot(page, 'disassembly-view');

    // F10 in the Disassembly view steps one instruction: the loop's header.
    await currentRow(page).first().click();
    await page.keyboard.press('F10');
    await page.locator('.disassembly-view .monaco-list-row:has(.codicon-debug-stackframe)', { hasText: /SP\s+for r2 in 0\.\.2$/ }).first().waitFor({ timeout: WAIT });

    // B on a node of the graph view: a breakpoint the Breakpoints view lists, at the node's line and column.
    await palette(page, 'BIR: Show Graph View');
    await page.locator('.tab', { hasText: 'BIR Graph' }).waitFor({ timeout: WAIT });
    const view = graphView(page);
    const dma = view.locator(`g[data-node-id=${JSON.stringify(DMA_OUT)}]`);
    await dma.waitFor({ timeout: WAIT });
    await dma.click();
    await dma.press('b');
    await view.locator(`g[data-node-id=${JSON.stringify(DMA_OUT)}].has-bp:not(.bp-unverified)`).waitFor({ timeout: WAIT });
    const breakpoints = page.locator('.debug-breakpoints .monaco-list-row');
    const nodeRow = breakpoints.filter({ hasText: /calls_loops\.bir/ }).filter({ hasText: /57:3|57/ });
    await nodeRow.first().waitFor({ timeout: WAIT });
    await shot(page, 'disassembly-node-breakpoint');

    // It stops there: F5 runs to the DmaCopy.
    await clickLine(page, 'MatMult acc <- xT, w');
    await page.locator('.debug-breakpoints .monaco-list-row', { hasText: '53' }).first().locator('input[type=checkbox]').uncheck();
    await page.keyboard.press('F5');
    await page.locator('.debug-call-stack .monaco-list-row', { hasText: 'full_tile' }).filter({ hasText: '57:3' }).first().waitFor({ timeout: WAIT });
    await page.getByText(/Paused on breakpoint/i).first().waitFor({ timeout: WAIT });

    // Removed in the Breakpoints view, it leaves the graph too.
    await nodeRow.first().hover();
    await nodeRow.first().locator('.action-label[aria-label*="Remove"]').click();
    await view.locator(`g[data-node-id=${JSON.stringify(DMA_OUT)}]:not(.has-bp)`).waitFor({ state: 'attached', timeout: WAIT });
    console.log(`e2e: the Disassembly view shows and steps the program's instructions; a node breakpoint of the graph view is in the Breakpoints view; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
