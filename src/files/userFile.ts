/**
 * Reading a file the user named, safely: only a regular file (never a FIFO that would
 * block, `/dev/zero` that never ends, a folder or a socket), at most a stated size, checked
 * before reading, and every failure one `InputError` line naming the file and what is wrong
 * in words (a symbolic link loop says so, rather than "no such file").
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from 'node:fs';
import { InputError } from '../core/model/inputError.js';

/** The largest scenario file read: far above any real scenario (the bundled ones are < 10 KiB). */
export const MAX_SCENARIO_BYTES = 4 * 1024 * 1024;

/** What a size limit says in messages: `4 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${+(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

/**
 * The bytes of a regular file of at most `maxBytes`. Opens without blocking (a FIFO with
 * no writer would hang a plain open), then checks the opened file itself, so a file
 * swapped after a check cannot slip through.
 */
export function readUserFile(file: string, maxBytes = MAX_SCENARIO_BYTES, what = 'scenario file'): Buffer {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new InputError(file, '', whyUnreadable(file, error, what));
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new InputError(file, '', `${kindOf(stats)}, not a ${what}`);
    const limit = `${what}s may be at most ${formatBytes(maxBytes)}`;
    if (stats.size > maxBytes)
      throw new InputError(file, '', `is ${stats.size.toLocaleString('en-US')} bytes; ${limit}`);
    // Read in pieces and stop past the limit: a file that grew since fstat (or reports size 0,
    // as /proc files do) is caught too.
    const pieces: Buffer[] = [];
    const piece = Buffer.alloc(64 * 1024);
    let total = 0;
    for (let n; (n = readSync(fd, piece, 0, piece.length, null)) > 0;) {
      total += n;
      if (total > maxBytes) throw new InputError(file, '', `is larger than ${formatBytes(maxBytes)}; ${limit}`);
      pieces.push(Buffer.from(piece.subarray(0, n)));
    }
    return Buffer.concat(pieces, total);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(file, '', whyUnreadable(file, error, what));
  } finally {
    closeSync(fd);
  }
}

/** UTF-8 text of the bytes, without a byte-order mark; anything else is refused. */
export function decodeUtf8(file: string, bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    throw new InputError(file, '', 'is UTF-16 text (it starts with a UTF-16 byte-order mark); save it as UTF-8');
  try {
    // The decoder drops a leading UTF-8 byte-order mark (ignoreBOM: false).
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new InputError(file, '', 'is not UTF-8 text; save it as UTF-8');
  }
}

/** What a path that is not a regular file is, in words: `is a named pipe (FIFO)`. */
export function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'is a folder';
  if (stats.isFIFO()) return 'is a named pipe (FIFO)';
  if (stats.isCharacterDevice()) return 'is a character device';
  if (stats.isBlockDevice()) return 'is a block device';
  if (stats.isSocket()) return 'is a socket';
  return 'is not a regular file';
}

/** The reason a path cannot be opened or read, in words, with the system's code; `what` it should have been. */
export function whyUnreadable(file: string, error: unknown, what = 'scenario file'): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return isSymbolicLink(file) ? 'is a symbolic link to a missing file' : 'no such file';
    case 'ELOOP':
      return 'is a symbolic link loop (ELOOP)';
    case 'ENOTDIR':
      return 'no such file (part of the path is not a folder)';
    case 'EACCES':
    case 'EPERM':
      return `cannot be read: permission denied (${code})`;
    case 'ENAMETOOLONG':
      return 'the name is too long for the file system (ENAMETOOLONG)';
    case 'EISDIR':
      return `is a folder, not a ${what}`;
    case 'ENXIO':
      return `is a socket or a device with nothing behind it (ENXIO), not a ${what}`;
    default:
      return `cannot be read (${code ?? (error as Error)?.message ?? 'unknown error'})`;
  }
}

function isSymbolicLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
