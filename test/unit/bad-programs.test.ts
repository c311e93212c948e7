/**
 * Every program in test/programs/bad/ is wrong on purpose. Its comments say which diagnostics it must get:
 *
 *   # expect-error 7:15 unknown name 'acc2'
 *   # expect-warning 12:3 unreachable
 *
 * (a line:col and a piece of the message), in a header or at the end of the line of the mistake. The checker
 * must report exactly those: none missing, none extra, none in another file, and build no program.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { checkProgram } from '../../engine/lang/check/checker';
import { Diagnostic } from '../../engine/lang/diagnostics';

const BAD = path.resolve(__dirname, '..', 'programs', 'bad');

interface Expected {
  readonly severity: 'error' | 'warning';
  readonly line: number;
  readonly col: number;
  readonly message: string;
  /** Where the annotation is, for messages. */
  readonly annotatedAt: number;
}

const ANNOTATION = /^#\s*expect-(error|warning)\s+(\d+):(\d+)\s+(.*?)\s*$/;

/** The expectations written in a file's comments; a line may hold several. */
function expectations(text: string): Expected[] {
  const out: Expected[] = [];
  text.split('\n').forEach((line, i) => {
    for (const part of line.split(/(?=#\s*expect-)/)) {
      const m = ANNOTATION.exec(part);
      if (m) out.push({ severity: m[1] as Expected['severity'], line: Number(m[2]), col: Number(m[3]), message: m[4], annotatedAt: i + 1 });
    }
  });
  return out;
}

function show(d: Diagnostic): string {
  return `${path.relative(BAD, d.span.file)}:${d.span.line}:${d.span.col} ${d.severity}: ${d.message}`;
}

describe('bad programs', () => {
  const files = fs.readdirSync(BAD).filter((f) => f.endsWith('.bir')).sort();

  it('has at least 12 programs, each with expectations', () => {
    assert.ok(files.length >= 12, `only ${files.length} programs in ${BAD}`);
    for (const f of files) {
      assert.ok(expectations(fs.readFileSync(path.join(BAD, f), 'utf8')).some((e) => e.severity === 'error'), `${f} expects no error`);
    }
  });

  it('reads annotations', () => {
    assert.deepStrictEqual(expectations('x\n  Set r1 = zz   # expect-error 2:12 unknown name \'zz\'  # expect-error 2:3 two\n# expect-warning 9:1 unreachable'), [
      { severity: 'error', line: 2, col: 12, message: "unknown name 'zz'", annotatedAt: 2 },
      { severity: 'error', line: 2, col: 3, message: 'two', annotatedAt: 2 },
      { severity: 'warning', line: 9, col: 1, message: 'unreachable', annotatedAt: 3 },
    ]);
  });

  for (const f of files) {
    it(`${f} gets exactly the expected diagnostics`, () => {
      const file = path.join(BAD, f);
      const text = fs.readFileSync(file, 'utf8');
      const expected = expectations(text);
      const { program, diagnostics } = checkProgram(file);
      const lines = text.split('\n');
      const problems: string[] = [];
      const left = [...expected];
      for (const d of diagnostics) {
        if (d.span.file !== file) {
          problems.push(`in another file: ${show(d)}`);
          continue;
        }
        const i = left.findIndex((e) => e.severity === d.severity && e.line === d.span.line && e.col === d.span.col && d.message.includes(e.message));
        if (i < 0) problems.push(`unexpected: ${show(d)}`);
        else left.splice(i, 1);
        // Every span lies inside the file.
        if (d.span.line < 1 || d.span.line > lines.length || d.span.col < 1 || d.span.col > lines[d.span.line - 1].length + 1) {
          problems.push(`span outside the file: ${show(d)}`);
        }
      }
      for (const e of left) problems.push(`missing (annotated at line ${e.annotatedAt}): ${f}:${e.line}:${e.col} ${e.severity}: …${e.message}…`);
      assert.deepStrictEqual(problems, [], `\n${problems.join('\n')}\nall diagnostics:\n${diagnostics.map(show).join('\n')}`);
      if (expected.some((e) => e.severity === 'error')) assert.strictEqual(program, undefined);
    });
  }
});
