/**
 * A small seeded property-based fuzzer for the command line (no dependency: the suite's own
 * xoshiro128** stream, so a seed replays a run exactly). It generates valid inputs and small
 * corruptions of them (test/fuzz/hostileInputs.test.ts) and checks what the house promises of every
 * answer: exit 0, or one line `battle-odds: error: ...` and exit 2; never an internal error or a
 * stack trace; nothing written outside the sandbox's --out, and no link followed out of it.
 */
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { Xoshiro128 } from '../../src/core/random/xoshiro128.js';
import { stateFromSeed } from '../../src/core/random/seed.js';
import type { CliResult } from './cli.js';

/** How many cases a fuzz suite runs: its default in `npm test`, scaled by BATTLE_ODDS_FUZZ_SCALE (npm run fuzz). */
export function fuzzCases(normal: number): number {
  const scale = Number(process.env.BATTLE_ODDS_FUZZ_SCALE ?? 1);
  return Math.max(1, Math.round(normal * (scale > 0 ? scale : 1)));
}

/** The seed: fixed in `npm test`; BATTLE_ODDS_FUZZ_SEED replays another run (npm run fuzz prints its own). */
export function fuzzSeed(fixed: string): string {
  return process.env.BATTLE_ODDS_FUZZ_SEED || fixed;
}

export class Fuzz {
  private readonly rng: Xoshiro128;
  constructor(readonly seed: string) {
    this.rng = Xoshiro128.fromState(stateFromSeed(seed));
  }
  /** A whole number in [0, n). */
  below(n: number): number {
    return Math.floor(this.rng.nextFloat() * n);
  }
  chance(p: number): boolean {
    return this.rng.nextFloat() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }
}

/** Numbers as a user might type them, valid and not, in every syntax the issue tried. */
export const NUMBER_TEXTS = [
  '',
  ' ',
  '0',
  '1',
  '2',
  '-1',
  '1e3',
  '1_0',
  ' 7 ',
  '+3',
  '2.5',
  '1e999',
  '-1e308',
  '9007199254740993',
  '0x10',
  '0b11',
  '0o7',
  '10%',
  '50 %',
  '0%',
  'NaN',
  'Infinity',
  'abc',
  '1,2',
  '1 0',
  '½',
  '\u001b[31m1',
  '\u202e1',
  '1'.repeat(400),
];

/** Text a user (or an attacker) might put where a name or label goes. */
export const HOSTILE_TEXT = [
  '',
  ' ',
  'x'.repeat(5000),
  '../../escape',
  '/etc/passwd',
  'evil\u001b[2J',
  'half \ud800 emoji',
  '\u202eevil\u202c',
  'line\u2028break',
  '<script>alert(1)</script>',
  '=HYPERLINK("x")',
  'nul\u0000byte',
  '日本語 🎲',
  '__proto__',
  'constructor',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Values a corrupted field may take. */
const HOSTILE_VALUES: Json[] = [
  null,
  true,
  false,
  0,
  -1,
  0.5,
  1e15,
  -1e308,
  1e308,
  2 ** 53,
  2 ** 31,
  [],
  {},
  [1, 2, 3],
  { a: 1 },
  ...HOSTILE_TEXT,
];

/** Every place in a JSON value: the path to it and what is there (arrays of numbers count once each, sampled). */
function places(root: Json, fuzz: Fuzz): Array<{ path: Array<string | number>; value: Json }> {
  const out: Array<{ path: Array<string | number>; value: Json }> = [];
  const walk = (value: Json, at: Array<string | number>, depth: number) => {
    out.push({ path: at, value });
    if (depth > 12 || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      // Long lists (a tally's counts): a few of their items, not all.
      const indexes = value.length <= 8 ? value.map((_, i) => i) : [0, value.length - 1, fuzz.below(value.length)];
      for (const i of indexes) walk(value[i], [...at, i], depth + 1);
    } else for (const [key, child] of Object.entries(value)) walk(child, [...at, key], depth + 1);
  };
  walk(root, [], 0);
  return out;
}

function setAt(root: Json, at: Array<string | number>, value: Json | undefined): Json {
  if (at.length === 0) return value ?? null;
  const copy = structuredClone(root) as Record<string | number, Json>;
  let node = copy as Record<string | number, Json>;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, Json>;
  const last = at[at.length - 1];
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** One small corruption of a JSON value, at a random place: what it did, and the new value. */
export function corrupt(root: Json, fuzz: Fuzz): { what: string; value: Json } {
  const all = places(root, fuzz).filter((p) => p.path.length > 0);
  const { path: at, value } = fuzz.pick(all);
  const where = at.join('.');
  const kind = fuzz.below(7);
  if (kind === 0) return { what: `removed ${where}`, value: setAt(root, at, undefined) };
  if (kind === 1 && typeof value === 'number') {
    const next = fuzz.pick([value + 1, value - 1, value * 1000, -value, value + 0.5, 1e15, -1e300, 1e308]);
    return { what: `${where}: ${value} -> ${next}`, value: setAt(root, at, next) };
  }
  if (kind === 2 && typeof value === 'string') {
    const next = fuzz.pick(HOSTILE_TEXT);
    return { what: `${where}: text -> ${JSON.stringify(next.slice(0, 20))}`, value: setAt(root, at, next) };
  }
  if (kind === 3 && Array.isArray(value) && value.length > 0) {
    const copy = [...value, value[fuzz.below(value.length)]];
    return { what: `${where}: an item repeated`, value: setAt(root, at, copy) };
  }
  if (kind === 4 && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const key = fuzz.pick(['extra', '__proto__', 'constructor', 'é', '']);
    return { what: `${where}: unknown key '${key}'`, value: setAt(root, [...at, key], 1) };
  }
  const next = fuzz.pick(HOSTILE_VALUES);
  return { what: `${where} -> ${JSON.stringify(next)?.slice(0, 20)}`, value: setAt(root, at, next) };
}

/** Every entry under `dir` but `skip` (relative paths): its kind and, for a file, its bytes; a link, its target. */
export function snapshotTree(dir: string, skip: readonly string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const child = path.join(rel, name);
      if (skip.includes(child)) continue;
      const full = path.join(dir, child);
      const stats = lstatSync(full);
      if (stats.isSymbolicLink()) out.set(child, `link ${readlinkSync(full)}`);
      else if (stats.isDirectory()) {
        out.set(child, 'folder');
        walk(child);
      } else if (stats.isFile()) out.set(child, `file ${readFileSync(full).toString('base64')}`);
      else out.set(child, 'other');
    }
  };
  walk('');
  return out;
}

/**
 * What every answer must be: exit 0, or exit 2 with exactly one `battle-odds: error:` line (other
 * lines are notes: the queue's, a run's size); never an internal error or a stack trace.
 */
export function houseRuleBroken(r: CliResult): string | null {
  if (/internal error|\n\s+at |Error: .*\n\s+at /.test(r.stderr)) return 'an internal error or a stack trace';
  if (r.code === 0) return null;
  if (r.code !== 2) return `exit ${r.code}`;
  const errors = r.stderr.split('\n').filter((l) => l.startsWith('battle-odds: error: '));
  if (errors.length !== 1) return `${errors.length} error lines`;
  if (errors[0].length > 500) return 'an error line of more than 500 characters';
  return null;
}
