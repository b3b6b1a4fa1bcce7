/**
 * Where a results folder's transaction keeps its parts, beside the target folder in its
 * parent: the lock, the staging folder being written, and the previous folder during the
 * swap. The names are short and fixed in length whatever the target's name (a hash of it),
 * so a 255-byte folder name still leaves room for them, and they start with a dot.
 *
 *   results/landgrab-sweep/                                  the target
 *   results/.battle-odds-lock-<hash>                         the lock
 *   results/.battle-odds-staging-<hash>-<pid>-<random>/      being written
 *   results/.battle-odds-old-<hash>-<pid>-<random>/          the previous folder, mid-swap
 */
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';

/** The marker file in every results folder battle-odds writes: "this folder is ours to replace". */
export const MARKER_FILE = '.battle-odds-results';
export const MARKER_TEXT = 'battle-odds results folder: each run replaces this folder whole.\n';

export interface ResultsLayout {
  target: string;
  parent: string;
  lock: string;
  /** Names in `parent` that start with this are staging folders of this target. */
  stagingPrefix: string;
  /** Names in `parent` that start with this are previous folders of this target, mid-swap. */
  oldPrefix: string;
}

export function resultsLayout(target: string): ResultsLayout {
  const absolute = path.resolve(target);
  const parent = path.dirname(absolute);
  const hash = createHash('sha256').update(path.basename(absolute)).digest('hex').slice(0, 12);
  return {
    target: absolute,
    parent,
    lock: path.join(parent, `.battle-odds-lock-${hash}`),
    stagingPrefix: `.battle-odds-staging-${hash}-`,
    oldPrefix: `.battle-odds-old-${hash}-`,
  };
}

/** A fresh name `<prefix><pid>-<random>` in the parent. */
export function uniqueName(parent: string, prefix: string): string {
  return path.join(parent, `${prefix}${process.pid}-${randomBytes(4).toString('hex')}`);
}

/** The pid in a name made by uniqueName, or NaN. */
export function pidOf(name: string, prefix: string): number {
  return Number(name.slice(prefix.length).split('-')[0]);
}
