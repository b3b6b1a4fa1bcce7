/**
 * The Kings & Things counters a player picks from (the page's roster picker; the command
 * line reads the same text): every creature and special character of the bundled roster,
 * and a creature of one's own made from its value, step and flags. An item of the field is
 * written as the command line writes it, `[<n>x ]<Name>[:<value><flags>]` (counters.ts).
 */
import type { CounterCatalogue, CounterItem, CounterWords, CustomStats } from '../../form/form.js';
import { parseStatCode, type CreatureStats } from './rules/counters.js';
import { lookUp, roster, statCode, type RosterCreature } from './rules/roster.js';

const STEPS = [
  { value: 'melee', label: 'Melee' },
  { value: 'ranged', label: 'Ranged' },
  { value: 'magic', label: 'Magic' },
] as const;

/** `4 · ranged · 2 dice · flying`: value, step, dice and flags in a player's words. */
export function statWords(s: CreatureStats): string {
  const step = s.magic ? 'magic' : s.ranged ? 'ranged' : 'melee';
  return [String(s.value), step, s.charge ? '2 dice (charge)' : '1 die', ...(s.flying ? ['flying'] : [])].join(' · ');
}

/** The roster's counters of a name (distinct stats only). */
function variants(name: string): RosterCreature[] {
  return [...new Map(lookUp(name).map((c) => [statCode(c), c])).values()];
}

function read(text: string): CounterItem | null {
  const m = /^\s*(?:(\d+)\s*x\s+)?(.+?)\s*$/i.exec(text);
  if (!m) return null;
  const count = m[1] === undefined ? 1 : Number(m[1]);
  const body = m[2];
  const colon = body.lastIndexOf(':');
  if (colon < 0) return { count, name: body, stats: '' };
  return { count, name: body.slice(0, colon).trim(), stats: body.slice(colon + 1).trim() };
}

function write(item: CounterItem): string {
  return `${item.count > 1 ? `${item.count}x ` : ''}${item.name}${item.stats ? `:${item.stats}` : ''}`;
}

function describe(item: CounterItem): CounterWords {
  const known = variants(item.name);
  if (item.stats === '') {
    if (known.length === 0) return { summary: '', problem: `${item.name} is not in the roster` };
    if (known.length > 1) {
      const which = known.map(statWords).join('; ');
      return {
        summary: '',
        problem: `the roster has ${known.length} counters called ${item.name}: pick one (${which})`,
      };
    }
    return { summary: statWords(known[0]) };
  }
  const stats = parseStatCode(item.stats);
  if (typeof stats === 'string') return { summary: '', problem: stats };
  const summary = statWords(stats);
  // A counter of one's own under a roster name, with other stats: said, so `Giant:4` (a melee Giant) is no surprise.
  if (known.length > 0 && !known.some((c) => statCode(c) === statCode(stats))) {
    const roster = known.map((c) => statWords(c)).join(', or ');
    return { summary, note: `Not the roster's ${item.name} (${roster}): this one is ${summary}.` };
  }
  return { summary };
}

let listed: ReturnType<CounterCatalogue['counters']> | null = null;

/** Creatures and special characters, by name; a name several counters share is listed with each one's stats. */
function counters(): ReturnType<CounterCatalogue['counters']> {
  if (listed) return listed;
  const r = roster();
  const all = [...r.creatures, ...r.characters];
  const seen = new Set<string>();
  listed = all.flatMap((c) => {
    const shared = variants(c.name).length > 1;
    const id = shared ? `${c.name}:${statCode(c)}` : c.name;
    if (seen.has(id)) return [];
    seen.add(id);
    const more = c.kind === 'character' ? 'special character' : c.terrain;
    return [{ id, name: c.name, summary: statWords(c), stats: statCode(c), more }];
  });
  return listed;
}

function writeStats(s: CustomStats): string {
  const flags = s.flags;
  const step = s.kind === 'magic' ? '*' : s.kind === 'ranged' ? 'R' : '';
  return `${s.value}${step}${flags.includes('charge') ? 'C' : ''}${flags.includes('flying') ? 'F' : ''}`;
}

function readStats(text: string): CustomStats | null {
  const s = parseStatCode(text);
  if (typeof s === 'string') return null;
  return {
    value: s.value,
    kind: s.magic ? 'magic' : s.ranged ? 'ranged' : 'melee',
    flags: [...(s.charge ? ['charge'] : []), ...(s.flying ? ['flying'] : [])],
  };
}

export const creatureCatalogue: CounterCatalogue = {
  noun: 'creature',
  counters,
  read,
  write,
  describe,
  custom: {
    value: { label: 'Combat value', min: 1, max: 6 },
    kinds: { label: 'Fires in', choices: STEPS },
    flags: [
      { value: 'charge', label: 'Charges (2 dice)' },
      { value: 'flying', label: 'Flies' },
    ],
    write: writeStats,
    read: readStats,
  },
};

/** Special income counters (a Gold Mine ...): they only count in the roll after the battle. */
export const incomeCatalogue: CounterCatalogue = {
  noun: 'special income counter',
  single: true,
  counters: () => roster().incomeCounters.map((name) => ({ id: name, name, summary: 'income' })),
  read: (text) => {
    const name = text.trim();
    return name ? { count: 1, name, stats: '' } : null;
  },
  write: (item) => item.name,
  describe: (item) =>
    roster().incomeCounters.some((n) => n.toLowerCase() === item.name.toLowerCase())
      ? { summary: 'income' }
      : { summary: '', problem: `${item.name} is not a special income counter` },
};
