/**
 * A results folder written as a transaction. Files are streamed into a staging folder
 * beside the target as each battle finishes (memory stays bounded whatever the number of
 * battles); `commit()` swaps the staging folder in with two renames, `abort()` drops it.
 * Until the swap the old folder is untouched, so a full disk, a crash, an interrupt or a
 * kill leaves the old results whole. A lock refuses a second writer to the same folder;
 * what a dead run left behind (its lock, staging folder, or the old folder mid-swap) is
 * taken over, removed or put back when the folder is next opened.
 *
 * @example
 * checkOutputFolder(dir, { force });            // before any simulation
 * const folder = ResultsFolder.open(dir, { force });
 * for (const battle of battles) folder.writeFile(`${battle.slug}.svg`, svg);
 * folder.appendFile('summary.csv', row);
 * folder.commit();                               // or folder.abort() on failure
 */
import {
  appendFileSync,
  closeSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { InputError, quoteValue } from '../core/model/inputError.js';
import { errorCode, whyUnwritable } from './fsErrors.js';
import { FolderLock } from './folderLock.js';
import { isProcessAlive } from './processAlive.js';
import { checkOutputFolder, type OutputFolderOptions } from './outputFolderCheck.js';
import { MARKER_FILE, MARKER_TEXT, pidOf, resultsLayout, uniqueName, type ResultsLayout } from './resultsLayout.js';
import { syncFolder, writeAndSync } from './atomicFile.js';
import { Spool, writeThrough } from './spool.js';
import { pacer } from '../core/engine/sample/executor.js';

export interface ResultsFolderOptions extends OutputFolderOptions {
  /** Flush every file to disk before the swap (default true; off only in tests that do not need it). */
  durable?: boolean;
}

/** Folders open in this process: an exit (a second Ctrl-C, process.exit) drops their staging and lock. */
const open = new Set<ResultsFolder>();
let exitHookInstalled = false;

export class ResultsFolder {
  /** Files appended to or written by the caller through pathOf(): flushed at commit. */
  private readonly unflushed = new Set<string>();
  private state: 'open' | 'committed' | 'aborted' = 'open';
  /** The staging folder's entries were flushed by flush() and nothing was written since. */
  private folderFlushed = false;

  private constructor(
    private readonly layout: ResultsLayout,
    /** The staging folder the files go to until commit. */
    readonly stagingDir: string,
    private readonly lock: FolderLock,
    private readonly source: string,
    private readonly durable: boolean,
  ) {}

  /** The folder the results end up in. */
  get target(): string {
    return this.layout.target;
  }

  /**
   * Checks the target again (the preflight may be long ago), takes its lock, recovers what
   * dead runs left, and creates the staging folder with the marker file in it.
   */
  static open(target: string, options: ResultsFolderOptions = {}): ResultsFolder {
    checkOutputFolder(target, options);
    const source = `${options.flag ?? '--out'} ${target}`;
    // A folder inside --out is never reached through a link: the link itself is replaced at the swap.
    const layout = resultsLayout(options.inside ? target : resolveTargetLink(target));
    try {
      mkdirSync(layout.parent, { recursive: true });
    } catch (error) {
      throw new InputError(source, '', `cannot be created: ${whyUnwritable(error)}`);
    }
    const lock = FolderLock.acquire(layout.lock, source);
    try {
      recoverLeftovers(layout);
      const staging = uniqueName(layout.parent, layout.stagingPrefix);
      mkdirSync(staging);
      const folder = new ResultsFolder(layout, staging, lock, source, options.durable !== false);
      installExitHook();
      open.add(folder);
      folder.writeFile(MARKER_FILE, MARKER_TEXT);
      return folder;
    } catch (error) {
      lock.release();
      if (error instanceof InputError) throw error;
      throw new InputError(source, '', `cannot be written: ${whyUnwritable(error)}`);
    }
  }

  /**
   * Writes one whole file into staging (a later write of the same name replaces it). It is
   * flushed to disk before the swap (flush, commit), not now: a flush can block for a long
   * time on a busy disk, and `flush` lets the event loop (a second Ctrl-C) run between files.
   */
  writeFile(name: string, data: string | Uint8Array): void {
    const file = this.stagingPath(name);
    this.unflushed.add(file);
    this.guard(() => {
      rmSync(file, { force: true });
      writeAndSync(file, data, 0o666, false);
    });
  }

  /** Appends to a file in staging (rows of a CSV as each battle finishes). */
  appendFile(name: string, data: string | Uint8Array): void {
    const file = this.stagingPath(name);
    this.unflushed.add(file);
    this.guard(() => appendFileSync(file, data));
  }

  /** The staging path of `name`, for a writer that wants a path; creates its subfolders. */
  pathOf(name: string): string {
    const file = this.stagingPath(name);
    this.unflushed.add(file);
    return file;
  }

  /**
   * A spool in staging (src/files/spool.ts), for what a file needs from every battle until the
   * end; its name starts with a dot, so no file of a run can meet it. Drop it before commit.
   */
  spool(name: string): Spool {
    return new Spool(this.stagingPath(`.spool-${name}`));
  }

  /** Writes `name` through an open descriptor, a piece at a time; a failure aborts like writeFile. */
  async writeThrough(name: string, write: (fd: number) => Promise<void>): Promise<void> {
    const file = this.pathOf(name);
    await this.guardAsync(() => writeThrough(file, write));
  }

  /** Runs a file operation of the caller's (a spool's); a failure aborts the transaction, as writeFile's do. */
  guard(action: () => void): void {
    try {
      action();
    } catch (error) {
      this.abort();
      throw new InputError(this.source, '', `cannot be written: ${whyUnwritable(error)}; the old folder is kept`);
    }
  }

  async guardAsync(action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (error instanceof InputError) throw error;
      this.abort();
      throw new InputError(this.source, '', `cannot be written: ${whyUnwritable(error)}; the old folder is kept`);
    }
  }

  private stagingPath(name: string): string {
    if (this.state !== 'open') throw new Error(`results folder ${this.target} is already ${this.state}`);
    this.folderFlushed = false;
    const file = path.join(this.stagingDir, checkRelativeName(name, this.source));
    this.guard(() => mkdirSync(path.dirname(file), { recursive: true }));
    return file;
  }

  /**
   * Flushes every file written so far to disk, one at a time, letting the event loop run
   * between them (each flush may block on a busy disk): what is left for commit is the swap.
   */
  async flush(): Promise<void> {
    if (!this.durable) return;
    const pace = pacer();
    for (const file of [...this.unflushed]) {
      if (this.state !== 'open') return;
      this.guard(() => {
        if (exists(file)) syncFile(file);
      });
      this.unflushed.delete(file);
      await pace();
    }
    if (this.state !== 'open') return;
    this.guard(() => syncFolder(this.stagingDir));
    this.folderFlushed = true;
  }

  /** Swaps the staging folder in: the target is the new results, the old folder is removed. */
  commit(): void {
    if (this.state !== 'open') throw new Error(`results folder ${this.target} is already ${this.state}`);
    if (!this.lock.isStillOurs()) {
      this.abort();
      throw new InputError(this.source, '', 'another run took over this folder while it was written; not replaced');
    }
    this.guard(() => {
      if (this.durable) {
        for (const file of this.unflushed) if (exists(file)) syncFile(file);
        if (this.unflushed.size > 0 || !this.folderFlushed) syncFolder(this.stagingDir);
      }
      swapIn(this.stagingDir, this.layout);
    });
    this.finish('committed');
  }

  /** Drops the staging folder; the target stays as it was. Safe to call more than once. */
  abort(): void {
    if (this.state !== 'open') return;
    rmSync(this.stagingDir, { recursive: true, force: true });
    this.finish('aborted');
  }

  private finish(state: 'committed' | 'aborted'): void {
    this.state = state;
    this.lock.release();
    open.delete(this);
  }
}

/**
 * `summary.csv` or `charts/x.svg`: relative, inside the folder, each part a plain name of at
 * most 255 bytes. File names come from labels the user wrote, so a bad one is an InputError.
 */
function checkRelativeName(name: string, source: string): string {
  const parts = name.split(/[\\/]/);
  const inside =
    name !== '' && !path.isAbsolute(name) && !name.includes('\0') && parts.every((p) => !['', '.', '..'].includes(p));
  if (!inside) throw new InputError(source, '', `cannot hold a file named ${quoteValue(name, 60)}`);
  const long = parts.find((p) => Buffer.byteLength(p) > 255);
  if (long)
    throw new InputError(
      source,
      '',
      `cannot hold a file named ${quoteValue(long, 40)}: ${Buffer.byteLength(long)} bytes; file systems allow 255`,
    );
  return name;
}

/** The target, or, if it is a symbolic link to a folder, the folder it points to (which is replaced). */
function resolveTargetLink(target: string): string {
  try {
    if (lstatSync(target).isSymbolicLink()) return realpathSync(target);
  } catch {
    // missing: created by the swap
  }
  return target;
}

/**
 * Two renames: target -> old, staging -> target. If the second fails, the old folder is
 * put back. A crash between the two leaves the old folder under its old-name, which the
 * next open() puts back (recoverLeftovers).
 */
function swapIn(staging: string, layout: ResultsLayout): void {
  if (!exists(layout.target)) {
    renameSync(staging, layout.target);
    syncFolder(layout.parent);
    return;
  }
  const old = uniqueName(layout.parent, layout.oldPrefix);
  renameSync(layout.target, old);
  try {
    renameSync(staging, layout.target);
  } catch (error) {
    renameSync(old, layout.target);
    throw error;
  }
  syncFolder(layout.parent);
  rmSync(old, { recursive: true, force: true });
}

/**
 * What dead runs left beside the target: staging folders are removed; an old folder is
 * put back if the target is missing (the run died mid-swap), else removed; stray lock
 * pieces are removed. Runs with the lock held, so every leftover is a dead run's.
 */
function recoverLeftovers(layout: ResultsLayout): void {
  const lockName = path.basename(layout.lock);
  for (const name of readdirSync(layout.parent)) {
    const full = path.join(layout.parent, name);
    if (name.startsWith(layout.oldPrefix) && !isProcessAlive(pidOf(name, layout.oldPrefix))) {
      if (!exists(layout.target)) renameSync(full, layout.target);
      else rmSync(full, { recursive: true, force: true });
    } else if (name.startsWith(layout.stagingPrefix) && !isProcessAlive(pidOf(name, layout.stagingPrefix))) {
      rmSync(full, { recursive: true, force: true });
    } else if (name.startsWith(`${lockName}.`) && !isProcessAlive(pidOf(name, `${lockName}.`))) {
      rmSync(full, { force: true });
    }
  }
}

function syncFile(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
}

/** Removes `dir` if it is an empty folder (one a refused run created); anything else is left alone. */
export function removeFolderIfEmpty(dir: string): void {
  try {
    if (readdirSync(dir).length === 0) rmdirSync(dir);
  } catch {
    // Gone already, or not ours to remove: nothing to undo.
  }
}

/** On exit (a second Ctrl-C quits with process.exit) no staging folder or lock is left behind. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const folder of [...open]) folder.abort();
  });
}
