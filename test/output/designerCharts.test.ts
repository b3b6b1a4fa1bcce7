/**
 * Charts a designer can compare (issue 30): a small grid on the page is drawn at the column's width
 * with readable text; solved grids share one ordered colour scale across variants, with distinct marks
 * for none, turns and an answer at the edge; a one-axis sweep's lines carry its threshold lines.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_ROOM, REPORT_ROOM, toVegaLite } from '../../src/output/charts/vegaLite.js';
import { sweepRequests } from '../../src/output/charts/fromReport.js';
import type { HeatmapChart, LinesChart, SweepReport } from '../../src/core/model/report.js';
import { runScenario } from '../../src/index.js';

const grid = (n: number): HeatmapChart => {
  const values = Array.from({ length: n }, (_, i) => 2 * (i + 1));
  return {
    kind: 'heatmap',
    name: 'g',
    title: 'g',
    x: { title: 'attackers', values },
    y: { title: 'defenders', values },
    colour: { scale: 'probability', title: 'P' },
    cells: values.flatMap((x) => values.map((y) => ({ x, y, value: 0.5, text: '50%' }))),
  };
};

/** The text marks' sizes and the chart's width of a spec. */
function measure(spec: Record<string, unknown>): { width: number; fonts: number[] } {
  const json = JSON.stringify(spec);
  const fonts = [...json.matchAll(/"type":"text","fontSize":(\d+)/g)].map((m) => Number(m[1]));
  const width = Number(/"width":(\d+)/.exec(json)?.[1]);
  return { width, fonts };
}

describe('charts a designer can compare', () => {
  it('draws a small grid on the page at the column’s width, its text larger; the report’s size as before', () => {
    const page = measure(toVegaLite(grid(6), PAGE_ROOM));
    expect(page.width).toBeGreaterThanOrEqual(800);
    expect(page.fonts.every((f) => f >= 16)).toBe(true);
    const narrow = measure(toVegaLite(grid(6), REPORT_ROOM));
    expect(narrow.fonts.every((f) => f === 11)).toBe(true);
    // A large grid keeps its cells: it already fills the column.
    expect(measure(toVegaLite(grid(28), PAGE_ROOM)).fonts.every((f) => f === 11)).toBe(true);
  });

  it('gives solved grids one ordered scale across variants, greys for none and turns, ≥ at the edge', async () => {
    const report = await runScenario({
      name: 'two-rules',
      system: 'landgrab',
      sweep: {
        base: { type: 'battle', attackers: 2, defenders: 1, fortress: true },
        axes: { attackers: [6, 12, 16], defenders: [2, 6, 12] },
        variants: [
          { label: 'plain', set: {} },
          { label: 'leader', set: { defendingLeader: true } },
        ],
        solveFor: { field: 'fortressBonus', target: 0.5 },
      },
    });
    const solved = sweepRequests('two-rules', report.sweep as SweepReport).filter((c) => c.name.startsWith('solved'));
    expect(solved).toHaveLength(2);
    const scales = solved.map((c) => (c as HeatmapChart).colour);
    // The same categories, in the same order and colours, in each variant's chart; numbers ascending.
    expect(scales[0]).toEqual(scales[1]);
    const categories = (scales[0] as { categories: Array<{ value: string; colour?: string }> }).categories;
    const numbers = categories.map((c) => c.value).filter((v) => /^\d+$/.test(v));
    expect(numbers).toEqual([...numbers].sort((a, b) => Number(a) - Number(b)));
    expect(categories.every((c) => c.colour !== undefined)).toBe(true);
    const texts = solved.flatMap((c) => (c as HeatmapChart).cells.map((x) => x.text));
    expect(texts.some((t) => t === 'none')).toBe(true);
    const cells = report.sweep!.solved!.cells;
    const edge = cells.find((c) => c.edge === 'to' && c.value !== null);
    if (edge) expect(texts).toContain(`≥${edge.value}`);
  });

  it('draws the sweep’s thresholds across a one-axis sweep’s lines', async () => {
    const report = await runScenario({
      name: 'one-axis',
      system: 'landgrab',
      sweep: {
        base: { type: 'battle', attackers: 2, defenders: 4 },
        axes: { attackers: { from: 2, to: 12 } },
        thresholds: [{ at: [0.8, 0.95] }],
      },
    });
    const [lines] = sweepRequests('one-axis', report.sweep as SweepReport) as LinesChart[];
    expect(lines.levels).toEqual([0.5, 0.8, 0.95]);
    expect(lines.subtitle).toContain('dashed: 50% (break-even); solid: 80%; dotted: 95%');
    const spec = JSON.stringify(toVegaLite(lines));
    expect(spec.match(/"type":"rule","color":"#888888","strokeDash"/g)?.length).toBe(3);
  });
});
