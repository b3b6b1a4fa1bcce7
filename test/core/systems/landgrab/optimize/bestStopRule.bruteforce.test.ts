/**
 * The constrained stop rule (most armies kept with P(conquest) >= target) against every
 * deterministic rule of small battles and chains, enumerated by everyRule.ts (its own forward
 * pass and dice): the answer must keep exactly as many armies as the best rule meeting the
 * target, say that it is proved, and its stop table, followed to the letter by the reference
 * recursion, must meet the target and keep what the answer says.
 *
 * "Meets the target" is P >= target with no slack on both sides; targets within 1e-9 of some
 * rule's P (where the two evaluations' rounding could disagree) are left out, and counted.
 */
import { describe, expect, it } from 'vitest';
import {
  whenToStop,
  type StoppingAnswer,
} from '../../../../../src/core/systems/landgrab/optimize/stopping/whenToStop.js';
import type { DiceRule } from '../../../../../src/core/systems/landgrab/rules/tables.js';
import { bestMeeting, everyRule } from './everyRule.js';
import { pathOf, plain, referencePolicy, variants } from './reference.js';

const rule = (name: string): DiceRule => variants[name] ?? extra[name];
const extra: Record<string, DiceRule> = {
  'attacker 2 dice': { ...plain, attackerDice: 2 },
  'defender +4 vs attacker +1': { ...plain, defenderBonus: 4, attackerBonus: 1 },
};

/** [rule variant per territory, attackers, defenders per territory]: 12 to 35 states with a choice. */
const cases: [string[], number, number[]][] = [
  [['plain'], 6, [4]],
  [['plain'], 8, [5]], // the audit's 8 vs 5: 35 states, 118 262 rules
  [['fortress'], 7, [3]],
  [['leader on fortress'], 6, [4]],
  [['attacking leader'], 6, [3]],
  [['defender 3 dice'], 5, [4]],
  [['ties to attacker'], 6, [3]],
  [['attacker 2 dice'], 7, [3]],
  [['defender +4 vs attacker +1'], 6, [3]],
  [['plain', 'plain'], 6, [2, 2]],
  [['fortress', 'plain'], 7, [2, 2]],
  [['plain', 'leader on fortress', 'plain'], 6, [1, 2, 1]],
  [['attacking leader', 'defender 3 dice'], 6, [2, 1]],
];

const targets = [0.02, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8];
const moreTargets = [0.85, 0.9, 0.95, 0.333, 0.617, 0.777];

/** The player's stop table as a rule: stop exactly where a row's ranges say (elsewhere: roll on). */
function tableRule(answer: StoppingAnswer) {
  return (k: number, a: number, d: number) =>
    answer.stopTable
      .find((s) => s.step === k)
      ?.rows.find((r) => r.attackers === a)
      ?.stopRanges.some((r) => r.from <= d && d <= r.to) ?? false;
}

describe('the constrained stop rule equals the best of every deterministic rule, and says it is proved', () => {
  let compared = 0;
  let infeasible = 0;
  let nearTies = 0;
  it.each(cases)('%j, %i armies vs %j', (names, attackers, defenders) => {
    const rules = names.map(rule);
    const { outcomes, choiceStates } = everyRule(rules, attackers, defenders);
    expect(choiceStates).toBeGreaterThanOrEqual(12);
    const path = pathOf(rules, attackers, defenders);
    for (const target of [...targets, ...moreTargets]) {
      if (outcomes.some((o) => Math.abs(o.p - target) < 1e-9)) {
        nearTies++;
        continue;
      }
      const best = bestMeeting(outcomes, target);
      const answer = whenToStop(path, { kind: 'max-armies', minConquest: target });
      const c = answer.constraint!;
      expect(c.feasible).toBe(best !== null);
      if (best === null) {
        infeasible++;
        expect(c.proved).toBe(false);
        continue;
      }
      expect(c.proved).toBe(true);
      expect(answer.optimal.policy).toBe('optimal');
      expect(Math.abs(answer.value - best)).toBeLessThanOrEqual(1e-9 * best);
      expect(c.bound).toBe(answer.value);
      expect(c.gap).toBe(0);
      expect(c.randomisedBound!).toBeGreaterThanOrEqual(best - 1e-12);
      // The stop table the player reads, followed to the letter.
      const followed = referencePolicy(rules, attackers, defenders, tableRule(answer));
      expect(followed.p).toBeGreaterThanOrEqual(target);
      expect(followed.armies).toBeCloseTo(answer.value, 12);
      compared++;
    }
  });

  it('compared enough (target, case) pairs', () => {
    // Every case at 23 targets: the pairs compared, the infeasible ones and the near ties add up.
    expect(compared + infeasible + nearTies).toBe(cases.length * (targets.length + moreTargets.length));
    expect(compared).toBeGreaterThan(150);
    expect(nearTies).toBeLessThan(5);
  });
});
