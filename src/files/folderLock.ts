/**
 * A lock file that lets one process at a time write a results folder. The lock names its
 * owner (pid, host, process start time); a lock whose owner has died is taken over, one
 * whose owner runs refuses the second writer with one line saying who holds it.
 *
 * Taking the lock is atomic: the owner record is written whole to a private file, then
 * hard-linked to the lock's name, which fails if the lock exists. A stale lock is first
 * renamed aside (only one taker can win that rename) and checked to be the stale one.
 */
import { linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync, closeSync } from 'node:fs';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { InputError } from '../core/model/inputError.js';
import { errorCode } from './fsErrors.js';
import { isProcessAlive, processStartTime } from './processAlive.js';

export interface LockOwner {
  pid: number;
  host: string;
  /** Process start time (Linux clock ticks), to tell a live owner from a reused pid. */
  started?: string;
  /** Unique to one acquisition. */
  token: string;
}

/** A lock file just being written (no hard links on this file system) is young: not stale. */
const WRITING_GRACE_MS = 10_000;

export type LockState = { held: false } | { held: true; owner?: LockOwner };

export class FolderLock {
  private released = false;
  private constructor(
    readonly file: string,
    readonly owner: LockOwner,
  ) {}

  /**
   * Takes the lock or throws an InputError naming `what` (the folder being written) and the
   * owner. `source` is what the message starts with, e.g. `--out results/x`.
   */
  static acquire(file: string, source: string, what = 'this folder'): FolderLock {
    const owner: LockOwner = {
      pid: process.pid,
      host: os.hostname(),
      started: processStartTime(process.pid),
      token: randomBytes(8).toString('hex'),
    };
    const record = `${JSON.stringify(owner)}\n`;
    for (let attempt = 0; attempt < 8; attempt++) {
      if (createExclusively(file, record)) return new FolderLock(file, owner);
      const state = inspectLock(file);
      if (!state.held) {
        takeOverStale(file, state);
        continue;
      }
      throw new InputError(source, '', heldMessage(file, state.owner, what));
    }
    throw new InputError(source, '', `could not take the lock ${file}; other runs keep taking it`);
  }

  /** True while the lock file is still this acquisition's (no one took it over). */
  isStillOurs(): boolean {
    if (this.released) return false;
    return readOwner(this.file)?.token === this.owner.token;
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    if (readOwner(this.file)?.token === this.owner.token) rmSync(this.file, { force: true });
  }
}

/** Whether a lock file exists and its owner is alive (without taking it). */
export function inspectLock(file: string): LockState & { stale?: LockOwner | 'unreadable' } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { held: false };
  }
  const owner = parseOwner(text);
  if (!owner) {
    // Half-written by a process without hard links, or garbage: young means being written.
    return isYoung(file) ? { held: true } : { held: false, stale: 'unreadable' };
  }
  if (owner.host !== os.hostname()) return { held: true, owner }; // cannot tell from here
  return isProcessAlive(owner.pid, owner.started) ? { held: true, owner } : { held: false, stale: owner };
}

export function heldMessage(file: string, owner?: LockOwner, what = 'this folder'): string {
  const who = owner ? `pid ${owner.pid}${owner.host !== os.hostname() ? ` on ${owner.host}` : ''}` : 'a process';
  return `another battle-odds run (${who}) is writing ${what}; wait for it, or delete ${file} if that run is gone`;
}

/** Creates the lock file holding `record`; false if it exists. */
function createExclusively(file: string, record: string): boolean {
  const privateFile = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.new`;
  writeNew(privateFile, record);
  try {
    linkSync(privateFile, file);
    return true;
  } catch (error) {
    const code = errorCode(error);
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS' || code === 'EOPNOTSUPP') {
      // No hard links here: an exclusive create is atomic too, only the content comes after.
      try {
        writeNew(file, record);
        return true;
      } catch (inner) {
        if (errorCode(inner) === 'EEXIST') return false;
        throw inner;
      }
    }
    throw error;
  } finally {
    rmSync(privateFile, { force: true });
  }
}

/** Moves a stale lock out of the way, making sure it is the stale one that moved. */
function takeOverStale(file: string, state: { stale?: LockOwner | 'unreadable' }): void {
  const aside = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.stale`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return; // someone else moved it: try again
    throw error;
  }
  const moved = readOwner(aside);
  const expected = state.stale === 'unreadable' ? undefined : state.stale?.token;
  if (moved?.token !== expected && moved && isProcessAlive(moved.pid, moved.started)) {
    // Between our look and our rename another run took the lock: give it back.
    try {
      linkSync(aside, file);
    } catch {
      // A third run holds it now; the one we moved notices at commit (isStillOurs) and stops.
    }
  }
  rmSync(aside, { force: true });
}

function writeNew(file: string, text: string): void {
  const fd = openSync(file, 'wx', 0o644);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    return parseOwner(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.token !== 'string' || typeof value.host !== 'string')
      return undefined;
    return value as LockOwner;
  } catch {
    return undefined;
  }
}

function isYoung(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < WRITING_GRACE_MS;
  } catch {
    return false;
  }
}
