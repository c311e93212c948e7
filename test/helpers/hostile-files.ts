/**
 * Files a user can name that no reader may trust, made in a temporary folder (removed at exit): devices that never
 * end (and /dev/full, which no write fits in), FIFOs no one writes, symbolic links to both, a file of gigabytes that
 * takes no disk, gzip bombs (one that declares what it inflates to, one whose trailer lies about it), a dump nested a
 * million deep and one of 10^9 cores, a folder named like a file. Each has what a reader must say of it.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as zlib from 'zlib';

export interface HostileFile {
  /** What it is, for a test's title. */
  readonly name: string;
  readonly path: string;
  /** What the refusal says (besides the file's name). */
  readonly refusal: RegExp;
}

/** FIFOs need mkfifo, which Windows has not; the devices are POSIX's too. */
export const HAS_FIFOS = process.platform !== 'win32';

/** An endless device, a FIFO and links to them, under names a reader of `ext` files expects. */
export function specialFiles(dir: string, ext: '.npy' | '.birdump'): HostileFile[] {
  const fifo = path.join(dir, `fifo${ext}`);
  if (!fs.existsSync(fifo)) execFileSync('mkfifo', [fifo]);
  const link = (name: string, target: string): string => {
    const file = path.join(dir, name);
    if (!fs.existsSync(file) && !isLink(file)) fs.symlinkSync(target, file);
    return file;
  };
  const folder = path.join(dir, `folder${ext}`);
  fs.mkdirSync(folder, { recursive: true });
  return [
    { name: '/dev/zero', path: '/dev/zero', refusal: /it is a character device, not a regular file/ },
    { name: '/dev/urandom', path: '/dev/urandom', refusal: /it is a character device, not a regular file/ },
    { name: `a FIFO (fifo${ext})`, path: fifo, refusal: /it is a FIFO \(named pipe\), not a regular file/ },
    { name: `a link to /dev/zero (zero${ext})`, path: link(`zero${ext}`, '/dev/zero'), refusal: /a symbolic link to \/dev\/zero, which is a character device/ },
    { name: `a link to /dev/urandom (urandom${ext})`, path: link(`urandom${ext}`, '/dev/urandom'), refusal: /a symbolic link to \/dev\/urandom, which is a character device/ },
    // Reads of /dev/full give zeros without end; writes to it fail with ENOSPC.
    ...(fs.existsSync('/dev/full') ? [{ name: `a link to /dev/full (full${ext})`, path: link(`full${ext}`, '/dev/full'), refusal: /a symbolic link to \/dev\/full, which is a character device/ }] : []),
    { name: `a link to a FIFO (fifo-link${ext})`, path: link(`fifo-link${ext}`, fifo), refusal: /a symbolic link to .*fifo.*, which is a FIFO/ },
    { name: `a folder (folder${ext})`, path: folder, refusal: /folder|EISDIR/ },
  ];
}

function isLink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

/** A file of `bytes` that takes no disk (sparse): what a reader must refuse from its size, unread. */
export function sparseFile(dir: string, name: string, bytes: number, start: Uint8Array = new Uint8Array(0)): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, start);
  fs.truncateSync(file, bytes);
  return file;
}

const MIB = 1024 * 1024;

/**
 * A gzip stream of `chunks` × 16 MiB of zeros, without holding them: the deflate of one chunk, flushed to a byte
 * boundary, repeated (a flushed block refers to nothing before it), then the end; the trailer's CRC and size are true.
 */
function zerosGzip(chunks: number): Buffer {
  const chunk = Buffer.alloc(16 * MIB);
  const block = zlib.deflateRawSync(chunk, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const end = zlib.deflateRawSync(Buffer.alloc(0));
  let crc = 0;
  for (let i = 0; i < chunks; i++) crc = zlib.crc32(chunk, crc);
  const header = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((chunks * 16 * MIB) % 2 ** 32, 4);
  return Buffer.concat([header, ...new Array<Buffer>(chunks).fill(block), end, trailer]);
}

/** Dumps that inflate past any dump, or nest or count beyond one; `valid` is a real dump's bytes to start from. */
export function hostileDumps(dir: string, valid: Buffer): HostileFile[] {
  const magic = Buffer.from('BIR-DUMP\n');
  const write = (name: string, bytes: Buffer): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return file;
  };
  const json = JSON.parse(zlib.gunzipSync(valid.subarray(magic.length)).toString('utf8')) as Record<string, unknown>;
  const dump = (value: unknown): Buffer => Buffer.concat([magic, zlib.gzipSync(typeof value === 'string' ? value : JSON.stringify(value))]);
  const deep = JSON.stringify({ ...json, program: { ...(json.program as object), passes: '@' } }).replace('"@"', `${'['.repeat(1e6)}${']'.repeat(1e6)}`);
  // 64 members of 16 MiB each: a gunzip inflates them all (1 GiB), and the last one's trailer says 16 MiB.
  const member = zerosGzip(1);
  return [
    { name: 'a gzip bomb of 1 GiB (declared)', path: write('bomb.birdump', Buffer.concat([magic, zerosGzip(64)])), refusal: /declares 1,073,741,824 bytes \(1\.1 GB\) of JSON once inflated, more than a dump of format 1 can hold: 536,870,888 bytes/ },
    { name: 'a gzip bomb of 1 GiB whose trailer says 16 MiB', path: write('lying-bomb.birdump', Buffer.concat([magic, ...new Array<Buffer>(64).fill(member)])), refusal: /inflates to more than the 16,777,216 bytes \(17 MB\) it declares; inflating stopped there/ },
    { name: 'a dump nested a million deep', path: write('deep.birdump', dump(deep)), refusal: /its JSON nests more than 64 deep, and a dump nests at most 32 deep/ },
    { name: 'a dump of 10^9 cores', path: write('cores.birdump', dump({ ...json, cores: 1e9 })), refusal: /is damaged: cores must be an integer from 1 to 8, found number 1000000000/ },
    { name: 'a dump of 8 GB (sparse)', path: sparseFile(dir, 'huge.birdump', 8e9, magic), refusal: /it holds 8,000,000,000 bytes \(8\.0 GB\), more than a post-mortem dump may hold: 537,396,209 bytes/ },
  ];
}

/** .npy files that claim or hold more than any reader takes. */
export function hostileNpys(dir: string): HostileFile[] {
  const header = (shape: string): Buffer => {
    const text = `{'descr': '<f4', 'fortran_order': False, 'shape': ${shape}, }`.padEnd(117, ' ') + '\n';
    return Buffer.concat([Buffer.from([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0, text.length, 0]), Buffer.from(text, 'latin1')]);
  };
  return [
    // A header that holds what it says: 2^31 f32 elements, 8 GiB, on no disk.
    { name: 'a .npy of 8 GiB (sparse)', path: sparseFile(dir, 'huge.npy', 128 + 8 * 2 ** 30, header('(2147483648,)')), refusal: /it holds 8,589,934,720 bytes \(8\.6 GB\), more than a \.npy file may hold: 4,295,032,843 bytes/ },
    { name: 'a .npy header of 2^40 elements on 128 bytes', path: write(dir, 'claims.npy', header('(1099511627776,)')), refusal: /the header says 1099511627776 elements of 4 bytes .* but the file holds 0 bytes of data/ },
  ];
}

function write(dir: string, name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

const dirs: string[] = [];
process.on('exit', () => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** A temporary folder for hostile files, removed when the process exits. */
export function hostileDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bir-hostile-'));
  dirs.push(dir);
  return dir;
}

/** The most memory a process reached (its peak resident set), in MB, from /proc; undefined where there is none. */
export function peakRssMB(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}
