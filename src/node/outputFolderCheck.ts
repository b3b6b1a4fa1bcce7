/**
 * The preflight of a results folder, run before any simulation so that a run that could
 * not write its results is refused at once rather than after an hour of sampling: the
 * folder must be creatable and writable, not a file, not held by another run, and, if it
 * exists, a results folder battle-odds wrote earlier (each run replaces it whole), unless
 * `--force`. Nothing is created or changed.
 */
import {
  accessSync,
  closeSync,
  constants,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  realpathSync,
  statfsSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { InputError, quoteValue } from '../engine/inputError.js';
import { errorCode, whyUnwritable } from './fsErrors.js';
import { heldMessage, inspectLock } from './folderLock.js';
import { MARKER_FILE, resultsLayout } from './resultsLayout.js';

export interface OutputFolderOptions {
  /** Replace an existing folder that battle-odds did not write. */
  force?: boolean;
  /** How the user named the folder, for messages (default `--out`). */
  flag?: string;
}

/** Below this many free bytes, no run can write its results. */
export const MIN_FREE_BYTES = 1024 * 1024;
const NAME_MAX = 255;
const PATH_MAX = 4095;

/** `--out ''` is refused: an empty folder name would write into the current folder. */
export function checkOutFlag(value: string, flag = '--out'): void {
  if (value === '') throw new InputError(flag, '', 'must not be empty; give a folder, e.g. --out results');
}

/** Throws a one-line InputError if `target` cannot be a results folder; see the module comment. */
export function checkOutputFolder(target: string, options: OutputFolderOptions = {}): void {
  const flag = options.flag ?? '--out';
  checkOutFlag(target, flag);
  const source = `${flag} ${target}`;
  const refuse = (detail: string) => new InputError(source, '', detail);
  if (target.includes('\0')) throw refuse('the folder name holds a NUL character');
  const absolute = path.resolve(target);
  checkNameLengths(absolute, refuse);

  let real = absolute;
  try {
    const link = lstatSync(absolute);
    if (link.isSymbolicLink()) real = realpathSync(absolute);
    const stats = link.isSymbolicLink() ? statSync(real) : link;
    if (!stats.isDirectory()) throw refuse('is a file, not a folder');
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = errorCode(error);
    if (code === 'ENOENT' && isSymbolicLink(absolute)) throw refuse('is a symbolic link to a missing folder');
    if (code === 'ELOOP') throw refuse('is a symbolic link loop (ELOOP)');
    if (code === 'ENOTDIR') throw refuse('part of the path is a file, not a folder');
    if (code !== 'ENOENT') throw refuse(`cannot be used: ${whyUnwritable(error)}`);
    checkCreatable(absolute, refuse);
    checkNotLocked(absolute, refuse);
    return;
  }
  checkNotPrecious(real, refuse);
  checkWritableFolder(path.dirname(real), refuse);
  if (!options.force) checkOurs(real, refuse);
  checkNotLocked(real, refuse);
}

function checkNameLengths(absolute: string, refuse: (detail: string) => InputError): void {
  if (Buffer.byteLength(absolute) > PATH_MAX)
    throw refuse(`the path is ${Buffer.byteLength(absolute)} bytes long; file systems allow ${PATH_MAX}`);
  for (const part of absolute.split(path.sep)) {
    const bytes = Buffer.byteLength(part);
    if (bytes > NAME_MAX)
      throw refuse(`the folder name ${quoteValue(part, 40)} is ${bytes} bytes long; file systems allow ${NAME_MAX}`);
  }
}

/** The nearest existing ancestor must be a folder this process may write in. */
function checkCreatable(absolute: string, refuse: (detail: string) => InputError): void {
  let ancestor = path.dirname(absolute);
  for (;;) {
    try {
      if (!statSync(ancestor).isDirectory()) throw refuse(`${ancestor} is a file, so the folder cannot be created`);
      break;
    } catch (error) {
      if (error instanceof InputError) throw error;
      const code = errorCode(error);
      if (code === 'ENOTDIR') throw refuse('part of the path is a file, not a folder');
      if (code !== 'ENOENT') throw refuse(`cannot be created: ${whyUnwritable(error)}`);
      const up = path.dirname(ancestor);
      if (up === ancestor) throw refuse('cannot be created: no part of its path exists');
      ancestor = up;
    }
  }
  checkWritableFolder(ancestor, refuse);
}

function checkWritableFolder(dir: string, refuse: (detail: string) => InputError): void {
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw refuse(`cannot be written in ${dir}: ${whyUnwritable(error)}`);
  }
  const free = freeBytes(dir);
  if (free !== undefined && free < MIN_FREE_BYTES)
    throw refuse(`cannot be written: the disk holding ${dir} is full (${free.toLocaleString('en-US')} bytes free)`);
}

/** Bytes this process may still write on the file system of `dir` (root may use the reserve). */
function freeBytes(dir: string): number | undefined {
  try {
    const fs = statfsSync(dir);
    const blocks = process.getuid?.() === 0 ? fs.bfree : fs.bavail;
    return blocks * fs.bsize;
  } catch {
    return undefined;
  }
}

/** Replacing a folder deletes it: never the root, the home folder or the current folder or its parents. */
function checkNotPrecious(real: string, refuse: (detail: string) => InputError): void {
  const cwd = safeRealpath(process.cwd());
  const home = safeRealpath(os.homedir());
  const inside = (child: string, parent: string) => child === parent || child.startsWith(`${parent}${path.sep}`);
  if (path.dirname(real) === real || real === home || inside(cwd, real))
    throw refuse('is the root, the home folder or holds the current folder; each run replaces the folder whole');
}

/** Empty, or marked as a battle-odds results folder, or one written before the marker existed. */
function checkOurs(real: string, refuse: (detail: string) => InputError): void {
  let names: string[];
  try {
    names = readdirSync(real);
  } catch (error) {
    throw refuse(`cannot be read: ${whyUnwritable(error)}`);
  }
  if (names.length === 0 || names.includes(MARKER_FILE) || isEarlierReport(path.join(real, 'report.json'))) return;
  const example = names.sort()[0];
  throw refuse(
    `holds files battle-odds did not write (e.g. ${quoteValue(example, 40)}), and each run replaces ` +
      'the folder whole; choose another folder, or add --force to replace it',
  );
}

/** report.json of a run before marker files: `{ "scenario": ..., "version": ... }` at the top. */
function isEarlierReport(file: string): boolean {
  try {
    const head = readHead(file, 4096);
    return /^\{\s*"scenario"\s*:/.test(head) && head.includes('"version"');
  } catch {
    return false;
  }
}

function readHead(file: string, bytes: number): string {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function checkNotLocked(target: string, refuse: (detail: string) => InputError): void {
  const lock = resultsLayout(target).lock;
  const state = inspectLock(lock);
  if (state.held) throw refuse(heldMessage(lock, state.owner));
}

function isSymbolicLink(file: string): boolean {
  try {
    return lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

function safeRealpath(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}
