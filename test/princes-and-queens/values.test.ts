import { describe, expect, it } from 'vitest';
import { princesAndQueens as system } from '../../src/systems/princes-and-queens/index.js';
import { attackValue, defenceValue, princeValue, resolveAttack } from '../../src/systems/princes-and-queens/values.js';
import type { PqSolution } from '../../src/systems/princes-and-queens/summarize.js';

function problems(raw: unknown): string[] {
  const parsed = system.battleSchema.safeParse(raw);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  return system.check!(parsed.data).map((i) => `${i.path.join('.')}: ${i.message}`);
}

function attack(raw: unknown) {
  const parsed = system.battleSchema.safeParse(raw);
  if (!parsed.success) throw new Error(parsed.error.message);
  expect(system.check!(parsed.data)).toEqual([]);
  const battle = system.compile(parsed.data, 'test');
  expect(battle.tallySize).toBe(0);
  const exact = system.solve!(battle.plan) as PqSolution;
  const report = system.summarize({ battle, tally: null, trials: 0, partial: false, exact });
  return { exact, report, json: report.json as Record<string, unknown> };
}

describe("the seed's worked examples", () => {
  it('a Prince attacking a plain hex 3 hexes from his Queen has Battle value 2', () => {
    expect(attackValue(1, 3)).toBe(2);
    expect(attack({ distance: 3, terrain: 'plain', defender: 'city' }).json.attackerValue).toBe(2);
  });

  it('a Prince in a mountain one hex from his Queen defends with 8', () => {
    expect(defenceValue({ kind: 'prince', terrain: 'mountain', distance: 1, withCity: false }).value).toBe(8);
  });

  it('attacker 2 hexes from his Queen (3) cannot attack a mountain Prince 3 hexes from his (4)', () => {
    const { json, report } = attack({ distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 });
    expect(json).toMatchObject({ attackerValue: 3, defenderValue: 4, possible: false });
    expect(json.result).toContain('not possible');
    expect(report.method).toBe('exact');
  });
});

describe('Battle values', () => {
  it('Queen 4 in a plain, 7 in a mountain; City 3 and 5', () => {
    expect(defenceValue({ kind: 'queen', terrain: 'plain', withCity: false }).value).toBe(4);
    expect(defenceValue({ kind: 'queen', terrain: 'mountain', withCity: false }).value).toBe(7);
    expect(defenceValue({ kind: 'city', terrain: 'plain', withCity: false }).value).toBe(3);
    expect(defenceValue({ kind: 'city', terrain: 'mountain', withCity: false }).value).toBe(5);
  });

  it('a pawn with a City in a plain adds plain values', () => {
    expect(defenceValue({ kind: 'queen', terrain: 'plain', withCity: true }).value).toBe(4 + 3);
    expect(defenceValue({ kind: 'prince', terrain: 'plain', distance: 2, withCity: true }).value).toBe(3 + 3);
  });

  it("a pawn with a City in a mountain adds the pawn's plain value and the City's mountain value", () => {
    expect(defenceValue({ kind: 'queen', terrain: 'mountain', withCity: true }).value).toBe(4 + 5);
    // The Prince is not doubled: 5 - 1 = 4, plus 5.
    expect(defenceValue({ kind: 'prince', terrain: 'mountain', distance: 1, withCity: true }).value).toBe(4 + 5);
  });

  it('two Princes in one hex attack together and add their values', () => {
    expect(attackValue(2, 2)).toBe(6);
    // One Prince (3) cannot beat a plain Queen (4); two can (6).
    expect(attack({ distance: 2, terrain: 'plain', defender: 'queen' }).json.possible).toBe(false);
    expect(attack({ princes: 2, distance: 2, terrain: 'plain', defender: 'queen' }).json).toMatchObject({
      attackerValue: 6,
      possible: true,
    });
  });

  it("a Prince's value never goes below 0", () => {
    expect(princeValue(5)).toBe(0);
    expect(princeValue(8)).toBe(0);
  });

  it('a successful attack on a City switches it to the attacker', () => {
    expect(attack({ distance: 1, terrain: 'plain', defender: 'city' }).json.result).toContain(
      'City switches to the attacker',
    );
  });
});

describe('the tie reading switch', () => {
  const tie = { distance: 1, terrain: 'plain', defender: 'queen' }; // 4 against 4
  it('default: equal values allow the attack and the attacker wins', () => {
    expect(attack(tie).json).toMatchObject({ attackerValue: 4, defenderValue: 4, possible: true });
  });
  it('not-possible: equal values do not allow the attack', () => {
    expect(attack({ ...tie, ties: 'not-possible' }).json.possible).toBe(false);
  });
  it('the readings agree when the values differ', () => {
    const d = { kind: 'city', terrain: 'plain', withCity: false } as const;
    expect(resolveAttack(1, 1, d, 'attacker-wins').possible).toBe(resolveAttack(1, 1, d, 'not-possible').possible);
  });
});

describe('bad inputs get clear errors', () => {
  const cases: Array<[string, unknown, string]> = [
    ['distance < 0', { distance: -1, terrain: 'plain', defender: 'city' }, 'distance must be >= 0'],
    [
      'an attacker on his own Queen',
      { distance: 0, terrain: 'plain', defender: 'city' },
      "cannot end his move on his own Queen's hex",
    ],
    [
      'defenderDistance < 0',
      { distance: 2, terrain: 'plain', defender: 'prince', defenderDistance: -2 },
      'defenderDistance must be >= 0',
    ],
    [
      'a defending Prince without a distance',
      { distance: 2, terrain: 'plain', defender: 'prince' },
      'a defending Prince needs defenderDistance',
    ],
    [
      'a distance for a Queen',
      { distance: 2, terrain: 'plain', defender: 'queen', defenderDistance: 1 },
      'defenderDistance only applies to a defending Prince',
    ],
    [
      'three attacking Princes',
      { princes: 3, distance: 2, terrain: 'plain', defender: 'queen' },
      'princes must be 1 or 2',
    ],
    [
      'an unknown terrain',
      { distance: 2, terrain: 'forest', defender: 'queen' },
      'terrain must be "plain" or "mountain"',
    ],
    [
      'a City with a City',
      { distance: 2, terrain: 'plain', defender: 'city', withCity: true },
      'withCity adds a City to a defending pawn',
    ],
    ['an unknown key', { distance: 2, terrain: 'plain', defender: 'queen', knight: 1 }, 'knight'],
  ];
  for (const [name, raw, message] of cases) {
    it(name, () => expect(problems(raw).join('\n')).toContain(message));
  }
});

describe('table of attack outcomes', () => {
  it('covers one and two Princes, both terrains, every distance and defender, with a heatmap', () => {
    const { report } = attack({ type: 'table', maxDistance: 5 });
    const rows = report.tables!.attacks;
    // 2 attacker sizes x 2 terrains x (5 Princes + 5 Princes with City + Queen + City + Queen with City) x 5 distances.
    expect(rows).toHaveLength(2 * 2 * 13 * 5);
    const row = rows.find(
      (r) =>
        r.attackingPrinces === 1 &&
        r.terrain === 'mountain' &&
        r.attackerDistance === 2 &&
        r.defender === 'Prince at 3',
    )!;
    expect(row).toMatchObject({ attackerValue: 3, defenderValue: 4, possible: false });
    expect(report.charts?.[0].spec).toMatchObject({ config: { font: 'DejaVu Sans' } });
  });
});

describe('odds command', () => {
  it('turns flags into a valid attack', () => {
    const raw = system.odds.toBattle({
      distance: 2,
      princes: 1,
      defender: 'prince',
      defenderDistance: 3,
      terrain: 'mountain',
      ties: 'attacker-wins',
    });
    expect(problems(raw)).toEqual([]);
  });
  it('turns --table into a table entry', () => {
    expect(problems(system.odds.toBattle({ table: true, maxDistance: 4 }))).toEqual([]);
  });
});

describe('verdicts: possible or not, with the values and why', () => {
  it('the seed example that is not possible', () => {
    const { report } = attack({ distance: 2, terrain: 'mountain', defender: 'prince', defenderDistance: 3 });
    expect(report.verdict).toEqual([
      'Not possible: attack 3 (Prince, 5 - 2) is lower than defence 4 (Prince 5 - 3 = 2, doubled defending in a mountain).',
      'The move does not count.',
    ]);
  });

  it('two Princes against a plain Queen', () => {
    const { report } = attack({ princes: 2, distance: 2, terrain: 'plain', defender: 'queen' });
    expect(report.verdict).toEqual([
      'Possible, and the attack wins: 6 (two Princes 3 + 3) against 4 (Queen, plain).',
      'The hex is taken.',
    ]);
  });

  it('equal values name the reading that decides them', () => {
    const wins = attack({ distance: 1, terrain: 'plain', defender: 'queen' }).report.verdict![0];
    const strict = attack({ distance: 1, terrain: 'plain', defender: 'queen', ties: 'not-possible' }).report
      .verdict![0];
    expect(wins).toContain('equal values, which the default "attacker-wins" reading lets through');
    expect(strict).toContain('under the "not-possible" reading a strictly higher value is needed');
  });

  it('a City in the hex switches to the attacker', () => {
    expect(attack({ princes: 2, distance: 1, terrain: 'plain', defender: 'city' }).report.verdict![1]).toBe(
      'The hex is taken and the City switches to the attacker.',
    );
  });

  it('the table verdict gives the farthest distance that still attacks', () => {
    const battle = system.compile(system.battleSchema.parse({ type: 'table', maxDistance: 6 }), 'table');
    const report = system.summarize({
      battle,
      tally: null,
      trials: 0,
      partial: false,
      exact: system.solve!(battle.plan),
    });
    // One Prince in a plain: 5 - a >= 4 (Queen) only at a = 1; >= 3 (City) up to a = 2.
    expect(report.verdict![1]).toMatch(
      /^One Prince, plain hex: Queen 1, City 2, Queen \+ City -; Prince at 1\/2\/3\/4\/5\/6: 1\/2\/3\/4\/6\/6;/,
    );
  });
});

describe('two Princes defending together', () => {
  it('add their values, each doubled in a mountain', () => {
    expect(defenceValue({ kind: 'two-princes', terrain: 'plain', distance: 2, withCity: false }).value).toBe(6);
    expect(defenceValue({ kind: 'two-princes', terrain: 'mountain', distance: 3, withCity: false }).value).toBe(8);
    const { json } = attack({
      princes: 2,
      distance: 1,
      terrain: 'plain',
      defender: 'two-princes',
      defenderDistance: 1,
    });
    expect(json).toMatchObject({ attackerValue: 8, defenderValue: 8, possible: true });
  });
});

describe('the Prince floor reading (princeFloor)', () => {
  it('zero (default) keeps a far Prince at 0; none lets 5 - distance go negative', () => {
    expect(princeValue(7)).toBe(0);
    expect(princeValue(7, 'none')).toBe(-2);
    // A Prince 7 hexes from his Queen against a defending Prince 6 hexes from his: 0 against 0, or -2 against -1.
    const zero = attack({ distance: 7, terrain: 'plain', defender: 'prince', defenderDistance: 6 }).json;
    const none = attack({
      distance: 7,
      terrain: 'plain',
      defender: 'prince',
      defenderDistance: 6,
      princeFloor: 'none',
    }).json;
    expect(zero).toMatchObject({ attackerValue: 0, defenderValue: 0, possible: true });
    expect(none).toMatchObject({ attackerValue: -2, defenderValue: -1, possible: false });
  });

  it('rejects an unknown floor', () => {
    expect(problems({ distance: 2, terrain: 'plain', defender: 'queen', princeFloor: 'minus' }).join()).toContain(
      'princeFloor must be "zero"',
    );
  });
});
