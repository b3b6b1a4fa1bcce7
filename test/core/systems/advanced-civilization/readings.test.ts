/**
 * The rules readings that are switches (docs "Rules readings"). Every expected value is
 * worked out by hand in the comments, removal by removal.
 */
import { describe, expect, it } from 'vitest';
import { compileRaw, duel, exactOf, outcomeOf, reportOf } from './helpers.js';
import { binSum, findEvent } from '../../../../src/core/model/tallyLayout.js';

const probability = (raw: unknown, event: string) => {
  const battle = compileRaw(raw);
  return binSum(exactOf(battle).probabilities, findEvent(battle.layout, event).bins);
};

describe('fortWhereCityDestroyed: the fort in a space whose city is destroyed', () => {
  // Limit 2; B has a city and the fort (B's fort +1: neither holds Engineering), A attacks with `a` tokens.
  const cityAndFort = (a: unknown, reading?: string) =>
    duel(
      2,
      { tokens: a },
      { tokens: 0 },
      { city: { owner: 'B' }, fort: { owner: 'B' }, ...(reading ? { fortWhereCityDestroyed: reading } : {}) },
    );

  it('9 attackers destroy the city: the fort is removed (the seed), or captured by control', () => {
    // 9 >= 7: the city becomes 6 B tokens; B at level 1 removes after A every round:
    // A8 B5, A7 B4, A6 B3, A5 B2, A4 B1, A3 B0: B is eliminated, the city destroyed; A alone with 3.
    const seed = outcomeOf(cityAndFort(9));
    expect(seed.tokensLeft).toEqual([3, 0]);
    expect(seed.cityAttacked && seed.cityDestroyed).toBe(true);
    expect(seed.holder).toBe(0);
    expect(seed.fort).toBe('removed');
    const byControl = outcomeOf(cityAndFort(9, 'by-control'));
    expect(byControl.tokensLeft).toEqual([3, 0]);
    expect(byControl.fort).toBe('captured');
    // The default is the seed's text.
    expect(outcomeOf(cityAndFort(9, 'removed')).fort).toBe('removed');
  });

  it('says so in the verdict', () => {
    expect(reportOf(cityAndFort(9)).verdict[0]).toMatch(
      /A is alone in the area with 3 tokens; the fort is removed with the city\.$/,
    );
    expect(reportOf(cityAndFort(9, 'by-control')).verdict[0]).toMatch(
      /A is alone in the area with 3 tokens and captures the fort\.$/,
    );
  });

  it('7 attackers only reduce the city (B keeps a token): the reading does not matter', () => {
    // A6 B6 (B removes after A), B5; A5 B4; A4 B3; A3 B2; A2 B1; A1: total 2, stop. 1 against 1: the tie goes to
    // B, the fort's controller, who keeps the fort under both readings.
    for (const reading of ['removed', 'by-control']) {
      const o = outcomeOf(cityAndFort(7, reading));
      expect(o.tokensLeft).toEqual([1, 1]);
      expect(o.cityDestroyed).toBe(false);
      expect(o.fort).toBe('kept');
    }
  });

  it('over an uncertain attacker 6..9: P(fort removed) 1/2 (the seed) against P(fort captured) 1/2', () => {
    // 6: too few to attack, the city stands (fort kept). 7: reduced, 1/1, tie to B (kept).
    // 8: A7 B5, A6 B4, A5 B3, A4 B2, A3 B1, A2 (3 > 2) B0: destroyed. 9: destroyed (above).
    const seed = cityAndFort({ min: 6, max: 9 });
    const control = cityAndFort({ min: 6, max: 9 }, 'by-control');
    expect([
      probability(seed, 'fortKept'),
      probability(seed, 'fortRemoved'),
      probability(seed, 'fortCaptured'),
    ]).toEqual([0.5, 0.5, 0]);
    expect([
      probability(control, 'fortKept'),
      probability(control, 'fortRemoved'),
      probability(control, 'fortCaptured'),
    ]).toEqual([0.5, 0, 0.5]);
    // Control of the area is the same under both readings: A with 8 or 9.
    expect(probability(seed, 'controls_0')).toBe(0.5);
    expect(probability(control, 'controls_0')).toBe(0.5);
  });
});

describe('fortEngineeringOpponents: "the opponent holds Engineering" with three nations', () => {
  // Limit 1; B controls the fort; A 3 tokens without Engineering, B 3 without, C 3 with Engineering.
  const three = (reading?: string) => ({
    limit: 1,
    nations: [
      { name: 'A', tokens: 3 },
      { name: 'B', tokens: 3 },
      { name: 'C', tokens: 3, engineering: true },
    ],
    fort: { owner: 'B' },
    ...(reading ? { fortEngineeringOpponents: reading } : {}),
  });

  it('any (default): C holds it, so the fort gives B +0; all three remove together to an empty area', () => {
    // Levels 0/0/0 and 3 tokens each: 2/2/2, 1/1/1, 0/0/0.
    for (const o of [outcomeOf(three()), outcomeOf(three('any'))]) {
      expect(o.events.map((e) => e.nations)).toEqual([
        [0, 1, 2],
        [0, 1, 2],
        [0, 1, 2],
      ]);
      expect(o.kind).toBe('empty');
      expect(o.fort).toBe('removed');
    }
  });

  it('all: A does not hold it, so the fort gives B +1; A and C remove first, B is left alone', () => {
    // Round 1: A and C (level 0) together 2/3/2, then B 2/2/2. Round 2: 1/2/1, 1/1/1. Round 3: A and C 0/1/0.
    const o = outcomeOf(three('all'));
    expect(o.events.map((e) => [e.nations, e.tokensAfter])).toEqual([
      [
        [0, 2],
        [2, 3, 2],
      ],
      [[1], [2, 2, 2]],
      [
        [0, 2],
        [1, 2, 1],
      ],
      [[1], [1, 1, 1]],
      [
        [0, 2],
        [0, 1, 0],
      ],
    ]);
    expect(o.events[0].levels).toEqual([0, 1, 0]);
    expect(o.kind).toBe('alone');
    expect(o.alone).toBe(1);
    expect(o.fort).toBe('kept');
    expect(reportOf(three('all')).verdict[1]).toContain(
      'B 1 (fort +1: B lacks Engineering, not every opponent holds it)',
    );
    expect(reportOf(three()).verdict).toHaveLength(2);
    expect(reportOf(three()).verdict[1]).toContain('B 0 (fort +0: B lacks Engineering, an opponent holds it)');
  });

  it('with two nations both readings are the seed: A 4 with Engineering against B 4 with the fort, limit 3', () => {
    // Only the opponent holds Engineering: +0, equal counts remove together: 3/3, 2/2, 1/1; the tie goes to B.
    for (const reading of ['any', 'all']) {
      const o = outcomeOf(
        duel(
          3,
          { tokens: 4, engineering: true },
          { tokens: 4 },
          { fort: { owner: 'B' }, fortEngineeringOpponents: reading },
        ),
      );
      expect(o.tokensLeft).toEqual([1, 1]);
      expect(o.holder).toBe(1);
    }
  });
});

describe('replacedCityTieBreak: a tie after the city was attacked and replaced', () => {
  // Limit 2; A brings 7 against B's city (B holds Metalworking, no fort). 7 >= 7: the city becomes 6 B tokens;
  // B (level 1) removes after A every round: 6/6, 6/5, 5/5, 5/4, 4/4, 4/3, 3/3, 3/2, 2/2, 2/1, 1/1: total 2, stop.
  const metalworkingCity = (reading?: string) =>
    duel(
      2,
      { tokens: 7 },
      { tokens: 0, metalworking: true },
      { city: { owner: 'B' }, ...(reading ? { replacedCityTieBreak: reading } : {}) },
    );

  it("owner (default): the tie goes to the city's former owner", () => {
    for (const o of [outcomeOf(metalworkingCity()), outcomeOf(metalworkingCity('owner'))]) {
      expect(o.cityAttacked).toBe(true);
      expect(o.tokensLeft).toEqual([1, 1]);
      expect(o.holder).toBe(1);
    }
    expect(reportOf(metalworkingCity()).verdict[0]).toMatch(/Equal counts: the tie goes to B, the city's owner\.$/);
  });

  it('none: the city is gone, so nobody controls the tied area', () => {
    const o = outcomeOf(metalworkingCity('none'));
    expect(o.tokensLeft).toEqual([1, 1]);
    expect(o.holder).toBe(-1);
    expect(reportOf(metalworkingCity('none')).verdict[0]).toMatch(
      /Equal counts: nobody has the majority \(the city was replaced: B gets no tie-break\)\.$/,
    );
  });

  it("the fort's controller still comes first, and a standing city is never tied", () => {
    // The same attack with the fort held by B (neither holds Engineering: fort +1, Metalworking +1, B at 2):
    // A still removes first every round, the same 1/1; the tie goes to B as the fort's controller either way.
    for (const reading of ['owner', 'none']) {
      const o = outcomeOf({ ...metalworkingCity(reading), fort: { owner: 'B' } });
      expect(o.tokensLeft).toEqual([1, 1]);
      expect(o.holder).toBe(1);
    }
    // 6 attackers cannot attack: the standing city keeps the area for B under both readings.
    for (const reading of ['owner', 'none']) {
      const o = outcomeOf(
        duel(2, { tokens: 6 }, { tokens: 0 }, { city: { owner: 'B' }, replacedCityTieBreak: reading }),
      );
      expect(o.holder).toBe(1);
    }
  });

  it('over an uncertain attacker 7..9: P(nobody controls) 1/3 only under none', () => {
    // 7: the 1/1 tie above. 8: 7/6, 7/5, 6/5, 6/4, 5/4, 5/3, 4/3, 4/2, 3/2, 3/1, 2/1 (3 > 2), 2/0: A alone.
    // 9: 8/6, 8/5, ... 3/1, 3/0: A alone.
    const owner = {
      ...metalworkingCity(),
      nations: [{ name: 'A', tokens: { min: 7, max: 9 } }, metalworkingCity().nations[1]],
    };
    const none = { ...owner, replacedCityTieBreak: 'none' };
    expect(probability(owner, 'controls_1')).toBeCloseTo(1 / 3, 12);
    expect(probability(owner, 'controls_none')).toBe(0);
    expect(probability(none, 'controls_none')).toBeCloseTo(1 / 3, 12);
    expect(probability(none, 'controls_0')).toBeCloseTo(2 / 3, 12);
  });
});
