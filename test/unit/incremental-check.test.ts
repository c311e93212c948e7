/**
 * Incremental diagnostics (language/incremental-check.ts): on every instruction line of the examples, edits that make
 * a mistake (an opcode misspelt, a name misspelt, an attribute that does not exist), add a line or remove it, or mend
 * them get, when the incremental check answers, exactly the whole check's diagnostics; and it declines the edits it
 * cannot judge.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import { checkProgram, SourceHost } from '../../engine/lang/check/checker';
import { toLsp } from '../../language/diagnostics';
import { CheckBase, quickDiagnostics } from '../../language/incremental-check';

const ROOT = path.resolve(__dirname, '..', '..');
const EXAMPLES = [
  ...fs.readdirSync(path.join(ROOT, 'examples')).filter((f) => f.endsWith('.bir')).map((f) => path.join(ROOT, 'examples', f)),
  // An entry that imports a module, and one with branches, loops, calls and returns.
  path.join(ROOT, 'test', 'programs', 'good', 'cores.bir'), path.join(ROOT, 'test', 'programs', 'good', 'control.bir'),
];

function hostWith(file: string, text: string): SourceHost {
  return { readText: (f) => (f === file ? text : fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : undefined), exists: (f) => f === file || fs.existsSync(f) };
}

function whole(file: string, text: string): { diagnostics: LspDiagnostic[]; program?: CheckBase['program'] } {
  const { diagnostics, program } = checkProgram(file, { host: hostWith(file, text) });
  return { diagnostics: diagnostics.filter((d) => d.span.file === file).map(toLsp), program };
}

/** Mistakes made on an instruction line: its opcode misspelt, its first name after the opcode misspelt, an attribute added. */
function mistakes(line: string): string[] {
  const m = /^(\s*)([A-Z][A-Za-z0-9]*)(\s+)([A-Za-z_][A-Za-z0-9_]*)/.exec(line);
  if (!m) return [];
  const [, indent, opcode, space, name] = m;
  const rest = line.slice(m[0].length);
  return [`${indent}${opcode}x${space}${name}${rest}`, `${indent}${opcode}${space}${name}q${rest}`, `${line.replace(/\s+#.*$/, '')}, bogus = 1`];
}

describe('incremental diagnostics', function () {
  this.timeout(300000);

  it('gives the whole check\'s diagnostics for every mistake on an instruction line of the examples, and for its mending', () => {
    let answered = 0;
    let declined = 0;
    for (const file of EXAMPLES) {
      const text = fs.readFileSync(file, 'utf8');
      const first = whole(file, text);
      assert.ok(first.program, file);
      const base: CheckBase = { text, program: first.program, diagnostics: first.diagnostics };
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        const edits = [
          ...mistakes(line).map((wrong) => [...lines.slice(0, i), wrong, ...lines.slice(i + 1)]),
          // Lines added (the line again, a mistaken copy) and the line removed: the lines after it move.
          ...mistakes(line).slice(0, 1).map((wrong) => [...lines.slice(0, i + 1), wrong, ...lines.slice(i + 1)]),
          ...(mistakes(line).length > 0 ? [[...lines.slice(0, i + 1), line, ...lines.slice(i + 1)], [...lines.slice(0, i), ...lines.slice(i + 1)]] : []),
        ];
        for (const editedLines of edits) {
          const edited = editedLines.join('\n');
          const wrong = editedLines[i];
          const quick = quickDiagnostics(base, file, edited, hostWith(file, edited), toLsp);
          if (quick === undefined) {
            declined++;
            continue;
          }
          answered++;
          assert.deepStrictEqual(quick, whole(file, edited).diagnostics, `${path.basename(file)}:${i + 1}: ${wrong.trim()}`);
        }
      });
      // Mending: back to the base's text gives its diagnostics.
      assert.deepStrictEqual(quickDiagnostics(base, file, text, hostWith(file, text), toLsp), first.diagnostics);
    }
    assert.ok(answered > 250, `answered ${answered} edits incrementally (declined ${declined})`);
    assert.ok(declined > 0, 'some edits are left to the whole check (PSUM names, independent loops)');
  });

  it('declines an edit that declares, opens a block or calls; answers one that names another line with the file\'s line', () => {
    const file = path.join(ROOT, 'examples', 'calls_loops.bir');
    const text = fs.readFileSync(file, 'utf8');
    const { diagnostics, program } = whole(file, text);
    const base: CheckBase = { text, program: program!, diagnostics };
    const quick = (edited: string): LspDiagnostic[] | undefined => quickDiagnostics(base, file, edited, hostWith(file, edited), toLsp);
    assert.strictEqual(quick(text.replace('  sbuf xT : bf16[K, TM]', '  sbuf xT : bf16[K, TN]')), undefined, 'a declaration');
    assert.strictEqual(quick(text.replace('  DmaCopy ws <- w\n', '  for r5 in 0..2 {\n')), undefined, 'a block opened');
    assert.strictEqual(quick(text.replace('  DmaCopy ws <- w\n', '  call epilogue(ws, ws, 1)\n')), undefined, 'a call');
    assert.deepStrictEqual(quick(text.replace('  DmaCopy ws <- w\n', '  DmaCopy ws <- ww\n'))?.map((d) => [d.range.start.line, d.message]), [[text.split('\n').indexOf('  DmaCopy ws <- w'), "unknown name 'ww'; did you mean 'w'?"]]);
    // A line added: the base's diagnostics after it move with it.
    const added = text.replace('  DmaCopy ws <- w\n', '  DmaCopy ws <- w\n  DmaCopy ws <- w\n');
    assert.deepStrictEqual(quick(added), whole(file, added).diagnostics);
    // A message that names another line names the file's, not the probe's.
    const loopWrite = text.replace('    DmaCopy xT <- x[r0*TM : r0*TM+TM, 0:K].T\n', '    Set r0 = 1\n');
    const found = quick(loopWrite);
    assert.match(found?.[0]?.message ?? '', new RegExp(`^r0 is the register of the loop at line ${text.split('\n').findIndex((l) => l.includes('for r0 in')) + 1};`));
    assert.deepStrictEqual(found, whole(file, loopWrite).diagnostics);
  });
});
