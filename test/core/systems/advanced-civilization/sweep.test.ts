/**
 * Engineering matchup tables as engine sweeps, and the headline defined once: the
 * number shown first, the paired differences and the thresholds all read `controls_0`.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario } from '../../../../src/core/engine/validate/scenario.js';
import { runSweep, type SweepOptions } from '../../../../src/core/engine/sweep/sweep.js';
import { runBattle } from '../../../../src/core/engine/answer/battle.js';
import { InProcessExecutor } from '../../../../src/core/engine/sample/executor.js';
import { PoolExecutor } from '../../../../src/threads/poolExecutor.js';
import { loadScenario } from '../../../../src/files/scenarioFile.js';
import { runScenario } from '../../../../src/core/run/runScenario.js';
import { SYSTEMS, findSystem } from '../../../../src/core/registry/systems.js';
import type { SweepReport } from '../../../../src/core/model/report.js';
import { publishedReport } from '../../../helpers/publishedReport.js';
import { summaryCsv, sweepCsv } from '../../../../src/output/csv.js';
import { sweepRequests } from '../../../../src/output/charts/fromReport.js';
import type { HeatmapChart } from '../../../../src/core/model/report.js';
import { compileRaw, outcomeOf } from './helpers.js';
import { ROOT } from '../../../helpers/cli.js';

const inProcess = new InProcessExecutor(findSystem);
const exactOptions: SweepOptions = { seed: 'x', trials: 1, kernel: 'fast', method: 'exact' };

function thresholdOf(sweep: SweepReport, metric: string, variant: string, at: Array<string | number>): unknown {
  const row = sweep.thresholds.find(
    (t) => t.metric === metric && t.variant === variant && JSON.stringify(t.at) === JSON.stringify(at),
  );
  if (!row) throw new Error(`no threshold row ${metric} ${variant} ${JSON.stringify(at)}`);
  return row.value;
}

describe('the Engineering matchup table is an engine sweep (bundled scenario)', async () => {
  const scenario = loadScenario(path.join(ROOT, 'scenarios/advanced-civilization-fort-engineering.json'));
  const sweep = await runSweep(scenario.system, scenario.sweep!, exactOptions, inProcess);

  it('has the attacker tokens first, then defender tokens, the matchup and the fort/Metalworking setting', () => {
    expect(sweep.axes.map((a) => [a.name, a.values.length])).toEqual([
      ['nations.0.tokens', 12],
      ['nations.1.tokens', 8],
      ['engineering', 4],
      ['fortAndMetalworking', 6],
    ]);
    expect(sweep.variants).toEqual(['order', 'extra-removals']);
    expect(sweep.cells.every((c) => c.method === 'exact')).toBe(true);
    expect(sweep.headline.key).toBe('controls_0');
  });

  it('a matchup value sets both nations: "attacker only" gives the attacker Engineering and not the defender', () => {
    const i = scenario.sweep!.cells.findIndex((c) => c.at[2] === 'attacker only' && c.at[3] === 'fort');
    const entry = scenario.sweep!.cells[i].battles[0].entry as { nations: Array<{ engineering: boolean }> };
    expect(entry.nations.map((n) => n.engineering)).toEqual([true, false]);
  });

  it('declares the outcome categories, so the chart module can colour cells by outcome', () => {
    expect(sweep.outcomes).toEqual({
      label: 'Outcome of the conflict',
      // No cell has a city: "a city stands beside others" cannot happen, and is not a category here.
      keys: ['alone_0', 'alone_1', 'stay', 'empty'],
      labels: [
        'attacker alone in the area',
        'defender alone in the area',
        'Both stay: limit no longer exceeded',
        'Area empty',
      ],
    });
    // Exactly one category per cell and variant.
    for (const cell of sweep.cells)
      for (const v of cell.variants) {
        const hits = sweep.outcomes!.keys.map((k) => v.metrics.find((m) => m.key === k)!.exact);
        expect(hits.filter((x) => x === 1)).toHaveLength(1);
      }
  });

  it('a sweep with a city on one axis keeps "city stands" and colours every cell by its outcome', async () => {
    const mixed = parseScenario(
      {
        name: 'city-or-not',
        system: 'advanced-civilization',
        sweep: {
          base: {
            limit: 2,
            nations: [
              { name: 'attacker', tokens: 4 },
              { name: 'defender', tokens: 0 },
            ],
          },
          axes: {
            'nations.0.tokens': { from: 4, to: 8 },
            city: [
              { label: 'no city', set: { city: false } },
              { label: 'city', set: { city: { owner: 'defender' } } },
            ],
          },
        },
      },
      'city-or-not.json',
      SYSTEMS,
    );
    const report = await runSweep(mixed.system, mixed.sweep!, exactOptions, inProcess);
    expect(report.outcomes!.keys).toContain('cityStands');
    // Cells without a city do not report it, yet each still has one certain outcome.
    const noCity = report.cells.filter((c) => c.at[1] === 'no city');
    expect(noCity.length).toBeGreaterThan(0);
    expect(noCity.every((c) => c.variants.every((v) => !v.metrics.some((m) => m.key === 'cityStands')))).toBe(true);
    const [chart] = sweepRequests('city-or-not', report) as HeatmapChart[];
    expect(chart.colour.scale).toBe('categories');
    expect(chart.cells).toHaveLength(report.cells.length);
  });

  it('a cell: 4 against 4 holding a fort, neither has Engineering: both stay 1/2 (order), as the resolver says', () => {
    const cell = sweep.cells.find((c) => JSON.stringify(c.at) === JSON.stringify([4, 4, 'neither', 'fort']))!;
    const value = (v: number, key: string) => cell.variants[v].metrics.find((m) => m.key === key)!.exact;
    expect([value(0, 'stay'), value(0, 'left_0'), value(0, 'left_1'), value(0, 'controls_1')]).toEqual([1, 1, 2, 1]);
    const o = outcomeOf({
      limit: 3,
      nations: [
        { name: 'A', tokens: 4 },
        { name: 'B', tokens: 4 },
      ],
      fort: { owner: 'B' },
    });
    expect(o.tokensLeft).toEqual([1, 2]);
  });

  it('thresholds give the tokens to outnumber (controls_0) and to clear (alone_0) against 4 (docs table)', () => {
    const matchups = ['neither', 'attacker only', 'defender only', 'both'];
    const row = (metric: string, variant: string, fort: string) =>
      matchups.map((m) => thresholdOf(sweep, metric, variant, [4, m, fort]));
    expect(row('controls_0', 'order', 'no fort')).toEqual([5, 5, 5, 5]);
    expect(row('alone_0', 'order', 'no fort')).toEqual([6, 6, 6, 6]);
    expect(row('controls_0', 'order', 'fort')).toEqual([5, 5, 5, 5]);
    expect(row('alone_0', 'order', 'fort')).toEqual([7, 6, 7, 7]);
    expect(row('controls_0', 'extra-removals', 'fort')).toEqual([6, 5, 7, 6]);
    expect(row('alone_0', 'extra-removals', 'fort')).toEqual([7, 6, 8, 7]);
    // Metalworking for the defender (+1): the attacker removes first every round. 6 against 4, limit 3:
    // 5/4 5/3 4/3 4/2 3/2 3/1 2/1, both stay; 7: 6/4 6/3 5/3 5/2 4/2 4/1 3/1 3/0, alone. Without it 6 clear.
    expect(thresholdOf(sweep, 'alone_0', 'order', [4, 'neither', 'no fort, Metalworking: defender'])).toBe(7);
  });

  it('a tokens threshold out of the swept range is null', () => {
    // 8 defenders at level 3 (fort +2 with Engineering, Metalworking +1), extra-removals: 12 attackers remove 3
    // first (9/8), then by counts, fewer first: 9/7 8/7 8/6 ... 3/2 3/1 2/1: both stay. 12 cannot clear them.
    expect(
      thresholdOf(sweep, 'alone_0', 'extra-removals', [8, 'defender only', 'fort, Metalworking: defender']),
    ).toBeNull();
    expect(
      thresholdOf(sweep, 'controls_0', 'extra-removals', [8, 'defender only', 'fort, Metalworking: defender']),
    ).toBe(12);
  });
});

describe('the city matchup sweep (bundled scenario)', async () => {
  const scenario = loadScenario(path.join(ROOT, 'scenarios/advanced-civilization-city-engineering.json'));
  const sweep = await runSweep(scenario.system, scenario.sweep!, exactOptions, inProcess);
  it('attack thresholds 7 / 6 / 8 / 7 by Engineering against a lone city', () => {
    const matchups = ['neither', 'attacker only', 'defender only', 'both'];
    expect(matchups.map((m) => thresholdOf(sweep, 'alone_0', 'baseline', [0, m, 'no fort']))).toEqual([7, 6, 8, 7]);
    expect(sweep.outcomes?.labels[3]).toBe("defender's city stands beside others");
  });
});

describe('the headline is one layout event (regression: a sweep over limits printed a paired difference of 0)', () => {
  // The reported case: Assyria 6 with Engineering against a fort held by Egypt, whose 2..8 tokens are unknown;
  // the variant gives Egypt Engineering too. The old code showed P 0.4318 vs 0.2898 ("alone"), an exact
  // difference of -0.1429, and a paired difference of 0 [0, 0] (counted on "controls").
  const base = {
    limit: 3,
    nations: [
      { name: 'Assyria', tokens: 6, engineering: true },
      { name: 'Egypt', tokens: { min: 2, max: 8 } },
    ],
    fort: { owner: 'Egypt' },
  };
  const scenario = parseScenario(
    {
      name: 'headline-regression',
      system: 'advanced-civilization',
      sweep: {
        base,
        axes: { limit: [2, 3, 4, 5] },
        variants: [
          { label: 'Egypt without Engineering' },
          { label: 'Egypt with Engineering', set: { 'nations.1.engineering': true } },
        ],
      },
    },
    'headline-regression.json',
    SYSTEMS,
  );

  /** Independent of the sweep: P(Assyria controls) by resolving each of Egypt's 7 counts as a fixed conflict. */
  function bruteForce(limit: number, egyptEngineering: boolean): number {
    let p = 0;
    for (let egypt = 2; egypt <= 8; egypt++) {
      const o = outcomeOf({
        ...base,
        limit,
        nations: [base.nations[0], { name: 'Egypt', tokens: egypt, engineering: egyptEngineering }],
      });
      if (o.holder === 0) p += 1 / 7;
    }
    return p;
  }

  it('sampled with common random numbers: the paired difference is the difference of the headline', async () => {
    const trials = 40_000;
    const sweep = await runSweep(
      scenario.system,
      scenario.sweep!,
      { seed: 'headline', trials, kernel: 'fast', method: 'sample', check: true },
      inProcess,
    );
    expect(sweep.headline.key).toBe('controls_0');
    let nonzero = 0;
    for (const cell of sweep.cells) {
      const limit = cell.at[0] as number;
      const [without, withEngineering] = cell.variants.map((v) => v.metrics[0]);
      expect([without.key, withEngineering.key]).toEqual(['controls_0', 'controls_0']);
      const d = cell.differences[0];
      const exact = bruteForce(limit, true) - bruteForce(limit, false);
      expect(d.exact).toBeCloseTo(exact, 12);
      expect(d.exact).toBeCloseTo(withEngineering.exact! - without.exact!, 12);
      // The paired counts are the headline's own: the difference of the two estimates shown.
      expect(d.difference).toBeCloseTo(withEngineering.estimate - without.estimate, 12);
      const half = (d.ci95![1] - d.ci95![0]) / 2;
      if (exact === 0) {
        expect(d.difference).toBe(0);
      } else {
        nonzero++;
        expect(Math.abs(d.difference - exact)).toBeLessThan((4.5 / 1.96) * half);
        expect(d.ci95![1]).toBeLessThan(0);
      }
    }
    // Limits 2 and 4: Engineering for Egypt turns the fort's +0 into +1 and costs Assyria 1 of the 7 counts.
    expect(nonzero).toBe(2);
    expect(sweep.cells.map((c) => c.differences[0].exact)).toEqual(
      [-1 / 7, 0, -1 / 7, 0].map((x) => expect.closeTo(x, 12)),
    );
  });

  it('solved exactly: the difference is the exact difference of the headline', async () => {
    const sweep = await runSweep(scenario.system, scenario.sweep!, exactOptions, inProcess);
    for (const cell of sweep.cells) {
      const limit = cell.at[0] as number;
      expect(cell.differences[0].difference).toBeCloseTo(bruteForce(limit, true) - bruteForce(limit, false), 12);
    }
  });
});

describe('nation names are labels, never keys: toString, constructor, __proto__', () => {
  const pool = new PoolExecutor(1);
  afterAll(() => pool.close());
  const entry = (egypt: unknown) => ({
    limit: 4,
    nations: [
      { name: 'toString', tokens: 6, engineering: true },
      { name: 'constructor', tokens: egypt, metalworking: true },
      { name: '__proto__', tokens: 2 },
    ],
    fort: { owner: 'constructor' },
    city: { owner: 'toString' },
  });

  it('a fixed and an uncertain conflict run through a worker thread and report by index', async () => {
    for (const egypt of [5, { min: 1, max: 9 }]) {
      const battle = compileRaw(entry(egypt), 'odd names');
      const report = await runBattle(
        findSystem('advanced-civilization')!,
        battle,
        'odd-names',
        { seed: 'names', trials: 20_000, kernel: 'fast', method: 'sample', check: true },
        pool,
      );
      expect(report.metrics.map((m) => m.key).filter((k) => /toString|constructor|proto/.test(k))).toEqual([]);
      expect(report.metrics.find((m) => m.key === 'controls_1')!.label).toContain('constructor controls the area');
      expect(report.metrics.find((m) => m.key === 'cityStands')!.label).toContain(
        "toString's city stands beside others",
      );
      const parsed = publishedReport(report, 'names');
      expect(summaryCsv(parsed)).toContain('controls_1');
    }
  });

  it('a sweep over the odd names runs through the pool and writes its CSV', async () => {
    const scenario = parseScenario(
      {
        name: 'odd-names',
        system: 'advanced-civilization',
        trials: 5_000,
        sweep: { base: entry({ min: 1, max: 9 }), axes: { limit: [3, 6] } },
      },
      'odd-names.json',
      SYSTEMS,
    );
    const report = await runScenario(scenario, { trials: 5_000 }, pool, { version: 'test', file: null });
    expect(report.sweep!.outcomes!.keys).toEqual(['alone_0', 'alone_1', 'alone_2', 'stay', 'cityStands', 'empty']);
    expect(report.sweep!.outcomes!.labels[0]).toBe('P(toString alone in the area)');
    expect(sweepCsv(report.sweep!).split('\n')[0]).toContain('alone_2');
  });
});
