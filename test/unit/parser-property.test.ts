/**
 * Property tests of the front end: whatever the text, tokenize, parseFile, parseExpression and checkProgram
 * finish without throwing, every diagnostic points inside the file it names, and checkProgram makes the same of it
 * whether it reads function bodies once or parses them in the outline first, and whether it copies the node of a line
 * that repeats an earlier one or reads every line.
 *
 * The inputs are random strings, random soups of BIR tokens, and mutations (characters, lines and tokens
 * deleted, inserted, duplicated, swapped) of every program in examples/ and test/programs/, read when the test
 * runs so that it covers the programs that exist then.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import fc from 'fast-check';
import { checkProgram, SourceHost } from '../../engine/lang/check/checker';
import { Diagnostic, DiagnosticBag, formatDiagnostic } from '../../engine/lang/diagnostics';
import { tokenize } from '../../engine/lang/lexer';
import { parseExpression, parseFile } from '../../engine/lang/parser';
import { dumpDiagnostics, dumpProgram } from '../helpers/front-end-dump';
import { allNodes } from '../../engine/passes/pass';

const ROOT = path.resolve(__dirname, '..', '..');
/** Runs per property; FC_RUNS=n makes a longer (or shorter) session. */
const RUNS = Number(process.env.FC_RUNS ?? 60);

// ---------------------------------------------------------------------------
// the programs

function birFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return birFiles(full);
    return e.name.endsWith('.bir') ? [full] : [];
  }).sort();
}

const PROGRAMS = [...birFiles(path.join(ROOT, 'examples')), ...birFiles(path.join(ROOT, 'test', 'programs'))];

// ---------------------------------------------------------------------------
// checking that the front end survives a text

/** A host that serves one file's text from memory and every other file from the disk; it remembers what it served. */
function hostWith(file: string, text: string, served: Map<string, string>): SourceHost {
  return {
    readText: (f) => {
      if (f === file) {
        served.set(f, text);
        return text;
      }
      try {
        const t = fs.readFileSync(f, 'utf8');
        served.set(f, t);
        return t;
      } catch {
        return undefined;
      }
    },
    exists: (f) => f === file || fs.existsSync(f),
  };
}

let splitText = '';
let splitLines: string[] = [''];

/** The lines of a text; the last text split is kept, as spans are checked by the thousand against one text. */
function linesOf(text: string): string[] {
  if (text !== splitText) {
    splitText = text;
    splitLines = text.split('\n');
  }
  return splitLines;
}

/** A diagnostic's span lies inside the text of its file: 1-based, on a line of the file, within the line or at its end. */
function checkSpan(d: Diagnostic, text: string | undefined): void {
  const { line, col, endLine, endCol } = d.span;
  const where = (): string => formatDiagnostic(d);
  if (text === undefined) {
    // A file that could not be read: its diagnostics are at its start.
    assert.deepStrictEqual([line, col], [1, 1], where());
    return;
  }
  const lines = linesOf(text);
  assert.ok(Number.isInteger(line) && line >= 1 && line <= lines.length, `line out of the file: ${where()}`);
  assert.ok(Number.isInteger(col) && col >= 1 && col <= lines[line - 1].length + 1, `column out of the line: ${where()}`);
  assert.ok(Number.isInteger(endLine) && endLine >= line && endLine <= lines.length, `end line out of the file: ${where()}`);
  assert.ok(Number.isInteger(endCol) && endCol >= 1 && endCol <= lines[endLine - 1].length + 1, `end column out of the line: ${where()}`);
  if (endLine === line) assert.ok(endCol >= col, `span ends before it starts: ${where()}`);
  assert.ok(typeof d.message === 'string' && d.message.length > 0, `empty message at ${where()}`);
}

/** Runs the whole front end over a text, as the file `file`; throws only when a property fails. */
function survive(text: string, file = path.join(ROOT, 'test', 'programs', 'fuzz.bir')): void {
  const lexical = new DiagnosticBag();
  const tokens = tokenize(text, file, lexical);
  assert.strictEqual(tokens[tokens.length - 1].kind, 'eof');
  for (const d of lexical.sorted()) checkSpan(d, text);
  for (const t of tokens) checkSpan({ severity: 'error', message: t.kind, span: t.span }, text);

  const syntax = new DiagnosticBag();
  parseFile(text, file, syntax);
  for (const d of syntax.sorted()) checkSpan(d, text);

  const served = new Map<string, string>();
  const result = checkProgram(file, { host: hostWith(file, text, served) });
  for (const d of result.diagnostics) checkSpan(d, served.get(d.span.file));
  assert.strictEqual(result.program === undefined, result.diagnostics.some((d) => d.severity === 'error'), 'a program exactly when there is no error');
  if (result.program) for (const n of allNodes(result.program)) checkSpan({ severity: 'error', message: n.id, span: n.span }, served.get(n.span.file));
  // Function bodies read once, as they are built, with repeated lines copied, make what bodies parsed first in the
  // outline, every line read, make.
  const reference = checkProgram(file, { host: hostWith(file, text, new Map()), bodies: 'outline', repeatLines: false });
  assert.strictEqual(dumpDiagnostics(result.diagnostics), dumpDiagnostics(reference.diagnostics), 'the same diagnostics, bodies read once or in the outline, lines repeated or read');
  assert.strictEqual(result.program && dumpProgram(result.program), reference.program && dumpProgram(reference.program), 'the same program, bodies read once or in the outline, lines repeated or read');
}

function surviveExpression(text: string): void {
  const bag = new DiagnosticBag();
  const e = parseExpression(text, 'expr', bag);
  const diagnostics = bag.sorted();
  for (const d of diagnostics) checkSpan(d, text);
  if (e) checkSpan({ severity: 'error', message: 'expression', span: e.span }, text);
  else assert.ok(diagnostics.length > 0, 'no expression and no diagnostic');
}

// ---------------------------------------------------------------------------
// generators

const WORDS = [
  'module', 'import', 'const', 'dram', 'sbuf', 'psum', 'func', 'for', 'in', 'step', 'if', 'else', 'call', 'return',
  'input', 'output', 'Set', 'DmaCopy', 'TensorCopy', 'Memset', 'Iota', 'MatMult', 'Transpose', 'Activation',
  'TensorTensor', 'TensorScalar', 'TensorReduce', 'Select', 'Load', 'Barrier', 'Print', 'Assert', 'close', 'main',
  'f32', 'bf16', 'i32', 'u8', 'fp8e4m3', 'r0', 'r1', 'r15', 'r16', 'core', 'ncores', 'x', 'y', 'acc', 'T', 'bcast',
  'op', 'add', 'func', 'relu', 'accumulate', 'scale', 'bias', 'zeros', 'iota', 'random', 'seed', 'file', 'inf', 'nan',
  'min', 'max', 'sum', 'all', 'allclose', 'atol', 'lib', 'm',
];
const PUNCT = [
  '::', '<-', '..', '**', '==', '!=', '<=', '>=', '&&', '||', '{', '}', '(', ')', '[', ']', ',', ':', '=', '.', '+', '-',
  '*', '/', '%', '<', '>', '!',
];
const ODD = ['0', '128', '0x1F', '1_000', '3.5', '.5', '1e-3', '12ab', '0x', '"text"', '"esc\\n"', '"bad\\q"', '"open', '#', '# comment', '@', ';', '$', '\\', "'", '\t', '\r', '\u00e9', '\ud83d\ude00', '\ud800'];
const TOKEN = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 5, arbitrary: fc.constantFrom(...PUNCT) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 100000 }).map(String) },
);
const SEPARATOR = fc.constantFrom(' ', ' ', ' ', '', '\n', '\n  ', '  ');
const SOUP = fc.array(fc.tuple(TOKEN, SEPARATOR), { maxLength: 250 }).map((parts) => parts.map(([t, s]) => t + s).join(''));
const BIR_CHARS = fc.constantFrom(...'abcxyzr0123456789_ .:,=+-*/%!<>&|(){}[]"\\#\n\t'.split(''), 'func ', 'for ', '<-', '::', '..');

type MutationKind =
  | 'delete-chars' | 'insert-chars' | 'duplicate-chars' | 'swap-chars'
  | 'delete-line' | 'insert-line' | 'duplicate-line' | 'swap-lines'
  | 'delete-token' | 'insert-token' | 'duplicate-token' | 'swap-tokens';

interface Mutation { readonly kind: MutationKind; readonly a: number; readonly b: number; readonly text: string }

const MUTATION: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<MutationKind>(
    'delete-chars', 'insert-chars', 'duplicate-chars', 'swap-chars',
    'delete-line', 'insert-line', 'duplicate-line', 'swap-lines',
    'delete-token', 'insert-token', 'duplicate-token', 'swap-tokens',
  ),
  a: fc.nat(),
  b: fc.nat(),
  text: fc.oneof(TOKEN, fc.string({ unit: BIR_CHARS, maxLength: 12 }), SOUP.map((s) => s.slice(0, 60))),
});

/** Pieces of a text whose concatenation is the text; the ones that are not blank are its tokens, roughly. */
const PIECES = /[A-Za-z_][A-Za-z0-9_]*|[0-9][0-9A-Za-z_.]*|"[^"\n]*"?|#[^\n]*|\s+|<-|::|\.\.|\*\*|==|!=|<=|>=|&&|\|\||[\s\S]/g;

function applyMutation(text: string, m: Mutation): string {
  const at = (n: number, length: number): number => (length === 0 ? 0 : n % length);
  switch (m.kind) {
    case 'delete-chars': {
      const i = at(m.a, text.length);
      return text.slice(0, i) + text.slice(i + 1 + (m.b % 8));
    }
    case 'insert-chars': {
      const i = at(m.a, text.length + 1);
      return text.slice(0, i) + m.text + text.slice(i);
    }
    case 'duplicate-chars': {
      const i = at(m.a, text.length);
      const piece = text.slice(i, i + 1 + (m.b % 40));
      return text.slice(0, i) + piece + text.slice(i);
    }
    case 'swap-chars': {
      const chars = [...text];
      if (chars.length < 2) return text;
      const i = at(m.a, chars.length);
      const j = at(m.b, chars.length);
      [chars[i], chars[j]] = [chars[j], chars[i]];
      return chars.join('');
    }
    default:
      return m.kind.endsWith('line') || m.kind.endsWith('lines') ? mutateLines(text, m) : mutateTokens(text, m);
  }
}

function mutateLines(text: string, m: Mutation): string {
  const lines = text.split('\n');
  const i = m.a % lines.length;
  const j = m.b % lines.length;
  switch (m.kind) {
    case 'delete-line': lines.splice(i, 1); break;
    case 'insert-line': lines.splice(i, 0, m.text); break;
    case 'duplicate-line': lines.splice(i, 0, lines[j]); break;
    default: [lines[i], lines[j]] = [lines[j], lines[i]];
  }
  return lines.join('\n');
}

function mutateTokens(text: string, m: Mutation): string {
  const pieces = text.match(PIECES) ?? [];
  const tokens = pieces.map((p, i) => (p.trim() === '' ? -1 : i)).filter((i) => i >= 0);
  if (tokens.length === 0) return text + m.text;
  const i = tokens[m.a % tokens.length];
  const j = tokens[m.b % tokens.length];
  switch (m.kind) {
    case 'delete-token': pieces[i] = ''; break;
    case 'insert-token': pieces[i] = `${m.text} ${pieces[i]}`; break;
    case 'duplicate-token': pieces[i] = `${pieces[i]} ${pieces[j]}`; break;
    default: [pieces[i], pieces[j]] = [pieces[j], pieces[i]];
  }
  return pieces.join('');
}

// ---------------------------------------------------------------------------

describe('front end properties', function () {
  this.timeout(600_000);

  it('has programs to mutate', () => {
    assert.ok(PROGRAMS.some((p) => p.includes(`${path.sep}good${path.sep}`)), 'test/programs/good/ holds programs');
    assert.ok(PROGRAMS.some((p) => p.includes(`${path.sep}bad${path.sep}`)), 'test/programs/bad/ holds programs');
  });

  it('checks the programs of test/programs/good/ without a diagnostic', () => {
    for (const file of PROGRAMS.filter((p) => p.includes(`${path.sep}good${path.sep}`) && !p.includes(`${path.sep}lib${path.sep}`))) {
      const r = checkProgram(file);
      assert.deepStrictEqual(r.diagnostics.map((d) => formatDiagnostic(d)), [], file);
      assert.ok(r.program, file);
    }
  });

  it('survives every program as written', () => {
    for (const file of PROGRAMS) survive(fs.readFileSync(file, 'utf8'), file);
  });

  it('survives random strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => survive(s)), { numRuns: RUNS * 4 });
    fc.assert(fc.property(fc.string({ unit: BIR_CHARS, maxLength: 400 }), (s) => survive(s)), { numRuns: RUNS * 4 });
  });

  it('survives random token soups', () => {
    fc.assert(fc.property(SOUP, (s) => survive(s)), { numRuns: RUNS * 4 });
    fc.assert(fc.property(SOUP, (s) => survive(`module m\nfunc main() {\n${s}\n}\n`)), { numRuns: RUNS * 4 });
  });

  it('survives random expressions', () => {
    fc.assert(fc.property(SOUP, (s) => surviveExpression(s.replace(/\n/g, ' '))), { numRuns: RUNS * 4 });
    fc.assert(fc.property(fc.string({ unit: BIR_CHARS, maxLength: 100 }), (s) => surviveExpression(s)), { numRuns: RUNS * 4 });
  });

  for (const file of PROGRAMS) {
    it(`survives mutations of ${path.relative(ROOT, file)}`, () => {
      const text = fs.readFileSync(file, 'utf8');
      fc.assert(fc.property(fc.array(MUTATION, { minLength: 1, maxLength: 6 }), (mutations) => {
        survive(mutations.reduce(applyMutation, text), file);
      }), { numRuns: RUNS });
    });
  }

  it('finishes on large and deeply nested inputs', () => {
    const all = PROGRAMS.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    survive(all.repeat(20));
    const bodies = PROGRAMS.map((f) => fs.readFileSync(f, 'utf8')).join('\n').replace(/^\s*(module|import|func)\b.*$/gm, '');
    survive(`module big\nfunc main() {\n${bodies.repeat(10)}\n}\n`);
    const n = 20_000;
    for (const text of [
      '('.repeat(n),
      `const A = ${'('.repeat(n)}1${')'.repeat(n)}`,
      `const A = ${'-'.repeat(n)}1`,
      `const A = ${'2 ** '.repeat(n)}1`,
      `const A = ${'1 + '.repeat(n)}1`,
      `const A = ${'x['.repeat(n)}`,
      `func main() {\n${'for r0 in 0..2 {\n'.repeat(n)}${'}\n'.repeat(n)}}\n`,
      `func main() {\n  if 1 {\n  }${' else if 1 {\n  }'.repeat(n)}\n}\n`,
      `func main() {\n${'{'.repeat(n)}\n`,
      `${'}'.repeat(n)}\n${'"'.repeat(n)}\n${'@'.repeat(n)}`,
      `func main() {\n${'  Barrier\n'.repeat(n)}}\n`,
      `func main() {\n  Print ${'"s", '.repeat(n)}1\n}\n`,
    ]) {
      survive(text);
      surviveExpression(text);
    }
  });

  it('mutates as intended', () => {
    const m = (kind: MutationKind, a: number, b: number, text = '') => applyMutation('ab\ncd\nef', { kind, a, b, text });
    assert.strictEqual(m('delete-chars', 1, 0), 'a\ncd\nef');
    assert.strictEqual(m('insert-chars', 2, 0, 'X'), 'abX\ncd\nef');
    assert.strictEqual(m('duplicate-chars', 0, 1), 'abab\ncd\nef');
    assert.strictEqual(m('swap-chars', 0, 1), 'ba\ncd\nef');
    assert.strictEqual(m('delete-line', 1, 0), 'ab\nef');
    assert.strictEqual(m('insert-line', 0, 0, 'zz'), 'zz\nab\ncd\nef');
    assert.strictEqual(m('duplicate-line', 0, 2), 'ef\nab\ncd\nef');
    assert.strictEqual(m('swap-lines', 0, 2), 'ef\ncd\nab');
    assert.strictEqual(applyMutation('DmaCopy a <- b', { kind: 'swap-tokens', a: 1, b: 3, text: '' }), 'DmaCopy b <- a');
    assert.strictEqual(applyMutation('DmaCopy a <- b', { kind: 'delete-token', a: 2, b: 0, text: '' }), 'DmaCopy a  b');
    assert.strictEqual(applyMutation('DmaCopy a <- b', { kind: 'duplicate-token', a: 0, b: 1, text: '' }), 'DmaCopy a a <- b');
    assert.strictEqual(applyMutation('x = 1', { kind: 'insert-token', a: 2, b: 0, text: '**' }), 'x = ** 1');
  });
});
