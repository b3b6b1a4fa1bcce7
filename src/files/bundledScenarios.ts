/**
 * The scenarios that ship with the package (its scenarios/ folder), by name: an installed
 * package's scenarios are in node_modules/battle-odds/scenarios/, not in the user's folder,
 * so a library user asks for them by name instead of by a relative path.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { InputError, quoteValue } from '../core/model/inputError.js';
import { packageRoot } from './packageInfo.js';

function scenariosFolder(): string {
  return path.join(packageRoot(), 'scenarios');
}

/** The names of the bundled scenarios (file names without `.json`), sorted. */
export function bundledScenarios(): string[] {
  return readdirSync(scenariosFolder())
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/**
 * The path of a bundled scenario's file, for `runScenario` (or to read it and change it).
 * Throws InputError naming the known scenarios when there is none by that name.
 *
 * @example
 * const report = await runScenario(bundledScenario('landgrab-chain'));
 */
export function bundledScenario(name: string): string {
  const known = bundledScenarios();
  const file = path.join(scenariosFolder(), `${name}.json`);
  if (!known.includes(name) || !existsSync(file)) {
    const some = known.filter((k) => k.startsWith(name.split('-')[0])).slice(0, 4);
    throw new InputError(
      'bundledScenario',
      'name',
      `no bundled scenario ${quoteValue(name)} (bundledScenarios() lists the ${known.length}` +
        `${some.length > 0 ? `, e.g. ${some.join(', ')}` : ''})`,
    );
  }
  return file;
}
