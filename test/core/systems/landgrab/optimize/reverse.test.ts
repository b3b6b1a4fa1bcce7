import { describe, expect, it } from 'vitest';
import { minimumAttackers, maximumDefenders } from '../../../../../src/core/systems/landgrab/optimize/reverse.js';
import { solveBattle, solvePlan } from '../../../../../src/core/systems/landgrab/exact.js';
import { chainLayout, type ChainPlan } from '../../../../../src/core/systems/landgrab/plan.js';
import { plain, referenceConquest, tablesFor, variants } from './reference.js';
import { work } from '../../../../helpers/work.js';

const standard = tablesFor(plain);

describe('minimumAttackers (single battle)', () => {
  it('pins 4 in the territory vs 2: the curve carries 6610505 / 10077696', () => {
    const answer = minimumAttackers([{ defenders: 2, tables: standard }], 0.65, { curveFrom: 2, curveTo: 6 });
    expect(answer.attackers).toBe(4);
    expect(answer.pConquest).toBeCloseTo(6610505 / 10077696, 14);
    expect(answer.curve.map((p) => p.attackers)).toEqual([2, 3, 4, 5, 6]);
  });

  it.each(Object.entries(variants))(
    '%s: the answer is the first force meeting the target (forward solver)',
    (_, rule) => {
      const tables = tablesFor(rule);
      for (const defenders of [1, 3, 8, 20]) {
        for (const target of [0.25, 0.5, 0.8, 0.95]) {
          const answer = minimumAttackers([{ defenders, tables }], target);
          const a = answer.attackers as number;
          expect(answer.monotone).toBe(true);
          expect(solveBattle(tables, a, defenders).pWin).toBeGreaterThanOrEqual(target);
          expect(solveBattle(tables, a - 1, defenders).pWin).toBeLessThan(target);
          expect(answer.pConquest).toBeCloseTo(solveBattle(tables, a, defenders).pWin, 12);
          if (target === 0.8) {
            for (const point of answer.curve) {
              expect(point.pConquest).toBeCloseTo(solveBattle(tables, point.attackers, defenders).pWin, 12);
            }
          }
          // The default window runs from P >= 1% to P >= 99% and contains the answer.
          expect(answer.curve[0].attackers).toBeLessThanOrEqual(a);
          expect(answer.curve[answer.curve.length - 1].pConquest).toBeGreaterThanOrEqual(0.99);
        }
      }
    },
  );

  it('honours the stop-at rule of the tables', () => {
    const rule = { ...plain, stopAt: 4 };
    const answer = minimumAttackers([{ defenders: 6, tables: tablesFor(rule) }], 0.5);
    expect(answer.pConquest).toBeCloseTo(referenceConquest([rule], answer.attackers as number, [6]), 12);
    expect(referenceConquest([rule], (answer.attackers as number) - 1, [6])).toBeLessThan(0.5);
  });

  it('reports an unreachable target as null', () => {
    const answer = minimumAttackers([{ defenders: 30, tables: standard }], 0.999, { maxAttackers: 20 });
    expect(answer.attackers).toBeNull();
    expect(answer.pConquest).toBeNull();
  });

  it('answers 100 defenders well under 100 ms (of work: CPU time, test/helpers/work.ts)', () => {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { value: answer, ms } = work(() => minimumAttackers([{ defenders: 100, tables: standard }], 0.9));
      times.push(ms);
      expect(answer.pConquest).toBeCloseTo(solveBattle(standard, answer.attackers as number, 100).pWin, 12);
    }
    expect(Math.min(...times)).toBeLessThan(100);
  });

  it('rejects targets outside (0, 1]', () => {
    expect(() => minimumAttackers([{ defenders: 3, tables: standard }], 0)).toThrow(RangeError);
    expect(() => minimumAttackers([{ defenders: 3, tables: standard }], 1.5)).toThrow(RangeError);
  });
});

describe('minimumAttackers (chain)', () => {
  it('matches the chain solver and an independent recursion over the whole path', () => {
    const rules = [plain, variants.fortress, variants['leader on fortress']];
    const defenders = [3, 2, 4];
    const steps = defenders.map((d, k) => ({ defenders: d, tables: tablesFor(rules[k]) }));
    const answer = minimumAttackers(steps, 0.7);
    const chainP = (attackers: number) => {
      const { layout, at } = chainLayout(attackers, steps.length);
      const plan: ChainPlan = { kind: 'chain', attackers, steps, at };
      return solvePlan(plan, layout.size).probabilities[at.taken + steps.length];
    };
    const a = answer.attackers as number;
    expect(chainP(a)).toBeGreaterThanOrEqual(0.7);
    expect(chainP(a - 1)).toBeLessThan(0.7);
    for (const point of answer.curve) {
      expect(point.pConquest).toBeCloseTo(chainP(point.attackers), 12);
      expect(point.pConquest).toBeCloseTo(referenceConquest(rules, point.attackers, defenders), 12);
    }
    expect(answer.monotone).toBe(true);
  });
});

describe('maximumDefenders', () => {
  it.each(Object.entries(variants))('%s: the largest garrison beaten with P >= target', (_, rule) => {
    const tables = tablesFor(rule);
    for (const attackers of [3, 10, 25]) {
      for (const target of [0.3, 0.75]) {
        const answer = maximumDefenders(tables, attackers, target);
        expect(answer.monotone).toBe(true);
        const d = answer.defenders;
        if (d > 0) expect(solveBattle(tables, attackers, d).pWin).toBeGreaterThanOrEqual(target);
        expect(solveBattle(tables, attackers, d + 1).pWin).toBeLessThan(target);
        if (target === 0.75) {
          for (const point of answer.curve) {
            expect(point.pConquest).toBeCloseTo(solveBattle(tables, attackers, point.defenders).pWin, 12);
          }
        }
      }
    }
  });

  it('says 0 when one defender is already too many, and flags a search that hits its limit', () => {
    expect(maximumDefenders(standard, 2, 0.5).defenders).toBe(0); // 2 vs 1 is 15/36
    // An attacker whose +6 wins every tied or lost die (one pair per round) never loses a round.
    const invincible = tablesFor({ ...plain, defenderDice: 1, attackerBonus: 6, ties: 'attacker' });
    const answer = maximumDefenders(invincible, 3, 0.5, { maxDefenders: 50 });
    expect(answer.reachedLimit).toBe(true);
    expect(answer.defenders).toBe(50);
  });
});
