import { describe, expect, it } from 'vitest';
import { whenToStop } from '../../../../../src/core/systems/landgrab/optimize/stopping/whenToStop.js';
import { solveStopping, fightToTheEnd } from '../../../../../src/core/systems/landgrab/optimize/stopping/solve.js';
import { conquestReward } from '../../../../../src/core/systems/landgrab/optimize/stopping/rewards.js';
import { battlePath } from '../../../../../src/core/systems/landgrab/optimize/path.js';
import { solveBattle, solvePlan } from '../../../../../src/core/systems/landgrab/exact.js';
import { chainLayout, type ChainPlan } from '../../../../../src/core/systems/landgrab/plan.js';
import { pathOf, plain, tablesFor, variants } from './reference.js';

describe('objective (a): maximise P(conquest)', () => {
  const rules = {
    ...variants,
    'stop at 4 (the rule is only a baseline)': { ...plain, stopAt: 4 },
    'defender +4 vs attacker +1': { ...plain, defenderBonus: 4, attackerBonus: 1 },
  };

  it.each(Object.entries(rules))('%s: never stop, whatever the modifiers', (_, rule) => {
    for (const path of [pathOf(rule, 30, [20]), pathOf(rule, 25, [3, 5, 2, 4])]) {
      const answer = whenToStop(path, { kind: 'max-conquest' });
      expect(answer.neverStops).toBe(true);
      expect(answer.gain).toBe(0);
      // Not only where the attack can go: in no state at all is stopping better.
      const solution = solveStopping(path, conquestReward(path.steps.length));
      for (const step of solution.steps) expect(step.stop.every((s) => s === 0)).toBe(true);
      // The value is the forward chain solver's P(conquest) with fighting to the end.
      const free = path.steps.map((s) => ({ ...s, tables: { ...s.tables, stopAt: 1 } }));
      const { layout, at } = chainLayout(path.attackers, free.length);
      const plan: ChainPlan = { kind: 'chain', attackers: path.attackers, steps: free, at };
      expect(answer.value).toBeCloseTo(solvePlan(plan, layout.size).probabilities[at.taken + free.length], 12);
    }
  });

  it('beats the fixed stop-at rule, which it reports as a second baseline', () => {
    const answer = whenToStop(pathOf({ ...plain, stopAt: 4 }, 12, [8]), { kind: 'max-conquest' });
    const withRule = solveBattle(tablesFor({ ...plain, stopAt: 4 }), 12, 8).pWin;
    expect(answer.stopAtBaseline?.policy).toBe('stop at 4');
    expect(answer.stopAtBaseline?.value).toBeCloseTo(withRule, 12);
    expect(answer.stopAtBaseline?.gain).toBeGreaterThan(0.1);
  });

  it('is indifferent only where the attacker cannot win a die (defender +5 or more): it still never stops', () => {
    const hopeless = battlePath(tablesFor({ ...plain, defenderBonus: 5 }), 10, 3);
    const solution = solveStopping(hopeless, conquestReward(1));
    expect(solution.start.pConquest).toBe(0);
    expect(solution.steps[0].tie.some((t) => t === 1)).toBe(true);
    expect(whenToStop(hopeless, { kind: 'max-conquest' }).neverStops).toBe(true);
  });
});

describe('objective (b): keep the most armies with P(conquest) >= target', () => {
  it.each([
    [20, [10], 0.8],
    [20, [10], 0.5],
    [30, [4, 6, 3], 0.7],
  ])('%i armies vs %j, target %f: the best deterministic rule, proved', (attackers, defenders, target) => {
    const answer = whenToStop(pathOf(plain, attackers, defenders), { kind: 'max-armies', minConquest: target });
    const c = answer.constraint!;
    expect(c.feasible).toBe(true);
    expect(c.proved).toBe(true);
    expect(answer.optimal.policy).toBe('optimal');
    expect(answer.optimal.pConquest).toBeGreaterThanOrEqual(target);
    expect(answer.optimal.meetsTarget).toBe(true);
    expect(answer.value).toBe(answer.optimal.expectedArmiesKept);
    expect(c.bound).toBe(answer.value);
    expect(c.gap).toBe(0);
    expect(answer.value).toBeLessThanOrEqual(c.randomisedBound! + 1e-9);
    expect(c.work).toBeLessThanOrEqual(c.workBudget);
    // Fighting to the end meets any feasible target and keeps fewer armies.
    expect(answer.baseline.meetsTarget).toBe(true);
    expect(answer.gain).toBeGreaterThan(0);
    expect(answer.neverStops).toBe(false);
  });

  it('over its work budget, keeps the best rule found and a proven gap that only shrinks with more work', () => {
    const path = pathOf(plain, 30, [20]);
    const objective = { kind: 'max-armies', minConquest: 0.7 } as const;
    // Proved with the default budget (measured: about 3.5M state updates).
    const proved = whenToStop(path, objective);
    expect(proved.constraint?.proved).toBe(true);
    let lastGap = Infinity;
    for (const workBudget of [1e4, 1e5, 1e6]) {
      const answer = whenToStop(path, objective, { workBudget });
      const c = answer.constraint!;
      expect(c.proved).toBe(false);
      expect(answer.optimal.policy).toBe('best found');
      expect(answer.optimal.pConquest).toBeGreaterThanOrEqual(0.7);
      // The bound holds the best rule, which the smaller search did not reach.
      expect(c.bound!).toBeGreaterThanOrEqual(proved.value);
      expect(answer.value).toBeLessThanOrEqual(proved.value);
      expect(c.gap).toBeCloseTo(c.bound! - answer.value, 12);
      expect(c.gap!).toBeGreaterThan(0);
      expect(c.gap!).toBeLessThanOrEqual(lastGap);
      expect(c.bound!).toBeLessThanOrEqual(c.randomisedBound! + 1e-12);
      lastGap = c.gap!;
    }
  });

  it('keeps far more armies at 100 vs 100 than the Lagrangian search did, within a small proven gap', () => {
    const answer = whenToStop(pathOf(plain, 100, [100]), { kind: 'max-armies', minConquest: 0.5 }, { workBudget: 5e6 });
    const c = answer.constraint!;
    expect(answer.optimal.pConquest).toBeGreaterThanOrEqual(0.5);
    // The refined Lagrangian heuristic kept 50.76 (its plain hull point 43.58); the relaxation 50.95.
    expect(answer.value).toBeGreaterThan(50.9);
    expect(c.gap!).toBeLessThan(0.01);
    expect(c.randomisedBound!).toBeCloseTo(50.9509, 4);
  });

  it('reports an unreachable target as infeasible and answers with fighting to the end', () => {
    const answer = whenToStop(pathOf(plain, 10, [10]), { kind: 'max-armies', minConquest: 0.9 });
    expect(answer.constraint?.feasible).toBe(false);
    expect(answer.optimal.pConquest).toBeCloseTo(answer.baseline.pConquest, 14);
    expect(answer.gain).toBe(0);
  });
});

describe('objective (c): value of territories taken and armies kept', () => {
  it('is "fight to the end" when territories outweigh any loss (1e6 each), "do not attack" when worth 0', () => {
    const path = pathOf(plain, 20, [4, 6, 3]);
    const rich = whenToStop(path, { kind: 'value', perTerritory: 1e6 });
    expect(rich.neverStops).toBe(true);
    expect(rich.gain).toBeCloseTo(0, 9);
    const worthless = whenToStop(path, { kind: 'value', perTerritory: 0 });
    expect(worthless.value).toBe(20);
    expect(worthless.optimal.expectedTerritoriesTaken).toBe(0);
    expect(worthless.stopTable[0].rows).toEqual([
      {
        attackers: 20,
        reachableDefenders: [4],
        shape: 'stop',
        stopWhenDefendersAtLeast: 4,
        stopRanges: [{ from: 4, to: 4 }],
      },
    ]);
  });

  it('gains over fighting to the end and stops by thresholds in plain dice', () => {
    const answer = whenToStop(pathOf(plain, 30, [6, 8, 4]), { kind: 'value', perTerritory: 4 });
    expect(answer.gain).toBeGreaterThan(0);
    expect(answer.value).toBeCloseTo(
      answer.optimal.expectedArmiesKept + 4 * answer.optimal.expectedTerritoriesTaken,
      12,
    );
    for (const step of answer.stopTable) {
      for (const row of step.rows) expect(['continue', 'stop', 'threshold']).toContain(row.shape);
    }
  });

  it('weighs each territory by its own value', () => {
    const path = pathOf(plain, 16, [3, 3]);
    const lastPrized = whenToStop(path, { kind: 'value', perTerritory: [0, 20] });
    const firstPrized = whenToStop(path, { kind: 'value', perTerritory: [20, 0] });
    // Prizing only the first territory, the attack never goes on into the second.
    expect(firstPrized.stopTable[1].rows.every((r) => r.shape === 'stop')).toBe(true);
    expect(firstPrized.optimal.pConquest).toBe(0);
    expect(lastPrized.optimal.pConquest).toBeGreaterThan(firstPrized.optimal.pConquest);
  });

  it('rejects a value list of the wrong length', () => {
    expect(() => whenToStop(pathOf(plain, 10, [3, 3]), { kind: 'value', perTerritory: [1] })).toThrow(RangeError);
  });
});

describe('fight-to-the-end evaluation', () => {
  it('agrees with the chain solver for a chain of 5 with 60 armies', () => {
    const rules = [plain, variants.fortress, plain, variants['leader on fortress'], plain];
    const path = pathOf(rules, 60, [8, 6, 10, 4, 7]);
    const outcome = solveStopping(path, conquestReward(5), fightToTheEnd).start;
    const { layout: chain, at } = chainLayout(60, 5);
    const plan: ChainPlan = { kind: 'chain', attackers: 60, steps: [...path.steps], at };
    const exact = solvePlan(plan, chain.size).probabilities;
    expect(outcome.pConquest).toBeCloseTo(exact[at.taken + 5], 12);
    let taken = 0;
    for (let k = 0; k <= 5; k++) taken += k * exact[at.taken + k];
    expect(outcome.expectedTerritoriesTaken).toBeCloseTo(taken, 12);
  });
});
