import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../../../src/core/engine/validate/scenario.js';
import { runSweep } from '../../../../src/core/engine/sweep/sweep.js';
import { InProcessExecutor } from '../../../../src/core/engine/sample/executor.js';
import { SYSTEMS, findSystem } from '../../../../src/core/registry/systems.js';
import { InputError } from '../../../../src/core/model/inputError.js';
import { withPath } from '../../../../src/core/engine/validate/sweep.js';
import { pairedDifference } from '../../../../src/core/stats/pairedDifference.js';

function sweepScenario(sweep: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return parseScenario(
    { name: 'sweep-test', system: 'landgrab', seed: 'sweep', trials: 50_000, sweep, ...extra },
    'sweep-test.json',
    SYSTEMS,
  );
}

describe('sweep grids', () => {
  it('expands every combination of the axes, the last axis fastest', () => {
    const s = sweepScenario({
      base: { attackers: 2, defenders: 1 },
      axes: { attackers: { from: 2, to: 4 }, fortress: [false, true] },
    });
    expect(s.sweep?.axes.map((a) => a.name)).toEqual(['attackers', 'fortress']);
    expect(s.sweep?.cells.map((c) => c.at)).toEqual([
      [2, false],
      [2, true],
      [3, false],
      [3, true],
      [4, false],
      [4, true],
    ]);
  });

  it('names the cell that is not a valid battle', () => {
    expect(() =>
      sweepScenario({ base: { attackers: 2, defenders: 1 }, axes: { attackers: { from: 1, to: 3 } } }),
    ).toThrow(/sweep: the cell attackers=1 is not a valid battle: attackers: must be at least 2/);
    try {
      sweepScenario({
        base: { attackers: 5, defenders: 1 },
        axes: { defenders: [1, 2] },
        variants: [{ label: 'a' }, { label: 'b', set: { tiez: 'x' } }],
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      expect((error as InputError).field).toBe('sweep.variants[1]');
      expect((error as InputError).detail).toContain('tiez');
    }
  });

  it('runs exact-only sweeps with no sampling, and Monte Carlo agrees with them cell by cell', async () => {
    const scenario = sweepScenario({
      base: { attackers: 2, defenders: 1 },
      axes: { attackers: [3, 6, 9], defenders: [2, 5] },
    });
    const executor = new InProcessExecutor(findSystem);
    const exact = await runSweep(
      scenario.system,
      scenario.sweep!,
      { seed: 'x', trials: 1, kernel: 'fast', method: 'exact' },
      executor,
    );
    const sampled = await runSweep(
      scenario.system,
      scenario.sweep!,
      { seed: 'x', trials: 50_000, kernel: 'fast', method: 'sample', check: true },
      executor,
    );
    expect(exact.cells.every((c) => c.method === 'exact' && c.trials === 0)).toBe(true);
    for (let i = 0; i < exact.cells.length; i++) {
      const p = exact.cells[i].variants[0].metrics[0].estimate;
      const m = sampled.cells[i].variants[0].metrics[0];
      expect(m.exact).toBeCloseTo(p, 12);
      const se = Math.sqrt((p * (1 - p)) / 50_000);
      expect(Math.abs(m.estimate - p)).toBeLessThan(4.5 * se + 1e-12);
    }
  });
});

describe('house-rule comparisons on common random numbers', () => {
  const scenario = sweepScenario({
    base: { attackers: 12, defenders: 8 },
    axes: { defenders: [4, 8, 12] },
    variants: [{ label: 'to the end' }, { label: 'stop at 2', set: { stopAt: 2 } }],
  });

  it('gives each difference a paired interval much narrower than the unpaired one', async () => {
    const r = await runSweep(
      scenario.system,
      scenario.sweep!,
      { seed: 'crn', trials: 100_000, kernel: 'fast', method: 'sample', check: true },
      new InProcessExecutor(findSystem),
    );
    for (const cell of r.cells) {
      const d = cell.differences[0];
      const paired = d.ci95![1] - d.ci95![0];
      const unpaired = d.unpairedCi95![1] - d.unpairedCi95![0];
      // Stopping one army earlier changes few battles: the paired interval is at least 3x tighter.
      expect(paired).toBeLessThan(unpaired / 3);
      // And it is honest: it covers the exact difference (4.5 half-widths, fixed seed).
      const half = paired / 2;
      expect(Math.abs(d.difference - (d.exact as number))).toBeLessThan((4.5 / 1.96) * half);
    }
  });

  // A perfect monotone coupling (one variant never wins a trial the other loses) has
  // paired variance |d|(1 - |d|) / n: no pairing can do better for a difference d. Both
  // kernels should reach it for house rules that only ever help the defender.
  for (const kernel of ['fast', 'faithful'] as const) {
    it(`couples the ${kernel} kernel's variants monotonically (fortress +2, 3 dice vs fortress +1)`, async () => {
      const house = sweepScenario({
        base: { attackers: 10, defenders: 6, fortress: true },
        axes: { attackers: [6, 10, 14], defenders: [3, 6] },
        variants: [
          { label: '+1' },
          { label: '+2', set: { fortressBonus: 2 } },
          { label: '3 dice', set: { defenderDice: 3 } },
        ],
      });
      const trials = 40_000;
      const r = await runSweep(
        house.system,
        house.sweep!,
        { seed: 'monotone', trials, kernel, method: 'sample' },
        new InProcessExecutor(findSystem),
      );
      for (const cell of r.cells) {
        for (const d of cell.differences) {
          const paired = (d.ci95![1] - d.ci95![0]) / 2;
          const bound = 1.959963984540054 * Math.sqrt((Math.abs(d.difference) * (1 - Math.abs(d.difference))) / trials);
          // Equality up to rounding means no trial went the "wrong" way; 1.25x leaves room
          // for the few rounds where different army counts roll different numbers of dice.
          expect(paired, `${d.label} at ${JSON.stringify(cell.at)}`).toBeLessThan(1.25 * bound + 1e-12);
        }
      }
    });
  }

  it('is deterministic and the variants really share their random numbers', async () => {
    const options = { seed: 'crn', trials: 30_000, kernel: 'fast' as const, method: 'sample' as const };
    const a = await runSweep(scenario.system, scenario.sweep!, options, new InProcessExecutor(findSystem));
    const b = await runSweep(scenario.system, scenario.sweep!, options, new InProcessExecutor(findSystem));
    expect(b.cells).toEqual(a.cells);
    // A variant identical to the baseline sees the very same battles: difference exactly 0.
    const twin = sweepScenario({
      base: { attackers: 12, defenders: 8 },
      axes: { defenders: [4, 8] },
      variants: [{ label: 'rules' }, { label: 'same rules', set: { ties: 'defender' } }],
    });
    const t = await runSweep(twin.system, twin.sweep!, options, new InProcessExecutor(findSystem));
    for (const cell of t.cells) {
      expect(cell.differences[0].difference).toBe(0);
      expect(cell.differences[0].ci95).toEqual([0, 0]);
      expect(cell.differences[0].unpairedCi95![1]).toBeGreaterThan(0);
    }
  });
});

describe('paired difference statistics', () => {
  it('matches the hand-computed example', () => {
    const d = pairedDifference({ both: 450, onlyA: 10, onlyB: 40, neither: 500 });
    expect(d.difference).toBeCloseTo(0.03, 12);
    // var = (0.05 - 0.0009) / 1000
    expect((d.ci95[1] - d.ci95[0]) / 2).toBeCloseTo(1.959963984540054 * Math.sqrt((0.05 - 0.0009) / 1000), 12);
    expect(d.unpairedCi95[1] - d.unpairedCi95[0]).toBeGreaterThan(d.ci95[1] - d.ci95[0]);
  });
});

describe('withPath', () => {
  it('sets a path of any names as own keys: __proto__ is a key the schema will refuse, never the prototype', () => {
    const entry = withPath({ attackers: 3 }, '__proto__.attackers', 4);
    expect(Object.getPrototypeOf(entry)).toBe(Object.prototype);
    expect(Object.keys(entry)).toEqual(['attackers', '__proto__']);
    expect(entry.attackers).toBe(3);
    expect(withPath({ nations: [{ tokens: 1 }, { tokens: 2 }] }, 'nations.1.tokens', 5)).toEqual({
      nations: [{ tokens: 1 }, { tokens: 5 }],
    });
  });
});
