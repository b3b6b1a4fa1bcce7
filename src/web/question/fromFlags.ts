/**
 * Flags -> battle, as `battle-odds odds <system>` does it (src/cli/commands/odds.ts:
 * battleFromFlags, typedFlags, flagName), for the page. A copy because odds.ts imports
 * commander and Node; once those helpers move to a pure module, import them instead.
 */
import type { SystemModule } from '../../app/systems.js';
import type { OddsOption } from '../../cli/oddsContract.js';
import { compileEntry, type Battle } from '../../engine/scenario/entry.js';
import { InputError } from '../../engine/inputError.js';
import { camel, flagParts } from './fields.js';
import { parseFlagValue } from './parseValue.js';

/** The default as the flag's parser would have produced it (so `0` equals the default `'0'`). */
export function parsedDefault(spec: OddsOption): unknown {
  if (typeof spec.default !== 'string') return spec.default;
  return parseFlagValue(spec, spec.default);
}

/** The system's flags given (not left at their defaults), as typed on a command line. */
export function typedFlags(module: SystemModule, flags: Record<string, unknown>): string[] {
  const parts: string[] = [];
  for (const spec of module.cli.odds.options) {
    const long = flagParts(spec.flags).flag;
    const value = flags[camel(long.slice(2))];
    if (value === undefined || value === false || value === '' || value === parsedDefault(spec)) continue;
    parts.push(value === true ? long : `${long} ${Array.isArray(value) ? value.join(',') : String(value)}`);
  }
  return parts;
}

/** The flag behind a field of the battle entry, so errors name what the user typed. */
export function flagName(module: SystemModule, field: string): string {
  const mapped = module.cli.odds.flagFor?.(field);
  if (mapped) return mapped;
  const top = field.split(/[.[]/)[0];
  return `--${top.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The battle the flags describe, validated and compiled; InputErrors name the flag. */
export function battleFromFlags(module: SystemModule, flags: Record<string, unknown>): Battle {
  const source = `odds ${module.system.id}`;
  let raw: unknown;
  try {
    raw = module.cli.odds.toBattle(flags);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(source, '', (error as Error).message);
  }
  try {
    return compileEntry(module.system, raw, source, '', typedFlags(module, flags).join(' ') || module.system.id);
  } catch (error) {
    if (error instanceof InputError && error.field)
      throw new InputError(source, flagName(module, error.field), error.detail);
    throw error;
  }
}
