import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { advancedCivilization } from '../../../../src/core/systems/advanced-civilization/index.js';
import { findSystem } from '../../../../src/core/registry/systems.js';
import { loadScenario } from '../../../../src/files/scenarioFile.js';
import { runScenario } from '../../../../src/core/run/runScenario.js';
import { InProcessExecutor } from '../../../../src/core/engine/sample/executor.js';
import { ROOT } from '../../../helpers/cli.js';

describe('bundled Advanced Civilization scenarios', () => {
  const files = readdirSync(path.join(ROOT, 'scenarios')).filter((f) => f.startsWith('advanced-civilization-'));

  it('exist, and the system is registered', () => {
    expect(files.sort()).toEqual([
      'advanced-civilization-city-engineering.json',
      'advanced-civilization-fort-engineering.json',
      'advanced-civilization-unknown-defender.json',
    ]);
    expect(findSystem('advanced-civilization')).toBe(advancedCivilization);
  });

  it.each(files)(
    '%s: fixed conflicts are exact with a verdict; uncertain ones exact too, and sampled with the exact beside',
    async (file) => {
      const scenario = loadScenario(path.join(ROOT, 'scenarios', file));
      const executor = new InProcessExecutor(findSystem);
      const meta = { version: 'test', file };
      const report = await runScenario(scenario, { trials: 5_000 }, executor, meta);
      // Sampled, its conflicts only: the sweep's sampled cells are not read here (the exact sweep is, below).
      const conflicts = { ...scenario, sweep: undefined };
      const sampled = await runScenario(conflicts, { trials: 5_000, method: 'sample' }, executor, meta);
      for (const [i, battle] of report.battles.entries()) {
        const fixed = scenario.battles[i].deterministic === true;
        // Exact first: every conflict here is solvable, known counts or not.
        expect(battle.method).toBe('exact');
        expect(sampled.battles[i].method).toBe(fixed ? 'exact' : 'monte-carlo');
        expect(battle.verdict.length).toBeGreaterThan(0);
        expect(battle.metrics[0].key).toBe('controls_0');
        if (!fixed) expect(sampled.battles[i].metrics[0].exact).toBeDefined();
      }
      if (report.sweep) {
        expect(report.sweep.outcomes?.keys).toContain('alone_0');
        expect(new Set(report.sweep.thresholds.map((t) => t.metric))).toEqual(new Set(['controls_0', 'alone_0']));
      }
    },
  );
});
