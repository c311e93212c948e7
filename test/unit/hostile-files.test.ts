/**
 * Every reader of a file the user names, on every file no reader may trust: devices that never end, FIFOs no one
 * writes, links to both, a folder, files of gigabytes (sparse), gzip bombs, a dump nested a million deep, a dump of
 * 10^9 cores, a .npy header that claims 2^40 elements. The readers run in a child process with a bounded heap and a
 * time limit (a reader that waits on a FIFO never answers; one that reads /dev/zero or inflates a bomb whole takes
 * gigabytes): each must refuse its file, naming it and saying why in the product's words, and the child's peak
 * memory stays bounded.
 */
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { main as cli } from '../../engine/cli/bir-sim';
import { HAS_FIFOS, HostileFile, hostileDir, hostileDumps, hostileNpys, specialFiles } from '../helpers/hostile-files';
import type { HostileCase, HostileOutcome, Reader } from '../helpers/read-hostile-files';

const CHILD = path.resolve(__dirname, '..', 'helpers', 'read-hostile-files.ts');
/** The child's heap: far below what reading any of the files whole would take. */
const HEAP_MB = 256;
/** The child's peak memory (V8, tsx and the engine take about 150 MB before any file is read). */
const PEAK_MB = 300;
/** The longest any one refusal may take, and the whole child (its start included). */
const CASE_MS = 10_000;
const CHILD_MS = 120_000;

/** Faults at r0 = 2 (the bound is only known at run time): the dump the hostile dumps start from. */
const FAULTS = `module crash
dram x : f32[8, 8] input = iota

func main() {
  sbuf a : f32[4, 8]
  for r0 in 0..3 {
    DmaCopy a <- x[r0*4 : r0*4+4, 0:8]
  }
}
`;

interface Planned extends HostileCase {
  readonly what: string;
  readonly refusal: RegExp;
}

/** Runs the readers in a child with a bounded heap and time; its outcomes, in order. */
function readInChild(cases: readonly Planned[], dir: string): HostileOutcome[] {
  const list = path.join(dir, 'cases.json');
  fs.writeFileSync(list, JSON.stringify(cases.map(({ reader, file }) => ({ reader, file }))));
  const child = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '-r', 'tsx/cjs', CHILD, list], { encoding: 'utf8', timeout: CHILD_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 });
  const outcomes = child.stdout.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as HostileOutcome);
  const stuck = cases[outcomes.length];
  assert.strictEqual(child.status, 0, `the child ended with status ${child.status} (signal ${child.signal})${stuck ? ` while ${stuck.reader} read ${stuck.what}` : ''}: ${child.stderr.slice(-2000)}`);
  return outcomes;
}

function plan(reader: Reader, files: readonly HostileFile[]): Planned[] {
  return files.map((f) => ({ reader, file: f.path, what: f.name, refusal: f.refusal }));
}

(HAS_FIFOS ? describe : describe.skip)('hostile files: every reader refuses them, in bounded time and memory', function () {
  this.timeout(CHILD_MS + 30_000);
  let dir: string;
  let outcomes: HostileOutcome[];
  let cases: Planned[];

  before(() => {
    dir = hostileDir();
    const program = path.join(dir, 'crash.bir');
    fs.writeFileSync(program, FAULTS);
    const dumpFile = path.join(dir, 'crash.birdump');
    assert.strictEqual(cli(['run', program, '--quiet', '--dump', dumpFile], { out: () => undefined, err: () => undefined }), 1);
    const dumps = [...specialFiles(dir, '.birdump'), ...hostileDumps(dir, fs.readFileSync(dumpFile))];
    const npys = [...specialFiles(dir, '.npy'), ...hostileNpys(dir)];
    // :dump replaces what it may: its targets are in a folder of their own.
    const targets = path.join(dir, 'targets');
    fs.mkdirSync(targets);
    const dumpTargets = specialFiles(targets, '.npy').filter((f) => f.path.startsWith(targets));
    const programs = specialFiles(dir, '.npy').map((f) => ({ ...f, refusal: /cannot read/ }));
    cases = [
      ...(['dump', 'dump-check', 'inspect'] as const).flatMap((r) => plan(r, dumps)),
      ...(['npy', 'input', 'run --input'] as const).flatMap((r) => plan(r, npys)),
      // References are .npy files by name.
      ...plan('reference', npys.filter((f) => f.path.endsWith('.npy'))),
      ...plan(':dump', dumpTargets),
      ...plan('program', programs),
    ];
    outcomes = readInChild(cases, dir);
  });

  it('each is refused with the file and the reason', () => {
    assert.strictEqual(outcomes.length, cases.length);
    const wrong = outcomes.filter((o, i) => !cases[i].refusal.test(o.said) || !o.said.includes(o.file) || /internal error|0x1fffffe8|RangeError|Maximum call stack/.test(o.said));
    assert.deepStrictEqual(wrong.map((o) => `${o.reader} on ${o.file}: ${o.said}`), []);
  });

  it(`each within ${CASE_MS / 1000} s, and the child within ${PEAK_MB} MB (heap ${HEAP_MB} MB)`, () => {
    const slow = outcomes.filter((o) => o.ms > CASE_MS);
    assert.deepStrictEqual(slow.map((o) => `${o.reader} on ${o.file}: ${o.ms} ms`), []);
    const peak = Math.max(...outcomes.map((o) => o.peakMB));
    assert.ok(peak <= PEAK_MB, `the child reached ${peak} MB: ${outcomes.map((o) => `${o.reader} ${path.basename(o.file)} ${o.peakMB} MB`).join(', ')}`);
    if (process.env.BIR_HOSTILE_FIGURES) {
      for (const o of outcomes) process.stderr.write(`${o.reader.padEnd(12)} ${o.file.padEnd(48)} ${String(o.ms).padStart(5)} ms  peak ${o.peakMB} MB\n`);
    }
  });

  it(':dump leaves a FIFO, a link and a folder where it refused to write', () => {
    const targets = path.join(dir, 'targets');
    assert.ok(fs.statSync(path.join(targets, 'fifo.npy')).isFIFO());
    assert.ok(fs.lstatSync(path.join(targets, 'zero.npy')).isSymbolicLink());
    assert.ok(fs.statSync(path.join(targets, 'folder.npy')).isDirectory());
  });
});
