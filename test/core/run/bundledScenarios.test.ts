import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { loadScenario } from '../../../src/files/scenarioFile.js';
import { ROOT } from '../../helpers/cli.js';

const dir = path.join(ROOT, 'scenarios');

describe('bundled scenarios', () => {
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  // Each loaded once for both tests (a sweep's cells are all validated on loading: seconds for the lot).
  const loaded = new Map<string, ReturnType<typeof loadScenario>>();
  const load = (file: string) => loaded.get(file) ?? loaded.set(file, loadScenario(path.join(dir, file))).get(file)!;

  it('cover every rule system, with a sweep for LandGrab and Kings & Things', () => {
    const scenarios = files.map(load);
    expect(new Set(scenarios.map((s) => s.system.id))).toEqual(
      new Set(['landgrab', 'kings-and-things', 'advanced-civilization', 'princes-and-queens']),
    );
    expect(scenarios.some((s) => s.system.id === 'landgrab' && s.sweep)).toBe(true);
    expect(scenarios.some((s) => s.system.id === 'kings-and-things' && s.sweep)).toBe(true);
  });

  it.each(files)('%s is valid and named after its file', (file) => {
    const scenario = load(file);
    expect(`${scenario.name}.json`).toBe(file);
  });
});
