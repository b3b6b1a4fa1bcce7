/**
 * LandGrab's quick entry check (src/core/systems/landgrab/quickEntry.ts) against its schema: on
 * generated entries, valid and not (fields left out, given as undefined, out of range, of the wrong
 * kind, unknown keys, other battle types, objects that are not plain), whatever the quick check
 * accepts the schema accepts too, and parses to the same entry, key for key in the same order, every
 * value the same (Object.is: -0 stays -0). It must also accept what a quick answer from flags gives,
 * or the command line would load zod for it.
 */
import { describe, expect, it } from 'vitest';
import { landgrab } from '../../../../src/core/systems/landgrab/index.js';
import { quickLandgrabEntry } from '../../../../src/core/systems/landgrab/quickEntry.js';

/** A small seeded generator (mulberry32): the same cases on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD = [undefined, null, 'x', '', true, false, NaN, Infinity, -Infinity, -0, 0.5, -1, 1e308, [], {}, 2 ** 53];
const WHOLE = [0, 1, 2, 3, 4, 5, 6, 7, 10, 49, 50, 4999, 5000, 5001];
const VALUES: Record<string, unknown[]> = {
  type: ['battle', 'chain', 'capitol', 'defence', 'Battle'],
  label: ['a label', 'x', '', 'red\u001b[31m', '\ud800', 'ok 攻撃 🎲', ' '],
  attackers: WHOLE,
  attackingArmies: WHOLE,
  attackingLeader: [true, false],
  stopAt: WHOLE,
  attackerDice: WHOLE,
  defenderDice: WHOLE,
  ties: ['defender', 'attacker', 'nobody'],
  fortressBonus: WHOLE,
  leaderBonus: WHOLE,
  defenders: WHOLE,
  fortress: [true, false],
  defendingLeader: [true, false],
  stopRule: [{ objective: 'conquest' }],
  bogus: [1],
};

function generated(next: () => number): unknown {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  const entry: Record<string, unknown> = {};
  const keys = Object.keys(VALUES).filter((key) => key !== 'bogus' && key !== 'stopRule' && key !== 'type');
  // Most cases look like a quick answer's entry: one army convention, defenders, some settings.
  entry[next() < 0.8 ? 'attackers' : 'attackingArmies'] = pick([2, 3, 5, 10, 11, 30, 100]);
  entry.defenders = pick([1, 2, 5, 10, 40]);
  for (const key of keys) if (next() < 0.35) entry[key] = pick(VALUES[key]);
  for (const key of ['type', 'stopRule', 'bogus']) if (next() < 0.08) entry[key] = pick(VALUES[key]);
  if (next() < 0.15) entry[pick(Object.keys(VALUES))] = pick(ODD);
  if (next() < 0.05) delete entry.defenders;
  // The order the keys were given in must not matter.
  const shuffled = Object.fromEntries(Object.entries(entry).sort(() => next() - 0.5));
  const shape = next();
  if (shape < 0.03) return Object.assign(Object.create(null), shuffled);
  if (shape < 0.05) return Object.assign(new (class Entry {})(), shuffled);
  if (shape < 0.06) return pick([null, 'battle', 7, [shuffled]]);
  return shuffled;
}

/** Same keys in the same order, every value the same by Object.is (deeply). */
function sameEntry(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k, i) => k === kb[i] && sameEntry((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

describe('LandGrab quick entry check', () => {
  it('accepts only what the schema accepts, and gives exactly what it parses to (20,000 generated entries)', () => {
    const next = random(27);
    let accepted = 0;
    let valid = 0;
    for (let i = 0; i < 20_000; i++) {
      const entry = generated(next);
      const quick = quickLandgrabEntry(entry);
      const parsed = landgrab.entry.safeParse(entry);
      if (parsed.success) valid++;
      if (quick === undefined) continue;
      accepted++;
      expect(parsed.success, JSON.stringify(entry)).toBe(true);
      expect(sameEntry(quick, parsed.data), `${JSON.stringify(entry)}: ${JSON.stringify(quick)}`).toBe(true);
    }
    // Not vacuous: most valid plain battles are taken the quick way.
    expect(accepted).toBeGreaterThan(valid * 0.5);
    expect(valid).toBeLessThan(20_000);
  });

  it("accepts what the form gives for a quick answer's battle (odds landgrab --attackers 10 --defenders 10)", () => {
    const fromFlags = {
      type: 'battle',
      label: '10 in territory vs 10',
      attackers: 10,
      attackingLeader: false,
      stopAt: 1,
      attackerDice: 3,
      defenderDice: 2,
      ties: 'defender',
      defenders: 10,
      fortress: false,
      defendingLeader: false,
    };
    const quick = quickLandgrabEntry(fromFlags);
    expect(quick).toBeDefined();
    expect(sameEntry(quick, landgrab.entry.parse(fromFlags))).toBe(true);
  });
});
