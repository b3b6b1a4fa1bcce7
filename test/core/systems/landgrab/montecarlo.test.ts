/**
 * Monte Carlo against the exact solver, for both kernels. Seeds are fixed, so each
 * test is deterministic; the thresholds are set a priori from the sampling error
 * (|z| < 4.5 standard errors of the exact value; chi-square p >= 1e-4), never tuned.
 */
import { describe, expect, it } from 'vitest';
import { exactOf, landgrabBattle } from '../../../helpers/landgrab.js';
import { landgrab } from '../../../../src/core/systems/landgrab/index.js';
import type { LandgrabPlan } from '../../../../src/core/systems/landgrab/plan.js';
import { Xoshiro128 } from '../../../../src/core/random/xoshiro128.js';
import { stateFromSeed } from '../../../../src/core/random/seed.js';
import { chiSquareTest } from '../../../../src/core/stats/chiSquare.js';
import { proportionZTest } from '../../../helpers/stats/zTest.js';

const TRIALS = 200_000;
const Z_LIMIT = 4.5;
const P_LIMIT = 1e-4;

function sample(plan: LandgrabPlan, size: number, kernel: 'fast' | 'faithful', seed: string): Float64Array {
  const tally = new Float64Array(size);
  landgrab.sampler![kernel](plan, Xoshiro128.fromState(stateFromSeed(seed)), TRIALS, tally);
  return tally;
}

/** Outcomes as one partition: conquered with a armies left, or held with d armies left. */
function outcomePartition(
  v: Float64Array,
  layout: { won: number; heldDefender: number },
  A: number,
  D: number,
): number[] {
  return [
    ...v.subarray(layout.won, layout.won + A + 1),
    ...v.subarray(layout.heldDefender + 1, layout.heldDefender + D + 1),
  ];
}

const battles: Array<Record<string, unknown>> = [
  { attackers: 4, defenders: 2 },
  { attackers: 11, defenders: 10 },
  { attackers: 12, defenders: 8, fortress: true },
  { attackers: 12, defenders: 8, fortress: true, defendingLeader: true },
  { attackers: 9, defenders: 7, attackingLeader: true },
  { attackers: 20, defenders: 12, stopAt: 6, defendingLeader: true },
  { attackers: 10, defenders: 8, defenderDice: 3, ties: 'attacker' },
  { attackers: 10, defenders: 10, attackerDice: 4, defenderDice: 3, fortress: true, fortressBonus: 2 },
];

describe.each(['fast', 'faithful'] as const)('%s kernel agrees with the exact solver', (kernel) => {
  it.each(battles.map((b) => [JSON.stringify(b), b]))('battle %s', (_, entry) => {
    const b = landgrabBattle(entry as Record<string, unknown>);
    const plan = b.plan as Extract<LandgrabPlan, { kind: 'battle' }>;
    const layout = plan.at;
    const tally = sample(plan, b.layout.size, kernel, `mc-${kernel}-${JSON.stringify(entry)}`);
    const exact = exactOf({ plan });
    const wins = tally.subarray(0, plan.attackers + 1).reduce((s, x) => s + x, 0);
    const exactWin = exact.subarray(0, plan.attackers + 1).reduce((s, x) => s + x, 0);
    expect(Math.abs(proportionZTest(wins, TRIALS, exactWin).z)).toBeLessThan(Z_LIMIT);
    const observed = outcomePartition(tally, layout, plan.attackers, plan.defenders);
    const expected = outcomePartition(exact, layout, plan.attackers, plan.defenders);
    expect(chiSquareTest(observed, expected).pValue).toBeGreaterThan(P_LIMIT);
    // Held battles by attacker armies left: the other partition of the held outcomes.
    const heldByA = tally.subarray(layout.heldAttacker, layout.heldAttacker + plan.attackers + 1);
    const exactHeldByA = exact.subarray(layout.heldAttacker, layout.heldAttacker + plan.attackers + 1);
    const observedA = [...tally.subarray(0, plan.attackers + 1), ...heldByA];
    const expectedA = [...exact.subarray(0, plan.attackers + 1), ...exactHeldByA];
    expect(chiSquareTest(observedA, expectedA).pValue).toBeGreaterThan(P_LIMIT);
  });

  it('a three-territory chain', () => {
    const b = landgrabBattle({
      type: 'chain',
      attackers: 16,
      path: [{ defenders: 3 }, { defenders: 4, fortress: true }, { defenders: 2, defendingLeader: true }],
    });
    const layout = (b.plan as Extract<LandgrabPlan, { kind: 'chain' }>).at;
    const tally = sample(b.plan, b.layout.size, kernel, `chain-${kernel}`);
    const exact = exactOf({ plan: b.plan });
    const taken = [...tally.subarray(layout.taken, layout.taken + 4)];
    expect(chiSquareTest(taken, [...exact.subarray(layout.taken, layout.taken + 4)]).pValue).toBeGreaterThan(P_LIMIT);
    // Armies at the end of the path, among the trials that took it all.
    const final = [...tally.subarray(layout.finalArmies, layout.finalArmies + 17)];
    const exactFinal = [...exact.subarray(layout.finalArmies, layout.finalArmies + 17)];
    const whole = exactFinal.reduce((s, x) => s + x, 0);
    expect(
      chiSquareTest(
        final,
        exactFinal.map((p) => p / whole),
      ).pValue,
    ).toBeGreaterThan(P_LIMIT);
  });

  it('a capitol conquest with conversion', () => {
    const b = landgrabBattle({
      type: 'capitol',
      attackers: 10,
      defenders: 5,
      defendingLeader: true,
      territories: [10, 4, 1],
    });
    const layout = (b.plan as Extract<LandgrabPlan, { kind: 'capitol' }>).at;
    const tally = sample(b.plan, b.layout.size, kernel, `capitol-${kernel}`);
    const exact = exactOf({ plan: b.plan });
    const converted = [...tally.subarray(layout.converted, layout.converted + layout.maxConverted + 1)];
    const exactConverted = [...exact.subarray(layout.converted, layout.converted + layout.maxConverted + 1)];
    const pWin = exactConverted.reduce((s, x) => s + x, 0);
    expect(
      chiSquareTest(
        converted,
        exactConverted.map((p) => p / pWin),
      ).pValue,
    ).toBeGreaterThan(P_LIMIT);
  });
});

describe('the two kernels agree with each other', () => {
  it('P(win) of 11 vs 10 differs by less than 4.5 standard errors of the difference', () => {
    const b = landgrabBattle({ attackers: 11, defenders: 10, fortress: true });
    const wins = (k: 'fast' | 'faithful') =>
      sample(b.plan, b.layout.size, k, `pair-${k}`)
        .subarray(0, 12)
        .reduce((s, x) => s + x, 0);
    const p1 = wins('fast') / TRIALS;
    const p2 = wins('faithful') / TRIALS;
    const pooled = (p1 + p2) / 2;
    const se = Math.sqrt((2 * pooled * (1 - pooled)) / TRIALS);
    expect(Math.abs(p1 - p2) / se).toBeLessThan(Z_LIMIT);
  });
});

describe('a wrong rule is caught', () => {
  it('the chi-square test rejects a kernel run with the fortress forgotten', () => {
    // Guards against tests that cannot fail: the same comparison with a wrong oracle.
    const withFortress = landgrabBattle({ attackers: 12, defenders: 8, fortress: true });
    const without = landgrabBattle({ attackers: 12, defenders: 8 });
    const layout = (without.plan as Extract<LandgrabPlan, { kind: 'battle' }>).at;
    const tally = sample(without.plan, without.layout.size, 'fast', 'wrong');
    const observed = outcomePartition(tally, layout, 12, 8);
    const expected = outcomePartition(exactOf({ plan: withFortress.plan }), layout, 12, 8);
    expect(chiSquareTest(observed, expected).pValue).toBeLessThan(1e-10);
  });
});
