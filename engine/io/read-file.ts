/**
 * Reading a file the user named (a dump, a .npy input or reference, a program's source) so that no file can hang the
 * engine or take its memory: only a regular file is read, and never more than a limit.
 *
 * - A FIFO, a device (`/dev/zero`, `/dev/urandom`), a socket or a folder is refused before a byte is read, also when a
 *   symbolic link leads to it. A FIFO is opened with O_NONBLOCK, so that opening it returns at once instead of
 *   waiting for a writer; its type is then seen and it is closed unread.
 * - The type and the size are those of the open descriptor (fstat): what is checked is what is read.
 * - The size is compared with the limit before anything is allocated, and no more than the size found is read (a
 *   file that grows meanwhile is read as it was).
 */
import * as fs from 'fs';

/** A file that is not read: what is wrong with it, and which file. The message is `<file>: <reason>`. */
export class FileRefused extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'FileRefused';
  }
}

/** What a file may be: how many bytes at most, and what it is read as (`a post-mortem dump`), for messages. */
export interface ReadLimit {
  readonly bytes: number;
  readonly what: string;
}

/** A regular file open for reading, with its size. */
export interface RegularFile {
  readonly fd: number;
  readonly size: number;
}

/** O_NONBLOCK where the platform has it (not on Windows, which has no FIFOs to open). */
const OPEN_FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/** Opens a file and runs `use` on it when it is a regular file of at most `limit.bytes`; closes it after. */
export function withRegularFile<T>(file: string, limit: ReadLimit, use: (f: RegularFile) => T): T {
  let fd: number;
  try {
    fd = fs.openSync(file, OPEN_FLAGS);
  } catch (e) {
    throw new FileRefused(file, describeError(e));
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new FileRefused(file, `${notRegular(file, stat)}, not a regular file; ${limit.what} is read only from a regular file`);
    if (stat.size > limit.bytes) throw new FileRefused(file, `it holds ${formatBytes(stat.size)}, more than ${limit.what} may hold: ${formatBytes(limit.bytes)}`);
    return use({ fd, size: stat.size });
  } finally {
    fs.closeSync(fd);
  }
}

/** The whole of a regular file of at most `limit.bytes`. */
export function readRegularFile(file: string, limit: ReadLimit): Buffer {
  return withRegularFile(file, limit, ({ fd, size }) => {
    const bytes = Buffer.allocUnsafe(size);
    const read = readAt(fd, bytes, 0, file);
    return read === size ? bytes : bytes.subarray(0, read);
  });
}

/** The text of a regular file of at most `limit.bytes` (UTF-8). */
export function readTextFile(file: string, limit: ReadLimit): string {
  return readRegularFile(file, limit).toString('utf8');
}

/** Largest read asked of the system at once: a single read of more than 2 GiB fails on some platforms. */
const READ_CHUNK = 1 << 30;

/** Fills `target` from byte `position` of the file, or up to the file's end; returns how many bytes were read. */
export function readAt(fd: number, target: Uint8Array, position: number, file: string): number {
  let done = 0;
  try {
    while (done < target.byteLength) {
      const n = fs.readSync(fd, target, done, Math.min(READ_CHUNK, target.byteLength - done), position + done);
      if (n === 0) break;
      done += n;
    }
  } catch (e) {
    throw new FileRefused(file, describeError(e));
  }
  return done;
}

/**
 * Why a path that exists is not a regular file (`it is a FIFO (named pipe)`, naming where a symbolic link leads), or
 * undefined for a regular file or nothing there. Looks without opening: a FIFO is never waited on.
 */
export function notRegularFile(file: string): string | undefined {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return undefined;
  }
  return stat.isFile() ? undefined : notRegular(file, stat);
}

/** `it is a FIFO (named pipe)`, naming where a symbolic link leads. */
function notRegular(file: string, stat: fs.Stats): string {
  const kind = stat.isFIFO() ? 'a FIFO (named pipe)'
    : stat.isCharacterDevice() ? 'a character device'
      : stat.isBlockDevice() ? 'a block device'
        : stat.isSocket() ? 'a socket'
          : stat.isDirectory() ? 'a folder'
            : 'a special file';
  let target: string | undefined;
  try {
    if (fs.lstatSync(file).isSymbolicLink()) target = fs.realpathSync(file);
  } catch {
    // The link changed meanwhile: the kind is still what was opened.
  }
  return `${target ? `it is a symbolic link to ${target}, which is` : 'it is'} ${kind}`;
}

function describeError(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file (ENOENT)';
    case 'EISDIR':
      return 'it is a folder (EISDIR)';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${code})`;
    default:
      return err instanceof Error ? err.message : String(err);
  }
}

/** `1,500,000,000 bytes (1.5 GB)`: the exact size for checking, the rounded one for reading. */
export function formatBytes(n: number): string {
  const exact = `${n.toLocaleString('en-US')} byte${n === 1 ? '' : 's'}`;
  if (n < 1e4) return exact;
  const [value, unit] = n >= 1e9 ? [n / 1e9, 'GB'] : n >= 1e6 ? [n / 1e6, 'MB'] : [n / 1e3, 'kB'];
  return `${exact} (${value.toFixed(value < 10 ? 1 : 0)} ${unit})`;
}
