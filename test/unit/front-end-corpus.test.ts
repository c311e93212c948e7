/**
 * The front end against a recorded corpus: what the lexer, the parser and the checker make of the programs of examples/
 * and test/programs/, of thousands of seeded mutations of them and of random token soups, and of the evaluate
 * language's expressions, compared with what they made when the corpus was recorded: every token, every syntax tree,
 * every diagnostic (message, severity, span) and every field of the checked program (test/helpers/front-end-dump.ts).
 *
 * The corpus keeps its own copy of the programs (test/fixtures/front-end-corpus.json), so that editing an example
 * does not change it. When a change of a message or of the IR is intended, record it again and review the diff:
 *   FRONT_END_CORPUS=record npx mocha --no-config -r tsx/cjs --extension ts test/unit/front-end-corpus.test.ts
 */
import * as assert from 'assert';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { checkProgram, SourceHost } from '../../engine/lang/check/checker';
import { DiagnosticBag } from '../../engine/lang/diagnostics';
import { tokenize } from '../../engine/lang/lexer';
import { parseExpression, parseFile } from '../../engine/lang/parser';
import { dumpDiagnostics, dumpProgram, dumpTokens, dumpValue } from '../helpers/front-end-dump';
import { generated, random } from '../helpers/generated-programs';

const ROOT = path.resolve(__dirname, '..', '..');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'front-end-corpus.json');
const RECORD = process.env.FRONT_END_CORPUS === 'record';
const MUTATIONS_PER_FILE = 40;
const SOUPS = 300;

interface Corpus {
  /** The programs, by path from the repository's root. */
  readonly files: Record<string, string>;
  /** A hash of what the front end made of each case. */
  readonly expected: Record<string, string>;
}

function birFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return birFiles(rel);
    return e.name.endsWith('.bir') ? [rel] : [];
  }).sort();
}

function recordedFiles(): Record<string, string> {
  return Object.fromEntries([...birFiles('examples'), ...birFiles('test/programs')].map((rel) => [rel, fs.readFileSync(path.join(ROOT, rel), 'utf8')]));
}

function hash(text: string): string {
  return createHash('sha256').update(text.split(ROOT).join('<root>')).digest('hex').slice(0, 24);
}

// ---------------------------------------------------------------------------
// what the front end makes of a text

/** The corpus's programs at their places in the repository (data files come from the disk), one of them replaced. */
function hostOf(files: Record<string, string>, replaced?: { file: string; text: string }): SourceHost {
  const text = (f: string): string | undefined => (replaced && f === replaced.file ? replaced.text : files[path.relative(ROOT, f).split(path.sep).join('/')]);
  return { readText: text, exists: (f) => text(f) !== undefined || (!f.endsWith('.bir') && fs.existsSync(f)) };
}

function frontEnd(file: string, text: string, host: SourceHost): string {
  const lexical = new DiagnosticBag();
  const tokens = tokenize(text, file, lexical);
  const syntax = new DiagnosticBag();
  const ast = parseFile(text, file, syntax);
  const checked = checkProgram(file, { host });
  return [
    '# tokens', dumpTokens(tokens), dumpDiagnostics(lexical.sorted()),
    '# syntax', dumpValue(ast), dumpDiagnostics(syntax.sorted()),
    '# check', dumpDiagnostics(checked.diagnostics), checked.program ? dumpProgram(checked.program) : 'no program',
  ].join('\n');
}

function expression(text: string): string {
  const bag = new DiagnosticBag();
  const e = parseExpression(text, 'expr', bag);
  return `${dumpValue(e)}\n${dumpDiagnostics(bag.sorted())}`;
}

// ---------------------------------------------------------------------------
// the cases, all from seeds

const WORDS = [
  'module', 'import', 'const', 'dram', 'sbuf', 'psum', 'func', 'for', 'in', 'step', 'if', 'else', 'call', 'return', 'input',
  'output', 'Set', 'DmaCopy', 'TensorCopy', 'Memset', 'Iota', 'MatMult', 'Transpose', 'Activation', 'TensorTensor',
  'TensorScalar', 'TensorReduce', 'Select', 'Load', 'Barrier', 'Print', 'Assert', 'close', 'main', 'f32', 'bf16', 'i32',
  'r0', 'r1', 'r15', 'r16', 'core', 'ncores', 'x', 'y', 'acc', 'T', 'bcast', 'op', 'add', 'relu', 'scale', 'zeros', 'iota',
  'random', 'seed', 'file', 'inf', 'nan', 'min', 'max', 'sum', 'allclose', 'atol', 'lib', 'm',
  '::', '<-', '..', '**', '==', '!=', '<=', '>=', '&&', '||', '{', '}', '(', ')', '[', ']', ',', ':', '=', '.', '+', '-',
  '*', '/', '%', '<', '>', '!', '0', '128', '0x1F', '1_000', '3.5', '.5', '1e-3', '12ab', '0x', '"text"', '"esc\\n"',
  '"bad\\q"', '"open', '#', '# comment', '@', ';', '\\', '\t', '\r', '\u00e9', '\ud83d\ude00', '\ud800',
];
const SEPARATORS = [' ', ' ', ' ', '', '\n', '\n  ', '  '];

function pick<T>(rnd: () => number, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)];
}

function soup(rnd: () => number, length: number): string {
  let s = '';
  for (let i = 0; i < length; i++) s += pick(rnd, WORDS) + pick(rnd, SEPARATORS);
  return s;
}

/** Pieces of a text whose concatenation is the text; the ones that are not blank are roughly its tokens. */
const PIECES = /[A-Za-z_][A-Za-z0-9_]*|[0-9][0-9A-Za-z_.]*|"[^"\n]*"?|#[^\n]*|\s+|<-|::|\.\.|\*\*|==|!=|<=|>=|&&|\|\||[\s\S]/g;

/** One edit of characters, lines or tokens. */
function mutate(text: string, rnd: () => number): string {
  const at = (n: number): number => Math.floor(rnd() * n);
  const kind = at(9);
  if (kind < 3) {
    const i = at(text.length + 1);
    if (kind === 0) return text.slice(0, i) + text.slice(i + 1 + at(8));
    if (kind === 1) return text.slice(0, i) + (rnd() < 0.5 ? pick(rnd, WORDS) : soup(rnd, 1 + at(4))) + text.slice(i);
    return text.slice(0, i) + text.slice(i, i + 1 + at(40)) + text.slice(i);
  }
  if (kind < 6) {
    const lines = text.split('\n');
    const i = at(lines.length);
    const j = at(lines.length);
    if (kind === 3) lines.splice(i, 1);
    else if (kind === 4) lines.splice(i, 0, lines[j]);
    else [lines[i], lines[j]] = [lines[j], lines[i]];
    return lines.join('\n');
  }
  const pieces = text.match(PIECES) ?? [];
  const tokens = pieces.map((p, i) => (p.trim() === '' ? -1 : i)).filter((i) => i >= 0);
  if (tokens.length === 0) return text + pick(rnd, WORDS);
  const i = tokens[at(tokens.length)];
  const j = tokens[at(tokens.length)];
  if (kind === 6) pieces[i] = '';
  else if (kind === 7) pieces[i] = `${pick(rnd, WORDS)} ${pieces[i]}`;
  else [pieces[i], pieces[j]] = [pieces[j], pieces[i]];
  return pieces.join('');
}

/** A long program of the benchmark's kind (bench/engine.bench.ts), with a call and a loop. */
function benchLike(lines: number): string {
  const out = ['module big', 'dram x : f32[128, 512] input = zeros', 'dram y : f32[128, 512] output', 'func main() {',
    '  sbuf a : f32[128, 512]', '  sbuf b : f32[128, 512]', '  DmaCopy a <- x', '  for r0 in 0..2 {'];
  for (let i = 0; out.length < lines; i++) {
    const k = i % 4;
    if (k === 0) out.push(`  TensorScalar b <- a, op = mul, scalar = ${(i % 7) + 0.5}, op1 = add, scalar1 = r${(i % 15) + 1}`);
    else if (k === 1) out.push(`  Activation a[0:64, ${i % 256} : ${i % 256} + 256] <- b[0:64, 0:256], func = relu, scale = 2`);
    else if (k === 2) out.push(`  Set r${(i % 15) + 1} = r${(i + 3) % 16} * 4 + ${i % 100}  # comment ${i}`);
    else out.push('  TensorTensor b <- a, b, op = add');
  }
  out.push('  }', '  DmaCopy y <- b', '}');
  return `${out.join('\n')}\n`;
}

interface Case { readonly id: string; readonly run: () => string; readonly input: string }

function cases(files: Record<string, string>): Case[] {
  const out: Case[] = [];
  const host = hostOf(files);
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(ROOT, rel);
    out.push({ id: `program ${rel}`, input: text, run: () => frontEnd(file, text, host) });
    const rnd = random(hash(rel).split('').reduce((a, c) => a * 31 + c.charCodeAt(0), 7));
    for (let i = 0; i < MUTATIONS_PER_FILE; i++) {
      let mutated = text;
      for (let k = 1 + Math.floor(rnd() * 4); k > 0; k--) mutated = mutate(mutated, rnd);
      out.push({ id: `mutation ${i} of ${rel}`, input: mutated, run: () => frontEnd(file, mutated, hostOf(files, { file, text: mutated })) });
    }
  }
  const rnd = random(2024);
  const scratch = path.join(ROOT, 'test', 'programs', 'corpus.bir');
  for (let i = 0; i < SOUPS; i++) {
    const s = soup(rnd, 1 + Math.floor(rnd() * 120));
    const inMain = `module m\nfunc main() {\n${s}\n}\n`;
    out.push({ id: `soup ${i}`, input: s, run: () => frontEnd(scratch, s, hostOf(files, { file: scratch, text: s })) });
    out.push({ id: `soup ${i} in main`, input: inMain, run: () => frontEnd(scratch, inMain, hostOf(files, { file: scratch, text: inMain })) });
    const e = s.replace(/\n/g, ' ');
    out.push({ id: `expression ${i}`, input: e, run: () => expression(e) });
  }
  for (const seed of [1, 2, 3]) {
    const g = generated(seed);
    out.push({ id: `generated ${seed}`, input: g, run: () => frontEnd(scratch, g, hostOf(files, { file: scratch, text: g })) });
  }
  const big = benchLike(600);
  out.push({ id: 'bench-like', input: big, run: () => frontEnd(scratch, big, hostOf(files, { file: scratch, text: big })) });
  return out;
}

// ---------------------------------------------------------------------------

describe('front end corpus', function () {
  this.timeout(600_000);

  if (RECORD) {
    it('records the corpus', () => {
      const files = recordedFiles();
      const expected = Object.fromEntries(cases(files).map((c) => [c.id, hash(c.run())]));
      fs.mkdirSync(path.dirname(FIXTURE), { recursive: true });
      fs.writeFileSync(FIXTURE, `${JSON.stringify({ files, expected } satisfies Corpus, null, 1)}\n`);
    });
    return;
  }

  it('makes of every case what it made when the corpus was recorded', () => {
    const corpus = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Corpus;
    const all = cases(corpus.files);
    assert.deepStrictEqual(all.map((c) => c.id).sort(), Object.keys(corpus.expected).sort(), 'the cases are the recorded ones');
    const differing = all.filter((c) => hash(c.run()) !== corpus.expected[c.id]);
    assert.deepStrictEqual(differing.slice(0, 5).map((c) => `${c.id}:\n${c.input.slice(0, 2000)}`), [], `${differing.length} of ${all.length} cases differ`);
  });
});
