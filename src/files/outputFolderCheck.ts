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
import { InputError, quoteValue } from '../core/model/inputError.js';
import { errorCode, whyUnwritable } from './fsErrors.js';
import { heldMessage, inspectLock } from './folderLock.js';
import { MARKER_FILE, resultsLayout } from './resultsLayout.js';

export interface OutputFolderOptions {
  /** Replace an existing folder that battle-odds did not write. */
  force?: boolean;
  /** How the user named the folder, for messages (default `--out`). */
  flag?: string;
  /** What the run will write, for the free-space check (default: one battle, with charts). */
  contents?: ResultsContents;
  /**
   * The folder is one a run names inside its --out (`<out>/<scenario>`): a symbolic link there is
   * never followed (the folder it points to is never written); it, or a file in the folder's place,
   * is refused, and replaced with --force. By default (a folder the user named, `odds --out`) a
   * link to a folder is followed.
   */
  inside?: boolean;
}

/** What a run writes into its results folder, as far as its size goes. */
export interface ResultsContents {
  battles: number;
  /** Sweep cells times variants (0: no sweep). */
  sweepCells: number;
  charts: boolean;
}

const KiB = 1024;

/**
 * The least a run's results take, so the preflight refuses only a disk the run surely cannot
 * write to (a run that outgrows a nearly full disk later keeps the old folder: ENOSPC). As
 * measured: a small battle writes ~17 KB of tables, report and page, ~80 KB with its charts;
 * a sweep ~2 KB of report per cell and variant, and its charts ~0.5 MB.
 */
export function leastResultsBytes(contents: ResultsContents): number {
  const perBattle = contents.charts ? 64 * KiB : 8 * KiB;
  const sweep = contents.sweepCells > 0 ? contents.sweepCells * 1.5 * KiB + (contents.charts ? 64 * KiB : 0) : 0;
  return 8 * KiB + contents.battles * perBattle + sweep;
}

/** Bytes in words: 512 bytes, 300 KiB, 1.8 MiB. */
export function formatBytes(bytes: number): string {
  if (bytes < KiB) return `${bytes} bytes`;
  if (bytes < KiB * KiB) return `${Math.floor(bytes / KiB)} KiB`;
  if (bytes < KiB ** 3) return `${(bytes / KiB ** 2).toFixed(1)} MiB`;
  return `${(bytes / KiB ** 3).toFixed(1)} GiB`;
}

/** Names of the virtual file systems a results folder might be pointed into by mistake (statfs magic numbers). */
const VIRTUAL_FILE_SYSTEMS = new Map<number, string>([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x64626720, 'debugfs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0x1cd1, 'devpts'],
  [0x74726163, 'tracefs'],
  [0x6165676c, 'pstore'],
  [0xcafe4a11, 'bpf'],
]);
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
  const contents = options.contents ?? { battles: 1, sweepCells: 0, charts: true };
  if (target.includes('\0')) throw refuse('the folder name holds a NUL character');
  const absolute = path.resolve(target);
  checkNameLengths(absolute, refuse);

  let real = absolute;
  if (options.inside && isSymbolicLink(absolute)) return checkReplacedInside(absolute, options, refuse);
  try {
    const link = lstatSync(absolute);
    if (link.isSymbolicLink()) real = realpathSync(absolute);
    const stats = link.isSymbolicLink() ? statSync(real) : link;
    if (!stats.isDirectory() && options.inside) return checkReplacedInside(absolute, options, refuse);
    if (!stats.isDirectory()) throw refuse('is a file, not a folder');
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = errorCode(error);
    if (code === 'ENOENT' && isSymbolicLink(absolute)) throw refuse('is a symbolic link to a missing folder');
    if (code === 'ELOOP') throw refuse('is a symbolic link loop (ELOOP)');
    if (code === 'ENOTDIR') throw refuse('part of the path is a file, not a folder');
    if (code !== 'ENOENT') throw refuse(`cannot be used: ${whyUnwritable(error)}`);
    checkCreatable(absolute, contents, refuse);
    checkNotLocked(absolute, refuse);
    return;
  }
  checkNotPrecious(real, refuse);
  checkWritableFolder(path.dirname(real), contents, refuse);
  if (!options.force) checkOurs(real, refuse);
  checkNotLocked(real, refuse);
}

/**
 * A link, or a file, in the place of a folder a run writes inside its --out: never followed or
 * written into; replaced by the run's folder with --force (the link itself, not what it points to).
 */
function checkReplacedInside(
  absolute: string,
  options: OutputFolderOptions,
  refuse: (detail: string) => InputError,
): void {
  if (!options.force)
    throw refuse(
      isSymbolicLink(absolute)
        ? 'is a symbolic link; battle-odds never writes through it (--force replaces the link with the ' +
            'results folder, leaving whatever it points to alone)'
        : 'is a file, not a folder (--force replaces it with the results folder)',
    );
  checkWritableFolder(path.dirname(absolute), options.contents ?? { battles: 1, sweepCells: 0, charts: true }, refuse);
  checkNotLocked(absolute, refuse);
}

/**
 * The preflight of a folder that receives files beside others (a shard's `--out`, which
 * may hold the parts of other scenarios): it must be a folder, or creatable, writable and
 * on a real file system. Nothing in it is replaced, so nothing in it is checked.
 */
export function checkFilesFolder(target: string, flag = '--out'): void {
  checkOutFlag(target, flag);
  const refuse = (detail: string) => new InputError(`${flag} ${target}`, '', detail);
  const contents = { battles: 0, sweepCells: 0, charts: false };
  if (target.includes('\0')) throw refuse('the folder name holds a NUL character');
  const absolute = path.resolve(target);
  checkNameLengths(absolute, refuse);
  let stats;
  try {
    stats = statSync(absolute);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' && isSymbolicLink(absolute)) throw refuse('is a symbolic link to a missing folder');
    if (code === 'ELOOP') throw refuse('is a symbolic link loop (ELOOP)');
    if (code === 'ENOTDIR') throw refuse('part of the path is a file, not a folder');
    if (code !== 'ENOENT') throw refuse(`cannot be used: ${whyUnwritable(error)}`);
    checkCreatable(absolute, contents, refuse);
    return;
  }
  if (!stats.isDirectory()) throw refuse('is a file, not a folder');
  checkWritableFolder(absolute, contents, refuse);
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
function checkCreatable(absolute: string, contents: ResultsContents, refuse: (detail: string) => InputError): void {
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
  checkWritableFolder(ancestor, contents, refuse, true);
}

/** `dir` (the folder's parent, or its nearest existing ancestor when `creating`) must take the run's files. */
function checkWritableFolder(
  dir: string,
  contents: ResultsContents,
  refuse: (detail: string) => InputError,
  creating = false,
): void {
  const verb = creating ? 'cannot be created' : 'cannot be written';
  try {
    accessSync(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw refuse(`${verb} in ${dir}: ${whyUnwritable(error)}`);
  }
  const space = diskSpace(dir);
  if (!space) return;
  // A file system with no blocks at all (/proc, /sys) holds no files, whatever its permissions say.
  if (space.total === 0) {
    const name = VIRTUAL_FILE_SYSTEMS.get(space.type);
    throw refuse(`${verb} in ${dir}: it is a virtual file system${name ? ` (${name})` : ''}, which holds no files`);
  }
  const needed = leastResultsBytes(contents);
  if (space.free >= needed) return;
  if (space.free === 0) throw refuse(`${verb}: the disk holding ${dir} is full (0 bytes free)`);
  const what = [
    contents.battles > 0 ? `${contents.battles} battle${contents.battles === 1 ? '' : 's'}` : '',
    contents.sweepCells > 0 ? `${contents.sweepCells} sweep cells` : '',
  ]
    .filter(Boolean)
    .join(' and ');
  const lighter = { ...contents, charts: false };
  const hint =
    contents.charts && space.free >= leastResultsBytes(lighter)
      ? `; --no-charts needs ${formatBytes(leastResultsBytes(lighter))}`
      : '';
  throw refuse(
    `${verb}: only ${formatBytes(space.free)} free on the disk holding ${dir}; this run's results (${what}` +
      `${contents.charts ? ', with charts' : ''}) take at least ${formatBytes(needed)}${hint}`,
  );
}

/**
 * The file system of `dir`: its type, whether it has blocks at all, and the bytes this
 * process may still write (root may use the reserve).
 */
function diskSpace(dir: string): { type: number; total: number; free: number } | undefined {
  try {
    const fs = statfsSync(dir);
    const blocks = process.getuid?.() === 0 ? fs.bfree : fs.bavail;
    return { type: fs.type, total: fs.blocks * fs.bsize, free: blocks * fs.bsize };
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
