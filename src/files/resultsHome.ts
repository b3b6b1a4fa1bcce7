/**
 * Writing the results home, `<out>/index.html` (src/output/home.ts), after a run has swapped
 * its scenario folders in. It lists every battle-odds results folder in `<out>`, this run's
 * and earlier runs' alike (each marked), reading each one's small headline.json.
 *
 * Whole or not at all, as the folders are: the page is written to a temporary file beside it,
 * flushed and renamed over the old one (writeFileAtomically), under a lock, so two runs
 * finishing at once each write a whole page and the second lists the first's folders. An
 * `index.html` that battle-odds did not write is left alone unless `--force`.
 */
import { closeSync, openSync, readdirSync, readSync, lstatSync } from 'node:fs';
import path from 'node:path';
import { HEADLINE_FILE, HOME_MARK, headlineFileSchema, homeHtml, type HomeEntry } from '../output/home.js';
import { writeFileAtomically } from './atomicFile.js';
import { FolderLock } from './folderLock.js';
import { MARKER_FILE } from './resultsLayout.js';
import { InputError } from '../core/model/inputError.js';

export const HOME_FILE = 'index.html';
const LOCK = '.battle-odds-lock-home';
/** headline.json is a few KB; anything larger is not one. */
const MAX_HEADLINE_BYTES = 256 * 1024;

export type HomeOutcome = { written: true; file: string } | { written: false; file: string; why: string };

/**
 * Writes `<out>/index.html` listing every results folder in `out`; `fresh` names the folders
 * this run wrote. Never throws for the home's sake: a home that cannot be written says why.
 */
export async function writeResultsHome(
  out: string,
  fresh: readonly string[],
  options: { force?: boolean } = {},
): Promise<HomeOutcome> {
  const file = path.join(out, HOME_FILE);
  if (!options.force && !isOursOrMissing(file))
    return { written: false, file, why: 'a file battle-odds did not write is there (--force replaces it)' };
  let lock: FolderLock | undefined;
  for (let attempt = 0; attempt < 50 && !lock; attempt++) {
    try {
      lock = FolderLock.acquire(path.join(out, LOCK), `--out ${out}`, 'the results home');
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      // Another run is writing the home: it takes milliseconds.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (!lock) return { written: false, file, why: 'another run kept writing it' };
  try {
    // Created fresh in --out: a link, FIFO or folder standing there (--force) is replaced, never written through.
    writeFileAtomically(file, homeHtml(homeEntries(out, new Set(fresh)), out), `--out ${out}`, { replace: true });
    return { written: true, file };
  } catch (error) {
    return { written: false, file, why: error instanceof Error ? error.message : String(error) };
  } finally {
    lock.release();
  }
}

/** Every results folder in `out` (a folder holding the marker file), with its headline.json when readable. */
export function homeEntries(out: string, fresh: ReadonlySet<string>): HomeEntry[] {
  let names: string[];
  try {
    names = readdirSync(out);
  } catch {
    return [];
  }
  return names
    .filter((name) => !name.startsWith('.') && isResultsFolder(path.join(out, name)))
    .map((folder) => ({
      folder,
      headline: readHeadline(path.join(out, folder, HEADLINE_FILE)),
      fresh: fresh.has(folder),
    }));
}

function isResultsFolder(dir: string): boolean {
  try {
    return lstatSync(dir).isDirectory() && lstatSync(path.join(dir, MARKER_FILE)).isFile();
  } catch {
    return false;
  }
}

/** A folder's headline.json, or null when it is missing, too large or not one (it is listed without answers). */
function readHeadline(file: string) {
  const text = readStart(file, MAX_HEADLINE_BYTES + 1);
  if (text === null || Buffer.byteLength(text) > MAX_HEADLINE_BYTES) return null;
  try {
    const parsed = headlineFileSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether `<out>/index.html` is missing or a home battle-odds wrote (its head carries the mark). */
function isOursOrMissing(file: string): boolean {
  try {
    if (!lstatSync(file).isFile()) return false;
  } catch {
    return true;
  }
  return readStart(file, 1024)?.includes(HOME_MARK) ?? false;
}

/** Up to `bytes` bytes of a regular file as text, or null. */
function readStart(file: string, bytes: number): string | null {
  let fd: number | undefined;
  try {
    // Only a regular file is opened: a FIFO would wait for a writer.
    if (!lstatSync(file).isFile()) return null;
    fd = openSync(file, 'r');
    const buffer = Buffer.alloc(bytes);
    let length = 0;
    for (let n; length < bytes && (n = readSync(fd, buffer, length, bytes - length, null)) > 0;) length += n;
    return buffer.subarray(0, length).toString('utf8');
  } catch {
    return null;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
