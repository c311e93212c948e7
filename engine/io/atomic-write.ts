// Atomic file replacement: write a temporary file next to the target, fsync it,
// then rename it over the target, so readers see either the old or the new file.

import * as crypto from 'crypto';
import * as fs from 'fs';
import * as path from 'path';

/**
 * Writes `data` to `target` atomically. The temporary file lives in the same
 * directory as the target (`.<base>.<pid>.<random>.tmp`) so that the final
 * rename stays on one file system. No directories are created. On any failure
 * the temporary file is removed and an Error naming the target is thrown.
 */
export function writeFileAtomic(target: string, data: Uint8Array | string): void {
  const dir = path.dirname(target);
  const base = path.basename(target);
  const tmp = path.join(dir, `.${base}.${process.pid}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;

  let fd: number | undefined;
  let created = false;
  try {
    fd = fs.openSync(tmp, 'wx');
    created = true;
    let offset = 0;
    while (offset < bytes.byteLength) {
      offset += fs.writeSync(fd, bytes, offset, bytes.byteLength - offset);
    }
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = undefined;
    fs.renameSync(tmp, target);
    created = false;
  } catch (err) {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // already failing; the original error is the one to report
      }
    }
    if (created) {
      try {
        fs.unlinkSync(tmp);
      } catch {
        // best effort
      }
    }
    throw new Error(`cannot write ${target}: ${describeError(err, dir)}`, { cause: err });
  }
  syncDirectory(dir);
}

/** Best-effort fsync of the directory so the rename itself is durable (not possible on every platform). */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // not supported here (e.g. Windows); the data itself is already synced
  } finally {
    if (fd !== undefined) {
      try {
        fs.closeSync(fd);
      } catch {
        // ignore
      }
    }
  }
}

function describeError(err: unknown, dir: string): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const friendly = friendlyReason(code, dir);
  if (friendly !== undefined) return `${friendly} (${code})`;
  return err instanceof Error ? err.message : String(err);
}

function friendlyReason(code: string | undefined, dir: string): string | undefined {
  switch (code) {
    case 'ENOENT':
      return `the directory ${dir} does not exist`;
    case 'ENOTDIR':
      return 'a component of the path is not a directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'the target is a directory';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return undefined;
  }
}
