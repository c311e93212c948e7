// Semantic zoom (webview/graph/lod.ts): at every zoom each box shows its text or its short text at 8 px or more on screen,
// or sits inside a level drawn as one labelled box (covered); the whole graph is one box only when nothing else
// reads. Checked on real layouts: calls_loops as ELK lays it out, and a generated 2,000-node graph by level.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { buildGraph, buildProgramGraphs } from '../../engine/graph/build';
import { checkProgram } from '../../engine/lang/check/checker';
import { Composer } from '../../webview/graph/compose';
import { plainView } from '../../webview/graph/diff';
import { itemSize, itemText } from '../../webview/graph/items';
import { CHAR_EM, fromElk, Layout, toLayoutModel } from '../../webview/graph/layout';
import { Lod, lodAt, lodThresholds, LodThresholds, MIN_TEXT_PX, shortFontPx } from '../../webview/graph/lod';
import { allGroups, buildTree, initialExpansion, visibleGraph, VisibleGraph } from '../../webview/graph/tree';
import { programOf } from '../helpers/virtual-host';

interface Scene {
  readonly v: VisibleGraph;
  readonly layout: Layout;
  readonly t: LodThresholds;
  readonly levelOf: (i: number) => number;
  readonly parentOf: (c: number) => number;
}

function scene(v: VisibleGraph, layout: Layout): Scene {
  const clusterOf = new Map(layout.clusters.map((c, i) => [v.regions[c.index].id, i]));
  const lv = layout.nodes.map((p) => clusterOf.get(v.nodes[p.index].region ?? '') ?? -1);
  const par = layout.clusters.map((c) => clusterOf.get(v.regions[c.index].parent ?? '') ?? -1);
  const levelOf = (i: number): number => lv[i];
  const parentOf = (c: number): number => par[c];
  return { v, layout, t: lodThresholds(layout, (i) => itemText(v, layout.nodes[i].index).short, levelOf, parentOf), levelOf, parentOf };
}

/** Every box at zoom k: its text reads (8 px or more, and fits its box), or a covered level around it has a label that reads. */
function checkReads(s: Scene, k: number): Lod {
  const lod = lodAt(s.t, k, s.levelOf, s.parentOf);
  if (lod.rootCovered) return lod;
  s.layout.nodes.forEach((p, i) => {
    const tier = lod.node[i];
    if (tier === 'hidden') {
      // Inside a covered level: one of the levels around it is covered, and its cover's label reads.
      let c = s.levelOf(i);
      let covered = false;
      for (; c >= 0; c = s.parentOf(c)) if (lod.cluster[c] === 'covered') covered = true;
      assert.ok(covered, `node ${i} hidden but no covered level around it at k=${k}`);
      return;
    }
    if (tier === 'full') {
      assert.ok(12 * k >= 8 - 1e-9, `full text at ${12 * k} px`);
      return;
    }
    const text = itemText(s.v, p.index).short;
    const px = shortFontPx(text, p.width, p.height, k);
    assert.ok(px >= MIN_TEXT_PX, `short text at ${px} px`);
    assert.ok(Math.min(text.length, 12) * CHAR_EM * px <= (p.width - 12) * k + 1e-6, `'${text}' fits its box at k=${k}`);
  });
  s.layout.clusters.forEach((c, ci) => {
    if (lod.cluster[ci] !== 'covered') return;
    assert.ok(k >= s.t.cover[ci] - 1e-9, `cover ${c.label} reads at k=${k}`);
  });
  return lod;
}

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');

describe('webview semantic zoom', () => {
  it('calls_loops (as ELK lays it out): text or opcodes at every zoom down to where levels cover, covers farther', async () => {
    const file = path.join(EXAMPLES, 'calls_loops.bir');
    const r = checkProgram(file, { host: { readText: (f) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined), exists: (f) => fs.existsSync(f) } });
    const g = buildProgramGraphs(r.program!).find((x) => x.function === 'calls_loops::main')!;
    const tree = buildTree(plainView(g));
    const v = visibleGraph(tree, allGroups(tree));
    const model = toLayoutModel(v, { sizeOf: (i) => itemSize(v, i) });
    const layout = fromElk(v, model, await new ELK().layout(model.elk));
    const s = scene(v, layout);
    const tiers = new Set<string>();
    for (let k = 1.5; k > 0.01; k *= 0.85) {
      const lod = checkReads(s, k);
      tiers.add(lod.rootCovered ? 'root' : [...new Set(lod.node)].join('+'));
    }
    assert.ok(tiers.has('full'), 'near: full text');
    assert.ok([...tiers].some((t) => t.includes('short')), 'farther: opcodes');
    assert.ok(tiers.has('root') || [...tiers].some((t) => t.includes('hidden')), 'farthest: covered levels');
  });

  it('a 2,000-node graph laid out by level: every zoom reads, and Fit-like zooms show covers, not blank boxes', () => {
    const body: string[] = [];
    for (let i = 0; i < 2000; i++) body.push(i % 10 === 9 ? '  for r1 in 0..2 {\n    TensorScalar t <- t, op = add, scalar = 1\n  }' : `  TensorScalar u <- t, op = mul, scalar = ${i}`);
    const p = programOf(`module big\nfunc main() {\n  sbuf t : f32[128, 8]\n  sbuf u : f32[128, 8]\n  Memset t <- 0\n${body.join('\n')}\n}\n`);
    const tree = buildTree(plainView(buildGraph(p.main, { program: p })));
    const v = visibleGraph(tree, initialExpansion(tree, 150, [1500]));
    const s = scene(v, new Composer().compose(v, 1.5).layout);
    let covered = 0;
    for (let k = 1.5; k > 0.005; k *= 0.8) {
      const lod = checkReads(s, k);
      if (lod.cluster.includes('covered')) covered++;
    }
    assert.ok(covered > 0, 'some zooms cover levels');
    // The top level is one box only below the zoom at which its own boxes and levels stop reading.
    assert.ok(!lodAt(s.t, s.t.rootOpen, s.levelOf, s.parentOf).rootCovered);
    assert.ok(lodAt(s.t, s.t.rootOpen * 0.99, s.levelOf, s.parentOf).rootCovered);
  });

  it('the short text of a box is as large as fits, at least 8 px and at most 12 px', () => {
    assert.strictEqual(shortFontPx('MatMult', 200, 40, 1), 12);
    const px = shortFontPx('MatMult', 200, 40, 0.2);
    assert.ok(px >= MIN_TEXT_PX && px < 12);
    assert.strictEqual(shortFontPx('MatMult', 200, 40, 0.01), MIN_TEXT_PX);
  });
});
