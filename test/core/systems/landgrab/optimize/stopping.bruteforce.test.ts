/**
 * Every deterministic stopping policy (every subset of the states where the attacker has a
 * choice) on tiny attacks, evaluated by the independent reference recursion: the dynamic
 * programme's optimum must equal the best policy's exact value.
 */
import { describe, expect, it } from 'vitest';
import { solveStopping } from '../../../../../src/core/systems/landgrab/optimize/stopping/solve.js';
import { bestStopRule } from '../../../../../src/core/systems/landgrab/optimize/stopping/bestStopRule.js';
import { type RewardWeights } from '../../../../../src/core/systems/landgrab/optimize/stopping/rewards.js';
import { choiceStates, pathOf, referenceExpectation, variants, type Terminal } from './reference.js';

/** [rule variant, attackers, defenders per territory]: 10 to 14 choice states, 1024 to 16384 policies. */
const cases: [string, number, number[]][] = [
  ['plain', 5, [3]],
  ['fortress', 5, [3]],
  ['defender 3 dice', 6, [2]],
  ['ties to attacker', 4, [4]],
  ['plain', 5, [1, 2]],
  ['attacking leader', 6, [2, 1]],
];

function rewardsFor(steps: number): [string, RewardWeights][] {
  const zeros = new Array<number>(steps).fill(0);
  const perStep = (v: number) => new Array<number>(steps).fill(v);
  return [
    ['P(conquest)', { perArmy: 0, perTerritory: zeros, onCompletion: 1 }],
    ['E[armies] (lambda 0)', { perArmy: 1, perTerritory: zeros, onCompletion: 0 }],
    ['E[armies] + 1.5 P', { perArmy: 1, perTerritory: zeros, onCompletion: 1.5 }],
    ['E[armies] + 4 P', { perArmy: 1, perTerritory: zeros, onCompletion: 4 }],
    ['E[armies] + 12 P', { perArmy: 1, perTerritory: zeros, onCompletion: 12 }],
    ['territories worth 0.7', { perArmy: 1, perTerritory: perStep(0.7), onCompletion: 0 }],
    ['territories worth 2.5', { perArmy: 1, perTerritory: perStep(2.5), onCompletion: 0 }],
    [
      'mixed values and a completion bonus',
      { perArmy: 0.5, perTerritory: perStep(1).map((v, k) => v + 3 * k), onCompletion: 2 },
    ],
  ];
}

/** Per policy: E[armies kept] and P(at least j territories taken) for j = 1..n, by the reference recursion. */
interface PolicyStats {
  armies: number;
  takenAtLeast: number[];
}

function rewardValue(stats: PolicyStats, reward: RewardWeights): number {
  const n = stats.takenAtLeast.length;
  let v = reward.perArmy * stats.armies + reward.onCompletion * stats.takenAtLeast[n - 1];
  for (let k = 0; k < n; k++) v += reward.perTerritory[k] * stats.takenAtLeast[k];
  return v;
}

/** Every subset of the choice states as a stop set, with its exact statistics. */
function enumerate(name: string, attackers: number, defenders: number[]) {
  const rules = defenders.map(() => variants[name]);
  const states = choiceStates(attackers, defenders);
  const index = new Map(states.map((s, i) => [s.join(), i]));
  const stopsOf = (mask: number) => (k: number, a: number, d: number) =>
    (mask & (1 << (index.get([k, a, d].join()) as number))) !== 0;
  const stats: PolicyStats[] = [];
  for (let mask = 0; mask < 1 << states.length; mask++) {
    const stops = stopsOf(mask);
    stats.push({
      armies: referenceExpectation(rules, attackers, defenders, stops, (a) => a),
      takenAtLeast: defenders.map((_, j) =>
        referenceExpectation(rules, attackers, defenders, stops, (_a, taken) => (taken > j ? 1 : 0)),
      ),
    });
  }
  return { rules, stats };
}

const enumerated = new Map(cases.map((c) => [c.join(), enumerate(...c)]));

describe('optimal stopping equals the best of every deterministic policy', () => {
  it.each(cases)('%s, %i armies vs %j', (name, attackers, defenders) => {
    const { rules, stats } = enumerated.get([name, attackers, defenders].join()) as ReturnType<typeof enumerate>;
    const path = pathOf(variants[name], attackers, defenders);
    for (const [, reward] of rewardsFor(defenders.length)) {
      const best = Math.max(...stats.map((s) => rewardValue(s, reward)));
      const solution = solveStopping(path, reward);
      expect(solution.start.value).toBeCloseTo(best, 12);
      // The decisions the solver reports achieve the value it reports.
      const own = (k: number, a: number, d: number) => solution.steps[k].stop[a * (defenders[k] + 1) + d] === 1;
      const terminal: Terminal = (armies, taken, completed) =>
        reward.perArmy * armies +
        (completed ? reward.onCompletion : 0) +
        reward.perTerritory.slice(0, taken).reduce((x, y) => x + y, 0);
      expect(referenceExpectation(rules, attackers, defenders, own, terminal)).toBeCloseTo(solution.start.value, 12);
    }
  });
});

describe('E[armies kept] subject to P(conquest) >= target, against every deterministic policy', () => {
  it('is the best policy meeting the target, proved, and the bounds hold every policy', () => {
    let compared = 0;
    for (const [name, attackers, defenders] of cases) {
      const { stats } = enumerated.get([name, attackers, defenders].join()) as ReturnType<typeof enumerate>;
      const outcomes = stats.map((s) => ({ p: s.takenAtLeast[defenders.length - 1], armies: s.armies }));
      for (const target of [0.1, 0.2, 0.35, 0.5, 0.65, 0.8]) {
        const feasible = outcomes.filter((o) => o.p >= target);
        const answer = bestStopRule(pathOf(variants[name], attackers, defenders), target);
        expect(answer.feasible).toBe(feasible.length > 0);
        if (!feasible.length) continue;
        const bestDeterministic = Math.max(...feasible.map((o) => o.armies));
        expect(answer.p).toBeGreaterThanOrEqual(target);
        expect(answer.proved).toBe(true);
        expect(answer.armies).toBeCloseTo(bestDeterministic, 12);
        expect(bestDeterministic).toBeLessThanOrEqual(answer.bound + 1e-12);
        expect(answer.bound).toBeLessThanOrEqual(answer.randomisedBound + 1e-12);
        compared++;
      }
    }
    // The refined Lagrangian heuristic this replaced found the best policy in 20 of these 28
    // cases and fell short by 0.015 to 0.074 armies in the other 8.
    expect(compared).toBe(28);
  });
});
