import { describe, expect, it } from 'vitest';
import { exactOf, landgrabBattle } from '../../../helpers/landgrab.js';
import { solveBattle } from '../../../../src/core/systems/landgrab/exact.js';
import type { LandgrabPlan, SingleBattlePlan } from '../../../../src/core/systems/landgrab/plan.js';

function pWin(entry: Record<string, unknown>): number {
  const plan = landgrabBattle(entry).plan as SingleBattlePlan;
  return solveBattle(plan.tables, plan.attackers, plan.defenders).pWin;
}

describe('exact LandGrab solver', () => {
  it('4 in the territory (3 may attack) vs 2: 6610505 / 10077696', () => {
    expect(pWin({ attackers: 4, defenders: 2 })).toBeCloseTo(6610505 / 10077696, 14);
    // The other convention names the same battle.
    expect(pWin({ attackingArmies: 3, defenders: 2 })).toBeCloseTo(6610505 / 10077696, 14);
  });

  it('2 vs 1 is a single 1-vs-1 roll: 15/36', () => {
    expect(pWin({ attackers: 2, defenders: 1 })).toBeCloseTo(15 / 36, 14);
  });

  // Values from an independent brute-force recursion (memoised, written separately from
  // src/) that sorts real dice: every modifier, house rule and the stop-at policy.
  it.each([
    ['5 vs 3, fortress', { attackers: 5, defenders: 3, fortress: true }, 0.44741536004112104],
    [
      '10 vs 10, leader on a fortress',
      { attackers: 10, defenders: 10, fortress: true, defendingLeader: true },
      0.053130546903530348,
    ],
    ['8 vs 6, attacking leader', { attackers: 8, defenders: 6, attackingLeader: true }, 0.87666648270923497],
    [
      '9 vs 9, defender 3 dice, ties to the attacker',
      { attackers: 9, defenders: 9, defenderDice: 3, ties: 'attacker' },
      0.72018843456759274,
    ],
    [
      '12 vs 9, stop at 4, defending leader',
      { attackers: 12, defenders: 9, stopAt: 4, defendingLeader: true },
      0.2712900227215097,
    ],
  ])('pins %s', (_, entry, expected) => {
    expect(pWin(entry)).toBeCloseTo(expected, 13);
  });

  it('every outcome distribution sums to 1', () => {
    for (const entry of [
      { attackers: 30, defenders: 25, fortress: true },
      { attackers: 12, defenders: 9, stopAt: 4, defendingLeader: true },
      { attackers: 9, defenders: 9, defenderDice: 3, ties: 'attacker' },
    ]) {
      const b = landgrabBattle(entry);
      const exact = exactOf({ plan: b.plan });
      const layout = (b.plan as SingleBattlePlan).at;
      // won + held (counted once, by attacker armies) = 1
      const total = exact.subarray(0, layout.heldDefender).reduce((s, x) => s + x, 0);
      expect(total).toBeCloseTo(1, 12);
    }
  });

  it('fortress, defending leader and leader on fortress order the odds as the rules intend', () => {
    const open = pWin({ attackers: 12, defenders: 8 });
    const fortress = pWin({ attackers: 12, defenders: 8, fortress: true });
    const leader = pWin({ attackers: 12, defenders: 8, defendingLeader: true });
    const both = pWin({ attackers: 12, defenders: 8, fortress: true, defendingLeader: true });
    expect(fortress).toBeLessThan(open);
    expect(leader).toBeCloseTo(fortress, 14); // both are +1 on the highest die
    expect(both).toBeLessThan(fortress);
    // An attacking leader cancels one defender point exactly.
    expect(pWin({ attackers: 12, defenders: 8, fortress: true, attackingLeader: true })).toBeCloseTo(open, 14);
  });

  it('stop-at makes the attacker hold back and lowers his odds', () => {
    expect(pWin({ attackers: 12, defenders: 8, stopAt: 5 })).toBeLessThan(pWin({ attackers: 12, defenders: 8 }));
  });

  it('a one-step chain equals the battle; longer chains multiply down', () => {
    const battle = pWin({ attackers: 15, defenders: 4 });
    const one = landgrabBattle({ type: 'chain', attackers: 15, path: [{ defenders: 4 }] });
    const exactOne = exactOf({ plan: one.plan });
    expect(exactOne[(one.plan as Extract<LandgrabPlan, { kind: 'chain' }>).at.taken + 1]).toBeCloseTo(battle, 14);
    const three = landgrabBattle({
      type: 'chain',
      attackers: 15,
      path: [{ defenders: 4 }, { defenders: 4 }, { defenders: 4 }],
    });
    const exactThree = exactOf({ plan: three.plan });
    const layout = (three.plan as Extract<LandgrabPlan, { kind: 'chain' }>).at;
    const taken = exactThree.subarray(layout.taken, layout.taken + 4);
    expect(taken.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 12);
    expect(taken[3]).toBeLessThan(battle);
  });

  it('solves 101 vs 100 (full distribution) without trouble', () => {
    const b = landgrabBattle({ attackers: 101, defenders: 100 });
    const exact = exactOf({ plan: b.plan });
    const layout = (b.plan as SingleBattlePlan).at;
    expect(exact.subarray(0, layout.heldDefender).reduce((s, x) => s + x, 0)).toBeCloseTo(1, 10);
  });
});
