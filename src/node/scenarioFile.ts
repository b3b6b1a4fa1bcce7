/** Reading scenario files from disk: the Node side of `parseScenario`. */
import { readFileSync } from 'node:fs';
import { InputError } from '../engine/inputError.js';
import { parseScenario, type Scenario } from '../engine/scenario/scenario.js';
import { SYSTEMS } from '../app/systems.js';

export function readJsonFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'is a directory, not a scenario file'
          : `cannot be read (${code ?? 'unknown error'})`;
    throw new InputError(file, '', why);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new InputError(file, '', `not valid JSON (${(error as Error).message})`);
  }
}

export function loadScenario(file: string): Scenario {
  return parseScenario(readJsonFile(file), file, SYSTEMS);
}
