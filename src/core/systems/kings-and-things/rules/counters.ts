/**
 * Counters in a battle, resolved from scenario input: creatures and special characters
 * (from the bundled roster by name, or described inline), forts, cities and villages.
 *
 * Inline text form: `[<n>x ]<Name>[:<value><flags>]`, flags `*` magic, `R` ranged,
 * `C` charge (two dice), `F` flying; e.g. `Dragon:3*CF`, `3x Elves:2R`, `Giant Spider`.
 */
import { lookUp, statCode } from './roster.js';

/** Combat steps in the order they are fought. */
export const MAGIC = 0;
export const RANGED = 1;
export const MELEE = 2;
export const STEP_NAMES = ['magic', 'ranged', 'melee'] as const;

export type CounterKind = 'creature' | 'character' | 'fort' | 'city' | 'village';

export interface Counter {
  name: string;
  kind: CounterKind;
  /** Printed combat value (forts: level; city 2, village 1). */
  value: number;
  step: number;
  /** Dice rolled per step: 2 for charging creatures. */
  dice: number;
  flying: boolean;
  /** House-rule knob: hits a creature takes before it is eliminated (1 by the rules, 11.52). */
  hits: number;
  /** House-rule knob: added to the hit number (a die <= value + hitModifier hits). */
  hitModifier: number;
}

/** Forts, cities and villages absorb hits up to their value and fight on reduced. */
export const isBuilding = (c: Pick<Counter, 'kind'>) => c.kind === 'fort' || c.kind === 'city' || c.kind === 'village';

export const FORT_NAMES = ['none', 'tower', 'keep', 'castle', 'citadel'] as const;
export type FortName = (typeof FORT_NAMES)[number];

/** A validated entry's fort name as a level 0-4 (absent: no fort). */
export const fortLevelOf = (fort: FortName | undefined): number => FORT_NAMES.indexOf(fort ?? 'none');

/** Tower 1 and keep 2 fire in melee, castle 3 is ranged, citadel 4 magic (12.3). */
export function fortCounter(level: number): Counter {
  const step = level === 4 ? MAGIC : level === 3 ? RANGED : MELEE;
  const name = FORT_NAMES[level];
  const title = name[0].toUpperCase() + name.slice(1);
  return { name: title, kind: 'fort', value: level, step, dice: 1, flying: false, hits: 1, hitModifier: 0 };
}

export const cityCounter = (): Counter => ({
  name: 'City',
  kind: 'city',
  value: 2,
  step: MELEE,
  dice: 1,
  flying: false,
  hits: 1,
  hitModifier: 0,
});
export const villageCounter = (): Counter => ({
  name: 'Village',
  kind: 'village',
  value: 1,
  step: MELEE,
  dice: 1,
  flying: false,
  hits: 1,
  hitModifier: 0,
});

export interface CreatureStats {
  value: number;
  magic: boolean;
  ranged: boolean;
  charge: boolean;
  flying: boolean;
  /** House-rule knobs (not official rules): see Counter. Absent = the rules' 1 hit and no modifier. */
  hits?: number;
  hitModifier?: number;
}

/**
 * A creature as the validated entry holds it: the input object form with every field
 * filled in (the house-rule knobs only when set), so the entry validates again to itself.
 */
export interface CreatureSpec extends CreatureStats {
  name: string;
}

export function creatureSpec(c: Counter): CreatureSpec {
  return {
    name: c.name,
    value: c.value,
    magic: c.step === MAGIC,
    ranged: c.step === RANGED,
    charge: c.dice === 2,
    flying: c.flying,
    ...(c.hits !== 1 ? { hits: c.hits } : {}),
    ...(c.hitModifier !== 0 ? { hitModifier: c.hitModifier } : {}),
  };
}

export function creatureCounter(name: string, s: CreatureStats, kind: 'creature' | 'character' = 'creature'): Counter {
  return {
    name,
    kind,
    value: s.value,
    step: s.magic ? MAGIC : s.ranged ? RANGED : MELEE,
    dice: s.charge ? 2 : 1,
    flying: s.flying,
    hits: s.hits ?? 1,
    hitModifier: s.hitModifier ?? 0,
  };
}

/** The chance one die hits for a counter fighting at `current`: a die <= current + modifier, within 0-6. */
export function hitChance(current: number, hitModifier: number): number {
  const n = current + hitModifier;
  return (n < 0 ? 0 : n > 6 ? 6 : n) / 6;
}

export type Resolved = { ok: true; counters: Counter[] } | { ok: false; message: string };

/** Parse the stat code after the colon: `3`, `3*`, `2R`, `4C`, `3*CF`. */
export function parseStatCode(code: string): CreatureStats | string {
  const m = /^([1-6])([*RCF]*)$/i.exec(code.trim());
  if (!m) {
    return (
      `bad stat code '${code}': expected a combat value 1-6 followed by flags ` +
      "* (magic), R (ranged), C (charge), F (flying), e.g. '3*C'"
    );
  }
  const flags = m[2].toUpperCase();
  const stats = {
    value: Number(m[1]),
    magic: flags.includes('*'),
    ranged: flags.includes('R'),
    charge: flags.includes('C'),
    flying: flags.includes('F'),
  };
  return stats.magic && stats.ranged
    ? `bad stat code '${code}': a counter fires in one step, magic (*) or ranged (R), not both`
    : stats;
}

/** A creature or special character by its roster name; ambiguous names must be written with their stats. */
export function fromRoster(name: string): Counter | string {
  const matches = lookUp(name);
  if (matches.length === 0)
    return (
      `unknown creature '${name.trim()}' ` + `(not in the bundled roster; describe it inline, e.g. '${name.trim()}:3R')`
    );
  const variants = [...new Map(matches.map((c) => [statCode(c), c])).values()];
  if (variants.length > 1) {
    const options = variants.map((c) => `'${c.name}:${statCode(c)}'${c.terrain ? ` (${c.terrain})` : ''}`).join(', ');
    return (
      `creature '${name.trim()}' is ambiguous in the bundled roster (several counters share the name): ` +
      `write one of ${options}`
    );
  }
  const c = variants[0];
  return creatureCounter(c.name, c, c.kind);
}

/** Resolve one text entry (`3x Elves:2R`) into its counters. */
export function resolveText(text: string): Resolved {
  const m = /^\s*(?:(\d+)\s*x\s+)?(.+?)\s*$/i.exec(text);
  if (!m || m[2] === '') return { ok: false, message: `empty creature entry '${text}'` };
  const count = m[1] === undefined ? 1 : Number(m[1]);
  if (count < 1 || count > MAX_COUNTERS_PER_SIDE)
    return { ok: false, message: `count in '${text}' must be 1-${MAX_COUNTERS_PER_SIDE}` };
  const body = m[2];
  const colon = body.lastIndexOf(':');
  let counter: Counter;
  if (colon >= 0) {
    const name = body.slice(0, colon).trim();
    if (name === '') return { ok: false, message: `creature '${body}' needs a name before the ':'` };
    const stats = parseStatCode(body.slice(colon + 1));
    if (typeof stats === 'string') return { ok: false, message: stats };
    const known = lookUp(name);
    counter = creatureCounter(
      name,
      stats,
      known.length > 0 && known.every((c) => c.kind === 'character') ? 'character' : 'creature',
    );
  } else {
    const found = fromRoster(body);
    if (typeof found === 'string') return { ok: false, message: found };
    counter = found;
  }
  return { ok: true, counters: Array.from({ length: count }, () => ({ ...counter })) };
}

/** Creatures plus characters per side; a K&T hex holds at most 10 creatures per player (9.2), so this is roomy. */
export const MAX_COUNTERS_PER_SIDE = 30;

/** The counters a side's validated creature list stands for. */
export function countersOf(specs: readonly CreatureSpec[]): Counter[] {
  return specs.map((s) => creatureCounter(s.name, s));
}
