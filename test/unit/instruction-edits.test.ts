// The timeline's quick edits as text (engine/lang/instruction-edits.ts): an attribute set, changed or removed in its
// instruction's text with nothing else touched, and the constants an instruction's sizes depend on.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { attributeEdit, sizeConstants, TextEdit } from '../../engine/lang/instruction-edits';

/** The text with the edit applied. */
function applied(text: string, e: TextEdit | undefined): string {
  assert.ok(e, 'an edit');
  const lines = text.split('\n');
  const offset = (line: number, col: number): number => lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + col - 1;
  return text.slice(0, offset(e.line, e.col)) + e.newText + text.slice(offset(e.endLine, e.endCol));
}

describe('quick edits of an instruction\'s text', () => {
  const text = 'func main() {\n  TensorCopy y <- x   # copy\n  TensorCopy y <- x, engine = gpsimd, mask = p < 3  # masked\n}\n';

  it('appends an attribute an instruction does not have, before its comment', () => {
    assert.equal(applied(text, attributeEdit(text, 2, 3, 'engine', 'scalar')), text.replace('TensorCopy y <- x   # copy', 'TensorCopy y <- x, engine = scalar   # copy'));
  });

  it('changes the value of one it has, and removes it; nothing when it already has that value', () => {
    assert.equal(applied(text, attributeEdit(text, 3, 3, 'engine', 'vector')), text.replace('engine = gpsimd', 'engine = vector'));
    assert.equal(applied(text, attributeEdit(text, 3, 3, 'engine', undefined)), text.replace(', engine = gpsimd', ''));
    assert.equal(attributeEdit(text, 3, 3, 'engine', 'gpsimd'), undefined);
    assert.equal(attributeEdit(text, 2, 3, 'engine', undefined), undefined, 'nothing to remove');
    assert.equal(attributeEdit(text, 1, 50, 'engine', 'vector'), undefined, 'no statement starts there');
  });

  it('finds the constants that set an instruction\'s sizes: those it names, those of its tensors\' declarations', () => {
    const file = path.resolve(__dirname, '..', '..', 'examples', 'calls_loops.bir');
    const src = fs.readFileSync(file, 'utf8');
    const lines = src.split('\n');
    const at = (marker: string): [number, number] => {
      const k = lines.findIndex((l) => l.includes(marker));
      return [k + 1, lines[k].search(/\S/) + 1];
    };
    // DmaCopy xT <- x[r0*TM : r0*TM+TM, 0:K].T names TM and K; x is declared dram f32[M, K].
    const load = sizeConstants(src, ...at('DmaCopy xT <- x'));
    assert.deepEqual(load.map((c) => [c.name, c.valueText, c.via]), [
      ['TM', '128', 'named by line 34'], ['K', '128', 'named by line 34'], ['M', '256', "in the declaration of 'x' (line 24)"],
    ]);
    // The epilogue's Activation names parameters only: their declarations are [TM, CH].
    const act = sizeConstants(src, ...at('Activation dst <- src'));
    assert.deepEqual(act.map((c) => c.name), ['TM', 'CH']);
    const ch = act[1];
    assert.equal(lines[ch.line - 1].slice(ch.col - 1, ch.endCol - 1), '64', 'the place of its value');
    assert.deepEqual(sizeConstants('func main() {\n  Barrier\n}\n', 2, 3), []);
  });
});
