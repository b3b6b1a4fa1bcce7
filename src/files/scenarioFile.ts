/** Reading scenario files from disk: the Node side of `parseScenario`. */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../core/model/inputError.js';
import { parseScenario, type Scenario } from '../core/engine/validate/scenario.js';
import { SYSTEMS } from '../core/registry/systems.js';
import { decodeUtf8, MAX_SCENARIO_BYTES, readUserFile, whyUnreadable } from './userFile.js';
import { checkJsonText } from './jsonText.js';

/**
 * A JSON document from a file: a regular file of at most 4 MiB, UTF-8 (a byte-order mark
 * is fine), valid JSON, nested at most 64 deep, with no integer beyond 2^53 - 1 (which
 * JSON.parse would silently round). Every failure is one InputError naming the file.
 */
export function readJsonFile(file: string, maxBytes = MAX_SCENARIO_BYTES, what = 'scenario file'): unknown {
  const text = decodeUtf8(file, readUserFile(file, maxBytes, what));
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(file, '', `not valid JSON (${(error as Error).message})`);
  }
  checkJsonText(text, file);
  return value;
}

export function loadScenario(file: string): Scenario {
  return parseScenario(readJsonFile(file), file, SYSTEMS);
}

/**
 * Files named on the command line, with folders expanded to their *.json entries (sorted).
 * A path that cannot be looked at says why (a symbolic link loop, a missing file).
 */
export function expandScenarioPaths(paths: readonly string[]): string[] {
  const files: string[] = [];
  for (const p of paths) {
    if (p === '') throw new InputError("''", '', 'an empty path is not a scenario file or folder');
    let isFolder: boolean;
    try {
      isFolder = statSync(p).isDirectory();
    } catch (error) {
      throw new InputError(p, '', whyUnreadable(p, error).replace(/^no such file$/, 'no such file or folder'));
    }
    if (!isFolder) {
      files.push(p);
      continue;
    }
    let inside: string[];
    try {
      inside = readdirSync(p)
        .filter((f) => f.endsWith('.json'))
        .sort();
    } catch (error) {
      throw new InputError(p, '', whyUnreadable(p, error));
    }
    if (inside.length === 0) throw new InputError(p, '', 'folder holds no .json scenario files');
    files.push(...inside.map((f) => path.join(p, f)));
  }
  return files;
}
