/**
 * The constrained stop rule (most armies kept with P(conquest) >= target): the audit's cases,
 * what the answer says when proved and when cut short by its work budget, the lean kernel
 * against solve.ts, and an entry's stopRule fighting under the same rule.
 */
import { describe, expect, it } from 'vitest';
import {
  bestStopRule,
  ruleDecisions,
} from '../../../../../src/core/systems/landgrab/optimize/stopping/bestStopRule.js';
import { StoppingKernel } from '../../../../../src/core/systems/landgrab/optimize/stopping/kernel.js';
import { solveStopping } from '../../../../../src/core/systems/landgrab/optimize/stopping/solve.js';
import { whenToStop } from '../../../../../src/core/systems/landgrab/optimize/stopping/whenToStop.js';
import { objectiveReward } from '../../../../../src/core/systems/landgrab/optimize/stopping/whenToStop.js';
import { stopRuleDecision, stopRuleLines } from '../../../../../src/core/systems/landgrab/advice/stopRuleText.js';
import type { LandgrabPlan } from '../../../../../src/core/systems/landgrab/plan.js';
import { Xoshiro128 } from '../../../../../src/core/random/xoshiro128.js';
import { exactOf, landgrabBattle } from '../../../../helpers/landgrab.js';
import { pathOf, plain, variants } from './reference.js';

describe("the audit's cases: the rule printed as keeping the most armies is the best one", () => {
  // [case, target, the audit's better rule (as it quoted it), what the Lagrangian search printed, path]
  it.each([
    ['18 vs 8 in a fortress', 0.6, 11.34, 11.21, pathOf(variants.fortress, 18, [8])],
    ['18 vs 8 in a fortress', 0.75, 10.019, 9.977, pathOf(variants.fortress, 18, [8])],
    ['8 vs 5', 0.5, 5.6252, 5.6066, pathOf(plain, 8, [5])],
  ])('%s at %f: at least the audit rule (%f), proved', (_, target, audit, heuristic, path) => {
    const answer = whenToStop(path, { kind: 'max-armies', minConquest: target });
    const decimals = String(audit).split('.')[1].length;
    expect(answer.value).toBeGreaterThanOrEqual(audit - 0.5 * 10 ** -decimals);
    expect(answer.value).toBeGreaterThan(heuristic + 0.01);
    expect(answer.optimal.pConquest).toBeGreaterThanOrEqual(target);
    expect(answer.constraint?.proved).toBe(true);
    expect(answer.constraint?.gap).toBe(0);
    const said = stopRuleLines(stopRuleDecision(answer, { objective: 'armies', minConquest: target }), 1);
    expect(said[0].text).toMatch(/while keeping the most armies/);
  });
});

describe('cut short by the work budget, the answer states its gap and never says "the most"', () => {
  it('100 vs 100 at 50% with a small budget', () => {
    const answer = whenToStop(pathOf(plain, 100, [100]), { kind: 'max-armies', minConquest: 0.5 }, { workBudget: 2e6 });
    const c = answer.constraint!;
    expect(c.proved).toBe(false);
    expect(c.work).toBeGreaterThanOrEqual(2e6);
    const line = stopRuleLines(stopRuleDecision(answer, { objective: 'armies', minConquest: 0.5 }), 1)[0].text;
    expect(line).not.toMatch(/the most armies/);
    const stated = Number(/within ([0-9.]+) armies of the best possible rule/.exec(line)?.[1]);
    // The stated gap is the proven one rounded up to two significant digits.
    expect(stated).toBeGreaterThanOrEqual(c.gap!);
    expect(stated).toBeLessThanOrEqual(c.gap! * 1.1);
  });

  it('the same question gives the same answer every time (work, not time, bounds it)', () => {
    const ask = () => bestStopRule(pathOf(plain, 60, [60]), 0.5, { workBudget: 1e6 });
    const [first, second] = [ask(), ask()];
    expect(second.armies).toBe(first.armies);
    expect(second.bound).toBe(first.bound);
    expect(second.nodes).toBe(first.nodes);
    expect(second.stop).toEqual(first.stop);
  });
});

describe('the lean kernel', () => {
  it("evaluates any rule bit for bit as solveStopping does (so 'meets the target' is one comparison)", () => {
    // Random rules over a chain with a fortress and a leader on a fortress.
    const rules = [variants.fortress, plain, variants['leader on fortress']];
    const path = pathOf(rules, 25, [3, 5, 2]);
    const kernel = new StoppingKernel(path);
    const rng = Xoshiro128.fromState([5, 6, 7, 8]);
    const rule = new Uint8Array(kernel.size);
    for (let trial = 0; trial < 20; trial++) {
      for (let i = 0; i < rule.length; i++) rule[i] = rng.nextUint32() % 4 === 0 ? 1 : 0;
      const fast = kernel.evaluate(rule);
      const steps = path.steps.map((s, k) => ({
        defenders: s.defenders,
        stop: rule.subarray(kernel.offsets[k], kernel.offsets[k + 1]),
      }));
      const slow = solveStopping(
        path,
        objectiveReward({ kind: 'max-armies', minConquest: 0.5 }, 3),
        (k, a, d) => steps[k].stop[a * (steps[k].defenders + 1) + d] === 1,
      ).start;
      expect(fast.p).toBe(slow.pConquest);
      expect(fast.armies).toBe(slow.expectedArmiesKept);
      const all = kernel.outcome(rule);
      expect([all.p, all.armies]).toEqual([slow.pConquest, slow.expectedArmiesKept]);
      expect(all.territories).toBeCloseTo(slow.expectedTerritoriesTaken, 14);
    }
  });
});

describe("an entry's stopRule fights under the same proved rule", () => {
  it('18 vs 8 in a fortress, stopRule { minConquest: 0.6 }: the exact solver under the masks', () => {
    const battle = landgrabBattle({ attackers: 18, defenders: 8, fortress: true, stopRule: { minConquest: 0.6 } });
    const plan = battle.plan as Extract<LandgrabPlan, { kind: 'battle' }>;
    const path = { attackers: 18, steps: [{ defenders: 8, tables: plan.tables }] };
    const best = bestStopRule(path, 0.6);
    expect(best.proved).toBe(true);
    const exact = exactOf(battle);
    let won = 0;
    let kept = 0;
    for (let a = 0; a <= 18; a++) {
      won += exact[plan.at.won + a];
      kept += a * (exact[plan.at.won + a] + exact[plan.at.heldAttacker + a]);
    }
    expect(won).toBeCloseTo(best.p, 12);
    expect(kept).toBeCloseTo(best.armies, 10);
    // The masks stop exactly where the rule stops in every state the rule reaches.
    const decisions = ruleDecisions(path, best)[0];
    const mask = plan.policy!.masks[0];
    const answer = whenToStop(path, { kind: 'max-armies', minConquest: 0.6 });
    for (const row of answer.stopTable[0].rows) {
      for (const d of row.reachableDefenders) {
        const i = row.attackers * 9 + d;
        expect(mask[i]).toBe(decisions.stop[i]);
      }
    }
  });
});
