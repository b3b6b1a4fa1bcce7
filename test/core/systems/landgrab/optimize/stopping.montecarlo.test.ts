/**
 * Sampled check: play the solved policies with real dice (src/core/random/dice.ts) from a fixed
 * seed and compare the Monte Carlo estimate with the exact value. The tolerance is 4.5
 * standard errors of the estimate (from the sample itself); seed and sizes were fixed
 * before the first run and never tuned.
 */
import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../../../src/core/random/xoshiro128.js';
import { d6 } from '../../../../../src/core/random/dice.js';
import type { DiceRule } from '../../../../../src/core/systems/landgrab/rules/tables.js';
import { solveStopping, type StepDecisions } from '../../../../../src/core/systems/landgrab/optimize/stopping/solve.js';
import {
  bestStopRule,
  ruleDecisions,
} from '../../../../../src/core/systems/landgrab/optimize/stopping/bestStopRule.js';
import { conquestReward } from '../../../../../src/core/systems/landgrab/optimize/stopping/rewards.js';
import { objectiveReward } from '../../../../../src/core/systems/landgrab/optimize/stopping/whenToStop.js';
import { pathOf, plain, variants } from './reference.js';

const RUNS = 20_000;

const attackerRoll = new Int32Array(5);
const defenderRoll = new Int32Array(5);

/** Rolls n dice into buf[0..n) sorted descending (insertion sort), bonus on the highest. */
function rollSorted(rng: Xoshiro128, buf: Int32Array, n: number, bonus: number): Int32Array {
  for (let i = 0; i < n; i++) {
    const value = d6(rng);
    let j = i;
    for (; j > 0 && buf[j - 1] < value; j--) buf[j] = buf[j - 1];
    buf[j] = value;
  }
  buf[0] += bonus;
  return buf;
}

interface Played {
  armiesKept: number;
  taken: number;
}

/** One attack along the path with real dice, stopping where the decisions say. */
function play(rules: DiceRule[], attackers: number, defenders: number[], steps: StepDecisions[], rng: Xoshiro128) {
  let a = attackers;
  for (let k = 0; k < defenders.length; k++) {
    const rule = rules[k];
    let d = defenders[k];
    while (d > 0) {
      if (a < 2 || steps[k].stop[a * (defenders[k] + 1) + d]) return { armiesKept: a + k, taken: k } as Played;
      const nA = Math.min(rule.attackerDice, a - 1);
      const nD = Math.min(rule.defenderDice, d);
      const att = rollSorted(rng, attackerRoll, nA, rule.attackerBonus);
      const def = rollSorted(rng, defenderRoll, nD, rule.defenderBonus);
      for (let i = 0; i < Math.min(nA, nD); i++) {
        const attackerWins = rule.ties === 'attacker' ? att[i] >= def[i] : att[i] > def[i];
        if (attackerWins) d--;
        else a--;
      }
    }
    if (k < defenders.length - 1) a -= 1; // one army stays behind; a - 1 attack the next territory
  }
  return { armiesKept: a + defenders.length - 1, taken: defenders.length } as Played;
}

/** Mean and standard error of `f` over RUNS plays. */
function estimate(runs: Played[], f: (p: Played) => number) {
  const xs = runs.map(f);
  const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
  const variance = xs.reduce((s, x) => s + (x - mean) ** 2, 0) / (xs.length - 1);
  return { mean, se: Math.sqrt(variance / xs.length) };
}

function expectWithin(sampled: { mean: number; se: number }, exact: number) {
  expect(sampled.se).toBeGreaterThan(0);
  expect(Math.abs(sampled.mean - exact)).toBeLessThanOrEqual(4.5 * sampled.se);
}

describe('solved stopping policies played with real dice', () => {
  it('20 vs 10, most armies kept with P(conquest) >= 0.8', () => {
    const path = pathOf(plain, 20, [10]);
    const best = bestStopRule(path, 0.8);
    const rng = Xoshiro128.fromState([0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x7f4a7c15]);
    const runs = Array.from({ length: RUNS }, () => play([plain], 20, [10], ruleDecisions(path, best), rng));
    expectWithin(
      estimate(runs, (r) => r.armiesKept),
      best.armies,
    );
    expectWithin(
      estimate(runs, (r) => (r.taken === 1 ? 1 : 0)),
      best.p,
    );
  });

  it('a chain over a fortress and a leader on a fortress, territories worth 4 armies', () => {
    const rules = [variants.fortress, plain, variants['leader on fortress']];
    const defenders = [3, 5, 2];
    const path = pathOf(rules, 25, defenders);
    const reward = objectiveReward({ kind: 'value', perTerritory: 4 }, 3);
    const solution = solveStopping(path, reward);
    const rng = Xoshiro128.fromState([1, 2, 3, 4]);
    const runs = Array.from({ length: RUNS }, () => play(rules, 25, defenders, solution.steps, rng));
    expectWithin(
      estimate(runs, (r) => r.armiesKept + 4 * r.taken),
      solution.start.value,
    );
    expectWithin(
      estimate(runs, (r) => r.taken),
      solution.start.expectedTerritoriesTaken,
    );
  });

  it('maximal P(conquest) with house rules: defender 3 dice against an attacking leader', () => {
    const rule: DiceRule = { ...plain, defenderDice: 3, attackerBonus: 1 };
    const path = pathOf(rule, 15, [6, 4]);
    const solution = solveStopping(path, conquestReward(2));
    const rng = Xoshiro128.fromState([0xdeadbeef, 0x12345678, 0x0badf00d, 0x7777]);
    const runs = Array.from({ length: RUNS }, () => play([rule, rule], 15, [6, 4], solution.steps, rng));
    expectWithin(
      estimate(runs, (r) => (r.taken === 2 ? 1 : 0)),
      solution.start.pConquest,
    );
  });
});
