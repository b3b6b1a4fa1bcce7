/**
 * Independent check of the constrained stop rule against an exact integer programme over
 * every rule (stopRuleMip.ts), solved by HiGHS (WebAssembly, the `highs` dev dependency), on
 * cases too large to enumerate (38 to 54 states with a choice). HiGHS's rule is replayed by the
 * reference recursion, so its feasibility tolerance (1e-6) cannot flatter it. The larger grid
 * (up to 20 vs 10 with modifiers, chains) is scripts/stop-rule-mip.ts.
 */
import { describe, expect, it } from 'vitest';
import highsModule from 'highs';
import { bestStopRule } from '../../../../../src/core/systems/landgrab/optimize/stopping/bestStopRule.js';
import { stopRuleMip } from './stopRuleMip.js';
import { pathOf, referencePolicy, variants } from './reference.js';

// The package's types describe its CommonJS build (the loader as `default`); its ES build
// exports the loader itself.
const loadHighs = highsModule as unknown as typeof highsModule.default;
const highs = await loadHighs();

/** A column's value in HiGHS's solution (an infeasible solution has none). */
function primal(column: object | undefined): number {
  return column && 'Primal' in column ? (column.Primal as number) : NaN;
}

describe('the constrained stop rule agrees with an integer programme solved by HiGHS', () => {
  it.each([
    ['fortress', 10, [6], 0.5],
    ['attacking leader', 9, [3, 2], 0.5],
    ['plain', 8, [5], 0.3],
  ] as const)('%s, %i armies vs %j, P >= %f', (name, attackers, defenders, target) => {
    const rules = defenders.map(() => variants[name]);
    const ours = bestStopRule(pathOf(rules, attackers, [...defenders]), target);
    const mip = stopRuleMip(rules, attackers, [...defenders], target);
    const solved = highs.solve(mip.lp, { output_flag: false, mip_rel_gap: 0, mip_abs_gap: 0 });
    expect(solved.Status).toBe('Optimal');
    const stops = new Set(mip.choices.filter((_, i) => primal(solved.Columns[`z${i}`]) < 0.5).map((s) => s.join()));
    const replay = referencePolicy(rules, attackers, [...defenders], (k, a, d) => stops.has([k, a, d].join()));
    expect(ours.proved).toBe(true);
    expect(replay.p).toBeGreaterThanOrEqual(target);
    expect(Math.abs(replay.armies - ours.armies)).toBeLessThanOrEqual(1e-9 * ours.armies);
    // HiGHS's own objective may exceed the rule's by its tolerance (x <= z + 1e-6), no more.
    expect(Math.abs(solved.ObjectiveValue - ours.armies)).toBeLessThan(1e-5);
  });
});
