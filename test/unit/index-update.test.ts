/**
 * The index of an edited file made from the index before the edit (language/index-update.ts): on every line of the
 * examples, edits that misspell, add, copy or remove an instruction line give, when the update answers, exactly the
 * index the whole build makes of the edited text (occurrences, declarations, the Outline, folds, calls); and names
 * resolve in the scope of the edited line (an allocation of a branch is not seen in the other branch).
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { FileIndex, indexFile } from '../../language/file-index';
import { updatedIndex } from '../../language/index-update';

const ROOT = path.resolve(__dirname, '..', '..');
const PROGRAMS = [
  ...fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.endsWith('.bir')).map((f) => path.join(ROOT, 'examples', f)),
  ...fs.readdirSync(path.join(ROOT, 'test', 'programs', 'good')).filter((f) => f.endsWith('.bir')).map((f) => path.join(ROOT, 'test', 'programs', 'good', f)),
];

/** All an index says, as plain data. */
function contents(index: FileIndex): unknown {
  const occurrences: number[][] = [];
  for (let i = 0; i < index.occurrenceCount; i++) {
    const { span, target } = index.occurrence(i);
    occurrences.push([span.line, span.col, span.endCol, target]);
  }
  const { decls, externals, imports, outline, folds, calls, moduleName, moduleDecl, text } = index;
  const byTarget = decls.map((d) => index.occurrencesOf(d.id));
  return JSON.parse(JSON.stringify({ occurrences, decls, externals, imports, outline, folds, calls, moduleName, moduleDecl, text, byTarget }));
}

/** Edits of a line: its opcode and its first name misspelt, an attribute added, a register named, the line copied, removed. */
function editsOf(lines: string[], i: number): string[][] {
  const line = lines[i];
  const m = /^(\s*)([A-Z][A-Za-z0-9]*)(\s+)([A-Za-z_][A-Za-z0-9_]*)/.exec(line);
  if (!m) return [];
  const [, indent, opcode, space, name] = m;
  const rest = line.slice(m[0].length);
  const replaced = (text: string): string[] => [...lines.slice(0, i), text, ...lines.slice(i + 1)];
  return [
    replaced(`${indent}${opcode}x${space}${name}${rest}`),
    replaced(`${indent}${opcode}${space}${name}q${rest}`),
    replaced(`${line.replace(/\s+#.*$/, '')}, bogus = 1`),
    replaced(`${indent}Set r0 = r0 + 1`),
    replaced(`${indent}${opcode}${space}${name}${rest}[`),
    [...lines.slice(0, i + 1), line, ...lines.slice(i + 1)],
    [...lines.slice(0, i + 1), `${indent}${opcode}${space}${name}q${rest}`, '', ...lines.slice(i + 1)],
    [...lines.slice(0, i), ...lines.slice(i + 1)],
  ];
}

describe('the index updated after an edit', function () {
  this.timeout(300000);

  it('is the whole build\'s index of the edited text, on every instruction line of the examples', () => {
    let answered = 0;
    let declined = 0;
    for (const file of PROGRAMS) {
      const text = fs.readFileSync(file, 'utf8');
      const base = indexFile(file, text);
      const lines = text.split('\n');
      lines.forEach((_line, i) => {
        for (const edited of editsOf(lines, i).map((l) => l.join('\n'))) {
          const updated = updatedIndex(base, edited);
          if (!updated) {
            declined++;
            continue;
          }
          answered++;
          assert.deepStrictEqual(contents(updated), contents(indexFile(file, edited)), `${path.basename(file)}:${i + 1}: ${JSON.stringify(edited.split('\n')[i])}`);
        }
      });
    }
    assert.ok(answered > 500, `only ${answered} edits updated (${declined} declined)`);
    assert.ok(declined > 0, 'no edit declined: the lines that declare or call should be');
  });

  it('resolves a name in the scope of its line: a branch\'s allocation is not the other branch\'s', () => {
    const file = path.join(ROOT, 'scopes.bir');
    const text = [
      'module scopes',
      'dram t : f32[128, 64] input = zeros',
      'dram y : f32[128, 64] output',
      'func main() {',
      '  Set r0 = 1',
      '  if r0 > 0 {',
      '    sbuf t : f32[128, 64]',
      '    DmaCopy t <- y',
      '  } else {',
      '    DmaCopy y <- y',
      '  }',
      '  DmaCopy y <- y',
      '}',
      '',
    ].join('\n');
    const base = indexFile(file, text);
    for (const line of [8, 10, 12]) {
      const edited = text.split('\n').map((l, i) => (i === line - 1 ? l.replace('<- y', '<- t') : l)).join('\n');
      const updated = updatedIndex(base, edited);
      assert.ok(updated, `line ${line} updated`);
      assert.deepStrictEqual(contents(updated), contents(indexFile(file, edited)), `line ${line}`);
      const use = updated.occurrenceAt(line, edited.split('\n')[line - 1].lastIndexOf('t') + 1)!;
      const meant = updated.decls[updated.target(use)];
      assert.strictEqual(meant.kind, line === 8 ? 'alloc' : 'dram', `line ${line}: 't' means the ${meant.kind} of line ${meant.nameSpan.line}`);
    }
  });

  it('declines an edit that declares, opens a block or leaves a bracket open, which the whole build indexes', () => {
    const file = path.join(ROOT, 'declines.bir');
    const text = 'module declines\ndram x : f32[128, 64] input = zeros\nfunc main() {\n  sbuf a : f32[128, 64]\n  DmaCopy a <- x\n}\n';
    const base = indexFile(file, text);
    for (const line of ['  sbuf b : f32[128, 64]', '  DmaCopy a <- x[0:64,', '  Set r3 = 2', '  for r1 in 0..2 { DmaCopy a <- x }']) {
      assert.strictEqual(updatedIndex(base, text.replace('  DmaCopy a <- x\n', `  DmaCopy a <- x\n${line}\n`)), undefined, line);
    }
  });
});
