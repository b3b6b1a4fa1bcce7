import { describe, expect, it } from 'vitest';
import { compileRaw, exactOf, outcomeOf, system } from './helpers.js';
import { Xoshiro128 } from '../../../../src/core/random/xoshiro128.js';
import { stateFromSeed } from '../../../../src/core/random/seed.js';
import { proportionZTest } from '../../../helpers/stats/zTest.js';
import { chiSquareTest } from '../../../../src/core/stats/chiSquare.js';
import { binSum, findEvent } from '../../../../src/core/model/tallyLayout.js';
import { describeBattle, runBattle } from '../../../../src/core/engine/answer/battle.js';
import { InProcessExecutor } from '../../../../src/core/engine/sample/executor.js';
import { findSystem } from '../../../../src/core/registry/systems.js';
import { isUnsolved } from '../../../../src/core/model/contract.js';
import type { Battle } from '../../../../src/core/engine/validate/entry.js';
import type { ConflictPlan } from '../../../../src/core/systems/advanced-civilization/plan.js';

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
  const tally = new Float64Array(battle.layout.size);
  system.sampler![kernel](battle.plan, Xoshiro128.fromState(stateFromSeed(seed)), trials, tally);
  return { battle, tally, exact: exactOf(battle) };
}

const count = (battle: Battle<ConflictPlan>, v: Float64Array, name: string) =>
  binSum(v, findEvent(battle.layout, name).bins);

describe('uncertain token counts: Monte Carlo over what the player does not know', () => {
  it('is sampled only when some count is uncertain; known counts are deterministic', () => {
    expect(compileRaw(unknownDefender).deterministic).toBeUndefined();
    expect(compileRaw(unknownDefender).plan.sampled).toBe(true);
    const fixed = compileRaw({ ...unknownDefender, nations: [unknownDefender.nations[0], { name: 'B', tokens: 4 }] });
    expect(fixed.deterministic).toBe(true);
  });

  it('a fixed conflict solves to a one-hot vector in the layout, with its outcome as detail', () => {
    const battle = compileRaw({ ...unknownDefender, nations: [unknownDefender.nations[0], { name: 'B', tokens: 4 }] });
    const { probabilities, detail } = exactOf(battle);
    expect(probabilities).toHaveLength(battle.layout.size);
    for (const part of ['controls_0', 'controls_1', 'controls_none', 'alone_0', 'alone_1', 'stay', 'empty'])
      expect([0, 1]).toContain(count(battle, probabilities, part));
    // Only A holds Engineering: the fort gives B +0, so counts decide. B (fewer) first:
    // 6/3, 5/3, 5/2, 4/2, 4/1, 3/1, 3/0: B is eliminated, A alone with 3.
    expect(detail).toMatchObject({ start: [6, 4], outcome: { tokensLeft: [3, 0], holder: 0, kind: 'alone' } });
    expect(count(battle, probabilities, 'alone_0')).toBe(1);
    expect(count(battle, probabilities, 'fortCaptured')).toBe(1);
  });

  it('the exact answer is the average of the deterministic outcomes over the input distribution', () => {
    const battle = compileRaw(unknownDefender);
    const exact = exactOf(battle).probabilities;
    let aHolds = 0;
    let aAlone = 0;
    for (let b = 2; b <= 8; b++) {
      const o = outcomeOf({ ...unknownDefender, nations: [unknownDefender.nations[0], { name: 'B', tokens: b }] });
      if (o.holder === 0) aHolds += 1 / 7;
      if (o.kind === 'alone' && o.alone === 0) aAlone += 1 / 7;
    }
    expect(count(battle, exact, 'controls_0')).toBeCloseTo(aHolds, 12);
    expect(count(battle, exact, 'alone_0')).toBeCloseTo(aAlone, 12);
    // Each of the two partitions (outcome categories, control) has total mass 1.
    const outcome = ['alone_0', 'alone_1', 'stay', 'cityStands', 'empty'].map((k) => count(battle, exact, k));
    expect(outcome.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    const control = ['controls_0', 'controls_1', 'controls_none'].map((k) => count(battle, exact, k));
    expect(control.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
  });

  for (const kernel of ['fast', 'faithful'] as const) {
    for (const [name, raw] of [
      ['two nations and a fort', unknownDefender],
      ['three nations, weighted list and a city', threeNations],
    ] as const) {
      it(`${kernel} kernel agrees with the exact enumeration: ${name}`, () => {
        const trials = 200_000;
        const { battle, tally, exact } = sample(raw, kernel, trials, `adv-civ-${kernel}-${name}`);
        const n = battle.plan.rules.names.length;
        const keys = [...Array.from({ length: n }, (_, i) => `controls_${i}`), 'controls_none'];
        for (const k of keys) {
          const p = count(battle, exact.probabilities, k);
          const hits = count(battle, tally, k);
          if (p > 0 && p < 1) expect(Math.abs(proportionZTest(hits, trials, p).z)).toBeLessThan(Z_MAX);
          else expect(hits).toBe(p * trials);
        }
        for (let i = 0; i < n; i++) {
          const start = battle.plan.at.left[i];
          const end = i + 1 < n ? battle.plan.at.left[i + 1] : battle.layout.size;
          const observed = tally.subarray(start, end);
          const expected = exact.probabilities.subarray(start, end);
          expect(chiSquareTest(observed, expected).pValue).toBeGreaterThanOrEqual(P_MIN);
        }
      });
    }
  }

  it('summarizes with Wilson intervals and the exact value, the outcome table and chart by category', () => {
    const trials = 50_000;
    const { battle, tally, exact } = sample(unknownDefender, 'fast', trials, 'summary');
    const report = describeBattle(system, battle, tally, trials, exact);
    expect(report.metrics[0].key).toBe('controls_0');
    const holdsA = report.metrics[0];
    expect(holdsA.ci95).toBeDefined();
    expect(holdsA.exact).toBeCloseTo(count(battle, exact.probabilities, 'controls_0'), 12);
    expect(holdsA.estimate).toBe(count(battle, tally, 'controls_0') / trials);
    // A alone, B alone, both stay, area empty: one row per outcome category (no city here).
    const table = report.tables.find((t) => t.name === 'outcomes')!;
    expect(table.rows.map((r) => r[0])).toEqual([
      'A alone in the area',
      'B alone in the area',
      'Both stay: limit no longer exceeded',
      'Area empty',
    ]);
    const chart = report.charts.find((c) => c.name === 'outcomes')!;
    expect(chart.kind).toBe('intervals');
    expect(chart.kind === 'intervals' && chart.rows.map((r) => r.category)).toEqual(table.rows.map((r) => r[0]));
    expect(report.verdict[0]).toMatch(
      /^A controls the area with probability \d+\.\d% \[\d+\.\d%, \d+\.\d%\]; most likely/,
    );
    // The engine reports the tokens-left distributions (one per nation) from the layout.
    expect(report.distributions.map((d) => d.key)).toEqual(['left_0', 'left_1']);
  });

  it('solved exactly (no sampling), the report is exact', async () => {
    const report = await runBattle(
      system,
      compileRaw(unknownDefender),
      'x',
      { seed: 's', trials: 1000, kernel: 'fast', method: 'exact' },
      new InProcessExecutor(findSystem),
    );
    expect(report.method).toBe('exact');
    expect(report.metrics[0].estimate).toBe(report.metrics[0].exact);
    expect(report.verdict[0]).toMatch(/^A controls the area with probability 57\.1%; most likely outcome/);
  });

  it('eight uncertain nations are sampled; only the exact solver declines, saying how many combinations', async () => {
    const eight = {
      limit: 10,
      nations: Array.from({ length: 8 }, (_, i) => ({ name: `N${i}`, tokens: { min: 1, max: 9 } })),
    };
    const battle = compileRaw(eight);
    const answer = system.solve!(battle.plan);
    expect(isUnsolved(answer) && answer.unsolved).toContain('43,046,721 combinations');
    const report = await runBattle(
      system,
      battle,
      'x',
      { seed: 's', trials: 20_000, kernel: 'fast', method: 'auto' },
      new InProcessExecutor(findSystem),
    );
    expect(report.method).toBe('monte-carlo');
    expect(report.trials).toBe(20_000);
    expect(report.notes.join(' ')).toContain('43,046,721 combinations');
    // By symmetry each nation controls the area equally often: about (1 - P(nobody)) / 8.
    const nobody = report.metrics.find((m) => m.key === 'controls_none')!.estimate;
    for (let i = 0; i < 8; i++) {
      const m = report.metrics.find((x) => x.key === `controls_${i}`)!;
      expect(Math.abs(m.estimate - (1 - nobody) / 8)).toBeLessThan(
        Z_MAX * Math.sqrt((((1 - nobody) / 8) * (1 - (1 - nobody) / 8)) / 20_000),
      );
    }
  });
});
