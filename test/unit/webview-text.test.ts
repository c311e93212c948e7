// Text in the graph view (webview/graph/text.ts): labels stay plain text (no markup, no control or bidi-override
// characters), accessible names and tooltips say what a node is, engines map to a fixed set of classes; and the
// webview's code never parses strings as markup.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { nodeBoxText, nodeSize, textWidth, NODE_FONT_PX } from '../../webview/graph/layout';
import { baseName, engineClass, nodeAriaLabel, plainText, shorten, spanText, tooltipLines } from '../../webview/graph/text';
import type { GraphNode } from '../../contract/graph';

const WEBVIEW = path.join(__dirname, '..', '..', 'webview', 'graph');

const matmul: GraphNode = {
  id: 'mlp::main@41:3', kind: 'instr', opcode: 'MatMult', engine: 'PE', label: 'MatMult acc <- xT, ws',
  span: { file: '/w/examples/mlp.bir', line: 41, col: 3, endLine: 41, endCol: 24 }, state: 'run', value: 'f32[128, 512] min -3.25 max 4 mean 0.021',
};

describe('webview text', () => {
  it('names a node for screen readers', () => {
    assert.strictEqual(nodeAriaLabel(matmul), 'MatMult acc <- xT, ws, PE engine, line 41, executed');
    assert.strictEqual(nodeAriaLabel({ ...matmul, state: 'current' }), 'MatMult acc <- xT, ws, PE engine, line 41, current node, about to run');
    assert.strictEqual(nodeAriaLabel({ ...matmul, state: undefined }, { ghost: true }, { verified: true }), 'MatMult acc <- xT, ws, PE engine, line 41, removed by this pass, node breakpoint');
    assert.strictEqual(nodeAriaLabel({ ...matmul, state: 'not-run' }, { fusedMembers: ['a', 'b'] }, { verified: false, message: 'no node' }), 'MatMult acc <- xT, ws, PE engine, line 41, not run yet, fused group of 2, node breakpoint (unverified)');
  });

  it('gives the tooltip the opcode, the place (file:line:col) and the value', () => {
    const lines = tooltipLines(matmul);
    assert.strictEqual(lines[0], 'MatMult · PE');
    assert.ok(lines.includes('mlp.bir:41:3'));
    assert.ok(lines.includes('value: f32[128, 512] min -3.25 max 4 mean 0.021'));
    assert.ok(lines.includes('executed'));
    assert.ok(lines.includes('id: mlp::main@41:3'));
    const ghost = tooltipLines({ ...matmul, state: undefined, value: undefined }, { ghost: true, fusedInto: 'g', reason: 'merged' });
    assert.ok(ghost.includes('fused into g'));
    assert.ok(ghost.includes('why: merged'));
    const many = tooltipLines({ ...matmul, kind: 'fused', members: Array.from({ length: 15 }, (_, i) => `m${i}`) });
    assert.ok(many.includes('fuses 15:') && many.includes('  … 3 more'));
  });

  it('keeps labels plain: control characters and bidi overrides are dropped, markup stays text', () => {
    assert.strictEqual(plainText('Print "a\u202eb"\u0007\n x'), 'Print "ab" x');
    assert.strictEqual(plainText('\u2066x\u2069\u0000'), 'x');
    const markup = 'Print "<img src=x onerror=alert(1)>", <b>&amp;';
    assert.strictEqual(plainText(markup), markup, 'markup is kept as the characters it is');
    assert.strictEqual(nodeBoxText(markup, 'SP', 3).title, shorten(markup, 44));
    assert.ok(tooltipLines({ ...matmul, label: markup }).includes(markup));
  });

  it('shortens by characters, never splitting one', () => {
    assert.strictEqual(shorten('abcdef', 6), 'abcdef');
    assert.strictEqual(shorten('abcdefg', 6), 'abcde…');
    assert.strictEqual(shorten('𝑥𝑦𝑧𝑤', 3), '𝑥𝑦…');
  });

  it('maps engines to a fixed set of classes', () => {
    assert.deepStrictEqual(['PE', 'ACT', 'DVE', 'POOL', 'DMA', 'SP'].map(engineClass), ['engine-pe', 'engine-act', 'engine-dve', 'engine-pool', 'engine-dma', 'engine-sp']);
    assert.strictEqual(engineClass('x" onclick="y'), 'engine-other');
    assert.strictEqual(engineClass('pe'), 'engine-other');
  });

  it('shows places as file:line:col', () => {
    assert.strictEqual(spanText(matmul.span), 'mlp.bir:41:3');
    assert.strictEqual(baseName('C:\\w\\a.bir'), 'a.bir');
  });

  it('sizes a node box for its text in the monospace font', () => {
    const s = nodeSize('MatMult acc <- xT, ws', 'PE', 41);
    assert.ok(s.width >= textWidth('MatMult acc <- xT, ws', NODE_FONT_PX) + 20);
    assert.strictEqual(nodeSize('x'.repeat(300), 'PE', 1).width, nodeSize('x'.repeat(44), 'PE', 1).width, 'long labels are cut');
  });

  it('builds the page with DOM calls only: no innerHTML, outerHTML, insertAdjacentHTML, document.write or eval', () => {
    const files = fs.readdirSync(WEBVIEW).filter((f) => f.endsWith('.ts'));
    assert.ok(files.includes('render.ts') && files.includes('main.ts'));
    for (const f of files) {
      const code = fs.readFileSync(path.join(WEBVIEW, f), 'utf8').replace(/\/\/.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, '');
      for (const sink of ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'eval(', 'new Function', 'DOMParser', 'createContextualFragment']) {
        assert.ok(!code.includes(sink), `${f} uses ${sink}`);
      }
    }
  });
});
