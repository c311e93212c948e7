/**
 * Refusals before reading: what is refused from a file's type, size or header is refused having read no more than the
 * header (the file system's reads are counted), and a dump's bombs, nesting and counts are refused in the product's
 * words (not V8's), by the CLI as by the engine: never as an internal error.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';
import { createRequire } from 'module';
import { DumpError, readDump } from '../../engine/io/dump';
import { readNpyFile, writeNpyFile } from '../../engine/io/npy';
import { openDump } from '../../engine/host/restore-dump';
import { LoadError, Machine } from '../../engine/machine/machine';
import { npyMachineOptions } from '../../engine/run/simulate';
import { DebugCore } from '../../engine/debug/debug-core';
import { main as cli } from '../../engine/cli/bir-sim';
import { programOf } from '../helpers/virtual-host';
import { HAS_FIFOS, hostileDir, hostileDumps, sparseFile, specialFiles } from '../helpers/hostile-files';

const TENSOR = `module h
dram x : f32[4, 8] input = iota

func main() {
  sbuf a : f32[4, 8]
  DmaCopy a <- x
  Print "here"
}
`;

const FAULTS = `module crash
dram x : f32[8, 8] input = iota

func main() {
  sbuf a : f32[4, 8]
  for r0 in 0..3 {
    DmaCopy a <- x[r0*4 : r0*4+4, 0:8]
  }
}
`;

/**
 * Counts the bytes every read of the file system gives while `run` runs: on the module itself, which every importer
 * of 'fs' reads through.
 */
function bytesRead(run: () => void): number {
  const mutable = createRequire(__filename)('fs') as { readSync: typeof fs.readSync; readFileSync: typeof fs.readFileSync };
  const { readSync, readFileSync } = mutable;
  let total = 0;
  mutable.readSync = ((fd: number, buffer: NodeJS.ArrayBufferView, ...rest: unknown[]) => {
    const n = (readSync as (...a: unknown[]) => number)(fd, buffer, ...rest);
    total += n;
    return n;
  }) as typeof fs.readSync;
  mutable.readFileSync = ((...args: Parameters<typeof fs.readFileSync>) => {
    const out = readFileSync(...args);
    total += typeof out === 'string' ? Buffer.byteLength(out) : out.length;
    return out;
  }) as typeof fs.readFileSync;
  try {
    run();
  } finally {
    mutable.readSync = readSync;
    mutable.readFileSync = readFileSync;
  }
  return total;
}

/** A .npy header of an f32 array of `shape`, padded to 128 bytes, as NumPy writes them. */
function npyHeader(shape: string): Buffer {
  const text = `{'descr': '<f4', 'fortran_order': False, 'shape': ${shape}, }`.padEnd(117, ' ') + '\n';
  return Buffer.concat([Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, text.length, 0]), Buffer.from(text, 'latin1')]);
}

describe('refusals before reading', function () {
  this.timeout(30000);
  let dir: string;
  let dump: string;

  before(() => {
    dir = hostileDir();
    fs.writeFileSync(path.join(dir, 'crash.bir'), FAULTS);
    dump = path.join(dir, 'crash.birdump');
    assert.strictEqual(cli(['run', path.join(dir, 'crash.bir'), '--quiet', '--dump', dump], { out: () => undefined, err: () => undefined }), 1);
  });

  it('an input .npy of 1 GiB of another shape than its tensor is refused from its header', () => {
    const file = sparseFile(dir, 'wide.npy', 128 + 2 ** 30, npyHeader('(268435456,)'));
    let error: unknown;
    const read = bytesRead(() => {
      try {
        new Machine(programOf(TENSOR), npyMachineOptions({ inputs: { x: file } }));
      } catch (e) {
        error = e;
      }
    });
    assert.ok(error instanceof LoadError);
    assert.match(error.message, /input 'x' \(f32\[4, 8\]\): the file holds an array of shape \(268435456\) but the tensor is \[4, 8\]/);
    assert.ok(read <= 128 * 1024, `${read} bytes were read`);
    // The count sees reads: a file that fits is read whole.
    const fits = path.join(dir, 'fits.npy');
    writeNpyFile(fits, { dtype: 'f32', shape: [4, 8], data: new Float32Array(32) });
    assert.strictEqual(bytesRead(() => readNpyFile(fits)), fs.statSync(fits).size);
  });

  it('a tensor view reference of 1 GiB of another shape is refused from its header', () => {
    const file = sparseFile(dir, 'reference.npy', 128 + 2 ** 30, npyHeader('(268435456,)'));
    const program = programOf(TENSOR);
    const core = new DebugCore(program, npyMachineOptions({}), { baseDir: dir }, new Int32Array(2));
    core.setBreakpoints(program.entry.file, [{ line: 7 }]);
    let o = core.run();
    while (o.kind === 'yield') o = core.run();
    let error: unknown;
    const read = bytesRead(() => {
      try {
        core.tensorData({ expression: 'a', compare: { file } });
      } catch (e) {
        error = e;
      }
    });
    assert.match((error as Error).message, /'.*reference\.npy' has shape \[268435456\]; comparing with 'a' needs \[4, 8\]/);
    assert.ok(read <= 128 * 1024, `${read} bytes were read`);
  });

  it('a .npy or a dump larger than its reader takes is refused from its size, unread', () => {
    const npy = sparseFile(dir, 'huge.npy', 128 + 8 * 2 ** 30, npyHeader('(2147483648,)'));
    const big = sparseFile(dir, 'huge.birdump', 8e9, Buffer.from('BIR-DUMP\n'));
    assert.strictEqual(bytesRead(() => assert.throws(() => readNpyFile(npy), /huge\.npy: cannot read the file: it holds 8,589,934,720 bytes \(8\.6 GB\), more than a \.npy file may hold: 4,295,032,843 bytes/)), 0);
    assert.strictEqual(bytesRead(() => assert.throws(() => readDump(big), /cannot read the dump .*huge\.birdump: it holds 8,000,000,000 bytes \(8\.0 GB\), more than a post-mortem dump may hold/)), 0);
  });

  (HAS_FIFOS ? it : it.skip)('a FIFO, a device and links to them are refused unread, and a FIFO is not waited on', () => {
    for (const f of [...specialFiles(dir, '.npy'), ...specialFiles(dir, '.birdump')]) {
      const read = f.path.endsWith('.birdump') ? () => assert.throws(() => readDump(f.path), f.refusal) : () => assert.throws(() => readNpyFile(f.path), f.refusal);
      assert.strictEqual(bytesRead(read), 0, f.name);
    }
  });

  it('a dump\'s bombs, nesting and counts are refused in the product\'s words', () => {
    for (const f of hostileDumps(dir, fs.readFileSync(dump))) {
      assert.throws(() => openDump(f.path), (e: unknown) => e instanceof DumpError && f.refusal.test(e.message) && e.message.includes(f.path), f.name);
    }
  });

  it('bir-sim inspect refuses a dump of 10^9 cores (or a damaged one) with exit status 2, not as an internal error', () => {
    for (const f of hostileDumps(dir, fs.readFileSync(dump))) {
      const err: string[] = [];
      assert.strictEqual(cli(['inspect', f.path], { out: () => undefined, err: (t) => err.push(t) }), 2, f.name);
      assert.match(err.join('\n'), f.refusal);
      assert.doesNotMatch(err.join('\n'), /internal error/);
    }
  });

  it('a dump whose frames or shapes do not fit format 1 is refused naming the field', () => {
    const bytes = fs.readFileSync(dump);
    const json = JSON.parse(zlibText(bytes)) as { stacks: { frames: { registers: unknown[]; cursors: unknown[] }[] }[]; tensors: { shape: unknown }[] };
    const damaged = (name: string, change: (d: typeof json) => void): string => {
      const copy = JSON.parse(JSON.stringify(json)) as typeof json;
      change(copy);
      return writeDump(path.join(dir, name), copy);
    };
    const cases: [string, RegExp][] = [
      [damaged('registers.birdump', (d) => (d.stacks[0].frames[0].registers = new Array(17).fill(0))), /stacks\[0\]\.frames\[0\]\.registers has 17 entries, more than 16/],
      [damaged('cursor.birdump', (d) => (d.stacks[0].frames[0].cursors = ['loop'])), /stacks\[0\]\.frames\[0\]\.cursors\[0\] must be an object, found the string "loop"/],
      [damaged('shape.birdump', (d) => (d.tensors[0].shape = [8, -1])), /tensors\[0\]\.shape\[1\] must be an integer from 0 to/],
      [damaged('stacks.birdump', (d) => (d.stacks = [...d.stacks, ...d.stacks])), /stacks has 2 entries, more than 1/],
    ];
    for (const [file, message] of cases) assert.throws(() => readDump(file), (e: unknown) => e instanceof DumpError && message.test(e.message) && e.message.includes(file), file);
  });
});

function zlibText(bytes: Buffer): string {
  return zlib.gunzipSync(bytes.subarray('BIR-DUMP\n'.length)).toString('utf8');
}

function writeDump(file: string, json: unknown): string {
  fs.writeFileSync(file, Buffer.concat([Buffer.from('BIR-DUMP\n'), zlib.gzipSync(JSON.stringify(json))]));
  return file;
}
