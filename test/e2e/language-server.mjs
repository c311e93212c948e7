// The language server in a real VS Code in Chromium with the packaged .vsix, as a person edits BIR: on
// examples/calls_loops.bir, Peek Definition (Alt+F12) of a called function and Go to Definition (F12) to it, Find All
// References (Shift+F12) in the peek view, Rename (F2) of the function refused for an opcode's name (a notification with the reason) and done for a
// free one, the Outline's functions, allocations and loops, completion of an instruction's attributes with the
// signature help above it, a hover of an opcode, and "BIR: Show Program After Pass…" with its diff editor, from whose
// inlined line Go to Definition opens the callee's source line.
// Screenshots go to test-results/screenshots (BIR_SCREENSHOTS=docs/screenshots for the README).
import assert from 'assert';
import { readFileSync } from 'fs';
import * as path from 'path';
import { WAIT, clickLine, copyExamples, goToLine, openSource, palette, root, runE2E, shot, shots, withWorkbench } from './vscode-ui.mjs';

/** The 1-based line of `file` that first holds `text`, and the 1-based column `offset` characters into it. */
function placeOf(file, text, offset = 0) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const line = lines.findIndex((l) => l.includes(text));
  if (line < 0) throw new Error(`no line of ${file} holds '${text}'`);
  return { line: line + 1, column: lines[line].indexOf(text) + offset + 1 };
}

/** Puts the cursor `offset` characters into the first line holding `text` (Go to Line with a column). */
async function cursorAt(page, file, text, offset = 0) {
  const at = placeOf(file, text, offset);
  await goToLine(page, `${at.line}:${at.column}`);
  return at;
}

/** Waits for the status bar to say the cursor is on this line. */
async function cursorOnLine(page, line) {
  await page.locator('.statusbar', { hasText: `Ln ${line},` }).waitFor({ timeout: WAIT });
}

/** A line of the visible editors with this text, once it is drawn. */
async function shownLine(page, text) {
  await page.locator('.monaco-editor .view-line', { hasText: text }).first().waitFor({ timeout: WAIT });
}

async function main() {
  const settings = { 'outline.collapseItems': 'alwaysExpand', 'workbench.editor.enablePreview': false, 'workbench.startupEditor': 'none' };
  await withWorkbench({ name: 'language-server', prepare: copyExamples, settings, viewport: { width: 1500, height: 900 } }, async (page, folder) => {
    const file = path.join(folder, 'calls_loops.bir');
    await openSource(page, 'calls_loops.bir');
    const header = placeOf(file, 'func epilogue(');
    // The server has read the file once an allocation's place shows at its line's end (an inlay hint): the language
    // client has registered the providers the commands below need.
    await shownLine(page, 'SBUF partitions 0–127, bytes 0–639');

    // Peek Definition of the epilogue called from edge_tile: the function's header in the peek view, under the call.
    await cursorAt(page, file, 'call epilogue(out, acc', 6);
    const peek = page.locator('.peekview-widget');
    await palette(page, 'Peek Definition');
    await peek.locator('.view-line', { hasText: 'func epilogue(dst: sbuf f32[TM, CH]' }).first().waitFor({ timeout: WAIT });
    await page.keyboard.press('Escape');
    await peek.waitFor({ state: 'hidden', timeout: WAIT });
    // Go to Definition: the cursor on the header.
    await page.keyboard.press('F12');
    await cursorOnLine(page, header.line);

    // Find All References of epilogue (from its header): the two calls and the declaration, in the peek view.
    await cursorAt(page, file, 'func epilogue(', 6);
    await page.keyboard.press('Shift+F12');
    await peek.locator('.peekview-title', { hasText: 'References (3)' }).waitFor({ timeout: WAIT });
    const rows = peek.locator('.ref-tree .monaco-list-row');
    await rows.first().waitFor({ timeout: WAIT });
    const references = await rows.allInnerTexts();
    assert.ok(references.some((r) => r.includes('call epilogue(out[0:TM, r2*CH')) && references.some((r) => r.includes('call epilogue(out, acc, r3)')), `the calls among the references: ${references.join(' | ')}`);
    await shot(page, 'editor-references');
    await page.keyboard.press('Escape');
    await peek.waitFor({ state: 'hidden', timeout: WAIT });

    // Rename (F2): an opcode's name is refused with the reason, a free name renames every call and nothing else.
    const renameInput = page.locator('.rename-box input');
    await cursorAt(page, file, 'func epilogue(', 6);
    await page.keyboard.press('F2');
    await renameInput.waitFor({ timeout: WAIT });
    await renameInput.fill('MatMult');
    await page.keyboard.press('Enter');
    await page.locator('.notifications-toasts .notification-toast', { hasText: "'MatMult' is an opcode" }).waitFor({ timeout: WAIT });
    await palette(page, 'Notifications: Clear All Notifications');
    await page.locator('.notifications-toasts .notification-toast').waitFor({ state: 'detached', timeout: WAIT });
    await cursorAt(page, file, 'func epilogue(', 6);
    await page.keyboard.press('F2');
    await renameInput.waitFor({ timeout: WAIT });
    await renameInput.fill('finish');
    await page.keyboard.press('Enter');
    await shownLine(page, 'func finish(dst: sbuf f32[TM, CH]');
    await shownLine(page, 'call finish(out, acc, r3)');
    await page.locator('.monaco-editor .view-line', { hasText: 'one epilogue chunk' }).first().waitFor({ timeout: WAIT }); // a comment is not a reference
    await page.keyboard.press('Control+Z');
    await shownLine(page, 'call epilogue(out, acc, r3)');

    // The Outline: the module's functions, in each its allocations and loops.
    // (the folder's tree folded, so that the Outline has the side bar's height and draws every row)
    await page.locator('.pane-header', { hasText: /bir-e2e-language-server/i }).click();
    await page.locator('.pane-header[aria-expanded="false"]', { hasText: /bir-e2e-language-server/i }).waitFor({ timeout: WAIT });
    await palette(page, 'Explorer: Focus on Outline View');
    const outline = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /outline/i }) }).locator('.monaco-list-row');
    await outline.filter({ hasText: 'epilogue' }).first().waitFor({ timeout: WAIT });
    const symbols = await outline.locator('.label-name').allInnerTexts();
    const from = symbols.indexOf('full_tile');
    assert.deepStrictEqual(symbols.slice(from, from + 4), ['full_tile', 'acc', 'out', 'for r2'], `full_tile's allocations and loop, nested: ${symbols.join(', ')}`);
    for (const name of ['calls_loops', 'main', 'for r0', 'edge_tile', 'epilogue']) assert.ok(symbols.includes(name), `${name} in the Outline: ${symbols.join(', ')}`);
    await shot(page, 'editor-outline');

    // Completion of an instruction's attributes, with the signature help above the line: a new Activation in epilogue.
    await clickLine(page, 'Activation dst <- src, func = relu');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Activation dst <- src, ');
    const signature = page.locator('.parameter-hints-widget');
    await signature.locator('.signature', { hasText: 'Activation dst <- src' }).waitFor({ timeout: WAIT });
    await page.keyboard.press('Control+Space');
    const suggestions = page.locator('.suggest-widget .monaco-list-row');
    await suggestions.filter({ hasText: 'scale' }).first().waitFor({ timeout: WAIT });
    const offered = (await suggestions.allInnerTexts()).map((t) => t.split('\n')[0].trim());
    assert.ok(offered.some((t) => t.startsWith('func')) && offered.some((t) => t.startsWith('bias')), `the attributes of Activation: ${offered.join(', ')}`);
    await shot(page, 'editor-completion');
    await page.keyboard.press('Escape');
    // An attribute's words: after `func = `, the activation functions.
    await page.keyboard.type('func = ');
    await page.keyboard.press('Control+Space');
    await suggestions.filter({ hasText: 'relu' }).first().waitFor({ timeout: WAIT });
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // The typed line deleted (Ctrl+Shift+K): the file's text as it was.
    await page.keyboard.press('Control+Shift+K');
    await page.waitForFunction(() => [...document.querySelectorAll('.monaco-editor .view-line')].filter((l) => l.textContent.replace(/\u00a0/g, ' ').includes('Activation dst')).length === 1, undefined, { timeout: WAIT });

    // A hover of an opcode: its engine and what it computes, from the engine's opcode record.
    const matmul = placeOf(file, 'MatMult acc <- xT, w');
    await goToLine(page, `${matmul.line}:${matmul.column}`);
    await palette(page, 'Show or Focus Hover');
    await page.locator('.monaco-hover:not(.hidden)', { hasText: /MatMult \[PE\]/ }).first().waitFor({ timeout: WAIT });
    await page.keyboard.press('Escape');

    // The program after inline, in the diff editor: the callee's lines in place of the call; F12 on one goes back to
    // the line of full_tile it was copied from.
    await palette(page, 'BIR: Show Program After Pass…');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'after inline' }).first().waitFor({ timeout: WAIT });
    await page.keyboard.type('after inline');
    await page.locator('.quick-input-list .monaco-list-row.focused', { hasText: 'after inline' }).waitFor({ timeout: WAIT });
    await page.keyboard.press('Enter');
    await page.locator('.tab.active', { hasText: 'calls_loops.bir ↔ after inline' }).waitFor({ timeout: WAIT });
    const modified = page.locator('.monaco-diff-editor .editor.modified');
    const inlined = 'MatMult full_tile__acc <- xT';
    await modified.locator('.view-line', { hasText: inlined }).first().waitFor({ timeout: WAIT });
    await page.locator('.monaco-diff-editor .editor.original .view-line', { hasText: 'call full_tile(' }).first().waitFor({ timeout: WAIT });
    await shot(page, 'editor-program-after-pass');
    await modified.locator('.view-line', { hasText: inlined }).first().click({ position: { x: 8, y: 6 }, timeout: WAIT });
    await page.keyboard.press('F12');
    await page.locator('.tab.active', { hasText: /^calls_loops\.bir/ }).filter({ hasNotText: '↔' }).waitFor({ timeout: WAIT });
    await cursorOnLine(page, matmul.line);
  });
  console.log(`e2e: definition, peek, references, rename (refused and done), the Outline, completion with signature help, hover and the program after a pass; screenshots in ${path.relative(root, shots)}/`);
}

runE2E(main);
