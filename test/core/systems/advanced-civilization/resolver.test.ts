import { describe, expect, it } from 'vitest';
import { duel, outcomeOf } from './helpers.js';
import { computeLevels } from '../../../../src/core/systems/advanced-civilization/resolver.js';
import {
  cityThreshold,
  fortBonus,
  type ConflictRules,
} from '../../../../src/core/systems/advanced-civilization/rules.js';

const left = (o: { tokensLeft: number[] }) => o.tokensLeft;

describe('token-against-token removal (24.2x)', () => {
  it('the nation with fewer tokens removes first, then they alternate, until one nation is left', () => {
    // 2 vs 4 in an area of limit 3: A 1/4, B 1/3, A 0/3.
    const o = outcomeOf(duel(3, { tokens: 2 }, { tokens: 4 }));
    expect(left(o)).toEqual([0, 3]);
    expect(o.holderName).toBe('B');
    expect(o.sole).toBe(true);
    expect(o.events.map((e) => e.nations)).toEqual([[0], [1], [0]]);
  });

  it('stops as soon as the total no longer exceeds the limit, leaving both nations', () => {
    // 3 vs 4, limit 5: A 2/4 (6), B 2/3 (5) -> stop.
    const o = outcomeOf(duel(5, { tokens: 3 }, { tokens: 4 }));
    expect(left(o)).toEqual([2, 3]);
    expect(o.sole).toBe(false);
    expect(o.holderName).toBe('B'); // most tokens holds
  });

  it('equal counts remove at the same time (and may undershoot the limit)', () => {
    const o = outcomeOf(duel(5, { tokens: 3 }, { tokens: 3 }));
    expect(left(o)).toEqual([2, 2]); // 6 -> 4, below the limit of 5
    expect(o.events[0].nations).toEqual([0, 1]);
    expect(o.holder).toBe(-1); // a tie with no fort: nobody holds the area
  });

  it('equal counts in a limit-0 area remove each other entirely', () => {
    const o = outcomeOf(duel(0, { tokens: 3 }, { tokens: 3 }));
    expect(left(o)).toEqual([0, 0]);
    expect(o.holder).toBe(-1);
  });

  it('no conflict when the area is not over its limit', () => {
    const o = outcomeOf(duel(6, { tokens: 3 }, { tokens: 3 }));
    expect(left(o)).toEqual([3, 3]);
    expect(o.events).toHaveLength(0);
  });

  it('three or more nations remove in ascending order of strength', () => {
    // A2 B3 C5, limit 4: A 1, B 2, C 4 | A 0, B 1, C 3 (total 4) stop.
    const o = outcomeOf({
      limit: 4,
      nations: [
        { name: 'A', tokens: 2 },
        { name: 'B', tokens: 3 },
        { name: 'C', tokens: 5 },
      ],
    });
    expect(left(o)).toEqual([0, 1, 3]);
    expect(o.holderName).toBe('C');
    expect(o.events.map((e) => e.nations)).toEqual([[0], [1], [2], [0], [1], [2]]);
  });

  it('three nations: the two weakest with equal counts remove together', () => {
    const o = outcomeOf({
      limit: 3,
      nations: [
        { name: 'A', tokens: 3 },
        { name: 'B', tokens: 3 },
        { name: 'C', tokens: 4 },
      ],
    });
    expect(left(o)).toEqual([0, 0, 2]);
    expect(o.events[0].nations).toEqual([0, 1]);
    expect(o.holderName).toBe('C');
  });
});

describe('Metalworking (24.24)', () => {
  it('a holder removes after a non-holder whatever the counts', () => {
    // A (2, Metalworking) vs B 5, limit 3: B 4, A 1, B 3, A 0 -> B keeps 3 (4 without Metalworking).
    expect(left(outcomeOf(duel(3, { tokens: 2, metalworking: true }, { tokens: 5 })))).toEqual([0, 3]);
    expect(left(outcomeOf(duel(3, { tokens: 2 }, { tokens: 5 })))).toEqual([0, 4]);
  });

  it('breaks a tie of equal counts in favour of the holder', () => {
    // 4 vs 4, limit 3: with Metalworking A keeps 2 against 1; without, 1 and 1.
    const mw = outcomeOf(duel(3, { tokens: 4, metalworking: true }, { tokens: 4 }));
    expect(left(mw)).toEqual([2, 1]);
    expect(mw.holderName).toBe('A');
    expect(left(outcomeOf(duel(3, { tokens: 4 }, { tokens: 4 })))).toEqual([1, 1]);
  });

  it('two holders resolve by counts as if neither held it', () => {
    expect(left(outcomeOf(duel(3, { tokens: 2, metalworking: true }, { tokens: 4, metalworking: true })))).toEqual([
      0, 3,
    ]);
  });
});

describe('Advantage Levels: Military and Mathematics only with Army tokens', () => {
  const rules = (military: boolean, mathematics: boolean): ConflictRules => ({
    limit: 1,
    names: ['A', 'B'],
    metalworking: [true, false],
    engineering: [false, false],
    military: [military, false],
    mathematics: [mathematics, false],
    fortOwner: -1,
    cityOwner: -1,
    reading: 'order',
    fortWhereCityDestroyed: 'removed',
    fortEngineeringOpponents: 'any',
    replacedCityTieBreak: 'owner',
  });
  it('counts Metalworking always, Military and Mathematics only while the nation has Army tokens', () => {
    const levels = new Int32Array(2);
    computeLevels(rules(true, true), Int32Array.of(3, 3), Int32Array.of(1, 0), levels);
    expect(Array.from(levels)).toEqual([3, 0]);
    computeLevels(rules(true, true), Int32Array.of(3, 3), Int32Array.of(0, 0), levels);
    expect(Array.from(levels)).toEqual([1, 0]);
    computeLevels(rules(false, true), Int32Array.of(3, 3), Int32Array.of(2, 0), levels);
    expect(Array.from(levels)).toEqual([2, 0]);
  });

  it('Army tokens are removed last, so the advantage lasts while the nation is in the area', () => {
    // A 3 tokens (1 Army, Military) vs B 3, limit 1: B removes first every round; A keeps its Army token.
    const o = outcomeOf(duel(1, { tokens: 3, armies: 1, military: true }, { tokens: 3 }));
    expect(left(o)).toEqual([1, 0]);
    expect(o.armiesLeft).toEqual([1, 0]);
    // Military without Army tokens gives nothing: equal counts remove together down to 0 / 0.
    expect(left(outcomeOf(duel(1, { tokens: 3, military: true, mathematics: true }, { tokens: 3 })))).toEqual([0, 0]);
  });
});

describe('forts and Engineering (seed 003)', () => {
  it('fort bonus: +1 both or neither hold Engineering, +2 only the controller, 0 only the opponent', () => {
    expect(fortBonus(false, false)).toBe(1);
    expect(fortBonus(true, true)).toBe(1);
    expect(fortBonus(true, false)).toBe(2);
    expect(fortBonus(false, true)).toBe(0);
  });

  // A (4) attacks B (4) who controls the fort, area limit 3.
  const fortDuel = (aEng: boolean, bEng: boolean, reading = 'order') =>
    outcomeOf(
      duel(
        3,
        { tokens: 4, engineering: aEng },
        { tokens: 4, engineering: bEng },
        { fort: { owner: 'B' }, advantageReading: reading },
      ),
    );

  it('neither holds Engineering: the fort gives +1, the attacker removes first, the defender keeps 2 against 1', () => {
    const o = fortDuel(false, false);
    expect(o.events[0].levels).toEqual([0, 1]);
    expect(left(o)).toEqual([1, 2]);
    expect(o.holderName).toBe('B');
    expect(o.fort).toBe('kept');
  });

  it('both hold Engineering: +1 again, same result', () => {
    const o = fortDuel(true, true);
    expect(o.events[0].levels).toEqual([0, 1]);
    expect(left(o)).toEqual([1, 2]);
  });

  it('only the controller holds Engineering: +2 (same order as +1 under the default reading)', () => {
    const o = fortDuel(false, true);
    expect(o.events[0].levels).toEqual([0, 2]);
    expect(left(o)).toEqual([1, 2]);
  });

  it('only the attacker holds Engineering: the fort gives nothing, equal counts go together, tie to the fort', () => {
    const o = fortDuel(true, false);
    expect(o.events[0].levels).toEqual([0, 0]);
    expect(o.events[0].nations).toEqual([0, 1]);
    expect(left(o)).toEqual([1, 1]);
    expect(o.holderName).toBe('B');
  });

  it('under extra-removals, +2 costs the attacker one more token than +1', () => {
    // +1: A removes 1 extra (3/4), then by counts A 2/4, B 2/3, A 1/3, B 1/2 -> 1 vs 2.
    expect(left(fortDuel(false, false, 'extra-removals'))).toEqual([1, 2]);
    // +2: A removes 2 extra (2/4), then A 1/4, B 1/3, A 0/3 -> B keeps 3.
    expect(left(fortDuel(false, true, 'extra-removals'))).toEqual([0, 3]);
    // 0: by counts, together down to 1 / 1.
    expect(left(fortDuel(true, false, 'extra-removals'))).toEqual([1, 1]);
  });

  it('a fort is captured by the nation that takes the area', () => {
    const o = outcomeOf(duel(2, { tokens: 6 }, { tokens: 2 }, { fort: { owner: 'B' } }));
    expect(left(o)).toEqual([4, 0]);
    expect(o.fort).toBe('captured');
  });
});

describe('the advantage reading switch', () => {
  it('changes the result where the readings differ: 4 Metalworking tokens against 4, limit 4', () => {
    const order = outcomeOf(duel(4, { tokens: 4, metalworking: true }, { tokens: 4 }));
    const extra = outcomeOf(
      duel(4, { tokens: 4, metalworking: true }, { tokens: 4 }, { advantageReading: 'extra-removals' }),
    );
    expect(left(order)).toEqual([2, 2]);
    expect(order.holder).toBe(-1);
    expect(left(extra)).toEqual([3, 1]);
    expect(extra.holderName).toBe('A');
  });

  it('agrees where the readings coincide (no advantage)', () => {
    expect(left(outcomeOf(duel(3, { tokens: 2 }, { tokens: 5 }, { advantageReading: 'extra-removals' })))).toEqual([
      0, 4,
    ]);
  });
});

describe('cities (24.31-24.35) and token fights first (24.41)', () => {
  it('thresholds: 7 attack and 6 replace; Engineering attacker 6/5; Engineering defender 8/7; both cancel', () => {
    expect(cityThreshold(false, false)).toEqual({ attack: 7, replacement: 6 });
    expect(cityThreshold(true, false)).toEqual({ attack: 6, replacement: 5 });
    expect(cityThreshold(false, true)).toEqual({ attack: 8, replacement: 7 });
    expect(cityThreshold(true, true)).toEqual({ attack: 7, replacement: 6 });
  });

  const cityAttack = (tokens: number, aTech: Record<string, boolean> = {}, bTech: Record<string, boolean> = {}) =>
    outcomeOf(duel(2, { tokens, ...aTech }, { tokens: 0, ...bTech }, { city: { owner: 'B' } }));

  const cases: Array<[string, Record<string, boolean>, Record<string, boolean>, number, number]> = [
    ['no Engineering', {}, {}, 7, 6],
    ['attacker Engineering', { engineering: true }, {}, 6, 5],
    ['defender Engineering', {}, { engineering: true }, 8, 7],
    ['both Engineering', { engineering: true }, { engineering: true }, 7, 6],
    ['attacker Metalworking (no effect on the threshold)', { metalworking: true }, {}, 7, 6],
  ];
  for (const [name, aTech, bTech, attack, replacement] of cases) {
    it(`${name}: ${attack - 1} tokens cannot attack, ${attack} can and the city becomes ${replacement} tokens`, () => {
      const short = cityAttack(attack - 1, aTech, bTech);
      expect(short.cityAttacked).toBe(false);
      expect(short.holderName).toBe('B');
      expect(left(short)).toEqual([attack - 1, 0]);
      const enough = cityAttack(attack, aTech, bTech);
      expect(enough.cityAttacked).toBe(true);
      expect(enough.events[0].tokensAfter).toEqual([attack, replacement]);
      // One more token than the city's replacement: the attacker takes the area with 2 left (limit 2).
      expect(left(enough)).toEqual([2, 0]);
      expect(enough.holderName).toBe('A');
    });
  }

  it('Metalworking acts in the city fight: a Metalworking owner holds 7 attackers to a tie and keeps the area', () => {
    const o = cityAttack(7, {}, { metalworking: true });
    expect(o.cityAttacked).toBe(true);
    expect(left(o)).toEqual([1, 1]);
    expect(o.holderName).toBe('B');
  });

  it('token fights come first: a third nation can bleed the attacker below the city threshold', () => {
    const raw = (withC: boolean) => ({
      limit: 4,
      nations: [{ name: 'A', tokens: 8 }, { name: 'B', tokens: 0 }, ...(withC ? [{ name: 'C', tokens: 3 }] : [])],
      city: { owner: 'B' },
    });
    const fought = outcomeOf(raw(true));
    expect(fought.events.every((e) => e.phase === 'token fight')).toBe(true);
    expect(left(fought)).toEqual([6, 0, 0]);
    expect(fought.cityAttacked).toBe(false);
    expect(fought.holderName).toBe('B');
    const alone = outcomeOf(raw(false));
    expect(alone.cityAttacked).toBe(true);
    expect(alone.holderName).toBe('A');
  });
});
