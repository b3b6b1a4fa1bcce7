/**
 * The contract suite (test/contract/contract.ts) on every system's cases but Kings & Things' (the slowest,
 * in kingsAndThings.test.ts: the two test workers share the suite), and its checks of the whole: every system
 * has contract cases, and every bundled scenario runs and reports in the published shape, headline first.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SYSTEMS } from '../../src/core/registry/systems.js';
import { loadScenario } from '../../src/files/scenarioFile.js';
import { runScenario } from '../../src/core/run/runScenario.js';
import { scenarioReportSchema } from '../../src/core/registry/report.js';
import { ROOT } from '../helpers/cli.js';
import { contractSuite, inProcess } from './contract.js';
import type { ContractCase } from './contractCase.js';

const modules = import.meta.glob('./cases/*.ts', { eager: true }) as Record<string, { cases: ContractCase[] }>;
const CASES = Object.values(modules).flatMap((m) => m.cases);

contractSuite(CASES.filter((c) => c.system !== 'kings-and-things'));

describe('the composition root', () => {
  it('every system has contract cases', () => {
    for (const system of SYSTEMS)
      expect(
        CASES.some((c) => c.system === system.id),
        system.id,
      ).toBe(true);
  });
});

describe('bundled scenarios', () => {
  const dir = path.join(ROOT, 'scenarios');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  it.each(files)('%s runs and reports in the published shape, headline first', async (file) => {
    const scenario = loadScenario(path.join(dir, file));
    const report = await runScenario(scenario, { trials: 2_000 }, inProcess, { version: 'test', file });
    expect(() => scenarioReportSchema.parse(JSON.parse(JSON.stringify(report)))).not.toThrow();
    for (const battle of report.battles) expect(battle.metrics[0].key).toBe(battle.headline);
    for (const cell of report.sweep?.cells ?? []) {
      for (const v of cell.variants) expect(v.metrics[0].key).toBe(report.sweep!.headline.key);
    }
    expect(report.partial).toBe(false);
  });
});
