/**
 * The passes against a recorded corpus: every program of examples/ and test/programs/good/, seeded mutations of them
 * that still check, and generated programs, through each pass alone, the whole pipeline (twice over) and every pass
 * under rewrite budgets; every snapshot's program dumped field by field (test/helpers/front-end-dump.ts: every node,
 * its index, id, operands, regions) and printed as text (engine/passes/program-text.ts), with what each pass said it
 * changed, compared with what the passes made when the corpus was recorded. The corpus was recorded with passes that
 * copied every node as an object and appended it again; it pins that copying only what a pass rewrites (the rows of
 * the nodes it leaves as they were) makes the same programs, node for node and line for line.
 *
 * The corpus keeps its own copy of the programs (test/fixtures/pass-corpus.json). When a pass's output changes on
 * purpose, record it again and review the diff:
 *   PASS_CORPUS=record npx mocha --no-config -r tsx/cjs --extension ts test/unit/pass-corpus.test.ts
 */
import * as assert from 'assert';
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as path from 'path';
import { checkProgram, SourceHost } from '../../engine/lang/check/checker';
import { Program } from '../../engine/ir/program';
import { runPipeline, PASS_NAMES } from '../../engine/passes/pipeline';
import { passNamed, PassName } from '../../engine/passes/registry';
import { printProgramText } from '../../engine/passes/program-text';
import { dumpProgram } from '../helpers/front-end-dump';
import { generated, random } from '../helpers/generated-programs';

const ROOT = path.resolve(__dirname, '..', '..');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'pass-corpus.json');
const RECORD = process.env.PASS_CORPUS === 'record';
const MUTATIONS_PER_FILE = 6;
const GENERATED = 12;
const BUDGETS = [0, 1, 2, 5];

interface Corpus {
  readonly files: Record<string, string>;
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
  return Object.fromEntries([...birFiles('examples'), ...birFiles('test/programs/good')].map((rel) => [rel, fs.readFileSync(path.join(ROOT, rel), 'utf8')]));
}

function hash(text: string): string {
  return createHash('sha256').update(text.split(ROOT).join('<root>')).digest('hex').slice(0, 24);
}

function hostOf(files: Record<string, string>, replaced?: { file: string; text: string }): SourceHost {
  const text = (f: string): string | undefined => (replaced && f === replaced.file ? replaced.text : files[path.relative(ROOT, f).split(path.sep).join('/')]);
  return { readText: text, exists: (f) => text(f) !== undefined || (!f.endsWith('.bir') && fs.existsSync(f)) };
}

/** A line of the program repeated, dropped or swapped with the next: most such programs still check. */
function mutate(text: string, rnd: () => number): string {
  const lines = text.split('\n');
  const i = Math.floor(rnd() * lines.length);
  const kind = Math.floor(rnd() * 3);
  if (kind === 0) lines.splice(i, 0, lines[i]);
  else if (kind === 1) lines.splice(i, 1);
  else if (i + 1 < lines.length) [lines[i], lines[i + 1]] = [lines[i + 1], lines[i]];
  return lines.join('\n');
}

/** Everything a snapshot's program is, and what its pass said. */
function described(written: Program, after: Program, said: unknown): string {
  return [dumpProgram(after), printProgramText(written, after).text, JSON.stringify(said)].join('\n');
}

/** What the passes make of a program: the pipeline of every pass twice, each pass alone, each pass under budgets. */
function passesOf(program: Program): string {
  const out: string[] = [];
  const pipeline = [...PASS_NAMES, ...PASS_NAMES];
  for (const s of runPipeline(program, pipeline)) out.push(`# ${s.index} ${s.pass}`, described(program, s.program, { changes: s.changes, reasons: [...s.reasons], unchanged: s.unchanged }));
  for (const name of PASS_NAMES as readonly PassName[]) {
    const pass = passNamed(name);
    if (!pass.applies(program)) continue;
    for (const budget of [undefined, ...BUDGETS]) {
      const outcome = pass.run(program, { budget, record: true });
      out.push(`# ${name} budget ${budget ?? 'none'}`, described(program, outcome.program, { changes: outcome.changes, reasons: [...outcome.reasons], rewrites: outcome.rewrites }));
    }
  }
  return out.join('\n');
}

interface Case {
  readonly id: string;
  readonly run: () => string;
}

function cases(files: Record<string, string>): Case[] {
  const out: Case[] = [];
  const checked = (file: string, host: SourceHost): Program | undefined => {
    const result = checkProgram(path.join(ROOT, file), { host });
    return result.diagnostics.some((d) => d.severity === 'error') ? undefined : result.program;
  };
  const add = (id: string, program: () => Program | undefined): void => {
    out.push({ id, run: () => {
      const p = program();
      return p ? passesOf(p) : 'does not check';
    } });
  };
  Object.keys(files).forEach((file, k) => {
    add(file, () => checked(file, hostOf(files)));
    const rnd = random(7919 * (k + 1));
    for (let m = 0; m < MUTATIONS_PER_FILE; m++) {
      const text = mutate(files[file], rnd);
      add(`${file} mutation ${m}`, () => checked(file, hostOf(files, { file: path.join(ROOT, file), text })));
    }
  });
  for (let seed = 1; seed <= GENERATED; seed++) {
    const file = `generated/${seed}.bir`;
    const text = generated(seed);
    add(file, () => checked(file, { readText: (f) => (f === path.join(ROOT, file) ? text : undefined), exists: (f) => f === path.join(ROOT, file) }));
  }
  return out;
}

describe('the passes against a recorded corpus', function () {
  this.timeout(600_000);
  if (RECORD) {
    it('records the corpus', () => {
      const files = recordedFiles();
      const expected = Object.fromEntries(cases(files).map((c) => [c.id, hash(c.run())]));
      fs.writeFileSync(FIXTURE, `${JSON.stringify({ files, expected }, null, 1)}\n`);
    });
    return;
  }

  it('makes of every program, its mutations and generated programs what it made when the corpus was recorded', () => {
    const corpus = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Corpus;
    const all = cases(corpus.files);
    assert.deepStrictEqual(all.map((c) => c.id).sort(), Object.keys(corpus.expected).sort(), 'the cases are the recorded ones');
    const differ = all.filter((c) => hash(c.run()) !== corpus.expected[c.id]).map((c) => c.id);
    assert.deepStrictEqual(differ, [], 'every case makes what it made when recorded');
  });

  it('is not empty: most cases check', () => {
    const corpus = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Corpus;
    const hashes = Object.values(corpus.expected);
    const checked = hashes.filter((h) => h !== hash('does not check'));
    assert.ok(checked.length > hashes.length / 2, `${checked.length} of ${hashes.length} cases check`);
  });
});
