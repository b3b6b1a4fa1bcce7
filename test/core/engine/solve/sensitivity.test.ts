/**
 * Sensitivity (--sensitivity): every numeric knob one step down and up, largest change first; each
 * value the battle asked at that value (brute force), the words true to the decision they quote.
 */
import { describe, expect, it } from 'vitest';
import { odds } from '../../../../src/index.js';
import { checkClaims } from '../../../claims/checkClaims.js';
import type { SensitivityDecision } from '../../../../src/core/model/report.js';

describe('sensitivity', () => {
  it('LandGrab: each knob one step each way, as the battle asked there; largest first; a tornado', async () => {
    const entry = { attackers: 12, defenders: 8, fortress: true };
    const report = await odds('landgrab', entry, { question: { sensitivity: true } });
    expect(checkClaims(report)).toEqual([]);
    const d = report.decisions!.sensitivity as SensitivityDecision;
    expect(d.base).toBe(report.metrics[0].exact);
    const swings = d.knobs.map((k) => k.swing);
    expect(swings).toEqual([...swings].sort((a, b) => b - a));
    for (const k of d.knobs.slice(0, 4))
      for (const step of [k.down, k.up]) {
        if (!step) continue;
        const alone = await odds('landgrab', { ...entry, [k.field]: step.value } as typeof entry);
        expect(step.probability, `${k.field}=${step.value}`).toBe(alone.metrics[0].exact);
      }
    expect(d.knobs[0].field).toBe('attackerDice');
    expect(report.verdict[0]).toMatch(/^Sensitivity of P\(attacker conquers\) \(53\.1% as given\), largest first: /);
    expect(report.charts.find((c) => c.name === 'sensitivity')?.kind).toBe('tornado');
    expect(report.tables.find((t) => t.name === 'sensitivity')?.rows).toHaveLength(d.knobs.length);
  });

  it("Kings & Things: knobs left out (a Troll's hits) and the fort in its own words", async () => {
    const entry = {
      attacker: { creatures: ['Giant:4', 'Elves:2R'] },
      defender: { creatures: [{ name: 'Troll', value: 4 }], fort: 'tower' },
    };
    const report = await odds('kings-and-things', entry as never, { question: { sensitivity: true } });
    expect(checkClaims(report)).toEqual([]);
    const d = report.decisions!.sensitivity as SensitivityDecision;
    const fort = d.knobs.find((k) => k.field === 'defender.fort')!;
    expect([fort.word, fort.down?.word, fort.up?.word]).toEqual(['tower', 'none', 'keep']);
    const hits = d.knobs.find((k) => k.field === 'defender.creatures.0.hits')!;
    expect([hits.value, hits.down, hits.up?.value]).toEqual([1, null, 2]);
  });
});
