/**
 * The knobs of a battle entry: every numeric field of its system's schema that this entry has, written
 * or left at its default (dotted paths, numeric parts index lists: `fortressBonus`, `nations.0.tokens`,
 * `defender.creatures.2.hits` for a Troll whose `hits` is left out), and text fields that also take a
 * number (a Kings & Things fort by name or level); the whole numbers each may take given the rest of the
 * entry (its schema's limits and cross-field checks: `stopAt` below the armies), found by asking the
 * schema; and how a value of it is written in the knob's own words (fort 3 is `castle`).
 */
import type { ZodType } from 'zod';
import type { RuleSystem } from '../../model/contract.js';
import { compileEntry, type Battle } from './entry.js';
import { InputError } from '../../model/inputError.js';
import { valueAt, withValue } from '../../model/entryPaths.js';

/** How far from its starting value a range is searched, each way (every army count of LandGrab fits). */
export const MAX_REACH = 5000;
/** The most values tried to find which one fights the battle as given, for a field left out with no default. */
const SAME_BATTLE_TRIES = 64;

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

/** A numeric field of the schema at a place of the entry. */
export interface SchemaField {
  path: string;
  /** The entry holds it (else it is left out, and the schema's default or the rules' own value stands). */
  written: boolean;
  /** A text field that takes a number in its place (a fort by name or level). */
  text: boolean;
  /** Only whole numbers. */
  int: boolean;
  /** The schema's own limits (the entry's cross-field checks may allow fewer). */
  min?: number;
  max?: number;
  /** The schema's default, when it has one. */
  default?: number;
  /** The schema's words for it, when it has them. */
  description?: string;
}

interface Def {
  type: string;
  innerType?: ZodType;
  in?: ZodType;
  defaultValue?: unknown;
  options?: ZodType[];
  discriminator?: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  values?: unknown[];
}

const defOf = (schema: ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const WRAPPERS = new Set(['optional', 'nullable', 'readonly', 'catch', 'nonoptional', 'default', 'prefault']);

/** The schema under its wrappers (optional, default, a pipe's input side), with the default met on the way. */
function unwrap(schema: ZodType): { core: ZodType; default?: unknown; description?: string } {
  let core = schema;
  let found: unknown;
  let description = schema.description;
  for (;;) {
    const def = defOf(core);
    if ((def.type === 'default' || def.type === 'prefault') && found === undefined) found = def.defaultValue;
    if (WRAPPERS.has(def.type)) core = def.innerType as ZodType;
    else if (def.type === 'pipe') core = def.in as ZodType;
    else break;
    description ??= core.description;
  }
  return { core, ...(found !== undefined ? { default: found } : {}), ...(description ? { description } : {}) };
}

/** The numeric side of a schema: a number, or numeric literals (`1 | 2`), with their limits. */
function numeric(schema: ZodType): { int: boolean; min?: number; max?: number } | null {
  const def = defOf(schema);
  if (def.type === 'number') {
    const n = schema as unknown as { isInt: boolean; minValue: number | null; maxValue: number | null };
    // `.int()` alone sets the safe integers as limits: no limit of the field's own.
    const finite = (x: number | null) => (x !== null && Math.abs(x) < Number.MAX_SAFE_INTEGER ? x : undefined);
    const min = finite(n.minValue);
    const max = finite(n.maxValue);
    return { int: n.isInt, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  }
  if (def.type === 'literal' && def.values?.every((v) => typeof v === 'number')) {
    const values = def.values as number[];
    return { int: values.every(Number.isInteger), min: Math.min(...values), max: Math.max(...values) };
  }
  if (def.type === 'union') {
    const parts = (def.options ?? []).map((o) => numeric(unwrap(o).core));
    if (parts.length > 0 && parts.every((p) => p !== null)) {
      const all = parts as Array<{ int: boolean; min?: number; max?: number }>;
      const min = all.every((p) => p.min !== undefined) ? Math.min(...all.map((p) => p.min as number)) : undefined;
      const max = all.every((p) => p.max !== undefined) ? Math.max(...all.map((p) => p.max as number)) : undefined;
      return {
        int: all.every((p) => p.int),
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
      };
    }
  }
  return null;
}

/** Whether an object schema's shape fits a value: its discriminator's literal, and every key of the value. */
function fits(shape: Record<string, ZodType>, value: Record<string, unknown>, discriminator?: string): boolean {
  if (!Object.keys(value).every((k) => k in shape)) return false;
  if (!discriminator || !(discriminator in shape)) return true;
  const literal = defOf(unwrap(shape[discriminator]).core);
  return !literal.values || value[discriminator] === undefined || literal.values.includes(value[discriminator]);
}

/**
 * Every numeric field of a schema at the places a (validated) entry has: numbers it holds, numbers its
 * objects leave out (their schema's default or the rules' own value stands), texts that take a number.
 * Objects and lists it does not hold are not entered (a stop rule left out has no knob).
 */
export function schemaFields(schema: ZodType, value: unknown, prefix = ''): SchemaField[] {
  const { core, default: fallback, description } = unwrap(schema);
  const def = defOf(core);
  const leaf = (n: { int: boolean; min?: number; max?: number }, text: boolean): SchemaField[] =>
    prefix
      ? [
          {
            path: prefix,
            written: value !== undefined,
            text,
            ...n,
            ...(typeof fallback === 'number' ? { default: fallback } : {}),
            ...(description ? { description } : {}),
          },
        ]
      : [];
  const asNumber = numeric(core);
  if (asNumber && (typeof value === 'number' || value === undefined)) return leaf(asNumber, false);
  if (def.type === 'union') {
    const options = (def.options ?? []).map((o) => unwrap(o).core);
    if (typeof value === 'number' || value === undefined || typeof value === 'string') {
      const number = options.map(numeric).find((n) => n !== null);
      if (!number) return [];
      if (typeof value === 'string') return leaf(number, true);
      return leaf(number, false);
    }
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const objects = options.filter((o) => defOf(o).type === 'object');
      const chosen = objects.find((o) =>
        fits(defOf(o).shape ?? {}, value as Record<string, unknown>, def.discriminator),
      );
      return chosen ? schemaFields(chosen, value, prefix) : [];
    }
    if (Array.isArray(value)) {
      const list = options.find((o) => defOf(o).type === 'array');
      return list ? schemaFields(list, value, prefix) : [];
    }
    return [];
  }
  if (def.type === 'object' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const held = value as Record<string, unknown>;
    return Object.entries(def.shape ?? {}).flatMap(([key, field]) => {
      const at = prefix ? `${prefix}.${key}` : key;
      const inner = held[key];
      // A field left out is a knob only when it is a number (objects and lists left out are not entered).
      if (inner === undefined && !numeric(unwrap(field).core)) return [];
      return schemaFields(field, inner, at);
    });
  }
  if (def.type === 'array' && Array.isArray(value)) {
    return value.flatMap((item, i) => schemaFields(def.element as ZodType, item, prefix ? `${prefix}.${i}` : `${i}`));
  }
  return [];
}

/** A knob of this battle: a schema field any whole number of which the entry takes. */
export interface Knob extends SchemaField {
  /** The value that fights the battle as given: the entry's number, the default, or the rules' own. */
  start?: number;
}

/**
 * The fields a solve may move: every numeric field of the system's schema the entry has, written or
 * left at its default, that takes at least one whole number here, each a path; texts that also take a
 * number (a Kings & Things fort by name or level) too. In the entry's order.
 */
export function knobs(system: RuleSystem, entry: unknown): Knob[] {
  const given = JSON.stringify(compileEntry(system, entry, 'solve', '', 'solve').entry);
  const written = new Set(numericPaths(entry));
  const fields = schemaFields(system.entry, entry);
  // Numbers the entry holds that the walk did not reach (a shape it could not read) are knobs as before.
  for (const path of written)
    if (!fields.some((f) => f.path === path)) fields.push({ path, written: true, text: false, int: false });
  const out: Knob[] = [];
  for (const field of fields) {
    const current = valueAt(entry, field.path);
    if (typeof current === 'number') {
      out.push({ ...field, written: true, start: current });
      continue;
    }
    const start = startOf(system, entry, field, given);
    if (start !== undefined || takesSome(system, entry, field))
      out.push({ ...field, ...(start !== undefined ? { start } : {}) });
  }
  return out;
}

/** For a field the entry leaves out or writes as text: the whole number that fights the battle as given. */
function startOf(system: RuleSystem, entry: unknown, field: SchemaField, given: string): number | undefined {
  const same = (v: number) => {
    const at = battleWith(system, entry, field.path, v);
    return at !== null && JSON.stringify(at.entry) === given;
  };
  if (field.default !== undefined && Number.isInteger(field.default) && same(field.default)) return field.default;
  const from = field.min ?? 0;
  const to = Math.min(field.max ?? from + SAME_BATTLE_TRIES, from + SAME_BATTLE_TRIES);
  for (let v = Math.ceil(from); v <= to; v++) if (same(v)) return v;
  return undefined;
}

/** Whether the field takes some whole number here (near its lower limit, or 0 and 1). */
function takesSome(system: RuleSystem, entry: unknown, field: SchemaField): boolean {
  const low = field.min !== undefined ? Math.ceil(field.min) : 0;
  return [low, low + 1, 0, 1].some((v) => battleWith(system, entry, field.path, v) !== null);
}

/**
 * Paths listed compactly, in order: list indices as ranges and fields of one place together, so a
 * battle of many counters names every knob in one line.
 *
 * @example
 * fieldList(['attackers', 'defender.creatures.0.hits', 'defender.creatures.1.hits', 'defender.creatures.0.count'])
 * // 'attackers, defender.creatures.[0-1].hits, defender.creatures.[0].count'
 */
export function fieldList(paths: readonly string[]): string {
  const groups = new Map<string, number[][]>();
  for (const path of paths) {
    const parts = path.split('.');
    const key = parts.map((p) => (/^\d+$/.test(p) ? '#' : p)).join('.');
    const indices = parts.filter((p) => /^\d+$/.test(p)).map(Number);
    groups.set(key, [...(groups.get(key) ?? []), indices]);
  }
  const written = [...groups].map(([key, tuples]) => {
    if (!key.includes('#')) return key;
    const positions = tuples[0].length;
    if (positions === 1) return key.replace('#', `[${ranges(tuples.map((t) => t[0]))}]`);
    return tuples.map((t) => t.reduce((text, i) => text.replace('#', String(i)), key)).join(', ');
  });
  // Fields of one place with the same indices: `place.{a,b,c}`.
  const merged = new Map<string, string[]>();
  for (const text of written) {
    const cut = text.lastIndexOf('.');
    const place = cut < 0 || !text.includes('[') ? text : text.slice(0, cut);
    merged.set(place, [...(merged.get(place) ?? []), cut < 0 || !text.includes('[') ? '' : text.slice(cut + 1)]);
  }
  return [...merged]
    .map(([place, names]) =>
      names.length === 1 ? (names[0] ? `${place}.${names[0]}` : place) : `${place}.{${names.join(',')}}`,
    )
    .join(', ');
}

function ranges(values: number[]): string {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    out.push(j === i ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out.join(',');
}

/** Where the value a solve starts from is, and the whole numbers the field may take around it. */
export interface KnobRange {
  path: string;
  /** The value that fights the battle as given, else the first whole number the field takes. */
  start: number;
  /** `start` fights the battle as given (the field is written, defaulted, or the rules' value stands). */
  asGiven: boolean;
  from: number;
  to: number;
  /** The range was cut at MAX_REACH from the start (the schema allows more). */
  cut: boolean;
  /** The range was asked for (`--solve-range`, `range`), within what the field takes. */
  asked: boolean;
  /** The field is written in the entry (else left out: its default or the rules' value stands). */
  written: boolean;
  /** The schema's words for the field, when it has them. */
  description?: string;
}

/** Where a solve is asked, for errors: the file or command and the field holding the request. */
export interface Where {
  source: string;
  field: string;
  /** The field holding the range, when one is asked (`--solve-range`, `...solveFor.range`). */
  rangeField?: string;
}

/**
 * The field a solve asks for, checked against the entry: `name` is an entry path, or a front
 * end's name for one (`aliases`: the command line's flag). Throws InputError naming `field`,
 * with the entry's fields, when it is no numeric field of the entry; and naming the range's field
 * when `range` reaches beyond the values the field takes here.
 */
export function knobRange(
  system: RuleSystem,
  entry: unknown,
  name: string,
  where: Where,
  aliases: (name: string) => string | undefined = () => undefined,
  range?: readonly [number, number],
  /** A sweep's cell: the range asked is searched within what the field takes here (else refused beyond it). */
  within = false,
): KnobRange {
  const fields = knobs(system, entry);
  const paths = fields.map((f) => f.path);
  const path = paths.includes(name) ? name : (aliases(name) ?? name);
  const list = `this battle's numeric fields: ${fieldList(paths) || 'none'}`;
  const knob = fields.find((f) => f.path === path);
  if (!knob) {
    const what = valueAt(entry, path) === undefined ? 'is not a field of this battle' : 'is not a numeric field';
    throw new InputError(where.source, where.field, `'${name}' ${what}; ${list}`);
  }
  const current = valueAt(entry, path);
  if (typeof current === 'number' && !Number.isInteger(current))
    throw new InputError(where.source, where.field, `'${name}' is ${current}: only whole-number fields are solved for`);
  const valid = (v: number) => battleWith(system, entry, path, v) !== null;
  const start = knob.start ?? [knob.min ?? 0, 0, 1].map((v) => Math.ceil(v)).find((v) => valid(v));
  if (start === undefined) throw new InputError(where.source, where.field, `'${name}' takes no number; ${list}`);
  const down = edge(valid, start, -1);
  const up = edge(valid, start, +1);
  const common = {
    path,
    asGiven: knob.start !== undefined,
    written: knob.written,
    ...(knob.description ? { description: knob.description } : {}),
  };
  if (!range) return { ...common, start, from: down.value, to: up.value, cut: down.cut || up.cut, asked: false };
  const [lo, hi] = range;
  const field = where.rangeField ?? where.field;
  if (!(Number.isInteger(lo) && Number.isInteger(hi) && lo <= hi))
    throw new InputError(where.source, field, `${lo}:${hi} is not a range of whole numbers, low to high`);
  const from = within ? Math.max(lo, down.value) : lo;
  const to = within ? Math.min(hi, up.value) : hi;
  if (from < down.value || to > up.value || from > to)
    throw new InputError(
      where.source,
      field,
      `${lo}:${hi} reaches beyond the values '${name}' takes in this battle (${down.value} to ${up.value})`,
    );
  const inside = start >= from && start <= to;
  return {
    ...common,
    asGiven: common.asGiven && inside,
    start: inside ? start : from,
    from,
    to,
    cut: false,
    asked: true,
  };
}

/**
 * A value of the field in the knob's own words: the text the validated entry holds for it (fort 3 is
 * `castle`), or the number itself.
 */
export function knobWord(system: RuleSystem, entry: unknown, path: string, value: number): string {
  const at = battleWith(system, entry, path, value);
  const held = at ? valueAt(at.entry, path) : undefined;
  return typeof held === 'string' ? held : String(value);
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
