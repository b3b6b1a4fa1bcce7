/**
 * Two rule sets compared (battle-odds compare): on two bundled rule sets the per-cell differences are
 * the two runs' own numbers (exact: B's exact minus A's; sampled on common random numbers: the two runs'
 * own estimates, the interval paired), the corrected significance is stated, and every number of the
 * words is a quote of a named value of the comparison. Results folders compare the same way (unpaired).
 */
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { runScenario, writeResults } from '../../../src/index.js';
import { loadScenario } from '../../../src/files/scenarioFile.js';
import { compareScenarios, compareReports, type CompareReport } from '../../../src/core/run/compare.js';
import { compareSummary, compareWords } from '../../../src/core/run/compareWords.js';
import { InProcessExecutor } from '../../../src/core/engine/sample/executor.js';
import { findSystem } from '../../../src/core/registry/systems.js';
import { writeValue, type QuoteFormat, type QuotedValue } from '../../../src/core/words/sentence.js';
import { InputError } from '../../../src/core/model/inputError.js';
import { tempDir } from '../../helpers/cli.js';
import type { ScenarioReport } from '../../../src/core/model/report.js';

const A = 'scenarios/landgrab-fortress-house-rules.json';
const B = 'scenarios/landgrab-bastion.json';

async function compared(overrides = {}, correction: 'holm' | 'benjamini-hochberg' = 'holm'): Promise<CompareReport> {
  const r = await compareScenarios(loadScenario(A), loadScenario(B), overrides, new InProcessExecutor(findSystem), {
    correction,
    version: 'test',
  });
  const summary = compareSummary(r);
  return { ...r, summary, words: compareWords(summary) };
}

/** Every quote of the words names a value of the summary, written as its format writes it. */
function claims(r: CompareReport): string[] {
  const problems: string[] = [];
  for (const line of r.words)
    for (const q of line.quotes) {
      const value = q.ref
        .split('.')
        .slice(1)
        .reduce<unknown>((at, part) => (at as Record<string, unknown>)?.[part], r.summary);
      const written = writeValue(value as QuotedValue, q.format as QuoteFormat);
      if (written !== q.text) problems.push(`${q.ref} is ${written}, the line says ${q.text}`);
      if (!line.text.includes(q.text)) problems.push(`${q.text} is not in '${line.text}'`);
    }
  return problems;
}

const headlines = (r: ScenarioReport) => r.sweep!.cells.map((c) => c.variants[0].metrics[0]);

describe('compare two bundled rule sets', () => {
  it('exact: each difference is B exact minus A exact, every cell; the words quote the summary', async () => {
    const r = await compared();
    const [a, b] = [await runScenario(A), await runScenario(B)];
    const [ha, hb] = [headlines(a), headlines(b)];
    expect(r.cells).toHaveLength(66);
    r.cells.forEach((c, i) => {
      expect(c.exact).toBe(true);
      expect(c.a.value).toBe(ha[i].exact);
      expect(c.b.value).toBe(hb[i].exact);
      expect(c.difference).toBe((hb[i].exact as number) - (ha[i].exact as number));
    });
    expect(r.summary.direction).toBe('lowers');
    expect(r.words[0].text).toMatch(/^Against A \(landgrab-fortress-house-rules\), B \(landgrab-bastion\) lowers /);
    expect(r.words[1].text).toMatch(/^Every cell is exact: \d+ of 66 differ, \d+ are equal\.$/);
    expect(claims(r)).toEqual([]);
  });

  it('sampled: paired on common random numbers, Holm-corrected and said so', async () => {
    const overrides = { method: 'sample' as const, trials: 4000 };
    const r = await compared(overrides);
    // A runs its variants on common random numbers as the comparison does: the same estimates. B alone
    // (one variant) draws straight from its streams, the comparison trial by trial: within its interval.
    const [a, b] = [await runScenario(A, overrides), await runScenario(B, overrides)];
    const [ha, hb] = [headlines(a), headlines(b)];
    r.cells.forEach((c, i) => {
      expect(c.exact).toBe(false);
      expect(c.paired).toBe(true);
      expect(c.a.value).toBe(ha[i].estimate);
      expect(Math.abs(c.b.value - hb[i].estimate)).toBeLessThan(5 * Math.max(0.005, hb[i].ci95![1] - hb[i].ci95![0]));
      expect(c.difference).toBe(c.b.value - c.a.value);
      expect(c.ci95![0]).toBeLessThanOrEqual(c.difference);
      expect(c.adjusted).toBeGreaterThanOrEqual(c.p!);
      expect(c.differs).toBe(c.adjusted! <= 0.05);
    });
    expect(r.correction).toMatchObject({ method: 'holm', level: 0.05, tested: 66 });
    expect(r.words[1].text).toMatch(/cells differ at the 5% level \(Holm's correction over the 66 sampled cells\); /);
    expect(claims(r)).toEqual([]);
    // Benjamini-Hochberg rejects at least what Holm does.
    const bh = await compared(overrides, 'benjamini-hochberg');
    expect(bh.correction.differing).toBeGreaterThanOrEqual(r.correction.differing);
    expect(bh.words[1].text).toContain('the Benjamini-Hochberg correction');
  });

  it('two results folders: the same differences, read from their reports (unpaired where sampled)', async () => {
    const dir = tempDir('battle-odds-compare-');
    const [a, b] = [await runScenario(A), await runScenario(B)];
    await writeResults(path.join(dir, 'a'), a, { charts: false });
    await writeResults(path.join(dir, 'b'), b, { charts: false });
    const { readFileSync } = await import('node:fs');
    const read = (f: string) => JSON.parse(readFileSync(path.join(dir, f, 'report.json'), 'utf8')) as ScenarioReport;
    const r = compareReports(
      { folder: 'a', report: read('a') },
      { folder: 'b', report: read('b') },
      {
        correction: 'holm',
        version: 'test',
      },
    );
    const fresh = await compared();
    expect(r.cells.map((c) => c.difference)).toEqual(fresh.cells.map((c) => c.difference));
    expect(r.from).toBe('folders');
  });

  it('refuses grids that do not match, naming B and the field', async () => {
    const other = compareScenarios(
      loadScenario(A),
      loadScenario('scenarios/landgrab-sweep.json'),
      {},
      new InProcessExecutor(findSystem),
      { correction: 'holm', version: 'test' },
    );
    await expect(other).rejects.toBeInstanceOf(InputError);
    await expect(other).rejects.toThrow(/landgrab-sweep\.json: sweep\.axes: its axes .* are not A's/);
  });
});
