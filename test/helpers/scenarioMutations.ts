/**
 * Mutations of scenario files for the fuzz loop: from a fixed seed, each case is a bundled
 * scenario with one to three of: wrong types, huge and exact-breaking numbers, deep nesting,
 * unknown keys, non-ASCII and control characters, empty strings, huge strings, removed keys,
 * emptied or multiplied lists. Numbers JSON.stringify cannot write (9007199254740993,
 * 1e400) go in as raw text.
 */
import { Xoshiro128 } from '../../src/core/random/xoshiro128.js';
import { stateFromSeed } from '../../src/core/random/seed.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Mutant {
  /** What was done, for failure messages. */
  description: string;
  /** The file's text. */
  text: string;
}

/**
 * Text JSON.stringify cannot write (9007199254740993, 1e400) or would overflow the stack on
 * (nesting 5000 deep) goes in as a marked string, replaced by the raw text after stringify.
 */
const RAW = '\u0000raw:';
const raw = (text: string) => `${RAW}${text}`;

const HUGE_NUMBERS: Json[] = [
  1e308,
  -1e308,
  1e21,
  2 ** 31,
  2 ** 53,
  -1,
  0,
  0.5,
  -0.000001,
  raw('9007199254740993'),
  raw('123456789012345678901234567890'),
  raw('1e400'),
  raw('-1e400'),
];
const STRINGS: string[] = [
  '',
  ' ',
  'é',
  '日本語の戦い',
  '🎲🎲🎲',
  '\u202eevil\u202c',
  'line\nbreak',
  'tab\there',
  'nul\u0000byte',
  '=HYPERLINK("http://x")',
  '../../etc/passwd',
  'x'.repeat(5000),
  'landgrab',
  'fortress',
];
const KEYS = ['fortres', '__proto__', 'constructor', 'prototype', '', 'é', 'k'.repeat(1000), 'toString', '$schema'];

export function generateMutants(bases: { name: string; value: Json }[], count: number, seed: string): Mutant[] {
  const rng = Xoshiro128.fromState(stateFromSeed(seed));
  const below = (n: number) => Math.floor(rng.nextFloat() * n);
  const pick = <T>(items: readonly T[]): T => items[below(items.length)];
  const mutants: Mutant[] = [];
  for (let i = 0; i < count; i++) {
    const base = pick(bases);
    const value = structuredClone(base.value);
    const done: string[] = [];
    let root: Json = value;
    for (let m = 0, n = 1 + below(3); m < n; m++) {
      const result = mutate(root, { below, pick });
      root = result.root;
      done.push(result.what);
    }
    mutants.push({ description: `${base.name}: ${done.join('; ')}`, text: serialize(root) });
  }
  return mutants;
}

interface Random {
  below(n: number): number;
  pick<T>(items: readonly T[]): T;
}

/** Every container and leaf with the path to it (not inside a nest an earlier mutation made). */
function locations(root: Json): { path: (string | number)[]; value: Json }[] {
  const out: { path: (string | number)[]; value: Json }[] = [];
  const walk = (value: Json, path: (string | number)[]) => {
    out.push({ path, value });
    if (path.length >= 12) return;
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...path, i]));
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, k]);
  };
  walk(root, []);
  return out;
}

function setAt(root: Json, path: (string | number)[], value: Json | undefined): Json {
  if (path.length === 0) return value === undefined ? null : value;
  let parent = root as Record<string | number, Json>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  const last = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(last as number, 1);
    else delete parent[last];
  } else {
    parent[last] = value;
  }
  return root;
}

function nested(depth: number, asObject: boolean): Json {
  return raw(asObject ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}1${']'.repeat(depth)}`);
}

function mutate(root: Json, r: Random): { root: Json; what: string } {
  const spots = locations(root);
  const spot = r.pick(spots);
  const at = spot.path.join('.') || '(top)';
  const kind = r.below(10);
  switch (kind) {
    case 0: {
      const wrong: Json[] = ['text', 7, true, null, [], {}, [1, 2], { x: 1 }];
      const value = r.pick(
        wrong.filter((w) => typeof w !== typeof spot.value || Array.isArray(w) !== Array.isArray(spot.value)),
      );
      return { root: setAt(root, spot.path, value), what: `wrong type at ${at}` };
    }
    case 1: {
      const numbers = spots.filter((s) => typeof s.value === 'number');
      const target = numbers.length ? r.pick(numbers) : spot;
      const value = r.pick(HUGE_NUMBERS);
      return { root: setAt(root, target.path, value), what: `number ${String(value)} at ${target.path.join('.')}` };
    }
    case 2: {
      const depth = r.pick([20, 70, 300, 5000]);
      return { root: setAt(root, spot.path, nested(depth, r.below(2) === 0)), what: `nested ${depth} deep at ${at}` };
    }
    case 3: {
      const objects = spots.filter((s) => s.value && typeof s.value === 'object' && !Array.isArray(s.value));
      if (!objects.length) return { root, what: 'nothing' };
      const target = r.pick(objects);
      const key = r.pick(KEYS);
      (target.value as Record<string, Json>)[key] = r.pick<Json>([1, 'x', true, null, {}]);
      return { root, what: `unknown key '${key.slice(0, 20)}' at ${target.path.join('.') || '(top)'}` };
    }
    case 4:
    case 5: {
      const strings = spots.filter((s) => typeof s.value === 'string');
      const target = strings.length ? r.pick(strings) : spot;
      const value = r.pick(STRINGS);
      return {
        root: setAt(root, target.path, value),
        what: `string '${value.slice(0, 12)}' at ${target.path.join('.')}`,
      };
    }
    case 6: {
      if (spot.path.length === 0) return { root, what: 'nothing' };
      return { root: setAt(root, spot.path, undefined), what: `removed ${at}` };
    }
    case 7: {
      const arrays = spots.filter((s) => Array.isArray(s.value) && (s.value as Json[]).length > 0);
      if (!arrays.length) return { root, what: 'nothing' };
      const target = r.pick(arrays);
      const list = target.value as Json[];
      const times = r.pick([0, 3, 40]);
      const value = times === 0 ? [] : Array.from({ length: times }, () => structuredClone(list[0]));
      return { root: setAt(root, target.path, value), what: `list at ${target.path.join('.')} x${times}` };
    }
    case 8: {
      const numbers = spots.filter((s) => typeof s.value === 'number');
      const target = numbers.length ? r.pick(numbers) : spot;
      const value = r.pick<Json>([String(target.value), `${String(target.value)} `, '1e3', '0x10', true]);
      return {
        root: setAt(root, target.path, value),
        what: `number as ${JSON.stringify(value)} at ${target.path.join('.')}`,
      };
    }
    default: {
      const value = r.pick<Json>(['x'.repeat(100_000), '', {}, [], null]);
      return { root: setAt(root, spot.path, value), what: `replaced ${at} by ${JSON.stringify(value).slice(0, 10)}` };
    }
  }
}

function serialize(root: Json): string {
  const text = JSON.stringify(root, null, 1);
  return text.replace(/"\\u0000raw:((?:[^"\\]|\\.)*)"/g, (_, body: string) => JSON.parse(`"${body}"`) as string);
}
