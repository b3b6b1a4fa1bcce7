/** Bad input gets a clear error; odds flags and bundled scenarios parse. */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOLD_RETREATED } from '../../../../src/core/systems/kings-and-things/duel/plan.js';
import { kingsAndThingsForm } from '../../../../src/core/systems/kings-and-things/form.js';
import { entryFromWords } from '../../../helpers/form.js';
import { compileEntry, duelOf, exactOf, problems, unsolvedReason } from './helpers.js';

const army = { creatures: ['Orc:2'] };

describe('bad scenario input', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    [
      'unknown creature name',
      { attacker: { creatures: ['Goblinn'] }, defender: army },
      /unknown creature 'Goblinn' \(not in the bundled roster/,
    ],
    [
      'ambiguous roster name',
      { attacker: { creatures: ['Elves'] }, defender: army },
      /'Elves' is ambiguous.*'Elves:2R'.*'Elves:3R'/,
    ],
    ['bad inline stat code', { attacker: { creatures: ['Orc:7'] }, defender: army }, /bad stat code '7'/],
    [
      'magic and ranged at once',
      { attacker: { creatures: ['Orc:3*R'] }, defender: army },
      /magic \(\*\) or ranged \(R\), not both/,
    ],
    ['fort level out of range', { attacker: army, defender: { fort: 5 } }, /fort level 5 is out of range/],
    [
      'unknown fort name',
      { attacker: army, defender: { fort: 'palace' } },
      /fort must be one of none, tower, keep, castle, citadel/,
    ],
    [
      'retreating defender of an unexplored hex',
      { unexplored: true, attacker: army, defender: { ...army, retreat: { afterRounds: 2 } } },
      /unexplored hex never retreat/,
    ],
    [
      'a fort in an unexplored hex',
      { unexplored: true, attacker: army, defender: { fort: 'tower' } },
      /unexplored hex has no fort/,
    ],
    [
      'city and village together',
      { attacker: army, defender: { city: true, village: true } },
      /defender\.village: a hex holds one fort and at most one special income counter .* has 2: a city, a village/,
    ],
    [
      'unknown income counter',
      { attacker: army, defender: { income: ['Gold Mien'] } },
      /unknown special income counter 'Gold Mien'/,
    ],
    [
      'loss order naming a missing counter',
      { attacker: { ...army, losses: ['Dragon'] }, defender: army },
      /loss order names 'Dragon'/,
    ],
    [
      'unknown loss policy',
      { attacker: { ...army, losses: 'random' }, defender: army },
      /loss policy must be one of weakest-first/,
    ],
    ['empty attacker', { attacker: { creatures: [] }, defender: army }, /attacker needs at least one creature/],
    ['unknown key', { attacker: army, defender: army, fortress: true }, /fortress/],
    [
      'outnumbered ratio below 1',
      { attacker: { ...army, retreat: { whenOutnumbered: 0.5 } }, defender: army },
      /outnumbered ratio must be at least 1/,
    ],
  ];
  for (const [name, entry, message] of cases) {
    it(name, () => expect(problems(entry).join('\n')).toMatch(message));
  }
  it('an unexplored hex accepts a defender retreat that sets no condition ({} is never)', () => {
    expect(problems({ unexplored: true, attacker: army, defender: { ...army, retreat: {} } })).toEqual([]);
    // Over an unexplored hex the first player is an army like the others (11.92), not the hex's
    // drawn defenders: he may retreat.
    expect(
      problems({ type: 'multi', unexplored: true, players: [{ ...army, retreat: { whenDownTo: 0 } }, army] }),
    ).toEqual([]);
  });
  it('the validated entry holds every creature as a full object and the fort by name, and validates to itself', () => {
    const battle = compileEntry({
      attacker: { creatures: ['2x Knight:3C', 'Giant Spider'] },
      defender: { fort: 3, creatures: [{ name: 'Archer', value: 2, ranged: true }] },
    });
    const entry = battle.entry as { attacker: { creatures: unknown[] }; defender: { fort: unknown } };
    expect(entry.attacker.creatures[0]).toEqual({
      name: 'Knight',
      value: 3,
      magic: false,
      ranged: false,
      charge: true,
      flying: false,
    });
    expect(entry.attacker.creatures).toHaveLength(3);
    expect(entry.defender.fort).toBe('castle');
    expect(compileEntry(JSON.parse(JSON.stringify(battle.entry))).entry).toEqual(battle.entry);
  });
  it('the removed battle type fort-levels is refused with the known types', () => {
    expect(problems({ type: 'fort-levels', attacker: army }).join('\n')).toMatch(/type/);
  });
  it('a good entry has no problems (type defaults to battle)', () => {
    expect(
      problems({
        attacker: { creatures: ['Giant Spider', '2x Knight:3C'] },
        defender: { fort: 'castle', creatures: ['Dervish'] },
      }),
    ).toEqual([]);
  });
});

describe('hex contents (12.13): one fort plus at most one special income counter', () => {
  // "A hex may never have more than one fort in it. It can contain both a fort and a special income
  // counter, though." Cities and villages are special income counters (11.72).
  const hex = (d: Record<string, unknown>) => problems({ attacker: army, defender: { fort: 'keep', ...d } });
  it('accepts a fort with one city, one village or one income counter', () => {
    expect(hex({ city: true })).toEqual([]);
    expect(hex({ village: true })).toEqual([]);
    expect(hex({ income: ['Gold Mine'] })).toEqual([]);
  });
  it('refuses a second special income counter of any kind', () => {
    expect(hex({ city: true, income: ['Gold Mine'] }).join('\n')).toMatch(
      /defender\.income: .*at most one special income counter .*has 2: a city, Gold Mine/,
    );
    expect(hex({ income: ['Gold Mine', 'Silver Mine'] }).join('\n')).toMatch(/has 2: Gold Mine, Silver Mine/);
    expect(
      problems({
        type: 'multi',
        players: [{ creatures: ['Orc:2'], village: true, income: ['Copper Mine'] }, army],
      }).join('\n'),
    ).toMatch(/players\.0\.income: .*has 2: a village, Copper Mine/);
  });
  it('the one counter allowed takes the post-battle roll: destroyed 1/3 of the time (a 1 or a 6)', () => {
    const battle = duelOf({ attacker: army, defender: { fort: 'keep', income: ['Gold Mine'] } });
    const L = battle.plan.at;
    expect(battle.plan.specials).toBe(1);
    expect(Array.from(exactOf(battle).subarray(L.specialsDestroyed, L.specialsDestroyed + 2))).toEqual([
      expect.closeTo(2 / 3, 12),
      expect.closeTo(1 / 3, 12),
    ]);
  });
});

describe('the question form (odds kings-and-things, the page)', () => {
  const toEntry = (...words: string[]) => entryFromWords(kingsAndThingsForm, words);
  it('a battle', () => {
    const entry = toEntry(
      ...['--attackers', 'Giant:4, Elves:2R, Dragon:3*C', '--defenders', 'Nomads', '--fort', 'castle', '--city'],
      ...['--retreat', 'rounds:3+outnumbered:2'],
    );
    expect(problems(entry)).toEqual([]);
  });
  it('retreat hexes: none, or the friendly creatures already there', () => {
    const entry = toEntry(
      '--attackers',
      'Orc:2',
      '--defenders',
      'Orc:2',
      '--retreat-hex',
      'none',
      '--defender-retreat-hex',
      '9',
    ) as {
      attacker: { retreatHex: unknown };
      defender: { retreatHex: unknown };
    };
    expect(entry.attacker.retreatHex).toBe(false);
    expect(entry.defender.retreatHex).toEqual({ creatures: 9 });
    expect(problems(entry)).toEqual([]);
    expect(problems(toEntry('--attackers', 'Orc:2', '--retreat-hex', 'lots')).join('\n')).toMatch(/retreatHex/);
  });
  it('exploration', () => {
    expect(problems(toEntry('--attackers', 'Old Dragon, Sphinx', '--explore', '--bribe', '5'))).toEqual([]);
    const creatures = toEntry('--attackers', 'Old Dragon', '--explore', '--cup', 'creatures') as { cup: unknown };
    expect(creatures.cup).toBe('creatures');
    expect(problems(creatures)).toEqual([]);
    expect(problems(toEntry('--attackers', 'Old Dragon', '--explore', '--cup', 'sack')).join('\n')).toMatch(/cup/);
  });
  it('--fort-levels is refused: the fort-level sweep answers it (odds answers one battle)', () => {
    expect(() => toEntry('--attackers', 'Giant:4, 2x Orc:2', '--fort-levels')).toThrow(
      expect.objectContaining({ key: 'fortLevels', problem: { reason: 'retired' } }),
    );
    expect(kingsAndThingsForm.fields.find((f) => f.key === 'fortLevels')?.cli.retired).toMatch(
      /^compares several battles .* odds answers one: run the fort-level sweep/,
    );
  });
  it('a single loss name that is not a policy is a one-element explicit order', () => {
    const entry = toEntry('--attackers', 'Giant:4, Orc:2', '--attacker-losses', 'Giant') as {
      attacker: { losses: unknown };
    };
    expect(entry.attacker.losses).toEqual(['Giant']);
    expect(problems(entry)).toEqual([]);
    const policy = toEntry('--attackers', 'Orc:2', '--attacker-losses', 'protect-strongest') as {
      attacker: { losses: unknown };
    };
    expect(policy.attacker.losses).toBe('protect-strongest');
  });
  it('fields the chosen kind of question would ignore are refused', () => {
    const refused = (words: string[], key: string) =>
      expect(() => toEntry('--attackers', 'Orc:2', ...words)).toThrow(
        expect.objectContaining({ key, problem: expect.objectContaining({ reason: 'elsewhere' }) }),
      );
    refused(['--bribe', '5'], 'bribe');
    refused(['--cup', 'creatures'], 'cup');
    const hex = [['--defenders', 'x'], ['--fort', 'x'], ['--city'], ['--unexplored'], ['--defender-retreat', 'x']];
    for (const words of [...hex, ['--fort-after-retreat', 'x'], ['--defender-retreat-hex', 'x']])
      refused(['--explore', ...words], kingsAndThingsForm.fields.find((f) => f.cli.flag === words[0])!.key);
  });
});

describe('bribery gold', () => {
  const explore = (gold: number) => ({ type: 'explore', explorer: { creatures: ['Giant:4'] }, bribery: { gold } });
  it('is capped at 60 (five defenders of value 6 at double cost) with a message saying why', () => {
    expect(problems(explore(61)).join('\n')).toMatch(/bribery gold above 60 buys nothing more/);
    expect(problems(explore(1e10)).join('\n')).toMatch(/at most 60/);
    expect(problems(explore(-1)).join('\n')).toMatch(/0 or more/);
    expect(problems(explore(60))).toEqual([]);
  });
});

describe('bundled scenarios', () => {
  const dir = join(import.meta.dirname, '..', '..', '..', '..', 'scenarios');
  const files = readdirSync(dir).filter((f) => f.startsWith('kings-and-things-') && f.endsWith('.json'));
  it('exist', () => expect(files.length).toBeGreaterThanOrEqual(5));
  for (const file of files) {
    it(`${file} validates`, () => {
      const scenario = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      expect(scenario.system).toBe('kings-and-things');
      for (const entry of scenario.battles ?? []) expect(problems(entry)).toEqual([]);
    });
  }
  it('every bundled attacker retreat policy that can be solved exactly does trigger', () => {
    let checked = 0;
    for (const file of files) {
      const scenario = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      for (const entry of scenario.battles ?? []) {
        if ((entry.type ?? 'battle') !== 'battle' || !entry.attacker.retreat || entry.attacker.retreat === 'never')
          continue;
        const battle = duelOf(entry);
        if (unsolvedReason(battle)) continue;
        expect(exactOf(battle)[battle.plan.at.outcome + HOLD_RETREATED], entry.label).toBeGreaterThan(0.01);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
