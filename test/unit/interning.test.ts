/** The hash tables of the front end's hot path: names interned from the source, rows interned by their fields. */
import * as assert from 'assert';
import { FieldInterner } from '../../engine/ir/field-interner';
import { NAME_HASH_START, NameTable, nameHashStep } from '../../engine/lang/name-table';

function hashOf(text: string, start: number, end: number): number {
  let h = NAME_HASH_START;
  for (let i = start; i < end; i++) h = nameHashStep(h, text.charCodeAt(i));
  return h;
}

describe('interning', () => {
  it('gives one string per spelling, whatever the place in the text, through the table growing', () => {
    const table = new NameTable();
    const names = Array.from({ length: 5000 }, (_, i) => `t${i}`);
    const text = names.join(' ');
    const first = new Map<string, string>();
    let at = 0;
    for (const n of names) {
      const got = table.intern(text, at, at + n.length, hashOf(text, at, at + n.length));
      assert.strictEqual(got, n);
      first.set(n, got);
      at += n.length + 1;
    }
    const again = `x ${names.slice().reverse().join(' ')}`;
    at = 2;
    for (const n of names.slice().reverse()) {
      assert.strictEqual(table.intern(again, at, at + n.length, hashOf(again, at, at + n.length)), first.get(n));
      at += n.length + 1;
    }
  });

  it('tells apart names of equal hash but different characters', () => {
    const table = new NameTable();
    // Same (forced) hash: only the characters decide.
    assert.strictEqual(table.intern('ab', 0, 2, 7), 'ab');
    assert.strictEqual(table.intern('ba', 0, 2, 7), 'ba');
    assert.strictEqual(table.intern('abc', 0, 2, 7), 'ab');
  });

  it('finds a row by its fields only when every field and the count agree', () => {
    const rows = new FieldInterner();
    const made: number[][] = [];
    for (let i = 0; i < 3000; i++) {
      const fields = [i % 7, -1, i, i % 3 === 0 ? -1 : i * 31];
      assert.strictEqual(rows.find(fields, fields.length), -1);
      rows.add(fields, fields.length, 100 + i);
      made.push(fields);
    }
    made.forEach((f, i) => assert.strictEqual(rows.find(f, f.length), 100 + i));
    assert.strictEqual(rows.find([0, -1, 0], 3), -1, 'a prefix of a row is another row');
    assert.strictEqual(rows.find([0, -1, 0, -1, 0], 4), 100, 'only the first n fields count');
    rows.clear();
    assert.strictEqual(rows.find(made[5], 4), -1);
  });
});
