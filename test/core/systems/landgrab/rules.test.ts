import { describe, expect, it } from 'vitest';
import { roundOutcomeCounts } from '../../../../src/core/systems/landgrab/rules/roundTable.js';
import { convertedArmies, conversionDistribution } from '../../../../src/core/systems/landgrab/rules/capitol.js';
import { reinforcements } from '../../../../src/core/systems/landgrab/rules/reinforcements.js';
import { fightWithDice } from '../../../../src/core/systems/landgrab/rules/fight.js';
import { compileTables, ARMY_PACK } from '../../../../src/core/systems/landgrab/rules/tables.js';
import { Xoshiro128 } from '../../../../src/core/random/xoshiro128.js';

const standard = { attackerDice: 3, defenderDice: 2, attackerBonus: 0, defenderBonus: 0, ties: 'defender' as const };

describe('one dice round', () => {
  it('3 vs 2: attacker loses 2 / each loses 1 / defender loses 2 = 2275 / 2611 / 2890 of 7776', () => {
    const r = roundOutcomeCounts(standard);
    expect(r.total).toBe(7776);
    expect(r.counts).toEqual([2890, 2611, 2275]);
  });

  it('1 vs 1: the attacker wins 15/36', () => {
    const r = roundOutcomeCounts({ ...standard, attackerDice: 1, defenderDice: 1 });
    expect(r.counts[0] / r.total).toBe(15 / 36);
  });

  it("a fortress (+1 on the defender's highest die) turns a 6-vs-6 tie and a 6-vs-5 win", () => {
    // Seed: "If the defender rolls 6 and 3, the actual numbers used are 7 and 3."
    const plain = roundOutcomeCounts({ ...standard, attackerDice: 1, defenderDice: 1 });
    const fortress = roundOutcomeCounts({ ...standard, attackerDice: 1, defenderDice: 1, defenderBonus: 1 });
    // Attacker wins 1v1 with a fortress only when his die beats the defender's die + 1: 10/36.
    expect(fortress.counts[0]).toBe(10);
    expect(plain.counts[0]).toBe(15);
  });

  it('attacker +1 against defender +1 cancels exactly', () => {
    const both = roundOutcomeCounts({ ...standard, attackerBonus: 1, defenderBonus: 1 });
    expect(both.counts).toEqual(roundOutcomeCounts(standard).counts);
  });

  it('ties to the attacker is the mirror house rule', () => {
    const r = roundOutcomeCounts({ ...standard, attackerDice: 1, defenderDice: 1, ties: 'attacker' });
    expect(r.counts[0]).toBe(21);
  });

  it('the faithful resolver adds the bonus to the highest die only', () => {
    // Defender +2 (leader on a fortress) against one attacking die: the attacker can never win.
    const t = compileTables({ ...standard, attackerDice: 1, defenderDice: 1, defenderBonus: 5, stopAt: 1 });
    const rng = Xoshiro128.fromState([9, 8, 7, 6]);
    const buf = new Int32Array(5);
    for (let i = 0; i < 1000; i++) expect(fightWithDice(t, 5, 3, rng, buf, buf.slice())).toBe(1 * ARMY_PACK + 3);
  });
});

describe('the faithful resolver on scripted dice', () => {
  /**
   * A stand-in generator whose draws deal the given rolls in order: each roll (the dice one
   * side throws in one draw, as diceBase6 reads them) becomes the smallest uint32 that maps to it.
   */
  const scripted = (rolls: number[][]) => {
    const draws = rolls.map((dice) => {
      let roll = 0;
      dice.forEach((die, k) => (roll += (die - 1) * 6 ** k));
      return Math.ceil((roll * 4294967296) / 6 ** dice.length);
    });
    let i = 0;
    return { nextUint32: () => draws[i++] } as unknown as Xoshiro128;
  };

  it('adds the fortress bonus to the highest die only (3 dice against 2)', () => {
    // Attacker 6 6 1 against defender 6 5 on a fortress: the defender's dice count as
    // 7 and 5, so each side loses one (bonus on every die would make it 7 and 6: attacker loses two).
    const t = compileTables({ ...standard, defenderBonus: 1, stopAt: 3 });
    const buf = new Int32Array(5);
    expect(
      fightWithDice(
        t,
        4,
        2,
        scripted([
          [6, 6, 1],
          [6, 5],
        ]),
        buf,
        buf.slice(),
      ),
    ).toBe(3 * ARMY_PACK + 1);
  });

  it("adds the attacking leader to the attacker's highest die after sorting", () => {
    // Attacker 2 5 4 sorts to 5 4 2; with +1 the top die is 6 and beats a defending 5,
    // the second die 4 loses to the defender's 4 (ties to the defender).
    const t = compileTables({ ...standard, attackerBonus: 1, stopAt: 3 });
    const buf = new Int32Array(5);
    expect(
      fightWithDice(
        t,
        4,
        2,
        scripted([
          [2, 5, 4],
          [5, 4],
        ]),
        buf,
        buf.slice(),
      ),
    ).toBe(3 * ARMY_PACK + 1);
  });
});

describe('capitol conversion', () => {
  it("follows the seed's example: 10 armies at 73% keep 7", () => {
    expect(convertedArmies([10], 73)).toBe(7);
  });

  it('keeps at least one army in every territory', () => {
    expect(convertedArmies([1, 1, 2], 1)).toBe(3);
    expect(convertedArmies([10, 3], 100)).toBe(13);
  });

  it('has an exact distribution over the 100 ratios that sums to 1', () => {
    const d = conversionDistribution([10, 3]);
    expect(d.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    // r in 1..19 -> 1 + 1 = 2 armies (10 * 19 / 100 = 1.9): 19 of 100 ratios, plus r = 20..29 -> 2 + 1 = 3 ...
    expect(d[2]).toBeCloseTo(0.19, 12);
  });
});

describe('reinforcements', () => {
  it('is max(3, floor(territories / 3)) plus continent bonuses', () => {
    expect(reinforcements(0)).toBe(3);
    expect(reinforcements(11)).toBe(3);
    expect(reinforcements(14, [2, 5])).toBe(11);
    expect(() => reinforcements(-1)).toThrow();
  });
});
