// The graph view reads at every zoom, and large graphs are shown through their hierarchy, in a real VS Code in
// Chromium. examples/calls_loops.bir: the panel opens wider than the source; at Fit every node shows its label or at
// least its opcode (8 px or more on screen, as every text shown), or sits in a level drawn as one labelled box; a tooltip closes on a click
// and when the pointer leaves; choosing a snapshot keeps the current node where it was, or fits when the snapshot has
// no such node. A generated program of 2,000 instructions: drawn on a canvas, its loops and runs of lines collapsed
// into labelled boxes; at Fit no box is blank; Enter on a collapsed box opens it and what was above stays in place;
// the search box finds a node by line inside a collapsed part and opens the way to it; the minimap moves the view; B
// sets a node breakpoint; zoomed in, a stop elsewhere brings the new current node into sight. The extension is the packaged .vsix (`npm run package`). Screenshots go to
// test-results/screenshots (BIR_SCREENSHOTS=docs/screenshots for the docs).
import assert from 'assert';
import { writeFileSync } from 'fs';
import * as path from 'path';
import { WAIT, clickLine, copyExamples, goToLine, graphView, openSource, palette, root, runE2E, shot, shots, toggleBreakpointWithF9, webviewErrors, withWorkbench, writeLaunchJson } from './vscode-ui.mjs';

/** A program of about `n` instructions at the top level of main, with a two-instruction loop every tenth. */
function bigProgram(n) {
  const body = [];
  for (let k = 0; k < n; k++) {
    if (k % 10 === 9) body.push('  for r1 in 0..2 {\n    TensorScalar g <- g, op = mul, scalar = 2\n    TensorTensor h <- h, g, op = add\n  }');
    else if (k % 3 === 0) body.push(`  TensorScalar h <- h, op = add, scalar = ${k % 7}`);
    else if (k % 3 === 1) body.push('  Activation g <- h, func = relu');
    else body.push('  TensorTensor h <- g, h, op = mul');
  }
  return `module big
dram x : f32[128, 64] input = random(seed=1, low=-1, high=1)
dram y : f32[128, 64] output

func main() {
  sbuf h : f32[128, 64]
  sbuf g : f32[128, 64]
  DmaCopy h <- x
  Memset g <- 1
${body.join('\n')}
  DmaCopy y <- h
}
`;
}

/** The line of the n-th line with this text. */
function findLine(text, what, n) {
  let seen = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) if (lines[i].includes(what) && ++seen === n) return i + 1;
  throw new Error(`no ${n}th '${what}'`);
}

/** What the graph view shows at its zoom (SVG): per node, the text it shows and at what size on screen. */
async function svgReadability(view) {
  return view.locator('svg.graph').evaluate((svg) => {
    const out = { nodes: 0, readable: 0, covered: 0, blank: [], minFont: Infinity, covers: 0 };
    const k = Number(/scale\(([\d.]+)\)/.exec(svg.style.transform)?.[1] ?? 1);
    for (const g of svg.querySelectorAll('g.node')) {
      out.nodes++;
      if (g.classList.contains('lod-hidden')) {
        out.covered++;
        continue;
      }
      const t = g.querySelector(g.classList.contains('lod-short') ? '.short' : '.title');
      const size = parseFloat(getComputedStyle(t).fontSize) * k;
      if (t.textContent && size >= 7.99) {
        out.readable++;
        out.minFont = Math.min(out.minFont, size);
      } else out.blank.push(g.getAttribute('data-node-id'));
    }
    for (const c of svg.querySelectorAll('.cover.shown .cover-label')) {
      out.covers++;
      out.minFont = Math.min(out.minFont, parseFloat(getComputedStyle(c).fontSize) * k);
    }
    // Levels' headers and edges' labels that show read too.
    for (const t of svg.querySelectorAll('.cluster:not(.lod-hidden):not(.label-hidden) .cluster-label, .edge-label:not(.lod-hidden) text')) {
      out.minFont = Math.min(out.minFont, parseFloat(getComputedStyle(t).fontSize) * k);
    }
    return out;
  });
}

/** The canvas's summary of its last frame. */
async function canvasFrame(view) {
  const d = await view.locator('canvas.graph-canvas').evaluate((c) => ({ ...c.dataset }));
  return { labels: Number(d.labels), blank: Number(d.blank), minFont: Number(d.minFont), covered: Number(d.covered), nodes: Number(d.nodes), zoom: Number(d.zoom) };
}

/** Waits until no layout is on its way (ELK's layout drawn). */
async function laidOut(view) {
  await view.locator('body[data-layout="elk"]').waitFor({ state: 'attached', timeout: WAIT });
  await view.locator('#status').evaluate((s) => new Promise((resolve) => {
    const done = () => !/Laying out|Loading/.test(s.textContent);
    if (done()) return resolve();
    new MutationObserver(() => done() && resolve()).observe(s, { childList: true, characterData: true, subtree: true });
  }));
  // The frame that shows it.
  await view.locator('body').evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The on-screen box of a node of the SVG drawing. */
async function nodeBox(view, id) {
  return view.locator(`g[data-node-id=${JSON.stringify(id)}] .box`).boundingBox();
}

async function main() {
  let viewErrors;
  const bigText = bigProgram(2000);
  const prepare = (folder) => {
    copyExamples(folder);
    writeFileSync(path.join(folder, 'big.bir'), bigText);
    writeLaunchJson(folder, [
      { type: 'bir', request: 'launch', name: 'calls_loops inlined', program: '${workspaceFolder}/calls_loops.bir', passes: ['inline'] },
      { type: 'bir', request: 'launch', name: 'big', program: '${workspaceFolder}/big.bir', stopOnEntry: true },
    ]);
  };
  const onPage = (page) => { viewErrors = webviewErrors(page, 'webview.js'); };
  await withWorkbench({ name: 'graph-large', prepare, viewport: { width: 1600, height: 900 }, onPage }, async (page, folder) => {
    // ---- calls_loops, inlined: stopped at the MatMult of full_tile's copy in main ----
    await openSource(page, 'calls_loops.bir');
    await goToLine(page, 53);
    await clickLine(page, 'MatMult acc <- xT, w');
    await toggleBreakpointWithF9(page);
    await palette(page, 'Debug: Select and Start Debugging');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'calls_loops inlined' }).first().click();
    await page.getByText(/Paused on breakpoint/i).first().waitFor({ timeout: WAIT });
    await palette(page, 'BIR: Show Graph View');
    const view = graphView(page);
    await view.locator('g.node.state-current').first().waitFor({ timeout: WAIT });
    await laidOut(view);
    const current = await view.locator('g.node.state-current').getAttribute('data-node-id');
    assert.strictEqual(current, 'calls_loops::full_tile@53:3 in calls_loops::main@37:9', 'the current node is the inlined MatMult');

    // The panel opened beside the source, wider than it: its labels have room.
    const groups = await page.locator('.editor-group-container').evaluateAll((els) => els.map((e) => ({ width: e.getBoundingClientRect().width, graph: [...e.querySelectorAll('.tab')].some((t) => t.textContent.includes('BIR Graph')) })));
    assert.strictEqual(groups.length, 2, 'the source and the graph side by side');
    const graphGroup = groups.find((g) => g.graph);
    const sourceGroup = groups.find((g) => !g.graph);
    assert.ok(graphGroup && sourceGroup && graphGroup.width > sourceGroup.width, `the graph's group is the wider: ${JSON.stringify(groups)}`);

    // Fit: every node reads (its label, or its opcode at 8 px or more), or is inside a labelled box (in a panel too
    // small for the whole graph to read, groups close: far out, groups; near, nodes).
    await view.locator('#fit').click();
    await laidOut(view);
    const fit = await svgReadability(view);
    assert.deepStrictEqual(fit.blank, [], 'no node is a blank box at Fit');
    assert.ok(fit.readable + fit.covered === fit.nodes && fit.readable > 0, JSON.stringify(fit));
    assert.ok(fit.covered === 0 || fit.covers > 0, 'hidden nodes are inside covers');
    assert.ok(fit.minFont >= 7.99, `text at ${fit.minFont} px`);
    await shot(page, 'graph-fit-calls-loops');

    // A tooltip closes on a click, and when the pointer leaves the drawing.
    const matmul = view.locator(`g[data-node-id=${JSON.stringify(current)}]`);
    await matmul.hover();
    await view.locator('#tooltip:not([hidden])').waitFor({ timeout: WAIT });
    await matmul.click();
    await view.locator('#tooltip[hidden]').waitFor({ state: 'attached', timeout: WAIT });
    await matmul.hover();
    await view.locator('#tooltip:not([hidden])').waitFor({ timeout: WAIT });
    await page.mouse.move(5, 450);
    await view.locator('#tooltip[hidden]').waitFor({ state: 'attached', timeout: WAIT });

    // Snapshot 1 (inline) has the current node: it stays where it is on screen.
    const before = await nodeBox(view, current);
    const t1 = await view.locator('svg.graph').evaluate((e) => e.style.transform);
    await view.locator('#pass-list li', { hasText: '1 inline' }).click();
    await view.locator('#title', { hasText: 'snapshot 1 (inline)' }).waitFor({ timeout: WAIT });
    await laidOut(view);
    const after = await nodeBox(view, current);
    const t2 = await view.locator('svg.graph').evaluate((e) => e.style.transform);
    assert.ok(Math.abs(after.x - before.x) < 2 && Math.abs(after.y - before.y) < 2, `the node stays: ${JSON.stringify(before)} → ${JSON.stringify(after)} (${t1} → ${t2})`);
    // Snapshot 0 (as written) has no inlined copy: the graph is shown whole.
    await view.locator('#pass-list li', { hasText: '0 as written' }).click();
    await view.locator('#title', { hasText: 'snapshot 0' }).waitFor({ timeout: WAIT });
    await laidOut(view);
    const whole = await view.locator('main.canvas').evaluate((frame) => {
      const f = frame.getBoundingClientRect();
      return [...frame.querySelectorAll('g.node .box')].every((b) => {
        const r = b.getBoundingClientRect();
        return r.left >= f.left - 1 && r.right <= f.right + 1 && r.top >= f.top - 1 && r.bottom <= f.bottom + 1;
      });
    });
    assert.ok(whole, 'every node of snapshot 0 is on screen (fit)');
    await page.keyboard.press('Shift+F5');
    await view.locator('#empty', { hasText: 'Start debugging a .bir file (F5)' }).waitFor({ timeout: WAIT });

    // ---- a 2,000-instruction program: on a canvas, through its hierarchy ----
    // (from the source editor, so that the program's file opens there and not over the graph)
    await page.locator('.monaco-editor .view-lines').first().click();
    await palette(page, 'View: Hide Panel');
    await page.locator('.monaco-editor .view-lines').first().click();
    await palette(page, 'Debug: Select and Start Debugging');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: /^big/ }).first().click();
    await view.locator('body[data-mode="large"]').waitFor({ state: 'attached', timeout: WAIT });
    await laidOut(view);
    const proxy = view.locator('#focus-node');
    // Near the current node (the first instruction): nodes read.
    const near = await canvasFrame(view);
    assert.ok(near.labels > 0 && near.blank === 0, `near: ${JSON.stringify(near)}`);
    await shot(page, 'graph-large-near');

    // Fit: boxes of groups (runs of lines, loops), none blank, text at 8 px or more.
    await view.locator('#fit').click();
    await laidOut(view);
    const far = await canvasFrame(view);
    assert.ok(far.labels > 0, `labels drawn at Fit: ${JSON.stringify(far)}`);
    assert.strictEqual(far.blank, 0, `no blank box at Fit: ${JSON.stringify(far)}`);
    assert.ok(far.minFont >= 8, `text at ${far.minFont} px`);
    await shot(page, 'graph-large-fit');

    // The current node (C), then the last box (End): a collapsed group; Enter opens it, and the current node, above
    // it, stays where it was.
    await proxy.focus();
    await proxy.press('c');
    const cur1 = await proxy.boundingBox();
    const curId = await proxy.getAttribute('data-node-id');
    await proxy.press('End');
    const last = await proxy.getAttribute('aria-label');
    assert.match(last, /collapsed/, `the last box is a collapsed group: ${last}`);
    const lastBox = await proxy.boundingBox();
    await proxy.press('Enter');
    await laidOut(view);
    // The focus is on the first box inside the opened group, where the group's box was; the current node, above it,
    // stays where it was.
    const inside = await proxy.getAttribute('aria-label');
    assert.notStrictEqual(inside, last, 'the focus went into the opened group');
    const insideBox = await proxy.boundingBox();
    assert.ok(Math.abs(insideBox.x - lastBox.x) < 80 && Math.abs(insideBox.y - lastBox.y) < 80, `opened in place: ${JSON.stringify(lastBox)} → ${JSON.stringify(insideBox)}`);
    await proxy.press('c');
    assert.strictEqual(await proxy.getAttribute('data-node-id'), curId);
    const cur2 = await proxy.boundingBox();
    assert.ok(Math.abs(cur2.x - cur1.x) < 2 && Math.abs(cur2.y - cur1.y) < 2, `the current node stays: ${JSON.stringify(cur1)} → ${JSON.stringify(cur2)}`);
    await shot(page, 'graph-large-opened');

    // Find a node by its line, inside a part still collapsed: the way to it opens, the focus is on it.
    const line = findLine(bigText, 'Activation g <- h', 300);
    await view.locator('#find').fill(`L${line}`);
    await view.locator('#find').press('Enter');
    await view.locator(`#focus-node[aria-label*="line ${line},"]`).waitFor({ state: 'attached', timeout: WAIT });
    await view.locator('#find-count', { hasText: '1 of 1' }).waitFor({ timeout: WAIT });
    await laidOut(view);
    await shot(page, 'graph-large-find');

    // B on it: a node breakpoint, verified by the adapter.
    await proxy.focus();
    await proxy.press('b');
    await view.locator('#focus-node[aria-label*="node breakpoint"]').waitFor({ state: 'attached', timeout: WAIT });
    assert.doesNotMatch(await proxy.getAttribute('aria-label'), /unverified/);

    // The minimap: the whole graph, small; a click there moves the view.
    const minimap = view.locator('#minimap');
    await minimap.waitFor({ timeout: WAIT });
    const v1 = await minimap.getAttribute('data-view');
    const mb = await minimap.locator('canvas').boundingBox();
    await page.mouse.click(mb.x + mb.width * 0.1, mb.y + mb.height * 0.1);
    await view.locator(`#minimap:not([data-view="${v1}"])`).waitFor({ state: 'attached', timeout: WAIT });

    // Zoomed in on that part, a stop in a part still collapsed far from it: the group around the new current node
    // opens, and the view pans to bring the node into sight at the zoom chosen.
    await view.locator('#zoom-in').click();
    await view.locator('#zoom-in').click();
    const shownBefore = await view.locator('body').getAttribute('data-current');
    await page.locator('.monaco-editor .view-lines').first().click();
    await goToLine(page, findLine(bigText, 'TensorTensor h <- g, h, op = mul', 200));
    await toggleBreakpointWithF9(page);
    await palette(page, 'Debug: Continue');
    await view.locator(`body:not([data-current=${JSON.stringify(shownBefore)}])`).waitFor({ state: 'attached', timeout: WAIT });
    await laidOut(view);
    const followed = await view.locator('body').evaluate((b) => ({ current: b.dataset.current, inSight: b.dataset.currentInSight }));
    assert.deepStrictEqual(followed.inSight, 'true', `the view follows the current node ${followed.current}`);
    await shot(page, 'graph-large-followed');
    assert.deepStrictEqual(viewErrors, [], 'no errors in the graph view');
    console.log(`e2e: the graph view reads at every zoom and shows a 2,000-node program through its hierarchy; screenshots in ${path.relative(root, shots)}/`);
  });
}

runE2E(main);
