/**
 * One file written whole or not at all (`schema --write FILE`): the data goes to a
 * temporary file beside the target, is flushed to disk, then renamed over the target.
 * A full disk, a crash or a kill leaves the old file as it was; temporary files of dead
 * runs are removed on the next write to the same file.
 */
import {
  closeSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { InputError } from '../core/model/inputError.js';
import { errorCode, whyUnwritable } from './fsErrors.js';
import { isProcessAlive } from './processAlive.js';

export interface AtomicWriteOptions {
  /**
   * Replace whatever stands at `file` (a symbolic link, a FIFO, a folder) with a fresh file,
   * never writing through it: for files a run writes into its output folder. By default (a file
   * the user named, `schema --write`) a link is written through and anything but a file refused.
   */
  replace?: boolean;
}

/**
 * Writes `data` to `file` atomically. Errors are InputErrors naming `source` (the flag, by
 * default the file): `schema --write: out/schema.json: cannot be written: the disk is full (ENOSPC)`.
 */
export function writeFileAtomically(
  file: string,
  data: string | Uint8Array,
  source = file,
  options: AtomicWriteOptions = {},
): void {
  if (file === '') throw new InputError(source, '', 'needs a file name');
  const target = options.replace ? file : resolveLink(file);
  const existing = options.replace ? lstatOrUndefined(target) : statOrUndefined(target);
  if (!options.replace && existing?.isDirectory()) throw new InputError(source, '', `${file} is a folder, not a file`);
  if (!options.replace && existing && !existing.isFile())
    throw new InputError(source, '', `${file} is not a regular file`);
  const dir = path.dirname(target);
  const prefix = temporaryPrefix(target);
  removeDeadTemporaries(dir, prefix);
  const temporary = path.join(dir, `${prefix}${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    writeAndSync(temporary, data, existing?.isFile() ? existing.mode & 0o7777 : 0o666);
    // A folder in the file's place cannot be renamed over: it is moved aside, then removed.
    if (existing?.isDirectory()) {
      const aside = `${temporary}-old`;
      renameSync(target, aside);
      renameSync(temporary, target);
      rmSync(aside, { recursive: true, force: true });
    } else renameSync(temporary, target);
    syncFolder(dir);
  } catch (error) {
    removeQuietly(temporary);
    throw new InputError(source, '', `${file} cannot be written: ${whyUnwritable(error)}`);
  }
}

/** Writes a new file (never an existing one) and flushes it to disk (unless `sync` is false). */
export function writeAndSync(file: string, data: string | Uint8Array, mode = 0o666, sync = true): void {
  const fd = openSync(file, 'wx', mode);
  try {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    let written = 0;
    while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    if (sync) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Flushes a folder's entries (a rename in it) to disk; ignored where folders cannot be synced. */
export function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a folder; the rename itself is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** `.name.json.tmp-`, cut so that pid and random suffix still fit in 255 bytes. */
function temporaryPrefix(target: string): string {
  const base = path.basename(target);
  const short = Buffer.byteLength(base) > 200 ? Buffer.from(base).subarray(0, 200).toString('utf8') : base;
  return `.${short.replace(/\uFFFD$/, '')}.tmp-`;
}

function removeDeadTemporaries(dir: string, prefix: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // the write itself will report what is wrong with the folder
  }
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (!isProcessAlive(pid)) rmSync(path.join(dir, name), { force: true });
  }
}

/** A symbolic link is written through: the file it points to is replaced, the link stays. */
function resolveLink(file: string): string {
  try {
    if (lstatSync(file).isSymbolicLink()) return realpathSync(file);
  } catch (error) {
    if (errorCode(error) === 'ELOOP') return file; // the write reports it
  }
  return file;
}

/** Removes a temporary file if it is there; a path that cannot hold one (ENOTDIR) has nothing to remove. */
function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true });
  } catch {
    // Nothing was created there.
  }
}

function lstatOrUndefined(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

function statOrUndefined(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
