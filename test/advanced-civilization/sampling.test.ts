import { describe, expect, it } from 'vitest';
import { compileRaw, outcomeOf, system } from './helpers.js';
import { Xoshiro128 } from '../../src/engine/random/xoshiro128.js';
import { stateFromSeed } from '../../src/engine/random/seed.js';
import { proportionZTest } from '../../src/stats/zTest.js';
import { chiSquareTest } from '../../src/stats/chiSquare.js';
import { conflictLayout, type ConflictPlan } from '../../src/systems/advanced-civilization/plan.js';

// Thresholds fixed before running: |z| < 4.5, chi-square p >= 1e-4.
const Z_MAX = 4.5;
const P_MIN = 1e-4;

/** A fort held by B against an attacker with Engineering; B's tokens unknown, 2..8. */
const unknownDefender = {
  type: 'conflict',
  limit: 3,
  nations: [
    { name: 'A', tokens: 6, engineering: true },
    { name: 'B', tokens: { min: 2, max: 8 } },
  ],
  fort: { owner: 'B' },
};

const threeNations = {
  limit: 4,
  nations: [
    { name: 'A', tokens: { values: [5, 7, 9], weights: [1, 2, 1] }, metalworking: true },
    { name: 'B', tokens: { min: 1, max: 6 }, engineering: true },
    { name: 'C', tokens: 3 },
  ],
  city: { owner: 'C' },
};

function sample(raw: unknown, kernel: 'fast' | 'faithful', trials: number, seed: string) {
  const battle = compileRaw(raw);
  const tally = new Float64Array(battle.tallySize);
  system.kernels[kernel](battle.plan, Xoshiro128.fromState(stateFromSeed(seed)), trials, tally);
  return { battle, tally, exact: system.solve!(battle.plan) as { kind: string; probabilities: Float64Array } };
}

describe('uncertain token counts: Monte Carlo over what the player does not know', () => {
  it('is sampled (tallySize > 0) only when some count is uncertain', () => {
    expect(compileRaw(unknownDefender).tallySize).toBeGreaterThan(0);
    expect(
      compileRaw({ ...unknownDefender, nations: [unknownDefender.nations[0], { name: 'B', tokens: 4 }] }).tallySize,
    ).toBe(0);
  });

  it('the exact answer is the average of the deterministic outcomes over the input distribution', () => {
    const { exact } = sample(unknownDefender, 'fast', 0, 's');
    const plan = compileRaw(unknownDefender).plan as ConflictPlan;
    const layout = conflictLayout(plan);
    let aHolds = 0;
    for (let b = 2; b <= 8; b++) {
      const o = outcomeOf({ ...unknownDefender, nations: [unknownDefender.nations[0], { name: 'B', tokens: b }] });
      if (o.holder === 0) aHolds += 1 / 7;
    }
    expect(exact.probabilities[layout.holder]).toBeCloseTo(aHolds, 12);
    // Total mass of the holder bins is 1.
    const holderMass = exact.probabilities.subarray(0, 3).reduce((s, p) => s + p, 0);
    expect(holderMass).toBeCloseTo(1, 12);
  });

  for (const kernel of ['fast', 'faithful'] as const) {
    for (const [name, raw] of [
      ['two nations and a fort', unknownDefender],
      ['three nations, weighted list and a city', threeNations],
    ] as const) {
      it(`${kernel} kernel agrees with the exact enumeration: ${name}`, () => {
        const trials = 200_000;
        const { battle, tally, exact } = sample(raw, kernel, trials, `adv-civ-${kernel}-${name}`);
        const plan = battle.plan as ConflictPlan;
        const layout = conflictLayout(plan);
        const n = plan.rules.names.length;
        for (let i = 0; i <= n; i++) {
          const p = exact.probabilities[layout.holder + i];
          if (p > 0 && p < 1)
            expect(Math.abs(proportionZTest(tally[layout.holder + i], trials, p).z)).toBeLessThan(Z_MAX);
          else expect(tally[layout.holder + i]).toBe(p * trials);
        }
        for (let i = 0; i < n; i++) {
          const start = layout.left[i];
          const end = i + 1 < n ? layout.left[i + 1] : layout.size;
          const observed = tally.subarray(start, end);
          const expected = exact.probabilities.subarray(start, end);
          expect(chiSquareTest(observed, expected).pValue).toBeGreaterThanOrEqual(P_MIN);
        }
        expect(system.headlineCount(battle.plan, tally)).toBe(tally[layout.holder]);
      });
    }
  }

  it('summarizes with Wilson intervals and the exact value', () => {
    const trials = 50_000;
    const { battle, tally, exact } = sample(unknownDefender, 'fast', trials, 'summary');
    const report = system.summarize({ battle, tally, trials, partial: false, exact });
    expect(report.method).toBe('monte-carlo');
    const holdsA = report.metrics.find((m) => m.key === 'controls:A')!;
    expect(holdsA.ci95).toBeDefined();
    expect(holdsA.exact).toBeCloseTo(exact.probabilities[0], 12);
    // A alone, B alone, both stay, area empty: one row per outcome category.
    expect(report.tables?.outcomes.map((r) => r.outcome)).toEqual([
      'A alone in the area',
      'B alone in the area',
      'Both stay: limit no longer exceeded',
      'Area empty',
    ]);
    expect(report.charts?.[0].spec).toMatchObject({ config: { font: 'DejaVu Sans' } });
    expect(report.json.pAttackerControls).toBe(holdsA.estimate);
  });

  it('without sampling (engine exact path) the report is exact', () => {
    const battle = compileRaw(unknownDefender);
    const report = system.summarize({
      battle,
      tally: null,
      trials: 0,
      partial: false,
      exact: system.solve!(battle.plan),
    });
    expect(report.method).toBe('exact');
    expect(report.metrics[0].estimate).toBe(report.metrics[0].exact);
  });

  it('headlineCount is 0 for battles that are not sampled', () => {
    const battle = compileRaw({ ...unknownDefender, nations: [unknownDefender.nations[0], { name: 'B', tokens: 4 }] });
    expect(system.headlineCount(battle.plan, new Float64Array(0))).toBe(0);
  });
});
