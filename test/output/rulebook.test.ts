/**
 * The rulebook table (run --rulebook [decimals]): a sweep's grid per variant, percentages rounded as
 * chosen, never 0% or 100% unless certain; as Markdown, CSV and a print-friendly page.
 */
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runScenario } from '../../src/index.js';
import { rulebookPercent, rulebookTables } from '../../src/output/rulebook.js';
import { cli, tempDir } from '../helpers/cli.js';

describe('the rulebook table', () => {
  it('rounds as chosen, and never writes an uncertain chance as 0% or 100%', () => {
    expect(rulebookPercent(0.5306, 0, false)).toBe('53%');
    expect(rulebookPercent(0.5306, 1, false)).toBe('53.1%');
    expect(rulebookPercent(0.9996, 0, false)).toBe('>99%');
    expect(rulebookPercent(0.9996, 2, false)).toBe('99.96%');
    expect(rulebookPercent(1, 0, false)).toBe('100%');
    expect(rulebookPercent(0, 1, false)).toBe('0.0%');
    expect(rulebookPercent(0.00001, 1, false)).toBe('<0.1%');
    // A sampled frequency of 1 is not a certainty.
    expect(rulebookPercent(1, 0, true)).toBe('>99%');
  });

  it('has a table per variant, the first axis across and the second down, the headline of each cell', async () => {
    const report = await runScenario('scenarios/landgrab-fortress-house-rules.json');
    const tables = rulebookTables(report.sweep!, 0)!;
    expect(tables.map((t) => t.title)).toEqual(['fortress +1', 'fortress +2', 'fortress, 3 defender dice']);
    expect(tables[0].columns).toEqual(['4', '6', '8', '10', '12', '14', '16', '18', '20', '22', '24']);
    expect(tables[0].rows.map((r) => r[0])).toEqual(['2', '4', '6', '8', '10', '12']);
    const cell = report.sweep!.cells.find((c) => c.at[0] === 12 && c.at[1] === 8)!;
    expect(tables[0].rows[3][5]).toBe(`${Math.round(cell.variants[0].metrics[0].exact! * 100)}%`);
  });

  it('run --rulebook 1 writes rulebook.md, .csv and .html beside the sweep', async () => {
    const out = tempDir('battle-odds-rulebook-');
    const r = await cli([
      'run',
      'scenarios/landgrab-fortress-house-rules.json',
      '--rulebook',
      '1',
      '--no-charts',
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const dir = path.join(out, 'landgrab-fortress-house-rules');
    for (const f of ['rulebook.md', 'rulebook.csv', 'rulebook.html'])
      expect(existsSync(path.join(dir, f)), f).toBe(true);
    expect(readFileSync(path.join(dir, 'rulebook.md'), 'utf8')).toContain(
      '| 8 | 1.1% | 7.4% | 19.9% | 36.2% | 53.1% |',
    );
  });
});
