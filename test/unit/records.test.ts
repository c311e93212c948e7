/**
 * The lists that cannot be derived from the opcode records (engine/ir/opcodes.ts) and the pass registry
 * (engine/passes/registry.ts) agree with them: the TextMate grammar's opcode patterns, package.json's `passes`
 * attribute, and the language reference. test/grammar/grammar.test.ts checks how the grammar colours real text;
 * this checks what its patterns name.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { OPCODES } from '../../engine/ir/opcodes';
import { PASS_NAMES, PASSES } from '../../engine/passes/registry';
import { LAUNCH_ATTRIBUTES } from '../../adapter/launch-config';

const ROOT = path.resolve(__dirname, '..', '..');
const read = (rel: string): string => fs.readFileSync(path.join(ROOT, rel), 'utf8');
const records = [...OPCODES.values()];

interface GrammarRule { begin: string; beginCaptures: Record<string, { name: string }> }

/** Scope → the words a rule's `begin` captures with it. Every capturing group there must be a list of words. */
function wordsByScope(rule: GrammarRule): Record<string, string[]> {
  const entries: [string, string][] = [];
  let group = 0;
  for (const m of rule.begin.matchAll(/\((\?[:=!<]?)?([^()]*)/g)) {
    if (m[1] !== undefined) continue;
    group++;
    const words = m[2].split('|');
    assert.ok(words.every((w) => /^[A-Za-z]+(?:\\\.[A-Za-z]+)?$/.test(w)), `capture ${group} of ${rule.begin} is not a list of words`);
    entries.push(...words.map((w): [string, string] => [rule.beginCaptures[String(group)].name, w.replace('\\.', '.')]));
  }
  return byScope(entries);
}

function byScope(entries: [string, string][]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [scope, word] of entries) (out[scope] ??= []).push(word);
  for (const words of Object.values(out)) words.sort();
  return out;
}

/** The first cell of each row of the first table under a `## ` heading of a Markdown file. */
function firstCells(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n');
  const start = lines.indexOf(`## ${heading}`);
  assert.ok(start >= 0, `no section '## ${heading}'`);
  const top = lines.findIndex((l, i) => i > start && l.startsWith('|'));
  const end = lines.findIndex((l, i) => i > top && !l.startsWith('|'));
  return lines.slice(top + 2, end < 0 ? undefined : end).map((l) => l.split(/(?<!\\)\|/)[1].trim());
}

describe('records and the lists made from them', () => {
  describe('opcodes', () => {
    const grammar = JSON.parse(read('syntaxes/bir.tmLanguage.json')).repository as Record<string, GrammarRule>;

    it('the grammar colours every instruction opcode in the scope of its engine, and nothing else as one', () => {
      const expected = byScope(records.filter((o) => !o.statement).map((o) => [`support.function.${o.engine.toLowerCase()}.bir`, o.name]));
      assert.deepStrictEqual(wordsByScope(grammar.instruction), expected);
    });

    it('the grammar colours every statement opcode (Set) as a keyword of its own statement, and nothing else', () => {
      const expected = byScope(records.filter((o) => o.statement).map((o) => ['keyword.other.set.bir', o.name]));
      assert.deepStrictEqual(wordsByScope(grammar.set), expected);
    });

    it('the language reference lists every opcode with its engine, in the order of the records', () => {
      const rows = firstCells(read('docs/bir-language.md'), 'Instructions');
      const listed = rows.map((cell) => {
        const m = /^`([A-Za-z]+(?:\.[a-z]+)?)\b[^`]*` \[([A-Z]+)\]$/.exec(cell);
        assert.ok(m, `a row of the opcode table does not start with \`Opcode ...\` [ENGINE]: ${cell}`);
        return `${m[1]} [${m[2]}]`;
      });
      assert.deepStrictEqual(listed, records.map((o) => `${o.name} [${o.engine}]`));
    });

    it('the language reference names the elementwise opcodes as those fuse chains', () => {
      const row = read('docs/bir-language.md').split('\n').find((l) => l.startsWith('| `fuse` |'));
      const named = /elementwise instructions \(([^)]*)\)/.exec(row ?? '');
      assert.ok(named, 'the fuse row names the elementwise instructions in parentheses');
      assert.deepStrictEqual(named[1].split(', ').sort(), records.filter((o) => o.elementwise).map((o) => o.name).sort());
    });
  });

  describe('passes', () => {
    const pkg = JSON.parse(read('package.json'));
    const launch = pkg.contributes.debuggers.find((d: { type: string }) => d.type === 'bir').configurationAttributes.launch.properties;

    it('each pass is registered once', () => {
      assert.deepStrictEqual(PASSES.map((p) => p.name).filter((name, i, all) => all.indexOf(name) !== i), []);
    });

    it('package.json\'s `passes` enum is the registry\'s names in order, and its description is the adapter\'s', () => {
      assert.deepStrictEqual(launch.passes.items.enum, [...PASS_NAMES]);
      assert.strictEqual(launch.passes.description, LAUNCH_ATTRIBUTES.passes.description);
      for (const name of PASS_NAMES) assert.ok(LAUNCH_ATTRIBUTES.passes.description.includes(name), `the description names ${name}`);
    });

    it('the language reference describes every pass, in the order of the registry', () => {
      const rows = firstCells(read('docs/bir-language.md'), 'Compiler passes');
      assert.deepStrictEqual(rows, PASS_NAMES.map((name) => `\`${name}\``));
    });
  });
});
