/**
 * The knobs of a battle entry: its numeric fields (dotted paths, numeric parts index lists:
 * `fortressBonus`, `nations.0.tokens`, `defender.fort`), which of them a solve may move, and
 * the whole numbers each may take given the rest of the entry (its schema's limits and
 * cross-field checks: `stopAt` below the armies), found by asking the schema.
 */
import type { RuleSystem } from '../../model/contract.js';
import { compileEntry, type Battle } from './entry.js';
import { InputError } from '../../model/inputError.js';
import { valueAt, withValue } from '../../model/entryPaths.js';

/** How far from its starting value a range is searched, each way (every army count of LandGrab fits). */
export const MAX_REACH = 5000;

/** The dotted paths of every number in an entry, in its order (`path.0.defenders` ...). */
export function numericPaths(entry: unknown, prefix = ''): string[] {
  if (typeof entry === 'number') return prefix ? [prefix] : [];
  if (entry === null || typeof entry !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(entry)) out.push(...numericPaths(value, prefix ? `${prefix}.${key}` : key));
  return out;
}

/** The battle with a field set to a value, validated and compiled; null when the entry refuses the value. */
export function battleWith(system: RuleSystem, entry: unknown, path: string, value: number): Battle | null {
  try {
    return compileEntry(system, withValue(entry, path, value), 'solve', '', 'solve');
  } catch (error) {
    if (error instanceof InputError) return null;
    throw error;
  }
}

/**
 * The fields a solve may move: every number of the entry, and text fields that also take a
 * number in its place (a Kings & Things fort by name or level), each a path.
 */
export function knobs(system: RuleSystem, entry: unknown): string[] {
  const numbers = numericPaths(entry);
  const texts = textPaths(entry).filter((p) => [0, 1].some((v) => battleWith(system, entry, p, v) !== null));
  return [...numbers, ...texts];
}

function textPaths(entry: unknown, prefix = ''): string[] {
  if (typeof entry === 'string') return prefix ? [prefix] : [];
  if (entry === null || typeof entry !== 'object') return [];
  return Object.entries(entry).flatMap(([key, value]) => textPaths(value, prefix ? `${prefix}.${key}` : key));
}

/** Where the value a solve starts from is, and the whole numbers the field may take around it. */
export interface KnobRange {
  path: string;
  /** The entry's value (a number), or the first whole number the field takes (a fort by name). */
  start: number;
  from: number;
  to: number;
  /** The range was cut at MAX_REACH from the start (the schema allows more). */
  cut: boolean;
}

/**
 * The field a solve asks for, checked against the entry: `name` is an entry path, or a front
 * end's name for one (`aliases`: the command line's flag). Throws InputError naming `field`,
 * with the entry's fields, when it is no numeric field of the entry.
 */
export function knobRange(
  system: RuleSystem,
  entry: unknown,
  name: string,
  where: { source: string; field: string },
  aliases: (name: string) => string | undefined = () => undefined,
): KnobRange {
  const fields = knobs(system, entry);
  const path = fields.includes(name) ? name : (aliases(name) ?? name);
  const list = `this battle's numeric fields: ${fields.join(', ') || 'none'}`;
  if (!fields.includes(path)) {
    const what = valueAt(entry, path) === undefined ? 'is not a field of this battle' : 'is not a numeric field';
    throw new InputError(where.source, where.field, `'${name}' ${what}; ${list}`);
  }
  const current = valueAt(entry, path);
  let start: number | undefined;
  if (typeof current === 'number') {
    if (!Number.isInteger(current))
      throw new InputError(
        where.source,
        where.field,
        `'${name}' is ${current}: only whole-number fields are solved for`,
      );
    start = current;
  } else start = [0, 1].find((v) => battleWith(system, entry, path, v) !== null);
  if (start === undefined) throw new InputError(where.source, where.field, `'${name}' takes no number; ${list}`);
  const valid = (v: number) => battleWith(system, entry, path, v) !== null;
  const down = edge(valid, start, -1);
  const up = edge(valid, start, +1);
  return { path, start, from: down.value, to: up.value, cut: down.cut || up.cut };
}

/** The last valid value from `start` going `way` (the valid values are taken to be one run), within MAX_REACH. */
function edge(valid: (v: number) => boolean, start: number, way: 1 | -1): { value: number; cut: boolean } {
  let good = start;
  let step = 1;
  // Gallop out until a value is refused (or the reach ends), then bisect back to the edge.
  for (;;) {
    const next = start + way * Math.min(step, MAX_REACH);
    if (!valid(next)) {
      let bad = next;
      while (Math.abs(bad - good) > 1) {
        const mid = Math.trunc((good + bad) / 2);
        if (valid(mid)) good = mid;
        else bad = mid;
      }
      return { value: good, cut: false };
    }
    good = next;
    if (step >= MAX_REACH) return { value: good, cut: true };
    step *= 2;
  }
}
