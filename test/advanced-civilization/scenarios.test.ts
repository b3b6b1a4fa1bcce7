import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advancedCivilization } from '../../src/systems/advanced-civilization/index.js';
import { princesAndQueens } from '../../src/systems/princes-and-queens/index.js';
import { findSystem } from '../../src/app/systems.js';

const systems = { 'advanced-civilization': advancedCivilization, 'princes-and-queens': princesAndQueens } as const;

describe('bundled scenarios of the deterministic systems', () => {
  const files = readdirSync('scenarios').filter((f) => /^(advanced-civilization|princes-and-queens)-.*\.json$/.test(f));
  it('exist for both systems, and both systems are registered', () => {
    expect(files.some((f) => f.startsWith('advanced-civilization-'))).toBe(true);
    expect(files.some((f) => f.startsWith('princes-and-queens-'))).toBe(true);
    expect(findSystem('advanced-civilization')).toBe(advancedCivilization);
    expect(findSystem('princes-and-queens')).toBe(princesAndQueens);
  });
  for (const file of files) {
    it(`${file}: every battle validates, compiles and summarizes exactly`, () => {
      const scenario = JSON.parse(readFileSync(`scenarios/${file}`, 'utf8'));
      const system = systems[scenario.system as keyof typeof systems];
      for (const raw of scenario.battles) {
        const parsed = system.battleSchema.safeParse(raw);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        expect(system.check!(parsed.data as never)).toEqual([]);
        const battle = system.compile(parsed.data as never, raw.label);
        const report = system.summarize({
          battle: battle as never,
          tally: null,
          trials: 0,
          partial: false,
          exact: system.solve!(battle.plan as never),
        });
        expect(report.method).toBe('exact');
        expect(report.metrics.length).toBeGreaterThan(0);
      }
    });
  }
});
