/** The library's own helpers, in process (test/library/package.test.ts runs them as installed). */
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { bundledScenario, bundledScenarios, InputError, runScenario, SYSTEM_IDS, systems } from '../../src/index.js';
import { ROOT } from '../helpers/cli.js';

describe('bundledScenario', () => {
  it('names every scenario of the scenarios/ folder, each a file runScenario reads', async () => {
    const files = readdirSync(path.join(ROOT, 'scenarios')).filter((f) => f.endsWith('.json'));
    expect(bundledScenarios()).toEqual(files.map((f) => f.slice(0, -5)).sort());
    for (const name of bundledScenarios()) expect(existsSync(bundledScenario(name))).toBe(true);
    const report = await runScenario(bundledScenario('landgrab-capitol'), { method: 'exact' });
    expect(report.scenario).toBe('landgrab-capitol');
  });

  it('refuses a name it does not ship (a path included), naming some of the same game', () => {
    expect(() => bundledScenario('landgrab-chainn')).toThrow(InputError);
    expect(() => bundledScenario('landgrab-chainn')).toThrow(
      /lists the \d+, e\.g\. landgrab-bastion, landgrab-capitol, landgrab-chain/,
    );
    expect(() => bundledScenario('../package')).toThrow(/no bundled scenario '..\/package'/);
  });
});

describe('the system ids of the typed entries', () => {
  it('are the ids of the systems, in their order', () => {
    expect([...SYSTEM_IDS]).toEqual(systems.map((s) => s.id));
  });
});
